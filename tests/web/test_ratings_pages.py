"""The ladder, head-to-head records and the driver's career page."""

import pytest
from django.urls import reverse

from races.models import Result, Session
from ratings.models import Rating
from ratings.updates import ratings_rebuild
from tests.web.conftest import build_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated(league):
    season, grid, rounds = build_season(league, entries=3, rounds=3)
    ratings_rebuild()
    return season, grid


def test_the_ladder_ranks_people_by_rating_with_their_names(client, rated):
    _, grid = rated
    page = client.get(reverse("ratings_ladder", args=["formula_d"]))
    html = page.content.decode()
    assert page.status_code == 200
    rows = page.context["rows"]
    assert [r["rank"] for r in rows] == [1, 2, 3]
    assert [r["rating"].ordinal for r in rows] == sorted(
        Rating.objects.values_list("ordinal", flat=True), reverse=True
    )
    for entry in grid:
        assert entry.driver.name in html
    assert "True" not in html and "None" not in html


def test_an_unknown_game_has_no_ladder(client, db):
    assert client.get(reverse("ratings_ladder", args=["chess"])).status_code == 404


def test_the_ratings_index_lists_every_game(client, rated):
    html = client.get(reverse("ratings")).content.decode()
    assert "Formula D" in html and "Heat: Pedal to the Metal" in html and "3 rated" in html


def test_head_to_head_counts_who_finished_ahead_in_each_race(client, rated):
    _, grid = rated
    a, b = grid[0].driver, grid[1].driver
    url = reverse("ratings_head_to_head", args=["formula_d"])
    page = client.get(url, {"a": a.pk, "b": b.pk})
    record = page.context["record"]
    assert len(record.meetings) == 3
    expected = 0
    for session in Session.objects.filter(kind="race"):
        mine = Result.objects.get(session=session, entry__driver=a).position
        theirs = Result.objects.get(session=session, entry__driver=b).position
        expected += mine < theirs
    assert record.first_ahead == expected and record.second_ahead == 3 - expected
    html = page.content.decode()
    assert f"{a.name} {expected}</strong>" in html
    assert reverse("replay_start", args=[record.meetings[0].session.pk]) in html


def test_head_to_head_without_two_drivers_is_not_found(client, rated):
    url = reverse("ratings_head_to_head", args=["formula_d"])
    assert client.get(url, {"a": "x"}).status_code == 404


def test_the_driver_page_shows_career_figures_ratings_chart_tracks_and_replays(client, rated):
    _, grid = rated
    driver = grid[0].driver
    page = client.get(reverse("driver", args=[driver.pk]))
    html = page.content.decode()
    stats = page.context["stats"]
    races = Result.objects.filter(entry__driver=driver, session__kind="race")
    assert stats["races"] == 3 == races.count()
    poles = sum(
        1 for s in Session.objects.filter(kind="race") if s.seats[0]["entry_id"] == grid[0].pk
    )
    assert stats["poles"] == poles
    assert 0 <= stats["laps_led"] <= 3  # one lap a race
    assert 'id="rating-formula_d"' in html and "<polyline" in html
    assert "#" in html and "on the ladder after 3 races" in html
    track = page.context["tracks"][0]
    assert (track.track, track.races) == ("paddock_ring", 3)
    for result in races:
        assert reverse("replay_start", args=[result.session_id]) in html


def test_laps_led_add_up_to_the_laps_of_each_race(client, rated):
    _, grid = rated
    total = 0
    for entry in grid:
        total += client.get(reverse("driver", args=[entry.driver.pk])).context["stats"]["laps_led"]
    assert total == 3  # three races of one lap: each lap led by exactly one car
