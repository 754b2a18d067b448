"""The decisions a driver makes (HEAT-B-ENG-05: D1, D2, D5a-c, D5k, D6, D7), what a panel
shows for each, their legal actions and the checks behind IllegalAction (HEAT-B-ENG-06)."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from ...contract import Action, Decision
from ..state import Car
from . import plan, turn
from .cards import card_view
from .garage_decisions import (
    GARAGE_REACT,
    check_plain,
    choose_speed_decision,
    convert_decision,
    draft_decision,
    end_react_check,
    legal_plain,
    react_check,
    react_legal,
    react_options,
    refresh_decision,
)

if TYPE_CHECKING:
    from ..race import HeatRace

KINDS = {
    "plan": ("shift_gear", "play_cards"),
    "react": ("adrenaline_move", "cooldown", "boost", "end_react", *GARAGE_REACT),
    "slipstream": ("slipstream",),
    "discard": ("discard",),
}


def _where(race: HeatRace, car: Car) -> dict:
    track = race.track
    corner, q = track.next_line(car.p)
    return {
        "progress": car.p,
        "space": car.p % track.length,
        "spot": car.spot,
        "lap": min(race.laps, max(0, car.p) // track.length + 1),
        "laps": race.laps,
        "next_corner": {
            "id": corner.id,
            "limit": race.limit(corner),
            "distance": q - car.p - 1,
            "beyond_finish": q >= race.board.finish,
        },
        "engine": len(car.engine),
        "heat_in_hand": len(turn.heat_in_hand(car)),
    }


PLAIN = {
    "draft": draft_decision,
    "choose_speed": choose_speed_decision,
    "convert": convert_decision,
    "refresh": refresh_decision,
}


def decision_for(race: HeatRace, car: Car) -> Decision:
    seat = car.seat
    if race.phase in PLAIN:
        return PLAIN[race.phase](race, car)
    if race.phase == "plan" and race.tournament:
        gears = plan.gear_choices(race, car)
        return Decision(
            seat,
            "play_cards",
            "Tournament: play 1 to 4 cards face down; their number is your new gear.",
            {
                "step": 2,
                "gear": car.gear,
                "tournament": True,
                "counts": [{"count": g, "heat": cost} for g, cost in gears],
                "flooded": race.on_flooded(car),
                "hand": [card_view(c) for c in car.hand],
                **_where(race, car),
            },
        )
    if race.phase == "plan" and car.shift_to is None:
        gears = plan.gear_choices(race, car)
        return Decision(
            seat,
            "shift_gear",
            f"Gear {car.gear}: keep it or shift (two gears cost 1 Heat).",
            {
                "step": 1,
                "gear": car.gear,
                "gears": [{"gear": g, "heat": cost} for g, cost in gears],
                "flooded": race.on_flooded(car),
                "hand": [card_view(c) for c in car.hand],
                **_where(race, car),
            },
            Action("shift_gear", {"gear": car.gear}),
        )
    if race.phase == "plan":
        forced = plan.cluttered_play(car, car.shift_to)
        return Decision(
            seat,
            "play_cards",
            f"Play {car.shift_to} cards face down.",
            {
                "step": 2,
                "gear": car.shift_to,
                "count": car.shift_to,
                "hand": [card_view(c) for c in car.hand],
                "cluttered": forced is not None,
                **_where(race, car),
            },
            Action("play_cards", {"cards": sorted(forced)}) if forced is not None else None,
        )
    if race.phase == "react":
        return Decision(
            seat,
            "react",
            "React: Adrenaline, Cooldown or Boost, then end the step.",
            {
                "step": 5,
                "speed": car.speed,
                "gear": car.gear,
                "adrenaline_move": car.adrenaline and not car.adrenaline_moved,
                "cooldown_left": turn.cooldown_allowance(race, car),
                "boost": turn.can_boost(race, car),
                "boost_free": race.conditions is not None and turn.boost_free(race, car),
                "sector_effect": turn.sector_effect(race, car) if race.conditions else None,
                "crossed": [[cid, q] for cid, q in car.crossings],
                "play": [card_view(c) for c in car.play],
                **(react_options(race, car) if race.garage else {}),
                **_where(race, car),
            },
            None if car.heat_owed or car.scrap_owed else Action("end_react"),
        )
    if race.phase == "slipstream":
        bonus = turn.slipstream_bonus(race, car)
        crossing = race.track.crossings(car.p, car.p + 2 + bonus)
        return Decision(
            seat,
            "slipstream",
            f"Slipstream {2 + bonus} spaces?",
            {
                "step": 6,
                "distance": 2,
                "bonus": bonus,
                "speed": car.speed,
                "crosses": [[c.id, race.limit(c)] for c, q in crossing if q < race.board.finish],
                "crossed": [[cid, q] for cid, q in car.crossings],
                **_where(race, car),
            },
            Action("slipstream", {"take": False}),
        )
    return Decision(
        seat,
        "discard",
        "Discard any cards you do not want (not Heat or Stress).",
        {
            "step": 8,
            "hand": [card_view(c) for c in car.hand],
            "discardable": turn.discardable(race, car),
            **_where(race, car),
        },
        Action("discard", {"cards": []}),
    )


def legal_for(race: HeatRace, car: Car) -> list[Action]:
    phase = race.phase
    if phase in PLAIN:
        return legal_plain(race, car)
    if phase == "plan" and car.shift_to is None and not race.tournament:
        return [Action("shift_gear", {"gear": g}) for g, _ in plan.gear_choices(race, car)]
    if phase == "plan":
        return [Action("play_cards", {"cards": cards}) for cards in plan.play_choices(race, car)]
    if phase == "react":
        actions = []
        if car.adrenaline and not car.adrenaline_moved:
            actions.append(Action("adrenaline_move"))
        for k in range(1, min(turn.cooldown_allowance(race, car), len(turn.heat_in_hand(car))) + 1):
            actions.append(Action("cooldown", {"count": k}))
        if turn.can_boost(race, car):
            actions.append(Action("boost"))
        if race.garage:
            actions += react_legal(race, car)
        if end_react_check(race, car) is None:
            actions.append(Action("end_react"))
        return actions
    if phase == "slipstream":
        takes = [Action("slipstream", {"take": True})]
        if turn.slipstream_bonus(race, car):
            takes.append(Action("slipstream", {"take": True, "extra": False}))
        return [*takes, Action("slipstream", {"take": False})]
    free = sorted(turn.discardable(race, car))
    return [
        Action("discard", {"cards": list(subset)})
        for n in range(len(free) + 1)
        for subset in combinations(free, n)
    ]


def validate_for(race: HeatRace, car: Car, action: Action) -> str | None:
    phase = race.phase
    kind = action.kind
    if phase in PLAIN:
        return check_plain(race, car, kind, dict(action.params))
    if phase == "plan":
        expected = "shift_gear" if car.shift_to is None and not race.tournament else "play_cards"
        if kind != expected:
            return (
                f"now choose your gear first ({expected})"
                if expected == "shift_gear"
                else ("now play your cards (play_cards)")
            )
        if kind == "shift_gear":
            return plan.check_shift(race, car, action)
        return plan.check_play(race, car, action)
    if kind not in KINDS[phase]:
        return f"that is not possible now; choose one of: {', '.join(KINDS[phase])}"
    params = action.params
    if kind in GARAGE_REACT:
        return react_check(race, car, kind, dict(params)) if race.garage else "no upgrades in play"
    if kind == "end_react":
        return end_react_check(race, car)
    if kind == "adrenaline_move":
        if not car.adrenaline:
            return "you have no Adrenaline this round"
        if car.adrenaline_moved:
            return "you already used the Adrenaline move"
    elif kind == "cooldown":
        count = params.get("count")
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            return "cool down at least 1 Heat card"
        allowance = turn.cooldown_allowance(race, car)
        if count > allowance:
            return f"you have only {allowance} Cooldown left this turn"
        if count > len(turn.heat_in_hand(car)):
            return "you do not hold that many Heat cards"
    elif kind == "boost":
        if car.boosted:
            return "you can Boost only once a turn"
        if not turn.can_boost(race, car):
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
        for c in cards:
            if c not in car.hand:
                return "you can only discard cards from your hand"
            if c not in turn.discardable(race, car):
                return "Heat and Stress cards cannot be discarded"
    return None
