"""Gear selection (FD-B-5, FD-A-6, FD-B-12.9, FD-B-12.11) and car builds (FD-V-3)."""

from __future__ import annotations

from ...contract import Action, Decision
from ..chance import GEAR_RANGE
from ..state import CATEGORIES, PIT_NONE, STANDARD_CAR, Car
from . import damage
from .damage import SKIP_COSTS_ADVANCED


def skip_costs(race, car: Car, to: int) -> dict[str, int]:
    skipped = car.gear - to - 1
    if skipped <= 0:
        return {}
    if race.qualifying:
        return {}  # FD-V-4.3: any downshift is free
    if car.in_pit_area and not race.bga:
        return {}  # FD-B-12.9 published; FD-BGA-13 charges it
    if race.advanced:
        return dict(SKIP_COSTS_ADVANCED[skipped])
    return {"WP": skipped}


def gear_error(race, car: Car, to: int) -> str | None:
    """Why `to` may not be selected now, or None (FD-B-5.2, FD-A-6, FD-B-5.6)."""
    if not isinstance(to, int) or isinstance(to, bool) or not 1 <= to <= 6:
        return "choose a gear from 1 to 6"
    if car.spun or car.stalled:
        return None if to == 1 else "after a stall or a spin you must select gear 1 (FD-B-5.5)"
    if car.exit_cap is not None and to > car.exit_cap:
        return f"leaving the pits you may select at most gear {car.exit_cap} (FD-B-12.11)"
    if to > car.gear + 1:
        return f"gear {to} is not allowed: from gear {car.gear} you may go up one gear only"
    if car.gear - to >= 5 and not race.qualifying:  # FD-V-4.3: any downshift is free
        return "dropping five gears (6 to 1) is not allowed"
    costs = skip_costs(race, car, to)
    if not costs:
        return None
    if race.advanced and car.wear["Gb"] == 0:
        return "with no gearbox points left you may shift down one gear at a time (FD-A-6.2)"
    if not damage.can_pay_voluntary(race, car, costs):
        text = ", ".join(f"{v} {k}" for k, v in costs.items())
        return f"skipping to gear {to} costs {text}; you cannot pay it without being eliminated"
    return None


def legal_gears(race, car: Car) -> list[int]:
    return [g for g, _costs in gear_choices(race, car)]


def gear_choices(race, car: Car) -> tuple[tuple[int, dict[str, int]], ...]:
    """The legal gears with their skip costs. The cost dicts are shared: copy them."""
    if car.spun or car.stalled or car.exit_cap is not None:
        return tuple(
            (g, skip_costs(race, car, g)) for g in range(1, 7) if gear_error(race, car, g) is None
        )
    # Otherwise gear_error and skip_costs read only the race's fixed options, the
    # gear, whether the car is in the pit area and its wear: the race remembers
    # the choices for each of those (a race meets a few hundred).
    key = (car.gear, car.pit == PIT_NONE, tuple(car.wear.items()))
    choices = race.gear_choices.get(key)
    if choices is None:
        # One gear up or down, or the same gear, is always allowed and free
        # (FD-B-5.2): only the gears a downshift would skip need gear_error.
        low = max(1, car.gear - 1)
        skipping = [g for g in range(1, low) if gear_error(race, car, g) is None]
        choices = tuple((g, skip_costs(race, car, g)) for g in skipping) + tuple(
            (g, {}) for g in range(low, min(6, car.gear + 1) + 1)
        )
        race.gear_choices[key] = choices
    return choices


def owed_corner(race, car: Car) -> dict | None:
    """The next corner where the car owes stops, for the gear panel (FD-E-9)."""
    t = race.track
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


