"""The decisions a driver makes (HEAT-B-ENG-05: D1, D2, D5a-c, D5k, D6, D7), what a panel
shows for each, whether step 5 still asks anything, their legal actions and the checks
behind IllegalAction (HEAT-B-ENG-06)."""

from __future__ import annotations

from functools import cache
from itertools import combinations

from ...contract import Action, Decision, decision_of
from ..state import OUT, RL, Car, RaceState
from .cards import card_view, is_heat
from .championship.garage import options_open
from .championship.garage_decisions import (
    GARAGE_REACT,
    PLAIN,
    check_plain,
    end_react_check,
    legal_plain,
    react_check,
    react_legal,
    react_options,
)
from .cleanup import discardable
from .plan import (
    _gear_choices,
    check_play,
    check_shift,
    cluttered_play,
    gear_choices,
    play_choices,
)
from .react import boost_free, can_boost, cooldown_allowance, heat_in_hand
from .slipstream import slipstream_bonus
from .weather import sector_effect

# The defaults of the commonest decisions, made once: an Action is frozen and these hold no
# list, so every decision can share one (a race asks several hundred decisions, few of which
# are answered with their default).
END_REACT = Action("end_react")
NO_SLIPSTREAM = Action("slipstream", {"take": False})
# D7's default discards nothing: its empty tuple is written [] as an empty list is, and holds
# nothing to change (some 90 discard decisions a race; a bot with nothing weak answers it too).
NO_DISCARD = Action("discard", {"cards": ()})


@cache
def _keep_gear(gear: int) -> Action:
    """The default of D1: keep the gear (HEAT-B-022)."""
    return Action("shift_gear", {"gear": gear})


# The Garage's React actions, as a set: every React, slipstream and discard action is looked
# up in it, and most are none of them.
_GARAGE_REACT = frozenset(GARAGE_REACT)
# The actions that answer each decision of a car's turn.
ANSWERS = {
    "react": ("adrenaline_move", "cooldown", "boost", "end_react", *GARAGE_REACT),
    "slipstream": ("slipstream",),
    "discard": ("discard",),
}


def _where(s: RaceState, car: Car, options: dict) -> dict:
    """`options` with the place's fields, the engine and the Heat in hand added last, in
    place: a decision's options were built and then copied into another dict for them, several
    hundred times a race."""
    p, rl = car.p, car.rl
    if s.conditions is None:  # printed limits: the place says the same in every decision
        # The track's places of this race's laps, found once a race: a decision then looks
        # its place up by one int (p, rl), not by a tuple made and hashed.
        places = s.board.places
        if places is None:
            places = s.board.places = s.track.places.setdefault((s.laps, s.board.finish), {})
        key = p * 2 + rl
        place = places.get(key)
        if place is None:
            place = places[key] = _place_fields(s, p, rl)
    else:
        place = _place_fields(s, p, rl)
    options.update(place)
    options["engine"] = len(car.engine)
    options["heat_in_hand"] = sum(map(is_heat, car.hand))
    return options


def _place_fields(s: RaceState, p: int, rl: bool) -> dict:
    """What a decision says of the place: its progress, space, spot, lap and next corner
    (shared, read-only, as card views are)."""
    space, lap, next_corner = _place(s, p)
    return {
        "progress": p,
        "space": space,
        "spot": RL if rl else OUT,
        "lap": lap,
        "laps": s.laps,
        "next_corner": next_corner,
    }


