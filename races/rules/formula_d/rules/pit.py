"""Pit stops (FD-B-12.11, FD-A-11, FD-V-5.3, FD-V-8) and tyres (FD-V-7)."""

from __future__ import annotations

from ...contract import Action, Decision
from ..state import CATEGORIES, Car
from . import damage
from .driving import Turn, collisions, drive, pay_braking, resolve_corners
from .track import TRACK
from .variants.abilities import slide_cap
from .variants.street import nitro_available, nitro_spaces

TYRES = ("hard", "soft", "rain")
NON_TYRE = CATEGORIES[1:]


def tyre_choices(rs, emit):
    """FD-P-1.1 step 6: every seat picks its starting set at once (FD-V-7.2)."""
    if not rs.tire_effects or rs.street_tyres:
        return  # FD-V-11.2: street cars are on hard tyres
    pairs = []
    for car, seat in zip(rs.cars, rs.seats, strict=True):
        default = seat.setup.get("tires", "hard")
        decision = Decision(
            car.seat,
            "tires",
            "Choose your tyres",
            {
                "types": list(TYRES),
                "surface": "wet" if damage.wet(rs) else "dry",
                "legal": [{"type": t} for t in TYRES],
            },
        )
        decision = Decision(
            decision.seat,
            decision.kind,
            decision.prompt,
            decision.options,
            default=Action("tires", {"type": default}),
        )
        pairs.append((decision, _tyre_check))
        car.tires = default
    answers = yield pairs
    for car in rs.cars:
        car.tires = answers[car.seat].params["type"]
        car.fit_lap = 1
        emit("tires_chosen", car.seat, type=car.tires, fit_lap=car.fit_lap)


def _tyre_check(action) -> str | None:
    if action.params.get("type") not in TYRES:
        return "tyres are hard, soft or rain"
    return None


def soft_bonus_available(rs, car: Car, kind: str) -> bool:
    """FD-V-7.6, FD-BGA-14."""
    if not rs.tire_effects or car.tires != "soft" or damage.wet(rs):
        return False
    if kind == "fast_exit" and rs.bga:
        return False
    if car.extra.get("after_technical"):
        return False
    return rs.qualifying or rs.tyre_lap(car) == 1


def boost(rs, emit, car: Car, kind: str, *, great: bool = False, m: int = 0):
    """Step 5: decision `boost` when the soft bonus or a nitro charge is available.

    Returns (extra spaces, nitro used). `car.extra["soft_unused"]` records a soft
    bonus left unused, which bga lets a slipstream use (FD-BGA-10)."""
    soft = soft_bonus_available(rs, car, kind)
    car.extra.pop("after_technical", None)
    car.extra["soft_unused"] = soft
    nitro = nitro_available(rs, car, kind, great)
    if not soft and not nitro:
        return 0, False
    legal = [
        {"soft": s, "nitro": n}
        for s in (False, True)[: 1 + soft]
        for n in (False, True)[: 1 + nitro]
    ]
    decision = Decision(
        car.seat,
        "boost",
        "Use a boost before moving?",
        {
            "m": m,
            "soft": soft,
            "nitro": nitro,
            "nitro_spaces": nitro_spaces(car) if nitro else 0,
            "legal": legal,
        },
    )

    def check(action) -> str | None:
        s, n = action.params.get("soft", False), action.params.get("nitro", False)
        if s not in (True, False) or n not in (True, False):
            return "soft and nitro are true or false"
        if s and not soft:
            return "the soft-tyre bonus is not available now (FD-V-7.6)"
        if n and not nitro:
            return "no nitro charge is available now (FD-V-9)"
        return None

    action = yield (decision, check)
    use_soft = bool(action.params.get("soft"))
    use_nitro = bool(action.params.get("nitro"))
    car.extra["soft_unused"] = soft and not use_soft
    spaces = (1 if use_soft else 0) + (nitro_spaces(car) if use_nitro else 0)
    if use_nitro:
        car.nitro -= 1
    if spaces:
        emit(
            "boost_used",
            car.seat,
            nitro=nitro_spaces(car) if use_nitro else 0,
            soft=1 if use_soft else 0,
        )
    return spaces, use_nitro


def no_boost(car: Car) -> tuple[int, bool]:
    """What `boost` does when the race has neither tyre effects nor nitro."""
    car.extra.pop("after_technical", None)
    car.extra["soft_unused"] = False
    return 0, False


SLIDES = {"hard": 3, "soft": 3, "rain": 1}  # FD-V-7.4 wet, in corners


def slide(rs, car: Car) -> int:
    """S of FD-V-7.7: only with tyre effects on a wet surface (FD-AMB-37)."""
    if not rs.tire_effects or car.tires is None or not damage.wet(rs):
        return 0
    return slide_cap(car, SLIDES[car.tires])


