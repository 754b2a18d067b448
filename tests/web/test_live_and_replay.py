"""The live session page polls while a session runs and shows the results
when it ends; the replay viewer steps through the stored log of a race the
real Formula D engine ran."""

import re

import pytest
from django.urls import reverse

from league.models import Entry
from races.models import Session
from races.replay.steps import events_parse, state_after, steps_split
from races.rules import get_presentation
from races.running.plan import session_plan
from tests.web.conftest import build_season, race_session

pytestmark = pytest.mark.django_db
FD = get_presentation("formula_d")


def event_words(game, event, names, config=None):
    return get_presentation(game).words.sentence(event, names, config or {})


def running_orders(events):
    return FD.tables.running_orders(events)


def board_after(steps, upto, seats):
    state = state_after(FD, steps, upto, [{"id": s} for s in seats], {})
    return state["cars"]


@pytest.fixture
def running(league):
    season, grid, rounds = build_season(league, finished=0)
    session = rounds[0].sessions.get()
    session.status = Session.Status.RUNNING
    plan = session_plan(session)
    session.seats = [record.to_dict() for record in plan.records]
    session.progress = {"round": 4, "percent": 40, "order": ["car3", "car1", "car2"]}
    session.save()
    return session


def test_a_running_session_follows_push_and_shows_progress_and_order(client, running):
    page = client.get(reverse("session_live", args=[running.pk])).content.decode()
    # Issue 25: the area is fetched when the push socket says the table changed.
    assert 'hx-trigger="push-table from:body"' in page and "every 1s" not in page
    assert f'ws-connect="/push/?table={running.pk}&amp;language=en"' in page
    assert 'rect height="1" width="40"' in page and "turn 4 of the race" in page
    names = {s["id"]: s["name"] for s in running.seats}
    assert page.index(names["car3"]) < page.index(names["car1"]) < page.index(names["car2"])


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
    """Round 1 raced by rookie autopilots, who overshoot corners."""
    season, grid, rounds = build_season(league, finished=0)
    Entry.objects.filter(season=season).update(autopilot="rookie")
    return race_session(rounds[0])


def steps_of(session):
    return steps_split(FD, events_parse(session.event_log_text()))


def test_every_replay_step_has_its_own_url(client, finished):
    last = len(steps_of(finished)) - 1
    assert client.get(reverse("replay_start", args=[finished.pk]))["Location"] == reverse(
        "replay", args=[finished.pk, 0]
    )
    page = client.get(reverse("replay", args=[finished.pk, 1])).content.decode()
    assert f"Step 1 of {last}" in page
    assert reverse("replay", args=[finished.pk, 0]) in page
    assert reverse("replay", args=[finished.pk, 2]) in page
    assert client.get(reverse("replay", args=[finished.pk, last])).status_code == 200
    assert client.get(reverse("replay", args=[finished.pk, last + 1])).status_code == 404


def test_the_replay_draws_the_track_and_the_cars(client, finished):
    page = client.get(reverse("replay", args=[finished.pk, 0])).content.decode()
    board = FD.board.drawing({"track": "paddock_ring"})
    assert page.count('class="space ') == len(board["anchors"]) > 0
    assert page.count('<g class="car') == 3
    # corners are labelled with their stops: T3 is paddock_ring's double stop
    assert "Corner 1 (1 stop)" in page and "Corner 3 (2 stops)" in page


def test_the_first_overshoot_of_a_basic_race_reads_in_wear_points_on_its_steps_page(
    client, finished
):
    # FD-B-8.5: in basic Formula D the overshoot penalty is paid in wear points.
    assert finished.config["level"] == "basic"
    steps = steps_of(finished)
    index, event = next(
        (i, e) for i, step in enumerate(steps) for e in step.events if e["type"] == "overshoot"
    )
    car = next(s["name"] for s in finished.seats if s["id"] == event["seat"])
    corner, distance = event["data"]["corner"], event["data"]["distance"]
    number = corner.lstrip("CT")
    page = client.get(reverse("replay", args=[finished.pk, index])).content.decode()
    assert re.search(
        rf"{car} overshoots Corner {number} \(\d stops?\) by {distance}: −{distance} wear points",
        page,
    )
    assert "tyres" not in page
    after = next(e for e in steps[index].events if e["type"] == "wear_changed")
    assert f"{car}: −{distance} wear points ({after['data']['value']} left)" in page


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


def test_steps_open_at_each_turn_and_the_board_follows_the_moves(finished):
    events = events_parse(finished.event_log_text())
    steps = steps_split(FD, events)
    turns = [e for e in events if e["type"] == "turn_started"]
    assert steps[0].seat is None
    assert [s.seat for s in steps[1:]] == [e["seat"] for e in turns]
    grid = next(e for e in events if e["type"] == "grid_set")["data"]
    assert board_after(steps, 0, grid["order"])[grid["order"][0]]["space"] == grid["spaces"][0]
    first = steps[1]
    board = board_after(steps, 1, grid["order"])
    moved = next(e for e in first.events if e["type"] == "moved")
    assert board[first.seat]["space"] == moved["data"]["path"][-1]
    shifted = [e for e in first.events if e["type"] == "gear_selected"]
    assert board[first.seat]["gear"] == (shifted[-1]["data"]["to"] if shifted else 1)


def test_the_lap_chart_has_the_order_after_every_round(finished):
    events = events_parse(finished.event_log_text())
    orders = running_orders(events)
    openers = [e for e in events if e["type"] == "round_started"]
    # every round's column starts from that round's turn order
    assert [o["round"] for o in orders[:-1]] == [e["round"] for e in openers]
    assert orders[0]["order"] == openers[0]["data"]["order"]
    final = next(e for e in events if e["type"] == "session_ended")["data"]["order"]
    assert orders[-1] == {"round": "F", "order": final}
    assert len({tuple(o["order"]) for o in orders}) > 1  # the lead changed hands


