"""Galaxy Trucker's flight in words: the adventure cards, hits, declared power,
goods and crew gained and lost, flight days, and the end of the flight."""

from __future__ import annotations

from ...speech import N_, _, ngettext, word_for
from ..rules.cards import TYPE_NAMES
from .phrases import alien, battery_tokens, cell, credits, goods, humans, say, tile

REASONS = {
    "no_crew": N_("no crew is left aboard"),
    "no_engine_power": N_("the ship has no engine power"),
    "lapped": N_("the leader lapped the ship"),
    "voluntary": N_("choosing to land"),
    "open_space_zero": N_("no engine power in open space"),
}
OUTCOMES = {
    "missed": N_("misses"),
    "bounced": N_("bounces off a smooth side"),
    "deflected": N_("is deflected by a shield"),
    "shot_down": N_("is shot down"),
    "destroyed": N_("destroys a component"),
}
OFFERS = {
    "abandoned_ship": N_("the abandoned ship"),
    "abandoned_station": N_("the abandoned station"),
    "smugglers": N_("the smugglers' goods"),
    "slavers": N_("the slavers' reward"),
    "pirates": N_("the pirates' reward"),
}
CRITERIA = {
    "crew": N_("fewest crew"),
    "engine": N_("weakest engines"),
    "firepower": N_("weakest firepower"),
}


SIDES = {"front": N_("front"), "right": N_("right"), "rear": N_("rear"), "left": N_("left")}
SIZES = {"small": N_("small"), "large": N_("large")}


def _revealed(c, d, n, k):
    name = TYPE_NAMES.get(d.get("type"))
    kind = _(name) if name else _("an adventure")
    return say(N_("Card %(index)s is revealed: %(kind)s."), index=d["card_index"], kind=kind)


def _hit(c, d, n, k):
    if d.get("source") == "sabotage":
        where = cell(d.get("target_cell"))
        if d.get("outcome") == "destroyed":
            return say(
                N_("Sabotage aims at %(name)s's ship, %(cell)s, and destroys a component."),
                cell=where,
                name=c,
            )
        return say(
            N_("Sabotage aims at %(name)s's ship, %(cell)s, and finds nothing."), cell=where, name=c
        )
    side = word_for(SIDES, d.get("from"), _("side"))
    outcome = word_for(OUTCOMES, d.get("outcome"), _("passes"))
    size = word_for(SIZES, d.get("size"), _("stray"))
    values = {"size": size, "side": side, "line": d.get("line"), "outcome": outcome, "name": c}
    if d.get("source") == "meteor":
        return (
            _(
                "A %(size)s meteor from the %(side)s on line %(line)s "
                "%(outcome)s on %(name)s's ship."
            )
            % values
        )
    return (
        _("A %(size)s shot from the %(side)s on line %(line)s %(outcome)s on %(name)s's ship.")
        % values
    )


def _moved(c, d, n, k):
    days = d.get("days", 0)
    if days > 0:
        return ngettext(
            "%(name)s loses %(count)d flight day, to space %(to)s.",
            "%(name)s loses %(count)d flight days, to space %(to)s.",
            days,
        ) % {"name": c, "count": days, "to": d["to"]}
    return ngettext(
        "%(name)s gains %(count)d flight day, to space %(to)s.",
        "%(name)s gains %(count)d flight days, to space %(to)s.",
        -days,
    ) % {"name": c, "count": -days, "to": d["to"]}


def _declared(c, d, n, k):
    on = len(d.get("activated") or [])
    values = {"name": c, "value": d.get("value"), "count": on}
    engines = d.get("kind") == "engines"
    if not on:
        if engines:
            return _("%(name)s declares engine power %(value)s.") % values
        return _("%(name)s declares firepower %(value)s.") % values
    if engines:
        return (
            ngettext(
                "%(name)s declares engine power %(value)s, switching on %(count)d double device.",
                "%(name)s declares engine power %(value)s, switching on %(count)d double devices.",
                on,
            )
            % values
        )
    return (
        ngettext(
            "%(name)s declares firepower %(value)s, switching on %(count)d double device.",
            "%(name)s declares firepower %(value)s, switching on %(count)d double devices.",
            on,
        )
        % values
    )


def _crew_lost(c, d, n, k):
    lost = []
    if d.get("humans"):
        lost.append(humans(d["humans"]))
    if d.get("alien"):
        lost.append(_("the %(colour)s alien") % {"colour": alien(d["alien"])})
    return say(
        N_("%(name)s loses %(crew)s from the cabin %(cell)s."),
        name=c,
        crew=_(" and ").join(lost) or _("no crew"),
        cell=cell(d.get("cell")),
    )


