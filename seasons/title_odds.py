"""A season's title odds and clinch states, after each round: loads the
season as plain data (league/title/completions.py), asks the exact clinch
(league/title/clinch.py) and the simulation (league/title/odds.py) with strengths from
the ratings, and stores the answer for the pages, the chart and the API."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from league.caching import season_changed
from league.models import Entry, Season, TeamChange
from league.scoring import tables as scoring
from league.title.clinch import driver_outlooks, team_outlooks
from league.title.completions import RoundToCome, SeasonSoFar, season_from_results
from league.title.odds import title_odds
from races.models import Round, Session
from races.results.standings import result_penalties, result_rows, team_of_round
from ratings import skill as rating_model
from ratings.models import Rating, TitleOdds


def season_so_far(season: Season) -> tuple[SeasonSoFar, dict[int, Entry]]:
    """The season as plain data, scored as its standings are (the same rows,
    penalties and team spells, league/scoring/championship.py): every entry's round
    scores, the teams' tables, the rounds held and to come with their
    multipliers and each team's cars in them. Keys are entry and team ids."""
    spells = team_of_round(
        dict(Entry.objects.filter(season=season).order_by().values_list("id", "team_id")),
        list(
            TeamChange.objects.filter(entry__season=season)
            .order_by()
            .values_list("entry_id", "team_id", "from_round")
        ),
    )
    rows, _ = result_rows(season, spells)
    held_races = {r.round for r in rows if r.session == Session.Kind.RACE}
    quali_done = {r.round for r in rows if r.session == Session.Kind.QUALIFYING}
    entries = {
        e.pk: e
        for e in Entry.objects.filter(season=season)
        .select_related("driver", "team")
        .order_by("car_number")
        if not e.withdrawn or any(r.entry == e.pk for r in rows)
    }
    timed = Round.QualifyingFormat.TIMED_LAP
    to_come = []
    for r in Round.objects.filter(season=season).order_by("number"):
        if r.number in held_races:
            continue
        lineup: dict[int, list[int]] = defaultdict(list)
        if season.team_mode:
            for entry_id in entries:
                team = spells(entry_id, r.number)
                if team is not None:
                    lineup[team].append(entry_id)
        to_come.append(
            RoundToCome(
                number=r.number,
                multiplier=r.points_multiplier,
                qualifying=r.qualifying_format == timed and r.number not in quali_done,
                teams={t: tuple(m) for t, m in lineup.items()},
            )
        )
    teams = list(season.teams.order_by().values_list("id", flat=True)) if season.team_mode else []
    so_far = season_from_results(
        scoring.PointsTable.of(season.scoring),
        rows,
        to_come=to_come,
        penalties=result_penalties(season),
        entries=list(entries),
        teams=teams,
    )
    if not season.team_mode:
        so_far = replace(so_far, team_records={})
    return so_far, entries


def strengths(season: Season, entries: dict[int, Entry]) -> dict[int, float]:
    """Each entry's Plackett–Luce strength in the season's game: a person's
    rating, a bot's level's rating, a newcomer's starting rating."""
    ratings = Rating.objects.filter(game=season.game)
    by_driver = {r.driver_id: r for r in ratings if r.driver_id}
    by_level = {r.bot_level: r for r in ratings if not r.driver_id}
    skills = []
    for entry in entries.values():
        found = (
            by_level.get(entry.autopilot) if entry.driver.is_bot else by_driver.get(entry.driver_id)
        )
        skills.append(
            rating_model.Skill(found.mu, found.sigma) if found else rating_model.initial()
        )
    weights = rating_model.win_strengths(skills)
    return dict(zip(entries, weights, strict=True))


def _simulations() -> int:
    return int(getattr(settings, "TITLE_ODDS_SIMULATIONS", 10_000))


@transaction.atomic
def title_odds_refresh(*, season_id: int) -> TitleOdds | None:
    """Compute and store the odds after the season's latest held round (the
    same round computed again replaces its row: idempotent, and seeded, so
    the same results and ratings give the same odds)."""
    season = Season.objects.select_related("scoring").filter(pk=season_id).first()
    # A season with divisions has a title a division; the odds model one
    # field, so none are told rather than odds across divisions (issue 26).
    if season is None or season.divisions.exists():
        return None
    so_far, entries = season_so_far(season)
    if not so_far.held or not entries:
        return None
    after_round = max(so_far.held)
    simulations = _simulations()
    outlooks = driver_outlooks(so_far)
    odds = title_odds(
        so_far,
        strengths(season, entries),
        simulations=simulations,
        seed=f"{season.pk}:{after_round}",
    )
    drivers = _driver_odds_rows(odds, outlooks, entries)
    teams = _team_odds_rows(season, so_far, odds)
    row = TitleOdds(
        season=season,
        after_round=after_round,
        computed_at=timezone.now(),
        simulations=simulations,
        seed=f"{season.pk}:{after_round}",
        drivers=drivers,
        teams=teams,
    )
    # One statement that inserts or replaces (INSERT ... ON CONFLICT): two
    # raters of the same round (a result stored twice) never collide on the
    # unique row, as a read-then-insert would.
    TitleOdds.objects.bulk_create(
        [row],
        update_conflicts=True,
        unique_fields=["season", "after_round"],
        update_fields=["computed_at", "simulations", "seed", "drivers", "teams"],
    )
    season_changed(season_id=season.pk)
    return row


def _outlook_fields(chance, outlook) -> dict:
    """What a driver's and a team's stored row share: the simulated chances
    and the exact clinch outlook."""
    return {
        "title": chance.title,
        "top_three": chance.top_three,
        "expected_position": round(chance.expected_position, 2),
        "margin": chance.margin,
        "state": outlook.state,
        "best": outlook.best,
        "worst": outlook.worst,
        "exact": outlook.exact,
        "proven": outlook.proven,
    }


def _driver_odds_rows(odds, outlooks, entries: dict[int, Entry]) -> list[dict]:
    drivers = []
    for entry_id, chance in odds.drivers.items():
        entry = entries[entry_id]
        drivers.append(
            {
                "entry_id": entry_id,
                "driver_id": entry.driver_id,
                "name": entry.driver.name,
                "car_number": entry.car_number,
                **_outlook_fields(chance, outlooks[entry_id]),
            }
        )
    drivers.sort(key=lambda d: (-d["title"], d["expected_position"], d["car_number"]))
    return drivers


def _team_odds_rows(season: Season, so_far: SeasonSoFar, odds) -> list[dict]:
    team_states = team_outlooks(so_far)
    names = dict(season.teams.values_list("id", "name"))
    teams = []
    for team_id, chance in odds.teams.items():
        teams.append(
            {
                "team_id": team_id,
                "name": names.get(team_id, ""),
                **_outlook_fields(chance, team_states[team_id]),
            }
        )
    teams.sort(key=lambda t: (-t["title"], t["expected_position"], t["name"]))
    return teams


def title_odds_after_session(*, session_id: int) -> TitleOdds | None:
    season_id = (
        Session.objects.filter(pk=session_id).values_list("round__season_id", flat=True).first()
    )
    return None if season_id is None else title_odds_refresh(season_id=season_id)
