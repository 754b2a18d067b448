"""A crawl of the demo (issue 24): every table, replay, season, standings,
round and results page of every demo season, in English, Japanese, Polish
and Traditional Chinese, signed out and as `ana` (her panel open on her
live tables). The text a person reads (and a screen reader says: labels,
titles) must hold no raw value: True/False, a count of seconds over a
minute, a coordinate like "(5, 10)" or "column 8, row 7", an engine key
like `program_timer_seconds`, and, in the other languages, no English
sentence left. Each finding names the game, the language, the page and the
text around it, so a failure says whose page it is."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from league.models import Season
from races.models import Session
from races.replay.steps import session_events, steps_split
from races.rules import get_presentation
from tests.browser.test_languages import english_left, names_on_the_site

pytestmark = pytest.mark.django_db

LANGUAGES = {"en": "en", "ja": "ja", "pl": "pl", "zh-hant": "zh-TW"}
# Words the language writes as English does (Polish "status", "autopilot",
# and "by", "so that").
# Polish words spelt as English ones ("to": this, it; "by": would).
SAME_WORD = {"pl": {"Status", "status", "Autopilot", "autopilot", "by", "to"}}
SAME_PHRASE = {"pl": ["pit-stop"]}
REPLAY_SAMPLES = 6  # steps of each replay: the first, the last and some between

RAW = [
    ("True/False", re.compile(r"(?<![\w-])(True|False)(?![\w-])")),
    ("coordinate", re.compile(r"\(\s*\d+\s*,\s*\d+\s*\)")),
    ("coordinate", re.compile(r"\bcolumn \d+,? row \d+", re.I)),
    ("engine key", re.compile(r"(?<![\w/.#-])[a-z]+(?:_[a-z0-9]+)+(?![\w/.-])")),
]
# The organiser's command that verifies a race, said in a tooltip.
COMMAND = re.compile(r"manage\.py [a-z_]+")
SECONDS = re.compile(r"(\d[\d,  ]*)\s*(?:seconds?\b|secs?\b|sekund\w*|秒)")


class VisibleText(HTMLParser):
    """The page's text as read: text outside scripts and styles, and the
    labels and titles a screen reader says."""

    # A command line (verify a race: `manage.py verify_session 7`) is typed
    # as it is, not read as words.
    SKIP = {"script", "style", "template", "code"}
    SAID = ("aria-label", "title", "alt", "placeholder")

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.SKIP:
            self.skipping += 1
        for name, value in attrs:
            if name in self.SAID and value:
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag in self.SKIP and self.skipping:
            self.skipping -= 1

    def handle_data(self, data):
        if not self.skipping:
            self.parts.append(data)


def visible_text(page: str) -> str:
    parser = VisibleText()
    parser.feed(page)
    return html.unescape(" ".join(" ".join(parser.parts).split()))


def raw_values(text: str) -> list[str]:
    text = COMMAND.sub(" ", text)
    found = []
    for kind, pattern in RAW:
        found += [f"{kind} {m.group(0)!r} in …{around(text, m)}…" for m in pattern.finditer(text)]
    for m in SECONDS.finditer(text):
        digits = re.sub(r"\D", "", m.group(1))
        if digits and int(digits) > 60:
            found.append(f"seconds {m.group(0)!r} in …{around(text, m)}…")
    return found


def english_words(text: str, names: list[str], code: str) -> list[str]:
    if code == "en":
        return []
    same = SAME_WORD.get(code, set())
    for phrase in SAME_PHRASE.get(code, []):
        text = text.replace(phrase, " ")
    return [found for found in english_left(text, names) if found.split("'")[1] not in same]


def around(text: str, match) -> str:
    return repr(text[max(0, match.start() - 40) : match.end() + 40])


def demo_pages() -> list[tuple[str, str, bool]]:
    """(game, path, as ana) for every page the crawl reads."""
    pages = []
    for season in Season.objects.filter(league__slug="demo").order_by("game"):
        game, slugs = season.game, ["demo", season.slug]
        pages += [(game, reverse("season", args=slugs), False)]
        pages += [(game, reverse("standings", args=slugs), False)]
        for rnd in season.rounds.order_by("number"):
            pages.append((game, rnd.get_absolute_url(), False))
            for session in rnd.sessions.order_by("kind"):
                pages += session_pages(game, session)
    return pages


def session_pages(game: str, session: Session) -> list[tuple[str, str, bool]]:
    table = reverse("session_live", args=[session.pk])
    pages = [(game, table, False)]
    if session.status == Session.Status.AWAITING:
        pages.append((game, table, True))  # ana's panel
    elif session.status == Session.Status.SCHEDULED and session.live:
        pages.append((game, table, True))  # the race night's table, where ana sits down
    events = session_events(session) if session.status == Session.Status.FINISHED else []
    if events:
        last = len(steps_split(get_presentation(game), events)) - 1
        picked = {round(last * n / (REPLAY_SAMPLES - 1)) for n in range(REPLAY_SAMPLES)}
        pages += [(game, reverse("replay", args=[session.pk, s]), False) for s in sorted(picked)]
    return pages


def test_the_demo_pages_show_no_raw_value_in_any_language(django_user_model):
    call_command("seed_demo", verbosity=0)
    names = names_on_the_site()
    ana = django_user_model.objects.get(username="ana")
    pages = demo_pages()
    assert {game for game, _path, _ana in pages} == {
        "formula_d", "heat", "roborally", "galaxy_trucker",
    }  # fmt: skip
    found: dict[str, list[str]] = {}
    for code, accept in LANGUAGES.items():
        visitor, driver = Client(HTTP_ACCEPT_LANGUAGE=accept), Client(HTTP_ACCEPT_LANGUAGE=accept)
        driver.force_login(ana)
        for game, path, as_ana in pages:
            response = (driver if as_ana else visitor).get(path)
            assert response.status_code == 200, (code, path, response.status_code)
            text = visible_text(response.content.decode())
            problems = raw_values(text) + english_words(text, names, code)
            if problems:
                who = " as ana" if as_ana else ""
                found.setdefault(f"{game} [{code}] {path}{who}", []).extend(problems[:5])
    assert not found, "raw values or English left on the demo's pages:\n" + "\n".join(
        f"{page}: {'; '.join(problems)}" for page, problems in sorted(found.items())
    )


@pytest.mark.parametrize(
    "text, kind",
    [
        ("championship True", "True/False"),
        ("After register 1: (5, 10), facing north", "coordinate"),
        ("the battery at column 8, row 8", "coordinate"),
        ("is the last to program: 86400 seconds", "seconds"),
        ("program_timer_seconds 86400", "engine key"),
    ],
)
def test_the_crawl_finds_each_kind_of_raw_value(text, kind):
    assert any(found.startswith(kind) for found in raw_values(text)), raw_values(text)


def test_the_crawl_leaves_words_people_read_alone():
    assert raw_values("Decide within 23 h 59 min; 30 seconds; Round 2 · 4%; #7 Ana") == []
    assert visible_text('<p title="A (1, 2)">x<script>var a = True;</script></p>') == "A (1, 2) x"
