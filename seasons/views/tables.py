"""An organiser's hand on a real-time table before it starts, each through
its confirmation page: start it now with whoever is there, or take a driver
off it. Owner or steward only; both are in the league's history."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from league.models import Entry
from league.permissions import login_or_403, manage_or_403
from races.lobby import seating
from races.models import Session
from seasons.table_confirmations import table_start_confirmation, table_unseat_confirmation
from seasons.views.confirming import confirm_or_run


def _managed_session(request, session_id: int) -> Session:
    rows = Session.objects.select_related("round__season__league").defer("event_log")
    session = get_object_or_404(rows, pk=session_id)
    manage_or_403(request.user, session.round.season.league)
    return session


@login_or_403
@require_http_methods(["GET", "POST"])
def table_start(request, session_id: int):
    session = _managed_session(request, session_id)

    def run() -> str:
        seating.lobby_start_now(session_id=session.pk, actor=request.user)
        return _("The race is starting with the drivers at the table.")

    table = reverse("session_live", args=[session.pk])
    return confirm_or_run(
        request,
        season=session.round.season,
        confirmation=table_start_confirmation(session),
        run=run,
        back=table,
        then=table,
    )


@login_or_403
@require_http_methods(["GET", "POST"])
def table_unseat(request, session_id: int, entry_id: int):
    session = _managed_session(request, session_id)
    entry = get_object_or_404(
        Entry.objects.select_related("driver"), pk=entry_id, season=session.round.season
    )

    def run() -> str:
        seating.lobby_unseat(session_id=session.pk, entry_id=entry.pk, actor=request.user)
        return _("%(driver)s is off the table.") % {"driver": entry.driver.name}

    table = reverse("session_live", args=[session.pk])
    return confirm_or_run(
        request,
        season=session.round.season,
        confirmation=table_unseat_confirmation(session, entry),
        run=run,
        back=table,
        then=table,
    )
