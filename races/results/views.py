"""Results from the table: an organiser or a steward enters a session's
result car by car, or imports it from a CSV file with a preview; both store
it as an engine result is stored, marked as entered by hand."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from league.forms.common import errors_to_form
from league.permissions import login_or_403, manage_or_403
from races.models import Result, Session
from races.results.forms import ResultLineForm, ResultsImportForm
from races.results.importing import results_parse
from races.results.store import SeatResult, results_enter


def _session(request, session_id: int) -> Session:
    session = get_object_or_404(
        Session.objects.select_related("round__season__league", "round__season__scoring"),
        pk=session_id,
    )
    manage_or_403(request.user, session.round.season.league)
    return session


def _cars(session: Session) -> list:
    """The cars a result may hold: the season's racing entries, and any car
    already in this session's result (a reserve who raced, say)."""
    in_result = set(session.results.values_list("entry_id", flat=True))
    return [
        e
        for e in session.round.season.entries.select_related("driver", "team").order_by(
            "car_number"
        )
        if e.pk in in_result or not (e.withdrawn or e.reserve)
    ]


def _initial(result: Result | None) -> dict:
    if result is None:
        return {"status": Result.Status.FINISHED}
    figures = result.figures or {}
    return {
        "position": result.position,
        "status": result.status,
        "laps": result.laps,
        "laps_led": figures.get("laps_led"),
        "best_lap": figures.get("best_lap"),
        "fastest_lap": bool(figures.get("fastest_lap")),
        "pole": bool(figures.get("pole")),
    }


def _line(entry, data: dict) -> SeatResult:
    figures = {}
    if data.get("laps_led") is not None:
        figures["laps_led"] = data["laps_led"]
    if data.get("best_lap") is not None:
        figures["best_lap"] = float(data["best_lap"])
    for flag in ("fastest_lap", "pole"):
        if data.get(flag):
            figures[flag] = True
    return SeatResult(
        entry_id=entry.pk,
        seat=f"car{entry.car_number}",
        position=data["position"],
        status=data["status"],
        laps=data.get("laps") or 0,
        figures=figures,
    )


def _line_forms(data, session: Session) -> list[tuple]:
    """(entry, its result line's form) for each car the result may hold."""
    cars = _cars(session)
    existing = {r.entry_id: r for r in session.results.all()}
    return [
        (
            entry,
            ResultLineForm(data, prefix=f"car{entry.pk}", initial=_initial(existing.get(entry.pk))),
        )
        for entry in cars
    ]


def _lines(rows: list[tuple]) -> list[SeatResult]:
    """The cars given a place (the others are left out of the result)."""
    return [
        _line(entry, form.cleaned_data)
        for entry, form in rows
        if form.cleaned_data.get("position") is not None
    ]


@login_or_403
@require_http_methods(["GET", "POST"])
def results_entry(request, session_id: int):
    session = _session(request, session_id)
    rows = _line_forms(request.POST or None, session)
    errors = []
    if request.method == "POST" and all(form.is_valid() for _, form in rows):
        try:
            results_enter(session=session, lines=_lines(rows), user=request.user)
        except ValidationError as error:
            errors = error.messages
        else:
            messages.success(request, _("The result is stored and the standings are updated."))
            return redirect(session.round)
    context = {"session": session, "round": session.round, "season": session.round.season}
    context.update(rows=rows, errors=errors)
    return render(request, "results_entry.html", context)


@login_or_403
@require_http_methods(["GET", "POST"])
def results_import(request, session_id: int):
    session = _session(request, session_id)
    form = ResultsImportForm(request.POST or None, request.FILES or None)
    parsed = None
    if request.method == "POST" and form.is_valid():
        cars = {e.car_number: (e.pk, e.driver.name) for e in _cars(session)}
        parsed = results_parse(form.cleaned_data["csv"], cars)
        if not parsed.errors and request.POST.get("confirm") == "1":
            try:
                results_enter(session=session, lines=parsed.rounds[0], user=request.user)
            except ValidationError as error:
                errors_to_form(form, error)
            else:
                messages.success(
                    request, _("The imported result is stored; the standings are updated.")
                )
                return redirect(session.round)
    context = {
        "session": session,
        "round": session.round,
        "season": session.round.season,
        "form": form,
        "parsed": parsed,
        "csv_text": form.cleaned_data.get("csv", "") if form.is_bound and form.is_valid() else "",
    }
    return render(request, "results_import.html", context)
