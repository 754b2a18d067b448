"""Online play pages: the driver's panel at the table, decisions, the
autopilot hand-over and take-back, the "your turn" notice and its settings."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from league.permissions import login_or_403
from races.lobby.arrivals import may_take_back
from races.models import Session, Turn, TurnNotices
from races.running.seats import seat_records
from races.table import online
from races.table.decisions import action_posted, step_posted
from races.table.live_races import Seen
from races.table.live_table import cockpit_digest, cockpit_unchanged, turn_panel
from races.table.your_turn import header_notices

PLAYING = (Session.Status.QUEUED, Session.Status.RUNNING, Session.Status.AWAITING)
PANEL = "table/_panel.html"


def deadline_of(turn: Turn):
    return turn.deadline


def cockpit_context(
    request, session: Session, error: str = "", turns=None, seen: Seen | None = None
) -> dict:
    """What the logged-in driver sees of a live session: their decision as
    the game's panel, or that the race is waiting for someone else. `turns`:
    the session's open turns, when the page has read them already; `seen`:
    what a seat sees of its decision, when the page has it already."""
    user = request.user
    mine = [
        r for r in seat_records(session.seats) if user.is_authenticated and r.user_id == user.pk
    ]
    turn = _my_turn(session, user, turns) if mine else None
    autopiloted = [r for r in mine if r.autopilot]
    context = {
        "session": session,
        "my_seats": mine,
        "turn": turn,
        "error": error,
        "panel": None,
        "cockpit_scene": None,
        "cockpit_follows": _panel_follows(session, user, mine),
        "cockpit_digest": cockpit_digest(session, mine, turn),
        "autopiloted": bool(mine) and len(autopiloted) == len(mine),
        "take_back": [r for r in autopiloted if r.kind == "human" and may_take_back(session, r)],
    }
    if turn is not None:
        context.update(_panel_context(session, turn, seen))
    return context


def _panel_follows(session: Session, user, mine: list) -> bool:
    """Whether the panel follows the table's push signal: a driver's while
    the race runs, and, while a claimed race's grid is being drawn (nobody
    has a seat yet), a signed-in person's until their car is in it."""
    drawing_grid = user.is_authenticated and not session.seats
    return session.status in PLAYING and (bool(mine) or drawing_grid)


def _my_turn(session: Session, user, turns) -> Turn | None:
    """The user's open turn due first: from `turns` when given, else read."""
    if turns is None:
        return Turn.objects.filter(session=session, user=user).order_by("deadline").first()
    return min((t for t in turns if t.user_id == user.pk), key=deadline_of, default=None)


def _panel_context(session: Session, turn: Turn, seen: Seen | None) -> dict:
    """The panel of the driver's turn and the board it draws on, if any."""
    drawn = turn_panel(session, turn, seen)
    if drawn is None:
        # The turn is newer than what this page knows of the race: the next
        # signal draws it (no digest, so never answered "no change").
        return {"cockpit_digest": ""}
    panel, scene = drawn
    return {"panel": panel, "cockpit_scene": scene}  # the board, when the panel draws on it


@require_GET
def session_cockpit(request, session_id: int):
    if not request.htmx:
        return redirect("session_live", session_id=session_id)
    seen = request.GET.get("seen", "")
    if seen and cockpit_unchanged(request.user, session_id, seen):
        return HttpResponse(status=204)  # nothing new: the panel stays as it is
    session = get_object_or_404(Session.objects.select_related("round__season"), pk=session_id)
    return render(request, PANEL, cockpit_context(request, session))


@login_or_403
@require_POST
def decision_post(request, session_id: int):
    """A person's decision: the post read as an Action, applied by the
    service, and the cockpit drawn from what the decision changed."""
    post = request.POST
    try:
        decided = online.decision_submit(
            session_id=session_id,
            user=request.user,
            seat=post.get("seat", ""),
            step=step_posted(post),
            action=action_posted(post),
        )
    except ValidationError as refused:
        return _decision_refused(request, session_id, " ".join(refused.messages))
    if not request.htmx:
        return redirect(reverse("session_live", args=[session_id]))
    context = cockpit_context(
        request, decided.session, turns=decided.turns, seen=decided.running_on
    )
    return render(request, PANEL, context)


def _decision_refused(request, session_id: int, error: str):
    """The cockpit again with the reason a decision was refused."""
    session = get_object_or_404(Session.objects.select_related("round__season"), pk=session_id)
    if request.htmx:
        return render(request, PANEL, cockpit_context(request, session, error))
    messages.error(request, error)
    return redirect(reverse("session_live", args=[session_id]))


def _autopilot(request, session_id: int, *, on: bool):
    session = get_object_or_404(Session.objects.select_related("round__season"), pk=session_id)
    change = online.autopilot_take_over if on else online.autopilot_take_back
    try:
        change(session_id=session.pk, user=request.user, seat=request.POST.get("seat", ""))
    except ValidationError as refused:
        messages.error(request, " ".join(refused.messages))
    else:
        messages.success(
            request,
            _("Your autopilot drives the rest of this race.")
            if on
            else _("You drive your car again from its next decision."),
        )
    return redirect(reverse("session_live", args=[session_id]))


@login_or_403
@require_POST
def autopilot_post(request, session_id: int):
    return _autopilot(request, session_id, on=True)


@login_or_403
@require_POST
def autopilot_back_post(request, session_id: int):
    return _autopilot(request, session_id, on=False)


@require_GET
def your_turn_notice(request):
    """The header's "your turn" links, polled on every page; "no change"
    when the page has them already, so the header's live region announces
    a new turn once rather than every poll."""
    notices = header_notices(request.user)
    if request.GET.get("seen") == notices.seen:
        return HttpResponse(status=204)
    return render(request, "table/_your_turn.html", {"header_notices": notices})


class TurnNoticesForm(forms.ModelForm):
    class Meta:
        model = TurnNotices
        fields = ["by_email"]
        labels = {"by_email": _("E-mail me when it is my turn in a live race")}


@login_required
@require_http_methods(["GET", "POST"])
def turn_notices_edit(request):
    notices, _created = TurnNotices.objects.get_or_create(user=request.user)
    form = TurnNoticesForm(request.POST if request.method == "POST" else None, instance=notices)
    if request.method == "POST":
        if form.is_valid():
            form.save()
            messages.success(request, _("Your notice settings are saved."))
            return redirect("turn_notices")
    return render(request, "table/turn_notices.html", {"form": form})
