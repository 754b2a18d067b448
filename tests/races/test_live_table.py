"""The live table draws each state of the race once: every poll of the same
state gets the same board from the cache, a race that moved on is drawn
anew, and a driver's panel is worked out once per turn."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from races.models import Session
from races.rules import get_presentation
from races.table import live_table
from tests.races.test_table import heat  # noqa: F401 - the fixture

pytestmark = pytest.mark.django_db


def recent_events(html: str) -> list[str]:
    block = re.search(r'<ol class="events" id="recent-events">(.*?)</ol>', html, re.S).group(1)
    return re.findall(r"<li>(.*?)</li>", block, re.S)


@pytest.fixture
def scenes_drawn(monkeypatch, heat):  # noqa: F811
    """How many times the game's presentation draws a board."""
    presentation = type(get_presentation(heat[0].round.season.game))
    drawn = []
    original = presentation.scene

    def scene(self, *args, **kwargs):
        drawn.append(args)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(presentation, "scene", scene)
    return drawn


def test_polls_of_one_state_draw_the_board_once(heat, scenes_drawn):  # noqa: F811
    session = heat[0]
    page = reverse("session_live", args=[session.pk])
    first = Client().get(page, headers={"HX-Request": "true"}).content.decode()
    second = Client().get(page, headers={"HX-Request": "true"}).content.decode()
    assert first == second
    assert len(scenes_drawn) == 1


def test_a_race_that_moved_on_is_drawn_anew(heat):  # noqa: F811
    session = heat[0]
    page = reverse("session_live", args=[session.pk])
    before = recent_events(Client().get(page).content.decode())
    # the latest events, said in each language (races/running/progress.py)
    recent = {code: [*said[1:], "Ana wins."] for code, said in session.progress["recent"].items()}
    progress = {**session.progress, "recent": recent}
    Session.objects.filter(pk=session.pk).update(progress=progress)  # as the worker writes it
    after = recent_events(Client().get(page).content.decode())
    assert after == recent["en"] != before


def test_a_drivers_panel_is_worked_out_once_per_turn(heat, client, monkeypatch):  # noqa: F811
    session, ana, _ = heat
    replays = []
    original = live_table.live_race

    def live_race(kept):
        replays.append(kept.pk)
        return original(kept)

    monkeypatch.setattr(live_table, "live_race", live_race)
    client.force_login(ana)
    cockpit = reverse("cockpit", args=[session.pk])
    first = client.get(cockpit, headers={"HX-Request": "true"}).content.decode()
    second = client.get(cockpit, headers={"HX-Request": "true"}).content.decode()
    assert 'data-widget="' in first
    strip = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')
    assert strip.sub("", first) == strip.sub("", second)
    assert replays == [session.pk]
