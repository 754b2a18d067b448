"""More presets for the tables real series use (issue 13). Presets have no
owner: every organiser is offered them."""

from django.db import migrations

PRESETS = [
    {
        "slug": "formula-1-2019",
        "name": "Formula 1 (2019–2024, fastest lap point)",
        "description": "25, 18, 15, 12, 10, 8, 6, 4, 2, 1, and 1 point for the fastest lap.",
        "race_points": [25, 18, 15, 12, 10, 8, 6, 4, 2, 1],
        "bonus": {"fastest_lap": 1},
        "eliminated_score": False,
    },
    {
        "slug": "formula-1-2003",
        "name": "Formula 1 (2003–2009)",
        "description": "10, 8, 6, 5, 4, 3, 2, 1.",
        "race_points": [10, 8, 6, 5, 4, 3, 2, 1],
        "eliminated_score": False,
    },
    {
        "slug": "formula-1-1991",
        "name": "Formula 1 (1991–2002)",
        "description": "10, 6, 4, 3, 2, 1.",
        "race_points": [10, 6, 4, 3, 2, 1],
        "eliminated_score": False,
    },
    {
        "slug": "motogp",
        "name": "MotoGP",
        "description": "25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1 for classified riders.",
        "race_points": [25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1],
        "eliminated_score": False,
    },
    {
        "slug": "indycar-style",
        "name": "IndyCar style (pole and laps led)",
        "description": "50, 40, 35, 32, 30, 28 … 5 down the field; 1 for pole, 1 for leading "
        "a lap, 2 more for leading the most laps.",
        "race_points": [
            50,
            40,
            35,
            32,
            30,
            28,
            26,
            24,
            22,
            20,
            19,
            18,
            17,
            16,
            15,
            14,
            13,
            12,
            11,
            10,
            9,
            8,
            7,
            6,
            5,
        ],
        "bonus": {"pole": 1, "lap_led": 1, "most_laps_led": 2},
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
    dependencies = [("league", "0008_season_late_entries")]

    operations = [migrations.RunPython(create_presets, remove_presets)]
