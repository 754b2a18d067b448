"""Heat's events in words: one sentence an event, with people's names and never a raw id.

Drawn cards and a deck's order are their owner's secret while the race runs
(HEAT-B-ENG-10): the sentences for those events give counts, never cards.
"""

from __future__ import annotations

from typing import Any

from ...speech import N_, _, ngettext
from .card_words import card_name, corner_words

SPOTS = {"RL": N_("on the racing line"), "OUT": N_("on the outside")}
REASONS = {
    "shift": N_("shifting two gears"),
    "boost": N_("a boost"),
    "corner": N_("a corner"),
    "cooldown": N_("cooling down"),
    "setup": N_("the start"),
    "slipstream": N_("a slipstream"),
    "press": N_("the press"),
    "overspeed": N_("taking a corner too fast"),
    "cluttered": N_("a cluttered hand"),
    "reveal": N_("the cards played"),
    "adrenaline": N_("adrenaline"),
}
# HEAT-WEATHER-02: the weather tokens; HEAT-WEATHER-04..06: what the road tokens do.
WEATHER = {
    "sunny": N_("sunny"),
    "cloudy": N_("cloudy"),
    "rain": N_("rain"),
    "heavy_rain": N_("heavy rain"),
    "freezing": N_("freezing"),
    "fog": N_("fog"),
}
ROAD = {
    "no_cooldown": N_("no cooldown"),
    "no_slipstream": N_("no slipstream"),
    "slipstream_plus_2": N_("slipstream plus 2"),
    "slipstream_plus_1": N_("slipstream plus 1"),
    "cooldown_plus_1": N_("cooldown plus 1"),
    "free_boost": N_("free boost"),
    "corner_overheat": N_("1 more Heat over the limit"),
    "corner_minus1": N_("the limit 1 lower"),
    "corner_plus1": N_("the limit 1 higher"),
}
SYMBOLS = {  # HEAT-GARAGE-13..18: the upgrade cards' symbols
    "scrap": N_("scrap"),
    "reduce_stress": N_("reduce stress"),
    "salvage": N_("salvage"),
    "accelerate": N_("accelerate"),
    "refresh": N_("refresh"),
    "super_cool": N_("super cool"),
}


def said(table: dict, key: Any) -> str:
    """A word of one of the tables above, or the key in words if the table lacks it."""
    return _(table[key]) if key in table else str(key or "").replace("_", " ")


def card_names(cards: Any) -> str:
    names = [card_name(c) for c in cards or []]
    if len(names) > 1:
        return _("%(cards)s and %(last)s") % {"cards": _(", ").join(names[:-1]), "last": names[-1]}
    return names[0] if names else ""


def corner(number: Any, limit: Any = None) -> str:
    return corner_words(number, limit)


def _moved(car, d, names, config):
    distance = d.get("distance")
    reason = d.get("reason")
    end = (d.get("end") or [None, None])[1]
    words = {"car": car, "count": distance, "spot": _(SPOTS[end]) if end in SPOTS else ""}
    if reason == "slipstream" and words["spot"]:
        return (
            ngettext(
                "%(car)s moves %(count)s space in the slipstream, %(spot)s.",
                "%(car)s moves %(count)s spaces in the slipstream, %(spot)s.",
                distance,
            )
            % words
        )
    if reason == "slipstream":
        return (
            ngettext(
                "%(car)s moves %(count)s space in the slipstream.",
                "%(car)s moves %(count)s spaces in the slipstream.",
                distance,
            )
            % words
        )
    if reason == "adrenaline" and words["spot"]:
        return (
            ngettext(
                "%(car)s moves %(count)s space on adrenaline, %(spot)s.",
                "%(car)s moves %(count)s spaces on adrenaline, %(spot)s.",
                distance,
            )
            % words
        )
    if reason == "adrenaline":
        return (
            ngettext(
                "%(car)s moves %(count)s space on adrenaline.",
                "%(car)s moves %(count)s spaces on adrenaline.",
                distance,
            )
            % words
        )
    if words["spot"]:
        return (
            ngettext(
                "%(car)s moves %(count)s space, %(spot)s.",
                "%(car)s moves %(count)s spaces, %(spot)s.",
                distance,
            )
            % words
        )
    return (
        ngettext("%(car)s moves %(count)s space.", "%(car)s moves %(count)s spaces.", distance)
        % words
    )


