"""Each page a player reads most, in each of the players' languages, with no
English left in its visible text apart from names: the standings, the table
of a live race (with the driver's panel open), the replay and the season
form. The browser asks for the language (Accept-Language), as a visitor's
would; nothing is chosen on the page.

These fail until the catalogues are translated (locale/<lang>/LC_MESSAGES);
each failure lists the English words found and the text around them."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from league.models import Driver, League, ScoringSystem, Season, Team
from races.models import Round, Session
from races.replay.names import track_name
from races.rules import game_choices
from tests.browser.conftest import shot
from tests.conftest import scoring_presets

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BROWSER_LOCALES = {"zh-hant": "zh-TW", "ja": "ja-JP", "pl": "pl-PL"}
PASSWORD = "paddock-demo"

# English words that give away an untranslated string: the common small
# words of a sentence and the site's and the games' own words.
ENGLISH = """
the and of to for with from in on at by is are was be your you this that not no
Round Rounds round rounds Season Seasons season Standings standings Points points Pts
Driver Drivers driver drivers Team Teams team teams Car Cars car cars Pos Position
Race Races race races Replay replay Results Result result Status Wins Podiums Poles
Laps Lap lap laps Track Tracks Grid grid Rules Game Scoring Entries Calendar Bonus
Step step Turn turn First Last Back Forward Play Pause Jump Setup Next Save Create
Log Sign Notices League league Ratings Language Latest Running finished Finished out
gear gears Gear Gears corner corners Corner stop Stop slipstream Slipstream heat Heat
stress Stress card cards Card Cards hand Hand Pick pick choice choices Decide decide
autopilot Autopilot waiting Waiting deciding left Live spectator Anyone watch
Penalties Penalty Stewarding Organise Change Delete Add New Join Withdraw entry
""".split()
SAME_WORD = {"pl": {"Autopilot", "autopilot"}}
WORD = re.compile(
    # A word of Latin letters, Polish ones included (osłon is not "on"), not
    # inside a hexadecimal hash.
    r"(?<![A-Za-z0-9\u00c0-\u024f])("
    + "|".join(sorted(set(ENGLISH), key=len)[::-1])
    + r")(?![A-Za-z0-9\u00c0-\u024f])"
)
# Not words of a sentence: the brand, formats and protocols.
KEPT = [
    "Paddock",
    "Board Game Arena",
    "API",
    "CSV",
    "JSON",
    "iCal",
    "HTTP",
    "OpenAPI",
    "sha256",
    "UTC",
    "SVG",
]


def names_on_the_site() -> list[str]:
    """Everything a person named: people, teams, leagues, seasons, rounds,
    tracks, scoring tables, games and the languages named in themselves."""
    User = get_user_model()
    found = set(KEPT)
    found |= {n for n in Driver.objects.values_list("name", flat=True)}
    for user in User.objects.all():
        found |= {user.get_username(), user.get_full_name()}
    found |= set(Team.objects.values_list("name", flat=True))
    found |= set(League.objects.values_list("name", flat=True))
    found |= set(Season.objects.values_list("name", flat=True))
    found |= set(ScoringSystem.objects.values_list("name", flat=True))
    for rnd in Round.objects.select_related("season"):
        found |= {rnd.name, track_name(rnd.season.game, rnd.track)}
    found |= {str(name) for _key, name in game_choices()}
    found |= {name for _code, name in settings.LANGUAGES}
    return sorted((n for n in found if n), key=len, reverse=True)


def english_left(text: str, names: list[str]) -> list[str]:
    """Each English word left once names are taken out, with its context."""
    for name in names:
        text = text.replace(name, " ")
    return [
        f"{m.group(0)!r} in …{text[max(0, m.start() - 30) : m.end() + 30]!r}…"
        for m in WORD.finditer(text)
    ]


def log_in(page, base: str, username: str) -> None:
    page.goto(base + reverse("login"))
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_url(base + "/")


def read(page, names: list[str], where: str) -> list[str]:
    return [f"{where}: {found}" for found in english_left(page.inner_text("body"), names)]


@pytest.mark.parametrize("code", sorted(BROWSER_LOCALES))
def test_the_players_pages_show_no_english_in_their_language(
    code, live_server, chromium, shared_cache
):
    # The browser tests' database is emptied between tests (transaction=True):
    # the scoring presets the data migration made are put back first.
    scoring_presets()
    call_command("seed_demo", verbosity=0)
    base = live_server.url
    names = names_on_the_site()
    season = Season.objects.get(league__slug="demo", slug="formula-d-2026")
    live = Session.objects.get(
        round__season=season, kind=Session.Kind.RACE, status=Session.Status.AWAITING
    )
    finished = (
        Session.objects.filter(round__season=season, status=Session.Status.FINISHED)
        .exclude(log_sha256="")
        .order_by("round__number")
        .first()
    )
    context = chromium.new_context(
        locale=BROWSER_LOCALES[code], viewport={"width": 1280, "height": 900}
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    found: list[str] = []
    try:
        page.goto(base + reverse("standings", args=["demo", season.slug]))
        assert page.get_attribute("html", "lang") == code
        found += read(page, names, "standings")
        shot(page, f"standings-{code}")

        page.goto(base + reverse("replay", args=[finished.pk, 3]))
        found += read(page, names, "replay")
        shot(page, f"replay-{code}")

        log_in(page, base, "ana")
        page.goto(base + reverse("session_live", args=[live.pk]))
        page.wait_for_selector("#cockpit form.panel")
        found += read(page, names, "live table")
        shot(page, f"table-{code}")
        page.click("header form button.link:not([name])")  # log out

        log_in(page, base, "organiser")
        page.goto(base + reverse("season_create", args=["demo"]))
        page.select_option("#id_game", season.game)
        page.wait_for_selector("#season-form")
        found += read(page, names, "season form")
        shot(page, f"season-form-{code}")
    finally:
        context.close()
    # Polish writes "autopilot" as English does (as the demo crawl knows).
    same = SAME_WORD.get(code, ())
    found = [
        line for line in found if line.split(" in …")[0].split(": ", 1)[1].strip("'") not in same
    ]
    assert not found, f"English left on the {code} pages:\n" + "\n".join(found[:60])
