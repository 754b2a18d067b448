"""The one session runner (DESIGN.md, "One session runner").

An automatic race is a live race whose seats are all bots. One loop takes the
race's pending decisions and asks each seat's controller: a bot (or a
person's autopilot) answers at once; a person is given a turn with a deadline
and the loop stops until they decide (races/table/online.py). Whatever stopped the
loop, the race is then settled: finished (results, log, standings, in one
transaction) or awaiting the people it waits for. Nothing here knows a game.

Exactly once: a session is claimed with one conditional update, a status
change and a claim token with a lease. A second worker given the same session
finds it claimed and leaves it; a worker that died mid-run lets its lease
expire and the session is claimed again; only the holder of the current claim
may store, so a session's results are written once.
"""

from __future__ import annotations

import logging
import time
from concurrent.futures import Future
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from league.models import Entry
from league.page_versions import season_pages_changed
from races.clocks.sand_timers import sand_due
from races.clocks.seat_clocks import clocks_follow
from races.models import Session, Turn
from races.models.sessions import event_log_packing
from races.push.publish import table_changed
from races.replay.names import seat_names
from races.results.store import SeatResult, session_results_store
from races.rules import Action, canonical_log, get_game, get_presentation, play_bots
from races.running.aftermath import session_started
from races.running.claim import lease, session_claim
from races.running.finished_row import actions_written_beside, finished_row
from races.running.plan import session_plan
from races.running.progress import snapshot
from races.running.seats import SeatRecord, seat_records, seats_stored

log = logging.getLogger(__name__)

S = Session.Status


class ProgressWriter:
    """Writes the round and running order where a page can poll them, at most
    once per PROGRESS_INTERVAL seconds, and renews the claim's lease."""

    def __init__(self, session_id: int, token: str, game_key: str, names: dict, config: dict):
        self.session_id = session_id
        self.game_key = game_key
        self.token = token
        self.names = names
        self.config = config
        self.interval = getattr(settings, "SESSION_PROGRESS_INTERVAL", 0.5)
        self.pace = getattr(settings, "SESSION_ROUND_SECONDS", 0.0)
        # The first write after one interval, not at the first step: a race
        # over sooner writes no progress at all (its result is what a page
        # shows next), and the claim has just set the lease.
        self.last_write = time.monotonic()
        self.last_round = -1

    def __call__(self, race) -> None:
        round_number = race.events[-1].round if race.events else 0
        if round_number == self.last_round:
            return
        self.last_round = round_number
        if self.pace:
            time.sleep(self.pace)
        now = time.monotonic()
        if now - self.last_write < self.interval:
            return
        self.last_write = now
        progress = snapshot(self.game_key, race, self.names, self.config)
        Session.objects.filter(pk=self.session_id, claim=self.token).update(
            progress=progress, lease_until=timezone.now() + lease()
        )
        table_changed(self.session_id)  # a page follows an automatic race as it runs


# --- The loop ----------------------------------------------------------------


def controllers(game, seed: str, records: list[SeatRecord]) -> dict:
    """A bot for every seat no person is deciding for: bot seats, and the
    seats of people who handed their car to the autopilot (or who are not
    driving this session themselves). A seat without one waits for a person."""
    driven = bot_driven(records)
    return {
        r.id: game.bot(r.bot or game.bot_names[-1], seed=seed, seat=r.id)
        for r in records
        if r.id in driven
    }


def bot_driven(records: list[SeatRecord]) -> set[str]:
    """The seats a bot decides for: bot seats and the autopilot's."""
    return {r.id for r in records if r.kind == "bot" or r.autopilot}


def drive(
    race, bots: dict, steps: list[dict], on_step=None, by: str = "bot", once: bool = False
) -> None:
    """Ask each pending seat's controller and apply, until the race is over
    or only people are left to decide (`once`: one decision at most). Each
    action is appended to `steps`, the stored record of the race."""

    def stored(race, seat: str, action: Action) -> None:
        steps.append({"seat": seat, "action": action.to_dict(), "by": by})
        if on_step is not None:
            on_step(race)

    play_bots(race, bots, on_step=stored, limit=1 if once else None)


