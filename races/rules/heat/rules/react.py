"""Step 5, React: Adrenaline, Cooldown and Boost (HEAT-B-034..038); the upgrade symbols of
step 5 are in garage.py."""

from __future__ import annotations

from ..chance import Chance
from ..state import Car, Emit, RaceState
from .cards import is_heat
from .hand import pay_heat, resolve_plus
from .movement import move
from .weather import sector_effect

GEAR_COOLDOWN = {1: 3, 2: 1, 3: 0, 4: 0}  # HEAT-B-006


def begin_react(car: Car, adrenaline: bool) -> None:
    car.adrenaline = adrenaline
    # HEAT-B-037: every Cooldown of the turn is one pooled allowance; HEAT-B-035 adds one.
    car.cooldown_left = GEAR_COOLDOWN[car.gear] + (1 if adrenaline else 0)


def heat_in_hand(car: Car) -> list[str]:
    return list(filter(is_heat, car.hand))


def cooldown_allowance(s: RaceState, car: Car) -> int:
    """HEAT-B-037 with HEAT-WEATHER-12: "Cooldown +1" adds one, "No cooldown" blocks all."""
    if s.conditions is None:
        return car.cooldown_left  # no weather, no sector effects (asked at every React)
    effect = sector_effect(s, car)
    if effect == "no_cooldown":
        return 0
    bonus = 1 if effect == "cooldown_plus_1" and not car.sector_cool_used else 0
    return car.cooldown_left + bonus


def cooldown(s: RaceState, emit: Emit, car: Car, count: int) -> None:
    """HEAT-B-037: Heat from hand back to the engine; discard Heat cannot be cooled."""
    cooled = heat_in_hand(car)[:count]
    for c in cooled:
        car.hand.remove(c)
        car.engine.append(c)
    spent = count
    if sector_effect(s, car) == "cooldown_plus_1" and not car.sector_cool_used:
        car.sector_cool_used = True
        spent -= 1
    # HEAT-B-035, -037: Adrenaline's extra point is the last point of the pooled allowance;
    # the Cooldown that reaches into it uses Adrenaline (HEAT-B-ENG-10 `AdrenalineUsed`).
    if car.adrenaline and not car.adrenaline_cooled and car.cooldown_left - spent < 1:
        car.adrenaline_cooled = True
        emit("adrenaline_used", car.seat, kind="cooldown")
    car.cooldown_left -= spent
    # HEAT-B-ENG-10: the number of Heat cards moved from the hand to the engine.
    emit("cooldown_done", car.seat, count=len(cooled), engine=len(car.engine))


def adrenaline_move(s: RaceState, chance: Chance, emit: Emit, car: Car) -> None:
    """HEAT-B-035: +1 Speed and one space, as its own movement (HEAT-B-039)."""
    car.adrenaline_moved = True
    car.speed += 1
    emit("adrenaline_used", car.seat, kind="speed")
    move(s, chance, emit, car, 1, "adrenaline")


def boost_free(s: RaceState, car: Car) -> bool:
    # HEAT-WEATHER-11
    return s.conditions is not None and sector_effect(s, car) == "free_boost"


def can_boost(s: RaceState, car: Car) -> bool:
    """HEAT-B-038; HEAT-GARAGE-07: a Boost may not leave a Heat cost unpayable."""
    if car.boosted:
        return False
    if s.conditions is not None and boost_free(s, car):  # no weather, no free Boost
        return True
    if not car.engine:
        return False
    left = len(car.engine) - 1
    if left >= car.heat_owed:  # the Cooldown still to come only adds: no need to count it
        return True
    cool = min(sum(map(is_heat, car.hand)), cooldown_allowance(s, car))
    return left + cool >= car.heat_owed


def boost(s: RaceState, chance: Chance, emit: Emit, car: Car) -> None:
    """HEAT-B-038: pay 1 Heat (none in a free-boost sector), resolve one "+", move its value."""
    car.boosted = True
    paid = 0 if boost_free(s, car) else pay_heat(emit, car, 1, "boost")
    emit("boost_done", car.seat, heat=paid)
    value = resolve_plus(chance, emit, car, "boost")
    car.speed += value
    move(s, chance, emit, car, value, "boost")
