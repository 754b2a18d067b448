"""FD-E-4: a race's state is JSON, names every field the spec lists, and round-trips."""

import json

import pytest

from races.rules import ConfigError, Seat, bots_for, get_game, log_hash
from races.rules.formula_d.race import FormulaDRace

GAME = get_game("formula_d")
SEATS = [Seat(f"c{i}", f"c{i}", kind="bot", bot="pro") for i in range(4)]
CONFIG = {"track": "lakeside_gp", "level": "advanced", "laps": 2, "weather": True}


def race_after(decisions: int) -> FormulaDRace:
    race = GAME.start(CONFIG, SEATS, 21)
    bots = bots_for(GAME, SEATS, 21)
    for _ in range(decisions):
        d = race.pending[0]
        race.apply(d.seat, bots[d.seat].choose(race.view(d.seat), d))
    return race


def test_the_state_names_every_global_and_car_field_of_fd_e_4():
    state = json.loads(json.dumps(race_after(60).state_dict()))
    snap = state["snapshot"]
    for key in (
        "track",
        "round",
        "turn_order",
        "order_index",
        "event_seq",
        "turn_seq",
        "arrivals",
        "weather",
        "markers",
        "police",
        "police_awarded",
        "team_pools",
        "finish_order",
        "pending",
        "rng",
    ):
        assert key in snap, key
    assert snap["weather"].keys() >= {"now", "queue"}
    assert snap["pending"][0]["seat"] == snap["turn_order"][snap["order_index"]]
    car = snap["cars"][0]
    for key in (
        "seat",
        "status",
        "space",
        "lap",
        "gear",
        "wear",
        "maxima",
        "tires",
        "fit_lap",
        "reserve",
        "corner",
        "stops",
        "spun",
        "stalled",
        "exit_cap",
        "nitro",
        "pit",
        "entry_gear",
        "entry_progress",
        "arrival",
        "turn_start_progress",
        "finished_at",
        "eliminated_at",
        "q_turns",
        "q_seconds",
        "q_overshoot",
    ):
        assert key in car, key
    assert car["space"].startswith("r") or car["space"].startswith("p")
    version, internal, _gauss = snap["rng"]
    assert version == 3 and len(internal) == 625


def test_from_state_rebuilds_the_same_race_and_rng_and_plays_on_identically():
    race = race_after(60)
    copy = FormulaDRace.from_state(json.loads(json.dumps(race.state_dict())))
    assert copy.state_dict() == json.loads(json.dumps(race.state_dict()))
    assert copy.dice.rng.getstate() == race.dice.rng.getstate()
    bots = bots_for(GAME, SEATS, 21)
    for r in (race, copy):
        while r.pending:
            d = r.pending[0]
            r.apply(d.seat, bots[d.seat].choose(r.view(d.seat), d))
    assert log_hash(copy.events) == log_hash(race.events)


def test_a_state_whose_snapshot_disagrees_with_its_actions_is_refused():
    state = json.loads(json.dumps(race_after(30).state_dict()))
    state["snapshot"]["cars"][1]["wear"]["T"] += 1
    with pytest.raises(ConfigError, match="snapshot"):
        FormulaDRace.from_state(state)
