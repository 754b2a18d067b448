"""Online play: people drive their own cars, turn by turn, against each
other and bots.

The stored record of a live race is its seed and its list of actions; the
engine's state is rebuilt from them (races/table/live_races.py keeps it
between decisions). A person's
decision is validated by the engine and stored under the session's row lock
(a decision is identified by its seat and the step it opened at, so a double
submit or a stale page is refused); a task on the `online` queue then lets
the bots play up to the next decision a person owes. A missed deadline
applies the default the game's rules fix for that decision, if any, else
lets the driver's autopilot make that one decision.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from league.models import Preferences, address_confirmed
from races.clocks.expiry import clock_out
from races.clocks.notes import note
from races.clocks.sand_timers import sand_out
from races.clocks.seat_clocks import clock_given_back, clock_stop, paused, ran_out
from races.lobby.arrivals import take_back_refusal
from races.models import Session, TableNote, Turn
from races.push.publish import table_changed
from races.replay.names import track_name
from races.rules import Action, ConfigError, Event, IllegalAction, get_game
from races.running.queue import session_advance_later
from races.running.runner import bot_driven, controllers, drive, settle
from races.running.seats import seat_record_of, seat_records, seats_stored
from races.table.live_races import Seen, live_race, seat_sees

log = logging.getLogger(__name__)
S = Session.Status


def _locked(session_id: int) -> Session | None:
    return (
        # The session's row alone: a decision never waits for the season's
        # other tables; a finishing race's store takes the season's lock
        # itself, for the standings only (races/results/store.py).
        Session.objects.select_for_update(of=("self",))
        .select_related("round__season__scoring")
        .filter(pk=session_id)
        .one()
    )


def session_advance(*, session_id: int, now: datetime | None = None) -> str:
    """Apply what the bots have to decide after a person's decision.
    Idempotent: with nothing for the bots to do it changes nothing."""
    with transaction.atomic():
        session = _locked(session_id)
        if session is None or session.status != S.AWAITING:
            return "skipped"
        before = (len(session.actions), _turns_shown(session))
        with live_race(session) as (game, race):
            steps = list(session.actions)
            drive(race, controllers(game, session.seed, seat_records(session.seats)), steps)
            session.actions = steps
            settled = settle(session, race, now or timezone.now(), announce=False)
        # Nothing for the bots to do (people still deciding): no browser is
        # sent to fetch a table that has not changed.
        if settled != "awaiting" or (len(steps), _turns_shown(session)) != before:
            table_changed(session)
        return settled


def _turns_shown(session: Session) -> list:
    return list(session.turns.order_by("seat").values_list("seat", "step", "deadline"))


@dataclass(frozen=True)
class Decided:
    """What a person's decision changed, for the page that posted it: the
    session as stored after it, the events the decision made, the turns the
    session's people owe now, and what the deciding seat sees of its
    decision when that decision runs on (a draft while its own time runs)."""

    session: Session
    events: tuple[Event, ...]
    turns: tuple[Turn, ...]
    running_on: Seen | None = None


def decision_submit(
    *, session_id: int, user, seat: str, step: int, action: Action, now: datetime | None = None
) -> Decided:
    """Store a person's decision after the engine has checked it, and say
    what it changed.

    Raises PermissionDenied for someone else's car and ValidationError with
    a message for the driver when the choice is illegal or stale; either way
    nothing changes.
    """
    now = now or timezone.now()
    with transaction.atomic():
        session = _locked(session_id)
        if session is None or session.status != S.AWAITING:
            raise ValidationError(_("This race is not waiting for a decision."))
        if paused(session):
            raise ValidationError(_("The organiser has paused this race: decide once it resumes."))
        open_turns = list(session.turns.all())
        turn = _turn_owed(session, open_turns, user, seat, step)
        owed_before = _turns_owed(open_turns)
        seconds = max(0, int((now - turn.opened_at).total_seconds()))
        game = get_game(session.round.season.game)
        chosen = game.timed_action(action, session.config, seconds)
        with live_race(session) as (_row, race):
            made = len(race.events)
            timed = _time_limit(game, race, seat) is not None
            _apply(race, seat, chosen)
            session.actions = [
                *session.actions,
                {"seat": seat, "action": chosen.to_dict(), "by": "driver"},
            ]
            events = tuple(race.events[made:])
            runs_on = timed and _time_limit(game, race, seat) is not None
            running_on = seat_sees(race, seat) if runs_on else None
            people_next = _people_decide_next(session, race)
        if not people_next:
            session.queued_at = now  # when the bots were asked to play on
            session.save(update_fields=["actions", "queued_at"])
        _turn_decided(session, turn, running_on, now)
        if people_next:
            # Issue 25: no bot has to play, so the people's next turns open
            # here: the driver's next decision is in this answer, and the
            # table hears of the decision once, not again from a task.
            with live_race(session) as (_game, race):
                settle(session, race, now, announce=False)
        turns = tuple(session.turns.all())
        # Issue 25: the other seats see the decision at once; said first, so
        # the bots' task is queued after the news has gone out. The "your
        # turn" notice only of those whose turns changed (the bots' task
        # tells everyone seated again when it opens turns).
        changed = owed_before ^ _turns_owed(turns)
        table_changed(session, turns_of={user_id for user_id, *_turn in changed})
        if not people_next:
            session_advance_later(session.pk)
    return Decided(session, events, turns, running_on)


def _turns_owed(turns) -> set[tuple]:
    # The deadline too: the last to decide may be given a shorter one.
    return {(t.user_id, t.pk, t.step, t.deadline) for t in turns}


def _turn_decided(session: Session, turn: Turn, running_on: Seen | None, now: datetime) -> None:
    """The decided turn closed and its clock stopped; or, for a draft while
    the decision's own time runs, gone on at its new step with its deadline
    kept, so time is not won back."""
    if running_on is None:
        turn.delete()
        clock_stop(session, turn.seat, now, decided=True)
        return
    turn.step, turn.kind = len(session.actions), running_on.decision.kind
    turn.prompt = running_on.decision.prompt[:200]
    turn.save(update_fields=["step", "kind", "prompt"])


def _people_decide_next(session: Session, race) -> bool:
    """Whether only people are to decide now: the race goes on, and no bot
    (nor an autopilot) has a decision pending."""
    if race.finished or not race.pending:
        return False
    driven = bot_driven(seat_records(session.seats))
    return not any(decision.seat in driven for decision in race.pending)


def _turn_owed(session: Session, open_turns: list[Turn], user, seat: str, step: int) -> Turn:
    """The user's open turn for the seat at the step the page showed (a
    seat has one open turn at most)."""
    record = seat_record_of(seat_records(session.seats), seat)
    if record is None or record.user_id != user.pk:
        raise PermissionDenied(_("That is not your car."))
    turn = next((t for t in open_turns if t.seat == seat), None)
    if turn is None or turn.step != step:
        raise ValidationError(_("That decision has already been made; the race has moved on."))
    return turn


def _apply(race, seat: str, action: Action) -> None:
    """Apply a person's action once the engine has found it legal."""
    try:
        message = race.validate(seat, action)
    except (ConfigError, IllegalAction, KeyError, TypeError, ValueError) as error:
        message = str(error) or _("That choice is not legal now.")
    if message:
        raise ValidationError(message)
    race.apply(seat, action)


