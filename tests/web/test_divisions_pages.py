"""The divisions and weekend pages (issue 26): only organisers split a
season or copy it, bad input is a field error that changes nothing, the
season page shows each division's table, the copy's confirmation names who
moves, and a weekend round page shows the sprint and the main race."""

import pytest
from django.urls import reverse

from league.models import Division, Entry, ScoringSystem, Season
from league.organise.entries import entry_create
from races.models import Round
from races.results.store import SeatResult, session_results_store
from races.rounds.edits import round_create
from seasons.divisions import divisions_split
from tests.conftest import make_driver, make_season
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def split_season(league):
    season = make_season(league, slug="split", grid_size=4, fill_with_bots=False, promotion=1)
    for n, name in enumerate(["Ana", "Ben", "Cid", "Dan"], start=1):
        entry_create(season=season, driver=make_driver(name), car_number=n)
    round_create(season=season, number=1, name="One", track="paddock_ring")
    round_create(season=season, number=2, name="Two", track="paddock_ring")
    return season


def url_of(name, season):
    return reverse(name, args=[season.league.slug, season.slug])


@pytest.mark.parametrize("who", ["driver", "visitor"])
def test_only_organisers_split_or_copy_a_season(client, split_season, who, driver_user, visitor):
    client.force_login(driver_user if who == "driver" else visitor)
    for name in ("season_divisions", "season_copy"):
        assert client.get(url_of(name, split_season)).status_code == 403
        post = {"count": 2, "by": "rating", "name": "X", "confirm": "yes"}
        assert client.post(url_of(name, split_season), post).status_code == 403
    assert not Division.objects.exists() and Season.objects.count() == 1


def test_anonymous_visitors_are_sent_to_log_in(client, split_season):
    response = client.get(url_of("season_divisions", split_season))
    assert response.status_code in (302, 403)
    assert not Division.objects.exists()


@pytest.mark.parametrize(
    ("post", "words"),
    [
        ({"count": 2, "by": "hand", "cars": "1 2\n3 9"}, b"No car 9 races in this season."),
        ({"count": 2, "by": "round"}, b"Say which round"),
        ({"count": 2, "by": "round", "round_number": 7}, b"This season has no round 7."),
        ({"count": 9, "by": "rating"}, b"less than or equal to 8"),
        ({"count": "two", "by": "rating"}, b"whole number"),
        ({"count": 2, "by": "chance"}, b"Select a valid choice"),
    ],
)
def test_a_bad_split_is_a_field_error_that_changes_nothing(
    client, split_season, owner, post, words
):
    response = client_for(client, owner).post(url_of("season_divisions", split_season), post)
    assert response.status_code == 200 and words in response.content
    assert not Division.objects.exists()
    assert not Entry.objects.filter(division__isnull=False).exists()


def test_the_season_page_shows_each_divisions_table(client, split_season, owner):
    response = client_for(client, owner).post(
        url_of("season_divisions", split_season),
        {"count": 2, "by": "hand", "cars": "1 2\n3 4", "names": "Gold, Silver"},
    )
    assert response.status_code == 302
    gold = Division.objects.get(name="Gold")
    session = Round.objects.get(season=split_season, number=1).sessions.get(division=gold)
    session.status = "finished"
    session.save()
    ana, ben = Entry.objects.filter(division=gold).order_by("car_number")
    session_results_store(
        session=session,
        lines=[
            SeatResult(entry_id=ben.pk, seat="car2", position=1, status="finished"),
            SeatResult(entry_id=ana.pk, seat="car1", position=2, status="finished"),
        ],
    )
    page = client.get(split_season.get_absolute_url()).content.decode()
    assert 'id="driver-standings-1"' in page and 'id="driver-standings-2"' in page
    assert "<caption>Gold</caption>" in page and "<caption>Silver</caption>" in page
    round_page = client.get(
        Round.objects.get(season=split_season, number=1).get_absolute_url()
    ).content.decode()
    assert "Gold — Race" in round_page and "Silver — Race" in round_page

    # The copy asks first, naming who moves up and who moves down.
    confirm = client.post(
        url_of("season_copy", split_season), {"name": "Next", "with_entries": "on"}
    )
    text = confirm.content.decode()
    assert 'id="confirm-form"' in text and "#1 Ana moves down to Silver." in text
    assert "moves up to Gold." in text and not Season.objects.filter(name="Next").exists()


