"""Simultaneous building (GT-TBB-12, GT-TST-47, GT-API-03/04): every builder
gives an intent at once, intents are done in the tick order of GT-TBB-02,
then every builder holding a tile resolves it at once."""

import pytest

from races.rules import Action, IllegalAction, Seat, log_hash, replay
from races.rules.galaxy_trucker import GAME
from races.rules.galaxy_trucker.race import GalaxyTruckerRace

SEATS = [Seat("a", "Ann"), Seat("b", "Ben")]
TOGETHER = {"laps": 1, "build_mode": "simultaneous"}


def start(config=None, seats=SEATS) -> GalaxyTruckerRace:
    return GAME.start({**TOGETHER, **(config or {})}, seats, "abc")


def kinds(race) -> list[tuple[str, str]]:
    return sorted((d.seat, d.kind) for d in race.pending)


def types_since(race, before: int) -> list[str]:
    return [e.type for e in race.events[before:]]


def test_gt_tbb_12_every_builder_is_asked_at_once_and_intents_stay_unseen():
    """GT-TBB-12 intent phase, GT-API-04: both builders are asked together;
    the first intent changes nothing anybody sees until the last is in."""
    race = start()
    assert kinds(race) == [("a", "build_step"), ("b", "build_step")]
    before = len(race.events)
    race.apply("b", Action("draw"))
    assert types_since(race, before) == []
    assert race.view("a")["face_down_count"] == race.view("b")["face_down_count"]
    assert kinds(race) == [("a", "build_step")]
    assert race.legal_actions("b") == []
    with pytest.raises(IllegalAction, match="not your turn"):
        race.apply("b", Action("pass"))
    race.apply("a", Action("draw"))
    # done in tick order: seat a (index 0 in tick 0) draws the top tile first
    drawn = [(e.seat, e.data["tile"]) for e in race.events if e.type == "tile_drawn"]
    assert [seat for seat, _ in drawn] == ["a", "b"]
    assert kinds(race) == [("a", "resolve_tile"), ("b", "resolve_tile")]


def test_gt_tbb_12_returned_tiles_join_the_pool_at_the_end_of_the_tick_in_tick_order():
    """GT-TBB-12 resolution phase: placements touch only one's own ship;
    returned tiles enter the face-up pool at the end of the tick, in tick order."""
    race = start()
    race.apply("a", Action("draw"))
    race.apply("b", Action("draw"))
    tiles = {e.seat: e.data["tile"] for e in race.events if e.type == "tile_drawn"}
    race.apply("b", Action("return"))
    assert race.state.face_up == []  # not before every tile of the tick is resolved
    race.apply("a", Action("return"))
    assert race.state.face_up == [tiles["a"], tiles["b"]]
    assert kinds(race) == [("a", "build_step"), ("b", "build_step")]
    assert race.state.tick == 1


def test_gt_tst_47_two_builders_want_the_same_face_up_tile():
    """GT-TST-47: tick order P1 then P2, both take the same face-up tile:
    P1 gets it; P2's intent fails (IntentFailed) and counts as PASS."""
    race = start()
    race.apply("a", Action("draw"))
    race.apply("b", Action("draw"))
    race.apply("a", Action("return"))
    race.apply("b", Action("return"))
    wanted = race.state.face_up[0]
    # tick 1: seat b acts first (GT-TBB-02)
    race.apply("a", Action("take_face_up", {"tile": wanted}))
    race.apply("b", Action("take_face_up", {"tile": wanted}))
    taken = [e for e in race.events if e.type == "tile_taken_face_up"]
    failed = [e for e in race.events if e.type == "intent_failed"]
    assert [(e.seat, e.data["tile"]) for e in taken] == [("b", wanted)]
    assert [(e.seat, e.data["intent"]) for e in failed] == [("a", "take_face_up")]
    assert kinds(race) == [("b", "resolve_tile")]


