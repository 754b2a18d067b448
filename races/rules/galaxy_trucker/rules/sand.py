"""The hourglass in real seconds at a live table (GT-TBB-03 with
`hourglass_seconds`, the mapping of GT-BLD-07/08: "≈ 90 s per run").

The engine reads no clock. A live table gives the building decisions a
run's seconds and which run it is (`timer_options`); when the sand runs
out there, the host applies the open decisions' defaults marked
`hourglass_out` (`timer_action`), so the recorded actions carry the moment
and a replay turns the hourglass at the same step. At the end of that tick
the run is over exactly as GT-TBB-03 steps 4-6 say: onto the next circle,
onto Start (or waiting for a finished ship), or time is up (GT-TBB-09).
Ticks still count down as a safety valve [DES], `SAFETY` times the tick
hourglass, so building by bots alone (everybody else finished) ends.
Without `hourglass_seconds` nothing here runs and the tick hourglass is
unchanged.
"""

from __future__ import annotations

from ...contract import Action
from ..state import Emit, GameState

SAFETY = 8  # ticks per run in real seconds: SAFETY × ticks_per_run (safety valve)
BUILD_KINDS = frozenset({"build_step", "resolve_tile"})


def sand_seconds(state: GameState) -> int:
    """The seconds one run of the hourglass lasts; 0: it runs in ticks."""
    return int(state.config.get("hourglass_seconds") or 0)


def run_key(state: GameState) -> str:
    """Which run of the hourglass is running: round and turn count."""
    return f"{state.round}-{state.hourglass.get('runs', 0)}"


def timer_options(state: GameState, kind: str) -> dict:
    """The options a building decision carries while the sand runs: none
    once it ran out in this tick (the tick ends, then the hourglass turns)."""
    seconds = sand_seconds(state)
    glass = state.hourglass
    if not seconds or state.phase != "build" or kind not in BUILD_KINDS or glass.get("out"):
        return {}
    if glass.get("waiting"):
        return {}  # GT-TBB-03 step 5: no run until a ship is finished
    return {"hourglass_seconds": seconds, "hourglass_run": run_key(state)}


def sand_ran_out(state: GameState, action: Action) -> None:
    """A decision the host made because the sand ran out: the run ends at
    the end of this tick."""
    if action.params.get("hourglass_out") is True and sand_seconds(state):
        state.hourglass["out"] = True


def timer_action(default: Action | None) -> Action | None:
    """The action applied for a building decision when the sand runs out:
    its default (PASS; RETURN for a tile in hand, GT-API-03), marked."""
    if default is None:
        return None
    return Action(default.kind, {**default.params, "defaulted": True, "hourglass_out": True})


def sand_turn(state: GameState, emit: Emit, size: int) -> str | None:
    """GT-TBB-03 at the end of a tick, the runs timed in real seconds: why
    building ends, or None."""
    glass = state.hourglass
    glass.setdefault("runs", 0)
    out = glass.pop("out", False)
    anyone = any(p.finished_building for p in state.players)
    if all(p.finished_building for p in state.players):
        return "all_finished"  # step 1
    if glass["waiting"]:  # step 2 (a run out while waiting: the safety valve)
        glass["waited"] += 1
        if anyone or out or glass["waited"] == size:
            _turned(glass, emit, 0, size)
        return None
    glass["ticks_left"] -= 1
    if not out and glass["ticks_left"] > 0:
        return None  # step 3
    emit("hourglass_ran_out", None, pos=glass["pos"], by="time" if out else "ticks")
    if glass["pos"] >= 2:  # step 4
        _turned(glass, emit, glass["pos"] - 1, size)
    elif glass["pos"] == 1:  # step 5
        if anyone:
            _turned(glass, emit, 0, size)
        else:
            glass.update(waiting=True, waited=0, ticks_left=0)
            emit("hourglass_waiting", None)
    else:
        return "time_up"  # step 6, GT-TBB-09
    return None


def _turned(glass: dict, emit: Emit, pos: int, size: int) -> None:
    glass.update(pos=pos, ticks_left=SAFETY * size, waiting=False, runs=glass["runs"] + 1)
    emit("hourglass_flipped", None, pos=pos)
