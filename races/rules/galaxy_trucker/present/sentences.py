"""Every Galaxy Trucker event in words: the sentences of the words part (words.py).

Names come from the `names` map; tiles, cards and sides are said in the
game's words, never as ids. Each sentence is one whole sentence with named
values, translated when it is said (races/rules/speech.py); the word
tables are marked with N_ and translated where they are used."""

from __future__ import annotations

from ...speech import N_, _, ngettext, word_for
from ..rules.cards import CARDS, TYPE_NAMES
from ..rules.tiles import KIND_NAMES, TILES

GOODS = {"R": N_("red"), "Y": N_("yellow"), "G": N_("green"), "B": N_("blue")}
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
HOURGLASS = {
    3: N_("circle III"),
    2: N_("circle II"),
    1: N_("circle I"),
    0: N_("the Start circle"),
}
SIDES = {"front": N_("front"), "right": N_("right"), "rear": N_("rear"), "left": N_("left")}
SIZES = {"small": N_("small"), "large": N_("large")}
ALIENS = {"brown": N_("brown"), "purple": N_("purple")}
DECISIONS = {
    "repair": N_("%(name)s chooses the tiles to remove"),
    "keep_fragment": N_("%(name)s chooses the part of the ship to keep"),
    "place_aliens": N_("%(name)s chooses the cabins for the aliens"),
    "give_up": N_("%(name)s decides whether to fly on"),
    "declare_engines": N_("%(name)s declares engine power"),
    "declare_cannons": N_("%(name)s declares firepower"),
    "defend": N_("%(name)s decides on a defence"),
    "choose_planet": N_("%(name)s chooses a planet"),
    "arrange": N_("%(name)s loads the holds"),
    "accept": N_("%(name)s answers the offer"),
    "choose_crew_loss": N_("%(name)s chooses the crew to lose"),
    "choose_goods_loss": N_("%(name)s chooses the goods to lose"),
}


def say(text: str, **values) -> str:
    """A sentence translated, then filled in."""
    return _(text) % values


def tile(tile_id) -> str:
    try:
        kind = _(KIND_NAMES[TILES[int(tile_id)].kind])
    except (KeyError, ValueError, TypeError):
        return _("a tile")
    return _("a %(kind)s") % {"kind": kind}


def tiles(ids) -> str:
    count = len(ids or [])
    return ngettext("%(count)d component", "%(count)d components", count) % {"count": count}


def humans(count) -> str:
    return ngettext("%(count)d human", "%(count)d humans", count) % {"count": count}


def battery_tokens(count) -> str:
    return ngettext("%(count)d battery token", "%(count)d battery tokens", count) % {"count": count}


def credits(count) -> str:
    return ngettext("%(count)d credit", "%(count)d credits", count) % {"count": count}


def alien(colour) -> str:
    return _(ALIENS[colour]) if colour in ALIENS else _("unknown")


def goods(items) -> str:
    names = [_(GOODS[g]) if g in GOODS else _("unknown") for g in items or []]
    if not names:
        return _("no goods")
    return ngettext("%(goods)s good", "%(goods)s goods", len(names)) % {"goods": ", ".join(names)}


def cell(value) -> str:
    try:
        return _("column %(col)s, row %(row)s") % {"col": value[0], "row": value[1]}
    except (TypeError, IndexError):
        return _("the ship")


def card(card_id) -> str:
    found = CARDS.get(card_id)
    return _(found.name) if found else _("a card")


def names_of(ids, names) -> str:
    return ", ".join(names.get(i, _("a player")) for i in ids or []) or _("nobody")


def _revealed(c, d, n, k):
    name = TYPE_NAMES.get(d.get("type"))
    kind = _(name) if name else _("an adventure")
    return say("Card %(index)s is revealed: %(kind)s.", index=d["card_index"], kind=kind)