def test_gt_tbb_12_a_draw_from_an_emptied_pool_fails_and_counts_as_pass():
    """GT-TBB-12: a DRAW when an earlier builder of the tick emptied the
    face-down pool fails (IntentFailed)."""
    race = start()
    race.state.face_down = race.state.face_down[:1]
    race.apply("b", Action("draw"))
    race.apply("a", Action("draw"))
    assert [e.seat for e in race.events if e.type == "tile_drawn"] == ["a"]
    assert [e.seat for e in race.events if e.type == "intent_failed"] == ["b"]
    assert kinds(race) == [("a", "resolve_tile")]


def test_gt_tbb_12_finishing_together_gives_tokens_in_tick_order():
    """GT-TBB-08 with GT-TBB-12: finishers of one tick take the lowest tokens
    in tick order, and a token named by an earlier finisher gives the lowest left."""
    race = start({"token_pick": "any"})
    race.apply("a", Action("draw"))
    race.apply("b", Action("draw"))
    race.apply("a", Action("return"))
    race.apply("b", Action("return"))
    race.apply("a", Action("finish", {"token": 1}))
    race.apply("b", Action("finish", {"token": 1}))  # tick 1: b is first
    tokens = {e.seat: e.data["token"] for e in race.events if e.type == "build_finished"}
    assert tokens == {"b": 1, "a": 2}


def test_gt_tbb_12_missed_intents_pass_and_missed_resolutions_return():
    """GT-TBB-12 time-outs (GT-API-03): a missing intent is PASS, a missing
    resolution RETURN, and a reserved tile stays in the reserve."""
    race = start()
    defaults = {d.seat: d.default for d in race.pending}
    assert defaults == {"a": Action("pass"), "b": Action("pass")}
    race.apply("a", Action("draw"))
    race.apply("b", Action("draw"))
    assert {d.seat: d.default.kind for d in race.pending} == {"a": "return", "b": "return"}
    race.apply("a", Action("place", {"cell": [7, 6], "rot": 0}))
    race.apply("b", Action("reserve"))
    reserved = race.state.by_id["b"].ship.reserved[0]
    race.apply("a", Action("pass"))
    race.apply("b", Action("take_reserved", {"tile": reserved}))
    (decision,) = race.pending
    assert decision.default == Action("keep_reserved")
    assert Action("keep_reserved") not in race.legal_actions("b")
    race.apply("b", Action("keep_reserved", {"defaulted": True}))
    assert race.state.by_id["b"].ship.reserved == [reserved]
    made = [e for e in race.events if e.type == "decision_made"]
    assert made[-1].data["defaulted"] is True and made[-1].seat == "b"


def test_gt_tbb_12_a_reserved_tile_must_be_built_in_unless_the_time_ran_out():
    """GT-TBB-05: a tile taken from the reserve cannot be returned."""
    race = start()
    race.apply("a", Action("draw"))
    race.apply("b", Action("pass"))
    race.apply("a", Action("reserve"))
    reserved = race.state.by_id["a"].ship.reserved[0]
    race.apply("a", Action("take_reserved", {"tile": reserved}))
    race.apply("b", Action("pass"))
    with pytest.raises(IllegalAction, match="must be built"):
        race.apply("a", Action("return"))


@pytest.mark.parametrize("seed", ["s1", "s2"])
def test_gt_tbb_12_a_whole_game_of_bots_building_together_ends_and_replays(seed):
    """GT-TBB-12 with the bots of GT-BOT-02: the game ends, every ship that
    flies passed the check, and replaying its actions gives the same log."""
    seats = [Seat(k, k.upper(), "bot", bot) for k, bot in (("a", "rookie"), ("b", "pro"))]
    seats.append(Seat("c", "C", "bot", "random"))
    config = GAME.options.validate({"build_mode": "simultaneous"})
    race = GAME.start(config, seats, seed)
    bots = {s.id: GAME.bot(s.bot, seed=seed, seat=s.id) for s in seats}
    steps = []
    while not race.finished:
        assert len({d.seat for d in race.pending}) == len(race.pending)
        decision = race.pending[-1]
        action = bots[decision.seat].choose(race.view(decision.seat), decision)
        race.apply(decision.seat, action)
        steps.append({"seat": decision.seat, "action": action.to_dict()})
    assert any(e.type == "tile_placed" for e in race.events)
    again = replay(GAME, config, seats, seed, steps)
    assert log_hash(again.events) == log_hash(race.events)
