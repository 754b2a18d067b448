"""Issue 23, "Data loss": each defect as it was found, through the pages,
and shown gone. A draft season that never left Draft, a withdrawal that
deleted the entry and its results (and moved everyone behind up), no
confirmation, a team deleted with its last entry, a Remove button that
removed at once; and the season's stages, removals restored, and the
league's history that records all of it."""

import csv
import io

import pytest
from django.urls import reverse

from league.models import DriverStanding, Entry, LeagueChange, Removal, Season, Team
from league.organise.entries import entry_create
from races.models import Result, Session
from races.results.store import SeatResult, results_enter
from races.rounds.edits import round_create
from tests.conftest import make_driver, make_season
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db


def draft_season(league, *, rounds=2, team_mode=False):
    """A season still in Draft, as the organiser left it: entries, rounds,
    nothing run."""
    season = make_season(
        league, slug="draft", team_mode=team_mode, team_size=4, grid_size=4, fill_with_bots=False
    )
    assert season.status == Season.Status.DRAFT
    team = Team.objects.create(season=season, name="Red") if team_mode else None
    grid = [
        entry_create(season=season, driver=make_driver(f"Driver {n}"), car_number=n, team=team)
        for n in range(1, 5)
    ]
    made = [
        round_create(season=season, number=n, name=f"Round {n} GP", track="paddock_ring", laps=1)
        for n in range(1, rounds + 1)
    ]
    return season, grid, made


def race_of(rnd) -> Session:
    return rnd.sessions.get(kind=Session.Kind.RACE)


def post_result(client, session, order):
    data = {}
    for place, entry in enumerate(order, start=1):
        data[f"car{entry.pk}-position"] = place
        data[f"car{entry.pk}-status"] = "finished"
    return client.post(reverse("results_entry", args=[session.pk]), data)


def standings(season):
    return {
        s.entry.car_number: (s.rank, s.points)
        for s in DriverStanding.objects.filter(season=season).select_related("entry")
    }


def test_a_draft_season_leaves_draft_by_itself_once_a_result_is_stored(client, league, owner):
    season, grid, rounds = draft_season(league)
    organiser = client_for(client, owner)
    assert post_result(organiser, race_of(rounds[0]), grid).status_code == 302
    season.refresh_from_db()
    assert season.status == Season.Status.RUNNING
    page = organiser.get(season.get_absolute_url()).content.decode()
    assert 'id="season-stage"' in page and "Running" in page
    assert post_result(organiser, race_of(rounds[1]), grid).status_code == 302
    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED  # the last round scored
    moves = LeagueChange.objects.filter(topic="life_cycle", season=season)
    assert [(m.before, m.after, m.actor_name) for m in moves.order_by("pk")] == [
        ("Draft", "Running", "Paddock"),
        ("Running", "Finished", "Paddock"),
    ]


def test_withdrawing_a_driver_who_scored_keeps_the_entry_results_and_places(client, league, owner):
    season, grid, rounds = draft_season(league)
    # The season is still Draft when the result comes in (as it was found).
    results_enter(
        session=race_of(rounds[0]),
        lines=[
            SeatResult(entry_id=e.pk, seat=f"s{e.pk}", position=p, status="finished")
            for p, e in enumerate(grid, start=1)
        ],
        user=owner,
    )
    before = standings(season)
    stored = Result.objects.filter(session__round__season=season).count()
    organiser = client_for(client, owner)
    page = organiser.get(reverse("entry_withdraw", args=[grid[0].pk])).content.decode()
    assert "Withdraw #1 Driver 1?" in page
    assert "Their 1 result and the points it scored stay" in page
    response = organiser.post(reverse("entry_withdraw", args=[grid[0].pk]), {"confirm": "yes"})
    assert response.status_code == 302
    entry = Entry.objects.get(pk=grid[0].pk)
    assert entry.withdrawn
    assert Result.objects.filter(session__round__season=season).count() == stored
    assert standings(season) == before  # nobody behind moved up
    assert before[1] == (1, 25)
    line = LeagueChange.objects.get(topic="entry", summary="%(entry)s withdrew")
    assert line.actor == owner and line.after_words() == "Withdrawn, results kept"


