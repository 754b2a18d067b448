"""RoboRally's, Formula D's and Heat's tables and replays in the four
languages (issue 24): no coordinates, no seconds counted past a minute, no
raw engine values, and, in Japanese, Polish and Traditional Chinese, no
sentence left as the English page says it (people's, tracks' and option
cards' names aside)."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from league.organise.entries import entry_create
from races.models import Session
from races.replay.steps import session_events, steps_split
from races.rounds.edits import round_create
from races.rules import get_presentation
from races.running.runner import session_run
from tests.conftest import make_driver, make_season
from tests.races.test_roborally_story import both_program
from tests.races.test_roborally_table import robots  # noqa: F401 (the fixture)
from tests.races.test_table import RAW

pytestmark = pytest.mark.django_db
S = Session.Status
LANGUAGES = ("ja", "pl", "zh-hant")
COORDINATES = re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)|column \d+, row \d+|\br\d+l\d\b")
SECONDS = re.compile(r"\b([6-9]\d|\d{3,})\s*(seconds|sekund|秒)")
# Words that stay as they are in every language: the site's name, units,
# names (option cards' names are translated, option_names.py).
KEPT = re.compile(r"^(Paddock|[\d\W]+|[A-Z][\w-]*( [A-Z][\w-]*)*)$")


def page(client: Client, url: str, language: str) -> str:
    client.cookies["django_language"] = language
    response = client.get(url, headers={"Accept-Language": language})
    assert response.status_code == 200, url
    return response.content.decode()


def texts(html: str) -> list[str]:
    # A command to type (in <code>) reads the same in every language.
    html = re.sub(r"<(script|style|title|code)[^>]*>.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r"<svg.*?</svg>", " ", html, flags=re.S)
    return [t.strip() for t in re.split(r"<[^>]+>", html) if t.strip()]


def names_of(session) -> set[str]:
    rnd = session.round
    return {r.get("name", "") for r in session.seats} | {
        rnd.name, rnd.season.name, rnd.season.league.name, rnd.track, str(rnd)
    }  # fmt: skip


def checked(urls: list[str], session) -> None:
    client = Client()
    english = {t for url in urls for t in texts(page(client, url, "en"))}
    names = names_of(session)
    for url in urls:
        for language in ("en", *LANGUAGES):
            shown = texts(page(client, url, language))
            text = " ".join(shown)
            for pattern in (COORDINATES, SECONDS, RAW):
                found = pattern.search(text)
                assert found is None, (url, language, found.group(0))
            if language == "en":
                continue
            left = [
                t for t in shown
                if t in english and re.search(r"[a-z]{3,}\W+[a-z]{2,}", t)
                and not any(name and name in t for name in names) and not KEPT.match(t)
            ]  # fmt: skip
            assert not left, (url, language, left[:5])


def finished_race(league, game: str, track: str, **rules) -> Session:
    season = make_season(league, slug=f"{game[:4]}-done", game=game, rules=rules, grid_size=4)
    entry_create(season=season, driver=make_driver("Ana"), car_number=7)
    laps = {} if game == "roborally" else {"laps": 1}
    rnd = round_create(season=season, number=1, name="Done", track=track, **laps)
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    Session.objects.filter(pk=session.pk).update(status=S.QUEUED)
    session_run(session_id=session.pk)
    session.refresh_from_db()
    assert session.status == S.FINISHED, session.error
    return session


def replay_urls(session) -> list[str]:
    steps = steps_split(get_presentation(session.round.season.game), session_events(session))
    picked = sorted({0, 1, 2, len(steps) // 3, len(steps) // 2, len(steps) - 1})
    return [reverse("replay", args=[session.pk, n]) for n in picked]


def test_a_roborally_table_after_a_turn_in_four_languages(robots):  # noqa: F811
    session, ana, ben = robots
    both_program(session, ana, ben)
    checked([reverse("session_live", args=[session.pk])], session)


@pytest.mark.parametrize(
    ("game", "track", "rules"),
    [
        ("roborally", "twin_forge", {"max_turns": 4}),
        ("formula_d", "paddock_ring", {"level": "basic"}),
        ("heat", "usa", {}),
    ],
)
def test_a_finished_race_and_its_replay_in_four_languages(league, game, track, rules):
    session = finished_race(league, game, track, **rules)
    checked([reverse("session_live", args=[session.pk]), *replay_urls(session)], session)


@pytest.mark.parametrize(("game", "track"), [("formula_d", "paddock_ring"), ("heat", "usa")])
def test_a_live_formula_d_or_heat_table_in_four_languages(league, game, track):
    season = make_season(league, slug=f"{game[:4]}-live", game=game, rules={}, grid_size=3,
                         live_play=True)  # fmt: skip
    entry_create(season=season, driver=make_driver("Ana"), car_number=7)
    rnd = round_create(season=season, number=1, name="Live", track=track, laps=1)
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    Session.objects.filter(pk=session.pk).update(status=S.QUEUED)
    session_run(session_id=session.pk)
    session.refresh_from_db()
    assert session.status == S.AWAITING
    checked([reverse("session_live", args=[session.pk])], session)
