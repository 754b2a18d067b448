"""Every RoboRally event as one sentence in the reader's language (the
sentences of the presentation's words part, present/words.py; RR-EVT-02, -05).

Each sentence is written whole, with named placeholders, and translated
when it is said (races/rules/speech.py). Hands and programs are their
owner's secret while the race runs (RR-EVT-03): the sentences for those
events give counts, never cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...speech import N_, _, ngettext, word_for
from ..rules.option_cards import option_name
from .cards import card_name
from .squares import duration_words, square_words

FACING = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}
MOVED = {
    "card": N_("%(robot)s moves from %(from)s to %(to)s."),
    "push": N_("%(robot)s moves from %(from)s to %(to)s, pushed."),
    "conveyor": N_("%(robot)s moves from %(from)s to %(to)s on a conveyor."),
    "pusher": N_("%(robot)s moves from %(from)s to %(to)s, shoved by a pusher."),
    "weapon": N_("%(robot)s moves from %(from)s to %(to)s, hit by a weapon."),
}
ROTATED = {
    "card": N_("%(robot)s turns from %(from)s to %(to)s."),
    "conveyor": N_("%(robot)s turns from %(from)s to %(to)s on a conveyor."),
    "gear": N_("%(robot)s turns from %(from)s to %(to)s on a gear."),
}
BLOCKED = {
    "wall": N_("%(robot)s is stopped by a wall."),
    "push_blocked": N_("%(robot)s cannot push the robot in the way and stops."),
    "conveyor_conflict": N_("%(robot)s is stopped by another robot on the belts."),
    "occupied": N_("%(robot)s is stopped by a robot in the way."),
}
DESTROYED = {
    "pit": N_("%(robot)s falls into a pit and is destroyed."),
    "off_course": N_("%(robot)s falls off the floor and is destroyed."),
    "damage": N_("%(robot)s breaks down and is destroyed."),
}
SOURCES = {
    "board_laser": N_("a board laser"),
    "robot_laser": N_("a robot's laser"),
    "push": N_("a push"),
    "reentry": N_("re-entering"),
    "recompile": N_("recompiling"),
}
DISCARDS = {
    "prevent": N_("%(robot)s discards %(option)s to prevent a point of damage."),
    "destroyed": N_("%(robot)s is destroyed and discards %(option)s."),
    "used_up": N_("%(robot)s discards %(option)s, used up."),
    "eliminated": N_("%(robot)s leaves the race and discards %(option)s."),
    "fire_control": N_("%(robot)s loses %(option)s to %(weapon)s."),
}
# Damage dealt by an option card, its source named by the card (RR-OPT-08).
OPTION_SOURCES = {"ramming_gear": "Ramming Gear", "mini_howitzer": "Mini Howitzer"}
# Damage prevented by an option card (RR-DMG-04 items 1-2), by the card's name.
PREVENTERS = {"ablative_coat": "Ablative Coat", "power_down_shield": "Power-Down Shield"}
ENDS = {
    "final_flag": N_("a robot touched the last flag"),
    "all_eliminated": N_("every robot is out"),
    "turn_limit": N_("the turn limit is reached"),
}
BEAMS = {
    1: N_("A laser at %(square)s fires %(direction)s and hits %(target)s."),
    2: N_("A double laser at %(square)s fires %(direction)s and hits %(target)s."),
    3: N_("A triple laser at %(square)s fires %(direction)s and hits %(target)s."),
}
BEAMS_MISS = {
    1: N_("A laser at %(square)s fires %(direction)s and hits nothing."),
    2: N_("A double laser at %(square)s fires %(direction)s and hits nothing."),
    3: N_("A triple laser at %(square)s fires %(direction)s and hits nothing."),
}


def square(value: Any, config: Mapping | None = None) -> str:
    """A square in board words (squares.py), never "(5, 10)"."""
    return square_words(value, (config or {}).get("track"))


def card(priority: Any) -> str:
    """A card in words: its kind and its priority, "Move 2 (700)"."""
    words = {"kind": card_name(priority), "priority": priority}
    return _("%(kind)s (%(priority)d)") % words


def yes(value: Any) -> bool:
    return value is True


def facing(value: str) -> str:
    return _(FACING[value])


def who(names, seat) -> str:
    return names.get(seat) or _("a robot")


def _moved(car, d, names, config):
    words = {"robot": car, "from": square(d["from"], config), "to": square(d["to"], config)}
    return word_for(MOVED, d["cause"]) % words


def _rotated(car, d, names, config):
    return word_for(ROTATED, d["cause"]) % {
        "robot": car,
        "from": facing(d["from"]),
        "to": facing(d["to"]),
    }


def _laser(car, d, names, config):
    target = d.get("target")
    if isinstance(d["source"], list):  # a board laser, from its emitter's square
        beams = d["beams"] if d["beams"] in BEAMS else 1
        words = {"square": square(d["source"], config), "direction": facing(d["direction"])}
        if target:
            return _(BEAMS[beams]) % {**words, "target": who(names, target)}
        return _(BEAMS_MISS[beams]) % words
    words = {"robot": car, "direction": facing(d["direction"])}
    if target:
        return _("%(robot)s's laser fires %(direction)s and hits %(target)s.") % {
            **words, "target": who(names, target)}  # fmt: skip
    return _("%(robot)s's laser fires %(direction)s and hits nothing.") % words


def _damage(car, d, names, config):
    by = names.get(d["by"]) if d.get("by") else None
    words = {"robot": car, "amount": d["amount"], "now": d["new_damage"], "by": by}
    if d["source"] == "robot_laser" and by:
        words["source"] = _("%(robot)s's laser") % {"robot": by}
    elif d["source"] == "push" and by:
        words["source"] = _("a push by %(robot)s") % {"robot": by}
    elif d["source"] in OPTION_SOURCES and by:
        words["source"] = _("%(robot)s's %(option)s") % {
            "robot": by, "option": option_name(OPTION_SOURCES[d["source"]])}  # fmt: skip
    elif d["source"] in OPTION_SOURCES:
        words["source"] = option_name(OPTION_SOURCES[d["source"]])
    else:
        words["source"] = word_for(SOURCES, d["source"])
    locked = d.get("registers_newly_locked") or []
    if not locked:
        return _("%(robot)s takes %(amount)d damage from %(source)s (now %(now)d).") % words
    words["registers"] = ", ".join(str(r) for r in locked)
    return (
        _(
            "%(robot)s takes %(amount)d damage from %(source)s (now %(now)d); "
            "register %(registers)s locked."
        )
        % words
    )


def _finished(car, d, names, config):
    winner = d.get("winner")
    words = {"reason": word_for(ENDS, d["reason"])}
    if winner:
        return _("The race ends: %(reason)s. %(winner)s wins.") % {
            **words, "winner": names.get(winner) or _("A robot")}  # fmt: skip
    return _("The race ends: %(reason)s. Nobody wins.") % words


def _turn_started(car, d, names, config):
    down = d.get("powered_down") or []
    if not down:
        return _("A new turn starts.")
    robots = ", ".join(who(names, s) for s in down)
    return _("A new turn starts: %(robots)s powered down.") % {"robots": robots}


def _wiped(car, d, names, config):
    kept = len(d.get("kept") or [])
    if not kept:
        return _("%(robot)s's registers are cleared.") % {"robot": car}
    return ngettext(
        "%(robot)s's registers are cleared but for %(count)d locked register.",
        "%(robot)s's registers are cleared but for %(count)d locked registers.",
        kept,
    ) % {"robot": car, "count": kept}


def _option_used(car, d, names, config):
    details, option = d["details"], d["option"]
    words = {"robot": car, "option": option_name(option), "register": details.get("register")}
    if "target" in details:
        words["target"] = who(names, details["target"])
    for key in ("new_card", "card"):
        if key in details:
            words["card"] = card(details[key])
    if not details:  # a passive option acting (RR-EVT-05)
        return _("%(robot)s uses its %(option)s.") % words
    if "squares" in details:
        return ngettext(
            "%(robot)s uses %(option)s to move %(count)d square.",
            "%(robot)s uses %(option)s to move %(count)d squares.",
            details["squares"],
        ) % {**words, "count": details["squares"]}
    if option == "Fire Control" and "register" in details:
        return _("%(robot)s uses %(option)s to lock register %(register)d of %(target)s.") % words
    if option == "Fire Control":
        return _("%(robot)s uses %(option)s on %(target)s.") % words
    if "weapon" in details:
        return _("%(robot)s fires the %(option)s at %(target)s.") % words
    if "new_card" in details:
        return _("%(robot)s's %(option)s replaces register %(register)d with %(card)s.") % words
    if "card" in details:
        return _("%(robot)s swaps %(card)s from %(option)s into register %(register)d.") % words
    if "side" in details:
        if details["side"] == "right":
            return _("%(robot)s steps sideways to the right with %(option)s.") % words
        return _("%(robot)s steps sideways to the left with %(option)s.") % words
    if "cards" in details:
        words.update(move=card(details["cards"][0]), turn=card(details["cards"][1]))
        return _("%(robot)s runs %(move)s and %(turn)s together with %(option)s.") % words
    if yes(details.get("active")):
        return _("%(robot)s switches %(option)s on.") % words
    return _("%(robot)s switches %(option)s off.") % words


def _revealed(car, d, names, config):
    cards = d.get("cards") or [d["card"]]
    if len(cards) == 2:
        return _("%(robot)s reveals %(first)s with %(second)s.") % {
            "robot": car, "first": card(cards[0]), "second": card(cards[1])}  # fmt: skip
    return _("%(robot)s reveals %(card)s.") % {"robot": car, "card": card(cards[0])}


def _locked(car, d, names, config):
    words = {"robot": car, "register": d["locked"]}
    if yes(d.get("extra")):
        return _("%(robot)s's register %(register)d is locked by %(option)s.") % {
            **words, "option": option_name("Fire Control")}  # fmt: skip
    return _("%(robot)s's register %(register)d is locked.") % words


def _prevented(car, d, names, config):
    words = {"robot": car, "amount": d["amount"]}
    if d["by"] in PREVENTERS:
        return _("%(robot)s prevents %(amount)d damage with %(option)s.") % {
            **words, "option": option_name(PREVENTERS[d["by"]])}  # fmt: skip
    return _("%(robot)s prevents %(amount)d damage.") % words


def _said(message: str, **fields):
    """A sentence about the event's robot with fields of its data."""

    def say(car, d, names, config):
        return _(message) % {"robot": car, **{k: d[v] for k, v in fields.items()}}

    return say


