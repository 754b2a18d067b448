"""Results from a CSV file: each line checked, with a clear message naming
the line, before anything is stored. One session's result, or a whole
season's (a `round` column) for a league moving its history to Paddock.

Columns (a header line names them, in any order; only car and position
are required): round, car, position, status, laps, laps_led, best_lap,
fastest_lap, pole. Statuses may be written as series write them: DNF or
Ret (retired), NC (not classified), DSQ, DNS, DNQ (did not qualify).
"""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from races.models import Result, Round, Session
from races.results.store import SeatResult, results_enter

MAX_LINES = 2000
STATUS_WORDS = {
    "": Result.Status.FINISHED,
    "finished": Result.Status.FINISHED,
    "fin": Result.Status.FINISHED,
    "classified": Result.Status.FINISHED,
    "not_classified": Result.Status.NOT_CLASSIFIED,
    "not classified": Result.Status.NOT_CLASSIFIED,
    "nc": Result.Status.NOT_CLASSIFIED,
    "eliminated": Result.Status.ELIMINATED,
    "retired": Result.Status.ELIMINATED,
    "ret": Result.Status.ELIMINATED,
    "dnf": Result.Status.ELIMINATED,
    "disqualified": Result.Status.DISQUALIFIED,
    "dsq": Result.Status.DISQUALIFIED,
    "did_not_start": Result.Status.DID_NOT_START,
    "did not start": Result.Status.DID_NOT_START,
    "dns": Result.Status.DID_NOT_START,
    "did_not_qualify": Result.Status.DID_NOT_QUALIFY,
    "did not qualify": Result.Status.DID_NOT_QUALIFY,
    "dnq": Result.Status.DID_NOT_QUALIFY,
}
YES = {"1", "yes", "y", "true", "x", "✓"}
NO = {"", "0", "no", "n", "false"}


