"""The scoring presets Paddock ships with (editable afterwards in the admin)."""

from django.db import migrations

PRESETS = [
    {
        "slug": "formula-d-team-race",
        "name": "Formula D team race (published rules)",
        "description": "FD-V-5.2: 10, 8, 6, 5, 4, 3, 2, 1, 0, 0; eliminated cars score 0; "
        "a team scores the sum of its two cars.",
        "race_points": [10, 8, 6, 5, 4, 3, 2, 1, 0, 0],
        "eliminated_score": False,
        "team_points": "sum",
    },
    {
        "slug": "formula-d-bga",
        "name": "Formula D on Board Game Arena",
        "description": "FD-BGA-2: race points 1000…40 for finishers, eliminated cars 0, "
        "plus qualifying points 10…1.",
        "race_points": [1000, 720, 600, 480, 400, 320, 240, 160, 80, 40],
        "qualifying_points": [10, 9, 8, 7, 6, 5, 4, 3, 2, 1],
        "eliminated_score": False,
    },
    {
        "slug": "formula-1-2010",
        "name": "Formula 1 (2010 on)",
        "description": "25, 18, 15, 12, 10, 8, 6, 4, 2, 1.",
        "race_points": [25, 18, 15, 12, 10, 8, 6, 4, 2, 1],
    },
    {
        "slug": "heat-championship",
        "name": "Heat championship",
        "description": "HEAT-CHAMP-18: 9, 6, 4, 3, 2, 1 for places 1–6, 0 below; ties by "
        "the better position in the last race (HEAT-CHAMP-21).",
        "race_points": [9, 6, 4, 3, 2, 1],
    },
    {
        "slug": "galaxy-trucker-credits",
        "name": "Galaxy Trucker credits",
        "description": "A game's final credits are its points.",
        "source": "figure",
        "figure_key": "credits",
        "race_points": [],
    },
]


def create_presets(apps, schema_editor):
    ScoringSystem = apps.get_model("league", "ScoringSystem")
    for preset in PRESETS:
        fields = dict(preset)
        slug = fields.pop("slug")
        ScoringSystem.objects.update_or_create(slug=slug, defaults=fields)


def remove_presets(apps, schema_editor):
    ScoringSystem = apps.get_model("league", "ScoringSystem")
    ScoringSystem.objects.filter(slug__in=[p["slug"] for p in PRESETS]).delete()


class Migration(migrations.Migration):
    dependencies = [("league", "0002_initial")]

    operations = [migrations.RunPython(create_presets, remove_presets)]