def test_a_withdrawal_needs_its_confirmation(client, league, owner):
    season, grid, rounds = draft_season(league)
    organiser = client_for(client, owner)
    edit = organiser.get(reverse("entry_edit", args=[grid[1].pk])).content.decode()
    assert 'id="withdraw-link"' in edit and 'action="/entries/' not in edit
    assert organiser.post(reverse("entry_withdraw", args=[grid[1].pk])).status_code == 200
    assert Entry.objects.filter(pk=grid[1].pk, withdrawn=False).exists()


def test_removing_a_teams_last_entry_keeps_the_team(client, league, owner):
    season, grid, rounds = draft_season(league, team_mode=True)
    red = Team.objects.get(season=season)
    organiser = client_for(client, owner)
    for entry in grid:
        page = organiser.get(reverse("entry_remove", args=[entry.pk])).content.decode()
        assert "The team Red stays." in page
        organiser.post(reverse("entry_remove", args=[entry.pk]), {"confirm": "yes"})
    assert not Entry.objects.filter(season=season).exists()
    assert Team.objects.filter(pk=red.pk).exists()


def test_the_remove_button_goes_through_a_confirmation_page(client, league, owner):
    season, grid, rounds = draft_season(league)
    organiser = client_for(client, owner)
    edit = organiser.get(reverse("entry_edit", args=[grid[2].pk])).content.decode()
    assert 'id="remove-link"' in edit
    page = organiser.get(reverse("entry_remove", args=[grid[2].pk])).content.decode()
    assert "Remove the entry #3 Driver 3?" in page and 'id="what-changes"' in page
    organiser.post(reverse("entry_remove", args=[grid[2].pk]))  # no confirmation: nothing
    assert Entry.objects.filter(pk=grid[2].pk).exists()


def test_an_entry_with_results_is_refused_removal_with_the_reason(client, league, owner):
    season, grid, rounds = draft_season(league)
    organiser = client_for(client, owner)
    post_result(organiser, race_of(rounds[0]), grid)
    page = organiser.get(reverse("entry_remove", args=[grid[0].pk])).content.decode()
    assert "withdraw them instead" in page and 'id="confirm-form"' not in page
    organiser.post(reverse("entry_remove", args=[grid[0].pk]), {"confirm": "yes"})
    assert Entry.objects.filter(pk=grid[0].pk).exists()


def test_a_removed_entry_is_restored_from_the_removed_things(client, league, owner):
    season, grid, rounds = draft_season(league)
    organiser = client_for(client, owner)
    organiser.post(reverse("entry_remove", args=[grid[3].pk]), {"confirm": "yes"})
    removal = Removal.objects.get(season=season, kind="entry")
    listing = organiser.get(reverse("season_removals", args=[league.slug, season.slug]))
    assert "#4 Driver 4" in listing.content.decode()
    organiser.post(reverse("removal_restore", args=[removal.pk]))
    restored = Entry.objects.get(season=season, car_number=4)
    assert restored.driver.name == "Driver 4"
    again = organiser.post(reverse("removal_restore", args=[removal.pk]), follow=True)
    assert "has already been restored" in again.content.decode()


def test_a_round_with_results_is_not_deleted_and_a_deleted_result_comes_back(client, league, owner):
    season, grid, rounds = draft_season(league, rounds=3)
    organiser = client_for(client, owner)
    race = race_of(rounds[0])
    post_result(organiser, race, grid)
    delete_round = reverse("round_delete", args=[league.slug, season.slug, 1])
    assert "Round 1 has results: they stay." in organiser.get(delete_round).content.decode()
    organiser.post(delete_round, {"confirm": "yes"})
    assert season.rounds.filter(number=1).exists()
    page = organiser.get(reverse("results_delete", args=[race.pk])).content.decode()
    assert "The results of 4 cars go" in page
    organiser.post(reverse("results_delete", args=[race.pk]), {"confirm": "yes"})
    assert not Result.objects.filter(session=race).exists()
    line = LeagueChange.objects.get(topic="result", summary__contains="deleted")
    assert line.before_words().startswith("Race: 1. Driver 1 #1")
    removal = Removal.objects.get(kind="result")
    organiser.post(reverse("removal_restore", args=[removal.pk]))
    assert Result.objects.filter(session=race).count() == 4
    assert standings(season)[1] == (1, 25)


