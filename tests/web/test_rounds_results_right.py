"""Issue 23, item 5, each defect tried the way it was found, through the
pages: a round changed after it ran (a forgotten double-points finale), two
poles in one session, results left in run order after a places penalty,
the F1 preset paying retired cars, and a car that did not qualify."""

import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from league.models import DriverStanding, LeagueChange
from races.models import Penalty, Result, Round
from races.results.store import SeatResult, results_enter
from races.rounds.edits import round_update
from tests.web.conftest import build_season, client_for
from tests.web.test_results_entry import line, post_result, race_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def raced(league):
    return build_season(league, entries=3, rounds=2, finished=1, slug="raced")


@pytest.fixture
def table(league):
    return build_season(league, entries=4, rounds=2, finished=0, slug="table")


def round_data(rnd: Round, **over) -> dict:
    data = {
        "name": rnd.name,
        "track": rnd.track,
        "laps": rnd.laps or "",
        "scheduled_at": rnd.scheduled_at.strftime("%Y-%m-%dT%H:%M"),
        "qualifying_format": rnd.qualifying_format,
        "grid_rule": rnd.grid_rule,
        "points_multiplier": "1",
    }
    data.update(over)
    return data


def to_the_minute(rnd: Round) -> None:
    """The round's date as the form gives it, to the minute (else saving
    the form moves it by seconds, a change of its own)."""
    when = rnd.scheduled_at.replace(second=0, microsecond=0)
    Round.objects.filter(pk=rnd.pk).update(scheduled_at=when)
    rnd.refresh_from_db()


def round_edit_url(rnd: Round) -> str:
    return reverse("round_edit", args=[rnd.season.league.slug, rnd.season.slug, rnd.number])


def points(season) -> dict[int, object]:
    return {
        s.entry.car_number: s.points
        for s in DriverStanding.objects.filter(season=season).select_related("entry")
    }


def test_a_forgotten_double_points_finale_is_fixed_after_the_race(client, raced, owner):
    season, grid, rounds = raced
    to_the_minute(rounds[0])
    before = points(season)
    assert sorted(before.values(), reverse=True)[0] == 25
    response = client_for(client, owner).post(
        round_edit_url(rounds[0]), round_data(rounds[0], points_multiplier="2")
    )
    assert response.status_code == 302, response.content.decode()
    assert points(season) == {car: p * 2 for car, p in before.items()}
    assert Result.objects.filter(session__round=rounds[0], points=50).count() == 1
    line_ = LeagueChange.objects.filter(season=season, topic="round").first()  # the latest
    assert line_.summary_words() == "Round 1 (Round 1 GP): points multiplier changed"
    assert (line_.before_words(), line_.after_words()) == ("×1", "×2")


def test_a_rounds_own_bonus_points_rescore_the_season_after_it_ran(client, table, owner):
    season, (a, b, c, d), rounds = table
    organiser = client_for(client, owner)
    post_result(organiser, race_of(rounds[0]), line(a, 1), line(b, 2, laps_led=1), line(c, 3))
    assert points(season)[2] == 18
    to_the_minute(rounds[0])
    response = organiser.post(round_edit_url(rounds[0]), round_data(rounds[0], bonus_lap_led="3"))
    assert response.status_code == 302
    rounds[0].refresh_from_db()
    assert rounds[0].bonus == {"lap_led": 3}
    assert points(season) == {1: 25, 2: 21, 3: 15, 4: 0}
    change = LeagueChange.objects.filter(season=season, topic="round").first()  # the latest
    assert change.after_words() == "Leading a lap 3"


def test_a_round_that_ran_keeps_its_track_and_says_so(client, raced, owner):
    season, grid, rounds = raced
    organiser = client_for(client, owner)
    page = organiser.get(round_edit_url(rounds[0])).content.decode()
    assert re.search(r'name="track"[^>]*disabled', page)
    assert "This round has run: it stays as raced." in page
    with pytest.raises(ValidationError) as error:
        round_update(
            rnd=rounds[0],
            name=rounds[0].name,
            track="lakeside_gp",
            laps=rounds[0].laps,
            scheduled_at=rounds[0].scheduled_at,
            grid_rule=rounds[0].grid_rule,
        )
    assert "This round has run: its track stays as raced." in error.value.messages[0]
    assert Round.objects.get(pk=rounds[0].pk).track == rounds[0].track


