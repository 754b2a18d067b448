"""Online play: people drive their own cars, turn by turn, against each
other and bots.

The stored record of a live race is its seed and its list of actions; the
engine's state is rebuilt from them (races/live_races.py keeps it between decisions). A person's
decision is validated by the engine and stored under the session's row lock
(a decision is identified by its seat and the step it opened at, so a double
submit or a stale page is refused); a task on the `online` queue then lets
the bots play up to the next decision a person owes. A missed deadline lets
the driver's autopilot make that one decision.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone

from races.live_races import live_race
from races.models import Session, Turn
from races.progress import snapshot
from races.rules import Action, ConfigError, IllegalAction, get_game
from races.running import _fail, bots_play, session_finish, session_plan
from races.seating import seat_record

log = logging.getLogger(__name__)
S = Session.Status


def driven_by_bot(record: dict) -> bool:
    return record["kind"] == "bot" or bool(record.get("autopilot"))


def _bot(game, session: Session, record: dict):
    return game.bot(record.get("bot") or game.bot_names[-1], seed=session.seed, seat=record["id"])


def _bots(game, session: Session) -> dict:
    return {r["id"]: _bot(game, session, r) for r in session.seats if driven_by_bot(r)}


def _locked(session_id: int) -> Session | None:
    return (
        Session.objects.select_for_update()
        .select_related("round__season__scoring")
        .filter(pk=session_id)
        .first()
    )


def _advance(session: Session, game, race, now: datetime) -> str:
    """Bots play until a person owes a decision or the race is over. The
    caller holds the session's row lock."""
    steps = list(session.actions)
    bots_play(race, _bots(game, session), steps)
    session.actions = steps
    if race.finished:
        session.turns.all().delete()
        session_finish(session=session, race=race, result=race.result())
        return "finished"
    _open_turns(session, race, now)
    session.status = S.AWAITING
    session.claim = ""
    session.lease_until = None
    session.progress = snapshot(game.key, race)
    session.save(update_fields=["actions", "status", "claim", "lease_until", "progress"])
    return "awaiting"


def _open_turns(session: Session, race, now: datetime) -> None:
    pending = {d.seat: d for d in race.pending}
    session.turns.exclude(seat__in=pending).delete()
    already_open = set(session.turns.values_list("seat", flat=True))
    records = {r["id"]: r for r in session.seats}
    deadline = now + timedelta(seconds=session.round.season.decision_seconds)
    Turn.objects.bulk_create(
        Turn(
            session=session,
            seat=seat,
            user_id=records[seat]["user_id"],
            step=len(session.actions),
            kind=decision.kind,
            prompt=decision.prompt[:200],
            opened_at=now,
            deadline=deadline,
        )
        for seat, decision in pending.items()
        if seat not in already_open
    )


def live_start(*, session_id: int, token: str) -> str:
    """Seat the grid (people in their own seats) and play up to the first
    decision a person owes. Called by session_run with the session claimed."""
    session = Session.objects.select_related("round__season__scoring").get(pk=session_id)
    try:
        plan = session_plan(session)
        game = get_game(plan.game_key)
        race = game.start(plan.config, plan.seats, session.seed)
    except Exception as error:  # a configuration error: the organiser fixes and retries
        log.exception("live session %s failed to start", session_id)
        _fail(session_id, token, error)
        return "failed"
    with transaction.atomic():
        session = _locked(session_id)
        if session is None or session.claim != token or session.status != S.RUNNING:
            return "skipped"
        session.seats = [seat_record(plan.entries[s.id], s) for s in plan.seats]
        session.config = plan.config
        session.actions = []
        session.save(update_fields=["seats", "config", "actions"])
        return _advance(session, game, race, timezone.now())


def session_advance(*, session_id: int) -> str:
    """Apply what the bots have to decide after a person's decision.
    Idempotent: with nothing for the bots to do it changes nothing."""
    with transaction.atomic():
        session = _locked(session_id)
        if session is None or session.status != S.AWAITING:
            return "skipped"
        with live_race(session) as (game, race):
            return _advance(session, game, race, timezone.now())


def _action_from(data) -> Action:
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise ValidationError("That choice is not a decision this race understands.")
    params = data.get("params") or {}
    if not isinstance(params, dict):
        raise ValidationError("That choice is not a decision this race understands.")
    return Action(kind=data["kind"], params=params)


