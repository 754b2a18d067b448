"""Divisions and race weekends (issue 26, items 2 and 3): the split, each
division's table, a sprint's own points, the reversed grid and promotion
and relegation into the copied season, each equal to a hand computation."""

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from league import selectors
from league.models import Division, Entry, LeagueChange, ScoringSystem, Season
from league.organise.entries import entry_create, entry_withdraw
from league.organise.promotion import PromotionError, promotion_moves
from races.models import Result, Round, Session
from races.results.stewarding import penalty_add
from races.results.store import SeatResult, session_results_store
from races.rounds.edits import round_create
from races.rounds.schedule import season_copy
from races.running import grid
from ratings.models import Rating
from seasons.divisions import divisions_split
from seasons.title_odds import title_odds_refresh
from tests.conftest import make_driver, make_season

pytestmark = pytest.mark.django_db
NAMES = ["Ana", "Ben", "Cid", "Dan", "Eva", "Fay"]


@pytest.fixture
def field(league):
    season = make_season(league, grid_size=4, fill_with_bots=False, promotion=1)
    entries = [
        entry_create(season=season, driver=make_driver(name), car_number=n)
        for n, name in enumerate(NAMES, start=1)
    ]
    return season, entries


def store(session, finishing):
    session.status = Session.Status.FINISHED
    session.save()
    lines = [
        SeatResult(entry_id=e.id, seat=f"car{e.car_number}", position=i, status="finished")
        for i, e in enumerate(finishing, start=1)
    ]
    return session_results_store(session=session, lines=lines)


def table(season):
    return [
        (s.entry.division.number, s.entry.driver.name, s.rank, s.points)
        for s in selectors.driver_standings(season)
    ]


def test_a_split_by_hand_gives_each_division_its_sessions_and_its_own_table(field, owner):
    season, (ana, ben, cid, dan, eva, fay) = field
    r1 = round_create(season=season, number=1, name="One", track="paddock_ring")
    made = divisions_split(
        season=season, count=2, by="hand", actor=owner, lines=["1 2 3", "#4, 5, 6"],
        names=["Gold", "Silver"],
    )  # fmt: skip
    assert [d.name for d in made] == ["Gold", "Silver"]
    gold, silver = made
    assert set(Entry.objects.filter(division=gold).values_list("car_number", flat=True)) == {
        1,
        2,
        3,
    }
    # One race a division in every round, the undivided one gone.
    races = {s.division_id: s for s in r1.sessions.all()}
    assert set(races) == {gold.pk, silver.pk}
    r2 = round_create(season=season, number=2, name="Two", track="paddock_ring")
    assert r2.sessions.filter(division__isnull=False).count() == 2
    store(races[gold.pk], [cid, ana, ben])
    store(races[silver.pk], [dan, fay, eva])
    r2_races = {s.division_id: s for s in r2.sessions.all()}
    store(r2_races[gold.pk], [ana, ben, cid])
    store(r2_races[silver.pk], [fay, dan, eva])
    # By hand (formula-1-2010: 25, 18, 15): each division ranked on its own.
    # Gold: Ana 18+25=43, Cid 25+15=40, Ben 15+18=33.
    # Silver: Dan 25+18=43, Fay 18+25=43 (ties: the latest round, Fay won it), Eva 15+15=30.
    assert table(season) == [
        (1, "Ana", 1, 43),
        (2, "Fay", 1, 43),
        (1, "Cid", 2, 40),
        (2, "Dan", 2, 43),
        (1, "Ben", 3, 33),
        (2, "Eva", 3, 30),
    ]
    assert LeagueChange.objects.filter(season=season, topic="entry").exists()
    # One field's title odds would mix the divisions: none are told.
    assert title_odds_refresh(season_id=season.pk) is None


def test_a_split_is_refused_in_words_once_the_divisions_have_raced(field, owner):
    season, entries = field
    rnd = round_create(season=season, number=1, name="One", track="paddock_ring")
    divisions_split(season=season, count=2, by="hand", actor=owner, lines=["1 2 3", "4 5 6"])
    store(rnd.sessions.filter(division__number=1).get(), entries[:3])
    with pytest.raises(ValidationError, match="have raced"):
        divisions_split(season=season, count=2, by="rating", actor=owner)
    assert Division.objects.filter(season=season).count() == 2