def test_a_stage_move_goes_through_its_confirmation_and_is_refused_in_words(client, league, owner):
    season, grid, rounds = draft_season(league)
    organiser = client_for(client, owner)
    url = reverse("season_status", args=[league.slug, season.slug])
    page = organiser.get(url + "?to=open").content.decode()
    assert "Move Draft from draft to open for entries?" in page
    organiser.post(url, {"status": "open", "confirm": "yes"})
    season.refresh_from_db()
    assert season.status == Season.Status.OPEN
    Season.objects.filter(pk=season.pk).update(status=Season.Status.ARCHIVED)
    response = post_result(organiser, race_of(rounds[0]), grid)
    assert "The season is archived: its results can no longer change." in (
        response.content.decode()
    )
    assert not Result.objects.filter(session__round__season=season).exists()
    refused = organiser.post(
        reverse("entry_remove", args=[grid[0].pk]), {"confirm": "yes"}, follow=True
    )
    assert "its entries can no longer change" in refused.content.decode()


def test_the_history_page_is_for_organisers_and_stewards_and_exports_csv(
    client, league, owner, steward, driver_user
):
    season, grid, rounds = draft_season(league)
    client_for(client, owner).post(reverse("entry_remove", args=[grid[3].pk]), {"confirm": "yes"})
    url = reverse("league_history", args=[league.slug])
    client.force_login(driver_user)
    assert client.get(url).status_code == 403
    client.force_login(steward)
    page = client.get(url, {"topic": "entry", "person": "olivia"}).content.decode()
    assert "Entry #4 Driver 4 removed" in page and "Removed (can be restored)" in page
    assert "Entry #4" not in client.get(url, {"topic": "round"}).content.decode()
    rows = list(
        csv.reader(
            io.StringIO(
                client.get(reverse("league_history_csv", args=[league.slug])).content.decode()
            )
        )
    )
    assert rows[0][:3] == ["When", "Who", "Topic"]
    assert ["olivia", "Entries", "Draft", "Entry #4 Driver 4 removed"] == rows[1][1:5]


def test_only_the_leagues_owner_and_stewards_reach_a_confirmation_or_a_restore(
    client, league, owner, driver_user
):
    season, grid, rounds = draft_season(league)
    organiser = client_for(client, owner)
    organiser.post(reverse("entry_remove", args=[grid[3].pk]), {"confirm": "yes"})
    removal = Removal.objects.get()
    race = race_of(rounds[0])
    urls = [
        reverse("entry_withdraw", args=[grid[0].pk]),
        reverse("entry_remove", args=[grid[0].pk]),
        reverse("round_delete", args=[league.slug, season.slug, 2]),
        reverse("results_delete", args=[race.pk]),
        reverse("season_status", args=[league.slug, season.slug]),
        reverse("season_removals", args=[league.slug, season.slug]),
    ]
    client.force_login(driver_user)
    for url in urls:
        assert client.get(url).status_code == 403, url
        assert client.post(url, {"confirm": "yes", "status": "open"}).status_code == 403, url
    assert client.post(reverse("removal_restore", args=[removal.pk])).status_code == 403
    assert client.get(reverse("removal_restore", args=[removal.pk])).status_code == 405
    season.refresh_from_db()
    assert season.status == Season.Status.DRAFT and season.rounds.count() == 2
    assert not Entry.objects.filter(car_number=4).exists() and Entry.objects.count() == 3
