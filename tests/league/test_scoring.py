"""Points tables, drop rounds, team points and tie-breaks, as plain functions."""

import pytest

from league.models import ScoringSystem
from league.scoring.tables import (
    ELIMINATED,
    FINISHED,
    Placing,
    PointsTable,
    RoundScore,
    classify,
    driver_standings,
    qualifying_points,
    race_points,
    team_standings,
)
from tests.conftest import scoring_presets


def preset(slug):
    scoring_presets()
    return PointsTable.of(ScoringSystem.objects.get(slug=slug))


def points_by_position(table, n=11):
    return [race_points(table, position=p, status=FINISHED) for p in range(1, n + 1)]


@pytest.mark.django_db
def test_the_formula_d_team_race_preset_pays_the_published_table():
    # FD-V-5.2: eliminated cars score 0 [ENG].
    table = preset("formula-d-team-race")
    assert points_by_position(table) == [10, 8, 6, 5, 4, 3, 2, 1, 0, 0, 0]
    assert race_points(table, position=1, status=ELIMINATED) == 0


@pytest.mark.django_db
def test_the_board_game_arena_preset_pays_race_and_qualifying_points():
    # FD-BGA-2 and FD-BGA-4.
    table = preset("formula-d-bga")
    assert points_by_position(table) == [1000, 720, 600, 480, 400, 320, 240, 160, 80, 40, 0]
    assert [qualifying_points(table, position=p, status=FINISHED) for p in range(1, 12)] == [
        10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
    ]  # fmt: skip
    assert qualifying_points(table, position=1, status=ELIMINATED) == 0
    assert race_points(table, position=3, status=ELIMINATED) == 0


@pytest.mark.django_db
def test_the_formula_1_preset_pays_25_down_to_1():
    assert points_by_position(preset("formula-1-2010")) == [25, 18, 15, 12, 10, 8, 6, 4, 2, 1, 0]


@pytest.mark.django_db
def test_the_heat_preset_pays_9_6_4_3_2_1():
    # HEAT-CHAMP-18.
    assert points_by_position(preset("heat-championship"), 8) == [9, 6, 4, 3, 2, 1, 0, 0]


@pytest.mark.django_db
def test_the_galaxy_trucker_preset_scores_the_credits():
    table = preset("galaxy-trucker-credits")
    assert race_points(table, position=4, status=FINISHED, figures={"credits": 37}) == 37
    assert race_points(table, position=1, status=FINISHED, figures={}) == 0


def test_cars_out_rank_behind_finishers_in_the_engines_own_order():
    # The engine's order already holds its game's tie-breaks (FD-E-20 ranks
    # a car out at a corner by where its turn began, not by distance).
    placings = [
        Placing("crashed-late", ELIMINATED, distance=70, position=2),
        Placing("winner", FINISHED, distance=90, position=1),
        Placing("crashed-early", ELIMINATED, distance=72, position=3),
        Placing("second", FINISHED, distance=89, position=4),
        Placing("no-show", "did_not_start", distance=0, position=5),
        Placing("still-racing", "not_finished", distance=40, position=6),
    ]
    assert [(p.key, p.position) for p in classify(placings)] == [
        ("winner", 1),
        ("second", 2),
        ("crashed-late", 3),
        ("crashed-early", 4),
        ("still-racing", 5),
        ("no-show", 6),
    ]


def test_lines_without_a_position_fall_back_on_the_distance():
    placings = [
        Placing("short", ELIMINATED, distance=12),
        Placing("long", ELIMINATED, distance=70),
        Placing("winner", FINISHED, distance=90, position=1),
    ]
    assert [p.key for p in classify(placings)] == ["winner", "long", "short"]


F1 = PointsTable(race_points=(25, 18, 15, 12, 10, 8, 6, 4, 2, 1))


def season_of(results, table=F1):
    """results: {driver: [position per round, None for absent]}"""
    scores = {}
    rounds = max(len(r) for r in results.values())
    for driver, positions in results.items():
        scores[driver] = [
            RoundScore(n, race_points(table, position=p, status=FINISHED), p)
            for n, p in enumerate(positions, start=1)
            if p is not None
        ]
    return scores, list(range(1, rounds + 1))


def ranks(lines):
    return {line.key: (line.rank, line.points) for line in lines}


def test_it_adds_up_points_over_the_rounds():
    scores, held = season_of({"ana": [1, 2], "ben": [2, 3], "cid": [3, 3]})
    lines = driver_standings(F1, scores, held=held)
    assert [line.key for line in lines] == ["ana", "ben", "cid"]
    assert lines[0].points == 43 and lines[0].rounds == {1: 25, 2: 18}
    assert dict(lines[2].positions) == {3: 2}


def test_it_drops_the_worst_round():
    table = PointsTable(race_points=F1.race_points, drop_worst=1)
    scores, held = season_of({"ana": [1, 10, 1], "ben": [2, 2, 2]})
    lines = {line.key: line for line in driver_standings(table, scores, held=held)}
    assert lines["ana"].dropped == [2] and lines["ana"].points == 50
    assert lines["ben"].dropped == [1] and lines["ben"].points == 36