def _checked(car, d, names, config):
    paid = d.get("paid")
    words = {
        "car": car,
        "corner": corner(d.get("corner"), d.get("limit")),
        "speed": d.get("speed"),
        "heat": paid,
    }
    if paid:  # HEAT-B-044
        return _("%(car)s takes %(corner)s at speed %(speed)s: %(heat)s Heat paid.") % words
    return _("%(car)s takes %(corner)s at speed %(speed)s.") % words


def _cars(names, seats) -> str:
    return _(", ").join(names.get(s, _("a car")) for s in seats)


def _shuffled(c, d, n, k):
    if d.get("pile") == "deck" and c != _("The race"):
        return _("%(car)s shuffles the deck.") % {"car": c}
    return _("A deck is shuffled.")


def _drawn(c, d, n, k):
    count = len(d["cards"])
    if d.get("pile") == "sponsorship":
        return ngettext(
            "%(car)s draws %(count)s sponsorship card.",
            "%(car)s draws %(count)s sponsorship cards.",
            count,
        ) % {"car": c, "count": count}
    return ngettext("%(car)s draws %(count)s card.", "%(car)s draws %(count)s cards.", count) % {
        "car": c,
        "count": count,
    }


def _heat_paid(c, d, n, k):
    words = {"car": c, "count": d["amount"], "reason": said(REASONS, d.get("reason"))}
    if d.get("reason") in REASONS:
        return _("%(car)s pays %(count)s Heat for %(reason)s.") % words
    return _("%(car)s pays %(count)s Heat.") % words


def _adrenaline(c, d, n, k):
    if d.get("kind") == "speed":  # HEAT-B-030
        return _("%(car)s uses adrenaline to move one more space.") % {"car": c}
    if d.get("kind") == "cooldown":
        return _("%(car)s uses adrenaline to cool down one more Heat.") % {"car": c}
    return _("%(car)s uses adrenaline.") % {"car": c}


def _road_token(c, d, n, k):
    effect = d.get("effect") or d.get("token")
    return _("A road condition is placed at %(corner)s: %(effect)s.") % {
        "corner": corner(d["corner"]),
        "effect": said(ROAD, effect),
    }


def _sponsorship(c, d, n, k):
    why = d.get("reason")
    if why in REASONS:  # HEAT-CHAMP-10
        return _("%(car)s gains a sponsorship card for %(reason)s.") % {
            "car": c,
            "reason": _(REASONS[why]),
        }
    return _("%(car)s gains a sponsorship card.") % {"car": c}


