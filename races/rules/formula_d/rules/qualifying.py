"""The qualifying session (FD-V-4, FD-P-1.2, FD-P-4, FD-E-21, FD-BGA-4).

Lap time: the engine never reads a clock. Each turn counts the `elapsed_s`
the host attached to that turn's actions (FD-E-8); a turn without any counts
`qualifying_seconds_per_turn` seconds (30 by default), the modelled time of a
bot or simulated lap (FD-AMB-30).
"""

from __future__ import annotations

from ...contract import Placing, RaceResult
from . import damage, gears, pit, weather
from .driving import Turn, drive

# FD-BGA-2: qualifying points by qualifying rank.
BGA_QUALIFYING_POINTS = (10, 9, 8, 7, 6, 5, 4, 3, 2, 1)


def session(race):
    race.emit("session_started", None, **race._session_data())
    yield from gears.build_choices(race)
    if race.cfg.get("weather"):
        value, rerolled = yield from weather.roll(race, "qualifying")  # R3, FD-V-6.2
        wet = weather.band(race, value) == 0
        race.surface_qualifying = "wet" if wet else "dry"
        race.weather = race.weather_start = "RAIN" if wet else "SUNNY"
        race.emit(
            "weather_rolled",
            None,
            die="black",
            value=value,
            purpose="weather",
            phase="qualifying",
            result=("rain", "variable", "sun")[weather.band(race, value)],
            before=None,
            after=race.surface_qualifying,
            rerolled=rerolled,
        )
    yield from pit.tyre_choices(race)
    for car in race.cars:
        yield from lap(race, car)
    race.ranking = rank(race)
    race.end_reason = "all_laps_done"
    race.emit("session_ended", None, order=[c.seat for c in race.ranking])


def lap(race, car, *, fresh: bool = True):
    """FD-P-4 for one car; other cars are absent (FD-V-4.1). `fresh=False` (tests)
    continues a lap from the car's current state."""
    t = race.track
    if fresh:
        car.space, car.lap, car.gear = t.qualifying_start, 0, 1
        race.round = 0
    while not car.q_done:
        race.round += 1
        race.turn_seq += 1
        race.emit(
            "turn_started",
            car.seat,
            space=t.ids[car.space],
            gear=car.gear,
            progress=race.progress(car),
            exit_turn=False,
        )
        seconds = None
        if car.q_turns:
            yield from gears.select(race, car)
            seconds = _add(seconds, race._elapsed)
        base = gears.roll_gear(race, car)
        car.q_turns += 1
        bonus, _nitro = yield from pit.boost(race, car, "main", m=base)
        if bonus:
            seconds = _add(seconds, race._elapsed)
        turn = Turn(car)
        yield from drive(
            race, turn, base + bonus, "main", may_brake=False, slide=pit.slide(race, car)
        )
        seconds = _add(seconds, race._elapsed)
        car.q_seconds += race.cfg["qualifying_seconds_per_turn"] if seconds is None else seconds
        corners(race, turn)
        if turn.crossed_final:
            car.q_done = True
        race.emit("turn_ended", car.seat, space=t.ids[car.space], gear=car.gear)
    car.space = -1
    minutes = car.q_seconds // 60
    score = None if car.q_failed else car.q_turns + minutes + car.q_overshoot
    race.emit(
        "qualifying_lap",
        car.seat,
        turns=car.q_turns,
        seconds=car.q_seconds,
        minutes=minutes,
        overshoot_points=car.q_overshoot,
        score=score,
        classified=not car.q_failed,
    )


def _add(total, value):
    if value is None:
        return total
    return (total or 0) + value


def corners(race, turn) -> None:
    """Overshoot points, and the failure of FD-V-4.7 (FD-AMB-31)."""
    car, t = turn.car, race.track
    for corner, k in turn.overs:
        c = t.corners[corner]
        missing = c.stops - (car.stops if corner == car.corner else 0)
        distance = turn.steps - k + 1
        mult = damage.tyre_multiplier(race, car, qualifying=True)
        race.emit(
            "overshoot",
            car.seat,
            corner=c.id,
            distance=distance,
            missing=missing,
            multiplier=mult,
            penalty=distance * mult if missing == 1 else None,
        )
        if missing >= 2:
            car.q_failed = car.q_done = True
            return
        car.q_overshoot += distance * mult
    end = t.corner[car.space]
    if end >= 0:
        if end == car.corner and not turn.overs:
            car.stops += 1
        else:
            car.corner, car.stops = end, (0 if turn.overs else 1)
        race.emit(
            "corner_stop",
            car.seat,
            corner=t.corners[end].id,
            stops=car.stops,
            required=t.corners[end].stops,
        )
    else:
        car.corner, car.stops = -1, 0


def score(car) -> int | None:
    return None if car.q_failed else car.q_turns + car.q_seconds // 60 + car.q_overshoot


def rank(race) -> list:
    """FD-V-4.8: score, then time, then turns, then a roll-off (R13); unclassified last."""
    done = sorted(
        (c for c in race.cars if not c.q_failed), key=lambda c: (score(c), c.q_seconds, c.q_turns)
    )
    ordered = []
    i = 0
    while i < len(done):
        j = i
        key = (score(done[i]), done[i].q_seconds, done[i].q_turns)
        while j < len(done) and (score(done[j]), done[j].q_seconds, done[j].q_turns) == key:
            j += 1
        group = done[i:j]
        ordered.extend(group if len(group) == 1 else race._roll_off(group, "qualifying"))
        i = j
    failed = [c for c in race.cars if c.q_failed]
    if len(failed) > 1:
        failed = race._roll_off(failed, "qualifying")
    return ordered + failed


def build_result(race, log_sha256: str) -> RaceResult:
    placings = []
    for pos, car in enumerate(race.ranking, start=1):
        qp = 0
        if race.bga and not car.q_failed and pos <= 10:
            qp = BGA_QUALIFYING_POINTS[pos - 1]
        figures = {
            "classified": not car.q_failed,
            "turns": car.q_turns,
            "seconds": car.q_seconds,
            "minutes": car.q_seconds // 60,
            "overshoot_points": car.q_overshoot,
            "score": score(car),
            "qualifying_points": qp,
            "tires": car.tires,
            "surface": race.surface_qualifying,
            "eliminated_at": {"cause": "corner"} if car.q_failed else None,
        }
        status = "eliminated" if car.q_failed else "finished"
        placings.append(Placing(car.seat, pos, status, 0 if car.q_failed else 1, 0, figures))
    details = {
        "mode": "qualifying",
        "grid": [c.seat for c in race.ranking],
        "qualifying_ranks": {c.seat: i for i, c in enumerate(race.ranking, start=1)},
        "qualifying_weather": race.surface_qualifying,
        "ruleset": race.cfg["ruleset"],
        "level": race.cfg["level"],
        "track": race.track.id,
        "seed": race.seed,
        "end_reason": race.end_reason,
    }
    return RaceResult("formula_d", tuple(placings), race.turn_seq, log_sha256, details)