def test_a_missed_round_is_the_one_dropped():
    table = PointsTable(race_points=F1.race_points, drop_worst=1)
    scores, held = season_of({"ana": [5, None, 5], "ben": [1, 1, 1]})
    lines = {line.key: line for line in driver_standings(table, scores, held=held)}
    assert lines["ana"].dropped == [2] and lines["ana"].points == 20


def test_countback_puts_the_driver_with_more_wins_ahead():
    # 25 + 1 = 26 against 18 + 8 = 26: equal points, ana has a win.
    scores, held = season_of({"ben": [2, 6], "ana": [1, 10]})
    assert ranks(driver_standings(F1, scores, held=held)) == {"ana": (1, 26), "ben": (2, 26)}


def test_countback_goes_down_to_second_places():
    # Both have one win and 25 + 18 + 0 against 25 + 15 + 4... equalised:
    table = PointsTable(race_points=(10, 6, 4, 3, 2, 1))
    # ana: 1st, 2nd, 6th = 17; ben: 1st, 3rd, 4th = 17; one win each, ana has a second.
    scores, held = season_of({"ben": [1, 3, 4], "ana": [1, 2, 6]}, table)
    assert ranks(driver_standings(table, scores, held=held)) == {"ana": (1, 17), "ben": (2, 17)}


def test_the_latest_round_breaks_a_tie_countback_cannot():
    # HEAT-CHAMP-21 / T-45: equal points and positions; better in the last race wins.
    table = PointsTable(race_points=(9, 6, 4, 3, 2, 1))
    scores, held = season_of({"ben": [2, 4], "ana": [4, 2]}, table)
    assert ranks(driver_standings(table, scores, held=held)) == {"ana": (1, 9), "ben": (2, 9)}


def test_drivers_equal_on_every_count_share_the_rank():
    scores = {
        "ana": [RoundScore(1, 10, 3)],
        "ben": [RoundScore(1, 10, 3)],  # a real tie: same points, positions, round
        "cid": [RoundScore(1, 20, 1)],
        "dan": [RoundScore(1, 5, 5)],
    }
    assert ranks(driver_standings(F1, scores, held=[1])) == {
        "cid": (1, 20),
        "ana": (2, 10),
        "ben": (2, 10),
        "dan": (4, 5),
    }


def test_penalties_come_off_the_total_and_can_change_the_order():
    scores, held = season_of({"ana": [1, 1], "ben": [2, 2]})
    lines = driver_standings(F1, scores, held=held, penalties={"ana": 20})
    assert ranks(lines) == {"ben": (1, 36), "ana": (2, 30)}
    assert lines[1].penalty == 20


def test_penalties_are_not_dropped_with_the_worst_round():
    table = PointsTable(race_points=F1.race_points, drop_worst=1)
    scores, held = season_of({"ana": [1, 2]})
    [line] = driver_standings(table, scores, held=held, penalties={"ana": 5})
    assert line.points == 25 - 5


def test_a_team_scores_the_sum_of_its_members():
    scores, held = season_of({"a1": [1, 4], "a2": [5, 2], "b1": [2, 1], "b2": [3, 3]})
    drivers = {ln.key: ln for ln in driver_standings(F1, scores, held=held)}
    teams = team_standings(F1, {"A": ["a1", "a2"], "B": ["b1", "b2"]}, drivers, held=held)
    assert ranks(teams) == {"B": (1, 18 + 25 + 15 + 15), "A": (2, 25 + 12 + 10 + 18)}
    assert teams[0].rounds == {1: 33, 2: 40}


def test_a_team_can_count_only_its_best_members_each_round():
    table = PointsTable(race_points=F1.race_points, team_points="best_n", team_best_n=2)
    scores, held = season_of({"a1": [1], "a2": [2], "a3": [3], "b1": [4], "b2": [5], "b3": [6]})
    drivers = {ln.key: ln for ln in driver_standings(table, scores, held=held)}
    members = {"A": ["a1", "a2", "a3"], "B": ["b1", "b2", "b3"]}
    assert ranks(team_standings(table, members, drivers, held=held)) == {
        "A": (1, 25 + 18),
        "B": (2, 12 + 10),
    }


def test_a_members_penalty_counts_against_the_team():
    scores, held = season_of({"a1": [1], "b1": [2]})
    drivers = {ln.key: ln for ln in driver_standings(F1, scores, held=held, penalties={"a1": 10})}
    teams = team_standings(F1, {"A": ["a1"], "B": ["b1"]}, drivers, held=held)
    assert ranks(teams) == {"B": (1, 18), "A": (2, 15)}


@pytest.mark.django_db
def test_the_presets_of_real_series_pay_their_tables_and_bonuses():
    f1 = preset("formula-1-2019")
    assert f1.bonus == {"fastest_lap": 1} and not f1.eliminated_score
    assert points_by_position(preset("motogp"), 16)[-2:] == [1, 0]
    indy = preset("indycar-style")
    assert indy.race_points[0] == 50 and indy.bonus == {"pole": 1, "lap_led": 1, "most_laps_led": 2}
