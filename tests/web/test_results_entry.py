"""Results from the table: an organiser or a steward enters a round's result
car by car or imports a CSV file; it is stored, scored and put in the
standings like an engine result, marked as entered by hand; bad input gets
a clear message and changes nothing; a driver or a visitor cannot."""

import csv
import io

import pytest
from django.urls import reverse

from league.models import DriverStanding
from races.models import Result, Session
from tests.web.conftest import build_season, client_for, race_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(league):
    season, grid, rounds = build_season(league, entries=4, rounds=2, finished=0, slug="table")
    return season, grid, rounds


def race_of(rnd) -> Session:
    return rnd.sessions.get(kind=Session.Kind.RACE)


def line(entry, position, status="finished", **more):
    prefix = f"car{entry.pk}-"
    data = {prefix + "position": position, prefix + "status": status}
    data.update({prefix + k: v for k, v in more.items()})
    return data


def post_result(client, session, *lines):
    data = {}
    for one in lines:
        data.update(one)
    return client.post(reverse("results_entry", args=[session.pk]), data)


def standings(season):
    return {
        s.entry.car_number: (s.rank, s.points)
        for s in DriverStanding.objects.filter(season=season).select_related("entry")
    }


def test_a_steward_enters_a_result_by_hand_and_the_standings_follow(client, table, steward):
    season, (a, b, c, d), rounds = table
    race = race_of(rounds[0])
    response = post_result(
        client_for(client, steward),
        race,
        line(b, 1, laps_led=3, fastest_lap="on"),
        line(a, 2),
        line(c, 3, "eliminated"),
        line(d, 4, "did_not_start"),
    )
    assert response.status_code == 302
    race.refresh_from_db()
    assert race.status == Session.Status.FINISHED and race.entered_by == steward
    by_car = {r.entry.car_number: r for r in Result.objects.filter(session=race)}
    assert by_car[2].figures == {"laps_led": 3, "fastest_lap": True}
    # the F1 preset scores classified cars only: the retired car scores nothing
    assert [by_car[n].points for n in (2, 1, 3, 4)] == [25, 18, 0, 0]
    assert standings(season)[2] == (1, 25)
    page = client.get(rounds[0].get_absolute_url()).content.decode()
    assert "Correct the result" in page
    exported = list(
        csv.DictReader(
            io.StringIO(
                client.get(
                    reverse("results_export", args=[season.league.slug, season.slug, "csv"])
                ).content.decode()
            )
        )
    )
    assert {row["entered_by_hand"] for row in exported} == {"yes"}


@pytest.mark.parametrize(
    ("places", "message"),
    [
        ((1, 2, 4), "Give places 1 to 3, each once."),
        ((1, 1, 2), "Give places 1 to 3, each once."),
        ((1, 2, 0), "Ensure this value is greater than or equal to 1."),
    ],
)
def test_a_result_with_a_gap_or_a_shared_place_is_refused(client, table, owner, places, message):
    season, grid, rounds = table
    race = race_of(rounds[0])
    response = post_result(
        client_for(client, owner), race, *(line(e, p) for e, p in zip(grid, places, strict=False))
    )
    assert response.status_code == 200 and message in response.content.decode()
    race.refresh_from_db()
    assert race.status == Session.Status.SCHEDULED and not Result.objects.exists()


def test_a_driver_or_a_visitor_cannot_enter_a_result(client, table, driver_user):
    season, grid, rounds = table
    race = race_of(rounds[0])
    url = reverse("results_entry", args=[race.pk])
    assert client.post(url, line(grid[0], 1)).status_code == 403
    assert client_for(client, driver_user).post(url, line(grid[0], 1)).status_code == 403
    assert client.get(url).status_code == 403
    assert not Result.objects.exists()


def test_correcting_an_engine_result_rescores_the_season(client, league, owner):
    season, grid, rounds = build_season(league, entries=3, rounds=1, slug="fix")
    race = race_of(rounds[0])
    engine_winner = Result.objects.get(session=race, position=1).entry
    others = [e for e in grid if e != engine_winner]
    post_result(
        client_for(client, owner), race, line(others[0], 1), line(others[1], 2),
        line(engine_winner, 3),
    )  # fmt: skip
    assert standings(season)[others[0].car_number] == (1, 25)
    assert standings(season)[engine_winner.car_number] == (3, 15)
    assert Result.objects.filter(session=race).count() == 3


def test_a_csv_with_an_error_line_shows_the_line_and_stores_nothing(client, table, owner):
    season, grid, rounds = table
    race = race_of(rounds[0])
    organiser = client_for(client, owner)
    url = reverse("results_import", args=[race.pk])
    text = "car,position,status\n1,1,finished\n2,2,DNF\n99,3,finished\n3,3,banana\n"
    page = organiser.post(url, {"text": text}).content.decode()
    assert "Line 4: car #99 has no entry in this season." in page
    assert "Line 5: status “banana” is not one Paddock knows." in page
    assert "Nothing is stored" in page
    assert not Result.objects.exists()


def test_a_csv_result_is_previewed_then_stored(client, table, owner):
    season, (a, b, c, d), rounds = table
    race = race_of(rounds[1])
    organiser = client_for(client, owner)
    url = reverse("results_import", args=[race.pk])
    text = "car,position,status,laps_led\n3,1,finished,2\n1,2,finished,0\n4,3,NC,\n2,4,DSQ,\n"
    preview = organiser.post(url, {"text": text}).content.decode()
    assert "Preview: store this result?" in preview and "Not classified" in preview
    assert not Result.objects.exists()
    response = organiser.post(url, {"text": text, "confirm": "1"})
    assert response.status_code == 302
    by_car = {r.entry.car_number: r for r in Result.objects.filter(session=race)}
    assert by_car[3].points == 25 and by_car[2].status == "disqualified" and by_car[2].points == 0
    # the F1 preset pays classified cars only
    assert by_car[4].status == "not_classified" and by_car[4].points == 0


def test_an_uploaded_file_that_is_too_big_or_not_text_is_refused(client, table, owner):
    from django.core.files.uploadedfile import SimpleUploadedFile

    season, grid, rounds = table
    url = reverse("results_import", args=[race_of(rounds[0]).pk])
    organiser = client_for(client, owner)
    big = SimpleUploadedFile("r.csv", b"car,position\n" + b"1,1\n" * 60_000)
    assert "A result file is at most 200 kB." in organiser.post(url, {"file": big}).content.decode()
    binary = SimpleUploadedFile("r.csv", b"\xff\xfe\x00\x01")
    assert "Save the file as UTF-8 text" in organiser.post(url, {"file": binary}).content.decode()
    assert not Result.objects.exists()


def test_a_running_session_takes_no_hand_result(client, table, owner):
    season, grid, rounds = table
    race = race_of(rounds[0])
    Session.objects.filter(pk=race.pk).update(status=Session.Status.RUNNING)
    page = post_result(client_for(client, owner), race, line(grid[0], 1)).content.decode()
    assert "is being run" in page and not Result.objects.exists()


def test_an_engine_race_can_still_run_after_hand_results(client, table):
    season, grid, rounds = table
    race_session(rounds[1])
    assert Result.objects.filter(session__round=rounds[1]).count() == 4
