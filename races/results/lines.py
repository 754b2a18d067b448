"""A result entered by hand, car by car: the cars it may hold and each
car's line from its form. The result pages and the API's writes share them,
so a result stored either way is the same rows."""

from __future__ import annotations

from races.models import Session
from races.results.store import SeatResult


def session_cars(session: Session) -> list:
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


def seat_result(entry, data: dict) -> SeatResult:
    """One car's line of a result from a valid ResultLineForm's data."""
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
