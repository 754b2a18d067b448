"""A Heat race's replay: its board drawn from Heat's track data, the cars
placed from the log, the events in words."""

import pytest
from django.urls import reverse

from league.organise.entries import entry_create
from races.rounds.edits import round_create
from races.rules import get_presentation
from tests.conftest import make_driver, make_season
from tests.web.conftest import race_session

pytestmark = pytest.mark.django_db
HEAT = get_presentation("heat")


@pytest.fixture
def heat_session(league):
    """A Heat race at the USA track run by the real runner and engine."""
    season = make_season(league, slug="heat", game="heat", scoring="heat-championship", grid_size=3)
    for n in (1, 2, 3):
        entry_create(season=season, driver=make_driver(f"Heat {n}"), car_number=n)
    rnd = round_create(season=season, number=1, name="USA", track="usa")
    return race_session(rnd)


def test_a_heat_replay_draws_the_track_and_places_the_cars(client, heat_session):
    page = client.get(reverse("replay", args=[heat_session.pk, 0])).content.decode()
    assert page.count('class="space ') == 2 * 69
    assert page.count('<g class="car') == 3
    # step 1 sets the turn order; step 2 is the first car's reveal and move
    later = client.get(reverse("replay", args=[heat_session.pk, 2])).content.decode()
    assert "reveals" in later and " moves 12 spaces, on the " in later


def test_every_heat_step_reads_in_words(client, heat_session):
    from races.replay.steps import events_parse

    events = events_parse(heat_session.event_log_text())
    names = {f"car{n}": f"Heat {n}" for n in (1, 2, 3)}
    words = [HEAT.sentence(e, names) for e in events]
    assert any(w.startswith("Heat 1 moves") for w in words)
    assert any("takes Corner 1 (limit" in w for w in words)
    assert HEAT.has_words("corner_checked")
    assert all(HEAT.has_words(e["type"]) for e in events)


def test_the_new_log_events_read_in_words_without_naming_drawn_cards():
    # HEAT-B-ENG-10: drawn card ids are their owner's alone while the race runs, and the
    # live page shows these sentences.
    names = {"car1": "Car 1"}
    drawn = ["red.S1.1", "red.S2.1", "sp.SP81.1"]
    cases = [
        ("cards_drawn", {"cards": drawn[:2], "pile": "deck", "reason": "replenish"}),
        ("cards_drawn", {"cards": drawn[2:], "pile": "sponsorship", "reason": "press"}),
        ("sponsorship_gained", {"card": drawn[2], "reason": "press"}),
        ("hand_replenished", {"drawn": 2}),
        ("cards_played", {"count": 2, "cards": drawn[:2]}),
    ]
    words = [HEAT.sentence({"type": t, "seat": "car1", "data": d}, names) for t, d in cases]
    assert words[:2] == ["Car 1 draws 2 cards.", "Car 1 draws 1 sponsorship card."]
    assert not [w for w in words if any(c in w for c in drawn)]
    cooldown = {"type": "adrenaline_used", "seat": "car1", "data": {"kind": "cooldown"}}
    assert HEAT.sentence(cooldown, names) == "Car 1 uses adrenaline to cool down one more Heat."
