"""Heat's decision panels (races/rules/panels.py): the hand as cards to pick
(HEAT-B-005 the gear's count of cards, HEAT-B-047 discards, the car design
market), with the speed, the corner limit reached and the Heat to pay shown
before the driver confirms (HEAT-B-040, HEAT-B-044, HEAT-B-045); the gear
stick with the Heat a two-gear shift costs; plain forms for the reactions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..contract import Action, Decision
from ..panels import choice, panel
from .cards import card

STYLES = {
    "SPEED": "speed",
    "HEAT": "heat",
    "STRESS": "stress",
    "STARTING_UPGRADE": "upgrade",
    "UPGRADE": "upgrade",
    "SPONSORSHIP": "sponsor",
}
DECISION_WORDS = {
    "shift_gear": "Shift gear",
    "play_cards": "Play cards",
    "react": "React",
    "slipstream": "Slipstream",
    "discard": "Discard",
    "market_pick": "Take an upgrade",
    "market_swap": "Swap an upgrade",
    "draft_pick": "Draft an upgrade",
    "choose_speed": "Choose a speed",
    "convert_unpayable": "Convert a card",
    "refresh": "Refresh",
}
# React and garage actions in words (HEAT-B-03x, HEAT-GARAGE).
REACTIONS = {
    "adrenaline_move": "Adrenaline: move one more space",
    "boost": "Boost: pay 1 Heat, flip cards for more speed",
    "end_react": "End the step",
    "cooldown": "Cool down",
    "pay_heat_cost": "Pay Heat",
    "scrap": "Scrap",
    "reduce_stress": "Reduce Stress with",
    "salvage": "Salvage with",
    "accelerate": "Accelerate with",
    "direct_play": "Play directly",
    "super_cool": "Super cool with",
    "market_swap": "Swap",
    "choose_speed": "Play",
    "convert_unpayable": "Convert",
    "refresh": "Put on top of your deck",
}


def plural(count: Any, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def card_name(card_id: Any) -> str:
    try:
        return card(str(card_id)).name or "a card"
    except (ValueError, IndexError, KeyError):
        return "a card"


def shown_card(view: Mapping) -> dict:
    """A card as the cards widget draws it: never its id as words."""
    kind = view.get("kind") or ""
    speed = view.get("speed")
    value = "" if speed is None else str(speed)
    if kind == "STRESS":
        value = "?"
    choices = view.get("speed_choices") or []
    if speed is None and choices:
        value = "/".join(str(c) for c in choices)
    return {
        "key": view["id"],
        "name": view.get("name") or "Card",
        "value": value,
        "style": STYLES.get(kind, "upgrade"),
        "note": "draws a card for its speed" if view.get("plus") else "",
    }


def _where(options: Mapping) -> list[tuple[str, str]]:
    corner = options.get("next_corner") or {}
    facts = [
        ("Lap", f"{options['lap']} of {options['laps']}" if options.get("lap") else ""),
        ("Heat in engine", str(options.get("engine", ""))),
        ("Heat cards in hand", str(options.get("heat_in_hand", ""))),
    ]
    if corner and not corner.get("beyond_finish"):
        facts.insert(
            0,
            (
                "Next corner",
                f"Corner {corner.get('id')} (limit {corner.get('limit')}), "
                f"{plural(corner.get('distance'), 'space')} ahead",
            ),
        )
    return facts


def _speed(cards: Sequence[str]) -> tuple[int, int]:
    """The speed the played cards show and how many "+" cards draw more (HEAT-B-009)."""
    total, draws = 0, 0
    for key in cards:
        c = card(key)
        if c.plus:
            draws += c.plus
        if c.speed is not None:
            total += c.speed
    return total, draws


def play_summary(cards: Sequence[str], options: Mapping) -> tuple[str, bool]:
    """The speed of these cards, the corner it reaches and the Heat it costs
    there (HEAT-B-040, HEAT-B-044), a spin-out when the engine cannot pay it
    (HEAT-B-045). A Stress card's draw is unknown until it is revealed."""
    total, draws = _speed(cards)
    speed = f"Speed {total}" + (f" + {plural(draws, 'draw')}" if draws else "")
    corner = options.get("next_corner") or {}
    if not corner or corner.get("beyond_finish"):
        return speed, False
    limit, distance = corner.get("limit"), corner.get("distance")
    name = f"Corner {corner.get('id')} (limit {limit})"
    if not isinstance(limit, int) or not isinstance(distance, int) or total <= distance:
        return f"{speed}: stops before {name}", False
    over = max(0, total - limit)
    if not over:
        return f"{speed}: through {name}, no Heat", False
    engine = options.get("engine")
    if isinstance(engine, int) and over > engine:
        return f"{speed}: through {name}, {over} Heat to pay, only {engine}: spin-out!", True
    return f"{speed}: through {name}, {over} Heat to pay", False


def _hand(options: Mapping, key: str = "hand") -> list[dict]:
    return [shown_card(c) for c in options.get(key) or [] if isinstance(c, Mapping)]


