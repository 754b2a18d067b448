"""Slipstream (FD-A-10): three shapes of three steps, braked prefixes, chaining."""

from __future__ import annotations

from ...contract import Action, Decision
from ..state import RACING
from .driving import path_effects
from .move import rules_for
from .steps import OVERS, links, start_state, step
from .track import TRACK


def _shape_lanes(lane: int) -> list[tuple[int, int, int]]:
    out = []
    for d in (-1, 1):
        for lanes in (
            (lane + d, lane + d, lane),
            (lane + d, lane, lane),
            (lane + d,) * 3,
            (lane + d, lane + 2 * d, lane + 2 * d),
        ):
            if lanes not in out:
                out.append(lanes)
    return out


def eligible(rs, turn) -> bool:
    """FD-A-10.1 (a)-(g)."""
    car, t = turn.car, rs.track
    if not rs.advanced or rs.qualifying or turn.braked or turn.overs or car.status != RACING:
        return False
    if turn.crossed_final or t.kind_of[car.space] != TRACK or car.gear < 4:
        return False  # gear 4 or more (FD-A-10.1), asked before looking for a car ahead
    ahead = t.ahead[car.space]
    leader = rs.car_at(ahead) if ahead >= 0 else None
    if leader is None or t.kind_of[leader.space] != TRACK:
        return False
    return car.gear >= 4 and leader.gear >= 4 and car.gear >= leader.gear


def options(rs, turn) -> list[dict]:
    """Every legal slipstream path (full shapes and braked prefixes) with its costs."""
    car, t = turn.car, rs.track
    rules = rules_for(rs, car, slipstream=True)
    begin = start_state(t, car.space, car.lap, 0)
    already = sum(info["b"] for kind, info in turn.brakes if kind != "forced")
    found: dict[tuple, dict] = {}
    # FD-BGA-10: an unused soft bonus may add a fourth, straight step, once a turn
    extend = rs.bga and car.extra.get("soft_unused") and not car.extra.get("soft_slip")
    for lanes in _shape_lanes(t.lane[car.space]):
        if extend:
            lanes = (*lanes, lanes[-1])
        state, path, states = begin, [], [begin]
        for i, lane in enumerate(lanes):
            link = next(
                (
                    ln
                    for ln in links(rules, state)
                    if t.lane[ln[0]] == lane and t.kind_of[ln[0]] == TRACK
                ),
                None,
            )
            if link is None:
                break
            got = step(rules, state, link, turn.steps + i + 1)
            if isinstance(got, str):
                break
            state, terminal = got
            path.append(state[0])
            states.append(state)
            if terminal:
                break
        for n in range(1, len(path) + 1):
            prefix = tuple(path[:n])
            done = n >= 3 or (n == len(path) and states[n][5] > rs.laps)
            b = 0 if done else 3 - n
            entry = any(
                t.corner[s] >= 0 and t.corner[s] != t.corner[p]
                for p, s in zip((car.space, *prefix), prefix, strict=False)
            )
            cost = b + (1 if entry else 0)
            if cost and car.wear["Br"] < already + cost:
                continue
            found[prefix] = {
                "path": [t.ids[s] for s in prefix],
                "braking": b,
                "corner_entry": entry,
                "brake_points": cost,
                "soft_step": n == 4,
                "state": states[n],
            }
    return list(found.values())


def offer(rs, chance, emit, turn):
    """Step 9: decision `slipstream` while the car is eligible; chains after full shapes."""
    car, t = turn.car, rs.track
    while eligible(rs, turn):
        choices = options(rs, turn)
        if not choices:
            return
        by_path = {tuple(c["path"]): c for c in choices}
        decision = Decision(
            car.seat,
            "slipstream",
            "Slipstream behind the car ahead? (an empty path declines)",
            {
                "paths": [{k: v for k, v in c.items() if k != "state"} for c in choices],
                "legal": [{"path": []}] + [{"path": c["path"]} for c in choices],
            },
            default=Action("slipstream", {"path": []}),
        )

        def check(action, by_path=by_path):
            path = action.params.get("path")
            if not isinstance(path, list | tuple):
                return "path must be a list of space ids"
            if path and tuple(path) not in by_path:
                return "that is not a legal slipstream path (FD-A-10.3)"
            return None

        action = yield (decision, check)
        path = tuple(action.params["path"])
        if not path:
            return
        choice = by_path[path]
        ints = [t.index[s] for s in path]
        rules = rules_for(rs, car, slipstream=True)
        state = start_state(t, car.space, car.lap, 0)
        states = [state]
        for i, to in enumerate(ints):
            link = next(ln for ln in links(rules, states[-1]) if ln[0] == to)
            states.append(step(rules, states[-1], link, turn.steps + i + 1)[0])
        emit(
            "moved",
            car.seat,
            kind="slipstream",
            path=list(path),
            m=3,
            travelled=len(path),
            braking=choice["braking"],
            brake_kind="slipstream",
        )
        path_effects(rs, chance, emit, turn, states)
        turn.overs = turn.overs + states[-1][OVERS]
        if choice["braking"]:
            turn.brakes.append(("slipstream", {"b": choice["braking"]}))
        if choice["corner_entry"]:
            turn.brakes.append(("corner_entry", {"b": 1}))
        if choice["soft_step"]:
            car.extra["soft_slip"] = True
        if choice["braking"]:
            turn.braked = True  # FD-A-10.5: no slipstream after a braked one
