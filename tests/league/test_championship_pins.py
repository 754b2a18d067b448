"""What a mutation run of league/scoring/championship.py found unpinned
(issue 23): the team countback (ignored, reversed, or counting retired
cars) and the guard before a places penalty on a car that is disqualified,
did not start, did not qualify or is not in the session. Plain rows, no
database; each test says the mutant it kills."""

from decimal import Decimal

import pytest

from league.scoring.championship import (
    PenaltyRow,
    ResultRow,
    championship,
    round_bonuses,
    rows_score,
    session_steward,
)
from league.scoring.tables import (
    DID_NOT_QUALIFY,
    DID_NOT_START,
    DISQUALIFIED,
    ELIMINATED,
    FINISHED,
    PointsTable,
)

TABLE = PointsTable(race_points=(4, 3, 2, 1), eliminated_score=False)


def row(number, car, position, team, status=FINISHED, **more):
    return ResultRow(round=number, entry=car, position=position, status=status, team=team, **more)


def team_order(tables):
    return [(line.key, line.rank) for line in tables.teams]


def test_a_team_tie_is_broken_by_countback_before_the_latest_round():
    """Ignoring the team countback, or reversing it (`+=` to `-=`), lets the
    latest round decide: Alpha, whose car won it. Zeta won two rounds."""
    rows = []
    for number, order in ((1, "ZAAZ"), (2, "ZAAZ"), (3, "AZZA")):
        for place, team in enumerate(order, start=1):
            rows.append(row(number, f"{team}{order[:place].count(team)}", place, team))
    tables = championship(TABLE, rows, teams=["A", "Z"])
    points = {line.key: line.points for line in tables.teams}
    assert points == {"A": 15, "Z": 15}
    assert team_order(tables) == [("Z", 1), ("A", 2)]
    assert tables.teams[0].positions == {1: 2, 4: 2, 2: 1, 3: 1}


def test_a_teams_retired_car_counts_no_place_in_the_countback():
    """Counting a retired car's place (dropping the FINISHED test) gives
    Zeta a third that decides the tie; without it the teams are level on
    countback and Alpha's win in the latest round decides."""
    rows = [
        row(1, "z1", 1, "Z"),
        row(1, "a1", 2, "A"),
        row(2, "a1", 1, "A"),
        row(2, "z1", 2, "Z"),
        row(2, "z2", 3, "Z", status=ELIMINATED),
    ]
    tables = championship(TABLE, rows)
    assert {line.key: line.points for line in tables.teams} == {"A": 7, "Z": 7}
    assert team_order(tables) == [("A", 1), ("Z", 2)]
    assert tables.teams[1].positions == {1: 1, 2: 1}


def test_a_team_with_no_car_in_the_latest_round_loses_the_latest_round_comparison():
    rows = [row(1, "a1", 1, "A"), row(2, "z1", 1, "Z")]
    tables = championship(TABLE, rows)
    assert tables.teams[0].latest == (1, 10_000) and tables.teams[1].latest == (10_000, 1)
    assert team_order(tables) == [("Z", 1), ("A", 2)]


def steward(rows, *penalties):
    return [(r.entry, r.position, r.status) for r in session_steward(rows, penalties)]


@pytest.mark.parametrize("status", [DISQUALIFIED, DID_NOT_START, DID_NOT_QUALIFY])
def test_a_car_out_of_the_classification_has_no_places_to_lose(status):
    """Without the guard, a places penalty moves the car behind the other
    car of its group (and the other one up)."""
    rows = [
        ResultRow(round=1, entry="a", position=1),
        ResultRow(round=1, entry="b", position=2, status=status),
        ResultRow(round=1, entry="c", position=3, status=status),
    ]
    penalty = PenaltyRow(round=1, entry="b", places=5)
    assert steward(rows, penalty) == [("a", 1, FINISHED), ("b", 2, status), ("c", 3, status)]


