"""A Heat race's replay: its board drawn from Heat's track data, the cars
placed from the log, the events in words."""

import pytest
from django.urls import reverse

import races.rules
from league.services import entry_create
from races.models import Round, Session
from races.rules import Seat, canonical_log, get_game, log_hash, run_bot_race
from races.tracks import DATA_ROOT as REAL_DATA
from tests.conftest import make_driver, make_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def heat_session(league, monkeypatch):
    monkeypatch.setattr("races.tracks.DATA_ROOT", REAL_DATA)
    assert races.rules  # the real engines, not the stand-in
    season = make_season(league, slug="heat", game="heat", scoring="heat-championship")
    entries = [
        entry_create(season=season, driver=make_driver(f"Heat {n}"), car_number=n)
        for n in (1, 2, 3)
    ]
    rnd = Round.objects.create(season=season, number=1, name="USA", track="usa")
    seats = [Seat(f"car{e.car_number}", e.driver.name, kind="bot", bot="pro") for e in entries]
    race, _ = run_bot_race(get_game("heat"), {"track": "usa"}, seats, "heat-seed")
    session = Session.objects.create(round=rnd, kind=Session.Kind.RACE)
    session.seats = [
        {**s.to_dict(), "entry_id": e.pk, "car_number": e.car_number}
        for s, e in zip(seats, entries, strict=True)
    ]
    session.set_event_log(canonical_log(race.events))
    session.log_sha256 = log_hash(race.events)
    session.status = Session.Status.FINISHED
    session.save()
    return session


def test_a_heat_replay_draws_the_track_and_places_the_cars(client, heat_session):
    page = client.get(reverse("replay", args=[heat_session.pk, 0])).content.decode()
    assert page.count('class="space ') == 2 * 69
    assert page.count('<g class="car') == 3
    # step 1 sets the turn order; step 2 is the first car's reveal and move
    later = client.get(reverse("replay", args=[heat_session.pk, 2])).content.decode()
    assert "reveals" in later and " moves 12 (reveal)." in later


def test_every_heat_step_reads_in_words(client, heat_session):
    from races.replay import event_words, events_parse

    events = events_parse(heat_session.event_log_text())
    names = {f"car{n}": f"Car {n}" for n in (1, 2, 3)}
    words = [event_words("heat", e, names) for e in events]
    assert any(w.startswith("Car 1 moves") for w in words)
    assert any("takes corner" in w for w in words)
