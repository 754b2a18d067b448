"""What a real-time table shows before it starts, and to a no-show after:
who is at it, who is missing, how long until the start in words, and what
a person may do there (races/lobby/views.py draws it)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime

from django.utils import timezone
from django.utils.translation import gettext as _

from league.models import Entry
from league.permissions import can_manage
from league.season_settings.race_night import NO_SHOW_CHOICES, late_arrival_allowed
from races.lobby.arrivals import real_time_table
from races.lobby.seating import drivers_expected
from races.models import Arrival, Session
from races.running.seats import seat_records

S = Session.Status


def countdown_words(seconds: int) -> str:
    """How long until the start, as people say it: "2 min 10 s", "1 h 5 min"."""
    if seconds <= 0:
        return _("starting now")
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    if hours:
        return _("%(hours)s h %(minutes)s min") % {"hours": hours, "minutes": minutes}
    if minutes:
        return _("%(minutes)s min %(seconds)s s") % {"minutes": minutes, "seconds": seconds}
    return _("%(seconds)s s") % {"seconds": seconds}


@dataclass
class Lobby:
    """A real-time table as one person sees it."""

    session: Session
    starts_at: datetime | None
    seated: list[Entry] = field(default_factory=list)
    missing: list[Entry] = field(default_factory=list)
    mine: Entry | None = None
    manage: bool = False
    late: bool = False  # started, and this person may still take their car back
    no_show: str = ""
    all_in_starts: bool = False

    @property
    def open(self) -> bool:
        return self.session.status == S.SCHEDULED

    @property
    def me_seated(self) -> bool:
        return self.mine is not None and any(e.pk == self.mine.pk for e in self.seated)

    @property
    def expected(self) -> int:
        return len(self.seated) + len(self.missing)

    @property
    def countdown(self) -> str:
        if self.starts_at is None:
            return ""
        return countdown_words(int((self.starts_at - timezone.now()).total_seconds()))

    @property
    def digest(self) -> str:
        """What the polled lobby shows, but the ticking countdown."""
        said = "|".join(
            [self.session.status, str(self.starts_at), *(str(e.pk) for e in self.seated)]
        )
        return hashlib.sha256(said.encode()).hexdigest()[:16]


def lobby_of(session: Session, user) -> Lobby | None:
    """The table before its start for anyone; after it, only for a no-show
    who may still arrive. None for a session that is no real-time table."""
    if not real_time_table(session):
        return None
    season = session.round.season
    lobby = Lobby(
        session=session,
        starts_at=session.scheduled_at,
        no_show=str(dict(NO_SHOW_CHOICES).get(season.no_show, "")),
        all_in_starts=season.start_when_all_in,
        manage=can_manage(user, season.league),
    )
    expected = list(drivers_expected(session).select_related("driver").order_by("car_number"))
    if user.is_authenticated:
        lobby.mine = next((e for e in expected if e.driver.user_id == user.pk), None)
    if lobby.open:
        present = set(Arrival.objects.filter(session=session).values_list("entry_id", flat=True))
        lobby.seated = [e for e in expected if e.pk in present]
        lobby.missing = [e for e in expected if e.pk not in present]
        return lobby
    lobby.late = _may_arrive_late(session, user)
    return lobby if lobby.late else None


def _may_arrive_late(session: Session, user) -> bool:
    """A started race with this person's car on the autopilot because they
    were not at the table, in a season that lets them take it back."""
    if session.status not in (S.AWAITING, S.RUNNING) or not user.is_authenticated:
        return False
    if not late_arrival_allowed(session.round.season):
        return False
    mine = [r for r in seat_records(session.seats) if r.user_id == user.pk]
    if not mine or not mine[0].autopilot:
        return False
    return not Arrival.objects.filter(session=session, entry_id=mine[0].entry_id).exists()
