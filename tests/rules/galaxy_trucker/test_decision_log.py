"""Galaxy Trucker's log of decisions and team credits (issue 27): every
decision is requested (`decision_requested`, GT-LOG-02) and made
(`decision_made` with the same `decision_id`), building steps too, and a
simultaneous intent stays unseen until the last is in (GT-TBB-12); in team
play `game_ended.final_credits` and each round's `credits_after` are the
team's credits (GT-OUT-05, GT-SCR-06: never below zero). Regression:

    python -m races.rules simulate galaxy_trucker --track standard --cars 4 \
        --bots pro,random --teams --seed 3   (events 234 and 849 before)
"""

import json

import pytest

from races.rules import Seat
from races.rules.__main__ import main
from races.rules.galaxy_trucker import GAME
from races.rules.registry import bots_for


def simulated(tmp_path, *extra):
    log = tmp_path / "game.jsonl"
    argv = ["simulate", "galaxy_trucker", "--track", "standard", "--cars", "4",
            *extra, "--log", str(log)]  # fmt: skip
    assert main(argv) == 0
    return [json.loads(line) for line in log.read_text().splitlines()]


def test_every_decision_is_requested_then_made_under_one_id(tmp_path, capsys):
    events = simulated(tmp_path, "--bots", "rookie,random", "--seed", "3")
    open_ids: dict[int, dict] = {}
    made_kinds = set()
    for e in events:
        if e["type"] == "decision_requested":
            assert e["data"]["decision_id"] not in open_ids
            open_ids[e["data"]["decision_id"]] = e
        elif e["type"] == "decision_made":
            asked = open_ids.pop(e["data"]["decision_id"])
            assert (asked["seat"], asked["data"]["kind"]) == (e["seat"], e["data"]["kind"])
            made_kinds.add(e["data"]["kind"])
    assert open_ids == {}
    ids = [e["data"]["decision_id"] for e in events if e["type"] == "decision_requested"]
    assert ids == list(range(1, len(ids) + 1))
    assert {"build_step", "resolve_tile", "repair"} <= made_kinds


def test_a_simultaneous_intent_is_logged_only_once_every_intent_is_in():
    seats = [Seat("a", "A", "bot", "rookie"), Seat("b", "B", "bot", "rookie")]
    race = GAME.start({"build_mode": "simultaneous", "laps": 1}, seats, "s")
    drivers = bots_for(GAME, seats, "s")
    first, second = race.pending
    race.apply(second.seat, drivers[second.seat].choose(race.view(second.seat), second))
    assert not any(e.type == "decision_made" for e in race.events)
    race.apply(first.seat, drivers[first.seat].choose(race.view(first.seat), first))
    made = [e for e in race.events if e.type == "decision_made"]
    assert [e.seat for e in made] == [first.seat, second.seat]


@pytest.mark.parametrize("seed", [3, 5])
def test_team_credits_in_the_log_are_the_team_s_and_never_negative(tmp_path, seed, capsys):
    events = simulated(tmp_path, "--bots", "pro,random", "--teams", "--seed", str(seed))
    mate = {"car1": "car2", "car2": "car1", "car3": "car4", "car4": "car3"}
    for e in events:
        if e["type"] == "round_scored":
            rows = {b["player"]: b for b in e["data"]["breakdowns"]}
            for seat, row in rows.items():
                assert row["credits_after"] >= 0
                assert row["credits_after"] == rows[mate[seat]]["credits_after"]
                assert (
                    row["credits_after"]
                    == row["ship_credits_after"] + rows[mate[seat]]["ship_credits_after"]
                )
                assert row["credits_before"] == rows[mate[seat]]["credits_before"]
    ended = events[-1]
    assert ended["type"] == "game_ended"
    final = ended["data"]["final_credits"]
    assert final == ended["data"]["team_credits"]
    assert all(v >= 0 for v in final.values())
    assert all(final[s] == final[mate[s]] for s in final)
    last = [e for e in events if e["type"] == "round_scored"][-1]
    assert {b["player"]: b["credits_after"] for b in last["data"]["breakdowns"]} == final
