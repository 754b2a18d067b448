"""Classification, points and the RaceResult (FD-E-19 to FD-E-22, FD-BGA-2, FD-BGA-18,
FD-V-5.2)."""

from __future__ import annotations

from ..contract import Placing, RaceResult
from .rules import qualifying
from .rules.qualifying import BGA_QUALIFYING_POINTS
from .state import FINISHED, RaceState

BGA_RACE_POINTS = (1000, 720, 600, 480, 400, 320, 240, 160, 80, 40)
TEAM_POINTS = (10, 8, 6, 5, 4, 3, 2, 1, 0, 0)


def qualifying_points(rs, seat: str) -> int:
    ranks = rs.cfg.get("qualifying_ranks") or {}
    rank = ranks.get(seat)
    if not rs.bga or not isinstance(rank, int) or not 1 <= rank <= 10:
        return 0
    return BGA_QUALIFYING_POINTS[rank - 1]


def classified(rs) -> list:
    """FD-E-20: finishers in finishing order, then eliminated cars."""
    finishers = list(rs.finish_order)
    out = [c for c in rs.cars if c.status != FINISHED]
    team = bool(rs.cfg.get("team_race"))

    def key(car):
        e = car.eliminated_at or {}
        later = (e.get("round", 0), e.get("turn_seq", 0))
        if rs.bga:
            tie = 0 if team else e.get("tiebreak_progress", rs.progress(car))
            return (-qualifying_points(rs, car.seat), -tie, (-later[0], -later[1]))
        laps = max(0, car.lap - 1)
        return (-laps, -e.get("progress", rs.progress(car)), (-later[0], -later[1]))

    return finishers + sorted(out, key=key)


def race_order(rs) -> list:
    return classified(rs)


def _points(rs, ordered) -> dict[str, dict]:
    points = {}
    for pos, car in enumerate(ordered, start=1):
        finished = car.status == FINISHED
        if rs.bga:
            rp = BGA_RACE_POINTS[pos - 1] if finished and pos <= 10 else 0
        elif rs.cfg.get("team_race"):
            rp = TEAM_POINTS[pos - 1] if finished and pos <= 10 else 0
        else:
            rp = 0
        qp = qualifying_points(rs, car.seat)
        points[car.seat] = {"race_points": rp, "qualifying_points": qp, "points": rp + qp}
    return points


def teams(rs, ordered, points) -> list[dict]:
    """FD-E-22; equal totals: best-placed car first (FD-AMB-33)."""
    if not rs.cfg.get("team_race"):
        return []
    place = {c.seat: i for i, c in enumerate(ordered)}
    by_team: dict[str, list[str]] = {}
    for car in rs.cars:
        by_team.setdefault(car.team, []).append(car.seat)
    rows = [
        {
            "team": team,
            "seats": seats,
            "points": sum(points[s]["points"] for s in seats),
            "best": min(place[s] for s in seats),
        }
        for team, seats in by_team.items()
    ]
    rows.sort(key=lambda r: (-r["points"], r["best"]))
    for i, row in enumerate(rows, start=1):
        row["position"] = i
        del row["best"]
    return rows


def build(rs: RaceState, log_sha256: str) -> RaceResult:
    if rs.qualifying:
        return qualifying_result(rs, log_sha256)
    ordered = classified(rs)
    points = _points(rs, ordered)
    team_rows = teams(rs, ordered, points)
    if rs.bga and team_rows:  # FD-BGA-18: both members credited with the team score
        for row in team_rows:
            for seat in row["seats"]:
                points[seat]["points"] = row["points"]
    placings = []
    for pos, car in enumerate(ordered, start=1):
        e = car.eliminated_at
        progress = e["progress"] if e else rs.progress(car)
        laps = rs.laps if car.status == FINISHED else max(0, car.lap - 1)
        figures = {
            "progress": progress,
            "tiebreak_progress": e["tiebreak_progress"] if e else progress,
            "finished_at": car.finished_at,
            "eliminated_at": e,
            "wear": dict(car.wear),
            "maxima": dict(car.maxima),
            "pit_stops": car.pit_stops,
            "box_colour": car.colour,
            "team": car.team,
            "driver": car.driver,
            "tires": car.tires,
            **points[car.seat],
        }
        placings.append(Placing(car.seat, pos, car.status, laps, progress, figures))
    winner = rs.finish_order[0].seat if rs.finish_order else None
    details = {
        "winner": winner,
        "end_reason": rs.end_reason,
        "rounds_played": rs.round,
        "teams": team_rows,
        "weather": {
            "start": rs.weather_start,
            "final": rs.weather,
            "changes": rs.weather_changes,
        },
        "ruleset": rs.cfg["ruleset"],
        "level": rs.cfg["level"],
        "laps": rs.laps,
        "track": rs.track.id,
        "mode": "race",
        "seed": rs.seed,
    }
    return RaceResult("formula_d", tuple(placings), rs.round, log_sha256, details)


def qualifying_result(rs: RaceState, log_sha256: str) -> RaceResult:
    """The qualifying's classification and figures (FD-V-4.8, FD-E-21, FD-BGA-4)."""
    placings = []
    for pos, car in enumerate(rs.ranking, start=1):
        qp = 0
        if rs.bga and not car.q_failed and pos <= 10:
            qp = BGA_QUALIFYING_POINTS[pos - 1]
        figures = {
            "classified": not car.q_failed,
            "turns": car.q_turns,
            "seconds": car.q_seconds,
            "minutes": car.q_seconds // 60,
            "overshoot_points": car.q_overshoot,
            "score": qualifying.score(car),
            "qualifying_points": qp,
            "tires": car.tires,
            "surface": rs.surface_qualifying,
            "eliminated_at": {"cause": "corner"} if car.q_failed else None,
        }
        status = "eliminated" if car.q_failed else "finished"
        placings.append(Placing(car.seat, pos, status, 0 if car.q_failed else 1, 0, figures))
    details = {
        "mode": "qualifying",
        "grid": [c.seat for c in rs.ranking],
        "qualifying_ranks": {c.seat: i for i, c in enumerate(rs.ranking, start=1)},
        "qualifying_weather": rs.surface_qualifying,
        "ruleset": rs.cfg["ruleset"],
        "level": rs.cfg["level"],
        "track": rs.track.id,
        "seed": rs.seed,
        "end_reason": rs.end_reason,
    }
    return RaceResult("formula_d", tuple(placings), rs.turn_seq, log_sha256, details)
