"""A player car's turn: steps 3 to 9 (HEAT-B-030..048) and the card moves they need.

Functions of the race and the car; each emits the events a viewer needs to redraw the board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..state import Car
from . import season
from .cards import card, is_heat, is_stress, stress_card
from .hand import cards_drawn

if TYPE_CHECKING:
    from ..race import HeatRace

GEAR_COOLDOWN = {1: 3, 2: 1, 3: 0, 4: 0}  # HEAT-B-006


def reshuffle(race: HeatRace, car: Car) -> bool:
    """Shuffle the discard pile into a new draw deck (HEAT-B-032); False if it is empty."""
    if not car.discard:
        return False
    stream = f"deck/{car.colour}"
    order, counter = race.chance.shuffle(stream, car.discard)
    car.deck = order + car.deck
    car.discard = []
    race.emit(
        "deck_shuffled", car.seat, pile="discard", stream=stream, counter=counter, order=order
    )
    return True


def draw(race: HeatRace, car: Car, count: int, reason: str) -> list[str]:
    """Draw up to `count` cards; a draw that cannot be made is skipped (HEAT-B-032).

    HEAT-B-ENG-10: each run of draws is a `cards_drawn` event, in the order of the draws: a
    reshuffle in the middle splits the cards drawn before it from those drawn after."""
    drawn: list[str] = []
    start = 0
    for _ in range(count):
        if not car.deck:
            if len(drawn) > start:
                cards_drawn(race, car, drawn[start:], "deck", reason)
                start = len(drawn)
            if not reshuffle(race, car):
                break
        drawn.append(car.deck.pop(0))
    if len(drawn) > start:
        cards_drawn(race, car, drawn[start:], "deck", reason)
    return drawn


def resolve_plus(race: HeatRace, car: Car, source: str) -> int:
    """Flip until a speed card appears; it joins the play area (HEAT-B-031).

    At most one reshuffle per "+"; a "+" that finds nothing is worth 0 (HEAT-B-032).
    """
    flipped = []
    reshuffled = False
    found = None
    while True:
        if not car.deck:
            if reshuffled or not reshuffle(race, car):
                break
            reshuffled = True
            continue
        top = car.deck.pop(0)
        if card(top).is_speed_card:
            found = top
            car.play.append(top)
            break
        car.discard.append(top)
        flipped.append(top)
    race.emit("plus_resolved", car.seat, source=source, flipped=flipped, found=found)
    return card(found).speed if found else 0


def pay_heat(race: HeatRace, car: Car, amount: int, reason: str) -> int:
    """Move up to `amount` Heat from the engine to the discard pile; returns what was paid."""
    paid = min(amount, len(car.engine))
    for _ in range(paid):
        car.discard.append(car.engine.pop())
    if paid:
        car.heat_paid_total += paid
        race.emit("heat_paid", car.seat, amount=paid, reason=reason, engine=len(car.engine))
    return paid


def move(race: HeatRace, car: Car, distance: int, reason: str) -> None:
    """One movement with its own placement (HEAT-B-039, HEAT-B-050); records crossings."""
    start_p, start_spot = race.board.move(car, distance)
    crossed = race.track.crossings(start_p, car.p) if car.p > start_p else []
    race.emit(
        "moved",
        car.seat,
        reason=reason,
        distance=distance,
        start=[start_p, start_spot],
        end=[car.p, car.spot],
        space=car.p % race.track.length,
        speed=car.speed,
    )
    if crossed:
        length = race.track.length
        for corner, q in crossed:
            # HEAT-B-TRK-04: every crossing, checked or not (beyond the final finish line)
            race.emit("corner_crossed", car.seat, corner=corner.id, q=q, lap=q // length + 1)
        car.crossings.extend((c.id, q) for c, q in crossed)
        if reason == "slipstream":
            car.slip_crossings.extend(q for _, q in crossed)
    if race.event_rules:
        season.after_speed(race, car)


def cluttered_turn(race: HeatRace, car: Car) -> None:
    """HEAT-B-025: no movement, gear 1, every played card to the discard pile, then step 9."""
    race.emit("cards_revealed", car.seat, cards=list(car.play), cluttered=True)
    car.gear = 1
    race.emit("gear_shifted", car.seat, start=car.round_gear, gear=1, heat=0, reason="cluttered")


def begin_react(car: Car, adrenaline: bool) -> None:
    car.adrenaline = adrenaline
    # HEAT-B-037: every Cooldown of the turn is one pooled allowance; HEAT-B-035 adds one.
    car.cooldown_left = GEAR_COOLDOWN[car.gear] + (1 if adrenaline else 0)


def heat_in_hand(car: Car) -> list[str]:
    return [c for c in car.hand if is_heat(c)]


def sector_effect(race: HeatRace, car: Car) -> str | None:
    """The weather or road effect of the car's sector, read at the moment of use
    (HEAT-WEATHER-08)."""
    if race.conditions is None:
        return None
    return race.conditions.sector_effect(race.track, car.p)


def cooldown_allowance(race: HeatRace, car: Car) -> int:
    """HEAT-B-037 with HEAT-WEATHER-12: "Cooldown +1" adds one, "No cooldown" blocks all."""
    effect = sector_effect(race, car)
    if effect == "no_cooldown":
        return 0
    bonus = 1 if effect == "cooldown_plus_1" and not car.sector_cool_used else 0
    return car.cooldown_left + bonus


def cooldown(race: HeatRace, car: Car, count: int) -> None:
    """HEAT-B-037: Heat from hand back to the engine; discard Heat cannot be cooled."""
    cooled = heat_in_hand(car)[:count]
    for c in cooled:
        car.hand.remove(c)
        car.engine.append(c)
    spent = count
    if sector_effect(race, car) == "cooldown_plus_1" and not car.sector_cool_used:
        car.sector_cool_used = True
        spent -= 1
    # HEAT-B-035, -037: Adrenaline's extra point is the last point of the pooled allowance;
    # the Cooldown that reaches into it uses Adrenaline (HEAT-B-ENG-10 `AdrenalineUsed`).
    if car.adrenaline and not car.adrenaline_cooled and car.cooldown_left - spent < 1:
        car.adrenaline_cooled = True
        race.emit("adrenaline_used", car.seat, kind="cooldown")
    car.cooldown_left -= spent
    # HEAT-B-ENG-10: the number of Heat cards moved from the hand to the engine.
    race.emit("cooldown_done", car.seat, count=len(cooled), engine=len(car.engine))


def adrenaline_move(race: HeatRace, car: Car) -> None:
    """HEAT-B-035: +1 Speed and one space, as its own movement (HEAT-B-039)."""
    car.adrenaline_moved = True
    car.speed += 1
    race.emit("adrenaline_used", car.seat, kind="speed")
    move(race, car, 1, "adrenaline")


def boost_free(race: HeatRace, car: Car) -> bool:
    return sector_effect(race, car) == "free_boost"  # HEAT-WEATHER-11


def can_boost(race: HeatRace, car: Car) -> bool:
    """HEAT-B-038; HEAT-GARAGE-07: a Boost may not leave a Heat cost unpayable."""
    if car.boosted:
        return False
    if boost_free(race, car):
        return True
    if not car.engine:
        return False
    cool = min(len(heat_in_hand(car)), cooldown_allowance(race, car))
    return len(car.engine) - 1 + cool >= car.heat_owed


def boost(race: HeatRace, car: Car) -> None:
    """HEAT-B-038: pay 1 Heat (none in a free-boost sector), resolve one "+", move its value."""
    car.boosted = True
    paid = 0 if boost_free(race, car) else pay_heat(race, car, 1, "boost")
    race.emit("boost_done", car.seat, heat=paid)
    value = resolve_plus(race, car, "boost")
    car.speed += value
    move(race, car, value, "boost")


def slipstream_eligible(race: HeatRace, car: Car) -> bool:
    """HEAT-B-041..043 (the source's reading; the flag gives [BGA]'s any-spot-ahead)."""
    if car.slipstreamed or car.p >= race.board.finish or car.p + 2 >= race.board.finish:
        return False
    if sector_effect(race, car) == "no_slipstream":
        return False  # HEAT-WEATHER-10: no slipstream may start here
    gears = race.event_rules.get("slipstream_gears")
    if gears and car.gear not in gears:
        return False  # event 1964.2
    board = race.board
    if not board.free(car.p, not car.rl):
        return True
    if race.config.get("slipstream_any_spot_ahead"):
        return not board.free(car.p + 1, True) or not board.free(car.p + 1, False)
    return not board.free(car.p + 1, car.rl)


def slipstream_bonus(race: HeatRace, car: Car) -> int:
    """HEAT-WEATHER-10: extra slipstream spaces of the sector the car starts from."""
    cards = 0
    if race.garage or race.sponsors:  # HEAT-GARAGE-16, sponsorship cards
        cards = sum(card(c).slipstream_bonus for c in car.play if c not in car.converted)
    return cards + {"slipstream_plus_1": 1, "slipstream_plus_2": 2}.get(sector_effect(race, car), 0)


def slipstream(race: HeatRace, car: Car, extra: bool = True) -> None:
    """HEAT-B-042: two spaces and the optional bonuses, not Speed; lines crossed are checked.

    HEAT-B-043: the bonus never takes the car across the final finish line."""
    bonus = slipstream_bonus(race, car) if extra else 0
    distance = min(2 + bonus, race.board.finish - 1 - car.p)
    car.slipstreamed = True
    move(race, car, distance, "slipstream")


def check_corners(race: HeatRace, car: Car) -> None:
    """Step 7 (HEAT-B-044, HEAT-B-045): each crossing in order; the first unpaid one spins."""
    finish = race.board.finish
    corners = race.track.lines
    adjust = 0
    if race.garage or race.sponsors:  # HEAT-GARAGE-17, sponsorship cards
        adjust = sum(card(c).adjust_limit for c in car.play if c not in car.converted)
    length = race.track.length
    for corner_id, q in car.crossings:
        if q >= finish:
            continue
        corner = corners[q % length]
        limit = race.limit(corner) + adjust
        due = max(0, car.speed - limit)
        if due and race.conditions and corner_id in race.conditions.overheat:
            due += 1  # HEAT-WEATHER-09: Overheat
        paid = pay_heat(race, car, due, "corner") if due else 0
        race.emit(
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
            spin_out(race, car, corner_id, q)
            if race.event_rules.get("spin_eliminates"):
                race.eliminate(car, "spun out (event 1963.4)")
            break
        if race.press:
            season.press_award(race, car, corner_id, q)


def spin_out(race: HeatRace, car: Car, corner_id: int, q: int) -> None:
    """HEAT-B-045: back behind the line, Stress by gear into the hand, gear 1."""
    race.board.lift(car)
    race.board.place(car, q - 1, q - 1)
    stress = 1 if car.gear <= 2 else 2
    taken = []
    for _ in range(stress):
        car.stress_made += 1
        taken.append(stress_card(car.colour, car.stress_made))
    car.hand.extend(taken)
    old_gear = car.gear
    car.gear = 1
    car.spinouts += 1
    race.emit(
        "spun_out",
        car.seat,
        corner=corner_id,
        end=[car.p, car.spot],
        space=car.p % race.track.length,
        stress=taken,
        old_gear=old_gear,
        gear=1,
    )


def discard(race: HeatRace, car: Car, cards: list[str]) -> None:
    """Step 8 (HEAT-B-047)."""
    for c in cards:
        car.hand.remove(c)
        car.discard.append(c)
    race.emit("cards_discarded", car.seat, cards=list(cards), top=car.discard[-1])


def replenish(race: HeatRace, car: Car) -> None:
    """Step 9 (HEAT-B-048): play area to discard in order, then draw up to hand size."""
    if race.sponsors:
        race.sponsors.retire_used(race, car)
    car.discard.extend(car.play)
    car.play = []
    short = race.hand_size - len(car.hand)
    drawn = draw(race, car, short, "replenish") if short > 0 else []
    race.emit("hand_replenished", car.seat, drawn=len(drawn))


def discardable(race: HeatRace, car: Car) -> list[str]:
    """HEAT-B-047; event 1964.3 lets Heat cards be discarded too."""
    if race.event_rules.get("discard_heat"):
        return [c for c in car.hand if not is_stress(c)]
    return [c for c in car.hand if not card(c).no_discard]


def stress_in_hand(car: Car) -> int:
    return sum(1 for c in car.hand if is_stress(c))