def _time_limit(game, race, seat: str) -> int | None:
    """The seconds of the seat's pending decision's own time limit, if any."""
    decision = next((d for d in race.pending if d.seat == seat), None)
    return None if decision is None else game.decision_seconds(decision)


def autopilot_take_over(*, session_id: int, user, seat: str) -> None:
    """The driver hands the rest of the race to the autopilot."""
    with transaction.atomic():
        session = _locked(session_id)
        if session is None or session.status not in (S.AWAITING, S.RUNNING, S.QUEUED):
            raise ValidationError(_("This race is not running."))
        seats = seat_records(session.seats)
        record = seat_record_of(seats, seat)
        if record is None or record.user_id != user.pk:
            raise PermissionDenied(_("That is not your car."))
        session.seats = seats_stored(
            replace(r, autopilot=True) if r is record else r for r in seats
        )
        session.queued_at = timezone.now()
        session.save(update_fields=["seats", "queued_at"])
        session.turns.filter(seat=seat).delete()
        clock_stop(session, seat, session.queued_at, decided=False)
        session_advance_later(session.pk)
        table_changed(session)


def autopilot_take_back(*, session_id: int, user, seat: str) -> None:
    """The driver takes their car back from the autopilot: the race asks them
    again from the car's next decision on."""
    with transaction.atomic():
        session = _locked(session_id)
        if session is None or session.status not in (S.AWAITING, S.RUNNING, S.QUEUED):
            raise ValidationError(_("This race is not running."))
        seats = seat_records(session.seats)
        record = seat_record_of(seats, seat)
        if record is None or record.user_id != user.pk:
            raise PermissionDenied(_("That is not your car."))
        if not session.live or record.kind != "human":
            raise ValidationError(_("People do not drive this session themselves."))
        refusal = take_back_refusal(session, record, user)
        if refusal:
            raise ValidationError(refusal)
        session.seats = seats_stored(
            replace(r, autopilot=False) if r is record else r for r in seats
        )
        session.queued_at = timezone.now()
        session.save(update_fields=["seats", "queued_at"])
        clock_given_back(session, seat)
        with live_race(session) as (_game, race):
            note(
                session,
                TableNote.Kind.TAKEN_BACK,
                session.queued_at,
                events=len(race.events),
                seat=seat,
            )
        # Through the path a decision takes: the race asks the person from
        # the car's next decision (now, when it waits for the car) and every
        # table hears of it.
        session_advance_later(session.pk)
        table_changed(session)