# Event type -> its sentence: function(car, data, names, config).
SENTENCES = {
    "race_created": lambda c, d, n, k: _("The race is set up."),
    "grid_assigned": lambda c, d, n, k: (
        _("The grid is set: %(cars)s.") % {"cars": _cars(n, [s[1] for s in d.get("grid") or []])}
    ),
    "deck_shuffled": _shuffled,
    "cards_drawn": _drawn,
    "hand_replenished": lambda c, d, n, k: _("%(car)s refills the hand.") % {"car": c},
    "heat_paid": _heat_paid,
    "gear_shifted": lambda c, d, n, k: (
        _("%(car)s shifts from gear %(old)s to %(new)s.")
        % {"car": c, "old": d["start"], "new": d["gear"]}
    ),
    "cards_played": lambda c, d, n, k: (
        ngettext(
            "%(car)s plays %(count)s card face down.",
            "%(car)s plays %(count)s cards face down.",
            d["count"],
        )
        % {"car": c, "count": d["count"]}
    ),
    "turn_order_fixed": lambda c, d, n, k: (
        _("The turn order: %(cars)s.") % {"cars": _cars(n, d.get("order") or [])}
    ),
    "cards_revealed": lambda c, d, n, k: (
        _("%(car)s reveals %(cards)s.") % {"car": c, "cards": card_names(d["cards"])}
    ),
    "cards_shown": lambda c, d, n, k: (
        _("%(car)s shows %(cards)s.") % {"car": c, "cards": card_names(d.get("cards"))}
    ),
    "plus_resolved": lambda c, d, n, k: (
        _("%(car)s turns cards over for a Stress card: %(card)s.")
        % {"car": c, "card": card_name(d["found"])}
    ),
    "moved": _moved,
    "cards_discarded": lambda c, d, n, k: (
        _("%(car)s discards %(cards)s.") % {"car": c, "cards": card_names(d["cards"])}
    ),
    "adrenaline_used": _adrenaline,
    "boost_done": lambda c, d, n, k: _("%(car)s boosts.") % {"car": c},
    "cooldown_done": lambda c, d, n, k: (
        _("%(car)s cools down %(count)s Heat.") % {"car": c, "count": d["count"]}
    ),
    "corner_crossed": lambda c, d, n, k: (
        _("%(car)s crosses %(corner)s.") % {"car": c, "corner": corner(d["corner"])}
    ),
    "corner_checked": _checked,
    "spun_out": lambda c, d, n, k: (
        _("%(car)s spins out in %(corner)s and drops to gear %(gear)s!")
        % {"car": c, "corner": corner(d["corner"]), "gear": d["gear"]}
    ),
    "lap_completed": lambda c, d, n, k: (
        _("%(car)s completes lap %(lap)s.") % {"car": c, "lap": d["lap"]}
    ),
    "car_finished": lambda c, d, n, k: _("%(car)s crosses the finish line.") % {"car": c},
    "car_eliminated": lambda c, d, n, k: _("%(car)s is out of the race.") % {"car": c},
    "round_ended": lambda c, d, n, k: _("The round ends."),
    "race_ended": lambda c, d, n, k: _("The race ends."),
    "weather_drawn": lambda c, d, n, k: (
        _("The weather is %(weather)s.") % {"weather": said(WEATHER, d.get("token", ""))}
    ),
    "road_token_placed": _road_token,
    "upgrade_row_revealed": lambda c, d, n, k: (
        _("Upgrades on offer: %(cards)s.") % {"cards": card_names(d.get("cards"))}
    ),
    "upgrade_picked": lambda c, d, n, k: (
        _("%(car)s takes the upgrade %(card)s.") % {"car": c, "card": card_name(d["card"])}
    ),
    "upgrade_dealt": lambda c, d, n, k: _("%(car)s is dealt an upgrade.") % {"car": c},
    "upgrade_row_discarded": lambda c, d, n, k: _("The upgrades nobody took are discarded."),
    "symbol_resolved": lambda c, d, n, k: (
        _("%(car)s uses %(card)s: %(symbol)s.")
        % {"car": c, "card": card_name(d["card"]), "symbol": said(SYMBOLS, d.get("symbol", ""))}
    ),
    "speed_chosen": lambda c, d, n, k: (
        _("%(car)s plays %(card)s as speed %(speed)s.")
        % {"car": c, "card": card_name(d["card"]), "speed": d["value"]}
    ),
    "legend_card_revealed": lambda c, d, n, k: _("A Legend card is revealed."),
    "market_swapped": lambda c, d, n, k: (
        _("%(car)s swaps a card at the market.") % {"car": c}
        if d.get("taken")
        else _("%(car)s keeps their cards.") % {"car": c}
    ),
    "sponsorship_gained": _sponsorship,
    "sponsorships_used": lambda c, d, n, k: (
        _("%(car)s uses %(cards)s.") % {"car": c, "cards": card_names(d["cards"])}
    ),
    "press_award": lambda c, d, n, k: (
        _("%(car)s gets the press's attention at %(corner)s.")
        % {"car": c, "corner": corner(d["corner"])}
    ),
    "card_converted_unpayable": lambda c, d, n, k: (
        _("%(car)s cannot pay a card's Heat: it becomes a Stress card.") % {"car": c}
    ),
}
