"""The points, final place and final status each stored result earned,
written where they changed (races/results/standings.py scores them)."""

from __future__ import annotations

from django.db import connection

from races.models import Result


def result_points_store(scored, before: dict[int, tuple]) -> None:
    """Write the points, final place and final status of the results that changed."""
    changed = []
    for one in scored:
        row = one.row
        final_position = None if one.position == row.position else one.position
        final_status = "" if one.status == row.status else one.status
        now = (one.points, final_position, final_status)
        if before[row.key] != now:
            changed.append(
                Result(
                    pk=row.key,
                    points=one.points,
                    final_position=final_position,
                    final_status=final_status,
                )
            )
    if changed and connection.vendor == "postgresql":
        _points_write(changed)
    elif changed:
        Result.objects.bulk_update(
            changed, ["points", "final_position", "final_status"], batch_size=500
        )


def _points_write(changed: list[Result]) -> None:
    """The changed results' points, final place and status in one UPDATE
    from a list of values: bulk_update's CASE per column costs the store
    more to build than the database to run."""
    column = {f: Result._meta.get_field(f).column for f in ("points", "final_position",
                                                           "final_status")}  # fmt: skip
    for start in range(0, len(changed), 500):
        batch = changed[start : start + 500]
        values = ", ".join(["(%s, CAST(%s AS numeric), CAST(%s AS integer), %s)"] * len(batch))
        sql = f"""
            UPDATE {Result._meta.db_table} AS r SET {column["points"]} = v.points,
              {column["final_position"]} = v.final_position,
              {column["final_status"]} = v.final_status
            FROM (VALUES {values}) AS v(id, points, final_position, final_status)
            WHERE r.id = v.id
        """  # noqa: S608 - names from the model, values are parameters
        params = [x for r in batch for x in (r.pk, r.points, r.final_position, r.final_status)]
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
