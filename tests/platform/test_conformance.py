"""Every registered game through the whole platform (DESIGN.md, "What a
game shows"): a seeded bot race through the session runner in a real worker
on PostgreSQL, the replay to the same hash, views that hide what they must,
a sentence for every event, a scene for every step, a result that orders
every seat with a status the game declares, and standings that take it.

A new game gets all of it by registering; the dice race of
tests/platform/dice_race.py is registered here as a third game."""

import json
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from league.models import DriverStanding
from league.organise.entries import entry_create
from races.models import Result, Session
from races.replay.steps import events_parse, replay_context, steps_split
from races.rounds.edits import round_create
from races.rules import Action, get_game, get_presentation, log_hash, replay
from races.running.dispatch import sessions_dispatch_due
from races.running.seats import seat_records
from tests.conftest import make_driver, make_season
from tests.platform import dice_race  # noqa: F401  (registers the dice race)
from tests.races.worker import wait_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

# game -> (season rules, track, grid, scoring preset)
GAMES = {
    "formula_d": ({"level": "basic"}, "paddock_ring", 4, "formula-1-2010"),
    "heat": ({}, "usa", 4, "heat-championship"),
    "dice_race": ({}, "strip", 3, "formula-1-2010"),
    "roborally": ({}, "shakedown", 4, "formula-1-2010"),
    "galaxy_trucker": ({}, "standard", 3, "formula-1-2010"),
}
PLUGINS = {"PADDOCK_GAME_PLUGINS": "tests.platform.dice_race"}
# Games whose results the league cannot store yet: RoboRally's robots still
# racing at the end are "not_finished" (RR-OUT-02), which league/scoring/tables.py's
# classify does not know (KeyError). Passes once scoring accepts the status.
RAW = re.compile(r"\[\'|\bTrue\b|\bFalse\b|\bNone\b|r\d+l\d|\b\w+\.S\d|\{\'|_[a-z]+_")


@pytest.fixture(params=sorted(GAMES))
def raced(request, league, workers):
    """A bot race of the game, run by a real worker from the dispatcher."""
    game = request.param
    rules, track, grid, scoring = GAMES[game]
    season = make_season(
        league, slug=f"conf-{game.replace('_', '-')}", game=game, scoring=scoring,
        rules=rules, grid_size=grid, status="running",
    )  # fmt: skip
    entry_create(season=season, driver=make_driver(f"Ana {game}"), car_number=7)
    rnd = round_create(season=season, number=1, name="Opening", track=track,
                       scheduled_at=timezone.now())  # fmt: skip
    workers("conformance", **PLUGINS)
    assert sessions_dispatch_due(now=timezone.now()) == 1
    session = rnd.sessions.get(kind=Session.Kind.RACE)
    wait_for(
        lambda: Session.objects.filter(pk=session.pk, status__in=("finished", "failed")).exists(),
        timeout=120,
        what=f"the {game} session to finish",
    )
    session.refresh_from_db()
    assert session.status == "finished", session.error
    return game, season, session


def check_the_replay_gives_the_same_hash(raced):
    game, season, session = raced
    seats = [record.seat() for record in seat_records(session.seats)]
    race = replay(get_game(game), session.config, seats, session.seed, session.actions)
    assert log_hash(race.events) == session.log_sha256
    assert race.finished


def check_every_event_has_a_sentence_without_raw_values(raced):
    game, season, session = raced
    presentation = get_presentation(game)
    names = {s["id"]: s["name"] for s in session.seats}
    for event in events_parse(session.event_log_text()):
        assert presentation.words.has_words(event["type"]), event["type"]
        sentence = presentation.words.sentence(event, names, session.config)
        assert sentence and not RAW.search(sentence), (event, sentence)
        assert not any(seat in sentence.split() for seat in names), sentence


def check_the_scene_draws_every_step(raced, client):
    game, season, session = raced
    events = events_parse(session.event_log_text())
    steps = steps_split(get_presentation(game), events)
    assert len(steps) > 2
    for index in range(len(steps)):
        shown = replay_context(session, events, index)
        scene = shown["scene"]
        assert scene and scene["shapes"], index
        assert all(isinstance(t["x"], (int, float)) for t in scene["tokens"])
        if index > 0:
            assert scene["tokens"], index
    page = client.get(reverse("replay", args=[session.pk, len(steps) - 1]))
    assert page.status_code == 200 and not RAW.search(page.content.decode().split("<main")[1])


def check_the_result_orders_every_seat_with_a_declared_status(raced):
    game, season, session = raced
    statuses = get_presentation(game).capabilities.capabilities(season.rules).statuses
    results = list(Result.objects.filter(session=session).order_by("position"))
    assert {r.seat for r in results} == {s["id"] for s in session.seats}
    assert [r.position for r in results] == list(range(1, len(results) + 1))
    assert {r.status for r in results} <= set(statuses)


def check_the_standings_take_the_result(raced, client):
    game, season, session = raced
    standings = DriverStanding.objects.filter(season=season)
    assert standings.count() == len(session.seats)
    assert sum(s.points for s in standings) > 0
    page = client.get(season.get_absolute_url()).content.decode()
    assert f"Ana {game}" in page


def check_views_hide_what_they_must(raced):
    """What one seat's view holds beyond the public view is that seat's
    alone: no other seat's view and no stored progress holds it."""
    game, season, session = raced
    seats = [record.seat() for record in seat_records(session.seats)]
    race = get_game(game).start(session.config, seats, session.seed)
    for step in session.actions[: len(session.actions) // 2]:
        race.apply(step["seat"], Action.from_dict(step["action"]))
    public = {value for _, value in leaves(race.view(None))}
    # Secrets are named things (a card's id, an item of a list of names);
    # a word such as "SPEED" or a number recurs in every hand by chance.
    private = {
        s.id: {
            value
            for path, value in leaves(race.view(s.id))
            if isinstance(value, str) and value not in public and value != s.id
            and (path[-1] == "id" or isinstance(path[-1], int))
        }
        for s in seats
    }  # fmt: skip
    for seat, mine in private.items():
        for other in private:
            if other != seat:
                seen = {value for _, value in leaves(race.view(other))}
                assert not (mine & seen), (seat, other, sorted(mine & seen)[:3])
    stored = json.dumps(session.progress)
    for mine in private.values():
        assert not [value for value in mine if json.dumps(value) in stored]


def test_a_registered_game_goes_through_the_whole_platform(raced, client):
    check_the_replay_gives_the_same_hash(raced)
    check_every_event_has_a_sentence_without_raw_values(raced)
    check_the_scene_draws_every_step(raced, client)
    check_the_result_orders_every_seat_with_a_declared_status(raced)
    check_the_standings_take_the_result(raced, client)
    check_views_hide_what_they_must(raced)


def leaves(view, path=()) -> set:
    if isinstance(view, dict):
        return set().union(*(leaves(v, (*path, k)) for k, v in view.items())) if view else set()
    if isinstance(view, list):
        return set().union(*(leaves(v, (*path, i)) for i, v in enumerate(view))) if view else set()
    return {(path, view)}
