"""Running a session: claim it, build the grid and seats, run the engine,
then store results, the event log and new standings in one transaction.

Exactly once: a session is claimed with one conditional update, a status
change and a claim token with a lease. A second worker given the same session finds it
claimed and leaves it; a worker that died mid-run lets its lease expire and
the session is claimed again; only the holder of the current claim may
store, so a session's results are written once.
"""

from __future__ import annotations

import logging
import time
import uuid
from dataclasses import dataclass, field
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from league.models import DriverStanding, Entry
from races import grid
from races.models import Result, Round, Session
from races.progress import snapshot
from races.results import SeatResult, session_results_store
from races.rules import Action, Seat, bots_for, canonical_log, get_game
from races.seating import bots_fill, seat_for, seat_record

log = logging.getLogger(__name__)

S = Session.Status


def lease() -> timedelta:
    return timedelta(seconds=getattr(settings, "SESSION_LEASE_SECONDS", 60))


def session_claim(session_id: int) -> str | None:
    """Take the session for this worker; None when it is not ours to run."""
    session = _claim(session_id)
    return None if session is None else session.claim


def _claim(session_id: int) -> Session | None:
    """session_claim, returning the claimed session with its round and season
    (the scoring system is read when the results are stored)."""
    now = timezone.now()
    token = uuid.uuid4().hex
    claimed = {
        "status": S.RUNNING,
        "claim": token,
        "lease_until": now + lease(),
        "started_at": Coalesce("started_at", Value(now)),
        "progress": {},
        "error": "",
    }
    # Each claim is one conditional UPDATE, committed on its own: the database
    # re-checks the condition on a row another worker has just claimed, so
    # exactly one claim wins (and it costs two round trips fewer than
    # locking, reading, writing and committing).
    rows = Session.objects.filter(pk=session_id)
    if not rows.filter(status=S.QUEUED).update(**claimed):
        expired = Q(lease_until__isnull=True) | Q(lease_until__lt=now)
        if not rows.filter(expired, status=S.RUNNING).update(**claimed):
            return None
        log.warning("session %s: lease expired, running it again", session_id)
    return (
        Session.objects.select_related("round__season")
        .filter(pk=session_id, claim=token)
        .order_by()  # one row: no need of the default ordering's joins up to the league
        .first()
    )


@dataclass
class Plan:
    """What the engine is given, and which entry drives each seat."""

    game_key: str
    config: dict
    seats: list[Seat]
    entries: dict[str, Entry] = field(default_factory=dict)


def effective_grid_rule(rnd: Round) -> str:
    if rnd.fallback_grid:  # the qualifying failed; an organiser chose (races/qualifying.py)
        return rnd.fallback_grid
    fmt = rnd.qualifying_format
    if fmt == Round.QualifyingFormat.TIMED_LAP:
        return grid.QUALIFYING
    if fmt in (grid.RANDOM, grid.CHAMPIONSHIP, grid.REVERSE):
        return fmt
    return rnd.grid_rule


def _qualifying(rnd: Round) -> tuple[list[Result], str | None]:
    """The round's finished qualifying: its results in position order and the
    surface it ran on. A round has at most one qualifying session, so one
    lookup answers both, and no results are read when there is none."""
    found = (
        Session.objects.filter(round=rnd, kind=Session.Kind.QUALIFYING, status=S.FINISHED)
        .order_by()
        .values_list("pk", "summary")
        .first()
    )
    if found is None:
        return [], None
    # Ordered by position alone: the default ordering would join up to the
    # league for a sort that, within one session, is by position anyway.
    results = list(Result.objects.filter(session_id=found[0]).order_by("position"))
    return results, (found[1] or {}).get("surface")


def session_plan(session: Session) -> Plan:
    rnd = session.round
    season = rnd.season
    game = get_game(season.game)
    entries = bots_fill(season=season)
    qualifying, surface = [], None
    if session.kind == Session.Kind.RACE:
        qualifying, surface = _qualifying(rnd)
    rule = effective_grid_rule(rnd)
    if session.kind == Session.Kind.QUALIFYING:
        rule = grid.ENTRY
    standings = {}
    if rule in (grid.CHAMPIONSHIP, grid.REVERSE):  # the only rules that read standings
        standings = dict(
            DriverStanding.objects.filter(season=season).order_by().values_list("entry_id", "rank")
        )
    order = grid.grid_order(
        rule,
        [grid.Car(e.id, e.car_number) for e in entries],
        qualifying={r.entry_id: r.position for r in qualifying},
        standings=standings,
        seed=session.seed,
    )
    by_id = {e.id: e for e in entries}
    seats = [
        seat_for(by_id[car.key], human=session.live and not by_id[car.key].driver.is_bot)
        for car in order
    ]
    config = {**season.rules, **rnd.options, "track": rnd.track}
    keys = game.options.keys
    if rnd.laps:
        config["laps"] = rnd.laps
    if "mode" in keys:
        config["mode"] = session.kind
    if "season_race" in keys and season.rules.get("season"):
        # A championship season's race N (HEAT-CHAMP-01): the round's number.
        config["season_race"] = rnd.number
    if "season_seed" in keys and season.rules.get("season") == "custom":
        config.setdefault("season_seed", f"{season.league.slug}/{season.slug}")
    if "grid" in keys and session.kind == Session.Kind.RACE:
        config["grid"] = [s.id for s in seats]
    seat_of_entry = {by_id[car.key].id: seats[i].id for i, car in enumerate(order)}
    if qualifying and "qualifying_ranks" in keys:
        config["qualifying_ranks"] = {
            seat_of_entry[r.entry_id]: r.position
            for r in qualifying
            if r.status == "finished" and r.entry_id in seat_of_entry
        }
    if surface and "qualifying_weather" in keys:
        config["qualifying_weather"] = surface
    config = game.options.validate(config)
    return Plan(
        game_key=game.key,
        config=config,
        seats=seats,
        entries={seats[i].id: by_id[car.key] for i, car in enumerate(order)},
    )


