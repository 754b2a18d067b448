"""The "Formula 1 (2010 on)" preset scores classified cars only, as the
series does: a car that retired or was not classified scores nothing
(issue 23). Seasons on it score so from their next stored result or
change; the lead may rescore them at once (races.results.standings)."""

from django.db import migrations

FIXES = {
    "formula-1-2010": {
        "eliminated_score": False,
        "description": "25, 18, 15, 12, 10, 8, 6, 4, 2, 1 for classified cars.",
    },
}


def fix_presets(apps, schema_editor):
    ScoringSystem = apps.get_model("league", "ScoringSystem")
    for slug, fields in FIXES.items():
        ScoringSystem.objects.filter(slug=slug, owner__isnull=True).update(**fields)


def unfix_presets(apps, schema_editor):
    ScoringSystem = apps.get_model("league", "ScoringSystem")
    ScoringSystem.objects.filter(slug="formula-1-2010", owner__isnull=True).update(
        eliminated_score=True, description="25, 18, 15, 12, 10, 8, 6, 4, 2, 1."
    )


class Migration(migrations.Migration):
    dependencies = [("league", "0013_league_history")]

    operations = [migrations.RunPython(fix_presets, unfix_presets)]