def _hit(c, d, n, k):
    if d.get("source") == "sabotage":
        where = cell(d.get("target_cell"))
        if d.get("outcome") == "destroyed":
            return say(
                "Sabotage aims at %(cell)s of %(name)s's ship and destroys a component.",
                cell=where,
                name=c,
            )
        return say(
            "Sabotage aims at %(cell)s of %(name)s's ship and finds nothing.", cell=where, name=c
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


def _scored(c, d, n, k):
    parts = [
        _("%(name)s %(credits)s")
        % {"name": n.get(b["player"], _("a player")), "credits": b["credits_after"]}
        for b in d.get("breakdowns") or []
    ]
    return say("The round is scored. Credits: %(credits)s.", credits=", ".join(parts))


def _ended(c, d, n, k):
    return say("The game ends. Finishing order: %(order)s.", order=names_of(d.get("ranking"), n))


def _crew_lost(c, d, n, k):
    lost = []
    if d.get("humans"):
        lost.append(humans(d["humans"]))
    if d.get("alien"):
        lost.append(_("the %(colour)s alien") % {"colour": alien(d["alien"])})
    return say(
        "%(name)s loses %(crew)s in the cabin at %(cell)s.",
        name=c,
        crew=_(" and ").join(lost) or _("no crew"),
        cell=cell(d.get("cell")),
    )


def _violations(c, d, n, k):
    found = d.get("violations") or []
    if not found:
        return say("%(name)s's ship passes the structural check.", name=c)
    return ngettext(
        "%(name)s's ship breaks the building rules in %(count)d place.",
        "%(name)s's ship breaks the building rules in %(count)d places.",
        len(found),
    ) % {"name": c, "count": len(found)}


def _decided(c, d, n, k):
    said = DECISIONS.get(d.get("kind"))
    did = _(said) % {"name": c} if said else _("%(name)s decides") % {"name": c}
    if d.get("defaulted"):
        return say("%(decision)s (the default was taken).", decision=did)
    return say("%(decision)s.", decision=did)


def _tick(c, d, n, k):
    pos = d["hourglass_pos"]
    where = _(HOURGLASS[pos]) if pos in HOURGLASS else None
    return say(
        "Building step %(step)d, the hourglass on %(circle)s.",
        step=d["tick"] + 1,
        circle=where or _("its circle"),
    )


def _flipped(c, d, n, k):
    pos = d["pos"]
    where = _(HOURGLASS[pos]) if pos in HOURGLASS else _("the next circle")
    return say("The hourglass is turned onto %(circle)s.", circle=where)


def _rockets(c, d, n, k):
    places = ", ".join(
        _("%(name)s on space %(space)s") % {"name": n.get(s, _("a player")), "space": p}
        for s, p in d["positions"].items()
    )
    return say("The rockets take off: %(places)s.", places=places)


def _crew_placed(c, d, n, k):
    aboard = humans(sum(d["humans_by_cell"].values()))
    if not d["aliens"]:
        return say("%(name)s boards %(humans)s.", name=c, humans=aboard)
    aliens = _(" and ").join(_("a %(colour)s alien") % {"colour": alien(a)} for a in d["aliens"])
    return say("%(name)s boards %(humans)s and %(aliens)s.", name=c, humans=aboard, aliens=aliens)


def _gave_up(c, d, n, k):
    why = d["reason"]
    reason = _(REASONS[why]) if why in REASONS else _("landing")
    return say("%(name)s gives up the flight: %(reason)s.", name=c, reason=reason)


def _gained(c, d, n, k):
    if d.get("shortfall"):
        return say(
            "%(name)s gains %(goods)s; the supply lacks %(short)s.",
            name=c,
            goods=goods(d["goods"]),
            short=goods(d["shortfall"]),
        )
    return say("%(name)s gains %(goods)s.", name=c, goods=goods(d["goods"]))


def _arranged(c, d, n, k):
    if d.get("discarded"):
        return say(
            "%(name)s loads the holds and throws away %(goods)s.",
            name=c,
            goods=goods(d["discarded"]),
        )
    return say("%(name)s loads the holds.", name=c)


def _goods_lost(c, d, n, k):
    lost = goods([g for item in d["goods_by_cell"] for g in item[2]])
    if d.get("batteries_by_cell"):
        tokens = battery_tokens(sum(i[2] for i in d["batteries_by_cell"]))
        return say("%(name)s loses %(goods)s and %(tokens)s.", name=c, goods=lost, tokens=tokens)
    return say("%(name)s loses %(goods)s.", name=c, goods=lost)


def _planet(c, d, n, k):
    if d.get("index"):
        return say("%(name)s lands on planet %(planet)s.", name=c, planet=d["index"])
    return say("%(name)s stays in space.", name=c)


def _offer(c, d, n, k):
    offered = d["offer"]
    offer = _(OFFERS[offered]) if offered in OFFERS else _("the offer")
    if d["accepted"]:
        return say("%(name)s accepts %(offer)s.", name=c, offer=offer)
    return say("%(name)s declines %(offer)s.", name=c, offer=offer)


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
        "Combat zone line %(line)s (%(criterion)s): %(name)s pays the penalty.",
        line=d["line"],
        criterion=_(CRITERIA[criterion]),
        name=c,
    )


def _flight_ended(c, d, n, k):
    if d["reason"] == "deck_exhausted":
        return _("The flight ends: every card is played.")
    return _("The flight ends: no ship is flying.")


def _intent_failed(c, d, n, k):
    if d.get("intent") == "take_face_up":
        return say("%(name)s finds the tile gone and waits.", name=c)
    return say("%(name)s finds no face-down tile left and waits.", name=c)


def _dice(c, d, n, k):
    return say(
        "%(name)s rolls %(d1)s and %(d2)s: %(sum)s.",
        name=n.get(d.get("roller"), _("The leader")),
        d1=d["d1"],
        d2=d["d2"],
        sum=d["sum"],
    )