class ProgressWriter:
    """Writes the turn and running order where a page can poll them, at most
    once per PROGRESS_INTERVAL seconds, and renews the claim's lease."""

    def __init__(self, session_id: int, token: str, game_key: str):
        self.session_id = session_id
        self.game_key = game_key
        self.token = token
        self.interval = getattr(settings, "SESSION_PROGRESS_INTERVAL", 0.5)
        self.pace = getattr(settings, "SESSION_ROUND_SECONDS", 0.0)
        self.last_write = 0.0
        self.last_round = -1

    def round_reached(self, race, round_number: int, *, force: bool = False) -> None:
        if round_number == self.last_round and not force:
            return
        self.last_round = round_number
        if self.pace:
            time.sleep(self.pace)
        now = time.monotonic()
        if not force and now - self.last_write < self.interval:
            return
        self.last_write = now
        progress = snapshot(self.game_key, race)
        Session.objects.filter(pk=self.session_id, claim=self.token).update(
            progress=progress, lease_until=timezone.now() + lease()
        )


def bots_play(race, bots: dict, steps: list[dict], progress=None, by: str = "bot") -> None:
    """Let the bots answer every pending decision that is theirs; each action
    is appended to `steps` as the stored record of the race."""
    while not race.finished:
        decision = next((d for d in race.pending if d.seat in bots), None)
        if decision is None:
            return
        action: Action = bots[decision.seat].choose(race.view(decision.seat), decision)
        race.apply(decision.seat, action)
        steps.append({"seat": decision.seat, "action": action.to_dict(), "by": by})
        if progress and race.events:
            progress.round_reached(race, race.events[-1].round)


def engine_run(plan: Plan, seed: str, progress: ProgressWriter | None = None):
    """Play the race with every seat's bot or autopilot; returns the race and
    the actions applied, in order."""
    game = get_game(plan.game_key)
    race = game.start(plan.config, plan.seats, seed)
    actions: list[dict] = []
    bots_play(race, bots_for(game, plan.seats, seed), actions, progress)
    if not race.finished:
        raise RuntimeError("the race waits for a seat no bot drives")
    return race, actions


def _fail(session_id: int, token: str, error: BaseException) -> None:
    text = f"{type(error).__name__}: {error}"
    Session.objects.filter(pk=session_id, claim=token).update(
        status=S.FAILED, error=text[:2000], lease_until=None, finished_at=timezone.now()
    )


def session_run(*, session_id: int) -> str:
    """Run one queued session: an automatic one to its stored result, a live
    one up to the first decision a person makes. Returns what happened:
    "finished", "awaiting", "failed" or "skipped" (not ours to run)."""
    session = _claim(session_id)
    if session is None:
        return "skipped"
    token = session.claim
    if session.live:
        from races.online import live_start

        return live_start(session_id=session_id, token=token)
    writer = ProgressWriter(session_id, token, session.round.season.game)
    try:
        plan = session_plan(session)
        race, actions = engine_run(plan, session.seed, writer)
        result = race.result()
    except Exception as error:  # an engine or configuration error: the organiser retries
        log.exception("session %s failed", session_id)
        _fail(session_id, token, error)
        return "failed"
    with transaction.atomic():
        # Locks the session, its round and season (two sessions of a season
        # store their standings one after the other); the scoring system is
        # read along, unlocked, as storing the results needs it.
        session = (
            Session.objects.select_for_update(of=("self", "round", "round__season"))
            .select_related("round__season__scoring")
            .filter(pk=session_id, claim=token, status=S.RUNNING)
            .order_by()  # one row: no need of the default ordering's joins up to the league
            .first()
        )
        if session is None:  # another worker took the session over
            return "skipped"
        session.seats = [seat_record(plan.entries[s.id], s) for s in plan.seats]
        session.config = plan.config
        session.actions = actions
        session_finish(session=session, race=race, result=result)
    return "finished"


FINISH_FIELDS = [
    "status",
    "finished_at",
    "lease_until",
    "event_log",
    "log_sha256",
    "summary",
    "progress",
    "seats",
    "config",
    "actions",
]


def session_finish(*, session: Session, race, result) -> None:
    """Store a finished race: results, points, event log, hash, standings and
    carry-over. The caller holds the session's row lock inside a transaction
    and has set its seats, config and actions."""
    session.status = S.FINISHED
    session.finished_at = timezone.now()
    session.lease_until = None
    session.set_event_log(canonical_log(race.events))
    session.log_sha256 = result.log_sha256
    session.summary = {**dict(result.details), "rounds": result.rounds}
    session.progress = {
        "round": result.rounds,
        "percent": 100,
        "order": [p.seat for p in result.order],
    }
    # Only what a finished run changes: the row's other columns stay as the
    # claim left them.
    session.save(update_fields=FINISH_FIELDS)
    entry_of = {record["id"]: record["entry_id"] for record in session.seats}
    session_results_store(
        session=session,
        lines=[
            SeatResult(
                entry_id=entry_of[p.seat],
                seat=p.seat,
                position=p.position,
                status=p.status,
                laps=p.laps,
                distance=p.distance,
                figures=dict(p.figures),
            )
            for p in result.order
        ],
    )
    for seat_id, carry in result.carry_over.items():
        Entry.objects.filter(pk=entry_of[seat_id]).update(carry=dict(carry))
