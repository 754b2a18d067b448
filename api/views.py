"""Paddock's public API: read-only JSON for leagues, seasons, rounds,
sessions, results, standings, title odds and ratings, with its OpenAPI
document at /api/openapi.json and browsable docs at /api/docs (served by
Paddock itself: no script or style from elsewhere).

Everything here is what an anonymous visitor of the pages sees. Lists are
paginated (`page`, `page_size`); answers are cached, a season's under its
standings version and page fingerprint, so a stored result, a penalty or an
organiser's change is seen at once, and the rest for a few seconds.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.cache import cache
from django.http import Http404, HttpResponse
from ninja import Field as F
from ninja import NinjaAPI, Query, Schema

from api import reads
from api.docs import PaddockDocs
from api.schemas import (
    LeagueOut,
    LeaguePage,
    OddsOut,
    Problem,
    RatingPage,
    RoundPage,
    SeasonOut,
    SeasonPage,
    SessionDetail,
    SessionRecord,
    StandingsOut,
)
from api.tournaments import router as tournaments_router
from api.writes import writes_register
from league.caching import standings_version
from races.rules import game_choices

SHORT_SECONDS = 15
SEASON_SECONDS = 3600
MAX_PAGE_SIZE = 100

api = NinjaAPI(
    title="Paddock public API",
    version="1",
    description=(
        "Data of Paddock's championships: everything the public pages show, as JSON "
        "(no token needed). Seeds and event-log hashes appear once a session has finished. "
        "Organisers' writes (results, entries, rounds) take a personal access token made on "
        "their account page, sent as `Authorization: Bearer <token>`, with the scope the "
        "write names; a token reaches only the leagues its person runs or stewards."
    ),
    docs=PaddockDocs(),
    docs_url="/docs",
    urls_namespace="api",
)


api.add_router("/leagues", tournaments_router)


class Paging(Schema):
    page: int = F(1, ge=1, le=100_000)
    page_size: int = F(25, ge=1, le=MAX_PAGE_SIZE)


def _cached(key: str, seconds: int, build: Callable[[], dict]) -> dict:
    found = cache.get(key)
    if found is None:
        found = build()
        cache.set(key, found, timeout=seconds)
    return found


def _season_key(season, name: str) -> str:
    # Every write of what a season's reads show gives it a new standings
    # version (league/page_versions.py).
    return f"api:{name}:{season.pk}:{standings_version(season.pk)}"


def _paged(data: dict, paging: Paging) -> dict:
    return {**data, "page": paging.page, "page_size": paging.page_size}


@api.get("/leagues", response=LeaguePage, tags=["leagues"], summary="All leagues")
def leagues(request, paging: Query[Paging]):
    key = f"api:leagues:{paging.page}:{paging.page_size}"
    return _paged(_cached(key, SHORT_SECONDS, lambda: reads.leagues(**paging.dict())), paging)


@api.get(
    "/leagues/{league}",
    response={200: LeagueOut, 404: Problem},
    tags=["leagues"],
    summary="One league",
)
def league(request, league: str):
    return reads.league_out(reads.league_get(league))


@api.get(
    "/leagues/{league}/seasons",
    response={200: SeasonPage, 404: Problem},
    tags=["seasons"],
    summary="A league's seasons, newest first",
)
def seasons(request, league: str, paging: Query[Paging]):
    found = reads.league_get(league)
    key = f"api:seasons:{found.pk}:{paging.page}:{paging.page_size}"
    data = _cached(key, SHORT_SECONDS, lambda: reads.seasons(found, **paging.dict()))
    return _paged(data, paging)


@api.get(
    "/leagues/{league}/seasons/{season}",
    response={200: SeasonOut, 404: Problem},
    tags=["seasons"],
    summary="One season: game, rules, scoring",
)
def season(request, league: str, season: str):
    return reads.season_out(reads.season_get(league, season))


@api.get(
    "/leagues/{league}/seasons/{season}/rounds",
    response={200: RoundPage, 404: Problem},
    tags=["seasons"],
    summary="A season's rounds with their sessions",
)
def rounds(request, league: str, season: str, paging: Query[Paging]):
    found = reads.season_get(league, season)
    key = _season_key(found, f"rounds:{paging.page}:{paging.page_size}")
    data = _cached(key, SEASON_SECONDS, lambda: reads.rounds(found, **paging.dict()))
    return _paged(data, paging)


@api.get(
    "/leagues/{league}/seasons/{season}/standings",
    response={200: StandingsOut, 404: Problem},
    tags=["standings"],
    summary="Driver and team standings",
)
def standings(request, league: str, season: str):
    found = reads.season_get(league, season)
    return _cached(_season_key(found, "standings"), SEASON_SECONDS, lambda: reads.standings(found))


@api.get(
    "/leagues/{league}/seasons/{season}/odds",
    response={200: OddsOut, 404: Problem},
    tags=["standings"],
    summary="Title odds and clinch states after the latest round",
)
def odds(request, league: str, season: str):
    found = reads.season_get(league, season)
    key = f"api:odds:{found.pk}:{standings_version(found.pk)}"
    return _cached(key, SHORT_SECONDS, lambda: reads.odds(found))


@api.get(
    "/sessions/{session_id}",
    response={200: SessionDetail, 404: Problem},
    tags=["sessions"],
    summary="A session and, once it has finished, its results, seed and log hash",
)
def session(request, session_id: int):
    key = f"api:session:{session_id}"
    return _cached(key, SHORT_SECONDS, lambda: reads.session_detail(session_id))


@api.get(
    "/sessions/{session_id}/record",
    response={200: SessionRecord, 404: Problem},
    tags=["sessions"],
    summary="A finished session's record: replay it with `python -m races.rules verify FILE`",
)
def session_record_get(request, session_id: int):
    # The record's own canonical bytes, the same as the session page serves.
    text = reads.session_record(session_id)
    return HttpResponse(text, content_type="application/json; charset=utf-8")


@api.get(
    "/ratings/{game}",
    response={200: RatingPage, 404: Problem},
    tags=["ratings"],
    summary="A game's ladder: people and bot levels, strongest first",
)
def ratings(request, game: str, paging: Query[Paging]):
    if game not in dict(game_choices()):
        raise Http404("No such game.")
    key = f"api:ratings:{game}:{paging.page}:{paging.page_size}"
    data = _cached(key, SHORT_SECONDS, lambda: reads.ratings(game, **paging.dict()))
    return _paged(data, paging)


writes_register(api)


@api.exception_handler(Http404)
def not_found(request, error):
    return api.create_response(request, {"detail": str(error) or "Not found."}, status=404)