SENTENCES = {
    "decision_made": _decided,
    "game_started": lambda c, d, n, k: say(
        "The game starts: %(names)s.", names=names_of([p["id"] for p in d["players"]], n)
    ),
    "round_started": lambda c, d, n, k: say(
        "Round %(round)s starts on ship board %(board)s.", round=d["round"], board=d["ship_class"]
    ),
    "tile_pool_shuffled": lambda c, d, n, k: say(
        "%(count)s components are shuffled face down.", count=d["count"]
    ),
    "stacks_formed": lambda c, d, n, k: _("The adventure cards are dealt into four stacks."),
    "tick_started": _tick,
    "tile_drawn": lambda c, d, n, k: say("%(name)s draws %(tile)s.", name=c, tile=tile(d["tile"])),
    "tile_taken_face_up": lambda c, d, n, k: say(
        "%(name)s takes %(tile)s from the face-up tiles.", name=c, tile=tile(d["tile"])
    ),
    "tile_taken_reserved": lambda c, d, n, k: say(
        "%(name)s takes %(tile)s from the reserve.", name=c, tile=tile(d["tile"])
    ),
    "tile_placed": lambda c, d, n, k: say(
        "%(name)s welds %(tile)s at %(cell)s.", name=c, tile=tile(d["tile"]), cell=cell(d["cell"])
    ),
    "tile_reserved": lambda c, d, n, k: say(
        "%(name)s puts %(tile)s in the reserve.", name=c, tile=tile(d["tile"])
    ),
    "tile_returned": lambda c, d, n, k: say(
        "%(name)s puts %(tile)s back face up.", name=c, tile=tile(d["tile"])
    ),
    "stack_peeked": lambda c, d, n, k: say(
        "%(name)s looks at stack %(stack)s.", name=c, stack=d["stack"]
    ),
    "stack_contents": lambda c, d, n, k: say(
        "%(name)s sees the cards of stack %(stack)s.", name=c, stack=d["stack"]
    ),
    "build_passed": lambda c, d, n, k: say("%(name)s waits.", name=c),
    "intent_failed": _intent_failed,
    "tile_kept_reserved": lambda c, d, n, k: say(
        "%(name)s leaves %(tile)s in the reserve.", name=c, tile=tile(d["tile"])
    ),
    "build_finished": lambda c, d, n, k: say(
        "%(name)s finishes the ship and takes order token %(token)s.", name=c, token=d["token"]
    ),
    "hourglass_flipped": _flipped,
    "hourglass_waiting": lambda c, d, n, k: _(
        "The hourglass has run out on circle I: it waits for a finished ship."
    ),
    "building_ended": lambda c, d, n, k: _("Building ends."),
    "reserve_forfeited": lambda c, d, n, k: say(
        "%(name)s loses %(tiles)s left in the reserve.", name=c, tiles=tiles(d["tiles"])
    ),
    "ship_checked": _violations,
    "tiles_removed": lambda c, d, n, k: say(
        "%(name)s removes %(tiles)s.", name=c, tiles=tiles(d["tiles"])
    ),
    "ship_split": lambda c, d, n, k: (
        ngettext(
            "%(name)s's ship breaks into %(count)d part.",
            "%(name)s's ship breaks into %(count)d parts.",
            len(d["fragments"]),
        )
        % {"name": c, "count": len(d["fragments"])}
    ),
    "fragment_kept": lambda c, d, n, k: say(
        "%(name)s keeps the part with %(cell)s and loses %(tiles)s.",
        name=c,
        cell=cell(d["cell"]),
        tiles=tiles(d["lost_tiles"]),
    ),
    "alien_lost": lambda c, d, n, k: say(
        "%(name)s's %(colour)s alien dies without its life support.",
        name=c,
        colour=alien(d["colour"]),
    ),
    "rockets_placed": _rockets,
    "crew_placed": _crew_placed,
    "batteries_loaded": lambda c, d, n, k: say(
        "%(name)s loads %(tokens)s.",
        name=c,
        tokens=battery_tokens(d["total"]),
    ),
    "deck_shuffled": lambda c, d, n, k: _("The adventure cards are shuffled into the flight deck."),
    "checkpoint": lambda c, d, n, k: _("Before the next card, every ship is checked."),
    "player_gave_up": _gave_up,
    "card_revealed": _revealed,
    "declared": _declared,
    "battery_spent": lambda c, d, n, k: say(
        "%(name)s spends a battery token (%(left)s left there).", name=c, left=d["remaining"]
    ),
    "dice_rolled": _dice,
    "hit_resolved": _hit,
    "component_destroyed": lambda c, d, n, k: say(
        "%(name)s loses %(tile)s at %(cell)s.", name=c, tile=tile(d["tile"]), cell=cell(d["cell"])
    ),
    "crew_lost": _crew_lost,
    "goods_gained": _gained,
    "cargo_arranged": _arranged,
    "goods_lost": _goods_lost,
    "credits_gained": lambda c, d, n, k: say(
        "%(name)s gains %(credits)s.",
        name=c,
        credits=credits(d["amount"]),
    ),
    "ship_moved": _moved,
    "planet_chosen": _planet,
    "offer_answered": _offer,
    "enemy_outcome": _enemy,
    "line_penalty": _line_penalty,
    "card_resolved": lambda c, d, n, k: say("Card %(index)s is done.", index=d["card_index"]),
    "flight_ended": _flight_ended,
    "round_scored": _scored,
    "game_ended": _ended,
}
