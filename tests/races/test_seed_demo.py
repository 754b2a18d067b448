"""The demo tells the truth (issue 24, item 6): its rounds run in their
order, each live table is its season's current round, and the scheduler
finds nothing to run out of turn."""

import pytest
from django.core.management import call_command
from django.utils import timezone

from league.models import Season
from races.models import Session
from races.running.dispatch import sessions_dispatch_due

S = Session.Status


@pytest.mark.django_db
def test_the_demo_runs_its_rounds_in_order_and_its_live_tables_are_current():
    call_command("seed_demo", verbosity=0)
    seasons = Season.objects.filter(league__slug="demo")
    assert sorted(seasons.values_list("game", flat=True)) == [
        "formula_d", "formula_d", "galaxy_trucker", "heat", "heat", "roborally",
    ]  # fmt: skip
    # The scheduler's pass right after the demo is made (make run starts it)
    # finds no round due: no later round runs before the live one.
    assert sessions_dispatch_due(now=timezone.now()) == 0
    now = timezone.now()
    # The race night (issue 25, item 3): a real-time table ana can sit down
    # at, starting in the coming minutes (or as soon as she sits down).
    table = Session.objects.get(round__season__slug="race-night", kind=Session.Kind.RACE)
    assert table.status == S.SCHEDULED and table.live and table.scheduled_at > now
    assert table.round.season.start_when_all_in
    for season in seasons.exclude(slug__in=["race-night", "divisions"]):
        live = Session.objects.get(round__season=season, kind=Session.Kind.RACE, status=S.AWAITING)
        current = live.round.number
        assert live.turns.filter(user__username="ana").exists(), season.game
        for rnd in season.rounds.order_by("number"):
            statuses = set(rnd.sessions.values_list("status", flat=True))
            if rnd.number < current:
                assert statuses == {S.FINISHED}, (season.game, rnd.number, statuses)
                assert rnd.scheduled_at < live.round.scheduled_at
            elif rnd.number > current:
                assert statuses == {S.SCHEDULED}, (season.game, rnd.number, statuses)
                assert rnd.scheduled_at > now, (season.game, rnd.number)
    # The divided season (issue 26): two divisions, three rounds run, the
    # weekend's sprint and main race run in each division, the last round ahead.
    divided = seasons.get(slug="divisions")
    assert list(divided.divisions.values_list("name", flat=True)) == ["Gold", "Silver"]
    weekend = divided.rounds.get(number=3).sessions
    assert sorted(weekend.values_list("division__name", "leg", "status")) == [
        ("Gold", "main", S.FINISHED), ("Gold", "sprint", S.FINISHED),
        ("Silver", "main", S.FINISHED), ("Silver", "sprint", S.FINISHED),
    ]  # fmt: skip
    assert all(s.results.count() == 4 for s in weekend.all())
    assert set(divided.rounds.get(number=4).sessions.values_list("status", flat=True)) == {
        S.SCHEDULED
    }
    # A second run finds everything in place.
    call_command("seed_demo", verbosity=0)
    assert Session.objects.filter(status=S.AWAITING).count() == 4
    assert Session.objects.filter(round__season__slug="race-night").count() == 1
    assert Session.objects.filter(round__season__slug="divisions").count() == 12
