"""The bots never submit an action the engine refuses, in any configuration the
command line offers (FD-E-24; nitro FD-V-9.3, qualifying FD-V-4.3, blocked
cars' forced braking FD-A-5.2).

Hypothesis draws command lines of `python -m races.rules simulate formula_d`
over every track, both rulesets, basic and advanced, 1-3 laps, every variant,
street rules and special drivers, qualifying, mixed bots and teams; the race
must run to an ordered result. Seeds that once stopped a race are pinned.
"""

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from races.rules import ConfigError, bots_for, get_game, run_bot_race
from races.rules.__main__ import _config, _parser, _seats

GAME = get_game("formula_d")
VARIANTS = ("weather", "tire_choice", "technical_pit_stops", "build_your_car")


@st.composite
def command_lines(draw) -> list[str]:
    track = draw(st.sampled_from(("paddock_ring", "lakeside_gp", "lakeside_night")))
    level = draw(st.sampled_from(("basic", "advanced")))
    ruleset = draw(st.sampled_from(("published", "bga")))
    mode = draw(st.sampled_from(("race", "race", "qualifying")))
    teams = mode == "race" and draw(st.booleans())
    cars = draw(st.sampled_from((4, 6)) if teams else st.integers(2, 6))
    argv = ["simulate", "formula_d", "--track", track, "--cars", str(cars)]
    argv += ["--level", level, "--ruleset", ruleset, "--mode", mode]
    argv += ["--laps", str(draw(st.integers(1, 3 if track == "paddock_ring" else 2)))]
    variants = []
    if level == "advanced":
        variants = [v for v in VARIANTS if draw(st.booleans())]
    if ruleset == "bga" and draw(st.booleans()):
        variants.append("nitro")
    if ruleset == "published":
        street = draw(st.sampled_from((None, True, False)))
        if street is not None:
            argv += ["--option", f"street={str(street).lower()}"]
            if street:
                argv += ["--option", "nitro=true"]
            elif track == "lakeside_night":
                argv += ["--option", "nitro=false", "--option", "special_drivers=false"]
    if variants:
        argv += ["--variants", ",".join(variants)]
    argv += ["--bots", draw(st.sampled_from(("pro", "rookie", "rookie,pro", "pro,rookie")))]
    if teams:
        argv.append("--teams")
    argv += ["--seed", str(draw(st.integers(0, 10**6)))]
    return argv


def run_command_line(argv: list[str]):
    args = _parser().parse_args(argv)
    try:
        config = _config(GAME, args)
        seats = _seats(GAME, args.cars, args.bots, teams=args.teams)
        GAME.start(config, seats, 0)
    except ConfigError:
        return None  # a combination the command line refuses up front
    # an IllegalAction from a bot propagates out of run_bot_race and fails the test
    race, _ = run_bot_race(GAME, config, seats, int(args.seed))
    return race


def assert_ordered(race) -> None:
    order = race.result().order
    assert [p.position for p in order] == list(range(1, len(order) + 1))
    assert sorted(p.seat for p in order) == sorted(s.id for s in race.state.seats)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(command_lines())
def test_bots_finish_every_configuration_of_the_command_line(argv):
    race = run_command_line(argv)
    assume(race is not None)
    assert race.finished
    assert_ordered(race)


REPRODUCTIONS = {
    "paddock_ring": (
        "simulate formula_d --track paddock_ring --cars 10 --level advanced --ruleset bga"
        " --laps 3 --variants weather,tire_choice,technical_pit_stops,build_your_car,nitro"
    ),
    "lakeside_night": (
        "simulate formula_d --track lakeside_night --cars 10 --level advanced --laps 2"
        " --variants weather"
    ),
}


@pytest.mark.parametrize(
    "command, seed",
    # seeds where a bot's braked path after nitro (FD-V-9.3) stopped the race
    [
        ("paddock_ring", 1),
        ("paddock_ring", 6),
        ("paddock_ring", 7),
        ("lakeside_night", 9),
        ("lakeside_night", 56),
    ],
)
def test_the_races_that_a_bot_once_stopped_run_to_the_end(command, seed):
    race = run_command_line([*REPRODUCTIONS[command].split(), "--seed", str(seed)])
    assert race.finished
    assert_ordered(race)


def test_after_nitro_the_bots_only_brake_when_forced():
    """FD-V-9.3: with nitro used, the move decision allows forced braking only
    (forced_braking_only) and every bot path is an unbraked or a forced end."""
    args = _parser().parse_args([*REPRODUCTIONS["paddock_ring"].split(), "--seed", "1"])
    config, seats = _config(GAME, args), _seats(GAME, args.cars, args.bots)
    race = GAME.start(config, seats, 1)
    bots = bots_for(GAME, seats, 1)
    after_nitro = 0
    while race.pending:
        decision = race.pending[0]
        action = bots[decision.seat].choose(race.view(decision.seat), decision)
        if decision.kind == "move" and decision.options["forced_braking_only"]:
            after_nitro += 1
            plan = decision.options._plan
            path = [race.state.track.index[s] for s in action.params["path"]]
            states, terminal = plan.check_path(path)
            assert plan.braking(len(path), terminal, states[-1])[0] in ("none", "forced")
        race.apply(decision.seat, action)
    assert after_nitro > 0
