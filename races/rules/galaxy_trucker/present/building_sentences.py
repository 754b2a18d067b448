"""Galaxy Trucker's building, structural check and take-off in words
(GT-TBB, GT-API-02): the hourglass, the tiles drawn and welded, the check of
the ship, the rockets and the crew boarding."""

from __future__ import annotations

from ...speech import N_, _, ngettext
from .phrases import alien, battery_tokens, cell, humans, say, tile, tiles

HOURGLASS = {
    3: N_("circle III"),
    2: N_("circle II"),
    1: N_("circle I"),
    0: N_("the Start circle"),
}


def _tick(c, d, n, k):
    pos = d["hourglass_pos"]
    where = _(HOURGLASS[pos]) if pos in HOURGLASS else None
    return say(
        N_("Building step %(step)d, the hourglass on %(circle)s."),
        step=d["tick"] + 1,
        circle=where or _("its circle"),
    )


def _flipped(c, d, n, k):
    pos = d["pos"]
    where = _(HOURGLASS[pos]) if pos in HOURGLASS else _("the next circle")
    return say(N_("The hourglass is turned onto %(circle)s."), circle=where)


def _ran_out(c, d, n, k):
    """GT-TBB-03 in real seconds: the sand of a run is gone."""
    pos = d["pos"]
    where = _(HOURGLASS[pos]) if pos in HOURGLASS else _("the next circle")
    return say(N_("The hourglass has run out on %(circle)s."), circle=where)


def _intent_failed(c, d, n, k):
    if d.get("intent") == "take_face_up":
        return say(N_("%(name)s finds the tile gone and waits."), name=c)
    return say(N_("%(name)s finds no face-down tile left and waits."), name=c)


def _violations(c, d, n, k):
    found = d.get("violations") or []
    if not found:
        return say(N_("%(name)s's ship passes the structural check."), name=c)
    return ngettext(
        "%(name)s's ship breaks the building rules in %(count)d place.",
        "%(name)s's ship breaks the building rules in %(count)d places.",
        len(found),
    ) % {"name": c, "count": len(found)}


def _rockets(c, d, n, k):
    places = ", ".join(
        _("%(name)s on space %(space)s") % {"name": n.get(s, _("a player")), "space": p}
        for s, p in d["positions"].items()
    )
    return say(N_("The rockets take off: %(places)s."), places=places)


def _crew_placed(c, d, n, k):
    aboard = humans(sum(d["humans_by_cell"].values()))
    if not d["aliens"]:
        return say(N_("%(name)s boards %(humans)s."), name=c, humans=aboard)
    aliens = _(" and ").join(_("a %(colour)s alien") % {"colour": alien(a)} for a in d["aliens"])
    return say(
        N_("%(name)s boards %(humans)s and %(aliens)s."), name=c, humans=aboard, aliens=aliens
    )


BUILDING_SENTENCES = {
    "tile_pool_shuffled": lambda c, d, n, k: say(
        N_("%(count)s components are shuffled face down."), count=d["count"]
    ),
    "stacks_formed": lambda c, d, n, k: _("The adventure cards are dealt into four stacks."),
    "tick_started": _tick,
    "tile_drawn": lambda c, d, n, k: say(
        N_("%(name)s draws %(tile)s."), name=c, tile=tile(d["tile"])
    ),
    "tile_taken_face_up": lambda c, d, n, k: say(
        N_("%(name)s takes %(tile)s from the face-up tiles."), name=c, tile=tile(d["tile"])
    ),
    "tile_taken_reserved": lambda c, d, n, k: say(
        N_("%(name)s takes %(tile)s from the reserve."), name=c, tile=tile(d["tile"])
    ),
    "tile_placed": lambda c, d, n, k: say(
        N_("%(name)s welds %(tile)s %(cell)s."), name=c, tile=tile(d["tile"]), cell=cell(d["cell"])
    ),
    "tile_reserved": lambda c, d, n, k: say(
        N_("%(name)s puts %(tile)s in the reserve."), name=c, tile=tile(d["tile"])
    ),
    "tile_returned": lambda c, d, n, k: say(
        N_("%(name)s puts %(tile)s back face up."), name=c, tile=tile(d["tile"])
    ),
    "stack_peeked": lambda c, d, n, k: say(
        N_("%(name)s looks at stack %(stack)s."), name=c, stack=d["stack"]
    ),
    "stack_contents": lambda c, d, n, k: say(
        N_("%(name)s sees the cards of stack %(stack)s."), name=c, stack=d["stack"]
    ),
    "build_passed": lambda c, d, n, k: say(N_("%(name)s waits."), name=c),
    "intent_failed": _intent_failed,
    "tile_kept_reserved": lambda c, d, n, k: say(
        N_("%(name)s leaves %(tile)s in the reserve."), name=c, tile=tile(d["tile"])
    ),
    "build_finished": lambda c, d, n, k: say(
        N_("%(name)s finishes the ship and takes order token %(token)s."), name=c, token=d["token"]
    ),
    "hourglass_flipped": _flipped,
    "hourglass_ran_out": _ran_out,
    "hourglass_waiting": lambda c, d, n, k: _(
        "The hourglass has run out on circle I: it waits for a finished ship."
    ),
    "building_ended": lambda c, d, n, k: _("Building ends."),
    "reserve_forfeited": lambda c, d, n, k: say(
        N_("%(name)s loses %(tiles)s left in the reserve."), name=c, tiles=tiles(d["tiles"])
    ),
    "ship_checked": _violations,
    "tiles_removed": lambda c, d, n, k: say(
        N_("%(name)s removes %(tiles)s."), name=c, tiles=tiles(d["tiles"])
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
        N_("%(name)s keeps the part with the tile %(cell)s and loses %(tiles)s."),
        name=c,
        cell=cell(d["cell"]),
        tiles=tiles(d["lost_tiles"]),
    ),
    "alien_lost": lambda c, d, n, k: say(
        N_("%(name)s's %(colour)s alien dies without its life support."),
        name=c,
        colour=alien(d["colour"]),
    ),
    "rockets_placed": _rockets,
    "crew_placed": _crew_placed,
    "batteries_loaded": lambda c, d, n, k: say(
        N_("%(name)s loads %(tokens)s."),
        name=c,
        tokens=battery_tokens(d["total"]),
    ),
}
