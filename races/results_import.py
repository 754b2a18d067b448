"""Results from a CSV file: each line checked, with a clear message naming
the line, before anything is stored. One session's result, or a whole
season's (a `round` column) for a league moving its history to Paddock.

Columns (a header line names them, in any order; only car and position
are required): round, car, position, status, laps, laps_led, best_lap,
fastest_lap, pole. Statuses may be written as series write them: DNF or
Ret (retired), NC (not classified), DSQ, DNS.
"""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from django.core.exceptions import ValidationError
from django.db import transaction

from races.models import Result, Round, Session
from races.results import SeatResult, results_enter

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
        raise ValueError(f"{what} must be a whole number, not “{text[:20]}”") from None
    if not low <= value <= high:
        raise ValueError(f"{what} must be between {low} and {high}")
    return value


def _flag(text: str, what: str) -> bool:
    word = text.strip().lower()
    if word in YES:
        return True
    if word in NO:
        return False
    raise ValueError(f"{what} is yes or no, not “{text[:20]}”")


def _line(
    row: dict, cars: dict[int, tuple[int, str]], with_round: bool
) -> tuple[int, SeatResult, dict]:
    get = {k: (v or "").strip() for k, v in row.items() if k}
    number = _whole(get.get("round", ""), "round", 1, 999) if with_round else 0
    car_text = get.get("car", "").lstrip("#")
    car = _whole(car_text, "car", 1, 999)
    if car not in cars:
        raise ValueError(f"car #{car} has no entry in this season")
    position = _whole(get.get("position", ""), "position", 1, 999)
    status_word = get.get("status", "").lower()
    if status_word not in STATUS_WORDS:
        raise ValueError(f"status “{get.get('status', '')[:20]}” is not one Paddock knows")
    figures: dict = {}
    if get.get("laps_led"):
        figures["laps_led"] = _whole(get["laps_led"], "laps led", 0, 999)
    if get.get("best_lap"):
        try:
            best = Decimal(get["best_lap"].replace(",", "."))
        except InvalidOperation:
            raise ValueError(f"best lap must be a number, not “{get['best_lap'][:20]}”") from None
        if not best.is_finite() or not 0 <= best < 100_000:
            raise ValueError("best lap must be between 0 and 100000")
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
        parsed.errors.append(f"Line 1: the header needs the columns {', '.join(needed)}.")
        return parsed
    reader.fieldnames = header
    seen: dict[int, dict] = defaultdict(dict)
    places: dict[int, dict] = defaultdict(dict)
    for index, row in enumerate(reader, start=2):
        if index - 1 > MAX_LINES:
            parsed.errors.append(f"Line {index}: a file holds at most {MAX_LINES} results.")
            break
        if not any((v or "").strip() for k, v in row.items() if k):
            continue
        if None in row:
            parsed.errors.append(f"Line {index}: more values than the header has columns.")
            continue
        try:
            number, line, shown = _line(row, cars, with_round)
        except ValueError as error:
            parsed.errors.append(f"Line {index}: {error}.")
            continue
        car = shown["car"]
        if car in seen[number]:
            parsed.errors.append(
                f"Line {index}: car #{car} is already on line {seen[number][car]}"
                + (f" for round {number}." if with_round else ".")
            )
            continue
        if line.position in places[number]:
            parsed.errors.append(
                f"Line {index}: place {line.position} is already car "
                f"#{places[number][line.position]}'s"
                + (f" in round {number}." if with_round else ".")
            )
            continue
        seen[number][car] = index
        places[number][line.position] = car
        parsed.rounds.setdefault(number, []).append(line)
        parsed.preview.append(shown)
    for number, lines in parsed.rounds.items():
        expected = list(range(1, len(lines) + 1))
        if sorted(line.position for line in lines) != expected:
            where = f"Round {number}" if with_round else "The result"
            parsed.errors.append(f"{where}: give places 1 to {len(lines)} without a gap.")
    if not parsed.rounds and not parsed.errors:
        parsed.errors.append("The file has no result lines.")
    return parsed


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
            parsed.errors.append(f"Round {number} does not exist in this season: add it first.")
    if parsed.errors:
        raise ValidationError(parsed.errors)
    for number in sorted(parsed.rounds):
        session = Session.objects.get(round=rounds[number], kind=Session.Kind.RACE)
        results_enter(session=session, lines=parsed.rounds[number], user=user)
    return parsed
