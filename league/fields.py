"""Model fields with a storage choice of their own."""

from __future__ import annotations

from django.db import models


class ValuesJSONField(models.JSONField):
    """A JSONField that bulk_create inserts as plain VALUES.

    On PostgreSQL Django bulk-inserts through UNNEST, one array parameter
    per column, and psycopg escapes each JSON text into the array literal in
    Python (a regex replacement per quote: a season's standings have many).
    Django keeps plain VALUES for a model with a field that has
    get_placeholder; there each JSON value is a parameter of its own, quoted
    by libpq. For the small rows of results and standings that is cheaper.
    The stored data is the same."""

    def get_placeholder(self, value, compiler, connection) -> str:
        return "%s"
