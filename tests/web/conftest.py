"""Web tests: a logged-in client per person, and a season whose finished
rounds were raced by the real Formula D engine through the real runner."""

from datetime import timedelta

import pytest
from django.utils import timezone

from league.organise.entries import entry_create
from races.models import Round, Session
from races.rounds.edits import round_create
from races.running.runner import session_run
from tests.conftest import make_driver, make_season


@pytest.fixture(autouse=True)
def fresh_page_memory(settings):
    from django.core.cache import cache

    from league.caching import memory_clear

    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    cache.clear()
    memory_clear()
    yield
    memory_clear()


def client_for(client, user):
    client.force_login(user)
    return client


def race_session(rnd: Round, *, kind=Session.Kind.RACE) -> Session:
    """Run one of the round's sessions in-process, as a worker would, with a
    seed fixed by the round so every test sees the same race."""
    session = rnd.sessions.get(kind=kind)
    Session.objects.filter(pk=session.pk).update(
        status=Session.Status.QUEUED, seed=f"web-{rnd.season.slug}-{rnd.number}-{kind}"
    )
    outcome = session_run(session_id=session.pk)
    session.refresh_from_db()
    assert outcome == "finished", session.error
    return session


def build_season(
    league,
    *,
    entries=3,
    rounds=2,
    finished=None,
    team_mode=False,
    slug="gp",
    track="paddock_ring",
    **rules,
):
    """A running season on `track` (the short paddock_ring), one lap a round, raced by the
    entries' autopilots from a reverse-championship grid (so the winners
    change); the first `finished` rounds have been raced."""
    season = make_season(
        league,
        slug=slug,
        team_mode=team_mode,
        status="running",
        grid_size=entries,
        fill_with_bots=False,
        rules={"level": "basic", **rules},
    )
    grid = [
        entry_create(season=season, driver=make_driver(f"Driver {slug} {n}"), car_number=n)
        for n in range(1, entries + 1)
    ]
    start = timezone.now() + timedelta(days=1)
    made = [
        round_create(
            season=season,
            number=number,
            name=f"Round {number} GP",
            track=track,
            laps=1,
            scheduled_at=start + timedelta(days=7 * number),
            grid_rule=Round.GridRule.REVERSE,
        )
        for number in range(1, rounds + 1)
    ]
    for rnd in made[: rounds if finished is None else finished]:
        race_session(rnd)
    return season, grid, made


@pytest.fixture
def gp(league):
    return build_season(league)
