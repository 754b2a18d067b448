"""The championship entry point over plain rows: statuses, half points,
multipliers, bonus points, stewarding and teams per round. No database."""

from decimal import Decimal

from league.scoring.championship import PenaltyRow, ResultRow, championship, rows_score
from league.scoring.tables import (
    DID_NOT_START,
    DISQUALIFIED,
    ELIMINATED,
    FINISHED,
    NOT_CLASSIFIED,
    PointsTable,
)

F1 = PointsTable(race_points=(25, 18, 15, 12, 10, 8, 6, 4, 2, 1))


def race(number, *cars, statuses=None, multiplier=1, figures=None, teams=None):
    statuses, figures, teams = statuses or {}, figures or {}, teams or {}
    return [
        ResultRow(
            round=number,
            entry=car,
            position=i,
            status=statuses.get(car, FINISHED),
            multiplier=Decimal(multiplier),
            figures=figures.get(car, {}),
            team=teams.get(car),
        )
        for i, car in enumerate(cars, start=1)
    ]


def points(tables):
    return {line.key: line.points for line in tables.drivers}


def test_a_table_can_pay_half_points():
    table = PointsTable(race_points=(Decimal("12.5"), Decimal("9"), Decimal("7.5")))
    tables = championship(table, race(1, "ana", "ben", "cid"))
    assert points(tables) == {"ana": Decimal("12.5"), "ben": 9, "cid": Decimal("7.5")}


def test_a_double_points_finale_and_a_half_points_round():
    rows = race(1, "ana", "ben", multiplier="0.5") + race(2, "ben", "ana", multiplier=2)
    tables = championship(F1, rows)
    assert points(tables) == {"ben": Decimal(9 + 50), "ana": Decimal("12.5") + 36}
    assert tables.drivers[0].rounds == {1: Decimal(9), 2: Decimal(50)}


def test_cars_not_classified_score_only_when_the_table_says_so():
    rows = race(1, "ana", "ben", "cid", "dan", statuses={"cid": NOT_CLASSIFIED, "dan": ELIMINATED})
    assert points(championship(F1, rows))["cid"] == 15
    strict = PointsTable(race_points=F1.race_points, eliminated_score=False)
    assert points(championship(strict, rows)) == {"ana": 25, "ben": 18, "cid": 0, "dan": 0}


def test_disqualified_and_non_starters_never_score():
    rows = race(1, "ana", "ben", "cid", statuses={"ana": DISQUALIFIED, "cid": DID_NOT_START})
    scored = {s.row.entry: (s.position, s.points) for s in rows_score(F1, rows)}
    assert scored == {"ben": (1, 25), "ana": (2, 0), "cid": (3, 0)}


def test_countback_counts_classified_places_only():
    # Both 25 + 0: ana won round 1 and retired in round 2, ben the other way
    # round. Their retirements (P2 in the classification) count no second
    # place: one win each, and the latest round decides.
    rows = race(1, "ana", "ben", statuses={"ben": ELIMINATED}) + race(
        2, "ben", "ana", statuses={"ana": ELIMINATED}
    )
    strict = PointsTable(race_points=F1.race_points, eliminated_score=False)
    lines = {ln.key: ln for ln in championship(strict, rows).drivers}
    assert dict(lines["ana"].positions) == {1: 1} and dict(lines["ben"].positions) == {1: 1}
    # the tie falls to the latest round: ben won it
    assert lines["ben"].rank == 1 and lines["ana"].rank == 2


def test_bonus_points_for_pole_fastest_lap_and_laps_led():
    table = PointsTable(
        race_points=(10, 6, 4),
        bonus={"pole": 1, "fastest_lap": 1, "most_laps_led": 2, "lap_led": Decimal("0.5")},
    )
    rows = race(
        1,
        "ana",
        "ben",
        "cid",
        figures={
            "ana": {"laps_led": 3},
            "ben": {"laps_led": 1, "best_lap": 61.2},
            "cid": {"pole": True, "best_lap": 62.0},
        },
    )
    assert points(championship(table, rows)) == {
        "ana": Decimal(10 + 2) + Decimal("0.5"),
        "ben": Decimal(6 + 1) + Decimal("0.5"),
        "cid": Decimal(4 + 1),
    }


