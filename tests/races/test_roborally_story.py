"""RoboRally's turn told register by register at the table (issue 24, item
2): after everyone programs, the live table shows the turn that ran, each
register a step with the cards revealed in priority order (RR-REG-02), the
moves and shots in the order they ran (RR-REG-01) and the board after it;
positions in board words, never a coordinate, in every language."""

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from races.replay.names import seat_names
from races.rules import get_presentation
from races.running.seats import seat_records
from races.table.live_races import live_race
from races.table.online import session_advance
from tests.races import test_roborally_table
from tests.races.test_roborally_table import cockpit, decide, form_of, hand_of
from tests.races.test_table import visible

pytestmark = pytest.mark.django_db


# Ana and Ben against two bots on Shakedown, waiting for both to program.
robots = test_roborally_table.robots

COORDINATES = re.compile(r"\(\s*\d+\s*,\s*\d+\s*\)|column \d+, row \d+|\b\d{3,} seconds\b")


def both_program(session, ana, ben):
    for user in (ana, ben):
        client = Client()
        client.force_login(user)
        decide(client, session, form_of(session, user, hand_of(cockpit(client, session))[:5]))
        session_advance(session_id=session.pk)
    session.refresh_from_db()


def live_html(session, language="en") -> str:
    client = Client()
    client.cookies["django_language"] = language
    url = reverse("session_live", args=[session.pk])
    with translation.override(language):
        return client.get(url, headers={"Accept-Language": language}).content.decode()


def turn_sentences(session) -> list[list[str]]:
    """The sentences of the turn that ran, register by register, from the
    race itself (what the table must tell, in the order it ran)."""
    presentation = get_presentation("roborally")
    names = seat_names(seat_records(session.seats))
    with live_race(session) as (_game, race):
        events = [e.to_dict() for e in race.events]
    steps = presentation.words.story_steps(events)
    return [
        [presentation.words.sentence(e, names, session.config) for e in step
         if presentation.words.told(e)]
        for step in steps
    ]  # fmt: skip


def test_the_table_tells_the_turn_register_by_register_in_the_order_it_ran(robots):
    session, ana, ben = robots
    assert "turn-story" not in live_html(session), "no turn has run yet"
    both_program(session, ana, ben)
    html = live_html(session)
    expected = turn_sentences(session)
    assert len(expected) == 6, "the programs, then five registers"
    steps = re.findall(r'<article class="story-step".*?</article>', html, flags=re.S)
    assert len(steps) == 6
    for number, (step, said) in enumerate(zip(steps, expected, strict=True)):
        told = re.search(r'<ol class="events story-events">(.*?)</ol>', step, flags=re.S)
        lines = [visible(li).strip() for li in re.findall(r"<li>(.*?)</li>", told.group(1))]
        assert (
            lines == [re.sub("'", "&#x27;", s) for s in said]
            or [line.replace("&#x27;", "'") for line in lines] == said
        ), number
        if number:
            assert f"register {number}" in visible(step)
            assert 'class="track scene"' in step, "the board after the register"
            priorities = [int(p) for p in re.findall(r'class="priority">(\d+)<', step)]
            assert len(priorities) == 4 and priorities == sorted(priorities, reverse=True)
    assert not COORDINATES.search(visible(html)), COORDINATES.search(visible(html))


@pytest.mark.parametrize("language", ["ja", "pl", "zh-hant"])
def test_the_told_turn_is_in_the_readers_language(robots, language):
    session, ana, ben = robots
    both_program(session, ana, ben)
    text = visible(live_html(session, language))
    assert "turn-story" in live_html(session, language)
    assert not COORDINATES.search(text), COORDINATES.search(text)
    for english in ("Register 1.", "reveals", " moves from ", "Move 1", "Turn Right", "U-Turn"):
        assert english not in text, english
