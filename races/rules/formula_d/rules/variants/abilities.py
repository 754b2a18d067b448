"""The special drivers of the street races (FD-V-12): who drives which car,
and what each one changes about a rule, as the questions the rules ask
(a threshold, a cap, a die count, a block) and Frogger's weather reroll.
The decisions that move a car (Jack Owens's drift, debris, the radio) are
in drivers.py."""

from __future__ import annotations

from ....contract import Action, Decision
from ...state import Car
from ..track import TRACK

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


def deal(rs, chance, emit) -> None:
    """R1: shuffle the table order; missing drivers dealt from index 0 in seat order."""
    if not rs.drivers_on:
        return
    wanted = [c for c in rs.cars if not c.driver]
    if not wanted:
        return
    taken = {c.driver for c in rs.cars if c.driver}
    shuffled = chance.shuffle(list(DRIVERS))
    deck = [d for d in shuffled if d not in taken]
    for car, driver in zip(wanted, deck, strict=False):
        car.driver = driver
    for car in rs.cars:
        car.maxima = dict(DRIVERS[car.driver])
        car.wear = dict(car.maxima)
    # the draw itself is logged (FD-E-15): the shuffled table order, then the deal
    emit(
        "drivers_dealt",
        None,
        drivers={c.seat: c.driver for c in rs.cars},
        purpose="special_drivers",
        deck=shuffled,
    )


def has(car: Car, driver: str) -> bool:
    return car.driver == driver


def engine_threshold(car: Car, threshold: int) -> int:
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


def li_blocks(rs, car: Car) -> bool:
    """FD-V-12.1: on its last lap, until it has stopped on rank L-1, that row is
    terminal for every car but Li; the requirement lapses if Li is eliminated."""
    if not rs.drivers_on or rs.qualifying:  # FD-V-4.4: no abilities in qualifying
        return False
    if car.extra.get("li_done") or has(car, "li_tzu_sin"):
        return False
    if car.lap != rs.laps:
        return False
    return any(has(c, "li_tzu_sin") and c.status != "eliminated" for c in rs.cars)


def li_stop(rs, car: Car) -> None:
    t = rs.track
    if car.lap == rs.laps and t.kind_of[car.space] == TRACK and t.rank[car.space] == t.L - 1:
        car.extra["li_done"] = True


def collision_dice(mover: Car, hit: Car) -> tuple[int, int]:
    """FD-V-12.3, FD-AMB-51: (dice the hit car rolls, dice the mover rolls for it)."""
    hit_rolls = 2 if has(mover, "derek_manson") and not has(hit, "derek_manson") else 1
    mover_rolls = 2 if has(hit, "derek_manson") and not has(mover, "derek_manson") else 1
    return hit_rolls, mover_rolls


def frogger_reroll(rs, value_roll):
    """FD-V-12.2 (a), FD-AMB-50: Frogger's seat may have a weather roll rolled again.

    Returns the seat that asked for the reroll, or None."""
    frog = next((c for c in rs.cars if has(c, "frogger") and c.status == "racing"), None)
    if frog is None:
        return None
    decision = Decision(
        frog.seat,
        "frogger_reroll",
        f"The weather die shows {value_roll}. Roll it again?",
        {"value": value_roll, "legal": [{"reroll": False}, {"reroll": True}]},
        default=Action("frogger_reroll", {"reroll": False}),
    )
    action = yield (
        decision,
        lambda a: None if a.params.get("reroll") in (True, False) else "reroll is true or false",
    )
    return frog.seat if action.params["reroll"] else None