@pytest.mark.parametrize(
    ("lines", "words"),
    [
        (["1 2 3", "4 5"], "missing: #6"),
        (["1 2 3", "4 5 6 9"], "No car 9"),
        (["1 2 3", "3 4 5 6"], "in two divisions"),
        (["1 2 3 4 5", "6"], "the grid takes 4"),
        (["1", "2 3 4", "5 6"], "needs at least"),
    ],
)
def test_a_split_the_game_cannot_run_is_refused_and_changes_nothing(field, owner, lines, words):
    season, entries = field
    with pytest.raises(ValidationError, match=words):
        divisions_split(season=season, count=2, by="hand", actor=owner, lines=lines)
    assert not Division.objects.filter(season=season).exists()
    assert not Entry.objects.filter(season=season, division__isnull=False).exists()


def test_a_split_by_a_rounds_result_puts_its_best_in_the_top_division(field, owner):
    season, (ana, ben, cid, dan, eva, fay) = field
    rnd = round_create(season=season, number=1, name="Qualifying round", track="paddock_ring")
    later = round_create(season=season, number=2, name="Two", track="paddock_ring")
    store(rnd.sessions.get(), [fay, eva, dan, cid, ben, ana])
    top, second = divisions_split(season=season, count=2, by="round", round_number=1, actor=owner)
    assert {e.driver.name for e in top.entries.all()} == {"Fay", "Eva", "Dan"}
    assert {e.driver.name for e in second.entries.all()} == {"Cid", "Ben", "Ana"}
    # The round that ran undivided keeps its one session and its results.
    assert rnd.sessions.get().division_id is None and Result.objects.count() == 6
    assert later.sessions.filter(division__isnull=False).count() == 2
    with pytest.raises(ValidationError, match="no result yet"):
        divisions_split(season=season, count=2, by="round", round_number=2, actor=owner)


def test_promotion_and_relegation_move_the_top_and_bottom_n_between_adjacent_divisions():
    tables = [["a1", "a2", "a3", "a4"], ["b1", "b2", "b3", "b4"], ["c1", "c2", "c3", "c4"]]
    moved = promotion_moves(tables, 1)
    assert moved == {
        "a1": 0, "a2": 0, "a3": 0, "a4": 1,
        "b1": 0, "b2": 1, "b3": 1, "b4": 2,
        "c1": 1, "c2": 2, "c3": 2, "c4": 2,
    }  # fmt: skip
    assert promotion_moves(tables, 0) == {car: i for i, t in enumerate(tables) for car in t}
    with pytest.raises(PromotionError):
        promotion_moves(tables, 3)  # the middle division cannot give six


def test_the_copy_promotes_and_relegates_by_the_division_tables(field, owner):
    season, (ana, ben, cid, dan, eva, fay) = field
    rnd = round_create(season=season, number=1, name="One", track="paddock_ring")
    divisions_split(season=season, count=2, by="hand", actor=owner, lines=["1 2 3", "4 5 6"])
    races = {s.division.number: s for s in rnd.sessions.select_related("division")}
    store(races[1], [ana, ben, cid])  # Cid last of the top division: down
    store(races[2], [eva, dan, fay])  # Eva first of the second: up
    copy = season_copy(season=season, name="Next", with_entries=True, actor=owner)
    assert copy.promotion == 1 and [d.name for d in copy.divisions.all()] == [
        "Division 1",
        "Division 2",
    ]
    where = {e.driver.name: e.division.number for e in copy.entries.select_related("division")}
    assert where == {"Ana": 1, "Ben": 1, "Eva": 1, "Cid": 2, "Dan": 2, "Fay": 2}
    assert copy.rounds.get().sessions.filter(division__isnull=False).count() == 2
    assert LeagueChange.objects.filter(season=copy, topic="settings").exists()


@pytest.fixture
def sprint_table():
    return ScoringSystem.objects.create(
        name="Sprint 8 to 1", slug="sprint-8", race_points=[8, 7, 6, 5, 4, 3, 2, 1]
    )


