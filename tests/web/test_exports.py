"""iCalendar, CSV and JSON exports of a season."""

import csv
import io
from decimal import Decimal

import pytest
from django.urls import reverse

from league.models import DriverStanding
from races.models import Result, Session
from tests.web.conftest import build_season

pytestmark = pytest.mark.django_db


def test_the_calendar_feed_lists_every_scheduled_session(client, league):
    season, grid, rounds = build_season(league, finished=0)
    Session.objects.filter(round=rounds[1]).update(status=Session.Status.CANCELLED)
    response = client.get(reverse("season_ics", args=[league.slug, season.slug]))
    body = response.content.decode()
    assert response["Content-Type"].startswith("text/calendar")
    assert body.startswith("BEGIN:VCALENDAR\r\n") and body.endswith("END:VCALENDAR\r\n")
    assert body.count("BEGIN:VEVENT") == 2
    session = rounds[0].sessions.get()
    assert f"UID:session-{session.pk}@testserver" in body
    assert "DTSTART:" + session.scheduled_at.strftime("%Y%m%dT%H%M%SZ") in body
    assert "STATUS:CANCELLED" in body
    assert all(len(line.encode()) <= 75 for line in body.split("\r\n"))


def test_results_as_csv(client, league):
    season, grid, rounds = build_season(league)
    winner = Result.objects.get(session__round=rounds[0], position=1)
    response = client.get(reverse("results_export", args=[league.slug, season.slug, "csv"]))
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert len(rows) == 6
    assert rows[0]["round"] == "1" and rows[0]["position"] == "1"
    assert rows[0]["driver"] == winner.entry.driver.name and rows[0]["points"] == "25"


def test_results_and_standings_as_json(client, league):
    season, grid, rounds = build_season(league)
    results = client.get(reverse("results_export", args=[league.slug, season.slug, "json"])).json()
    assert results["season"] == season.name and len(results["results"]) == 6
    winner = Result.objects.get(session__round=rounds[0], position=1)
    assert results["results"][0]["figures"]["wear"] == winner.figures["wear"]
    assert set(results["results"][0]["figures"]["wear"]) == {"WP"}  # a basic race
    standings = client.get(
        reverse("standings_export", args=[league.slug, season.slug, "json"])
    ).json()
    table = DriverStanding.objects.filter(season=season).order_by("rank")
    assert [d["points"] for d in standings["drivers"]] == [s.points for s in table]
    leader = table[0].entry
    assert standings["drivers"][0]["rounds"] == {
        str(r.session.round.number): r.points for r in leader.results.all()
    }


def test_standings_as_csv_with_a_column_per_round(client, league):
    season, grid, rounds = build_season(league)
    response = client.get(reverse("standings_export", args=[league.slug, season.slug, "csv"]))
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    leader = DriverStanding.objects.get(season=season, rank=1)
    by_round = {r.session.round.number: r.points for r in leader.entry.results.all()}
    assert Decimal(rows[0]["R1"]) == by_round[1] and Decimal(rows[0]["R2"]) == by_round[2]
    assert Decimal(rows[0]["points"]) == leader.points == by_round[1] + by_round[2]


def test_an_unknown_export_format_is_404(client, league):
    season, grid, rounds = build_season(league, finished=0)
    assert (
        client.get(reverse("results_export", args=[league.slug, season.slug, "xml"])).status_code
        == 404
    )
