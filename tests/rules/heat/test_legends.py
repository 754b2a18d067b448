"""Legends (T-31..T-35, T-53; HEAT-LEGEND-01..08)."""

import json
from pathlib import Path

import pytest

from races.rules import ConfigError, Seat, get_game, play_bots
from races.rules.heat.rules.legends import legend_target
from races.rules.heat.rules.track import track_from_data

from .scenario import events_of, put, race


def _legend_at(p, laps=None):
    r = race("legend", laps=laps) if laps else race("legend", laps=3)
    return r, put(r, "car1", p)


def test_t31_past_the_legend_line_it_clears_the_corner_at_limit_plus_diamond():
    # HEAT-LEGEND-04: space 5 has countdown 2 <= threshold 4 of C1.
    r, car = _legend_at(5)
    assert legend_target(r.state, car, helmet=14, diamond=2) == 10


def test_t32_a_legend_never_crosses_two_corner_lines_in_one_turn():  # HEAT-LEGEND-04
    r, car = _legend_at(7)
    assert legend_target(r.state, car, helmet=14, diamond=3) == 11


def test_t33_approaching_a_corner_it_stops_on_the_diamond_space():  # HEAT-LEGEND-05
    r, car = _legend_at(-1)
    assert legend_target(r.state, car, helmet=14, diamond=1) == 6


def test_t34_far_from_a_corner_it_moves_its_helmet_number():  # HEAT-LEGEND-05
    r, car = _legend_at(12, laps=1)
    assert legend_target(r.state, car, helmet=10, diamond=1) == 22


def test_t53_the_final_finish_line_before_the_corner_lets_it_run_on():
    # HEAT-LEGEND-05, HEAT-LEGEND-07: C1's line (q = 28) lies beyond the finish (20).
    r, car = _legend_at(15, laps=1)
    assert legend_target(r.state, car, helmet=14, diamond=1) == 29


def test_the_legend_bonus_is_added_to_the_helmet_without_a_cap():  # HEAT-LEGEND-06
    r = race("legend", laps=3, legend_bonus=7)
    car = put(r, "car1", 12)
    assert legend_target(r.state, car, helmet=2, diamond=0) == 12 + 9


def test_a_diamond_space_behind_the_legend_leaves_it_in_place():  # HEAT-LEGEND-05
    data = json.loads(Path(__file__).with_name("test20.json").read_text())
    data["corners"][0]["legend_threshold"] = 0
    r = race("legend", laps=3, track=track_from_data(data))
    car = put(r, "car1", 6)  # countdown 1 > threshold 0: approaching C1; its diamond 3 is space 4
    assert legend_target(r.state, car, helmet=14, diamond=3) == 6
    assert legend_target(r.state, car, helmet=14, diamond=0) == 7


def test_t35_the_legend_deck_is_reshuffled_after_ten_rounds():  # HEAT-LEGEND-02
    r = race("legend", "legend", laps=10)
    assert r.finished and r.state.round > 11
    reveals = [e for e in r.events if e.type == "legend_card_revealed"]
    assert [e.round for e in reveals[:11]] == list(range(1, 12))
    shuffles = [
        e for e in r.events if e.type == "deck_shuffled" and e.data["pile"] == "legend_deck"
    ]
    assert shuffles[1].round == 11 and shuffles[1].data["counter"] == 1
    assert sorted(shuffles[1].data["order"]) == sorted(e.data["card"] for e in reveals[:10])
    assert reveals[10].data["card"] == shuffles[1].data["order"][0]


def test_every_legend_uses_the_one_card_of_the_round():  # HEAT-LEGEND-02
    r = race("legend", "legend", "legend", laps=2)
    per_round = {}
    for e in r.events:
        if e.type == "legend_card_revealed":
            assert e.round not in per_round
            per_round[e.round] = e.data["card"]
    assert set(per_round) == set(range(1, r.state.round + 1))


def test_legends_never_decide_pay_heat_or_take_adrenaline():  # HEAT-LEGEND-03
    r = race(None, "legend", "legend", "legend", "legend", laps=2)
    legends = {"car2", "car3", "car4", "car5"}
    assert all(d.seat == "car1" for d in r.pending)
    play_bots(r, {"car1": get_game("heat").bot("pro", seed=1, seat="car1")})
    assert r.finished
    assert not [
        e
        for e in r.events
        if e.seat in legends
        and e.type != "moved"
        and e.type not in ("lap_completed", "car_finished", "corner_crossed")
    ]
    for fixed in events_of(r, "turn_order_fixed"):
        assert not legends & set(fixed["adrenaline"])


def test_legends_race_only_with_three_players_or_fewer():  # HEAT-LEGEND-01
    game = get_game("heat")
    seats = [Seat(f"c{i}", f"C{i}", "bot", b) for i, b in enumerate(["pro"] * 4 + ["legend"])]
    with pytest.raises(ConfigError, match="3 or fewer"):
        game.start({"track": "usa"}, seats, 1)
    with pytest.raises(ConfigError, match="at least one seat"):
        game.start({"track": "usa", "legends": True}, seats[:2], 1)