def decision_submit(
    *, session_id: int, user, seat: str, step: int, action: dict, now: datetime | None = None
) -> None:
    """Store a person's decision after the engine has checked it.

    Raises PermissionDenied for someone else's car and ValidationError with
    a message for the driver when the choice is illegal or stale; either way
    nothing changes.
    """
    now = now or timezone.now()
    with transaction.atomic():
        session = _locked(session_id)
        if session is None or session.status != S.AWAITING:
            raise ValidationError("This race is not waiting for a decision.")
        record = next((r for r in session.seats if r["id"] == seat), None)
        if record is None or record.get("user_id") != user.pk:
            raise PermissionDenied("That is not your car.")
        turn = session.turns.filter(seat=seat).first()
        if turn is None or turn.step != step:
            raise ValidationError("That decision has already been made; the race has moved on.")
        chosen = _action_from(action)
        if session.kind == Session.Kind.QUALIFYING:
            # FD-V-4.6 / FD-E-8: a live lap counts the real time the driver took.
            seconds = max(0, int((now - turn.opened_at).total_seconds()))
            chosen = Action(chosen.kind, {**chosen.params, "elapsed_s": seconds})
        with live_race(session) as (_, race):
            try:
                message = race.validate(seat, chosen)
            except (ConfigError, IllegalAction, KeyError, TypeError, ValueError) as error:
                message = str(error) or "That choice is not legal now."
            if message:
                raise ValidationError(message)
            race.apply(seat, chosen)
            session.actions = [
                *session.actions,
                {"seat": seat, "action": chosen.to_dict(), "by": "driver"},
            ]
        session.queued_at = now  # when the bots were asked to play on
        session.save(update_fields=["actions", "queued_at"])
        turn.delete()
        _send_advance(session.pk)


def _send_advance(session_id: int) -> None:
    from races.tasks import advance_session

    transaction.on_commit(lambda: advance_session.delay(session_id))


def autopilot_take_over(*, session_id: int, user, seat: str) -> None:
    """The driver hands the rest of the race to the autopilot."""
    with transaction.atomic():
        session = _locked(session_id)
        if session is None or session.status not in (S.AWAITING, S.RUNNING, S.QUEUED):
            raise ValidationError("This race is not running.")
        seats = [dict(r) for r in session.seats]
        record = next((r for r in seats if r["id"] == seat), None)
        if record is None or record.get("user_id") != user.pk:
            raise PermissionDenied("That is not your car.")
        record["autopilot"] = True
        session.seats = seats
        session.queued_at = timezone.now()
        session.save(update_fields=["seats", "queued_at"])
        session.turns.filter(seat=seat).delete()
        _send_advance(session.pk)


def deadlines_expire(*, now: datetime) -> int:
    """Let the autopilot make every decision whose deadline has passed; the
    driver is back at the next one. Returns how many it made."""
    made = 0
    session_ids = (
        Turn.objects.filter(deadline__lt=now).values_list("session_id", flat=True).distinct()
    )
    for session_id in list(session_ids):
        with transaction.atomic():
            session = _locked(session_id)
            if session is None or session.status != S.AWAITING:
                continue
            expired = list(session.turns.filter(deadline__lt=now))
            if not expired:
                continue
            records = {r["id"]: r for r in session.seats}
            with live_race(session) as (game, race):
                for turn in expired:
                    decision = next((d for d in race.pending if d.seat == turn.seat), None)
                    if decision is None:
                        continue
                    bot = _bot(game, session, records[turn.seat])
                    action = bot.choose(race.view(turn.seat), decision)
                    race.apply(turn.seat, action)
                    session.actions = [
                        *session.actions,
                        {"seat": turn.seat, "action": action.to_dict(), "by": "autopilot"},
                    ]
                    made += 1
                Turn.objects.filter(pk__in=[t.pk for t in expired]).delete()
                _advance(session, game, race, now)
    return made


def turns_notify(*, now: datetime) -> int:
    """E-mail each person whose decision has waited longer than
    ONLINE_NOTIFY_AFTER_SECONDS, once per decision."""
    after = timedelta(seconds=settings.ONLINE_NOTIFY_AFTER_SECONDS)
    sent = 0
    waiting = Turn.objects.filter(notified_at__isnull=True, opened_at__lt=now - after)
    for turn in waiting.select_related("user", "session__round__season__league"):
        if not Turn.objects.filter(pk=turn.pk, notified_at__isnull=True).update(notified_at=now):
            continue
        if not turn.user.email:
            continue
        rnd = turn.session.round
        send_mail(
            subject=f"Your turn: {rnd.season.name}, {rnd.name}",
            message=(
                f"Your car {turn.seat} is waiting for you: {turn.prompt or turn.kind}.\n"
                f"Decide before {turn.deadline:%Y-%m-%d %H:%M} UTC or your autopilot will.\n"
            ),
            from_email=None,
            recipient_list=[turn.user.email],
        )
        sent += 1
    return sent


def turns_for(user) -> list[Turn]:
    """The decisions a person owes now, for the site header."""
    if not user.is_authenticated:
        return []
    return list(
        Turn.objects.filter(user=user, session__status=S.AWAITING).select_related(
            "session__round__season__league"
        )
    )
