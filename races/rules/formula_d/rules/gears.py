"""Gears: the start (FD-B-4, FD-A-2), gear selection (FD-B-5, FD-A-6, FD-B-12.9,
FD-B-12.11) and the gear die."""

from __future__ import annotations

from ...contract import decision_of
from ..chance import GEAR_RANGE
from ..state import PIT_NONE, Car
from . import damage
from .damage import SKIP_COSTS_ADVANCED


def skip_costs(rs, car: Car, to: int) -> dict[str, int]:
    skipped = car.gear - to - 1
    if skipped <= 0:
        return {}
    if rs.qualifying:
        return {}  # FD-V-4.3: any downshift is free
    if car.in_pit_area and not rs.bga:
        return {}  # FD-B-12.9 published; FD-BGA-13 charges it
    if rs.advanced:
        return dict(SKIP_COSTS_ADVANCED[skipped])
    return {"WP": skipped}


def gear_error(rs, car: Car, to: int) -> str | None:
    """Why `to` may not be selected now, or None (FD-B-5.2, FD-A-6, FD-B-5.6)."""
    if not isinstance(to, int) or isinstance(to, bool) or not 1 <= to <= 6:
        return "choose a gear from 1 to 6"
    if car.spun or car.stalled:
        return None if to == 1 else "after a stall or a spin you must select gear 1 (FD-B-5.5)"
    if car.exit_cap is not None and to > car.exit_cap:
        return f"leaving the pits you may select at most gear {car.exit_cap} (FD-B-12.11)"
    if to > car.gear + 1:
        return f"gear {to} is not allowed: from gear {car.gear} you may go up one gear only"
    if car.gear - to >= 5 and not rs.qualifying:  # FD-V-4.3: any downshift is free
        return "dropping five gears (6 to 1) is not allowed"
    costs = skip_costs(rs, car, to)
    if not costs:
        return None
    if rs.advanced and car.wear["Gb"] == 0:
        return "with no gearbox points left you may shift down one gear at a time (FD-A-6.2)"
    if not damage.can_pay_voluntary(rs, car, costs):
        text = ", ".join(f"{v} {k}" for k, v in costs.items())
        return f"skipping to gear {to} costs {text}; you cannot pay it without being eliminated"
    return None


def legal_gears(rs, car: Car) -> list[int]:
    return [g for g, _costs in gear_choices(rs, car)]


def gear_choices(rs, car: Car) -> tuple[tuple[int, dict[str, int]], ...]:
    """The legal gears with their skip costs. The cost dicts are shared: copy them."""
    if car.spun or car.stalled or car.exit_cap is not None:
        return _checked_choices(rs, car)
    # Otherwise gear_error and skip_costs read only the race's fixed options, the
    # gear, whether the car is in the pit area and its wear: the race remembers
    # the choices for each of those (a race meets a few hundred).
    key = (car.gear, car.pit == PIT_NONE, tuple(car.wear.items()))
    choices = rs.gear_choices.get(key)
    if choices is None:
        choices = rs.gear_choices[key] = _free_and_skipping_choices(rs, car)
    return choices


# Worked out apart from `gear_choices`, which every turn calls: their
# comprehensions would make closure cells of the race and the car per call.
def _checked_choices(rs, car: Car) -> tuple[tuple[int, dict[str, int]], ...]:
    return tuple((g, skip_costs(rs, car, g)) for g in range(1, 7) if gear_error(rs, car, g) is None)


def _free_and_skipping_choices(rs, car: Car) -> tuple[tuple[int, dict[str, int]], ...]:
    # One gear up or down, or the same gear, is always allowed and free
    # (FD-B-5.2): only the gears a downshift would skip need gear_error.
    low = max(1, car.gear - 1)
    skipping = [g for g in range(1, low) if gear_error(rs, car, g) is None]
    return tuple((g, skip_costs(rs, car, g)) for g in skipping) + tuple(
        (g, {}) for g in range(low, min(6, car.gear + 1) + 1)
    )


def owed_corner(rs, car: Car) -> dict | None:
    """The next corner where the car owes stops, for the gear panel (FD-E-9)."""
    t = rs.track
    if car.space < 0 or t.kind_of[car.space] != 0:
        return None
    if car.corner >= 0 and car.stops < t.corners[car.corner].stops:
        c, made = t.corners[car.corner], car.stops
    else:
        c = t.corners[t.reference_corner[t.rank[car.space]]]
        if c.index == car.corner:
            c = t.corners[(c.index + 1) % len(t.corners)]
        made = 0
    distance = (c.last - t.rank[car.space]) % t.L
    return {"corner": c.id, "stops": c.stops, "made": made, "ranks_to_exit": distance}


def select(rs, emit, car: Car):
    """Step 2 of FD-P-3: decision `gear`, skip costs paid at once."""
    options, legal = [], []
    for g, costs in gear_choices(rs, car):
        # displays, not calls: a copy of the range and of the shared costs
        options.append({"gear": g, "range": [*GEAR_RANGE[g]], "costs": {**costs}})
        legal.append({"gear": g})
    decision = decision_of(
        car.seat,
        "gear",
        f"Select your gear (now {car.gear})",
        {"current": car.gear, "gears": options, "owed": owed_corner(rs, car), "legal": legal},
    )
    action = yield (decision, lambda a: gear_error(rs, car, a.params.get("gear")))
    to = action.params["gear"]
    costs = skip_costs(rs, car, to)
    skipped = max(0, car.gear - to - 1)
    data = {"from": car.gear, "to": to, "skipped": skipped, "costs": costs}
    emit("gear_selected", car.seat, **data)
    car.gear = to
    car.spun = car.stalled = False
    car.exit_cap = None
    for cat, amount in costs.items():
        if damage.lose(rs, emit, car, cat, amount, "downshift", own_turn=True):
            break


GEAR_DIE = {g: f"g{g}" for g in GEAR_RANGE}


def roll_gear(chance, emit, car: Car) -> int:
    die = GEAR_DIE[car.gear]
    value = chance.roll(die)
    emit(
        "gear_rolled",
        car.seat,
        die=die,
        value=value,
        purpose="move",
        gear=car.gear,
        maximum=value == GEAR_RANGE[car.gear][1] and car.gear >= 5,
    )
    return value


START_BASIC = ((1, "stall"), (16, "normal"), (20, "great"))  # FD-B-4.1
START_ADVANCED = ((1, "stall"), (19, "normal"), (20, "great"))  # FD-A-2.1


def start(rs, chance, emit, car: Car) -> tuple[int | None, bool]:
    """The first round's black die (FD-B-4, FD-A-2): a stall (no move, FD-B-4.2),
    a normal start (the gear die) or a great start (4 spaces). Returns (the
    spaces rolled or None, whether the start was great)."""
    value = chance.roll("black")
    table = START_ADVANCED if rs.advanced else START_BASIC
    outcome = next(name for top, name in table if value <= top)
    emit("start_roll", car.seat, die="black", value=value, purpose="start", outcome=outcome)
    if outcome == "stall":
        car.stalled = True  # FD-B-4.2
        return None, False
    if outcome == "great":
        return 4, True
    return roll_gear(chance, emit, car), False
