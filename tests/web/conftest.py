"""Web tests: the stand-in game, a logged-in client per person, and a
season with finished rounds built straight from data (no engine runs)."""

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from league.models import Entry
from league.services import entry_create
from races.models import Round, Session
from races.results import SeatResult, session_results_store
from races.rules import registry
from tests.conftest import make_driver, make_season
from tests.web import fake_game


@pytest.fixture(autouse=True)
def fresh_page_memory():
    from league.caching import memory_clear

    memory_clear()
    yield
    memory_clear()


@pytest.fixture(autouse=True)
def enqueued(request, monkeypatch):
    """Sessions handed to the worker, recorded instead of sent (the runner's
    own tests cover the worker); integration tests use the real hand-off."""
    handed = []
    if request.node.get_closest_marker("integration") is None:
        monkeypatch.setattr("races.services._enqueue", handed.append)
    return handed


@pytest.fixture(autouse=True)
def stand_in_game(request, monkeypatch, tmp_path, settings):
    if request.node.get_closest_marker("integration") is not None:
        return
    monkeypatch.setitem(registry.GAME_MODULES, "formula_d", "tests.web.fake_game")
    data = tmp_path / "rules" / "formula_d" / "data"
    data.mkdir(parents=True)
    (data / "test_ring.json").write_text(json.dumps(fake_game.ring_track()))
    monkeypatch.setattr("races.tracks.DATA_ROOT", tmp_path / "rules")
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    from django.core.cache import cache

    cache.clear()


def client_for(client, user):
    client.force_login(user)
    return client


def race_log(seats: list[str], rounds: int = 3) -> str:
    """An event log in the shape of FD-E-15: a grid, then each car's turn
    moving it along the ring; the last round ends with everyone finished."""
    events = []
    seq = 0

    def add(kind, rnd, seat, data):
        nonlocal seq
        events.append({"data": data, "round": rnd, "seat": seat, "seq": seq, "type": kind})
        seq += 1

    add("session_started", 0, None, {"track": "test_ring"})
    add(
        "grid_set",
        0,
        None,
        {"grid": [{"seat": s, "space": f"r{11 - i}l{2 * (i % 2)}"} for i, s in enumerate(seats)]},
    )
    order = list(seats)
    for rnd in range(1, rounds + 1):
        add("round_started", rnd, None, {"round": rnd, "order": list(order)})
        for i, seat in enumerate(order):
            progress = rnd * 3 - i
            add("turn_started", rnd, seat, {"gear": 2, "progress": progress})
            add("gear_selected", rnd, seat, {"from": 1, "to": 2})
            add("moved", rnd, seat, {"path": [f"r{(rnd * 3 + i) % 12}l1"], "travelled": 3})
            if rnd == 2 and i == 1:
                add("overshoot", rnd, seat, {"corner": "T1", "distance": 2, "penalty": {"T": 2}})
                add("wear_changed", rnd, seat, {"category": "T", "delta": -2, "value": 4})
            add("turn_ended", rnd, seat, {})
        order = order[1:] + order[:1] if rnd == 1 else order
    for position, seat in enumerate(order, start=1):
        add("finished", rounds, seat, {"position": position})
    add("session_ended", rounds, None, {})
    return "\n".join(json.dumps(e, sort_keys=True, separators=(",", ":")) for e in events)


def finish_round(rnd: Round, entries: list[Entry], *, kind=Session.Kind.RACE) -> Session:
    """Store a finished session: seats, event log and results, as the runner does."""
    session, _ = Session.objects.get_or_create(round=rnd, kind=kind)
    seats = [
        {
            "id": f"car{e.car_number}",
            "name": e.driver.name,
            "kind": "bot" if e.driver.is_bot else "human",
            "bot": "pro",
            "team": e.team.name if e.team else None,
            "setup": {},
            "entry_id": e.pk,
            "car_number": e.car_number,
        }
        for e in entries
    ]
    log = race_log([s["id"] for s in seats])
    session.seats = seats
    session.set_event_log(log)
    session.log_sha256 = f"{abs(hash(log)):064x}"[:64]
    session.status = Session.Status.FINISHED
    session.finished_at = timezone.now()
    session.progress = {"round": 3, "percent": 100, "order": [s["id"] for s in seats]}
    session.save()
    session_results_store(
        session=session,
        lines=[
            SeatResult(
                entry_id=e.pk,
                seat=f"car{e.car_number}",
                position=i,
                status="finished",
                laps=1,
                distance=100 - i,
                figures={"wear": {"T": 6 - i % 3, "Br": 3, "Gb": 3}},
            )
            for i, e in enumerate(entries, start=1)
        ],
    )
    return session


def build_season(league, *, entries=3, rounds=2, finished=None, team_mode=False, slug="gp"):
    season = make_season(league, slug=slug, team_mode=team_mode, status="running")
    grid = [
        entry_create(season=season, driver=make_driver(f"Driver {slug} {n}"), car_number=n)
        for n in range(1, entries + 1)
    ]
    start = timezone.now() + timedelta(days=1)
    made = []
    for number in range(1, rounds + 1):
        rnd = Round.objects.create(
            season=season,
            number=number,
            name=f"Round {number} GP",
            track="test_ring",
            laps=1,
            scheduled_at=start + timedelta(days=7 * number),
        )
        Session.objects.create(round=rnd, kind=Session.Kind.RACE, scheduled_at=rnd.scheduled_at)
        made.append(rnd)
    for rnd in made[: rounds if finished is None else finished]:
        # rotate the winners so the standings are not just entry order
        shift = rnd.number % len(grid)
        finish_round(rnd, grid[shift:] + grid[:shift])
    return season, grid, made


@pytest.fixture
def gp(league):
    return build_season(league)
