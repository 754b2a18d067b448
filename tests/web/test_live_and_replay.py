"""The live session page polls while a session runs and shows the results
when it ends; the replay viewer steps through the stored log."""

import pytest
from django.urls import reverse

from races.models import Session
from races.replay import board_after, event_words, events_parse, running_orders, steps_split
from tests.web.conftest import build_season, race_log

pytestmark = pytest.mark.django_db


@pytest.fixture
def running(league):
    season, grid, rounds = build_season(league, finished=0)
    session = rounds[0].sessions.get()
    session.status = Session.Status.RUNNING
    session.seats = [
        {
            "id": f"car{e.car_number}",
            "name": e.driver.name,
            "kind": "human",
            "bot": "pro",
            "team": None,
            "setup": {},
            "entry_id": e.pk,
            "car_number": e.car_number,
        }
        for e in grid
    ]
    session.progress = {"round": 4, "percent": 40, "order": ["car3", "car1", "car2"]}
    session.save()
    return session


def test_a_running_session_polls_and_shows_progress_and_order(client, running):
    page = client.get(reverse("session_live", args=[running.pk])).content.decode()
    assert 'hx-trigger="every 1s"' in page
    assert 'style="width: 40%"' in page and "Round 4" in page
    assert page.index("Car 3") < page.index("Car 1") < page.index("Car 2")


def test_the_poll_answers_with_the_fragment_only(client, running):
    fragment = client.get(
        reverse("session_live", args=[running.pk]), HTTP_HX_REQUEST="true"
    ).content.decode()
    assert fragment.lstrip().startswith('<div id="live"') and "<html" not in fragment


