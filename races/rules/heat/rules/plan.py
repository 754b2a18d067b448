"""Steps 1 and 2: shift gears and play cards, chosen by every car at once (HEAT-B-020..025).

Choices are stored hidden and resolved together once all are in, in grid order, so the order
of submission never changes the outcome (HEAT-B-ENG-03).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, filterfalse, repeat

from ...contract import Action
from ..state import Car, Emit, RaceState, turn_order
from .cards import is_heat
from .hand import pay_heat


def shift_cost(s: RaceState, car: Car, target: int) -> int | None:
    """Heat a shift to `target` costs, or None when the shift is impossible.

    HEAT-B-022/023: one gear free, two gears for 1 Heat, never three. HEAT-RAIN-02: a car that
    began the round on a flooded space pays 1 more to shift down.
    """
    change = target - car.gear
    if not 1 <= target <= 4 or abs(change) > 2:
        return None
    cost = 1 if abs(change) == 2 else 0
    if change < 0 and s.on_flooded(car):
        cost += 1
    return cost if cost <= len(car.engine) else None


def gear_choices(s: RaceState, car: Car) -> tuple[tuple[int, int], ...]:
    """(gear, Heat) of every possible shift: `shift_cost` of gears 1 to 4, worked out once for
    each gear, Heat to spend and flooded space (a decision of steps 1-2 asks it for every car
    every round)."""
    gear = car.gear
    # Only a shift down can cost the flooded surcharge; no shift costs more than 2 Heat.
    flooded = gear > 1 and s.on_flooded(car)
    return _gear_choices(gear, min(len(car.engine), 2), flooded)


@cache
def _gear_choices(gear: int, engine: int, flooded: bool) -> tuple[tuple[int, int], ...]:
    out = []
    for g in range(max(1, gear - 2), min(4, gear + 2) + 1):
        cost = 1 if abs(g - gear) == 2 else 0
        if g < gear and flooded:
            cost += 1
        if cost <= engine:
            out.append((g, cost))
    return tuple(out)


def cluttered_play(car: Car, count: int) -> list[str] | None:
    """HEAT-B-025: with too few non-Heat cards, the only play is all of them plus Heat
    cards, lowest id first; None when the hand is not cluttered."""
    hand = car.hand
    if len(hand) - sum(map(is_heat, hand)) >= count:  # asked at every play: no list made
        return None
    playable = list(filterfalse(is_heat, hand))
    heat = sorted(c for c in hand if is_heat(c))
    return playable + heat[: count - len(playable)]


def check_shift(s: RaceState, car: Car, action: Action) -> str | None:
    gear = action.params.get("gear")
    if not isinstance(gear, int) or isinstance(gear, bool):
        return "choose a gear from 1 to 4"
    if shift_cost(s, car, gear) is None:
        if not 1 <= gear <= 4:
            return "gears run from 1 to 4"
        if abs(gear - car.gear) > 2:
            return f"from gear {car.gear} you can shift at most two gears"
        return "not enough Heat in your engine for that shift"
    return None


def check_play(s: RaceState, car: Car, action: Action) -> str | None:
    cards = action.params.get("cards")
    if not isinstance(cards, list | tuple) or not all(map(isinstance, cards, repeat(str))):
        return "choose the cards to play as a list of card ids"
    count = car.shift_to
    if s.tournament:
        # HEAT-B-TOURN-02: the number of cards is the new gear.
        count = len(cards)
        if shift_cost(s, car, count) is None:
            return (
                f"from gear {car.gear} play 1 to 4 cards, at most two more or fewer; "
                "two gears away needs 1 Heat in your engine"
            )
    if len(cards) != count:
        return f"in gear {count} you must play exactly {count} cards"
    chosen = set(cards)
    if len(chosen) != len(cards) or not chosen.issubset(car.hand):
        return "you can only play cards from your hand, each once"
    forced = cluttered_play(car, count)
    if forced is not None:
        if sorted(cards) != sorted(forced):
            return "your hand is cluttered with Heat: you must play all your other cards and Heat"
        return None
    if any(map(is_heat, cards)):
        return "Heat cards cannot be played"
    return None


def play_choices(s: RaceState, car: Car) -> list[list[str]]:
    counts = [g for g, _ in gear_choices(s, car)] if s.tournament else [car.shift_to]
    out = []
    for count in counts:
        forced = cluttered_play(car, count)
        if forced is not None:
            out.append(sorted(forced))
            continue
        playable = sorted(c for c in car.hand if not is_heat(c))
        out += [list(combo) for combo in combinations(playable, count)]
    return out


def shift_now(s: RaceState, emit: Emit, car: Car, target: int) -> None:
    """Step 1 for one car (HEAT-B-022, -023), or at its turn in tournament mode
    (HEAT-B-TOURN-03, -04: the flooded surcharge of the space it started the round on)."""
    cost = shift_cost(s, car, target) or 0
    start = car.gear
    paid = pay_heat(emit, car, cost, "shift") if cost else 0
    car.gear = target
    car.round_gear = target
    emit(
        "gear_shifted",
        car.seat,
        start=start,
        gear=target,
        heat=paid,
        flooded=target < start and s.on_flooded(car),  # the space asked only of a shift down
    )


def resolve_plans(s: RaceState, emit: Emit) -> None:
    """Apply every stored shift (step 1), then move every stored play face down (step 2)."""
    s.step = 1
    if not s.tournament:  # HEAT-B-TOURN-01: no step 1
        for car in s.racing_players():
            shift_now(s, emit, car, car.shift_to)
    s.step = 2
    for car in s.racing_players():
        car.cluttered = cluttered_play(car, car.shift_to) is not None
        for c in car.played:
            car.hand.remove(c)
        car.play = list(car.played)
        # HEAT-B-ENG-10: the count is public; the ids stay hidden from views until the reveal.
        emit(
            "cards_played",
            car.seat,
            count=len(car.play),
            cards=list(car.play),
            cluttered=car.cluttered,
        )


def cluttered_turn(emit: Emit, car: Car) -> None:
    """HEAT-B-025: no movement, gear 1, every played card to the discard pile, then step 9."""
    emit("cards_revealed", car.seat, cards=list(car.play), cluttered=True)
    car.gear = 1
    emit("gear_shifted", car.seat, start=car.round_gear, gear=1, heat=0, reason="cluttered")


def fix_turn_order(s: RaceState, emit: Emit) -> None:
    """Step 3 begins: the turn order (HEAT-B-021) and the cars with Adrenaline this round,
    the last one or two of it (HEAT-B-034)."""
    s.order = turn_order(s.racing())
    slots = s.order[-s.adrenaline_slots :]
    adrenaline = [c.seat for c in slots if not c.legend and not c.cluttered]
    if s.event_rules.get("no_adrenaline"):
        adrenaline = []  # event 1964.4
    s.step = 3
    emit("turn_order_fixed", None, order=[c.seat for c in s.order], adrenaline=adrenaline)
    s.adrenaline = set(adrenaline)
    s.turn_index = 0
