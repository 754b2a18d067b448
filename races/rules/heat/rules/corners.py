"""Step 7, the corner check and the spin-out (HEAT-B-044, HEAT-B-045)."""

from __future__ import annotations

from ..chance import Chance
from ..state import Car, Emit, RaceState
from .cards import card, stress_card
from .championship.sponsors import press_award
from .finish import eliminate
from .hand import pay_heat


def check_corners(s: RaceState, chance: Chance, emit: Emit, car: Car) -> None:
    """Step 7 (HEAT-B-044, HEAT-B-045): each crossing in order; the first unpaid one spins."""
    finish = s.board.finish
    corners = s.track.lines
    adjust = 0
    if s.garage or s.sponsors:  # HEAT-GARAGE-17, sponsorship cards
        adjust = sum(card(c).adjust_limit for c in car.play if c not in car.converted)
    length = s.track.length
    for corner_id, q in car.crossings:
        if q >= finish:
            continue
        corner = corners[q % length]
        limit = s.limit(corner) + adjust
        due = max(0, car.speed - limit)
        if due and s.conditions and corner_id in s.conditions.overheat:
            due += 1  # HEAT-WEATHER-09: Overheat
        paid = pay_heat(emit, car, due, "corner") if due else 0
        emit(
            "corner_checked",
            car.seat,
            corner=corner_id,
            q=q,
            speed=car.speed,
            limit=limit,
            due=due,
            paid=paid,
        )
        if paid < due:
            spin_out(s, emit, car, corner_id, q)
            if s.event_rules.get("spin_eliminates"):
                eliminate(s, emit, car, "spun out (event 1963.4)")
            break
        if s.press:
            press_award(s, chance, emit, car, corner_id, q)


def spin_out(s: RaceState, emit: Emit, car: Car, corner_id: int, q: int) -> None:
    """HEAT-B-045: back behind the line, Stress by gear into the hand, gear 1."""
    s.board.lift(car)
    s.board.place(car, q - 1, q - 1)
    stress = 1 if car.gear <= 2 else 2
    taken = []
    for _ in range(stress):
        car.stress_made += 1
        taken.append(stress_card(car.colour, car.stress_made))
    car.hand.extend(taken)
    old_gear = car.gear
    car.gear = 1
    car.spinouts += 1
    emit(
        "spun_out",
        car.seat,
        corner=corner_id,
        end=[car.p, car.spot],
        space=car.p % s.track.length,
        stress=taken,
        old_gear=old_gear,
        gear=1,
    )
