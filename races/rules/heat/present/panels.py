"""Heat's decision panels (races/rules/face/widgets.py): the hand as cards to pick
(HEAT-B-005 the gear's count of cards, HEAT-B-047 discards, the car design
market), with the speed, the corner limit reached and the Heat to pay shown
before the driver confirms (HEAT-B-040, HEAT-B-044, HEAT-B-045); the gear
stick with the Heat a two-gear shift costs; plain forms for the reactions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...contract import Action, Decision
from ...face.panels import Panels
from ...face.widgets import choice, panel
from ...speech import N_, _, ngettext
from ..rules.cards import HEAT, SPEED, STARTING_UPGRADE, STRESS, card

STYLES = {
    "SPEED": "speed",
    "HEAT": "heat",
    "STRESS": "stress",
    "STARTING_UPGRADE": "upgrade",
    "UPGRADE": "upgrade",
    "SPONSORSHIP": "sponsor",
}
# Decision kind -> its name, translated where a page shows it (races/rules/face/widgets.py).
DECISION_WORDS = {
    "shift_gear": N_("Shift gear"),
    "play_cards": N_("Play cards"),
    "react": N_("React"),
    "slipstream": N_("Slipstream"),
    "discard": N_("Discard"),
    "market_pick": N_("Take an upgrade"),
    "market_swap": N_("Swap an upgrade"),
    "draft_pick": N_("Draft an upgrade"),
    "choose_speed": N_("Choose a speed"),
    "convert_unpayable": N_("Convert a card"),
    "refresh": N_("Refresh"),
}
# React and garage actions in words (HEAT-B-03x, HEAT-GARAGE).
REACTIONS = {
    "adrenaline_move": N_("Adrenaline: move one more space"),
    "boost": N_("Boost: pay 1 Heat, flip cards for more speed"),
    "end_react": N_("End the step"),
    "cooldown": N_("Cool down"),
    "pay_heat_cost": N_("Pay Heat"),
    "scrap": N_("Scrap"),
    "reduce_stress": N_("Reduce Stress with"),
    "salvage": N_("Salvage with"),
    "accelerate": N_("Accelerate with"),
    "direct_play": N_("Play directly"),
    "super_cool": N_("Super cool with"),
    "market_swap": N_("Swap"),
    "choose_speed": N_("Play"),
    "convert_unpayable": N_("Convert"),
    "refresh": N_("Put on top of your deck"),
}
# The upgrade cards' printed names (HEAT-GARAGE-01, HEAT-RAIN); sponsors' and
# events' names are names and stay as printed.
UPGRADE_NAMES = frozenset(
    {
        N_("4 wheel drive"),
        N_("Air intake"),
        N_("Body"),
        N_("Brakes"),
        N_("Cooling system"),
        N_("Fuel"),
        N_("Gas pedal"),
        N_("Heat card"),
        N_("R.P.M."),
        N_("Suspension"),
        N_("Tires"),
        N_("Turbo charger"),
        N_("Wings"),
    }
)
# The question each decision asks (HEAT-B-ENG decisions), in the reader's words.
PROMPTS = {
    "react": N_("React: Adrenaline, Cooldown or Boost, then end the step."),
    "discard": N_("Discard any cards you do not want (not Heat or Stress)."),
    "market_swap": N_("You may exchange one upgrade you own for one left in the market."),
    "market_pick": N_("Car design: take one upgrade card from the market."),
    "choose_speed": N_("Choose the speed of this card."),
    "convert_unpayable": N_(
        "Your Heat cannot cover these costs: choose a card to discard for a random speed."
    ),
    "refresh": N_("Put Refresh cards on top of your deck? (the last listed on top)"),
}


def prompt(decision: Decision) -> str:
    """The decision's question in the reader's words."""
    options = decision.options
    if decision.kind in PROMPTS:
        return _(PROMPTS[decision.kind])
    if decision.kind == "shift_gear" and options.get("gear") is not None:
        return _("Gear %(gear)s: keep it or shift (two gears cost 1 Heat).") % {
            "gear": options["gear"]
        }
    if decision.kind == "play_cards" and options.get("tournament"):  # HEAT-B-TOURN-01
        return _("Tournament: play 1 to 4 cards face down; their number is your new gear.")
    if decision.kind == "play_cards" and isinstance(options.get("count"), int):
        return _("Play %(count)s cards face down.") % {"count": options["count"]}
    if decision.kind == "slipstream":
        return _("Slipstream %(count)s spaces?") % {"count": 2 + (options.get("bonus") or 0)}
    if decision.kind == "draft_pick" and options.get("pick") is not None:
        return _("Upgrade draft, pick %(pick)s of 3: take one card.") % {"pick": options["pick"]}
    return decision.prompt


def plural(count: Any, word: str) -> str:
    """A count of a Heat word: `word` is "space", "card", "draw" or "sponsorship card"."""
    words = {"count": count}
    if word == "space":
        return ngettext("%(count)s space", "%(count)s spaces", count) % words
    if word == "draw":
        return ngettext("%(count)s draw", "%(count)s draws", count) % words
    if word == "sponsorship card":
        return ngettext("%(count)s sponsorship card", "%(count)s sponsorship cards", count) % words
    return ngettext("%(count)s card", "%(count)s cards", count) % words


def named(name: Any, kind: Any, speed: Any) -> str:
    """A card's name in the reader's words (the basic cards by their kind, the upgrades by
    their printed name); sponsors' names are names."""
    if kind == SPEED:
        return _("Speed %(speed)s") % {"speed": speed}
    if kind == STARTING_UPGRADE:
        return _("Upgrade %(speed)s") % {"speed": speed}
    if kind == HEAT and name == "Heat":
        return _("Heat")
    if kind == STRESS:
        return _("Stress")
    if name in UPGRADE_NAMES:
        return _(name)
    return name or _("a card")


