"""A stored round put in the driver table from each car's running total
(issue 27, item 5: a store costs the same in round 2 and round 40).

Where every round counts (no dropped rounds), no car races in a division
and the season keeps no team table, a car's place in the table follows
from three figures: its points, its penalty points and its countback of
classified places. A stored session changes them by its round alone: the
round's old part (what the standings row keeps for it) goes out, the new
part comes in. So the store reads each car's kept figures and the round's
old part, never the other rounds' parts, and writes each row's figures
with the round's key replaced inside its JSON, in one UPDATE.

The latest-round tie-break reads every round; it decides only between
cars level on points and countback, and then this module gives way to
the whole table ranked from every round's parts (races/results/standings.py).
Either way the table is `championship()`'s over the stored rows
(tests/races/test_running_totals.py)."""

from __future__ import annotations

import json
from collections import Counter
from decimal import Decimal

from django.db import connection

from league.caching import standings_changed
from league.models import DriverStanding
from league.scoring.rounds import DriverRound
from league.scoring.tables import PointsTable, points_plain, points_value

try:  # the kept figures' JSON read faster where installed (requirements.txt)
    from orjson import loads as _json_loads
except ImportError:
    _json_loads = json.loads


def running_totals_apply(
    *, season, table: PointsTable, entries, number: int, fresh: dict, penalties
) -> bool:
    """Put round `number`'s parts (`fresh`, entry → DriverRound) in the
    driver table from the running totals, and say True; False, having
    written nothing, where the table needs every round's parts."""
    if table.drop_worst or season.team_mode or entries.division_of:
        return False
    if connection.vendor != "postgresql":
        return False
    kept = _kept_figures(season.pk, number)
    if kept is None or set(kept) != set(entries):
        return False  # rows stored before parts were kept, or cars without a row
    fines: dict[int, Decimal] = {}
    for p in penalties:
        if p.points and p.entry is not None:
            fines[p.entry] = fines.get(p.entry, Decimal(0)) + points_value(p.points)
    lines = [
        _line(entry, figures, fresh.get(entry), fines.get(entry, 0))
        for entry, figures in kept.items()
    ]
    if not _ranked(lines):
        return False  # level on points and countback: the latest rounds decide
    _lines_write(lines, number)
    standings_changed(season_id=season.pk)
    return True


def _kept_figures(season_id: int, number: int) -> dict | None:
    """Each car's standings row: its id, countback, the round's kept part
    and its points before penalties (the sum of its kept parts, summed by
    the database from the exact figures the parts keep). None when a row
    holds rounds without their parts (stored before parts were kept)."""
    table = DriverStanding._meta.db_table
    sql = f"""
        SELECT s.entry_id, s.id, s.positions, s.places -> %s,
               (SELECT coalesce(sum((p.value ->> 0)::numeric), 0)
                FROM jsonb_each(s.places) AS p),
               s.rounds <> '{{}}'::jsonb AND s.places = '{{}}'::jsonb
        FROM {table} AS s WHERE s.season_id = %s
    """  # noqa: S608 - the table's name from the model, values are parameters
    with connection.cursor() as cursor:
        cursor.execute(sql, [str(number), season_id])
        rows = cursor.fetchall()
    if any(row[5] for row in rows):
        return None
    return {
        entry: (pk, _json(positions), _json(part), total)
        for entry, pk, positions, part, total, _old in rows
    }


def _json(text):
    """A jsonb value as Django's connection hands it over (text), read."""
    if text is None or not isinstance(text, str | bytes):
        return text
    return _json_loads(text)


class _Line:
    __slots__ = ("entry", "pk", "points", "penalty", "positions", "part", "rank")

    def __init__(self, entry, pk, points, penalty, positions, part):
        self.entry, self.pk, self.points, self.penalty = entry, pk, points, penalty
        self.positions, self.part, self.rank = positions, part, 0


def _line(entry: int, figures: tuple, new: DriverRound | None, penalty) -> _Line:
    """A car's figures with the round's old part swapped for its new one."""
    pk, positions, old_data, total = figures
    old = DriverRound.of(old_data) if old_data is not None else None
    places = Counter({int(place): count for place, count in (positions or {}).items()})
    if old is not None:
        total -= old.points
        if old.place is not None:
            places[old.place] -= 1
    if new is not None:
        total += new.points
        if new.place is not None:
            places[new.place] += 1
    places = Counter({place: count for place, count in places.items() if count > 0})
    return _Line(entry, pk, total - penalty, penalty, places, new)


def _ranked(lines: list[_Line]) -> bool:
    """Rank the lines as league/scoring/tables.py's `rank` does; False when
    two are level on points and countback (its next tie-break reads the
    latest rounds, which these lines do not hold)."""
    most = max((max(line.positions, default=0) for line in lines), default=0)

    def key(line: _Line):
        return (-line.points, tuple(-line.positions.get(p, 0) for p in range(1, most + 1)))

    keys = {line.entry: key(line) for line in lines}
    if len(set(keys.values())) < len(lines):
        return False
    lines.sort(key=lambda line: keys[line.entry])
    for rank, line in enumerate(lines, start=1):
        line.rank = rank
    return True


def _lines_write(lines: list[_Line], number: int) -> None:
    """Every row's figures, and the round's key replaced (or taken out of a
    car the round no longer lists) in its rounds and parts, in one UPDATE."""
    table = DriverStanding._meta.db_table
    key = str(number)
    values, params = [], []
    for line in lines:
        values.append("(%s, %s, CAST(%s AS numeric), CAST(%s AS numeric), %s, %s, %s)")
        new = line.part
        params += [
            line.pk,
            line.rank,
            line.points,
            line.penalty,
            json.dumps({str(p): c for p, c in sorted(line.positions.items())}),
            None if new is None else json.dumps({key: points_plain(new.points)}),
            None if new is None else json.dumps({key: new.plain()}),
        ]
    sql = f"""
        UPDATE {table} AS s SET rank = v.rank, points = v.points,
          penalty_points = v.penalty, positions = CAST(v.positions AS jsonb),
          rounds = CASE WHEN v.round_points IS NULL THEN s.rounds - %s
                        ELSE s.rounds || CAST(v.round_points AS jsonb) END,
          places = CASE WHEN v.part IS NULL THEN s.places - %s
                        ELSE s.places || CAST(v.part AS jsonb) END
        FROM (VALUES {", ".join(values)})
          AS v(id, rank, points, penalty, positions, round_points, part)
        WHERE s.id = v.id
    """  # noqa: S608 - the table's name from the model, values are parameters
    with connection.cursor() as cursor:
        cursor.execute(sql, [key, key, *params])