def _place(s: RaceState, p: int) -> tuple[int, int, dict]:
    """(space, lap, next corner) of progress `p` as a decision shows them."""
    track = s.track
    length = track.length
    corner, step = track.ahead[p % length]  # track.next_line(p), inline
    limit = corner.limit if s.conditions is None else s.limit(corner)
    return (
        p % length,
        min(s.laps, p // length + 1) if p > 0 else 1,
        {
            "id": corner.id,
            "limit": limit,
            "distance": step - 1,
            "beyond_finish": p + step >= s.board.finish,
        },
    )


# The prompts of D1 and D2 by gear (1 to 4, HEAT-B-022), written once: every car is asked
# both every round, and a number in an f-string is a conversion each time.
_SHIFT_PROMPTS = {g: f"Gear {g}: keep it or shift (two gears cost 1 Heat)." for g in range(1, 5)}
_PLAY_PROMPTS = {g: f"Play {g} cards face down." for g in range(1, 5)}


@cache
def _gear_options(gear: int, engine: int, flooded: bool) -> tuple[dict, ...]:
    """gear_choices as a panel shows them (shared, read-only, as card views are), kept by
    gear_choices' own key of three plain values: a decision of step 1 lists them for every
    car every round."""
    return tuple({"gear": g, "heat": cost} for g, cost in _gear_choices(gear, engine, flooded))


def plan_decision(s: RaceState, car: Car) -> Decision:
    """D1 and D2: the gear, then the cards (HEAT-B-022..025); in tournament mode the cards
    alone, their number the new gear (HEAT-B-TOURN-02)."""
    seat = car.seat
    if s.tournament:
        gears = gear_choices(s, car)
        return decision_of(
            seat,
            "play_cards",
            "Tournament: play 1 to 4 cards face down; their number is your new gear.",
            _where(
                s,
                car,
                {
                    "step": 2,
                    "gear": car.gear,
                    "tournament": True,
                    "counts": [{"count": g, "heat": cost} for g, cost in gears],
                    "flooded": s.on_flooded(car),
                    "hand": list(map(card_view, car.hand)),
                },
            ),
        )
    if car.shift_to is None:
        flooded = s.on_flooded(car)
        # gear_choices(s, car), its key worked out here: only a shift down pays the flooded
        # surcharge (HEAT-RAIN-02), and no shift costs more than 2 Heat
        gears = _gear_options(car.gear, min(len(car.engine), 2), car.gear > 1 and flooded)
        return decision_of(
            seat,
            "shift_gear",
            _SHIFT_PROMPTS[car.gear],
            _where(
                s,
                car,
                {
                    "step": 1,
                    "gear": car.gear,
                    "gears": list(gears),
                    "flooded": flooded,
                    "hand": list(map(card_view, car.hand)),
                },
            ),
            _keep_gear(car.gear),
        )
    forced = cluttered_play(car, car.shift_to)
    return decision_of(
        seat,
        "play_cards",
        _PLAY_PROMPTS[car.shift_to],
        _where(
            s,
            car,
            {
                "step": 2,
                "gear": car.shift_to,
                "count": car.shift_to,
                "hand": list(map(card_view, car.hand)),
                "cluttered": forced is not None,
            },
        ),
        Action("play_cards", {"cards": sorted(forced)}) if forced is not None else None,
    )


def react_decision(s: RaceState, car: Car) -> Decision:
    """D5 (HEAT-B-034..038) with the upgrade symbols of step 5 (HEAT-GARAGE-08..15)."""
    return decision_of(
        car.seat,
        "react",
        "React: Adrenaline, Cooldown or Boost, then end the step.",
        _where(
            s,
            car,
            {
                "step": 5,
                "speed": car.speed,
                "gear": car.gear,
                "adrenaline_move": car.adrenaline and not car.adrenaline_moved,
                "cooldown_left": cooldown_allowance(s, car),
                "boost": can_boost(s, car),
                "boost_free": s.conditions is not None and boost_free(s, car),
                "sector_effect": sector_effect(s, car) if s.conditions else None,
                "crossed": list(map(list, car.crossings)),  # (id, q) pairs as lists
                "play": list(map(card_view, car.play)),
                **(react_options(s, car) if s.garage else {}),
            },
        ),
        None if car.heat_owed or car.scrap_owed else END_REACT,
    )


def slipstream_decision(s: RaceState, car: Car) -> Decision:
    """D6 (HEAT-B-041..043)."""
    bonus = slipstream_bonus(s, car)
    crossing = s.track.crossings(car.p, car.p + 2 + bonus)
    return decision_of(
        car.seat,
        "slipstream",
        f"Slipstream {2 + bonus} spaces?",
        _where(
            s,
            car,
            {
                "step": 6,
                "distance": 2,
                "bonus": bonus,
                "speed": car.speed,
                "crosses": [[c.id, s.limit(c)] for c, q in crossing if q < s.board.finish],
                "crossed": list(map(list, car.crossings)),  # (id, q) pairs as lists
            },
        ),
        NO_SLIPSTREAM,
    )


def discard_decision(s: RaceState, car: Car) -> Decision:
    """D7 (HEAT-B-047)."""
    return decision_of(
        car.seat,
        "discard",
        "Discard any cards you do not want (not Heat or Stress).",
        _where(
            s,
            car,
            {
                "step": 8,
                "hand": list(map(card_view, car.hand)),
                "discardable": discardable(s, car),
            },
        ),
        NO_DISCARD,
    )


def react_open(s: RaceState, car: Car) -> bool:
    """Whether step 5 still asks the car anything (HEAT-B-034..038, HEAT-GARAGE-07, -08)."""
    if car.adrenaline and not car.adrenaline_moved:
        return True
    if s.garage and (car.heat_owed or car.scrap_owed or options_open(s, car)):
        return True
    if cooldown_allowance(s, car) and any(map(is_heat, car.hand)):
        return True
    return can_boost(s, car)


def legal_for(s: RaceState, car: Car, decision: Decision) -> list[Action]:
    """Every action that answers the decision (HEAT-B-ENG-06)."""
    asked = decision.kind
    if asked in PLAIN:
        return legal_plain(s, car, asked)
    if asked == "shift_gear":
        return [Action("shift_gear", {"gear": g}) for g, _ in gear_choices(s, car)]
    if asked == "play_cards":
        return [Action("play_cards", {"cards": cards}) for cards in play_choices(s, car)]
    if asked == "react":
        actions = []
        if car.adrenaline and not car.adrenaline_moved:
            actions.append(Action("adrenaline_move"))
        for k in range(1, min(cooldown_allowance(s, car), len(heat_in_hand(car))) + 1):
            actions.append(Action("cooldown", {"count": k}))
        if can_boost(s, car):
            actions.append(Action("boost"))
        if s.garage:
            actions += react_legal(s, car)
        if end_react_check(s, car) is None:
            actions.append(Action("end_react"))
        return actions
    if asked == "slipstream":
        takes = [Action("slipstream", {"take": True})]
        if slipstream_bonus(s, car):
            takes.append(Action("slipstream", {"take": True, "extra": False}))
        return [*takes, Action("slipstream", {"take": False})]
    free = sorted(discardable(s, car))
    return [
        Action("discard", {"cards": list(subset)})
        for n in range(len(free) + 1)
        for subset in combinations(free, n)
    ]


def validate_for(s: RaceState, car: Car, decision: Decision, action: Action) -> str | None:
    """Why the action cannot answer the decision, or None (HEAT-B-ENG-06)."""
    asked = decision.kind
    kind = action.kind
    # Steps 1-2 first: they are asked most (PLAIN, the Garage's, is asked of none of them).
    if asked in ("shift_gear", "play_cards"):
        if kind != asked:
            return (
                f"now choose your gear first ({asked})"
                if asked == "shift_gear"
                else ("now play your cards (play_cards)")
            )
        if kind == "shift_gear":
            return check_shift(s, car, action)
        return check_play(s, car, action)
    if asked in PLAIN:
        return check_plain(s, car, asked, kind, dict(action.params))
    if kind not in ANSWERS[asked]:
        return f"that is not possible now; choose one of: {', '.join(ANSWERS[asked])}"
    params = action.params
    if kind in _GARAGE_REACT:
        return react_check(s, car, kind, dict(params)) if s.garage else "no upgrades in play"
    if kind == "end_react":
        return end_react_check(s, car)
    if kind == "adrenaline_move":
        if not car.adrenaline:
            return "you have no Adrenaline this round"
        if car.adrenaline_moved:
            return "you already used the Adrenaline move"
    elif kind == "cooldown":
        count = params.get("count")
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            return "cool down at least 1 Heat card"
        allowance = cooldown_allowance(s, car)
        if count > allowance:
            return f"you have only {allowance} Cooldown left this turn"
        if count > len(heat_in_hand(car)):
            return "you do not hold that many Heat cards"
    elif kind == "boost":
        if car.boosted:
            return "you can Boost only once a turn"
        if not can_boost(s, car):
            return "Boost costs 1 Heat and your engine is empty"
    elif kind == "slipstream":
        if not isinstance(params.get("take"), bool):
            return "say whether you take the slipstream (take: true or false)"
        if not isinstance(params.get("extra", True), bool):
            return "extra says whether you take the sector's slipstream bonus (true or false)"
    elif kind == "discard":
        cards = params.get("cards")
        if not isinstance(cards, list | tuple) or len(set(cards)) != len(cards):
            return "choose the cards to discard as a list of card ids"
        free = discardable(s, car) if cards else ()  # half the discards discard nothing
        for c in cards:
            if c not in car.hand:
                return "you can only discard cards from your hand"
            if c not in free:
                return "Heat and Stress cards cannot be discarded"
    return None
