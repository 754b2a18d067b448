"""Laps, the finish and leaving the race (HEAT-B-060..064)."""

from __future__ import annotations

from ..chance import Chance
from ..state import Car, Emit, RaceState
from .championship.sponsors import after_lap


def note_laps(s: RaceState, chance: Chance, emit: Emit, car: Car) -> None:
    """LapCompleted and CarFinished once the turn's movements are settled (HEAT-B-060)."""
    laps = min(s.laps, max(0, car.p // s.track.length))
    while car.laps_done < laps:
        car.laps_done += 1
        emit("lap_completed", car.seat, lap=car.laps_done)
        if s.event_rules:
            after_lap(s, chance, emit, car)
    if car.p >= s.board.finish and not car.finished:
        car.finish_round = s.round
        emit("car_finished", car.seat, finish_round=s.round, progress=car.p, spot=car.spot)


def eliminate(s: RaceState, emit: Emit, car: Car, reason: str) -> None:
    """HEAT-B-064: removed at once; ranked after every finisher, 0 points."""
    s.eliminations += 1
    car.eliminated = s.eliminations
    s.board.lift(car)
    emit("car_eliminated", car.seat, reason=reason)


def leave_track(s: RaceState) -> None:
    """HEAT-B-062: finished cars leave the track at the end of their round."""
    for car in s.cars:
        if car.finish_round == s.round:
            s.board.lift(car)


def race_over(s: RaceState) -> bool:
    """No car left racing, or the stall guard's last round (HEAT-B-ENG-04)."""
    return not s.racing() or s.round >= s.max_rounds
