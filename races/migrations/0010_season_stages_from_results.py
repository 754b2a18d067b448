"""Existing seasons get a sensible stage (issue 23): a draft or open season
that has run a session is running; a running one whose every round has a
finished race is finished. Nothing else moves."""

from django.db import migrations


def stages_from_results(apps, schema_editor):
    Season = apps.get_model("league", "Season")
    Round = apps.get_model("races", "Round")
    for season in Season.objects.filter(status__in=("draft", "open", "running")):
        rounds = Round.objects.filter(season=season)
        total = rounds.count()
        scored = (
            rounds.filter(sessions__kind="race", sessions__status="finished").distinct().count()
        )
        run = rounds.filter(sessions__status="finished").exists()
        status = season.status
        if run and status in ("draft", "open"):
            status = "running"
        if status == "running" and total and scored >= total:
            status = "finished"
        if status != season.status:
            Season.objects.filter(pk=season.pk).update(status=status)


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0014_season_archived_and_removals"),
        ("races", "0009_field_words_translated"),
    ]

    operations = [migrations.RunPython(stages_from_results, migrations.RunPython.noop)]
