"""A season's page is kept until exactly something on it changes (issue 27,
item 4; league/page_versions.py): every kind of write of every row it shows
(a save, a delete, a queryset's update, a bulk create or update) gives the
season a new version, so the kept page a visitor gets after the write is
the page drawn from scratch; a write of what no page shows (a running
race's progress, a car's setup) keeps the page."""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.caching import memory_clear, standings_version
from league.models import Division, Driver, Entry, League, ScoringSystem, Season, Team
from races.models import Round, Session
from races.running.controls import session_queue
from tests.conftest import make_driver
from tests.web.conftest import build_season
from tests.web.test_kept_pages import without_token

pytestmark = pytest.mark.django_db


def page(url: str) -> str:
    return without_token(Client().get(url).content).decode()


def drawn_from_scratch(url: str) -> str:
    memory_clear()
    cache.clear()
    return page(url)


def _session(season) -> Session:
    return Session.objects.filter(round__season=season, round__number=2).first()


def _entry(season) -> Entry:
    return Entry.objects.filter(season=season).order_by("car_number").first()


def _later(season) -> None:
    session = _session(season)
    session.scheduled_at = session.round.scheduled_at - timedelta(hours=5)
    session.save()


def _autopilot(season) -> None:
    entries = list(Entry.objects.filter(season=season))
    for entry in entries:
        entry.autopilot = "off" if entry.autopilot != "off" else "basic"
    Entry.objects.bulk_update(entries, ["autopilot"])


def _renamed(row, name: str) -> None:
    row.name = name
    row.save()


def _newcomer(season) -> None:
    driver = make_driver("Newcomer Nia")
    Entry.objects.bulk_create([Entry(season=season, driver=driver, car_number=42)])


def _divided(season) -> None:
    (gold,) = Division.objects.bulk_create([Division(season=season, number=1, name="Gold")])
    Entry.objects.filter(pk=_entry(season).pk).update(division=gold)


def _teamed(season) -> None:
    team = Team.objects.create(season=season, name="Scuderia Giorno", colour="#123456")
    Entry.objects.filter(season=season).update(team=team)


# Each write, in one of the ways the code base writes, and a word it puts on the page.
WRITES = {
    "a session's status, by a queryset's update": (
        lambda s: Session.objects.filter(round__season=s, round__number=2).update(status="running"),
        "Race: Running",
    ),
    "a session queued, by the organiser's control (the base manager's update)": (
        lambda s: session_queue(session=Session.objects.get(round__season=s, round__number=2)),
        "Race: Queued",
    ),
    "a session's time, by a save": (_later, None),
    "an entry withdrawn, by a queryset's update": (
        lambda s: Entry.objects.filter(pk=_entry(s).pk).update(withdrawn=True),
        "withdrawn",
    ),
    "the autopilots, by a bulk update": (_autopilot, None),
    "an entry, by a bulk create": (_newcomer, "Newcomer Nia"),
    "a driver renamed, by a queryset's update": (
        lambda s: Driver.objects.filter(pk=_entry(s).driver_id).update(name="Renamed Rosa"),
        "Renamed Rosa",
    ),
    "the league renamed, by a save": (
        lambda s: _renamed(League.objects.get(pk=s.league_id), "Midnight League"),
        "Midnight League",
    ),
    "the scoring renamed, by a queryset's update": (
        lambda s: ScoringSystem.objects.filter(pk=s.scoring_id).update(name="Points of the Night"),
        "Points of the Night",
    ),
    "the season renamed, by a queryset's update": (
        lambda s: Season.objects.filter(pk=s.pk).update(name="Winter Series"),
        "Winter Series",
    ),
    "a round renamed, by a save": (
        lambda s: _renamed(Round.objects.get(season=s, number=2), "Grand Prix of the Dunes"),
        "Grand Prix of the Dunes",
    ),
    "a round deleted": (lambda s: Round.objects.filter(season=s, number=2).delete(), None),
    "a team renamed, by a save": (
        lambda s: _renamed(Team.objects.get(season=s), "Scuderia Notte"),
        "Scuderia Notte",
    ),
    "a division made, by a bulk create, and an entry put in it": (_divided, "Gold"),
    "a division renamed, by a save": (
        lambda s: _renamed(Division.objects.get(season=s), "Platinum"),
        "Platinum",
    ),
}


# What a write changes, made before the page is first drawn.
PREPARED = {
    "a team renamed, by a save": _teamed,
    "a division renamed, by a save": _divided,
}


@pytest.mark.parametrize("what", WRITES)
def test_the_kept_season_page_after_a_write_is_the_page_drawn_from_scratch(league, what):
    write, word = WRITES[what]
    season, grid, rounds = build_season(league, finished=1, team_mode=what in PREPARED)
    PREPARED.get(what, lambda season: None)(season)
    url = reverse("season", args=[league.slug, season.slug])
    before = page(url)
    version = standings_version(season.pk)
    with transaction.atomic():
        write(season)
    assert standings_version(season.pk) != version
    kept = page(url)
    assert kept != before
    if word:
        assert word in kept and word not in before
    assert kept == drawn_from_scratch(url)