def test_finished_cars_keep_their_places_in_the_lap_chart(finished):
    events = events_parse(finished.event_log_text())
    first_home = next(e for e in events if e["type"] == "finished")
    later = [o for o in running_orders(events) if o["round"] != "F"]
    after = [o for o in later if o["round"] > first_home["round"]]
    assert after and all(o["order"][0] == first_home["seat"] for o in after)
    assert all(len(o["order"]) == 3 for o in later)


@pytest.fixture
def crashes(league):
    """Six rookies on lakeside_night in advanced mode: the seeded race loses
    three cars."""
    season, grid, rounds = build_season(
        league, slug="crash6", entries=6, finished=0, track="lakeside_night", level="advanced"
    )
    Entry.objects.filter(season=season).update(autopilot="rookie")
    return race_session(rounds[0])


def test_eliminated_cars_keep_the_last_places_in_the_order_they_went_out(crashes):
    events = events_parse(crashes.event_log_text())
    gone = [e for e in events if e["type"] == "eliminated"]
    assert len(gone) >= 2
    seats = [s["id"] for s in crashes.seats]
    for column in running_orders(events)[:-1]:
        assert sorted(column["order"]) == sorted(seats), column["round"]
        out = [e["seat"] for e in gone if e["round"] < column["round"]]
        assert column["order"][len(seats) - len(out) :] == out, column["round"]


def test_the_round_page_draws_an_eliminated_car_to_the_end_of_the_lap_chart(client, crashes):
    columns = len(running_orders(events_parse(crashes.event_log_text())))
    page = client.get(crashes.round.get_absolute_url()).content.decode()
    lines = re.findall(r'<polyline points="([^"]+)"', page)
    assert len(lines) == 6
    assert all(len(points.split()) == columns for points in lines)


def test_the_grid_places_cars_from_parallel_order_and_spaces_lists(finished):
    events = events_parse(finished.event_log_text())
    grid = next(e for e in events if e["type"] == "grid_set")["data"]
    steps = steps_split(FD, [e for e in events if e["type"] == "grid_set"])
    board = board_after(steps, 0, sorted(grid["order"]))
    assert [board[seat]["space"] for seat in grid["order"]] == grid["spaces"]


def test_unknown_events_read_in_a_generic_form_without_raw_values():
    event = {"type": "tractor_beam", "seat": "car9", "round": 1, "seq": 1, "data": {"power": 3}}
    assert event_words("formula_d", event, {"car9": "Ana"}) == "Ana: tractor beam."
    heat = {
        "type": "heat_paid",
        "seat": "red",
        "round": 1,
        "seq": 2,
        "data": {"amount": 2, "reason": "corner"},
    }
    assert event_words("heat", heat, {"red": "Ben"}) == "Ben pays 2 Heat for a corner."


def test_formula_d_events_read_as_the_engine_writes_them():
    names = {"car5": "Ana"}

    def say(kind, data):
        event = {"type": kind, "seat": "car5", "round": 3, "seq": 9, "data": data}
        config = {"level": "advanced", "mode": "race", "track": "lakeside_gp"}
        return event_words("formula_d", event, names, config)

    assert say("overshoot", {"corner": "C2", "distance": 2, "missing": 1, "penalty": 2}) == (
        "Ana overshoots Corner 2 (1 stop) by 2: −2 tyres."
    )
    assert say("braking_paid", {"costs": {"Br": 3}, "kind": "voluntary", "spaces": 3}) == (
        "Ana brakes 3 spaces: −3 brakes."
    )
    assert say("gear_selected", {"costs": {"Gb": 1}, "from": 4, "skipped": 1, "to": 2}) == (
        "Ana shifts from gear 4 to 2, skipping 1 (−1 gearbox)."
    )
    assert say(
        "wear_changed", {"category": "Bo", "cause": "collision", "delta": -1, "value": 2}
    ) == ("Ana: −1 body (2 left), a collision.")
    assert say("moved", {"path": ["r3l0", "r4l0"], "travelled": 2, "kind": "normal"}) == (
        "Ana moves 2 spaces, on the straight."
    )


@pytest.mark.parametrize(
    ("config", "cost"),
    [
        ({"level": "basic", "mode": "race"}, "−2 wear points"),  # FD-B-8.5
        ({"level": "advanced", "mode": "race"}, "−2 tyres"),  # FD-A-4.1
        ({"level": "basic", "mode": "qualifying"}, "+2 to the qualifying score"),  # FD-V-4.6
        ({}, "−2 wear points"),  # the engine's default level is basic
    ],
)
def test_an_overshoot_costs_what_the_sessions_level_says(config, cost):
    event = {
        "type": "overshoot",
        "seat": "car5",
        "round": 3,
        "seq": 9,
        "data": {"corner": "C2", "distance": 2, "missing": 1, "multiplier": 1, "penalty": 2},
    }
    words = event_words("formula_d", event, {"car5": "Ana"}, config)
    assert words == f"Ana overshoots Corner 2 by 2: {cost}."


def test_an_overshoot_that_eliminates_names_no_cost():
    event = {
        "type": "overshoot",
        "seat": "car5",
        "data": {"corner": "C2", "distance": 3, "missing": 2, "penalty": None},
    }
    words = event_words("formula_d", event, {"car5": "Ana"}, {"level": "basic"})
    assert words == "Ana overshoots Corner 2 by 3."