def deadlines_expire(*, now: datetime) -> int:
    """Make every decision whose deadline has passed (the game's default
    or the autopilot, `deadline_missed`); the driver is back at the next
    one. Returns how many were made."""
    made = 0
    session_ids = (
        Turn.objects.filter(deadline__lt=now, session__pause__isnull=True)
        .values_list("session_id", flat=True)
        .distinct()
    )
    for session_id in list(session_ids):
        with transaction.atomic():
            session = _locked(session_id)
            if session is None or session.status != S.AWAITING or paused(session):
                continue
            expired = list(session.turns.filter(deadline__lt=now))
            if expired:
                made += _expired_decide(session, expired, now)
    return made


def _expired_decide(session: Session, expired: list[Turn], now: datetime) -> int:
    """The expired turns' decisions, made by default, then the bots on to
    the next decision people owe, stored as a person's decision is (settle).
    A seat out of its own time twice goes to its autopilot (races/clocks/)."""
    made = 0
    late = {t.seat: t.deadline for t in expired}
    # Just this one decision: the driver is back at the next one.
    records = seat_records(session.seats)
    autopilots = [replace(r, autopilot=True) for r in records if r.id in late]
    with live_race(session) as (game, race):
        steps = list(session.actions)
        for seat, bot in controllers(game, session.seed, autopilots).items():
            out, told = ran_out(session, seat, now), len(race.events)
            # The rules' sand timer ran out, not the seat's own time: the
            # rules' timer's `out` action (a seat out of its own time too is charged
            # for it, and the sand turns at the next decision it finds).
            sand = None if out else _sand_ran_out(session, game, race, seat, min(now, late[seat]))
            made += deadline_missed(race, game, seat, bot, steps, sand)
            # The clock is charged up to the deadline, not to when it was found.
            at = min(now, late[seat])
            records = clock_out(session, records, seat, at, out=out, events=told)
        Turn.objects.filter(pk__in=[t.pk for t in expired]).delete()
        session.seats = seats_stored(records)
        drive(race, controllers(game, session.seed, records), steps)
        session.actions = steps
        settle(session, race, now)
    # Then the way a person's decision goes on (the advance task: nothing
    # left for the bots, the race settled again), so every table that hears
    # of a decision hears of this one.
    session_advance_later(session.pk)
    return made