def test_a_finished_session_stops_polling_and_shows_results(client, league):
    season, grid, rounds = build_season(league, finished=1)
    session = rounds[0].sessions.get()
    fragment = client.get(
        reverse("session_live", args=[session.pk]), HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "hx-trigger" not in fragment
    assert "Results" in fragment and grid[1].driver.name in fragment
    assert "Watch the replay" in fragment


def test_a_failed_session_shows_its_error(client, running):
    Session.objects.filter(pk=running.pk).update(status=Session.Status.FAILED, error="engine broke")
    page = client.get(reverse("session_live", args=[running.pk])).content.decode()
    assert "The session failed: engine broke" in page and "hx-trigger" not in page


@pytest.fixture
def finished(league):
    season, grid, rounds = build_season(league, finished=1)
    return rounds[0].sessions.get()


def test_every_replay_step_has_its_own_url(client, finished):
    assert client.get(reverse("replay_start", args=[finished.pk]))["Location"] == reverse(
        "replay", args=[finished.pk, 0]
    )
    page = client.get(reverse("replay", args=[finished.pk, 1])).content.decode()
    assert "Step 1 of 9" in page
    assert reverse("replay", args=[finished.pk, 0]) in page
    assert reverse("replay", args=[finished.pk, 2]) in page
    assert client.get(reverse("replay", args=[finished.pk, 10])).status_code == 404


def test_the_replay_draws_the_track_and_the_cars(client, finished):
    page = client.get(reverse("replay", args=[finished.pk, 0])).content.decode()
    assert page.count('class="space ') == 36
    assert page.count('class="car') >= 3 and "T1 (1)" in page


def test_a_step_reads_in_words(client, finished):
    # grid car2, car3, car1; round 2 runs car3, car1, car2: car 1 overshoots
    page = client.get(reverse("replay", args=[finished.pk, 5])).content.decode()
    assert "Car 1 overshoots corner T1 by 2: −2 tyres" in page
    assert "Car 1: −2 tyres (4 left)" in page


def test_htmx_steps_answer_with_the_fragment(client, finished):
    fragment = client.get(
        reverse("replay", args=[finished.pk, 2]), HTTP_HX_REQUEST="true"
    ).content.decode()
    assert fragment.lstrip().startswith('<div id="replay"') and "<html" not in fragment


def test_jump_to_a_round(client, finished):
    response = client.get(reverse("replay", args=[finished.pk, 0]) + "?step=4")
    assert response["Location"] == reverse("replay", args=[finished.pk, 4])


def test_a_session_without_a_log_has_no_replay(client, league):
    season, grid, rounds = build_season(league, finished=0)
    session = rounds[0].sessions.get()
    assert client.get(reverse("replay", args=[session.pk, 0])).status_code == 404


def test_steps_open_at_each_turn_and_the_board_follows_the_moves():
    events = events_parse(race_log(["car1", "car2"], rounds=2))
    steps = steps_split("formula_d", events)
    assert [s.seat for s in steps] == [None, "car1", "car2", "car2", "car1"]
    done = [e for s in steps[:2] for e in s.events]
    board = board_after(done, ["car1", "car2"])
    assert board["car1"].space == "r3l1" and board["car2"].space == "r10l2"
    assert board["car1"].gear == 2


def test_unknown_events_read_in_a_generic_form():
    event = {"type": "tractor_beam", "seat": "car9", "round": 1, "seq": 1, "data": {"power": 3}}
    assert event_words("formula_d", event, {"car9": "Car 9"}) == "Car 9: tractor beam (power 3)."
    heat = {
        "type": "heat_paid",
        "seat": "red",
        "round": 1,
        "seq": 2,
        "data": {"amount": 2, "reason": "corner"},
    }
    assert event_words("heat", heat, {"red": "Car 4"}) == "Car 4 pays 2 Heat for corner."


def test_the_lap_chart_has_the_order_after_every_round():
    events = events_parse(race_log(["car1", "car2", "car3"], rounds=3))
    orders = running_orders(events)
    assert [o["order"] for o in orders] == [
        ["car1", "car2", "car3"],
        ["car2", "car3", "car1"],
        ["car2", "car3", "car1"],
    ]


def test_finished_cars_keep_their_places_in_the_lap_chart():
    def event(kind, seat=None, **data):
        return {"type": kind, "round": 1, "seat": seat, "seq": 0, "data": data}

    events = [
        event("round_started", order=["a", "b", "c"]),
        event("finished", "b", position=1),
        event("round_started", order=["c", "a"]),
        event("finished", "c", position=2),
        event("finished", "a", position=3),
        event("session_ended", order=["b", "c", "a"]),
    ]
    assert [o["order"] for o in running_orders(events)] == [
        ["a", "b", "c"],
        ["b", "c", "a"],
        ["b", "c", "a"],
    ]
    assert running_orders(events)[-1]["round"] == "F"


def test_the_lap_chart_falls_back_to_turn_progress():
    events = [
        {"type": "turn_started", "round": 1, "seat": "a", "seq": 1, "data": {"progress": 3}},
        {"type": "turn_started", "round": 1, "seat": "b", "seq": 2, "data": {"progress": 5}},
        {"type": "turn_started", "round": 2, "seat": "b", "seq": 3, "data": {"progress": 9}},
        {"type": "turn_started", "round": 2, "seat": "a", "seq": 4, "data": {"progress": 12}},
    ]
    assert [o["order"] for o in running_orders(events)] == [["b", "a"], ["a", "b"]]


def test_the_grid_places_cars_from_parallel_order_and_spaces_lists():
    events = [
        {
            "type": "grid_set",
            "round": 0,
            "seat": None,
            "seq": 1,
            "data": {"order": ["car3", "car1"], "spaces": ["r59l2", "r58l0"]},
        },
    ]
    board = board_after(events, ["car1", "car3"])
    assert board["car3"].space == "r59l2" and board["car1"].space == "r58l0"


def test_formula_d_events_read_as_the_engine_writes_them():
    names = {"car5": "Car 5"}

    def say(kind, data):
        event = {"type": kind, "seat": "car5", "round": 3, "seq": 9, "data": data}
        return event_words("formula_d", event, names, {"C2": "the Hairpin"})

    assert say("overshoot", {"corner": "C2", "distance": 2, "missing": 1, "penalty": 2}) == (
        "Car 5 overshoots the Hairpin by 2: −2 tyres"
    )
    assert say("braking_paid", {"costs": {"Br": 3}, "kind": "voluntary", "spaces": 3}) == (
        "Car 5 brakes 3 space(s): −3 brakes."
    )
    assert say("gear_selected", {"costs": {"Gb": 1}, "from": 4, "skipped": 1, "to": 2}) == (
        "Car 5 shifts from gear 4 to 2, skipping 1 (−1 gearbox)."
    )
    assert say(
        "wear_changed", {"category": "Bo", "cause": "collision", "delta": -1, "value": 2}
    ) == ("Car 5: −1 body (2 left), collision")