def test_writes_of_what_no_page_shows_keep_the_season_page(league):
    season, grid, rounds = build_season(league, finished=1)
    version = standings_version(season.pk)
    session = _session(season)
    session.progress = {"lap": 1}
    session.save(update_fields=["progress"])
    Session.objects.filter(pk=session.pk).update(claim="abc", live=True)
    entries = list(Entry.objects.filter(season=season))
    Entry.objects.bulk_update(entries, ["carry"])
    assert standings_version(season.pk) == version


@pytest.mark.django_db(transaction=True)
def test_a_page_drawn_inside_the_writing_transaction_is_not_kept_past_its_commit(league):
    """The version is new before a page is drawn inside the writing
    transaction and again at the commit: a page drawn in between (from rows
    not yet committed) is never served after it."""
    season, grid, rounds = build_season(league, finished=1)
    before = standings_version(season.pk)
    with transaction.atomic():
        Season.objects.filter(pk=season.pk).update(name="Winter Series")
        during = standings_version(season.pk)
        assert standings_version(season.pk) == during  # no write since
        Season.objects.filter(pk=season.pk).update(name="Winter Series II")
        again = standings_version(season.pk)
    after = standings_version(season.pk)
    assert len({before, during, again, after}) == 4


@pytest.mark.django_db(transaction=True)
def test_a_transaction_writing_many_rows_of_a_season_bumps_it_once_at_commit(league):
    """A stored session writes several rows of its season: without a page
    drawn in between, one new version at the commit, not one a write."""
    season, grid, rounds = build_season(league, finished=1)
    session = _session(season)
    with transaction.atomic():
        Season.objects.filter(pk=season.pk).update(name="Winter Series")
        Session.objects.filter(pk=session.pk).update(status="running")
        Round.objects.filter(season=season).update(name="Round")
        hooks = [h for _, h, _ in connection.run_on_commit if hasattr(h, "season_ids")]
        assert [h.season_ids for h in hooks] == [frozenset({season.pk})]
        before = cache.get(f"standings-version:{season.pk}")
    assert cache.get(f"standings-version:{season.pk}") != before


@pytest.mark.django_db(transaction=True)
def test_a_bump_of_a_savepoint_rolled_back_is_made_again_by_the_next_write(league):
    season, grid, rounds = build_season(league, finished=1)
    before = standings_version(season.pk)
    with transaction.atomic():
        try:
            with transaction.atomic():
                Season.objects.filter(pk=season.pk).update(name="Gone")
                raise RuntimeError("rolled back")
        except RuntimeError:
            pass
        Season.objects.filter(pk=season.pk).update(name="Kept")
    assert standings_version(season.pk) != before


def test_a_write_touching_no_row_keeps_the_page(league):
    season, grid, rounds = build_season(league, finished=1)
    version = standings_version(season.pk)
    assert (
        Session.objects.filter(round__season=season, status="cancelled").update(status="scheduled")
        == 0
    )
    assert standings_version(season.pk) == version


def test_another_seasons_write_keeps_this_seasons_page(league):
    season, grid, rounds = build_season(league, finished=1)
    other, *_ = build_season(league, finished=0, slug="other")
    version = standings_version(season.pk)
    Session.objects.filter(round__season=other).update(status="running")
    Season.objects.filter(pk=other.pk).update(name="Elsewhere")
    assert standings_version(season.pk) == version


def test_a_session_saved_with_its_round_loaded_finds_its_season_without_a_query(
    league, django_assert_num_queries
):
    season, grid, rounds = build_season(league, finished=1)
    session = Session.objects.select_related("round").get(pk=_session(season).pk)
    version = standings_version(season.pk)
    session.status = "running"
    with django_assert_num_queries(1):  # the UPDATE alone
        session.save(update_fields=["status"])
    assert standings_version(season.pk) != version
    alone = Session.objects.get(pk=session.pk)
    alone.status = "queued"
    with django_assert_num_queries(2):  # and its season's id through the round
        alone.save(update_fields=["status"])


def test_one_reads_a_row_by_id_without_ordering_or_none(league):
    """PageRows.one(): first() would order by Session's ordering, whose
    joins reach the league, or by the id; one() compiles neither."""
    season, grid, rounds = build_season(league, finished=0)
    session = _session(season)
    rows = Session.objects.select_related("round__season").filter(pk=session.pk)
    with CaptureQueriesContext(connection) as read:
        assert rows.one() == session
    assert "ORDER BY" not in read.captured_queries[0]["sql"]
    assert "league_league" not in read.captured_queries[0]["sql"]
    assert Session.objects.filter(pk=-1).one() is None
