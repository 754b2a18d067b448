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
from paddock.too_big import answers_too_big
from races.models import Result, Session
from races.results.forms import ResultLineForm, ResultsImportForm, flags_once
from races.results.importing import results_parse
from races.results.lines import seat_result as _line
from races.results.lines import session_cars as _cars
from races.results.store import SeatResult, results_enter


def _session(request, session_id: int) -> Session:
    session = get_object_or_404(
        Session.objects.select_related("round__season__league", "round__season__scoring"),
        pk=session_id,
    )
    manage_or_403(request.user, session.round.season.league)
    return session


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
    if (
        request.method == "POST"
        and all([form.is_valid() for _, form in rows])
        and flags_once([(e, f) for e, f in rows if f.cleaned_data.get("position")])
    ):
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


def _import_page(request, session, form, parsed=None, status=200):
    context = {
        "session": session,
        "round": session.round,
        "season": session.round.season,
        "form": form,
        "parsed": parsed,
        "csv_text": form.cleaned_data.get("csv", "") if form.is_bound and form.is_valid() else "",
    }
    return render(request, "results_import.html", context, status=status)


@login_or_403
def results_import_too_big(request, session_id: int):
    """The import page when the paste or file was too big to read: the
    field error names the limit (paddock/too_big.py)."""
    session = _session(request, session_id)
    form = ResultsImportForm({}, too_big=True)
    form.is_valid()
    return _import_page(request, session, form, status=413)


@answers_too_big(results_import_too_big)
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
                results_enter(
                    session=session, lines=parsed.rounds[0], user=request.user, how="import"
                )
            except ValidationError as error:
                errors_to_form(form, error)
            else:
                messages.success(
                    request, _("The imported result is stored; the standings are updated.")
                )
                return redirect(session.round)
    return _import_page(request, session, form, parsed)
