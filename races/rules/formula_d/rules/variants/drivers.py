"""Special drivers (FD-V-12): advanced published street races only.

Each ability is a small hook the turn procedure calls at its step of FD-P-3;
the decisions (`frogger_reroll`, `drift`, `debris`, `radio`) are generators.
"""

from __future__ import annotations

from ....contract import Action, Decision
from .. import damage
from ..driving import path_effects
from ..move import rules_for
from ..steps import LAP, OVERS, PIT, SPACE, links, step
from ..track import TRACK
from .abilities import (
    RADIO,
    has,
)


def drift_options(rs, turn) -> list[dict]:
    """FD-V-12.4: one step forward to a free neighbour, or back one path space."""
    car, t = turn.car, rs.track
    if not has(car, "jack_owens") or not car.racing or car.wear["T"] < 1:
        return []
    if not any(t.corner[s] >= 0 for s in turn.path) or turn.crossed_final:
        return []
    if t.kind_of[car.space] != TRACK or not turn.states:
        return []
    last = turn.states[-1]
    out = []
    rules = rules_for(rs, car)
    rules.cleared = turn.cleared
    for link in links(rules, last):
        to, _diag, crosses, pit_entry = link
        if crosses or pit_entry or t.kind_of[to] != TRACK:
            continue
        got = step(rules, last, link, turn.steps + 1)
        if isinstance(got, str):
            continue
        out.append({"to": t.ids[to], "direction": "forward", "state": got[0]})
    if len(turn.states) >= 2:
        before = turn.states[-2]
        if before[LAP] == last[LAP] and before[PIT] == last[PIT]:
            undoes = any(k == turn.steps for _c, k in turn.overs)
            out.append(
                {
                    "to": t.ids[before[SPACE]],
                    "direction": "back",
                    "state": before,
                    "undoes_overshoot": undoes,
                }
            )
    return out


def drift(rs, chance, emit, turn):
    """Step 10: decision `drift` for Jack Owens, cost 1 tyre point."""
    options = drift_options(rs, turn)
    if not options:
        return
    car, t = turn.car, rs.track
    by_to = {o["to"]: o for o in options}
    decision = Decision(
        car.seat,
        "drift",
        "Drift one space (1 tyre point)?",
        {
            "options": [{k: v for k, v in o.items() if k != "state"} for o in options],
            "legal": [{"to": None}] + [{"to": o["to"]} for o in options],
        },
        default=Action("drift", {"to": None}),
    )
    action = yield (
        decision,
        lambda a: (
            None
            if a.params.get("to") is None or a.params["to"] in by_to
            else "that is not a drift Jack can make"
        ),
    )
    to = action.params.get("to")
    if to is None:
        return
    choice = by_to[to]
    emit("drift_used", car.seat, space=to, direction=choice["direction"])
    damage.lose(rs, emit, car, "T", 1, "drift", own_turn=True)
    if choice["direction"] == "forward":
        new = choice["state"]
        path_effects(rs, chance, emit, turn, [turn.states[-1], new])
        turn.overs = turn.overs + tuple(o for o in new[OVERS] if o not in turn.states[-1][OVERS])
    else:
        turn.overs = tuple(o for o in turn.overs if o[1] != turn.steps)
        turn.states.pop()
        turn.path.pop()
        turn.steps -= 1
        car.space = t.index[to]


def debris(rs, emit, turn):
    """Step 17: Temana Matahi may drop a marker behind her, once a lap (FD-V-12.8 (a))."""
    car, t = turn.car, rs.track
    if not has(car, "temana_matahi") or not car.racing or car.extra.get("debris", 1) < 1:
        return
    spaces = [turn.start, *turn.path[:-1]] if turn.path else []
    spaces = list(dict.fromkeys(s for s in spaces if t.kind_of[s] == TRACK and s != car.space))
    if not spaces:
        return
    names = [t.ids[s] for s in spaces]
    decision = Decision(
        car.seat,
        "debris",
        "Drop debris behind you?",
        {"spaces": names, "legal": [{"space": None}] + [{"space": n} for n in names]},
        default=Action("debris", {"space": None}),
    )
    action = yield (
        decision,
        lambda a: (
            None
            if a.params.get("space") is None or a.params["space"] in names
            else "debris goes on a space you entered this turn, behind you"
        ),
    )
    where = action.params.get("space")
    if where is None:
        return
    car.extra["debris"] = 0
    emit("debris_dropped", car.seat, space=where)
    damage.place_marker(rs, emit, t.index[where], "debris", car.seat)


def radio(rs, chance, emit, turn):
    """Step 18: Stanley Washington's once-a-race throw at a car that came near (FD-V-12.7)."""
    mover, t = turn.car, rs.track
    stan = next((c for c in rs.cars if has(c, "stanley_washington")), None)
    if stan is None or stan is mover or not stan.racing or stan.extra.get("radio_used"):
        return
    if t.kind_of[stan.space] != TRACK or not mover.racing:
        return
    near = t.near(stan.space)
    if not any(s in near for s in turn.path):
        return
    decision = Decision(
        stan.seat,
        "radio",
        f"Throw the radio at {mover.seat}?",
        {"target": mover.seat, "legal": [{"throw": False}, {"throw": True}]},
        default=Action("radio", {"throw": False}),
    )
    action = yield (
        decision,
        lambda a: None if a.params.get("throw") in (True, False) else "throw is true or false",
    )
    if not action.params["throw"]:
        return
    stan.extra["radio_used"] = True
    value = chance.roll("black")  # R12
    cat = next(c for top, c in RADIO if value <= top)
    emit(
        "radio_thrown",
        stan.seat,
        target=mover.seat,
        die="black",
        value=value,
        purpose="radio",
        category=cat,
    )
    damage.lose(rs, emit, mover, cat, 1, "radio", own_turn=False)