def test_a_places_penalty_on_a_car_not_in_the_session_changes_nothing():
    """Without the `not in` half of the guard, the penalty of a car absent
    from this session fails to find it."""
    rows = [ResultRow(round=1, entry="a", position=1), ResultRow(round=1, entry="b", position=2)]
    penalty = PenaltyRow(round=1, entry="ghost", places=3)
    assert steward(rows, penalty) == [("a", 1, FINISHED), ("b", 2, FINISHED)]


def test_places_lost_stop_at_the_last_finisher_and_add_up():
    rows = [ResultRow(round=1, entry=c, position=i) for i, c in enumerate("abcd", start=1)]
    rows.append(ResultRow(round=1, entry="e", position=5, status=ELIMINATED))
    both = [PenaltyRow(round=1, entry="a", places=1), PenaltyRow(round=1, entry="a", places=1)]
    assert [e for e, _p, _s in steward(rows, *both)] == ["b", "c", "a", "d", "e"]
    far = PenaltyRow(round=1, entry="b", places=9)
    assert [e for e, _p, _s in steward(rows, far)] == ["a", "c", "d", "b", "e"]
    assert [e for e, _p, _s in steward(rows, PenaltyRow(round=1, entry="a", places=0))] == list(
        "abcde"
    )


def test_a_penalty_of_another_session_leaves_this_one_alone():
    rows = [ResultRow(round=1, entry=c, position=i) for i, c in enumerate("ab", start=1)]
    penalties = [PenaltyRow(round=1, entry="a", places=1, session="qualifying")]
    scored = rows_score(TABLE, rows, penalties)
    assert [(s.row.entry, s.position) for s in scored] == [("a", 1), ("b", 2)]


def test_a_disqualified_car_earns_no_bonus_and_the_next_lap_holder_does():
    race = [
        ResultRow(round=1, entry="a", position=1, status=DISQUALIFIED, figures={"best_lap": 60}),
        ResultRow(round=1, entry="b", position=2, figures={"best_lap": 61, "laps_led": 2}),
        ResultRow(round=1, entry="c", position=3, figures={"best_lap": 61.5, "laps_led": 1}),
    ]
    earned = round_bonuses(race, [])
    assert earned["fastest_lap"] == {"b"}
    assert earned["most_laps_led"] == {"b"} and earned["lap_led"] == {"b", "c"}


def test_a_rounds_own_bonus_counts_over_the_tables_and_is_multiplied():
    table = PointsTable(race_points=(4, 3), bonus={"lap_led": 1, "pole": 2})
    rows = [
        ResultRow(
            round=1,
            entry="a",
            position=1,
            multiplier=Decimal(2),
            figures={"laps_led": 1, "pole": True},
            bonus={"lap_led": 3},
        ),
        ResultRow(round=1, entry="b", position=2, multiplier=Decimal(2), bonus={"lap_led": 3}),
    ]
    scored = {s.row.entry: (s.points, s.bonus) for s in rows_score(table, rows)}
    assert scored == {"a": (Decimal(18), Decimal(10)), "b": (Decimal(6), Decimal(0))}


def test_a_team_points_penalty_of_a_driver_follows_the_team_of_that_round():
    rows = [row(1, "d", 1, "A"), row(2, "d", 1, "B")]
    penalty = PenaltyRow(round=2, entry="d", points=Decimal(1))
    tables = championship(TABLE, rows, penalties=[penalty])
    assert {line.key: line.points for line in tables.teams} == {"A": 4, "B": 3}
    assert tables.drivers[0].points == 7 and tables.drivers[0].penalty == 1


def test_rows_without_a_place_fall_back_on_distance_and_default_to_none_covered():
    rows = [
        ResultRow(round=1, entry="known", position=0, distance=0),
        ResultRow(round=1, entry="unknown", position=0),
    ]
    assert [e for e, _p, _s in steward(rows)] == ["known", "unknown"]