def _gave_up(c, d, n, k):
    why = d["reason"]
    reason = _(REASONS[why]) if why in REASONS else _("landing")
    return say(N_("%(name)s gives up the flight: %(reason)s."), name=c, reason=reason)


def _gained(c, d, n, k):
    if d.get("shortfall"):
        return say(
            N_("%(name)s gains %(goods)s; the supply lacks %(short)s."),
            name=c,
            goods=goods(d["goods"]),
            short=goods(d["shortfall"]),
        )
    return say(N_("%(name)s gains %(goods)s."), name=c, goods=goods(d["goods"]))


def _arranged(c, d, n, k):
    if d.get("discarded"):
        return say(
            N_("%(name)s loads the holds and throws away %(goods)s."),
            name=c,
            goods=goods(d["discarded"]),
        )
    return say(N_("%(name)s loads the holds."), name=c)


def _goods_lost(c, d, n, k):
    lost = goods([g for item in d["goods_by_cell"] for g in item[2]])
    if d.get("batteries_by_cell"):
        tokens = battery_tokens(sum(i[2] for i in d["batteries_by_cell"]))
        return say(
            N_("%(name)s loses %(goods)s and %(tokens)s."), name=c, goods=lost, tokens=tokens
        )
    return say(N_("%(name)s loses %(goods)s."), name=c, goods=lost)


def _planet(c, d, n, k):
    if d.get("index"):
        return say(N_("%(name)s lands on planet %(planet)s."), name=c, planet=d["index"])
    return say(N_("%(name)s stays in space."), name=c)


def _offer(c, d, n, k):
    offered = d["offer"]
    offer = _(OFFERS[offered]) if offered in OFFERS else _("the offer")
    if d["accepted"]:
        return say(N_("%(name)s accepts %(offer)s."), name=c, offer=offer)
    return say(N_("%(name)s declines %(offer)s."), name=c, offer=offer)


def _enemy(c, d, n, k):
    said = {
        "won": N_("%(name)s beats the enemy."),
        "tied": N_("%(name)s holds the enemy off."),
        "lost": N_("%(name)s is defeated."),
    }[d["result"]]
    return _(said) % {"name": c}


def _line_penalty(c, d, n, k):
    criterion = d["criterion"]
    return say(
        N_("Combat zone line %(line)s (%(criterion)s): %(name)s pays the penalty."),
        line=d["line"],
        criterion=_(CRITERIA[criterion]),
        name=c,
    )


def _flight_ended(c, d, n, k):
    if d["reason"] == "deck_exhausted":
        return _("The flight ends: every card is played.")
    return _("The flight ends: no ship is flying.")


def _dice(c, d, n, k):
    return say(
        N_("%(name)s rolls %(d1)s and %(d2)s: %(sum)s."),
        name=n.get(d.get("roller"), _("The leader")),
        d1=d["d1"],
        d2=d["d2"],
        sum=d["sum"],
    )


FLIGHT_SENTENCES = {
    "deck_shuffled": lambda c, d, n, k: _("The adventure cards are shuffled into the flight deck."),
    "checkpoint": lambda c, d, n, k: _("Before the next card, every ship is checked."),
    "player_gave_up": _gave_up,
    "card_revealed": _revealed,
    "declared": _declared,
    "battery_spent": lambda c, d, n, k: say(
        N_("%(name)s spends a battery token (%(left)s left there)."), name=c, left=d["remaining"]
    ),
    "dice_rolled": _dice,
    "hit_resolved": _hit,
    "component_destroyed": lambda c, d, n, k: say(
        N_("%(name)s loses %(tile)s %(cell)s."), name=c, tile=tile(d["tile"]), cell=cell(d["cell"])
    ),
    "crew_lost": _crew_lost,
    "goods_gained": _gained,
    "cargo_arranged": _arranged,
    "goods_lost": _goods_lost,
    "credits_gained": lambda c, d, n, k: say(
        N_("%(name)s gains %(credits)s."),
        name=c,
        credits=credits(d["amount"]),
    ),
    "ship_moved": _moved,
    "planet_chosen": _planet,
    "offer_answered": _offer,
    "enemy_outcome": _enemy,
    "line_penalty": _line_penalty,
    "card_resolved": lambda c, d, n, k: say(N_("Card %(index)s is done."), index=d["card_index"]),
    "flight_ended": _flight_ended,
}
