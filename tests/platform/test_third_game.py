"""A game that only registers itself (tests/platform/dice_race.py) gets the
whole platform: a season, a live session a person drives, the replay and
the standings, with no line of it outside this test folder."""

import pytest
from django.urls import reverse

from league.models import DriverStanding
from league.organise.entries import entry_create
from races.models import Session
from races.rounds.edits import round_create
from races.rules import Action
from races.running.runner import session_run
from races.table.online import decision_submit, session_advance
from tests.conftest import make_driver, make_season
from tests.platform import dice_race  # noqa: F401  (registers the dice race)

pytestmark = pytest.mark.django_db


def test_a_person_drives_a_live_dice_race_to_the_end(league, client):
    season = make_season(league, slug="dice", game="dice_race", grid_size=3, live_play=True)
    ana = make_driver("Ana")
    entry_create(season=season, driver=ana, car_number=7)
    rnd = round_create(season=season, number=1, name="Sprint", track="strip")
    session = rnd.sessions.get()
    Session.objects.filter(pk=session.pk).update(status=Session.Status.QUEUED)
    assert session_run(session_id=session.pk) in ("awaiting", "finished")
    rolls = 0
    while Session.objects.get(pk=session.pk).status == Session.Status.AWAITING:
        turn = session.turns.get()
        page = client.get(reverse("session_live", args=[session.pk])).content.decode()
        assert "<strong>Ana</strong>" in page  # whose turn it is, by name
        decision_submit(session_id=session.pk, user=ana.user, seat=turn.seat, step=turn.step,
                        action=Action("roll"))  # fmt: skip
        session_advance(session_id=session.pk)
        rolls += 1
    session.refresh_from_db()
    assert session.status == Session.Status.FINISHED and rolls >= 4  # 20 spaces, dice of 6
    replay = client.get(reverse("replay", args=[session.pk, 1])).content.decode()
    assert "Ana rolls" in replay and 'class="track scene"' in replay
    assert DriverStanding.objects.filter(season=season).count() == 3
    standings = client.get(season.get_absolute_url()).content.decode()
    assert "Ana" in standings and "Dice Race" in standings


def test_the_season_form_offers_the_registered_game(league, owner, client):
    client.force_login(owner)
    page = client.get(reverse("season_create", args=[league.slug])).content.decode()
    assert 'value="dice_race"' in page and "Dice Race" in page