def card_name(card_id: Any) -> str:
    try:
        c = card(str(card_id))
    except (ValueError, IndexError, KeyError):
        return _("a card")
    return named(c.name, c.kind, c.speed)


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
        "name": named(view.get("name"), kind, speed) if view.get("name") else _("Card"),
        "value": value,
        "style": STYLES.get(kind, "upgrade"),
        "note": _("draws a card for its speed") if view.get("plus") else "",
    }


def _where(options: Mapping) -> list[tuple[str, str]]:
    corner = options.get("next_corner") or {}
    lap = (
        _("%(lap)s of %(laps)s") % {"lap": options["lap"], "laps": options["laps"]}
        if options.get("lap")
        else ""
    )
    facts = [
        (_("Lap"), lap),
        (_("Heat in engine"), str(options.get("engine", ""))),
        (_("Heat cards in hand"), str(options.get("heat_in_hand", ""))),
    ]
    if corner and not corner.get("beyond_finish"):
        distance = corner.get("distance")
        facts.insert(
            0,
            (
                _("Next corner"),
                ngettext(
                    "Corner %(corner)s (limit %(limit)s), %(count)s space ahead",
                    "Corner %(corner)s (limit %(limit)s), %(count)s spaces ahead",
                    distance,
                )
                % {"corner": corner.get("id"), "limit": corner.get("limit"), "count": distance},
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
    if draws:
        speed = ngettext(
            "Speed %(speed)s + %(draws)s draw", "Speed %(speed)s + %(draws)s draws", draws
        ) % {"speed": total, "draws": draws}
    else:
        speed = _("Speed %(speed)s") % {"speed": total}
    corner = options.get("next_corner") or {}
    if not corner or corner.get("beyond_finish"):
        return speed, False
    limit, distance = corner.get("limit"), corner.get("distance")
    words = {"speed": speed, "corner": corner_words(corner.get("id"), limit)}
    if not isinstance(limit, int) or not isinstance(distance, int) or total <= distance:
        return _("%(speed)s: stops before %(corner)s") % words, False
    over = max(0, total - limit)
    words.update(heat=over, engine=options.get("engine"))
    if not over:
        return _("%(speed)s: through %(corner)s, no Heat") % words, False
    engine = options.get("engine")
    if isinstance(engine, int) and over > engine:  # HEAT-B-045
        return _(
            "%(speed)s: through %(corner)s, %(heat)s Heat to pay, only %(engine)s: spin-out!"
        ) % words, True
    return _("%(speed)s: through %(corner)s, %(heat)s Heat to pay") % words, False


def corner_words(number: Any, limit: Any = None) -> str:
    """A corner by its number, with its speed limit when given (HEAT-B-040)."""
    if limit is None:
        return _("Corner %(corner)s") % {"corner": number}
    return _("Corner %(corner)s (limit %(limit)s)") % {"corner": number, "limit": limit}


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
        cost = _("%(count)s Heat") % {"count": heat} if heat else ""
        play = ngettext("play %(count)s card", "play %(count)s cards", gear) % {"count": gear}
        choices.append(
            choice(action, _("Gear %(gear)s") % {"gear": gear}, [play, cost or _("free")],
                   gear=gear, range=plural(gear, "card"), cost=cost, current=gear == current)
        )  # fmt: skip
    return panel(
        "gear_stick",
        decision,
        choices,
        facts=_where(options),
        confirm=_("Select this gear"),
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
        confirm=_("Play these cards"),
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
            _("Discard %(cards)s") % {"cards": _value_words("cards", a.params["cards"])}
            if a.params["cards"]
            else _("Keep every card"),
            picks=sorted(a.params["cards"]),
        )  # fmt: skip
        for a in legal
    ]
    return panel(
        "cards",
        decision,
        choices,
        facts=_where(options),
        confirm=_("Discard these cards"),
        cards=hand,
        pick={"min": 0, "max": len(free)},
        compose={"kind": "discard", "param": "cards", "one": False},
    )


def _take_one(decision: Decision, legal: Sequence[Action]) -> dict:
    options = decision.options
    choices = [
        choice(
            a,
            _("Take %(card)s") % {"card": card_name(a.params.get("card"))},
            picks=[a.params.get("card")],
        )
        for a in legal
    ]
    owned = _(", ").join(card_name(c.get("id")) for c in options.get("owned") or [])
    return panel(
        "cards",
        decision,
        choices,
        facts=[(_("Your upgrades"), owned)],
        confirm=_("Take this card"),
        cards=_hand(options, "row"),
        pick={"min": 1, "max": 1},
        compose={"kind": decision.kind, "param": "card", "one": True},
    )


def _value_words(key: str, value: Any) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, int):
        return _("%(count)s Heat") % {"count": value} if key == "count" else str(value)
    if isinstance(value, str):
        return card_name(value)
    if isinstance(value, list):
        return _(", ").join(card_name(v) for v in value) or _("none")
    return _("none")


