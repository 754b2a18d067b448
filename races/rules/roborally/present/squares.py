"""A square of the factory floor in board words: its column letter and row
number as marked along the floor's edges (floor.py draws them), and what
lies on it (a belt, a gear, a repair site, a flag, a dock), so a page never
says a raw coordinate (RR-GEO-01 gives x to the east and y to the south,
from 0; the marks count from A and 1)."""

from __future__ import annotations

from functools import cache
from string import ascii_uppercase
from typing import Any

from ...speech import N_, _, ngettext, word_for
from ..rules.course import course_ids
from ..rules.validate import load_course

FEATURES = {
    "conveyor": N_("conveyor belt"),
    "express": N_("express conveyor"),
    "gear": N_("gear"),
    "repair": N_("repair site"),
    "upgrade": N_("upgrade site"),
    "pit": N_("pit"),
}


def column_mark(x: int) -> str:
    """The letter marked above column `x` (A for the westmost); past Z,
    AA, AB and on."""
    letters = ""
    x += 1
    while x:
        x, rest = divmod(x - 1, 26)
        letters = ascii_uppercase[rest] + letters
    return letters


def square_mark(value: Any) -> str:
    """The square's column letter and row number: "C11"."""
    x, y = int(value[0]), int(value[1])
    return f"{column_mark(x)}{y + 1}"


@cache
def _course(course_id: str):
    return load_course(course_id) if course_id in course_ids() else None


def square_features(value: Any, course_id: str | None) -> list[str]:
    """What a square holds, in words: its floor's feature, a flag, a dock."""
    course = _course(course_id or "")
    if course is None:
        return []
    where = (int(value[0]), int(value[1]))
    spot = course.floor.get(where)
    if spot is None:
        return [_("off the floor")]
    said = [word_for(FEATURES, spot["type"])] if spot["type"] in FEATURES else []
    for number, flag in enumerate(course.flags, start=1):
        if tuple(flag) == where:
            said.append(_("flag %(number)d") % {"number": number})
    for number, dock in course.docks.items():
        if (dock["x"], dock["y"]) == where:
            said.append(_("dock %(number)d") % {"number": int(number)})
    return said


def square_words(value: Any, course_id: str | None = None) -> str:
    """ "C11", or "C11 (repair site, flag 2)" where the square holds something."""
    mark = square_mark(value)
    features = square_features(value, course_id)
    if not features:
        return mark
    return _("%(square)s (%(features)s)") % {"square": mark, "features": ", ".join(features)}


def duration_words(seconds: Any) -> str:
    """A time limit in words, its largest units first: "1 day",
    "2 hours 30 minutes", "45 seconds" (never a count of seconds past a
    minute)."""
    left = max(0, int(seconds))
    days, left = divmod(left, 86400)
    hours, left = divmod(left, 3600)
    minutes, secs = divmod(left, 60)
    parts = []
    if days:
        parts.append(ngettext("%(count)d day", "%(count)d days", days) % {"count": days})
    if hours:
        parts.append(ngettext("%(count)d hour", "%(count)d hours", hours) % {"count": hours})
    if minutes:
        parts.append(
            ngettext("%(count)d minute", "%(count)d minutes", minutes) % {"count": minutes}
        )
    if secs or not parts:
        parts.append(ngettext("%(count)d second", "%(count)d seconds", secs) % {"count": secs})
    return " ".join(parts)
