"""Anyone can check a result (issue 27, item 6): a finished session's record
downloads from its page and from the API, the same bytes from both, and the
engines' command line verifies it in a process where Django cannot even be
imported; a record with one byte of an action changed does not verify."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

from league.organise.entries import entry_create
from races.models import Session
from races.rounds.edits import round_create
from races.running.runner import session_run
from tests.conftest import make_driver, make_season

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]

GAMES = [
    ("formula_d", "paddock_ring", {"level": "basic"}, 4, {"laps": 1}),
    ("heat", "usa", {}, 4, {"laps": 1}),
    ("roborally", "twin_forge", {"max_turns": 25}, 4, {}),
    ("galaxy_trucker", "standard", {}, 3, {"laps": 1}),
]

# The engines' command line with Django made unimportable: the check needs
# nothing of the site.
WITHOUT_DJANGO = (
    "import sys; sys.modules['django'] = None; "
    "from races.rules.__main__ import main; sys.exit(main(['verify', sys.argv[1]]))"
)


def verify(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", WITHOUT_DJANGO, str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
    )


def finished_session(league, game: str, track: str, rules: dict, grid: int, laps: dict):
    season = make_season(league, slug=game.replace("_", "-"), game=game, rules=rules,
                         grid_size=grid, fill_with_bots=True)  # fmt: skip
    entry_create(season=season, driver=make_driver(f"Ana {game}"), car_number=7)
    rnd = round_create(season=season, number=1, name="Round 1", track=track, **laps)
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    Session.objects.filter(pk=session.pk).update(status=Session.Status.QUEUED)
    assert session_run(session_id=session.pk) == "finished"
    session.refresh_from_db()
    return session


def one_action_byte_changed(text: str) -> str:
    """The record with one digit of an action's parameters changed (a gear,
    a card, a space, a register)."""
    record = json.loads(text)
    for number, step in enumerate(record["actions"]):
        encoded = json.dumps(step["action"]["params"], sort_keys=True, separators=(",", ":"))
        digits = [i for i, c in enumerate(encoded) if c.isdigit()]
        if digits:
            at = digits[0]
            changed = encoded[:at] + str((int(encoded[at]) + 1) % 10) + encoded[at + 1 :]
            record["actions"][number]["action"]["params"] = json.loads(changed)
            return json.dumps(record, sort_keys=True, separators=(",", ":"))
    raise AssertionError("no action with a number in its parameters")


@pytest.mark.parametrize("game,track,rules,grid,laps", GAMES, ids=[g[0] for g in GAMES])
def test_a_finished_session_downloads_and_verifies_without_django(
    client, league, tmp_path, game, track, rules, grid, laps
):
    session = finished_session(league, game, track, rules, grid, laps)
    page = client.get(reverse("session_live", args=[session.pk])).content.decode()
    link = reverse("session_record", args=[session.pk])
    assert f'href="{link}"' in page and session.log_sha256 in page

    downloaded = client.get(link)
    assert downloaded["Content-Type"].startswith("application/json")
    assert f"paddock-session-{session.pk}.json" in downloaded["Content-Disposition"]
    from_api = client.get(f"/api/sessions/{session.pk}/record")
    assert from_api.status_code == 200
    assert from_api.content == downloaded.content

    record = json.loads(downloaded.content)
    assert record["game"] == game and record["seed"] == session.seed
    assert record["log_sha256"] == session.log_sha256
    assert len(record["actions"]) == len(session.actions) > 0
    assert [seat["id"] for seat in record["seats"]] == [seat["id"] for seat in session.seats]

    path = tmp_path / f"paddock-session-{session.pk}.json"
    path.write_bytes(from_api.content)
    checked = verify(path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert f"replayed log sha256 {session.log_sha256}" in checked.stdout

    path.write_text(one_action_byte_changed(downloaded.content.decode()), encoding="utf-8")
    forged = verify(path)
    assert forged.returncode == 1, forged.stdout + forged.stderr
    assert "NOT verified" in forged.stdout


def test_a_session_without_a_finished_race_has_no_record(client, league):
    season = make_season(league, slug="none", rules={"level": "basic"}, grid_size=4)
    rnd = round_create(season=season, number=1, name="Round 1", track="paddock_ring", laps=1)
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    assert client.get(reverse("session_record", args=[session.pk])).status_code == 404
    assert client.get(f"/api/sessions/{session.pk}/record").status_code == 404
    page = client.get(reverse("session_live", args=[session.pk])).content.decode()
    assert reverse("session_record", args=[session.pk]) not in page