def test_a_car_of_a_status_the_module_does_not_know_loses_places_among_the_unclassified():
    """An unknown status (a future game's) counts as not classified, both
    for the car penalised and for the cars it may fall behind."""
    rows = [
        ResultRow(round=1, entry="a", position=1),
        ResultRow(round=1, entry="b", position=2, status=ELIMINATED),
        ResultRow(round=1, entry="c", position=3, status="still_racing"),
        ResultRow(round=1, entry="d", position=4, status=DISQUALIFIED),
    ]
    moved = steward(rows, PenaltyRow(round=1, entry="b", places=5))
    assert [e for e, _p, _s in moved] == ["a", "c", "b", "d"]
    kept = steward(rows, PenaltyRow(round=1, entry="c", places=1))
    assert [e for e, _p, _s in kept] == ["a", "b", "c", "d"]


def test_most_laps_led_needs_a_lap_led_and_one_is_enough():
    table = PointsTable(race_points=(0, 0), bonus={"most_laps_led": 2})
    nobody = [ResultRow(round=1, entry=c, position=i) for i, c in enumerate("ab", start=1)]
    assert [s.bonus for s in rows_score(table, nobody)] == [0, 0]
    one = [
        ResultRow(round=1, entry="a", position=1, figures={"laps_led": 1}),
        ResultRow(round=1, entry="b", position=2),
    ]
    assert [s.bonus for s in rows_score(table, one)] == [2, 0]


def test_penalties_may_come_as_any_iterable():
    rows = [ResultRow(round=1, entry="a", position=1)]
    penalties = (p for p in [PenaltyRow(round=1, entry="a", points=Decimal(1))])
    tables = championship(TABLE, rows, penalties=penalties)
    assert tables.drivers[0].points == 3 and tables.drivers[0].penalty == 1


def test_a_season_without_teams_has_no_team_table():
    rows = [ResultRow(round=1, entry="a", position=1)]
    assert championship(TABLE, rows).teams == []


def test_a_retired_cars_place_in_the_latest_round_still_breaks_a_tie():
    """Two drivers level on points and countback, both retired in the
    latest round: the one classified ahead there is ahead."""
    rows = [
        ResultRow(round=1, entry="x", position=1),
        ResultRow(round=1, entry="y", position=2),
        ResultRow(round=2, entry="y", position=1),
        ResultRow(round=2, entry="x", position=2),
        ResultRow(round=3, entry="z1", position=1),
        ResultRow(round=3, entry="z2", position=2),
        ResultRow(round=3, entry="x", position=3, status=ELIMINATED),
        ResultRow(round=3, entry="y", position=4, status=ELIMINATED),
    ]
    lines = {line.key: line for line in championship(TABLE, rows).drivers}
    assert lines["x"].points == lines["y"].points == 7
    assert lines["x"].rank < lines["y"].rank


def test_a_car_flagged_with_the_fastest_lap_has_it_over_a_smaller_best_lap_figure():
    race = [
        ResultRow(round=1, entry="a", position=1, figures={"fastest_lap": True, "best_lap": 62}),
        ResultRow(round=1, entry="b", position=2, figures={"best_lap": 61}),
    ]
    assert round_bonuses(race, [])["fastest_lap"] == {"a"}


def test_a_driver_penalty_in_a_round_without_a_team_falls_on_the_penalty_team():
    rows = [ResultRow(round=1, entry="d", position=1), row(1, "e", 2, "T")]
    penalty = PenaltyRow(round=1, entry="d", team="T", points=Decimal(1))
    tables = championship(TABLE, rows, penalties=[penalty])
    assert [(line.key, line.points, line.penalty) for line in tables.teams] == [("T", 2, 1)]


def test_a_teams_qualifying_places_count_in_neither_countback_nor_latest_round():
    rows = [
        row(1, "a1", 1, "A", session="qualifying"),
        row(1, "z1", 2, "Z", session="qualifying"),
        row(1, "z1", 1, "Z"),
        row(1, "a1", 2, "A"),
    ]
    table = PointsTable(race_points=(3, 3), qualifying_points=(0, 0))
    tables = championship(table, rows)
    lines = {line.key: line for line in tables.teams}
    assert lines["A"].positions == {2: 1} and lines["A"].latest == (2,)
    assert team_order(tables) == [("Z", 1), ("A", 2)]