def test_a_weekend_scores_the_sprint_by_its_own_table_and_counts_both_races(
    league, sprint_table, owner
):
    season = make_season(league, grid_size=4, fill_with_bots=False)
    ana, ben, cid = (
        entry_create(season=season, driver=make_driver(n), car_number=i)
        for i, n in enumerate(["Ana", "Ben", "Cid"], start=1)
    )
    rnd = round_create(
        season=season, number=1, name="Weekend", track="paddock_ring",
        sprint_scoring=sprint_table, reverse_top=2,
    )  # fmt: skip
    sprint, main = list(rnd.sessions.order_by("-leg"))
    assert (sprint.leg, main.leg) == ("sprint", "main") and sprint.title == "Sprint"
    store(sprint, [ana, ben, cid])
    store(main, [cid, ben, ana])
    # Sprint 8, 7, 6; main race 25, 18, 15: Ana 8+15, Ben 7+18, Cid 6+25.
    assert [
        (s.entry.driver.name, s.rank, s.points) for s in selectors.driver_standings(season)
    ] == [
        ("Cid", 1, Decimal(31)),
        ("Ben", 2, Decimal(25)),
        ("Ana", 3, Decimal(23)),
    ]
    points = dict(Result.objects.filter(session=sprint).values_list("entry_id", "points"))
    assert points == {ana.pk: 8, ben.pk: 7, cid.pk: 6}
    # Countback reads the main race: Cid's win counts, the sprint's does not.
    assert selectors.driver_standings(season)[0].positions == {"1": 1}

    # A penalty in the sprint moves places there alone: Ana loses two places
    # in the sprint (8 → 6), Ben and Cid move up (7 → 8, 6 → 7).
    penalty_add(
        round=rnd, steward=owner, entry=ana, kind="places", places=2,
        session_kind="sprint", reason="Blocking",
    )  # fmt: skip
    assert [(s.entry.driver.name, s.points) for s in selectors.driver_standings(season)] == [
        ("Cid", Decimal(32)),
        ("Ben", Decimal(26)),
        ("Ana", Decimal(21)),
    ]


def test_the_main_race_grid_reverses_the_sprints_top_n():
    cars = [grid.Car(k, k) for k in (1, 2, 3, 4, 5)]
    sprint = {3: 1, 1: 2, 5: 3, 2: 4}  # car 4 did not race the sprint
    order = [c.key for c in grid.reversed_top(cars, sprint, 3)]
    assert order == [5, 1, 3, 2, 4]
    assert [c.key for c in grid.reversed_top(cars, sprint, 0)] == [3, 1, 5, 2, 4]


def test_a_reversed_top_larger_than_the_grid_is_a_field_error(league, sprint_table):
    season = make_season(league, grid_size=4)
    with pytest.raises(ValidationError) as error:
        round_create(
            season=season, number=1, name="W", track="paddock_ring",
            sprint_scoring=sprint_table, reverse_top=6,
        )  # fmt: skip
    assert "reverse_top" in error.value.error_dict
    assert not Round.objects.filter(season=season).exists()
    assert Season.objects.get(pk=season.pk).status == "draft"


def test_a_split_by_rating_puts_the_highest_rated_on_top_and_the_unrated_last(field, owner):
    season, entries = field
    round_create(season=season, number=1, name="One", track="paddock_ring")
    ordinals = {"Dan": 30.0, "Ben": 25.0, "Fay": 20.0, "Ana": 10.0}  # Cid and Eva unrated
    for entry in entries:
        if entry.driver.name in ordinals:
            Rating.objects.create(
                game=season.game, driver=entry.driver, mu=ordinals[entry.driver.name],
                sigma=1.0, ordinal=ordinals[entry.driver.name],
            )  # fmt: skip
    top, second = divisions_split(season=season, count=2, by="rating", actor=owner)
    assert {e.driver.name for e in top.entries.all()} == {"Dan", "Ben", "Fay"}
    assert {e.driver.name for e in second.entries.all()} == {"Ana", "Cid", "Eva"}
    # Back to one grid: the divisions go, every round races undivided again.
    assert divisions_split(season=season, count=1, by="rating", actor=owner) == []
    assert not Division.objects.filter(season=season).exists()
    assert Round.objects.get(season=season).sessions.get().division_id is None


def test_a_reserve_taking_a_withdrawn_drivers_seat_takes_its_division(field, owner):
    season, entries = field
    round_create(season=season, number=1, name="One", track="paddock_ring")
    divisions_split(season=season, count=2, by="hand", actor=owner, lines=["1 2 3", "4 5 6"])
    reserve = entry_create(season=season, driver=make_driver("Gus"), car_number=7, reserve=True)
    Season.objects.filter(pk=season.pk).update(status="running")
    assert entry_withdraw(entry=entries[4], actor=owner) == reserve
    reserve.refresh_from_db()
    assert reserve.division.number == 2 and not reserve.reserve