def service(rs, chance, emit, turn):
    """Step 13: the car has entered its own box."""
    car = turn.car
    t = rs.track
    car.pit_stops += 1
    cap = min(4, car.gear)
    lap_end = car.entry_progress // t.L + 1  # the lap the car was completing
    if not rs.advanced:  # FD-B-12.11, FD-V-1.2
        damage.repair(emit, car, "WP", car.maxima["WP"], "pit")
        _wait(rs, car, "box_basic", cap)
        emit("pit_service", car.seat, box=t.ids[car.space], stop="basic", gear_cap=cap)
        return
    damage.repair(emit, car, "T", car.maxima["T"], "pit")  # FD-A-11.1, FD-AMB-26
    params = {"stop": "tyre", "repairs": {}}
    stops = stop_kinds(rs, car)
    pool = repair_budget(rs, car)
    team_pool = bool(rs.team_pools and car.team in rs.team_pools and pool)
    if rs.tire_effects or len(stops) > 1 or team_pool:
        decision = Decision(
            car.seat,
            "pit_service",
            "Pit service: tyres, stop kind and repairs",
            {
                "stops": stops,
                "tires": list(TYRES) if rs.tire_effects else None,
                "budget": pool,
                "wear": dict(car.wear),
                "maxima": dict(car.maxima),
                "legal": [{"stop": s, "repairs": {}} for s in stops],
            },
            default=Action("pit_service", {"stop": "tyre", "repairs": {}}),
        )
        action = yield (decision, lambda a: service_error(rs, car, a.params))
        params = dict(action.params)
    if rs.tire_effects:
        car.tires = params.get("tires") or car.tires
        car.fit_lap = lap_end + 1  # FD-V-7.3
        emit("tires_chosen", car.seat, type=car.tires, fit_lap=car.fit_lap)
    repairs = {k: int(v) for k, v in (params.get("repairs") or {}).items() if v}
    if repairs:
        source = "team_pool" if rs.team_pools and car.team in rs.team_pools else "technical"
        for cat, amount in repairs.items():
            damage.repair(emit, car, cat, amount, source)
        spent = sum(repairs.values())
        if source == "team_pool":
            rs.team_pools[car.team] -= spent
        else:
            car.reserve -= spent
        emit("repair", car.seat, source=source, changes=repairs)
    if params["stop"] == "technical":  # FD-V-8.3
        _wait(rs, car, "box_technical", cap)
        car.extra["after_technical"] = True
        emit("pit_service", car.seat, box=t.ids[car.space], stop="technical", gear_cap=cap)
        return
    value = chance.roll("black")  # R11
    fast = value <= 10
    emit(
        "pit_roll",
        car.seat,
        die="black",
        value=value,
        purpose="pit_stop",
        stop="fast" if fast else "long",
        spaces=damage.fast_stop_spaces(value) if fast else 0,
        gear=4 if fast else cap,
    )
    if not fast:
        _wait(rs, car, "box_long", cap)
        return
    car.gear = 4  # FD-A-11.4
    car.pit = "box_long"  # leaves from the box now
    exit_turn = Turn(car)
    spaces = damage.fast_stop_spaces(value)
    bonus, _ = yield from boost(rs, emit, car, "fast_exit", m=spaces)
    yield from drive(rs, chance, emit, exit_turn, spaces + bonus, "fast_exit")
    resolve_corners(rs, emit, exit_turn)
    pay_braking(rs, emit, exit_turn)
    if car.racing and exit_turn.moved and t.kind_of[car.space] == TRACK:
        collisions(rs, chance, emit, car)
    turn.moved = turn.moved or exit_turn.moved


def _wait(rs, car: Car, state: str, cap: int) -> None:
    car.pit = state
    car.gear = cap
    car.exit_cap = cap


def stop_kinds(rs, car: Car) -> list[str]:
    if not rs.cfg.get("technical_pit_stops"):
        return ["tyre"]
    if rs.bga:  # FD-BGA-14
        return ["tyre", "technical"]
    damaged = any(car.wear[c] < car.maxima[c] for c in NON_TYRE)
    return ["tyre", "technical"] if damaged and repair_budget(rs, car) >= 1 else ["tyre"]


def repair_budget(rs, car: Car) -> int:
    if rs.team_pools and car.team in rs.team_pools:
        return rs.team_pools[car.team]
    return car.reserve if rs.cfg.get("technical_pit_stops") else 0


def service_error(rs, car: Car, params: dict) -> str | None:
    stop = params.get("stop", "tyre")
    if stop not in stop_kinds(rs, car):
        return f"a {stop} stop is not available now"
    tires = params.get("tires")
    if tires is not None and (not rs.tire_effects or tires not in TYRES):
        return "tyres are hard, soft or rain (with tyre choice only)"
    repairs = params.get("repairs") or {}
    if not isinstance(repairs, dict):
        return "repairs map categories to points"
    team = bool(rs.team_pools and car.team in rs.team_pools)
    if repairs and stop != "technical" and not team:
        return "repairs need a technical stop"
    total = 0
    for cat, amount in repairs.items():
        if cat not in NON_TYRE:
            return f"repairs go to Br, Gb, Bo, En or Su, not {cat!r}"
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            return "repair points are whole numbers"
        if car.wear[cat] + amount > car.maxima[cat]:
            return f"{cat} cannot go above its maximum {car.maxima[cat]}"
        total += amount
    limit = repair_budget(rs, car)
    if stop == "technical" and not team:
        limit = min(2, limit)
        if len([a for a in repairs.values() if a]) > 2:
            return "a technical stop repairs one or two categories"
    if total > limit:
        return f"you have {limit} repair points, not {total}"
    return None