def _sand_ran_out(session: Session, game, race, seat: str, at: datetime) -> Action | None:
    """The game's action when the seat's decision was due because the sand
    of the rules' timer ran out by `at` (races/clocks/sand_timers.py)."""
    decision = next((d for d in race.pending if d.seat == seat), None)
    return sand_out(session, game, decision, at)


def deadline_missed(race, game, seat: str, bot, steps: list[dict], sand=None) -> int:
    """One missed decision: the action the game's rules fix for a missed
    deadline when they fix one (the Game's `missed_deadline`; `sand`, its
    the timer's `out` action when the rules' timer ran out) and it is legal now,
    recorded as the default; else the seat's autopilot decides.
    Returns how many decisions were made (0 or 1)."""
    decision = next((d for d in race.pending if d.seat == seat), None)
    if decision is None:
        return 0
    action = sand or game.missed_deadline(decision, race.view(seat))
    if action is not None and not race.validate(seat, action):
        race.apply(seat, action)
        steps.append({"seat": seat, "action": action.to_dict(), "by": "default"})
        return 1
    before = len(steps)
    drive(race, {seat: bot}, steps, by="autopilot", once=True)
    return len(steps) - before


def turns_notify(*, now: datetime) -> int:
    """E-mail each person whose decision has waited longer than
    ONLINE_NOTIFY_AFTER_SECONDS, once per decision."""
    after = timedelta(seconds=settings.ONLINE_NOTIFY_AFTER_SECONDS)
    sent = 0
    waiting = Turn.objects.filter(notified_at__isnull=True, opened_at__lt=now - after)
    for turn in waiting.select_related("user__turn_notices", "session__round__season__league"):
        if not Turn.objects.filter(pk=turn.pk, notified_at__isnull=True).update(notified_at=now):
            continue
        notices = getattr(turn.user, "turn_notices", None)
        # Only to an address its person confirmed (issue 28): a typed or
        # changed address may belong to someone else.
        if not address_confirmed(turn.user) or (notices is not None and not notices.by_email):
            continue
        rnd = turn.session.round
        seat = seat_record_of(seat_records(turn.session.seats), turn.seat)
        where = track_name(rnd.season.game, rnd.track)
        # In the person's own language (their saved choice, else the site's).
        with translation.override(_language_of(turn.user) or settings.LANGUAGE_CODE):
            send_mail(
                subject=_("Your turn: %(season)s, %(round)s")
                % {"season": rnd.season.name, "round": rnd.name},
                message=_(
                    "Your car, #%(number)s, is waiting for you at %(track)s: %(decision)s.\n"
                    "Decide before %(deadline)s UTC or your autopilot will.\n"
                )
                % {
                    "number": "" if seat is None else seat.car_number,
                    "track": where,
                    "decision": turn.prompt or _("your decision"),
                    "deadline": f"{turn.deadline:%Y-%m-%d %H:%M}",
                },
                from_email=None,
                recipient_list=[turn.user.email],
            )
        sent += 1
    return sent


def _language_of(user) -> str:
    return Preferences.objects.filter(user=user).values_list("language", flat=True).first() or ""


def turns_for(user) -> list[Turn]:
    """The decisions a person owes now, for the site header."""
    if not user.is_authenticated:
        return []
    # The header names the season and round only: the session's stored
    # race (actions, log, progress) stays in the database.
    return list(
        Turn.objects.filter(user=user, session__status=S.AWAITING)
        .select_related("session__round__season")
        .only("session_id", "session__round__name", "session__round__season__name")
    )