def select(race, car: Car):
    """Step 2 of FD-P-3: decision `gear`, skip costs paid at once."""
    options, legal = [], []
    for g, costs in gear_choices(race, car):
        options.append({"gear": g, "range": list(GEAR_RANGE[g]), "costs": dict(costs)})
        legal.append({"gear": g})
    decision = Decision(
        car.seat,
        "gear",
        f"Select your gear (now {car.gear})",
        {"current": car.gear, "gears": options, "owed": owed_corner(race, car), "legal": legal},
    )
    action = yield from race.ask(decision, lambda a: gear_error(race, car, a.params.get("gear")))
    to = action.params["gear"]
    costs = skip_costs(race, car, to)
    skipped = max(0, car.gear - to - 1)
    data = {"from": car.gear, "to": to, "skipped": skipped, "costs": costs}
    race.emit("gear_selected", car.seat, **data)
    car.gear = to
    car.spun = car.stalled = False
    car.exit_cap = None
    for cat, amount in costs.items():
        if damage.lose(race, car, cat, amount, "downshift", own_turn=True):
            break


# ----- FD-V-3 build your car --------------------------------------------------
def build_error(race, build) -> str | None:
    if not isinstance(build, dict):
        return "a build maps T, Br, Gb, Bo, En, Su to points"
    values = {}
    for cat in CATEGORIES:
        v = build.get(cat)
        if not isinstance(v, int) or isinstance(v, bool) or v < 1:
            return f"build: {cat} needs a whole number of at least 1"
        values[cat] = v
    extra = set(build) - set(CATEGORIES) - {"reserve"}
    if extra:
        return f"build: unknown category {sorted(extra)[0]!r}"
    total = sum(values.values())
    technical = race.cfg.get("technical_pit_stops")
    if race.bga:  # FD-BGA-15
        reserve = build.get("reserve", 2 if technical else 0)
        if not technical and "reserve" in build:
            return "build: a repair reserve exists only with technical pit stops"
        if reserve not in (0, 1, 2):
            return "build: the repair reserve is 0, 1 or 2"
        need = 22 if technical else 20
        if total + (reserve if technical else 0) != need:
            return f"build: the points must add up to {need}; they add up to {total + reserve}"
        return None
    if "reserve" in build:
        return "build: the repair reserve is fixed at 2 under the published rules"
    if total != 20:
        return f"build: the six categories must add up to 20; they add up to {total}"
    if values["T"] > 14:
        return "build: tyres allow 1 to 14 points"
    for cat in CATEGORIES[1:]:
        if values[cat] > 7:
            return f"build: {cat} allows 1 to 7 points"
    return None


def standard_build(race) -> dict:
    build = dict(STANDARD_CAR)
    if race.bga and race.cfg.get("technical_pit_stops"):
        build["reserve"] = 2
    return build


def apply_build(race, car: Car, build: dict) -> None:
    car.maxima = {c: build[c] for c in CATEGORIES}
    car.wear = dict(car.maxima)
    if race.bga and race.cfg.get("technical_pit_stops"):
        car.reserve = build.get("reserve", 2)
    race.emit("car_built", car.seat, maxima=dict(car.maxima), reserve=car.reserve)


def build_choices(race):
    """FD-P-1.1 step 3: `build` decisions for seats without `setup.build`."""
    if not race.cfg.get("build_your_car"):
        return
    pairs = []
    for car, seat in zip(race.cars, race.seats, strict=True):
        if seat.setup.get("build"):
            continue
        decision = Decision(
            car.seat,
            "build",
            "Distribute your car's points",
            {"standard": standard_build(race), "legal": [standard_build(race)]},
            default=Action("build", standard_build(race)),
        )
        pairs.append((decision, lambda a: build_error(race, _build_params(a))))
    if not pairs:
        return
    answers = yield from race.ask_all(pairs)
    for car in race.cars:
        if car.seat in answers:
            apply_build(race, car, _build_params(answers[car.seat]))


def _build_params(action) -> dict:
    return {k: v for k, v in action.params.items() if k != "elapsed_s"}


GEAR_DIE = {g: f"g{g}" for g in GEAR_RANGE}


def roll_gear(race, car: Car) -> int:
    die = GEAR_DIE[car.gear]
    value = race.roll(die)
    race.emit(
        "gear_rolled",
        car.seat,
        die=die,
        value=value,
        purpose="move",
        gear=car.gear,
        maximum=value == GEAR_RANGE[car.gear][1] and car.gear >= 5,
    )
    return value