def test_a_weekend_round_page_shows_the_sprint_and_the_main_race(client, league, owner):
    season = make_season(league, slug="weekend", grid_size=4)
    sprint = ScoringSystem.objects.create(name="Sprint", slug="sprint", race_points=[3, 2, 1])
    organiser = client_for(client, owner)
    response = organiser.post(
        reverse("round_create", args=[league.slug, season.slug]),
        {
            "number": 1, "name": "Weekend", "track": "paddock_ring", "qualifying_format": "none",
            "grid_rule": "entry", "sprint_scoring": sprint.pk, "feature_grid": "sprint",
            "reverse_top": 9,
        },
    )  # fmt: skip
    assert response.status_code == 200 and b"Reverse at most the grid" in response.content
    assert not Round.objects.filter(season=season).exists()
    post = {
        "number": 1, "name": "Weekend", "track": "paddock_ring", "qualifying_format": "none",
        "grid_rule": "entry", "sprint_scoring": sprint.pk, "feature_grid": "sprint",
        "reverse_top": 2,
    }  # fmt: skip
    assert (
        organiser.post(reverse("round_create", args=[league.slug, season.slug]), post).status_code
        == 302
    )
    rnd = Round.objects.get(season=season)
    assert sorted(rnd.sessions.values_list("leg", flat=True)) == ["main", "sprint"]
    page = client.get(rnd.get_absolute_url()).content.decode()
    assert page.index("<h2>Sprint") < page.index("<h2>Race")
    # The main race's grid says where it comes from.
    assert page.index("<h2>Race") < page.index("its top 2 in reverse order.")


def test_exports_and_the_api_name_each_sessions_division_and_race(client, split_season, owner):
    divisions_split(season=split_season, count=2, by="hand", lines=["1 2", "3 4"], actor=owner)
    gold = Division.objects.get(season=split_season, number=1)
    session = Round.objects.get(season=split_season, number=1).sessions.get(division=gold)
    session.status = "finished"
    session.save()
    ana, ben = Entry.objects.filter(division=gold).order_by("car_number")
    session_results_store(
        session=session,
        lines=[
            SeatResult(entry_id=ana.pk, seat="car1", position=1, status="finished"),
            SeatResult(entry_id=ben.pk, seat="car2", position=2, status="finished"),
        ],
    )
    base = f"/api/leagues/{split_season.league.slug}/seasons/{split_season.slug}"
    rounds = client.get(f"{base}/rounds").json()["items"]
    assert {(s["division"], s["race"]) for s in rounds[0]["sessions"]} == {
        ("Division 1", "main"),
        ("Division 2", "main"),
    }
    drivers = client.get(f"{base}/standings").json()["drivers"]
    assert {(d["name"], d["division"], d["rank"]) for d in drivers} >= {
        ("Ana", "Division 1", 1),
        ("Ben", "Division 1", 2),
    }
    csv_text = client.get(
        reverse("results_export", args=[split_season.league.slug, split_season.slug, "csv"])
    ).content.decode()
    header, first = csv_text.splitlines()[:2]
    assert "race,division" in header and "main,Division 1" in first
    results = client.get(
        reverse("results_export", args=[split_season.league.slug, split_season.slug, "json"])
    ).json()["results"]
    assert {(r["driver"], r["division"], r["race"]) for r in results} == {
        ("Ana", "Division 1", "main"),
        ("Ben", "Division 1", "main"),
    }
