"""A season's driver and team tables from plain result rows: the one entry
point for anything that scores a championship (standings, and later title
odds and clinch scenarios, which can call it with invented rows).

    tables = championship(table, rows, penalties=..., entries=..., teams=...)
    tables.drivers, tables.teams     # ranked StandingLines
    tables.results                   # each row as stewarded and scored

Everything is plain data: a row is one car in one session of one round,
with its status, the round's points multiplier, its figures (the bonus
points read them) and the team it drove for in that round. Stewarding
comes in as penalty rows: points off a driver or a team alone, places lost
in a session, or a disqualification. No ORM here (league/scoring/tables.py has the
points tables and the ranking).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal

from league.scoring.tables import (
    _ABSENT,
    _STATUS_ORDER,
    ABSENT_STATUSES,
    DISQUALIFIED,
    FINISHED,
    Placing,
    PointsTable,
    RoundScore,
    StandingLine,
    classify,
    driver_standings,
    points_value,
    qualifying_points,
    race_points,
    rank,
    team_round_points,
)
from races.rules.speech import N_  # marks words; the pages translate them

RACE, QUALIFYING = "race", "qualifying"
# A race of a round (issue 26, item 3): its main race, or a sprint before it
# scored with the sprint's own table. Only the main race's places count for
# countback and the latest-round tie-break.
MAIN, SPRINT = "main", "sprint"

# Bonus points a table may award, read from the result figures:
#   pole           the car on pole: P1 of the round's qualifying, else a car
#                  whose figures say {"pole": true}
#   fastest_lap    a car whose figures say {"fastest_lap": true}; without one,
#                  the smallest "best_lap" (fastest lap or qualifying time)
#   most_laps_led  the car(s) with the most "laps_led" (at least one)
#   lap_led        every car with at least one of "laps_led"
# A disqualified car, or one that did not start or qualify, earns no bonus.
BONUSES = {
    "pole": N_("Pole position"),
    "fastest_lap": N_("Fastest lap"),
    "most_laps_led": N_("Most laps led"),
    "lap_led": N_("Leading a lap"),
}


@dataclass(frozen=True)
class ResultRow:
    round: int
    entry: Hashable
    position: int
    status: str = FINISHED
    session: str = RACE
    team: Hashable | None = None
    multiplier: Decimal = Decimal(1)
    distance: int = 0
    figures: Mapping = field(default_factory=dict)
    key: Hashable | None = None  # the caller's id for the row (a stored result)
    bonus: Mapping = field(default_factory=dict)  # the round's own bonus points, over the table's
    # Divisions and race weekends (issue 26): rows of different divisions
    # never meet in a session; a sprint row is scored by its own table.
    division: Hashable | None = None
    leg: str = MAIN
    table: PointsTable | None = None

    @property
    def main_race(self) -> bool:
        return self.session == RACE and self.leg == MAIN


@dataclass(frozen=True)
class PenaltyRow:
    """Points off a driver (entry) or a team alone (team, no entry); places
    lost or a disqualification in one session of the round."""

    round: int
    entry: Hashable | None = None
    team: Hashable | None = None
    points: Decimal = Decimal(0)
    places: int = 0
    disqualify: bool = False
    session: str = RACE  # or QUALIFYING, or SPRINT: a race weekend's sprint


@dataclass(frozen=True)
class ScoredRow:
    """A row as run (`row`), with its place, status and points after
    stewarding."""

    row: ResultRow
    position: int
    status: str
    points: Decimal
    bonus: Decimal = Decimal(0)


@dataclass
class Championship:
    drivers: list[StandingLine]
    teams: list[StandingLine]
    results: list[ScoredRow]
    held: list[int]


def session_steward(rows: list[ResultRow], penalties: Iterable[PenaltyRow]) -> list[ResultRow]:
    """One session's rows as the stewards left them: disqualified cars out of
    the classification, places lost within the car's own group (a finisher
    never falls behind a car that retired), positions 1..n again."""
    dsq = {p.entry for p in penalties if p.disqualify and p.entry is not None}
    places = Counter()
    for p in penalties:
        if p.places and p.entry is not None:
            places[p.entry] += p.places
    rows = [replace(r, status=DISQUALIFIED) if r.entry in dsq else r for r in rows]
    by_entry = {r.entry: r for r in rows}
    order = [
        by_entry[p.key]
        for p in classify(Placing(r.entry, r.status, r.distance, r.position) for r in rows)
    ]
    for entry, lost in places.items():
        # A car out of the classification (disqualified, not started, not
        # qualified) or not in this session has no place to lose.
        if entry not in by_entry or by_entry[entry].status in ABSENT_STATUSES:
            continue
        index = next(i for i, r in enumerate(order) if r.entry == entry)
        group = _STATUS_ORDER.get(order[index].status, 1)
        last = max(i for i, r in enumerate(order) if _STATUS_ORDER.get(r.status, 1) == group)
        car = order.pop(index)
        order.insert(min(index + lost, last), car)
    return [replace(r, position=i) for i, r in enumerate(order, start=1)]


def _earns_bonus(row: ResultRow) -> bool:
    return row.status not in ABSENT_STATUSES


def _number(value) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal)):
        return None
    return float(value)


def round_bonuses(race: list[ResultRow], qualifying: list[ResultRow]) -> dict[str, set]:
    """Which entries earn each bonus in a round (rows already stewarded)."""
    earned: dict[str, set] = {key: set() for key in BONUSES}
    pole = [r for r in qualifying if r.position == 1 and r.status == FINISHED]
    if not pole:
        pole = [r for r in race if r.figures.get("pole")]
    earned["pole"] = {r.entry for r in pole if _earns_bonus(r)}
    racing = [r for r in race if _earns_bonus(r)]
    flagged = [r for r in racing if r.figures.get("fastest_lap")]
    if not flagged:
        laps = [(t, r) for r in racing if (t := _number(r.figures.get("best_lap"))) is not None]
        if laps:
            best = min(t for t, _ in laps)
            flagged = [r for t, r in laps if t == best]
    earned["fastest_lap"] = {r.entry for r in flagged}
    led = {r.entry: _number(r.figures.get("laps_led")) or 0 for r in racing}
    most = max(led.values(), default=0)
    if most > 0:
        earned["most_laps_led"] = {e for e, n in led.items() if n == most}
    earned["lap_led"] = {e for e, n in led.items() if n > 0}
    return earned


def _session_points(table: PointsTable, row: ResultRow) -> Decimal:
    if row.session == QUALIFYING:
        base = qualifying_points(table, position=row.position, status=row.status)
    else:
        base = race_points(table, position=row.position, status=row.status, figures=row.figures)
    return points_value(base) * points_value(row.multiplier)


def rows_score(
    table: PointsTable, rows: Iterable[ResultRow], penalties: Iterable[PenaltyRow] = ()
) -> list[ScoredRow]:
    """Every row stewarded and scored: points for its place times the
    round's multiplier, plus its bonus points (multiplied alike)."""
    # A session is its round, division, kind and leg; penalties name the
    # round and the session (a car races in one division).
    sessions: dict[tuple, list[ResultRow]] = defaultdict(list)
    as_run: dict[tuple, ResultRow] = {}
    for row in rows:
        sessions[(row.round, row.division, row.session, row.leg)].append(row)
        as_run[(row.round, row.session, row.leg, row.entry)] = row
    session_penalties: dict[tuple, list[PenaltyRow]] = defaultdict(list)
    for p in penalties:
        session_penalties[(p.round, p.session)].append(p)
    stewarded = {
        key: session_steward(found, session_penalties.get(_penalty_key(key), ()))
        for key, found in sessions.items()
    }
    scored = []
    for number, division in sorted({k[:2] for k in stewarded}, key=_round_order):
        qualifying = stewarded.get((number, division, QUALIFYING, MAIN), [])
        race = stewarded.get((number, division, RACE, MAIN), [])
        sprint = stewarded.get((number, division, RACE, SPRINT), [])
        scored += _round_score(table, qualifying, race, as_run)
        scored += _sprint_score(table, sprint, as_run)
    return scored


