"""Decisions of the Garage module (HEAT-B-ENG-05: D3, D4, D5d-j, D8, D9): what a panel
shows, the legal actions and the checks behind IllegalAction."""

from __future__ import annotations

from itertools import combinations, permutations

from ....contract import Action, Decision
from ...state import Car, Market, RaceState
from ..cards import card, card_view, is_stress
from ..react import heat_in_hand
from .garage import (
    card_value,
    heat_in_discard,
    heat_owed_lapses,
    playable_direct,
    refreshable,
    symbol_cards,
    unchosen,
)

# The decisions answered by one of a plain list of actions (D3, D4, D8, D9).
PLAIN = (
    "draft_pick",
    "market_pick",
    "market_swap",
    "choose_speed",
    "convert_unpayable",
    "refresh",
)
GARAGE_REACT = (
    "super_cool",
    "pay_heat_cost",
    "scrap",
    "reduce_stress",
    "salvage",
    "accelerate",
    "direct_play",
)


def draft_decision(s: RaceState, car: Car) -> Decision:
    draft = s.draft
    if isinstance(draft, Market):
        if draft.swapping:
            return Decision(
                car.seat,
                "market_swap",
                "You may exchange one upgrade you own for one left in the market.",
                {
                    "row": [card_view(c) for c in draft.row],
                    "owned": [card_view(c) for c in car.upgrades],
                },
                Action("market_swap", {"owned": None, "market": None}),
            )
        return Decision(
            car.seat,
            "market_pick",
            "Car design: take one upgrade card from the market.",
            {
                "row": [card_view(c) for c in draft.row],
                "owned": [card_view(c) for c in car.upgrades],
            },
        )
    return Decision(
        car.seat,
        "draft_pick",
        f"Upgrade draft, pick {draft.pick} of 3: take one card.",
        {
            "pick": draft.pick,
            "row": [card_view(c) for c in draft.row],
            "owned": [card_view(c) for c in car.upgrades],
        },
    )


def choose_speed_decision(s: RaceState, car: Car) -> Decision:
    chosen = unchosen(car)[0]
    return Decision(
        car.seat,
        "choose_speed",
        "Choose the speed of this card.",
        {
            "step": 3,
            "card": card_view(chosen),
            "choices": list(card(chosen).speed_choices),
            "play": [card_view(c) for c in car.play],
            "speed_so_far": sum(card_value(car, c) for c in car.play),
        },
    )


def convert_decision(s: RaceState, car: Car) -> Decision:
    costly = sorted(
        (c for c in car.play if card(c).heat_cost and c not in car.converted),
        key=lambda c: (-card(c).heat_cost, c),
    )
    return Decision(
        car.seat,
        "convert_unpayable",
        "Your Heat cannot cover these costs: choose a card to discard for a random speed.",
        {
            "step": 3,
            "cards": [card_view(c) for c in costly],
            "engine": len(car.engine),
            "heat_in_hand": len(heat_in_hand(car)),
        },
        Action("convert_unpayable", {"card": costly[0]}),
    )


def refresh_decision(s: RaceState, car: Car) -> Decision:
    return Decision(
        car.seat,
        "refresh",
        "Put Refresh cards on top of your deck? (the last listed on top)",
        {"step": 9, "cards": [card_view(c) for c in refreshable(car)]},
        Action("refresh", {"cards": []}),
    )


def react_options(s: RaceState, car: Car) -> dict:
    stress = [c for c in car.hand if is_stress(c)]
    salvage = symbol_cards(car, "salvage")
    return {
        "heat_owed": car.heat_owed,
        "scrap": [[c, card(c).scrap] for c in car.scrap_owed],
        "reduce_stress": [[c.id, c.reduce_stress] for c in symbol_cards(car, "reduce_stress")]
        if stress
        else [],
        "stress_in_hand": stress,
        "salvage": [[c.id, c.salvage] for c in salvage] if car.discard else [],
        # HEAT-B-ENG-09: the own discard pile is visible while resolving Salvage
        "discard_pile": [card_view(c) for c in car.discard] if salvage else [],
        "accelerate": [c.id for c in symbol_cards(car, "accelerate")],
        "plus_count": car.plus_count,
        "direct_play": [card_view(c) for c in playable_direct(s, car)],
        "super_cool": [[c.id, c.super_cool] for c in symbol_cards(car, "super_cool")]
        if heat_in_discard(car)
        else [],
        "heat_in_discard": heat_in_discard(car),
    }


