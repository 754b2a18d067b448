"""Special drivers (FD-V-12): advanced published street races only.

Each ability is a small hook the turn procedure calls at its step of FD-P-3;
the decisions (`frogger_reroll`, `drift`, `debris`, `radio`) are generators.
"""

from __future__ import annotations

from ..contract import Action, Decision
from . import damage
from .move import rules_for
from .state import Car
from .steps import LAP, OVERS, PIT, SPACE, links, step
from .track import TRACK

# FD-V-12.0, in table order (the order the deal shuffles, FD-E-11)
DRIVERS = {
    "li_tzu_sin": {"T": 7, "Br": 3, "Gb": 2, "Bo": 2, "En": 3, "Su": 3},
    "frogger": {"T": 8, "Br": 4, "Gb": 2, "Bo": 2, "En": 3, "Su": 2},
    "derek_manson": {"T": 6, "Br": 3, "Gb": 2, "Bo": 4, "En": 3, "Su": 3},
    "jack_owens": {"T": 9, "Br": 2, "Gb": 2, "Bo": 2, "En": 3, "Su": 2},
    "jenny_slivers": {"T": 4, "Br": 6, "Gb": 2, "Bo": 3, "En": 3, "Su": 2},
    "diane_montfort": {"T": 6, "Br": 4, "Gb": 2, "Bo": 3, "En": 3, "Su": 3},
    "stanley_washington": {"T": 7, "Br": 2, "Gb": 3, "Bo": 2, "En": 3, "Su": 3},
    "temana_matahi": {"T": 6, "Br": 3, "Gb": 3, "Bo": 3, "En": 3, "Su": 3},
    "dimitri_tzarof": {"T": 5, "Br": 4, "Gb": 3, "Bo": 3, "En": 3, "Su": 4},
    "montoya_cadena": {"T": 5, "Br": 5, "Gb": 3, "Bo": 2, "En": 3, "Su": 2},
}
# FD-V-12.7: radio target's black die -> category
RADIO = ((4, "T"), (7, "Br"), (10, "Gb"), (13, "Bo"), (17, "En"), (20, "Su"))


def deal(race) -> None:
    """R1: shuffle the table order; missing drivers dealt from index 0 in seat order."""
    if not race.drivers_on:
        return
    wanted = [c for c in race.cars if not c.driver]
    if not wanted:
        return
    taken = {c.driver for c in race.cars if c.driver}
    shuffled = race.dice.shuffle(list(DRIVERS))
    deck = [d for d in shuffled if d not in taken]
    for car, driver in zip(wanted, deck, strict=False):
        car.driver = driver
    for car in race.cars:
        car.maxima = dict(DRIVERS[car.driver])
        car.wear = dict(car.maxima)
    # the draw itself is logged (FD-E-15): the shuffled table order, then the deal
    race.emit(
        "drivers_dealt",
        None,
        drivers={c.seat: c.driver for c in race.cars},
        purpose="special_drivers",
        deck=shuffled,
    )


def has(car: Car, driver: str) -> bool:
    return car.driver == driver


def engine_threshold(race, car: Car, threshold: int) -> int:
    """FD-V-12.9 Dimitri Tzarof: 1-3, wet 1-2."""
    return threshold - 1 if has(car, "dimitri_tzarof") else threshold


def marker_threshold(car: Car, threshold: int) -> int:
    """FD-V-12.8 (b), FD-AMB-55: Temana Matahi's own car fails marker checks on 1-2."""
    return 2 if has(car, "temana_matahi") else threshold


def nitro_bonus(car: Car) -> int:
    """FD-V-12.10 Montoya Cadena: three more spaces."""
    return 3 if has(car, "montoya_cadena") else 0


def slide_cap(car: Car, slide: int) -> int:
    """FD-V-12.2 (b): Frogger slides at most 1 space."""
    return min(1, slide) if has(car, "frogger") else slide


def li_blocks(race, car: Car) -> bool:
    """FD-V-12.1: on its last lap, until it has stopped on rank L-1, that row is
    terminal for every car but Li; the requirement lapses if Li is eliminated."""
    if not race.drivers_on or race.qualifying:  # FD-V-4.4: no abilities in qualifying
        return False
    if car.extra.get("li_done") or has(car, "li_tzu_sin"):
        return False
    if car.lap != race.laps:
        return False
    return any(has(c, "li_tzu_sin") and c.status != "eliminated" for c in race.cars)


