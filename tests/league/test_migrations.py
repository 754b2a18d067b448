"""Penalties moved from league to races (they belong to rounds and
sessions): the migration keeps every stored penalty."""

from datetime import UTC, datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("league", "0006_championship_depth"), ("races", "0005_values_json_fields")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_stored_penalties_move_to_races_with_their_points_reason_and_time():
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes()
    try:
        apps = migrate(BEFORE)
        User = apps.get_model("auth", "User")
        League = apps.get_model("league", "League")
        ScoringSystem = apps.get_model("league", "ScoringSystem")
        Season = apps.get_model("league", "Season")
        Driver = apps.get_model("league", "Driver")
        Entry = apps.get_model("league", "Entry")
        Round = apps.get_model("races", "Round")
        Penalty = apps.get_model("league", "Penalty")
        steward = User.objects.create(username="steward-of-old")
        league = League.objects.create(name="Old", slug="old", owner=steward)
        system = ScoringSystem.objects.create(name="Old table", slug="old", race_points=[3])
        season = Season.objects.create(
            league=league, name="Old", slug="old", game="formula_d", scoring=system
        )
        driver = Driver.objects.create(name="Old Timer", user=steward)
        entry = Entry.objects.create(season=season, driver=driver, car_number=9)
        rnd = Round.objects.create(season=season, number=1, name="R1", track="paddock_ring")
        old = Penalty.objects.create(
            entry=entry, round=rnd, points=7, reason="Blocking", steward=steward
        )
        when = datetime(2024, 1, 2, 10, 0, tzinfo=UTC)
        Penalty.objects.filter(pk=old.pk).update(created_at=when)

        apps = migrate(latest)
        moved = apps.get_model("races", "Penalty").objects.get()
        assert (moved.entry_id, moved.round_id, moved.kind) == (entry.pk, rnd.pk, "points")
        assert moved.points == 7 and moved.reason == "Blocking" and moved.created_at == when
        assert moved.steward_id == steward.pk
    finally:
        migrate(latest)
