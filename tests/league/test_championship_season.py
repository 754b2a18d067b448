"""A whole season fed from a CSV file as a league keeps its results (20
drivers, 10 teams, 12 rounds, retirements, a disqualification, a
mid-season team change, a double-points finale) gives the table worked out
by hand: see the comments for the sums and tie-breaks checked line by line."""

from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest

from league import selectors
from league.models import ScoringSystem, Team
from league.organise.entries import entry_create, entry_team_change
from races.models import Result, Round, Session
from races.results.importing import season_results_import
from races.rounds.schedule import rounds_schedule, schedule_dates
from tests.conftest import make_driver, make_season

pytestmark = pytest.mark.django_db

CSV = Path(__file__).parent / "data" / "season_2025.csv"
DRIVERS = [
    "Aiko Tanaka", "Bruno Costa", "Chloé Martin", "Dario Rossi", "Elif Yılmaz",
    "Finn Larsen", "Greta Vogel", "Hugo Silva", "Ines Duarte", "Jonas Berg",
    "Kofi Mensah", "Lena Novak", "Marta Kowalska", "Nils Eriksen", "Olga Petrova",
    "Pablo Ruiz", "Quinn Byrne", "Rosa Blanco", "Sami Haddad", "Tomás Herrera",
]  # fmt: skip
TEAMS = [
    "Scuderia Rossa", "Blue Arrow", "Green Hell", "Silver Star", "Orange Peel",
    "Black Swan", "White Knight", "Yellow Jacket", "Purple Reign", "Copper Head",
]  # fmt: skip


def team_of(car: int) -> str:
    return TEAMS[(car - 1) // 2]


@pytest.fixture
def season(league, owner):
    f1_nc = ScoringSystem.objects.create(
        name="F1 points, classified cars only",
        slug="f1-classified",
        race_points=[25, 18, 15, 12, 10, 8, 6, 4, 2, 1],
        eliminated_score=False,
        owner=owner,
    )
    season = make_season(league, slug="s2025", team_mode=True, team_size=2, grid_size=20)
    season.scoring = f1_nc
    season.save()
    teams = [Team.objects.create(season=season, name=name) for name in TEAMS]
    for car, name in enumerate(DRIVERS, start=1):
        entry_create(
            season=season, driver=make_driver(name), car_number=car, team=teams[(car - 1) // 2]
        )
    dates = schedule_dates(first_at=datetime(2025, 3, 2, 18, tzinfo=UTC), count=12, every_days=7)
    rounds_schedule(season=season, dates=dates, tracks=["paddock_ring", "lakeside_gp"], laps=1)
    Round.objects.filter(season=season, number=12).update(points_multiplier=2)  # the finale
    # From round 7 Chloé Martin (#3) and Elif Yılmaz (#5) swap seats: Blue
    # Arrow <-> Green Hell. Done in three steps so no team has three cars.
    chloe, elif_ = (season.entries.get(car_number=n) for n in (3, 5))
    entry_team_change(entry=chloe, team=None, from_round=7)
    entry_team_change(entry=elif_, team=teams[1], from_round=7)
    entry_team_change(entry=chloe, team=teams[2], from_round=7)
    season_results_import(season=season, text=CSV.read_text(), user=owner)
    return season


# rank, car, points. Sums checked by hand for the two cars on 57:
#   #8 Hugo Silva: R3 P9 2, R6 P3 in the file, P2 once #1 is disqualified
#   18, R8 P6 8, R9 P8 4, R10 P1 25 = 57;
#   #5 Elif Yılmaz: R3 P2 18, R5 P1 25, R8 P7 6, R9 P9 2, R10 P9 2,
#   R11 P8 4 = 57 (R6 P12 in the file is P11 after the disqualification: 0).
# Both have one win, one second, no third to fifth: Hugo's sixth place puts
# him ahead (countback down the field). The finale counts double: #18 Rosa
# Blanco's win there is 50 of her 108.
DRIVER_TABLE = [
    (1, 4, 125), (2, 18, 108), (3, 17, 96), (4, 7, 91), (5, 14, 90),
    (6, 10, 76), (7, 12, 73), (8, 9, 71), (9, 2, 68), (10, 1, 63),
    (11, 15, 61), (12, 8, 57), (13, 5, 57), (14, 3, 54), (15, 6, 46),
    (16, 11, 43), (17, 19, 37), (18, 13, 36), (19, 16, 34), (20, 20, 27),
]  # fmt: skip
# Blue Arrow scores #3's points in rounds 1-6 and #5's from round 7; Green
# Hell the other way round.
TEAM_TABLE = [
    (1, "Purple Reign", 204), (2, "Blue Arrow", 161), (3, "Silver Star", 148),
    (4, "Orange Peel", 147), (5, "Scuderia Rossa", 131), (6, "White Knight", 126),
    (7, "Green Hell", 121), (8, "Black Swan", 116), (9, "Yellow Jacket", 95),
    (10, "Copper Head", 64),
]  # fmt: skip


def test_the_season_from_csv_gives_the_hand_computed_tables(season):
    table = [(s.rank, s.entry.car_number, s.points) for s in selectors.driver_standings(season)]
    assert table == [(r, c, Decimal(p)) for r, c, p in DRIVER_TABLE]
    teams = [(t.rank, t.team.name, t.points) for t in selectors.team_standings(season)]
    assert teams == [(r, n, Decimal(p)) for r, n, p in TEAM_TABLE]

    # The disqualified car scores nothing and the field behind moves up.
    race = Session.objects.get(round__season=season, round__number=6, kind="race")
    assert race.entered_by_hand
    dsq = Result.objects.get(session=race, entry__car_number=1)
    assert dsq.status == "disqualified" and dsq.points == 0 and dsq.position == 20
    hugo = Result.objects.get(session=race, entry__car_number=8)
    assert hugo.position == 2 and hugo.points == 18

    # A retired car scores nothing and its place is not in the countback.
    race = Session.objects.get(round__season=season, round__number=2, kind="race")
    retired = Result.objects.get(session=race, entry__car_number=8)
    assert retired.status == "eliminated" and retired.position == 20 and retired.points == 0
    hugo = next(s for s in selectors.driver_standings(season) if s.entry.car_number == 8)
    assert hugo.positions["20"] == 1  # round 1's P20, finished; round 2's P20 not counted

    # The finale counts double.
    race = Session.objects.get(round__season=season, round__number=12, kind="race")
    assert Result.objects.get(session=race, position=1).points == 50
    assert Result.objects.get(session=race, position=10).points == 2


def test_importing_the_season_again_changes_nothing(season, owner):
    before = [(s.entry_id, s.rank, s.points) for s in selectors.driver_standings(season)]
    season_results_import(season=season, text=CSV.read_text(), user=owner)
    after = [(s.entry_id, s.rank, s.points) for s in selectors.driver_standings(season)]
    assert before == after
    assert Result.objects.filter(session__round__season=season).count() == 240
