"""Classification, points and the RaceResult (FD-E-19 to FD-E-22, FD-BGA-2, FD-BGA-18,
FD-V-5.2)."""

from __future__ import annotations

from ..contract import Placing, RaceResult
from .rules.qualifying import BGA_QUALIFYING_POINTS, build_result
from .state import FINISHED

BGA_RACE_POINTS = (1000, 720, 600, 480, 400, 320, 240, 160, 80, 40)
TEAM_POINTS = (10, 8, 6, 5, 4, 3, 2, 1, 0, 0)


def qualifying_points(race, seat: str) -> int:
    ranks = race.cfg.get("qualifying_ranks") or {}
    rank = ranks.get(seat)
    if not race.bga or not isinstance(rank, int) or not 1 <= rank <= 10:
        return 0
    return BGA_QUALIFYING_POINTS[rank - 1]


def classified(race) -> list:
    """FD-E-20: finishers in finishing order, then eliminated cars."""
    finishers = list(race.finish_order)
    out = [c for c in race.cars if c.status != FINISHED]
    team = bool(race.cfg.get("team_race"))

    def key(car):
        e = car.eliminated_at or {}
        later = (e.get("round", 0), e.get("turn_seq", 0))
        if race.bga:
            tie = 0 if team else e.get("tiebreak_progress", race.progress(car))
            return (-qualifying_points(race, car.seat), -tie, (-later[0], -later[1]))
        laps = max(0, car.lap - 1)
        return (-laps, -e.get("progress", race.progress(car)), (-later[0], -later[1]))

    return finishers + sorted(out, key=key)


def race_order(race) -> list:
    return classified(race)


def _points(race, ordered) -> dict[str, dict]:
    points = {}
    for pos, car in enumerate(ordered, start=1):
        finished = car.status == FINISHED
        if race.bga:
            rp = BGA_RACE_POINTS[pos - 1] if finished and pos <= 10 else 0
        elif race.cfg.get("team_race"):
            rp = TEAM_POINTS[pos - 1] if finished and pos <= 10 else 0
        else:
            rp = 0
        qp = qualifying_points(race, car.seat)
        points[car.seat] = {"race_points": rp, "qualifying_points": qp, "points": rp + qp}
    return points


def teams(race, ordered, points) -> list[dict]:
    """FD-E-22; equal totals: best-placed car first (FD-AMB-33)."""
    if not race.cfg.get("team_race"):
        return []
    place = {c.seat: i for i, c in enumerate(ordered)}
    by_team: dict[str, list[str]] = {}
    for car in race.cars:
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


def build(race, log_sha256: str) -> RaceResult:
    if race.qualifying:
        return build_result(race, log_sha256)
    ordered = classified(race)
    points = _points(race, ordered)
    team_rows = teams(race, ordered, points)
    if race.bga and team_rows:  # FD-BGA-18: both members credited with the team score
        for row in team_rows:
            for seat in row["seats"]:
                points[seat]["points"] = row["points"]
    placings = []
    for pos, car in enumerate(ordered, start=1):
        e = car.eliminated_at
        progress = e["progress"] if e else race.progress(car)
        laps = race.laps if car.status == FINISHED else max(0, car.lap - 1)
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
    winner = race.finish_order[0].seat if race.finish_order else None
    details = {
        "winner": winner,
        "end_reason": race.end_reason,
        "rounds_played": race.round,
        "teams": team_rows,
        "weather": {
            "start": race.weather_start,
            "final": race.weather,
            "changes": race.weather_changes,
        },
        "ruleset": race.cfg["ruleset"],
        "level": race.cfg["level"],
        "laps": race.laps,
        "track": race.track.id,
        "mode": "race",
        "seed": race.seed,
    }
    return RaceResult("formula_d", tuple(placings), race.round, log_sha256, details)
