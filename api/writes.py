"""The organiser's tools by API (issue 23, item 7): store or import a
session's result, add or withdraw an entry, create a round. Each write fills
the very form the page uses and calls the very service the page calls, so
the rows (and the league's history lines) are the same either way; the
token's person must run or steward the league, as on the pages."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from ninja import Status

from api.auth import TokenAuth
from api.schemas import Problem
from api.write_schemas import (
    EntryIn,
    EntryOut,
    FormProblem,
    MeOut,
    ResultImportIn,
    ResultIn,
    ResultOut,
    RoundIn,
    RoundOut,
    WithdrawOut,
)
from league import selectors
from league.caching import season_changed
from league.forms.common import OPTION_PREFIX
from league.forms.entries import EntryAddForm
from league.forms.rounds import RoundForm
from league.models import Entry, League
from league.organise import entries as organise_entries
from league.permissions import manage_or_403
from races.models import Session
from races.results.forms import ResultLineForm, ResultsImportForm
from races.results.importing import results_parse
from races.results.lines import seat_result, session_cars
from races.results.standings import standings_follow
from races.results.store import results_enter
from races.rounds.edits import round_create
from seasons.views.organiser import round_form_choices

# Each write as (method, path, options, function): registered on the API
# itself (`writes_register`), so a write shares its path with the read of
# the same thing (GET and POST .../rounds).
WRITES: list[tuple[str, str, dict, object]] = []


def _write(method: str, path: str, **options):
    options.setdefault("description", f"Needs a token with the `{options['auth'].scope}` scope.")

    def add(function):
        WRITES.append((method, path, options, function))
        return function

    return add


REFUSED = {401: Problem, 403: Problem, 404: Problem, 422: FormProblem, 429: Problem}


def _form_problem(form) -> tuple[int, dict]:
    errors = {name: [str(e) for e in found] for name, found in form.errors.items()}
    return Status(422, {"detail": _("Please correct the errors below."), "errors": errors})


def _refused(error: ValidationError) -> tuple[int, dict]:
    return Status(422, {"detail": " ".join(error.messages), "errors": {}})


def _entry_out(entry: Entry) -> dict:
    return {
        "id": entry.pk,
        "car_number": entry.car_number,
        "driver": entry.driver.name,
        "withdrawn": entry.withdrawn,
        "reserve": entry.reserve,
    }


def _session(request, session_id: int) -> Session:
    session = get_object_or_404(
        Session.objects.select_related("round__season__league", "round__season__scoring"),
        pk=session_id,
    )
    manage_or_403(request.auth, session.round.season.league)
    return session


@_write(
    "GET",
    "/me",
    auth=TokenAuth("read"),
    response={200: MeOut, **REFUSED},
    tags=["tokens"],
    summary="The token's person, its scopes and the leagues it may change",
)
def me(request):
    user = request.auth
    mine = League.objects.filter(owner=user) | League.objects.filter(stewards=user)
    slugs = sorted(set(mine.values_list("slug", flat=True)))
    return {
        "username": user.get_username(),
        "scopes": request.access_token.scopes,
        "leagues": slugs,
    }


@_write(
    "PUT",
    "/sessions/{session_id}/result",
    auth=TokenAuth("results"),
    response={200: ResultOut, **REFUSED},
    tags=["results"],
    summary="Store a session's result car by car, as the result page does",
)
def result_store(request, session_id: int, body: ResultIn):
    session = _session(request, session_id)
    cars = {entry.car_number: entry for entry in session_cars(session)}
    given = [line.car for line in body.lines]
    strangers = sorted({car for car in given if car not in cars})
    if strangers or len(set(given)) != len(given):
        words = _("Each car once, and only the session's cars: %(cars)s.") % {
            "cars": ", ".join(f"#{number}" for number in sorted(cars))
        }
        return Status(422, {"detail": words, "errors": {"lines": [words]}})
    rows = []
    for line in sorted(body.lines, key=lambda line: line.car):
        form = ResultLineForm(line.dict(exclude={"car"}, exclude_none=True))
        if not form.is_valid():
            return _form_problem(form)
        if form.cleaned_data.get("position") is not None:
            rows.append(seat_result(cars[line.car], form.cleaned_data))
    try:
        stored = results_enter(session=session, lines=rows, user=request.auth)
    except ValidationError as error:
        return _refused(error)
    return {"session": session.pk, "cars": len(stored)}


@_write(
    "POST",
    "/sessions/{session_id}/result/import",
    auth=TokenAuth("results"),
    response={200: ResultOut, **REFUSED},
    tags=["results"],
    summary="Import a session's result from CSV, as the import page does",
)
def result_import(request, session_id: int, body: ResultImportIn):
    session = _session(request, session_id)
    form = ResultsImportForm({"text": body.csv})
    if not form.is_valid():
        return _form_problem(form)
    cars = {e.car_number: (e.pk, e.driver.name) for e in session_cars(session)}
    parsed = results_parse(form.cleaned_data["csv"], cars)
    if parsed.errors:
        return Status(422, {"detail": " ".join(parsed.errors), "errors": {"csv": parsed.errors}})
    try:
        stored = results_enter(
            session=session, lines=parsed.rounds[0], user=request.auth, how="import"
        )
    except ValidationError as error:
        return _refused(error)
    return {"session": session.pk, "cars": len(stored)}


@_write(
    "POST",
    "/leagues/{league}/seasons/{season}/entries",
    auth=TokenAuth("entries"),
    response={201: EntryOut, **REFUSED},
    tags=["entries"],
    summary="Add an entry, as the season's Add an entry form does",
)
def entry_add(request, league: str, season: str, body: EntryIn):
    found = selectors.season_get(league, season)
    manage_or_403(request.auth, found.league)
    form = EntryAddForm(body.dict(exclude_none=True), season=found)
    if not form.is_valid():
        return _form_problem(form)
    try:
        with standings_follow(found):
            entry = organise_entries.entry_add(
                season=found, actor=request.auth, **form.cleaned_data
            )
    except ValidationError as error:
        return _refused(error)
    return Status(201, _entry_out(entry))


@_write(
    "POST",
    "/entries/{entry_id}/withdraw",
    auth=TokenAuth("entries"),
    response={200: WithdrawOut, **REFUSED},
    tags=["entries"],
    summary="Withdraw an entry (the first reserve takes the seat)",
)
def entry_withdraw(request, entry_id: int):
    entry = get_object_or_404(
        Entry.objects.select_related("season__league", "season__scoring", "driver"), pk=entry_id
    )
    manage_or_403(request.auth, entry.season.league)
    try:
        with standings_follow(entry.season):
            reserve = organise_entries.entry_withdraw(entry=entry, actor=request.auth)
    except ValidationError as error:
        return _refused(error)
    season_changed(season_id=entry.season_id)
    entry.refresh_from_db()
    taken = _entry_out(reserve) if reserve else None
    return {"entry": _entry_out(entry), "seat_taken_by": taken}


def _round_data(season, body: RoundIn) -> dict:
    data = body.dict(exclude={"variants"}, exclude_none=True)
    if "number" not in data:
        last = season.rounds.order_by("-number").values_list("number", flat=True).first()
        data["number"] = (last or 0) + 1
    for key, on in body.variants.items():
        data[OPTION_PREFIX + key] = "on" if on else "off"
    return data


@_write(
    "POST",
    "/leagues/{league}/seasons/{season}/rounds",
    auth=TokenAuth("rounds"),
    response={201: RoundOut, **REFUSED},
    tags=["rounds"],
    summary="Create a round, as the season's Add a round form does",
)
def round_add(request, league: str, season: str, body: RoundIn):
    found = selectors.season_get(league, season)
    manage_or_403(request.auth, found.league)
    form = RoundForm(_round_data(found, body), **round_form_choices(found))
    if not form.is_valid():
        return _form_problem(form)
    try:
        rnd = round_create(
            season=found,
            number=form.cleaned_data["number"],
            actor=request.auth,
            **form.settings(),
        )
    except ValidationError as error:
        return _refused(error)
    season_changed(season_id=found.pk)
    url = request.build_absolute_uri(rnd.get_absolute_url())
    return Status(201, {"number": rnd.number, "name": rnd.name, "track": rnd.track, "url": url})


def writes_register(api) -> None:
    for method, path, options, function in WRITES:
        api.api_operation([method], path, **options)(function)
    permission_refused(api)


def permission_refused(api):
    """PermissionDenied (another person's league) answers 403 in words."""

    @api.exception_handler(PermissionDenied)
    def refused(request, error):
        detail = str(error) or _("You may not change this league.")
        return api.create_response(request, {"detail": detail}, status=403)

    return refused
