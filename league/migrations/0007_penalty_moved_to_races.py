"""Penalties now live in the races app (races 0006 copied every row)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0006_championship_depth"),
        ("races", "0006_championship_depth"),
    ]

    operations = [migrations.DeleteModel(name="Penalty")]
