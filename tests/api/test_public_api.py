"""The public API: every endpoint, what it hides, its pagination and query
counts, and an OpenAPI document that validates."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from openapi_spec_validator import validate

from league.models import League, Team
from races.models import Session
from ratings.updates import ratings_rebuild
from tests.web.conftest import build_season, race_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def gp(league):
    season, grid, rounds = build_season(league, entries=3, rounds=3, finished=2)
    return season, grid, rounds


def count_queries(api_get, path, **params) -> int:
    cache.clear()
    with CaptureQueriesContext(connection) as captured:
        assert api_get(path, **params).status_code == 200
    return len(captured)


def test_the_openapi_document_validates_and_lists_every_endpoint(api_get, db):
    document = api_get("/openapi.json").json()
    validate(document)
    assert set(document["paths"]) == {
        "/api/leagues",
        "/api/leagues/{league}",
        # Tournaments (api/tournaments.py).
        "/api/leagues/{league}/tournaments",
        "/api/leagues/{league}/tournaments/{tournament}",
        "/api/leagues/{league}/seasons",
        "/api/leagues/{league}/seasons/{season}",
        "/api/leagues/{league}/seasons/{season}/rounds",
        "/api/leagues/{league}/seasons/{season}/standings",
        "/api/leagues/{league}/seasons/{season}/odds",
        "/api/sessions/{session_id}",
        "/api/sessions/{session_id}/record",
        "/api/ratings/{game}",
        # The organiser's writes, with a token (tests/api/test_writes.py).
        "/api/me",
        "/api/sessions/{session_id}/result",
        "/api/sessions/{session_id}/result/import",
        "/api/leagues/{league}/seasons/{season}/entries",
        "/api/entries/{entry_id}/withdraw",
    }


def test_the_docs_page_is_served_from_paddock_alone(api_get, db):
    page = api_get("/docs")
    html = page.content.decode()
    assert page.status_code == 200
    assert "GET /api/leagues/{league}/seasons/{season}/standings" in html
    assert "/static/js/api_docs.js" in html
    for remote in ("cdn", "unpkg", "jsdelivr", "https://"):
        assert remote not in html.lower()


def test_leagues_are_paginated(api_get, owner):
    for n in range(5):
        League.objects.create(name=f"League {n}", slug=f"l{n}", owner=owner)
    first = api_get("/leagues", page=1, page_size=2).json()
    third = api_get("/leagues", page=3, page_size=2).json()
    assert (first["count"], first["page"], first["page_size"]) == (5, 1, 2)
    assert [x["slug"] for x in first["items"]] == ["l0", "l1"]
    assert [x["slug"] for x in third["items"]] == ["l4"]
    assert first["items"][0]["organiser"] == "olivia"
    assert api_get("/leagues", page_size=1000).status_code == 422


def test_a_league_and_its_seasons(api_get, gp, league):
    season = gp[0]
    assert api_get(f"/leagues/{league.slug}").json()["name"] == "Tuesday Night GP"
    seasons = api_get(f"/leagues/{league.slug}/seasons").json()
    assert [s["slug"] for s in seasons["items"]] == [season.slug]
    one = api_get(f"/leagues/{league.slug}/seasons/{season.slug}").json()
    assert (one["game"], one["game_name"], one["status"]) == ("formula_d", "Formula D", "running")
    assert api_get("/leagues/nowhere").json() == {"detail": "No League matches the given query."}
    assert api_get("/leagues/nowhere").status_code == 404


def test_rounds_show_seeds_only_for_finished_sessions(api_get, gp, league):
    season = gp[0]
    rounds = api_get(f"/leagues/{league.slug}/seasons/{season.slug}/rounds").json()
    assert rounds["count"] == 3
    sessions = [s for r in rounds["items"] for s in r["sessions"]]
    by_id = {s.pk: s for s in Session.objects.all()}
    for shown in sessions:
        stored = by_id[shown["id"]]
        if stored.status == Session.Status.FINISHED:
            assert shown["seed"] == stored.seed and shown["log_sha256"] == stored.log_sha256
        else:
            assert shown["seed"] is None and shown["log_sha256"] is None
    assert any(s["seed"] is None for s in sessions)


def test_a_session_shows_results_once_finished_and_never_a_seed_before(api_get, gp):
    _, _, rounds = gp
    finished = rounds[0].sessions.get(kind="race")
    waiting = rounds[2].sessions.get(kind="race")
    done = api_get(f"/sessions/{finished.pk}").json()
    assert done["seed"] == finished.seed and len(done["results"]) == 3
    assert done["results"][0]["position"] == 1 and done["replay_url"]
    body = api_get(f"/sessions/{waiting.pk}")
    text = body.content.decode()
    assert body.json()["results"] == [] and body.json()["seed"] is None
    assert waiting.seed not in text
    for private in ("actions", "seats", "config", "event_log", "email", "password"):
        assert f'"{private}"' not in text
    assert api_get("/sessions/999999").status_code == 404


def test_standings_match_the_stored_table(api_get, gp, league):
    season = gp[0]
    data = api_get(f"/leagues/{league.slug}/seasons/{season.slug}/standings").json()
    stored = list(season.driver_standings.order_by("rank", "entry__car_number"))
    assert [(d["rank"], d["name"], d["points"]) for d in data["drivers"]] == [
        (s.rank, s.entry.driver.name, s.points) for s in stored
    ]
    assert data["teams"] == []


def test_a_new_result_is_seen_at_once_despite_the_cache(api_get, gp, league):
    season, _, rounds = gp
    path = f"/leagues/{league.slug}/seasons/{season.slug}/standings"
    before = api_get(path).json()
    race_session(rounds[2])
    after = api_get(path).json()
    assert sum(d["points"] for d in after["drivers"]) > sum(d["points"] for d in before["drivers"])


def test_odds_are_empty_until_computed(api_get, gp, league):
    season = gp[0]
    data = api_get(f"/leagues/{league.slug}/seasons/{season.slug}/odds").json()
    assert (data["simulations"], data["drivers"], data["after_round"]) == (0, [], None)


def test_ratings_ladder(api_get, gp):
    ratings_rebuild()
    data = api_get("/ratings/formula_d").json()
    assert data["count"] == 3 and [r["rank"] for r in data["items"]] == [1, 2, 3]
    assert data["items"][0]["rating"] >= data["items"][1]["rating"]
    assert api_get("/ratings/chess").status_code == 404


def test_writes_are_not_allowed(client, gp, league):
    assert client.post("/api/leagues").status_code == 405
    assert client.delete(f"/api/leagues/{league.slug}").status_code == 405


@pytest.fixture
def small_and_large(league):
    small = build_season(league, entries=3, rounds=1, slug="small", team_mode=True)
    large = build_season(league, entries=10, rounds=5, slug="large", team_mode=True)
    for season, grid, _ in (small, large):
        team = Team.objects.create(season=season, name=f"T{season.slug}")
        for entry in grid[:2]:
            entry.team = team
            entry.save()
    ratings_rebuild()
    return small[0], large[0]


@pytest.mark.parametrize("endpoint", ["rounds", "standings", "odds", "", "session", "ratings"])
def test_query_counts_stay_flat_as_rows_grow(api_get, small_and_large, league, endpoint):
    counts = []
    for season in small_and_large:
        if endpoint == "session":
            last = Session.objects.filter(round__season=season, status="finished").last()
            path = f"/sessions/{last.pk}"
        elif endpoint == "ratings":
            path = "/ratings/formula_d"
        else:
            path = f"/leagues/{league.slug}/seasons/{season.slug}/{endpoint}".rstrip("/")
        counts.append(count_queries(api_get, path))
    assert counts[0] == counts[1], counts
    assert counts[0] <= 6


def test_league_lists_take_the_same_queries_for_more_rows(api_get, owner):
    League.objects.create(name="A", slug="a", owner=owner)
    few = count_queries(api_get, "/leagues")
    for n in range(20):
        League.objects.create(name=f"B{n}", slug=f"b{n}", owner=owner)
    assert count_queries(api_get, "/leagues") == few