def settle(session: Session, race, now: datetime, announce: bool = True) -> str:
    """Store where the loop stopped: the finished race, or the turns the
    people owe. The caller holds the session's row lock and has set its
    seats, config and actions. `announce`: tell the table's browsers
    (races/push/), unless the caller does when something changed."""
    if race.finished:
        session.turns.all().delete()
        session_finish(session=session, race=race, result=race.result())
        return "finished"
    _turns_open(session, race, now)
    fields = ["seats", "config", "actions", "claim", "lease_until", "progress"]
    if session.status != S.AWAITING:
        # The season's pages show the status: a new version of them
        # (league/page_versions.py) when it changes, not at every decision.
        session.status = S.AWAITING
        fields.append("status")
    session.claim = ""
    session.lease_until = None
    session.progress = snapshot(
        session.round.season.game, race, seat_names(seat_records(session.seats)), session.config
    )
    session.save(update_fields=fields)
    if announce:
        table_changed(session)  # issue 25: every browser at the table, once committed
    return "awaiting"


def _turns_open(session: Session, race, now: datetime) -> None:
    """A person's controller: a turn with a deadline for each decision they
    owe, when their game clock runs out (races/clocks/; every deciding
    seat's clock runs, the others stop). A decision with its own time limit
    (the Game's `decision_seconds`) is due at the sooner of the clock and
    the end of that limit, counted from when the decision first carries it:
    a turn already open has its deadline brought forward then, never put back."""
    pending = {d.seat: d for d in race.pending}
    session.turns.exclude(seat__in=pending).delete()
    clock_due = clocks_follow(session, pending, now)
    game = get_game(session.round.season.game)
    limits = {seat: game.decision_seconds(d) for seat, d in pending.items()}
    # A timer of the rules running for every deciding seat at once (its sand
    # counted from when its run began, races/clocks/sand_timers.py).
    sand = sand_due(session, game, pending.values(), now, events=len(race.events))

    def due(seat: str, deadline: datetime) -> datetime:
        seconds = limits[seat]
        if seat in sand:
            deadline = min(deadline, sand[seat])
        return deadline if seconds is None else min(deadline, now + timedelta(seconds=seconds))

    already_open = set()
    for pk, seat, deadline in session.turns.values_list("pk", "seat", "deadline"):
        already_open.add(seat)
        if due(seat, deadline) < deadline:
            Turn.objects.filter(pk=pk).update(deadline=due(seat, deadline))
    records = {r.id: r for r in seat_records(session.seats)}
    Turn.objects.bulk_create(
        Turn(
            session=session,
            seat=seat,
            user_id=records[seat].user_id,
            step=len(session.actions),
            kind=decision.kind,
            prompt=decision.prompt[:200],
            opened_at=now,
            deadline=due(seat, clock_due.get(seat, now + _per_move(session))),
        )
        for seat, decision in pending.items()
        if seat not in already_open
    )


def _per_move(session: Session) -> timedelta:
    """A seat with no clock (a session people do not drive): the season's
    time for a decision."""
    return timedelta(seconds=session.round.season.decision_seconds)


# --- Running a session -------------------------------------------------------


def session_fail(session_id: int, token: str, text: str) -> None:
    Session.objects.filter(pk=session_id, claim=token).update(
        status=S.FAILED, error=text[:2000], lease_until=None, finished_at=timezone.now()
    )
    table_changed(session_id)


def session_run(*, session_id: int) -> str:
    """Run one queued session: an automatic one to its stored result, a live
    one up to the first decision a person owes. Returns what happened:
    "finished", "awaiting", "failed" or "skipped" (not ours to run)."""
    session = session_claim(session_id)
    if session is None:
        return "skipped"
    table_changed(session_id)  # the table says the race is running
    token = session.claim
    game_key = session.round.season.game
    try:
        # The grid, the bots filling it and the engine's start stand or fall
        # together: a session the game cannot start leaves no entries behind.
        with transaction.atomic():
            plan = session_plan(session)
            race = plan.game.start(plan.config, plan.seats, session.seed)
    except Exception as error:  # a setting the game cannot run: the organiser changes it
        log.exception("session %s could not start", session_id)
        session_fail(
            session_id, token, get_presentation(game_key).capabilities.session_error(error)
        )
        return "failed"
    session_started(
        session_id=session_id, season_id=session.round.season_id, hooked=session.hooks_listening
    )
    steps: list[dict] = []
    on_step = None if session.live else ProgressWriter(
        session_id, token, game_key, seat_names(plan.records), plan.config
    )  # fmt: skip
    try:
        drive(race, controllers(plan.game, session.seed, plan.records), steps, on_step)
    except Exception as error:  # an engine error mid-race: the organiser retries
        return _stopped(session_id, token, error)
    # The row is not read again: the claim read it with its round and season,
    # and only the claim's holder writes it.
    session.seats = seats_stored(plan.records)
    session.config, session.actions = plan.config, steps
    if not race.finished:
        with transaction.atomic():
            if not _still_held(session_id, token):  # another worker took the session over
                return "skipped"
            return settle(session, race, timezone.now())
    try:
        return _finished_stored(session, race, token)
    except RaceStopped as stopped:
        return _stopped(session_id, token, stopped.__cause__)


