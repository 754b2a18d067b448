"""Pages anyone may read: home, league, season, standings, drivers, teams."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from league import selectors
from league.caching import (
    is_public_view,
    kept_page,
    page_get,
    page_put,
    page_respond,
    season_id_forget,
    season_id_lookup,
)
from league.models import Driver, Entry, League, Team, TeamChange, TeamStanding
from league.permissions import can_manage
from races.models import Result, Session
from races.results.standings import team_of_round
from seasons import pages


@require_GET
def home(request):
    return kept_page(
        request,
        pages.home_page_key,
        lambda public: render(request, "home.html", pages.home_context(public)),
    )


@require_GET
def league_detail(request, league_slug: str):
    league = get_object_or_404(League.objects.select_related("owner"), slug=league_slug)
    context = {
        "league": league,
        # A tournament's tables race in a season of its own, shown as the tournament.
        "seasons": list(league.seasons.filter(tournament__isnull=True)),
        "tournaments": list(league.tournaments.all()),
        "stewards": list(league.stewards.all()),
        "can_manage": can_manage(request.user, league),
    }
    return render(request, "league.html", context)


def _sort(request) -> str:
    sort = request.GET.get("sort", "rank")
    return sort if sort in pages.STANDINGS_SORTS else "rank"


def _kept_season_page(request, league_slug: str, season_slug: str, key_of, make):
    """A season's page, the same for every visitor until something on it
    changes: a result, or a write of a row it shows (league/page_versions.py),
    gives the season a new version, so a kept page costs the version's read
    and no query. `key_of(season_id)` names it; `make(season, public)`
    renders it."""
    if not is_public_view(request):
        return make(selectors.season_get(league_slug, season_slug), False)
    season_id = season_id_lookup(league_slug, season_slug)
    if season_id is None:
        raise Http404("No such season.")
    key = key_of(season_id)
    body = page_get(key)
    if body is None:
        season = selectors.season_get(league_slug, season_slug)
        body = make(season, True).content
        if season.pk == season_id:
            page_put(key, body)
        else:  # the slugs name a season made since: forget the old id
            season_id_forget(league_slug, season_slug)
    return page_respond(request, body)


@require_GET
def season_detail(request, league_slug: str, season_slug: str):
    sort = _sort(request)
    return _kept_season_page(
        request,
        league_slug,
        season_slug,
        lambda season_id: pages.season_page_key(season_id, sort),
        lambda season, public: render(
            request,
            "season.html",
            pages.season_context(request.user, season, sort=sort, public=public),
        ),
    )


@require_GET
def standings(request, league_slug: str, season_slug: str):
    sort = _sort(request)
    template = "standings.html#standings" if request.htmx else "standings.html"
    return _kept_season_page(
        request,
        league_slug,
        season_slug,
        lambda season_id: pages.standings_page_key(season_id, sort, template),
        lambda season, public: render(
            request, template, pages.standings_context(season, sort=sort, public=public)
        ),
    )


@require_GET
def driver_detail(request, driver_id: int):
    driver = get_object_or_404(Driver, pk=driver_id)
    return render(request, "driver.html", pages.driver_context(driver))


@require_GET
def team_detail(request, team_id: int):
    team = get_object_or_404(Team.objects.select_related("season__league"), pk=team_id)
    members = list(team.members.select_related("driver", "standing").order_by("car_number"))
    results = _team_results(team)
    standing = TeamStanding.objects.filter(team=team).first()
    members_stats = [
        {
            "entry": m,
            "standing": getattr(m, "standing", None),
            "stats": pages.statistics([r for r in results if r.entry_id == m.pk]),
        }
        for m in members
    ]
    context = {
        "team": team,
        "season": team.season,
        "standing": standing,
        "members": members_stats,
        "history": pages.history(results),
        "stats": pages.statistics(results),
        "can_manage": can_manage(request.user, team.season.league),
    }
    return render(request, "team.html", context)


def _team_results(team: Team) -> list[Result]:
    """The results the team scored: each car's rounds while it drove for the
    team (a driver who changed team counts here only for those rounds)."""
    changes = list(
        TeamChange.objects.filter(entry__season=team.season_id).values_list(
            "entry_id", "team_id", "from_round"
        )
    )
    entries = dict(Entry.objects.filter(season=team.season_id).values_list("id", "team_id"))
    ever = {e for e, t in entries.items() if t == team.pk} | {
        e for e, t, _ in changes if t == team.pk
    }
    team_in = team_of_round(entries, changes)
    results = (
        Result.objects.filter(entry__in=ever, session__status=Session.Status.FINISHED)
        .select_related("session__round__season", "entry__driver")
        .defer("session__event_log", "session__actions", "session__config", "session__seats")
        .order_by("session__round__number", "session__kind", "position")
    )
    return [r for r in results if team_in(r.entry_id, r.session.round.number) == team.pk]


@require_GET
def bare(request):
    """A few bytes: the baseline bench/pages.py compares pages against."""
    return HttpResponse(b"ok", content_type="text/plain")
