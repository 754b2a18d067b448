"""The table's own lines in the race log (issue 25): a decision the game's
default made for a person out of time, the autopilot taking their car and
their taking it back, the organiser's pause and resume. Each is kept after
the events the race had then, named by seat, and said in the reader's
language with the person's name when the log is drawn."""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import gettext

from league.season_settings.speeds import clock_words
from races.models import Session, TableNote

K = TableNote.Kind


def note(session: Session, kind: str, now: datetime, *, events: int, seat: str = "") -> None:
    TableNote.objects.create(session=session, kind=kind, at=now, events=events, seat=seat)


def note_sentence(kind: str, name: str, seconds: int | None = None) -> str:
    """The line in the reader's language."""
    if kind == K.TIMER_TURNED:  # races/clocks/sand_timers.py
        return gettext("The sand timer is turned: %(time)s of sand run for everyone deciding.") % {
            "time": clock_words(seconds or 0)
        }
    if kind == K.DEFAULTED:
        return gettext("%(name)s ran out of time: the game's default decided for them.") % {
            "name": name
        }
    if kind == K.AUTOPILOT:
        return gettext(
            "%(name)s ran out of time twice: their autopilot drives the rest of the race."
        ) % {"name": name}
    if kind == K.TAKEN_BACK:
        return gettext("%(name)s takes their car back from the autopilot.") % {"name": name}
    if kind == K.PAUSED:
        return gettext("The organiser paused the race: every clock is stopped.")
    return gettext("The organiser resumed the race: the clocks run again.")


def notes_of(session: Session) -> list[TableNote]:
    return list(TableNote.objects.filter(session=session).order_by("pk"))