@dataclass
class ParsedResults:
    """Lines by round number (0 for a single session's file) and the errors
    found, each naming its line."""

    rounds: dict[int, list[SeatResult]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    preview: list[dict] = field(default_factory=list)


def _whole(text: str, what: str, low: int, high: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise ValueError(
            _("%(what)s must be a whole number, not “%(text)s”") % {"what": what, "text": text[:20]}
        ) from None
    if not low <= value <= high:
        raise ValueError(
            _("%(what)s must be between %(low)s and %(high)s")
            % {"what": what, "low": low, "high": high}
        )
    return value


def _flag(text: str, what: str) -> bool:
    word = text.strip().lower()
    if word in YES:
        return True
    if word in NO:
        return False
    raise ValueError(_("%(what)s is yes or no, not “%(text)s”") % {"what": what, "text": text[:20]})


def _line(
    row: dict, cars: dict[int, tuple[int, str]], with_round: bool
) -> tuple[int, SeatResult, dict]:
    get = {k: (v or "").strip() for k, v in row.items() if k}
    number = _whole(get.get("round", ""), _("round"), 1, 999) if with_round else 0
    car_text = get.get("car", "").lstrip("#")
    car = _whole(car_text, _("car"), 1, 999)
    if car not in cars:
        raise ValueError(_("car #%(car)s has no entry in this season") % {"car": car})
    position = _whole(get.get("position", ""), _("position"), 1, 999)
    status_word = get.get("status", "").lower()
    if status_word not in STATUS_WORDS:
        raise ValueError(
            _("status “%(status)s” is not one Paddock knows")
            % {"status": get.get("status", "")[:20]}
        )
    figures: dict = {}
    if get.get("laps_led"):
        figures["laps_led"] = _whole(get["laps_led"], _("laps led"), 0, 999)
    if get.get("best_lap"):
        try:
            best = Decimal(get["best_lap"].replace(",", "."))
        except InvalidOperation:
            raise ValueError(
                _("best lap must be a number, not “%(text)s”") % {"text": get["best_lap"][:20]}
            ) from None
        if not best.is_finite() or not 0 <= best < 100_000:
            raise ValueError(_("best lap must be between 0 and 100000"))
        figures["best_lap"] = float(best)
    for name in ("fastest_lap", "pole"):
        if _flag(get.get(name, ""), name.replace("_", " ")):
            figures[name] = True
    laps = _whole(get["laps"], "laps", 0, 999) if get.get("laps") else 0
    entry_id, driver = cars[car]
    line = SeatResult(
        entry_id=entry_id,
        seat=f"car{car}",
        position=position,
        status=STATUS_WORDS[status_word],
        laps=laps,
        figures=figures,
    )
    shown = {
        "round": number,
        "car": car,
        "driver": driver,
        "position": position,
        "status": Result.Status(line.status).label,
        "figures": ", ".join(f"{k.replace('_', ' ')}: {v}" for k, v in figures.items()),
    }
    return number, line, shown


def results_parse(
    text: str, cars: dict[int, tuple[int, str]], *, with_round: bool = False
) -> ParsedResults:
    """Parse a results CSV; cars maps car number → (entry id, driver name)."""
    parsed = ParsedResults()
    reader = csv.DictReader(io.StringIO(text.strip()))
    header = [h.strip().lower() for h in (reader.fieldnames or [])]
    needed = ["car", "position"] + (["round"] if with_round else [])
    missing = [h for h in needed if h not in header]
    if missing:
        parsed.errors.append(
            _("Line 1: the header needs the columns %(value)s.") % {"value": ", ".join(needed)}
        )
        return parsed
    reader.fieldnames = header
    _lines_read(parsed, reader, cars, with_round)
    _places_check(parsed, with_round)
    _flags_check(parsed, with_round)
    if not parsed.rounds and not parsed.errors:
        parsed.errors.append(_("The file has no result lines."))
    return parsed


def _lines_read(
    parsed: ParsedResults,
    reader: csv.DictReader,
    cars: dict[int, tuple[int, str]],
    with_round: bool,
) -> None:
    """Each line after the header, into `parsed`: its result and preview, or its error."""
    seen: dict[int, dict] = defaultdict(dict)
    places: dict[int, dict] = defaultdict(dict)
    for index, row in enumerate(reader, start=2):
        if index - 1 > MAX_LINES:
            parsed.errors.append(
                _("Line %(index)s: a file holds at most %(most)s results.")
                % {"index": index, "most": MAX_LINES}
            )
            break
        if not any((v or "").strip() for k, v in row.items() if k):
            continue
        if None in row:
            parsed.errors.append(
                _("Line %(index)s: more values than the header has columns.") % {"index": index}
            )
            continue
        try:
            number, line, shown = _line(row, cars, with_round)
        except ValueError as error:
            parsed.errors.append(_("Line %(index)s: %(error)s.") % {"index": index, "error": error})
            continue
        car = shown["car"]
        clash = _clash(index, number, car, line.position, seen[number], places[number], with_round)
        if clash:
            parsed.errors.append(clash)
            continue
        seen[number][car] = index
        places[number][line.position] = car
        parsed.rounds.setdefault(number, []).append(line)
        parsed.preview.append(shown)


def _clash(
    index: int, number: int, car: int, place: int, seen: dict, places: dict, with_round: bool
) -> str | None:
    """Why a line cannot stand beside the earlier ones of its round: its car
    is already on a line (`seen`: car → line), or its place is already a
    car's (`places`: place → car); None when it can."""
    if car in seen:
        return (
            _("Line %(index)s: car #%(car)s is already on line %(line)s for round %(round)s.")
            if with_round
            else _("Line %(index)s: car #%(car)s is already on line %(line)s.")
        ) % {"index": index, "car": car, "line": seen[car], "round": number}
    if place in places:
        return (
            _("Line %(index)s: place %(place)s is already car #%(car)s's in round %(round)s.")
            if with_round
            else _("Line %(index)s: place %(place)s is already car #%(car)s's.")
        ) % {"index": index, "place": place, "car": places[place], "round": number}
    return None


def _places_check(parsed: ParsedResults, with_round: bool) -> None:
    """Each round's places run from 1 without a gap."""
    for number, lines in parsed.rounds.items():
        expected = list(range(1, len(lines) + 1))
        if sorted(line.position for line in lines) != expected:
            parsed.errors.append(
                (
                    _("Round %(round)s: give places 1 to %(count)s without a gap.")
                    if with_round
                    else _("The result: give places 1 to %(count)s without a gap.")
                )
                % {"round": number, "count": len(lines)}
            )


def _flags_check(parsed: ParsedResults, with_round: bool) -> None:
    """At most one car on pole and one with the fastest lap in each round."""
    words = {
        "pole": _("pole position"),
        "fastest_lap": _("fastest lap"),
    }
    for number, lines in parsed.rounds.items():
        for flag, name in words.items():
            cars = [line.seat.removeprefix("car") for line in lines if line.figures.get(flag)]
            if len(cars) < 2:
                continue
            said = {"round": number, "flag": name, "cars": ", ".join(f"#{c}" for c in cars)}
            parsed.errors.append(
                (
                    _("Round %(round)s: only one car may have %(flag)s; %(cars)s all do.")
                    if with_round
                    else _("Only one car may have %(flag)s; %(cars)s all do.")
                )
                % said
            )


def season_cars(season) -> dict[int, tuple[int, str]]:
    return {
        e.car_number: (e.pk, e.driver.name)
        for e in season.entries.select_related("driver").order_by("car_number")
    }


@transaction.atomic
def season_results_import(*, season, text: str, user) -> ParsedResults:
    """A whole season's race results from one CSV file with a round column:
    every line checked first; any error stores nothing. Each round's race
    is stored as if entered by hand, and the standings follow."""
    parsed = results_parse(text, season_cars(season), with_round=True)
    rounds = {
        rnd.number: rnd
        for rnd in Round.objects.filter(season=season, number__in=list(parsed.rounds))
    }
    for number in sorted(parsed.rounds):
        if number not in rounds:
            parsed.errors.append(
                _("Round %(number)s does not exist in this season: add it first.")
                % {"number": number}
            )
    if parsed.errors:
        raise ValidationError(parsed.errors)
    for number in sorted(parsed.rounds):
        session = Session.objects.filter(
            round=rounds[number], kind=Session.Kind.RACE, leg=Session.Leg.MAIN
        ).first()
        if session is None or session.division_id is not None:
            raise ValidationError(
                _("Round %(number)s races in divisions: enter each session's result on its page.")
                % {"number": number}
            )
        results_enter(session=session, lines=parsed.rounds[number], user=user, how="import")
    return parsed