def action_words(action: Action) -> str:
    """A reaction or a garage action in words, with card names, never ids."""
    word = REACTIONS.get(action.kind) or DECISION_WORDS.get(action.kind)
    head = _(word) if word else _("Choose")
    params = action.params
    if action.kind == "market_swap":
        if not params.get("owned"):
            return _("Keep your upgrades")
        return _("Swap %(owned)s for %(market)s") % {
            "owned": card_name(params["owned"]),
            "market": card_name(params["market"]),
        }
    if action.kind == "choose_speed":
        return _("Play %(card)s as speed %(speed)s") % {
            "card": card_name(params.get("card")),
            "speed": params.get("value"),
        }
    parts = [_value_words(k, v) for k, v in params.items() if v is not None]
    if not parts:
        return head
    # "Reduce Stress with" + the cards it takes, "Cool down" + the Heat it moves
    return (_("%(action)s %(choice)s") % {"action": head, "choice": _(", ").join(parts)}).strip()


def _form(decision: Decision, legal: Sequence[Action], facts=()) -> dict:
    return panel("form", decision, [choice(a, action_words(a)) for a in legal], facts=facts)


def _slipstream(decision: Decision, legal: Sequence[Action]) -> dict:
    options = decision.options
    bonus = options.get("bonus") or 0
    choices = []
    for a in legal:
        if not a.params.get("take"):
            label = _("No slipstream")
        elif a.params.get("extra") is False:
            label = _("Slipstream 2 spaces, without the bonus")
        else:
            label = _("Slipstream %(count)s spaces") % {"count": 2 + bonus}
        crosses = [corner_words(c, limit) for c, limit in options.get("crosses") or []]
        details = (
            [_("crosses %(corners)s") % {"corners": _(", ").join(crosses)}]
            if crosses and a.params.get("take")
            else []
        )
        choices.append(choice(a, label, details))
    return panel("form", decision, choices, facts=_where(options))


def heat_panel(decision: Decision, view: Mapping, legal: Sequence[Action]) -> dict:
    drawn = _drawn(decision, view, legal)
    if drawn["title"] == decision.prompt:  # no title of its own: the question, translated
        drawn["title"] = prompt(decision)
    return drawn


def _drawn(decision: Decision, view: Mapping, legal: Sequence[Action]) -> dict:
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
        facts.insert(0, (_("Speed"), str(speed) if speed is not None else ""))
    return _form(decision, legal, facts)


class HeatPanels(Panels):
    decision_words = DECISION_WORDS

    def panel(self, decision: Decision, view: Mapping, *, legal: Sequence[Action]) -> dict:
        return heat_panel(decision, view, legal)
