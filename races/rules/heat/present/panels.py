"""Heat's decision panels (races/rules/face/widgets.py): the hand as cards to pick
(HEAT-B-005 the gear's count of cards, HEAT-B-047 discards, the car design
market), with the speed, the corner limit reached and the Heat to pay shown
before the driver confirms (HEAT-B-040, HEAT-B-044, HEAT-B-045); the gear
stick with the Heat a two-gear shift costs; plain forms for the reactions.

The cards and their panels are in card_words.py and card_panels.py; here are
each decision's name and question, the reactions' forms and the dispatch."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...contract import Action, Decision
from ...face.panels import Panels
from ...face.widgets import choice, panel
from ...speech import N_, _
from .card_panels import _discard, _play, _shift, _take_one, _where
from .card_words import _value_words, card_name, corner_words

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
