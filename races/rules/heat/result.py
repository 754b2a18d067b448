"""Ranking and the race result (HEAT-B-061, HEAT-B-064, HEAT-B-ENG-04, HEAT-B-ENG-11)."""

from __future__ import annotations

from collections.abc import Sequence

from ..contract import Event, Placing, RaceResult
from ..log import log_hash
from .rules.championship.championship import carry_over
from .rules.championship.season import event_bonus
from .state import Car, RaceState


def _status(car: Car) -> str:
    if car.eliminated is not None:
        return "eliminated"
    return "finished" if car.finish_round is not None else "unfinished"


GROUP = {"finished": 0, "unfinished": 1, "eliminated": 2}


def _key(car: Car) -> tuple:
    # Finishers first by the round they finished, then further progress, then the race line;
    # unfinished cars (stall guard) after them by progress, then spot; eliminated cars last,
    # the later elimination better (HEAT-B-064).
    return (GROUP[_status(car)], car.finish_round or 0, -(car.eliminated or 0), -car.p, not car.rl)


def _tie_break(a: Car, b: Car | None) -> str:
    if b is None:
        return "last"
    if _status(a) != _status(b):
        return _status(a)
    if a.eliminated is not None:
        return "elimination_order"
    if (a.finish_round is None) != (b.finish_round is None):
        return "finished"
    if a.finish_round != b.finish_round:
        return "finish_round"
    if a.p != b.p:
        return "progress"
    return "race_line"


def ranking(s: RaceState) -> list[Placing]:
    cars = sorted(s.cars, key=_key)
    points = s.track.podium_points
    out = []
    for index, car in enumerate(cars):
        position = index + 1
        status = _status(car)
        finished = status == "finished"
        following = cars[index + 1] if index + 1 < len(cars) else None
        bonus = event_bonus(s.event_rules, position, finished) if s.event else 0
        out.append(
            Placing(
                seat=car.seat,
                position=position,
                status=status,
                laps=car.laps_done,
                distance=car.p,
                figures={
                    "colour": car.colour,
                    "driver_type": "legend" if car.legend else "player",
                    "grid_slot": car.slot,
                    "finish_round": car.finish_round,
                    "final_progress": car.p,
                    "final_spot": car.spot,
                    "spinouts": car.spinouts,
                    "heat_paid_total": car.heat_paid_total,
                    "tie_break": _tie_break(car, following),
                    # HEAT-CHAMP-18: points by position plus event bonuses (section 12.7)
                    "points": (points[index] if finished and index < len(points) else 0) + bonus,
                    "event_bonus": bonus,
                },
            )
        )
    return out


def race_result(s: RaceState, events: Sequence[Event], log_sha256: str | None = None) -> RaceResult:
    """`log_sha256`: the log's hash when the race has it already (else worked out here)."""
    return RaceResult(
        game="heat",
        order=tuple(ranking(s)),
        rounds=s.round,
        log_sha256=log_hash(events) if log_sha256 is None else log_sha256,
        details={
            "track": s.track.id,
            "laps": s.laps,
            "finished": s.finished,
            "stall_guard": s.ended_early,
            "options": s.config,
        },
        carry_over=carry_over(s),
    )
