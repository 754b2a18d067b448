"""Divisions and race weekends through real Celery workers (issue 26, items
2 and 3): a two-division season whose copy promotes and relegates three,
and a weekend round whose main race starts on the sprint's reversed top
three; the standings of each equal a hand computation here."""

from collections import defaultdict
from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from league import selectors
from league.models import ScoringSystem
from league.organise.entries import entry_create
from races.models import Result, Session
from races.rounds.edits import round_create
from races.rounds.schedule import season_copy
from races.running.dispatch import sessions_dispatch_due
from seasons.divisions import divisions_split
from tests.conftest import make_driver, make_season
from tests.races.worker import wait_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]
S = Session.Status
F1 = [25, 18, 15, 12, 10, 8, 6, 4, 2, 1]  # formula-1-2010, classified cars only
SPRINT = [8, 7, 6, 5, 4, 3, 2, 1]


def run_all(sessions, *, timeout=180):
    def done() -> bool:
        sessions_dispatch_due(now=timezone.now())  # what beat does meanwhile
        if sessions.filter(status=S.FAILED).exists():
            return True
        return not sessions.exclude(status=S.FINISHED).exists()

    wait_for(done, timeout=timeout, every=0.3, what="every session to finish")
    assert dict(sessions.filter(status=S.FAILED).values_list("pk", "error")) == {}


def hand_points(results, table) -> dict[int, Decimal]:
    points: dict[int, Decimal] = defaultdict(Decimal)
    for r in results:
        place = r.final_position or r.position
        status = r.final_status or r.status
        classified = status == "finished" and place <= len(table)
        points[r.entry_id] += Decimal(table[place - 1] if classified else 0)
    return points


def test_two_divisions_race_apart_and_the_copy_moves_three_up_and_three_down(league, workers):
    season = make_season(
        league, slug="split", rules={"level": "basic"}, grid_size=6, fill_with_bots=False,
        promotion=3,
    )  # fmt: skip
    entries = [
        entry_create(season=season, driver=make_driver(f"Driver {n}"), car_number=n)
        for n in range(1, 13)
    ]
    due = timezone.now() - timedelta(seconds=1)
    for number in (1, 2):
        round_create(
            season=season, number=number, name=f"Round {number}", track="paddock_ring",
            laps=1, scheduled_at=due,
        )  # fmt: skip
    gold, silver = divisions_split(
        season=season, count=2, by="hand", lines=["1 2 3 4 5 6", "7 8 9 10 11 12"]
    )
    workers("divisions")
    sessions = Session.objects.filter(round__season=season)
    assert sessions.count() == 4
    run_all(sessions)
    for session in sessions.select_related("division"):
        cars = {s["car_number"] for s in session.seats}
        assert cars == ({1, 2, 3, 4, 5, 6} if session.division == gold else set(range(7, 13)))

    # By hand: each car's points from its places, each division ranked alone.
    points = hand_points(Result.objects.filter(session__round__season=season), F1)
    standings = selectors.driver_standings(season)
    for division in (gold, silver):
        rows = [s for s in standings if s.entry.division_id == division.pk]
        assert sorted(s.rank for s in rows) == [1, 2, 3, 4, 5, 6]
        for s in rows:
            assert s.points == points[s.entry_id]
        by_rank = sorted(rows, key=lambda s: s.rank)
        assert [s.points for s in by_rank] == sorted((s.points for s in rows), reverse=True)

    ranked = {
        d.pk: [s.entry.car_number for s in sorted(standings, key=lambda s: s.rank)
               if s.entry.division_id == d.pk]
        for d in (gold, silver)
    }  # fmt: skip
    copy = season_copy(season=season, name="Next", with_entries=True)
    where = {e.car_number: e.division.number for e in copy.entries.select_related("division")}
    up, down = ranked[silver.pk][:3], ranked[gold.pk][3:]
    assert {n for n, d in where.items() if d == 1} == set(ranked[gold.pk][:3]) | set(up)
    assert {n for n, d in where.items() if d == 2} == set(down) | set(ranked[silver.pk][3:])
    assert len(entries) == len(where) == 12


def test_a_weekend_runs_the_sprint_then_the_main_race_on_its_reversed_top_three(league, workers):
    sprint_table = ScoringSystem.objects.create(
        name="Sprint", slug="sprint", race_points=SPRINT, eliminated_score=False
    )
    season = make_season(
        league, slug="weekend", rules={"level": "basic"}, grid_size=6, fill_with_bots=False
    )
    for n in range(1, 7):
        entry_create(season=season, driver=make_driver(f"Driver {n}"), car_number=n)
    rnd = round_create(
        season=season, number=1, name="Weekend", track="paddock_ring", laps=1,
        scheduled_at=timezone.now() - timedelta(seconds=1), sprint_scoring=sprint_table,
        reverse_top=3,
    )  # fmt: skip
    sprint = rnd.sessions.get(leg=Session.Leg.SPRINT)
    main = rnd.sessions.get(leg=Session.Leg.MAIN)
    # The main race waits for its sprint: one dispatch sends the sprint alone.
    assert sessions_dispatch_due(now=timezone.now()) == 1
    assert Session.objects.get(pk=main.pk).status == S.SCHEDULED
    workers("weekend")
    run_all(rnd.sessions.all())

    sprint_order = list(
        Result.objects.filter(session=sprint)
        .order_by("position")
        .values_list("entry_id", flat=True)
    )
    main = Session.objects.get(pk=main.pk)
    grid = [seat["entry_id"] for seat in main.seats]
    assert grid == sprint_order[:3][::-1] + sprint_order[3:]

    points = hand_points(Result.objects.filter(session=sprint), SPRINT)
    for entry, value in hand_points(Result.objects.filter(session=main), F1).items():
        points[entry] += value
    standings = selectors.driver_standings(season)
    assert {s.entry_id: s.points for s in standings} == dict(points)
    assert [s.points for s in standings] == sorted(points.values(), reverse=True)


def test_each_divisions_race_waits_for_its_own_qualifying_only(league, broker):
    season = make_season(
        league, slug="waits", rules={"level": "basic"}, grid_size=4, fill_with_bots=False
    )
    for n in range(1, 5):
        entry_create(season=season, driver=make_driver(f"Driver {n}"), car_number=n)
    rnd = round_create(
        season=season, number=1, name="One", track="paddock_ring", laps=1,
        scheduled_at=timezone.now() - timedelta(seconds=1), qualifying_format="timed_lap",
    )  # fmt: skip
    gold, silver = divisions_split(season=season, count=2, by="hand", lines=["1 2", "3 4"])
    kinds = sorted(rnd.sessions.values_list("division__name", "kind"))
    assert kinds == [
        ("Division 1", "qualifying"), ("Division 1", "race"),
        ("Division 2", "qualifying"), ("Division 2", "race"),
    ]  # fmt: skip
    # Both qualifying sessions go; both races wait.
    assert sessions_dispatch_due(now=timezone.now()) == 2
    assert set(rnd.sessions.filter(status=S.QUEUED).values_list("kind", flat=True)) == {
        "qualifying"
    }
    # Division 1's qualifying done: its race goes, division 2's still waits.
    rnd.sessions.filter(kind="qualifying", division=gold).update(status=S.FINISHED)
    assert sessions_dispatch_due(now=timezone.now()) == 1
    assert rnd.sessions.get(kind="race", division=gold).status == S.QUEUED
    assert rnd.sessions.get(kind="race", division=silver).status == S.SCHEDULED