def _shift(decision: Decision, legal: Sequence[Action]) -> dict:
    options = decision.options
    costs = {g["gear"]: g.get("heat", 0) for g in options.get("gears", [])}
    current = options.get("gear")
    choices = []
    for action in sorted(legal, key=lambda a: a.params.get("gear")):
        gear = action.params.get("gear")
        heat = costs.get(gear, 0)
        cost = f"{heat} Heat" if heat else ""
        choices.append(
            choice(action, f"Gear {gear}", [f"play {plural(gear, 'card')}", cost or "free"],
                   gear=gear, range=plural(gear, "card"), cost=cost, current=gear == current)
        )  # fmt: skip
    return panel(
        "gear_stick",
        decision,
        choices,
        facts=_where(options),
        confirm="Select this gear",
        current=current,
        cards=_hand(options),
    )


def _play(decision: Decision, legal: Sequence[Action]) -> dict:
    options = decision.options
    choices = []
    for action in legal:
        picked = list(action.params.get("cards") or [])
        summary, danger = play_summary(picked, options)
        choices.append(choice(action, summary, danger=danger, picks=sorted(picked)))
    count = options.get("count")
    low, high = (count, count) if isinstance(count, int) else (1, 4)
    return panel(
        "cards",
        decision,
        choices,
        facts=_where(options),
        confirm="Play these cards",
        cards=_hand(options),
        pick={"min": low, "max": high},
        compose={"kind": "play_cards", "param": "cards", "one": False},
    )


def _discard(decision: Decision, legal: Sequence[Action]) -> dict:
    options = decision.options
    free = set(options.get("discardable") or [])
    hand = [{**c, "fixed": c["key"] not in free} for c in _hand(options)]
    choices = [
        choice(
            a,
            "Discard " + _value_words("cards", a.params["cards"])
            if a.params["cards"]
            else "Keep every card",
            picks=sorted(a.params["cards"]),
        )  # fmt: skip
        for a in legal
    ]
    return panel(
        "cards",
        decision,
        choices,
        facts=_where(options),
        confirm="Discard these cards",
        cards=hand,
        pick={"min": 0, "max": len(free)},
        compose={"kind": "discard", "param": "cards", "one": False},
    )


def _take_one(decision: Decision, legal: Sequence[Action]) -> dict:
    options = decision.options
    choices = [
        choice(a, f"Take {card_name(a.params.get('card'))}", picks=[a.params.get("card")])
        for a in legal
    ]
    owned = ", ".join(card_name(c.get("id")) for c in options.get("owned") or [])
    return panel(
        "cards",
        decision,
        choices,
        facts=[("Your upgrades", owned)],
        confirm="Take this card",
        cards=_hand(options, "row"),
        pick={"min": 1, "max": 1},
        compose={"kind": decision.kind, "param": "card", "one": True},
    )


def _value_words(key: str, value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value} Heat" if key == "count" else str(value)
    if isinstance(value, str):
        return card_name(value)
    if isinstance(value, list):
        return ", ".join(card_name(v) for v in value) or "none"
    return "none"


def action_words(action: Action) -> str:
    """A reaction or a garage action in words, with card names, never ids."""
    head = REACTIONS.get(action.kind) or DECISION_WORDS.get(action.kind) or "Choose"
    params = action.params
    if action.kind == "market_swap":
        if not params.get("owned"):
            return "Keep your upgrades"
        return f"Swap {card_name(params['owned'])} for {card_name(params['market'])}"
    if action.kind == "choose_speed":
        return f"Play {card_name(params.get('card'))} as speed {params.get('value')}"
    parts = [_value_words(k, v) for k, v in params.items() if v is not None]
    return f"{head} {', '.join(parts)}".strip() if parts else head


def _form(decision: Decision, legal: Sequence[Action], facts=()) -> dict:
    return panel("form", decision, [choice(a, action_words(a)) for a in legal], facts=facts)


def _slipstream(decision: Decision, legal: Sequence[Action]) -> dict:
    options = decision.options
    bonus = options.get("bonus") or 0
    choices = []
    for a in legal:
        if not a.params.get("take"):
            label = "No slipstream"
        elif a.params.get("extra") is False:
            label = "Slipstream 2 spaces, without the bonus"
        else:
            label = f"Slipstream {2 + bonus} spaces"
        crosses = [f"Corner {c} (limit {limit})" for c, limit in options.get("crosses") or []]
        details = [f"crosses {', '.join(crosses)}"] if crosses and a.params.get("take") else []
        choices.append(choice(a, label, details))
    return panel("form", decision, choices, facts=_where(options))


def heat_panel(decision: Decision, view: Mapping, legal: Sequence[Action]) -> dict:
    kind = decision.kind
    if kind == "shift_gear":
        return _shift(decision, legal)
    if kind == "play_cards":
        return _play(decision, legal)
    if kind == "discard":
        return _discard(decision, legal)
    if kind in ("market_pick", "draft_pick"):
        return _take_one(decision, legal)
    if kind == "slipstream":
        return _slipstream(decision, legal)
    facts = _where(decision.options)
    if kind == "react":
        speed = decision.options.get("speed")
        facts.insert(0, ("Speed", str(speed) if speed is not None else ""))
    return _form(decision, legal, facts)
