# The actions' field writes its JSON with orjson (races/replay/stored_actions.py);
# the column is unchanged.

from django.db import migrations

import races.replay.stored_actions


class Migration(migrations.Migration):
    dependencies = [("races", "0016_sand_timer_notes")]

    operations = [
        migrations.AlterField(
            model_name="session",
            name="actions",
            field=races.replay.stored_actions.ActionsField(
                blank=True, default=list, help_text="Every action applied."
            ),
        ),
    ]