def _penalty_key(key: tuple) -> tuple:
    """The (round, session) a penalty names for a session's key: a sprint's
    penalties say "sprint", the rest the session's kind."""
    number, _division, kind, leg = key
    return number, SPRINT if leg == SPRINT else kind


def _round_order(key: tuple) -> tuple:
    return key[0], str(key[1])


def _round_score(table, qualifying, race, as_run) -> list[ScoredRow]:
    """A round's qualifying and main race (of one division) with its bonuses."""
    scored = []
    earned = round_bonuses(race, qualifying)
    with_race = {r.entry for r in race}
    for row in qualifying + race:
        bonus = Decimal(0)
        # A car's bonus goes on its race row (its qualifying row without one).
        if row.session == RACE or row.entry not in with_race:
            for name, value in {**table.bonus, **row.bonus}.items():
                if row.entry in earned.get(name, ()):
                    bonus += points_value(value)
        bonus *= points_value(row.multiplier)
        points = _session_points(table, row) + bonus
        original = as_run[(row.round, row.session, row.leg, row.entry)]
        scored.append(ScoredRow(original, row.position, row.status, points, bonus))
    return scored


def _sprint_score(table, sprint, as_run) -> list[ScoredRow]:
    """A sprint: its own table's points and race bonuses (no pole), times
    the round's multiplier."""
    scored = []
    earned = round_bonuses(sprint, [])
    for row in sprint:
        own = row.table or table
        bonus = sum(
            (points_value(v) for k, v in own.bonus.items() if row.entry in earned.get(k, ())),
            Decimal(0),
        )
        bonus *= points_value(row.multiplier)
        points = _session_points(own, row) + bonus
        original = as_run[(row.round, row.session, row.leg, row.entry)]
        scored.append(ScoredRow(original, row.position, row.status, points, bonus))
    return scored


