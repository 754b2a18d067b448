"""Whole-race properties (FD-X-60, FD-E-14), with hypothesis choosing the races."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from races.rules import Seat, get_game, log_hash, replay, run_bot_race

GAME = get_game("formula_d")

races = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 10**6),
        "cars": st.integers(2, 6),
        "level": st.sampled_from(["basic", "advanced"]),
        "ruleset": st.sampled_from(["published", "bga"]),
        "laps": st.integers(1, 2),
        "bots": st.sampled_from([("rookie",), ("pro",), ("rookie", "pro")]),
    }
)


def play(spec):
    seats = [
        Seat(f"c{i}", f"c{i}", kind="bot", bot=spec["bots"][i % len(spec["bots"])])
        for i in range(spec["cars"])
    ]
    config = {
        "track": "paddock_ring",
        "level": spec["level"],
        "ruleset": spec["ruleset"],
        "laps": spec["laps"],
    }
    race, actions = run_bot_race(GAME, config, seats, spec["seed"])
    return config, seats, race, actions


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(races)
def test_every_race_ends_with_a_clean_classification_and_replays(spec):
    config, seats, race, actions = play(spec)
    assert race.finished and race.state.round < 400
    result = race.result()
    n = spec["cars"]
    assert sorted(p.position for p in result.order) == list(range(1, n + 1))
    assert {p.seat for p in result.order} == {s.id for s in seats}
    assert all(p.status in ("finished", "eliminated") for p in result.order)
    again = replay(GAME, config, seats, spec["seed"], actions)
    assert log_hash(again.events) == result.log_sha256


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(races)
def test_no_car_moves_backwards_wear_stays_in_range_and_the_eliminated_never_finish(spec):
    _config, _seats, race, _actions = play(spec)
    progress: dict[str, int] = {}
    out: set[str] = set()
    maxima = {s["seat"]: s["maxima"] for s in race.events[0].data["seats"]}
    for event in race.events:
        seat, data = event.seat, event.data
        if event.type == "turn_started":
            assert seat not in out
            assert data["progress"] >= progress.get(seat, data["progress"])
            progress[seat] = data["progress"]
        elif event.type == "wear_changed":
            assert 0 <= data["value"] <= maxima[seat][data["category"]]
        elif event.type == "eliminated":
            assert seat not in out
            out.add(seat)
        elif event.type == "finished":
            assert seat not in out
            out.add(seat)
    for car in race.state.cars:
        assert all(v >= 0 for v in car.wear.values())


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(races)
def test_dashboards_and_positions_can_be_redrawn_from_the_log_alone(spec):
    """FD-E-15, FD-E-17: a viewer replays wear and spaces without the rules."""
    _config, _seats, race, _actions = play(spec)
    wear = {s["seat"]: dict(s["maxima"]) for s in race.events[0].data["seats"]}
    space: dict[str, str] = {}
    for event in race.events:
        if event.type == "car_built":
            wear[event.seat] = dict(event.data["maxima"])
        elif event.type == "grid_set":
            space.update(zip(event.data["order"], event.data["spaces"], strict=True))
        elif event.type == "wear_changed":
            wear[event.seat][event.data["category"]] += event.data["delta"]
            assert wear[event.seat][event.data["category"]] == event.data["value"]
        elif event.type == "moved" and event.data["path"]:
            space[event.seat] = event.data["path"][-1]
    for car in race.state.cars:
        assert wear[car.seat] == car.wear
        assert space[car.seat] == race.state.track.ids[car.space]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, 10**6),
    st.sampled_from(
        [
            {"track": "paddock_ring", "laps": 2},
            {
                "track": "paddock_ring",
                "level": "advanced",
                "ruleset": "bga",
                "weather": True,
                "tire_choice": True,
                "technical_pit_stops": True,
            },
            {"track": "lakeside_night", "level": "advanced", "laps": 2, "weather": True},
            {"track": "lakeside_night", "laps": 2},
        ]
    ),
)
def test_any_listed_legal_action_is_accepted_until_the_race_ends(seed, config):
    """FD-E-3, FD-E-7: a player choosing at random among legal_actions never breaks a race."""
    import random

    rng = random.Random(seed)
    seats = [Seat(f"c{i}", f"c{i}") for i in range(4)]
    race = GAME.start(config, seats, seed)
    for _ in range(3000):
        if race.finished:
            break
        decision = race.pending[0]
        actions = race.legal_actions(decision.seat)
        assert actions, decision.kind
        action = actions[rng.randrange(len(actions))]
        assert race.validate(decision.seat, action) is None
        race.apply(decision.seat, action)
    assert race.finished
    assert sorted(p.position for p in race.result().order) == [1, 2, 3, 4]


def test_a_race_state_round_trips_through_json_mid_race():
    """FD-E-4: state_dict / from_state, then the same events to the end."""
    import json

    from races.rules import bots_for
    from races.rules.formula_d.race import FormulaDRace

    seats = [Seat(f"c{i}", f"c{i}", kind="bot", bot="pro") for i in range(4)]
    config = {"track": "paddock_ring", "level": "advanced"}
    race = GAME.start(config, seats, 9)
    bots = bots_for(GAME, seats, 9)
    for _ in range(40):
        d = race.pending[0]
        race.apply(d.seat, bots[d.seat].choose(race.view(d.seat), d))
    copy = FormulaDRace.from_state(json.loads(json.dumps(race.state_dict())))
    assert log_hash(copy.events) == log_hash(race.events)
    for r in (race, copy):
        while r.pending:
            d = r.pending[0]
            r.apply(d.seat, bots[d.seat].choose(r.view(d.seat), d))
    assert log_hash(copy.events) == log_hash(race.events)