def test_two_poles_in_one_session_are_refused_with_words(client, table, owner):
    season, (a, b, c, d), rounds = table
    race = race_of(rounds[0])
    page = post_result(
        client_for(client, owner),
        race,
        line(a, 1, pole="on"),
        line(b, 2, pole="on"),
        line(c, 3, fastest_lap="on"),
        line(d, 4, fastest_lap="on"),
    ).content.decode()
    assert "Only one car takes pole position in a session: #1, #2 are all marked." in page
    assert "Only one car sets the fastest lap in a session: #3, #4 are all marked." in page
    assert not Result.objects.exists()
    lines = [
        SeatResult(
            entry_id=e.pk,
            seat=f"car{e.car_number}",
            position=n,
            status="finished",
            figures={"pole": True},
        )
        for n, e in enumerate((a, b), start=1)
    ]
    with pytest.raises(ValidationError) as error:
        results_enter(session=race, lines=lines, user=owner)
    assert error.value.messages == ["Only one car takes pole position in a session."]
    assert not Result.objects.exists()


def test_two_fastest_laps_in_a_csv_are_refused_before_the_preview(client, table, owner):
    season, grid, rounds = table
    url = reverse("results_import", args=[race_of(rounds[0]).pk])
    text = "car,position,fastest_lap\n1,1,yes\n2,2,yes\n3,3,\n"
    page = client_for(client, owner).post(url, {"text": text}).content.decode()
    assert "Only one car may have fastest lap; #1, #2 all do." in page
    assert "Preview: store this result?" not in page


def test_results_read_in_classified_order_after_a_places_penalty(client, table, owner):
    season, (a, b, c, d), rounds = table
    organiser = client_for(client, owner)
    race = race_of(rounds[0])
    post_result(organiser, race, line(a, 1), line(b, 2), line(c, 3), line(d, 4))
    Penalty.objects.create(
        entry=a,
        round=rounds[0],
        kind=Penalty.Kind.PLACES,
        places=2,
        reason="Blocking",
        steward=owner,
    )
    from races.results.standings import standings_recompute

    standings_recompute(season=season)
    page = client.get(rounds[0].get_absolute_url()).content.decode()
    shown = [page.index(f"Driver table {n}") for n in (2, 3, 1, 4)]
    assert shown == sorted(shown)  # places 1, 2, 3, 4 down the page


def test_the_f1_preset_gives_nothing_to_retired_or_unclassified_cars(client, table, owner):
    season, (a, b, c, d), rounds = table
    assert season.scoring.name == "Formula 1 (2010 on)"
    post_result(
        client_for(client, owner),
        race_of(rounds[0]),
        line(a, 1),
        line(b, 2),
        line(c, 3, "eliminated"),
        line(d, 4, "not_classified"),
    )
    by_car = {r.entry.car_number: r.points for r in Result.objects.all()}
    assert by_car == {1: 25, 2: 18, 3: 0, 4: 0}


def test_a_car_that_did_not_qualify_scores_nothing_and_is_classified_last(client, table, owner):
    season, (a, b, c, d), rounds = table
    organiser = client_for(client, owner)
    response = post_result(
        organiser,
        race_of(rounds[0]),
        line(a, 1, "did_not_qualify"),
        line(b, 2),
        line(c, 3, "did_not_start"),
        line(d, 4),
    )
    assert response.status_code == 302
    stored = {r.entry.car_number: (r.position, r.points) for r in Result.objects.all()}
    assert stored == {2: (1, 25), 4: (2, 18), 3: (3, 0), 1: (4, 0)}
    page = client.get(rounds[0].get_absolute_url()).content.decode()
    assert "Did not qualify" in page
    text = "car,position,status\n1,1,finished\n2,2,DNQ\n"
    csv_page = organiser.post(
        reverse("results_import", args=[race_of(rounds[1]).pk]), {"text": text}
    ).content.decode()
    assert "Did not qualify" in csv_page and "Preview: store this result?" in csv_page
