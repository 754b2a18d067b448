"""How fast a season's live races go: game clocks as Board Game Arena keeps
them (issue 25). A real-time speed gives every seat a bank of time and adds a
little for every decision; a turn-based speed gives a day or more a move, and
the season's own speed gives its "seconds per decision" a move (what every
season had before speeds; its old seasons keep it).

The clock itself (running down, defaults, pauses) lives with the live races
(races/clocks/); this is the data a season's form and the clocks both read.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

DAY = 86400


@dataclass(frozen=True)
class Speed:
    key: str
    label: object
    real_time: bool
    # The bank each seat starts the race with, and what every decision adds;
    # a turn-based speed's bank is one move's time and never grows past it.
    # The own speed's figures are the season's seconds per decision (0 here).
    bank_seconds: int
    increment_seconds: int
    max_bank_seconds: int | None = None


@dataclass(frozen=True)
class ClockTerms:
    """A seat's clock as a race starts it: the bank, what each decision adds
    and the most it may hold (None: no limit)."""

    bank_seconds: float
    increment_seconds: float
    max_bank_seconds: float | None


OWN = "own"
SPEEDS: dict[str, Speed] = {
    speed.key: speed
    for speed in (
        Speed("fast", _("Fast (real-time): 2 min on the clock, 10 s more a move"), True, 120, 10),
        Speed(
            "normal", _("Normal (real-time): 5 min on the clock, 20 s more a move"), True, 300, 20
        ),
        Speed("slow", _("Slow (real-time): 10 min on the clock, 40 s more a move"), True, 600, 40),
        Speed("day", _("Turn-based: a day a move"), False, DAY, DAY, DAY),
        Speed("two_days", _("Turn-based: two days a move"), False, 2 * DAY, 2 * DAY, 2 * DAY),
        Speed("three_days", _("Turn-based: three days a move"), False, 3 * DAY, 3 * DAY, 3 * DAY),
        Speed(OWN, _("Turn-based: the seconds per decision below, a move"), False, 0, 0, 0),
    )
}

SPEED_CHOICES = [(speed.key, speed.label) for speed in SPEEDS.values()]
# A season made without choosing keeps its seconds per decision, as before speeds.
DEFAULT_SPEED = OWN
# What a new season's form offers first.
FORM_SPEED = "day"


def speed_of(key: str) -> Speed:
    """The speed of that key; an unknown key is the season's own speed."""
    return SPEEDS.get(key, SPEEDS[OWN])


def clock_terms(key: str, decision_seconds: int) -> ClockTerms:
    """The clock a seat gets at a season of this speed: the own speed is
    `decision_seconds` a move, never more."""
    speed = speed_of(key)
    if speed.key == OWN:
        return ClockTerms(decision_seconds, decision_seconds, decision_seconds)
    return ClockTerms(speed.bank_seconds, speed.increment_seconds, speed.max_bank_seconds)


def nearest_speed(decision_seconds: int) -> str:
    """The named turn-based speed with exactly this time a move, else the own speed."""
    for speed in SPEEDS.values():
        if not speed.real_time and speed.key != OWN and speed.bank_seconds == decision_seconds:
            return speed.key
    return OWN


# A clock's time as people say it ("1 min 40 s", "23 h"), the same words on
# the server and in the table's script (paddock/languages.py page_words).
CLOCK_WORDS = {
    "clockDaysHours": pgettext_lazy("clock", "%(days)s d %(hours)s h"),
    "clockDays": pgettext_lazy("clock", "%(days)s d"),
    "clockHoursMinutes": pgettext_lazy("clock", "%(hours)s h %(minutes)s min"),
    "clockHours": pgettext_lazy("clock", "%(hours)s h"),
    "clockMinutesSeconds": pgettext_lazy("clock", "%(minutes)s min %(seconds)s s"),
    "clockMinutes": pgettext_lazy("clock", "%(minutes)s min"),
    "clockSeconds": pgettext_lazy("clock", "%(seconds)s s"),
}


def clock_words(seconds: float) -> str:
    """A clock's time in the reader's language: the two largest units, a
    unit at zero left out ("23 h", "1 min 40 s", "0 s")."""
    total = max(0, math.ceil(seconds))
    days, rest = divmod(total, DAY)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    figures = {"days": days, "hours": hours, "minutes": minutes, "seconds": secs}
    if days:
        key = "clockDaysHours" if hours else "clockDays"
    elif hours:
        key = "clockHoursMinutes" if minutes else "clockHours"
    elif minutes:
        key = "clockMinutesSeconds" if secs else "clockMinutes"
    else:
        key = "clockSeconds"
    return str(CLOCK_WORDS[key]) % figures