def react_legal(s: RaceState, car: Car) -> list[Action]:
    actions = []
    most = min(car.heat_owed, len(car.engine))
    actions += [Action("pay_heat_cost", {"count": k}) for k in range(1, most + 1)]
    actions += [Action("scrap", {"card": c}) for c in sorted(set(car.scrap_owed))]
    stress = sorted(c for c in car.hand if is_stress(c))
    for c in symbol_cards(car, "reduce_stress"):
        for n in range(1, min(c.reduce_stress, len(stress)) + 1):
            actions += [
                Action("reduce_stress", {"card": c.id, "stress": list(s)})
                for s in combinations(stress, n)
            ]
    pile = sorted(set(car.discard))
    for c in symbol_cards(car, "salvage"):
        for n in range(1, min(c.salvage, len(pile)) + 1):
            actions += [
                Action("salvage", {"card": c.id, "cards": list(s)}) for s in combinations(pile, n)
            ]
    actions += [Action("accelerate", {"card": c.id}) for c in symbol_cards(car, "accelerate")]
    actions += [Action("direct_play", {"card": c}) for c in playable_direct(s, car)]
    cool = heat_in_discard(car)
    for c in symbol_cards(car, "super_cool"):
        actions += [
            Action("super_cool", {"card": c.id, "count": k})
            for k in range(1, min(c.super_cool, cool) + 1)
        ]
    return actions


def react_check(s: RaceState, car: Car, kind: str, params: dict) -> str | None:
    name = params.get("card")
    if kind == "pay_heat_cost":
        count = params.get("count")
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            return "pay at least 1 Heat"
        if count > car.heat_owed:
            return f"you owe only {car.heat_owed} Heat"
        if count > len(car.engine):
            return "not enough Heat in your engine: cool down first"
        return None
    if kind == "scrap":
        return None if name in car.scrap_owed else "that card has no scrap to resolve"
    if kind == "direct_play":
        if name not in car.hand or not card(name).direct_play:
            return "you can only direct-play a direct-play card from your hand"
        if name not in playable_direct(s, car):
            return "its Heat cost could not be paid"
        return None
    symbol = kind
    if name not in [c.id for c in symbol_cards(car, symbol)]:
        if kind == "super_cool":
            return "no played card offers an unused super-cool"
        return f"no played card offers an unused {symbol.replace('_', ' ')}"
    if kind == "reduce_stress":
        chosen = params.get("stress")
        if not isinstance(chosen, list | tuple) or len(set(chosen)) != len(chosen):
            return "list the Stress cards to discard"
        if len(chosen) > card(name).reduce_stress:
            return f"this card discards at most {card(name).reduce_stress} Stress cards"
        if any(c not in car.hand or not is_stress(c) for c in chosen):
            return "only Stress cards from your hand"
    if kind == "super_cool":
        count = params.get("count")
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            return "move at least 1 Heat card"
        if count > card(name).super_cool or count > heat_in_discard(car):
            return "not that many: the card's number and the Heat in your discard pile limit it"
    if kind == "salvage":
        chosen = params.get("cards")
        if not isinstance(chosen, list | tuple) or len(set(chosen)) != len(chosen):
            return "list the cards to take from your discard pile"
        if len(chosen) > card(name).salvage or any(c not in car.discard for c in chosen):
            return f"choose at most {card(name).salvage} cards of your discard pile"
    return None


def end_react_check(s: RaceState, car: Car) -> str | None:
    if car.scrap_owed:
        return "resolve the scrap of your played cards first"
    if car.heat_owed and not heat_owed_lapses(s, car):
        return f"pay the {car.heat_owed} Heat your cards cost first"
    return None


def legal_plain(s: RaceState, car: Car, asked: str) -> list[Action]:
    """D3, D4, D8, D9."""
    if asked == "market_swap":
        return [Action("market_swap", {"owned": None, "market": None})] + [
            Action("market_swap", {"owned": o, "market": m})
            for o in sorted(car.upgrades)
            for m in sorted(set(s.draft.row))
        ]
    if asked in ("market_pick", "draft_pick"):
        return [Action(asked, {"card": c}) for c in sorted(set(s.draft.row))]
    if asked == "choose_speed":
        chosen = unchosen(car)[0]
        return [
            Action("choose_speed", {"card": chosen, "value": v}) for v in card(chosen).speed_choices
        ]
    if asked == "convert_unpayable":
        return [
            Action("convert_unpayable", {"card": c})
            for c in sorted(car.play)
            if card(c).heat_cost and c not in car.converted
        ]
    cards = refreshable(car)
    return [
        Action("refresh", {"cards": list(p)})
        for n in range(len(cards) + 1)
        for p in permutations(cards, n)
    ]


def check_plain(s: RaceState, car: Car, asked: str, kind: str, params: dict) -> str | None:
    legal = legal_plain(s, car, asked)
    if kind != legal[0].kind:
        return f"now choose: {legal[0].kind}"
    wanted = {k: list(v) if isinstance(v, tuple) else v for k, v in params.items()}
    if all(dict(a.params) != wanted for a in legal):
        return {
            "draft_pick": "pick one of the revealed upgrade cards",
            "market_pick": "pick one of the market's upgrade cards",
            "market_swap": "give one upgrade you own for one market card, or neither",
            "choose_speed": "choose one of the card's speeds",
            "convert_unpayable": "choose a played card with a Heat cost",
            "refresh": "list Refresh cards of your play area, each once",
        }[kind]
    return None