def test_pole_comes_from_qualifying_when_the_round_has_one():
    table = PointsTable(race_points=(10, 6), bonus={"pole": 3})
    qualifying = [
        ResultRow(round=1, entry="ben", position=1, session="qualifying"),
        ResultRow(round=1, entry="ana", position=2, session="qualifying"),
    ]
    rows = qualifying + race(1, "ana", "ben", figures={"ana": {"pole": True}})
    assert points(championship(table, rows)) == {"ana": 10, "ben": 9}


def test_a_disqualified_car_loses_its_bonus_and_bonuses_are_multiplied():
    table = PointsTable(race_points=(10, 6), bonus={"fastest_lap": 1})
    rows = race(1, "ana", "ben", figures={"ana": {"fastest_lap": True}}, multiplier=2)
    assert points(championship(table, rows)) == {"ana": 22, "ben": 12}
    dsq = [PenaltyRow(round=1, entry="ana", disqualify=True)]
    assert points(championship(table, rows, penalties=dsq)) == {"ana": 0, "ben": 20}


def test_a_places_penalty_drops_the_car_within_the_finishers():
    rows = race(1, "ana", "ben", "cid", "dan", statuses={"dan": ELIMINATED})
    tables = championship(F1, rows, penalties=[PenaltyRow(round=1, entry="ana", places=5)])
    scored = {s.row.entry: s.position for s in tables.results}
    # ana falls to the last finisher's place, never behind the retired dan
    assert scored == {"ben": 1, "cid": 2, "ana": 3, "dan": 4}
    assert points(tables)["ana"] == 15


def test_a_team_penalty_counts_against_the_team_alone():
    teams = {"ana": "red", "ben": "blue"}
    rows = race(1, "ana", "ben", teams=teams)
    tables = championship(F1, rows, penalties=[PenaltyRow(round=1, team="red", points=10)])
    assert points(tables) == {"ana": 25, "ben": 18}
    assert {t.key: t.points for t in tables.teams} == {"blue": 18, "red": 15}


def test_a_drivers_points_penalty_counts_against_their_team_of_that_round():
    rows = race(1, "ana", "ben", teams={"ana": "red", "ben": "blue"}) + race(
        2, "ana", "ben", teams={"ana": "blue", "ben": "red"}
    )
    tables = championship(F1, rows, penalties=[PenaltyRow(round=2, entry="ana", points=5)])
    assert {t.key: t.points for t in tables.teams} == {"red": 25 + 18, "blue": 18 + 25 - 5}


def test_a_driver_who_changes_team_scores_for_each_team_in_its_rounds():
    rows = race(1, "ana", "ben", "cid", teams={"ana": "red", "ben": "blue", "cid": "red"})
    rows += race(2, "ana", "ben", "cid", teams={"ana": "blue", "ben": "blue", "cid": "red"})
    tables = championship(F1, rows, teams=["red", "blue", "green"])
    teams = {t.key: (t.points, dict(t.rounds)) for t in tables.teams}
    assert teams["red"] == (25 + 15 + 15, {1: 40, 2: 15})
    assert teams["blue"] == (18 + 25 + 18, {1: 18, 2: 43})
    assert teams["green"] == (0, {1: 0, 2: 0})


def test_everyone_listed_is_ranked_even_without_a_result():
    tables = championship(F1, race(1, "ana"), entries=["ana", "late"])
    assert [(ln.key, ln.rank, ln.points) for ln in tables.drivers] == [
        ("ana", 1, 25),
        ("late", 2, 0),
    ]