def li_stop(race, car: Car) -> None:
    t = race.track
    if car.lap == race.laps and t.kind_of[car.space] == TRACK and t.rank[car.space] == t.L - 1:
        car.extra["li_done"] = True


def collision_dice(mover: Car, hit: Car) -> tuple[int, int]:
    """FD-V-12.3, FD-AMB-51: (dice the hit car rolls, dice the mover rolls for it)."""
    hit_rolls = 2 if has(mover, "derek_manson") and not has(hit, "derek_manson") else 1
    mover_rolls = 2 if has(hit, "derek_manson") and not has(mover, "derek_manson") else 1
    return hit_rolls, mover_rolls


def frogger_reroll(race, value_roll):
    """FD-V-12.2 (a), FD-AMB-50: Frogger's seat may have a weather roll rolled again.

    Returns the seat that asked for the reroll, or None."""
    frog = next((c for c in race.cars if has(c, "frogger") and c.status == "racing"), None)
    if frog is None:
        return None
    decision = Decision(
        frog.seat,
        "frogger_reroll",
        f"The weather die shows {value_roll}. Roll it again?",
        {"value": value_roll, "legal": [{"reroll": False}, {"reroll": True}]},
        default=Action("frogger_reroll", {"reroll": False}),
    )
    action = yield from race.ask(
        decision,
        lambda a: None if a.params.get("reroll") in (True, False) else "reroll is true or false",
    )
    return frog.seat if action.params["reroll"] else None


def drift_options(race, turn) -> list[dict]:
    """FD-V-12.4: one step forward to a free neighbour, or back one path space."""
    car, t = turn.car, race.track
    if not has(car, "jack_owens") or not car.racing or car.wear["T"] < 1:
        return []
    if not any(t.corner[s] >= 0 for s in turn.path) or turn.crossed_final:
        return []
    if t.kind_of[car.space] != TRACK or not turn.states:
        return []
    last = turn.states[-1]
    out = []
    rules = rules_for(race, car)
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


def drift(race, turn):
    """Step 10: decision `drift` for Jack Owens, cost 1 tyre point."""
    from .turn import path_effects

    options = drift_options(race, turn)
    if not options:
        return
    car, t = turn.car, race.track
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
    action = yield from race.ask(
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
    race.emit("drift_used", car.seat, space=to, direction=choice["direction"])
    damage.lose(race, car, "T", 1, "drift", own_turn=True)
    if choice["direction"] == "forward":
        new = choice["state"]
        path_effects(race, turn, [turn.states[-1], new])
        turn.overs = turn.overs + tuple(o for o in new[OVERS] if o not in turn.states[-1][OVERS])
    else:
        turn.overs = tuple(o for o in turn.overs if o[1] != turn.steps)
        turn.states.pop()
        turn.path.pop()
        turn.steps -= 1
        car.space = t.index[to]


def debris(race, turn):
    """Step 17: Temana Matahi may drop a marker behind her, once a lap (FD-V-12.8 (a))."""
    car, t = turn.car, race.track
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
    action = yield from race.ask(
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
    race.emit("debris_dropped", car.seat, space=where)
    damage.place_marker(race, t.index[where], "debris", car.seat)


def radio(race, turn):
    """Step 18: Stanley Washington's once-a-race throw at a car that came near (FD-V-12.7)."""
    mover, t = turn.car, race.track
    stan = next((c for c in race.cars if has(c, "stanley_washington")), None)
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
    action = yield from race.ask(
        decision,
        lambda a: None if a.params.get("throw") in (True, False) else "throw is true or false",
    )
    if not action.params["throw"]:
        return
    stan.extra["radio_used"] = True
    value = race.roll("black")  # R12
    cat = next(c for top, c in RADIO if value <= top)
    race.emit(
        "radio_thrown",
        stan.seat,
        target=mover.seat,
        die="black",
        value=value,
        purpose="radio",
        category=cat,
    )
    damage.lose(race, mover, cat, 1, "radio", own_turn=False)