SENTENCES = {
    "race_started": lambda c, d, n, k: (
        ngettext(
            "The robots line up on their docks; %(count)d flag to touch.",
            "The robots line up on their docks; %(count)d flags to touch.",
            len(d["flags"]),
        )
        % {"count": len(d["flags"])}
    ),
    "turn_started": _turn_started,
    "damage_cleared": _said(
        N_("%(robot)s is powered down and sheds %(before)d damage."), before="before"
    ),  # fmt: skip
    "deck_shuffled": lambda c, d, n, k: (
        _("The program deck is shuffled (%(count)d cards).") % {"count": d["count"]}
    ),
    "cards_dealt": lambda c, d, n, k: (
        ngettext(
            "%(robot)s is dealt %(count)d program card.",
            "%(robot)s is dealt %(count)d program cards.",
            d["count"],
        )
        % {"robot": c, "count": d["count"]}
    ),
    "timer_started": lambda c, d, n, k: (
        _("%(robot)s is the last to program and has %(time)s left.")
        % {"robot": c, "time": duration_words(d["seconds"])}
    ),
    "program_submitted": lambda c, d, n, k: (
        (
            _("%(robot)s runs out of time: the registers are filled at random.")
            if yes(d.get("timeout"))
            else _("%(robot)s's program is in.")
        )
        % {"robot": c}
    ),
    "program_autofilled": lambda c, d, n, k: (
        ngettext(
            "%(robot)s gets %(count)d register filled at random.",
            "%(robot)s gets %(count)d registers filled at random.",
            len(d["filled"]),
        )
        % {"robot": c, "count": len(d["filled"])}
    ),
    "recompiled": _said(N_("%(robot)s recompiles: a new hand for 1 damage.")),
    "flywheel_used": lambda c, d, n, k: (
        _("%(robot)s takes the card kept on the %(option)s back into the hand.")
        % {"robot": c, "option": option_name("Flywheel")}
    ),
    "power_down_announced": lambda c, d, n, k: (
        (
            _("%(robot)s announces a power down for next turn.")
            if yes(d["yes"])
            else _("%(robot)s keeps running.")
        )
        % {"robot": c}
    ),
    "register_started": lambda c, d, n, k: (
        _("Register %(register)d.") % {"register": d["register"]}
    ),  # fmt: skip
    "card_revealed": _revealed,
    "radio_controlled": lambda c, d, n, k: (
        _("%(robot)s is radio controlled by %(by)s and runs a copy of %(card)s.")
        % {"robot": c, "by": who(n, d["by"]), "card": card(d["card"])}
    ),
    "robot_moved": _moved,
    "robot_rotated": _rotated,
    "move_blocked": lambda c, d, n, k: word_for(BLOCKED, d["reason"]) % {"robot": c},
    "laser_fired": _laser,
    "damage_taken": _damage,
    "register_locked": _locked,
    "register_unlocked": _said(
        N_("%(robot)s's register %(register)d is unlocked."), register="locked"
    ),  # fmt: skip
    "locked_register_filled": lambda c, d, n, k: (
        _("%(robot)s's locked register %(register)d gets %(card)s from the deck.")
        % {"robot": c, "register": d["locked"], "card": card(d["card"])}
    ),
    "register_scrambled": _said(
        N_("%(robot)s's register %(register)d is scrambled."), register="scrambled"
    ),  # fmt: skip
    "robot_destroyed": lambda c, d, n, k: word_for(DESTROYED, d["cause"]) % {"robot": c},
    "life_lost": _said(N_("%(robot)s loses a life (%(lives)d left)."), lives="lives_left"),
    "robot_eliminated": _said(N_("%(robot)s has no lives left and is out of the race.")),
    "flag_touched": _said(N_("%(robot)s touches flag %(flag)d!"), flag="flag"),
    "archive_updated": lambda c, d, n, k: (
        _("%(robot)s's archive moves to %(square)s.")
        % {"robot": c, "square": square(d["square"], k)}
    ),  # fmt: skip
    "repaired": _said(N_("%(robot)s is repaired to %(after)d damage."), after="after"),
    "registers_wiped": _wiped,
    "robot_respawned": lambda c, d, n, k: (
        _("%(robot)s re-enters at %(square)s facing %(facing)s.")
        % {"robot": c, "square": square(d["square"], k), "facing": facing(d["facing"])}
    ),
    "power_down_decided": lambda c, d, n, k: (
        (
            _("%(robot)s will be powered down next turn.")
            if yes(d["yes"])
            else _("%(robot)s will run next turn.")
        )
        % {"robot": c}
    ),
    "robot_finished": _said(N_("%(robot)s has touched every flag!")),
    "option_drawn": lambda c, d, n, k: (
        _("%(robot)s draws the option card %(option)s.")
        % {"robot": c, "option": option_name(d["option"])}
    ),
    "option_discarded": lambda c, d, n, k: (
        word_for(DISCARDS, d["reason"])
        % {"robot": c, "option": option_name(d["option"]), "weapon": option_name("Fire Control")}
    ),  # fmt: skip
    "damage_prevented": _prevented,
    "option_used": _option_used,
    "race_finished": _finished,
}
