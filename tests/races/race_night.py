"""A real-time round for the tests (issue 25, item 3): a live season of a
real-time speed, three people entered on a grid of four, and its round's
race, a table that opens before its time."""

from datetime import timedelta

from django.utils import timezone

from league.organise.entries import entry_create
from races.models import Session
from races.rounds.edits import round_create
from tests.conftest import make_driver, make_season


def real_time_round(league, *, slug="night", minutes=10, grid_size=4, **fields):
    """(season, race session, [ana, ben, cid] users, their entries)."""
    season = make_season(
        league,
        slug=slug,
        rules={"level": "basic"},
        grid_size=grid_size,
        live_play=True,
        speed="normal",
        status="running",
        **fields,
    )
    drivers = [make_driver(f"{name} {slug}".title()) for name in ("ana", "ben", "cid")]
    entries = [
        entry_create(season=season, driver=driver, car_number=number)
        for number, driver in zip((7, 3, 5), drivers, strict=True)
    ]
    rnd = round_create(
        season=season,
        number=1,
        name="Race Night",
        track="paddock_ring",
        laps=1,
        scheduled_at=timezone.now() + timedelta(minutes=minutes),
    )
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    return season, session, [d.user for d in drivers], entries


def start_time_passed(session) -> None:
    """The table's time has come (the scheduler starts it at its next pass)."""
    Session.objects.filter(pk=session.pk).update(scheduled_at=timezone.now() - timedelta(seconds=1))
