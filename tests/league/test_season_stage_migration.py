"""Issue 23: existing seasons get a sensible stage when the life cycle
arrives. A draft season that has run a session is running; a running one
whose every round has a finished race is finished; the rest stay."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("league", "0014_season_archived_and_removals"), ("races", "0009_field_words_translated")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_existing_seasons_get_the_stage_their_results_show():
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes()
    try:
        apps = migrate(BEFORE)
        User = apps.get_model("auth", "User")
        League = apps.get_model("league", "League")
        ScoringSystem = apps.get_model("league", "ScoringSystem")
        Season = apps.get_model("league", "Season")
        Round = apps.get_model("races", "Round")
        Session = apps.get_model("races", "Session")
        owner = User.objects.create(username="owner-of-old")
        league = League.objects.create(name="Old", slug="old", owner=owner)
        system = ScoringSystem.objects.create(name="Old table", slug="old", race_points=[3])

        def season(slug, status, raced):
            made = Season.objects.create(
                league=league, name=slug, slug=slug, game="formula_d", scoring=system, status=status
            )
            for number, finished in enumerate(raced, start=1):
                rnd = Round.objects.create(
                    season=made, number=number, name=f"R{number}", track="paddock_ring"
                )
                Session.objects.create(
                    round=rnd, kind="race", status="finished" if finished else "scheduled"
                )
            return made.pk

        half = season("half", "draft", [True, False])
        done = season("done", "draft", [True, True])
        idle = season("idle", "open", [False])
        empty = season("empty", "running", [])

        apps = migrate(latest)
        stages = dict(apps.get_model("league", "Season").objects.values_list("pk", "status"))
        assert stages[half] == "running"
        assert stages[done] == "finished"
        assert stages[idle] == "open"
        assert stages[empty] == "running"
    finally:
        migrate(latest)