def championship(
    table: PointsTable,
    rows: Iterable[ResultRow],
    *,
    penalties: Iterable[PenaltyRow] = (),
    entries: Iterable[Hashable] = (),
    teams: Iterable[Hashable] = (),
) -> Championship:
    """The driver and team tables of a season.

    `entries` and `teams` list everyone to rank even without a result. A
    driver's points penalties come off their total and off the team they
    drove for in that round; a team's own penalties off the team alone."""
    penalties = list(penalties)
    scored = rows_score(table, rows, penalties)
    held = sorted({s.row.round for s in scored})

    scores: dict[Hashable, list[RoundScore]] = {e: [] for e in entries}
    team_of: dict[tuple, Hashable] = {}
    for s in scored:
        row = s.row
        is_race = row.main_race
        scores.setdefault(row.entry, []).append(
            RoundScore(
                row.round,
                s.points,
                s.position if is_race and s.status == FINISHED else None,
                latest=s.position if is_race else None,
            )
        )
        if row.team is not None:
            team_of[(row.round, row.entry)] = row.team
    driver_penalty: dict[Hashable, Decimal] = defaultdict(Decimal)
    team_penalty: dict[Hashable, Decimal] = defaultdict(Decimal)
    for p in penalties:
        if not p.points:
            continue
        if p.entry is not None:
            driver_penalty[p.entry] += points_value(p.points)
            team = team_of.get((p.round, p.entry), p.team)
            if team is not None:
                team_penalty[team] += points_value(p.points)
        elif p.team is not None:
            team_penalty[p.team] += points_value(p.points)
    drivers = driver_standings(table, scores, held=held, penalties=driver_penalty)
    return Championship(
        drivers=drivers,
        teams=_team_lines(table, scored, held, teams, team_penalty),
        results=scored,
        held=held,
    )


def _team_lines(table, scored, held, teams, team_penalty) -> list[StandingLine]:
    """Each round a team scores what its cars in that round scored (all, or
    the best N); its countback counts its cars' classified race places."""
    per_round: dict[Hashable, dict[int, dict]] = defaultdict(lambda: defaultdict(dict))
    latest: dict[Hashable, dict[int, int]] = defaultdict(dict)
    positions: dict[Hashable, Counter] = defaultdict(Counter)
    for s in scored:
        team = s.row.team
        if team is None:
            continue
        cars = per_round[team][s.row.round]
        cars[s.row.entry] = cars.get(s.row.entry, Decimal(0)) + s.points
        if s.row.main_race:
            best = latest[team].get(s.row.round, _ABSENT)
            latest[team][s.row.round] = min(best, s.position)
            if s.status == FINISHED:
                positions[team][s.position] += 1
    lines = []
    for team in list(dict.fromkeys([*teams, *per_round])):
        line = StandingLine(key=team, penalty=team_penalty.get(team, Decimal(0)))
        for number in held:
            line.rounds[number] = team_round_points(table, per_round[team].get(number, {}).values())
        line.positions = positions[team]
        line.points = sum(line.rounds.values(), Decimal(0)) - line.penalty
        line.latest = tuple(latest[team].get(n, _ABSENT) for n in reversed(held))
        lines.append(line)
    return rank(lines)
