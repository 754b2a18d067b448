"""Properties over seeded bot races (issue 15, "How it is checked"): every
race ends by the turn limit at the latest; after every event the 84 cards
are all somewhere once (RR-DECK-05), damage stays within 0..10 (RR-DMG-02)
and no two robots share a square (RR-MOVE-07); a replay gives the same hash
(RR-RNG-05). A many-seed smoke is bench/roborally.py."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from races.rules import Action, Seat, get_game, log_hash, replay
from races.rules.roborally.rules.cards import ALL_CARDS
from races.rules.roborally.rules.option_cards import OPTION_NAMES

GAME = get_game("roborally")


def checked_race(config, seats, seed):
    """A race whose every event is followed by the invariants."""
    race = GAME.start(config, seats, seed)
    f = race.f
    emit = f.emit

    def emit_and_check(*args, **kwargs):
        event = emit(*args, **kwargs)
        cards = list(f.deck) + list(f.discard)
        squares = []
        for robot in f.robots:
            cards += robot.cards()  # hand, registers, Conditional Program, Flywheel
            assert 0 <= robot.damage <= 10, (event, robot)
            if robot.square is not None:
                squares.append(robot.square)
        assert sorted(cards) == list(ALL_CARDS) or event.type == "race_started", event
        assert len(squares) == len(set(squares)), event
        return event

    f.emit = emit_and_check
    return race


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    track=st.sampled_from(["shakedown", "twin_forge"]),
    bots=st.lists(st.sampled_from(["rookie", "greedy"]), min_size=2, max_size=8),
    max_turns=st.integers(1, 6),
    options=st.booleans(),
)
def test_bot_races_keep_the_invariants_and_replay(seed, track, bots, max_turns, options):
    seats = [Seat(f"r{i}", f"Robot {i}", "bot", b) for i, b in enumerate(bots)]
    config = {"track": track, "max_turns": max_turns, "options": options}
    race = checked_race(config, seats, seed)
    players = {s.id: GAME.bot(s.bot, seed=seed, seat=s.id) for s in seats}
    actions = []
    while race.pending:
        d = race.pending[0]
        action = players[d.seat].choose(race.view(d.seat), d)
        race.apply(d.seat, action)
        actions.append((d.seat, action))
    result = race.result()
    assert race.f.turn <= max_turns
    assert result.details["end_reason"] in ("final_flag", "all_eliminated", "turn_limit")
    assert [p.position for p in result.order] == list(range(1, len(seats) + 1))
    again = replay(GAME, config, seats, seed, actions)
    assert log_hash(again.events) == result.log_sha256


@pytest.mark.slow
@pytest.mark.parametrize("track", ["shakedown", "twin_forge"])
def test_a_short_smoke_of_full_races(track):  # the long one is bench/roborally.py
    for seed in range(6):
        bots = ["rookie", "greedy"] * (1 + seed % 4)
        seats = [Seat(f"r{i}", f"Robot {i}", "bot", b) for i, b in enumerate(bots)]
        race = checked_race({"track": track}, seats, seed)
        players = {s.id: GAME.bot(s.bot, seed=seed, seat=s.id) for s in seats}
        while race.pending:
            d = race.pending[0]
            race.apply(d.seat, players[d.seat].choose(race.view(d.seat), d))
        assert len(race.result().order) == len(seats)


def reckless(race, decision, rng, bots):
    """Any legal answer, options used at random: pairs, cards put aside,
    Recompile, every yes-or-no and every weapon (RR-OPT-08, RR-DEC-*)."""
    legal = race.legal_actions(decision.seat)
    if decision.kind != "program":
        return rng.choice(legal)
    if Action("recompile") in legal and rng.random() < 0.5:
        return Action("recompile")
    options = decision.options
    hand = [c["card"] for c in options["hand"]]
    rng.shuffle(hand)
    registers = [None] * 5
    for number in options["open_registers"]:
        registers[number - 1] = hand.pop()
    moves = [i for i, c in enumerate(registers) if c is not None and 430 <= c]
    turns = [c for c in hand if c <= 420]
    if options["pairs"] and moves and turns and rng.random() < 0.7:
        registers[moves[0]] = [registers[moves[0]], turns[0]]
        hand.remove(turns[0])
    program = {"registers": registers}
    for aside in ("conditional", "flywheel"):
        if options[aside] and hand and rng.random() < 0.7:
            program[aside] = hand.pop()
    action = Action("program", program)
    if race.validate(decision.seat, action):  # a pair the held option does not allow
        return bots[decision.seat].choose(race.view(decision.seat), decision)
    return action


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), robots=st.integers(2, 8))
def test_races_using_every_option_at_random_keep_the_invariants(seed, robots):
    """RR-TEST-46 and the damage and square invariants with options on,
    every robot starting with every option card it can use (all 26)."""
    seats = [Seat(f"r{i}", f"Robot {i}", "bot", "rookie") for i in range(robots)]
    race = checked_race({"track": "shakedown", "options": True, "max_turns": 8}, seats, seed)
    race.f.option_deck = []  # every option is already held
    for number, robot in enumerate(race.f.robots):
        robot.options = list(OPTION_NAMES[number::robots])
    rng = random.Random(seed)
    bots = {s.id: GAME.bot("rookie", seed=seed, seat=s.id) for s in seats}
    while race.pending:
        d = race.pending[0]
        race.apply(d.seat, reckless(race, d, rng, bots))
    assert [p.position for p in race.result().order] == list(range(1, robots + 1))