class RaceStopped(Exception):
    """The engine failed while giving a finished race's log or result."""


def _stopped(session_id: int, token: str, error: Exception) -> str:
    log.error("session %s failed", session_id, exc_info=error)
    session_fail(session_id, token, f"The race stopped with an error: {error}. Run it again.")
    return "failed"


def _finished_stored(session: Session, race, token: str) -> str:
    """Store a finished automatic race in one transaction. It locks the
    session alone: its log and row are written side by side with the
    season's other sessions; the store takes the season's lock only for
    the standings (races/results/store.py)."""
    with transaction.atomic():
        # The database writes the run's actions while the log's lines are
        # written and hashed for the engine's result; zlib packs the lines
        # on a thread of its own (races/models/sessions.py) meanwhile.
        with actions_written_beside(session, token) as played:
            try:
                packed_log = event_log_packing(canonical_log(race.events))
                result = race.result()
            except Exception as error:
                raise RaceStopped from error
        if not played.rows:  # another worker took the session over
            return "skipped"
        stored = session_finish(
            session=session, race=race, result=result, packed_log=packed_log, held_by=token
        )
        return "finished" if stored else "skipped"


def _still_held(session_id: int, token: str) -> bool:
    """Lock the running session's row while `token` is still its claim."""
    locked = (
        Session._base_manager.select_for_update()
        .filter(pk=session_id, claim=token, status=S.RUNNING)
        .order_by()
        .values_list("pk", flat=True)
    )
    return bool(list(locked))


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
    "claim",
]


def session_finish(
    *,
    session: Session,
    race,
    result,
    packed_log: Future | None = None,
    held_by: str | None = None,
) -> bool:
    """Store a finished race: results, points, event log, hash, standings and
    carry-over, inside the caller's transaction, which has set the session's
    seats, config and actions and holds its row lock; or, `held_by`, the
    claim the caller holds, under which it has written them (races/running/
    finished_row.py): the row is written only while that claim is current
    and the session running, else nothing is and False is returned.
    `packed_log`: the log being packed, where the caller has begun it."""
    session.status = S.FINISHED
    session.finished_at = timezone.now()
    session.lease_until = None
    session.claim = ""
    session.log_sha256 = result.log_sha256
    session.summary = {**dict(result.details), "rounds": result.rounds}
    session.progress = {
        "round": result.rounds,
        "percent": 100,
        "order": [p.seat for p in result.order],
    }
    log = packed_log or canonical_log(race.events)
    if held_by is not None and not finished_row(session, held_by, log):
        return False
    # The commit waits for this signal: nothing after it is more urgent than
    # the tables hearing the result. The season's pages get new versions
    # after it: no piece of a table is kept under them (races/table/ keeps
    # its pieces under the state's digest), and those pages hear their own
    # news after the new versions (league/caching.py).
    table_changed(session, waited=True)
    if held_by is None:
        session.set_event_log(log)
        session.save(update_fields=FINISH_FIELDS)
    else:
        season_pages_changed({session.round.season_id})  # its status is on them
    records = seat_records(session.seats)
    entry_of = {record.id: record.entry_id for record in records}
    session_results_store(
        session=session,
        lines=_result_lines(result, entry_of),
        names={record.entry_id: (record.name, record.car_number) for record in records},
    )
    carried = [
        Entry(pk=entry_of[seat_id], carry=dict(carry))
        for seat_id, carry in result.carry_over.items()
    ]
    if carried:  # every car's carry-over in one UPDATE, not one a car
        Entry.objects.bulk_update(carried, ["carry"])
    return True


def _result_lines(result, entry_of: dict[str, int]) -> list[SeatResult]:
    """The engine's places as result lines, each tied to its seat's entry."""
    return [
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
    ]
