"""A round whose timed qualifying failed: what its pages say, and the
organiser's two ways on. Nothing waits silently: the race cannot take its
grid from a qualifying that has no result, so it waits until an organiser
either runs the qualifying again or starts the race without it, on the
round's fallback grid rule; the choice is recorded on the round."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from league.permissions import can_manage
from races.models import Round, Session
from races.rounds.edits import round_record
from races.running import grid
from races.running.controls import session_queue

S = Session.Status

# The grid rule a race falls back on, in plain words.
FALLBACK_WORDS = {
    grid.CHAMPIONSHIP: gettext_lazy("championship order (the leader starts at the front)"),
    grid.REVERSE: gettext_lazy("reverse championship order (the leader starts at the back)"),
    grid.RANDOM: gettext_lazy("a random grid, drawn from the race's seed"),
    grid.ENTRY: gettext_lazy("car-number order"),
}

# The same words, as the league's history stores them (read in each
# reader's language).
FALLBACK_NOOP = {
    grid.CHAMPIONSHIP: gettext_noop("championship order (the leader starts at the front)"),
    grid.REVERSE: gettext_noop("reverse championship order (the leader starts at the back)"),
    grid.RANDOM: gettext_noop("a random grid, drawn from the race's seed"),
    grid.ENTRY: gettext_noop("car-number order"),
}

# What went wrong, in plain words, by the kind of error the session stored.
REASONS = {
    "IllegalAction": gettext_lazy("a car's move was refused by the rules engine"),
    "IntegrityError": gettext_lazy(
        "two sessions tried to store the same record at the same moment"
    ),
    "OperationalError": gettext_lazy("the database could not be reached"),
    "ConfigError": gettext_lazy("the round's settings do not suit the game"),
    "ValidationError": gettext_lazy("the round's settings do not suit the game"),
}


def fallback_rule(rnd: Round) -> str:
    """The grid rule a race takes without its qualifying: the round's own
    grid rule (its form offers one beside the qualifying format), or the
    championship order when that rule is the qualifying itself."""
    if rnd.fallback_grid:
        return rnd.fallback_grid
    if rnd.grid_rule in FALLBACK_WORDS:
        return rnd.grid_rule
    return grid.CHAMPIONSHIP


# The sentences the session runner stores (races/running/runner.py), by how they open.
RUNNER_SENTENCES = {
    "The game could not run this session": gettext_lazy(
        "the round's settings do not suit the game"
    ),
    "The race stopped with an error": gettext_lazy("the rules engine stopped the race"),
}


# The runner's stored sentences (English, as the worker said them), said
# again in the reader's language: the sentence's end, and the sentence.
RUNNER_SAYS = {
    "The game could not run this session": (
        " Change the setting it names.",
        gettext_lazy(
            "The game could not run this session: %(error)s. Change the setting it names."
        ),
    ),
    "The race stopped with an error": (
        " Run it again.",
        gettext_lazy("The race stopped with an error: %(error)s. Run it again."),
    ),
}


def error_words(error: str) -> str:
    """A session's stored error in the reader's language when it is one of
    the runner's sentences; any other (an exception's own words) as stored."""
    kind, _colon, rest = (error or "").partition(": ")
    if kind not in RUNNER_SAYS:
        return error
    end, sentence = RUNNER_SAYS[kind]
    return sentence % {"error": rest.removesuffix(end).removesuffix(".")}


def failure_reason(error: str) -> str:
    """A session's stored error ("IntegrityError: duplicate key…", or the
    runner's own sentence) as a reason a league organiser can read."""
    kind, _colon, detail = error.partition(": ")
    if kind in RUNNER_SENTENCES:
        return RUNNER_SENTENCES[kind]
    if kind in REASONS:
        return REASONS[kind]
    return (detail or error).strip().rstrip(".") or _("the session stopped with no message")


@dataclass(frozen=True)
class QualifyingFailure:
    """What the round and session pages say about a failed qualifying."""

    qualifying: Session
    reason: str
    error: str
    rule: str
    rule_words: str
    waiting: bool  # the race waits for an organiser's choice
    chosen_by: str  # who ran the race without it, once chosen


def _person(user) -> str:
    if user is None:
        return _("an organiser")
    return user.get_full_name() or user.get_username()


def qualifying_failure(rnd: Round, sessions: list[Session]) -> QualifyingFailure | None:
    """The round's failed qualifying, or None. `sessions` are the round's
    sessions, as the page has them already."""
    if rnd.qualifying_format != Round.QualifyingFormat.TIMED_LAP:
        return None
    qualifying = next((s for s in sessions if s.kind == Session.Kind.QUALIFYING), None)
    if qualifying is None:
        return None
    chosen = bool(rnd.fallback_grid)
    if qualifying.status != S.FAILED and not chosen:
        return None
    rule = fallback_rule(rnd)
    return QualifyingFailure(
        qualifying=qualifying,
        reason=failure_reason(qualifying.error),
        error=qualifying.error,
        rule=rule,
        rule_words=FALLBACK_WORDS[rule],
        waiting=qualifying.status == S.FAILED and not chosen,
        chosen_by=_person(rnd.fallback_by) if chosen else "",
    )


def session_qualifying_failure(session: Session) -> QualifyingFailure | None:
    """For a session's page: its round's failed qualifying. No query while
    the session is on its way (a polled page), nor for a round without a
    timed qualifying, nor on the qualifying's own page; on the race's page
    one small read of the qualifying."""
    if session.status in (S.QUEUED, S.RUNNING, S.AWAITING):
        return None
    rnd = session.round
    if rnd.qualifying_format != Round.QualifyingFormat.TIMED_LAP:
        return None
    if session.kind == Session.Kind.QUALIFYING:
        return qualifying_failure(rnd, [session])
    qualifying = rnd.sessions.filter(kind=Session.Kind.QUALIFYING).only("kind", "status", "error")
    return qualifying_failure(rnd, list(qualifying.order_by()))


def _manage_or_refuse(by, rnd: Round) -> None:
    if by is None or not can_manage(by, rnd.season.league):
        raise PermissionDenied(_("Only the league's owner and stewards can do that."))


def _locked(rnd: Round) -> tuple[Round, Session]:
    """The round and its qualifying, locked: two organisers (or one double
    click) decide one after the other."""
    rnd = (
        Round.objects.select_for_update(of=("self",))
        .select_related("season__league")
        .get(pk=rnd.pk)
    )
    qualifying = (
        Session.objects.select_for_update()
        .filter(round=rnd, kind=Session.Kind.QUALIFYING)
        .order_by()
        .first()
    )
    if qualifying is None or rnd.qualifying_format != Round.QualifyingFormat.TIMED_LAP:
        raise ValidationError(_("This round has no timed qualifying."))
    return rnd, qualifying


@transaction.atomic
def qualifying_retry(*, rnd: Round, by) -> bool:
    """Run the round's failed qualifying again; its race then takes its grid
    from it as planned. Returns False when there was nothing to do (a second
    click: the qualifying is already queued, running or finished)."""
    _manage_or_refuse(by, rnd)
    rnd, qualifying = _locked(rnd)
    if rnd.fallback_grid:
        raise ValidationError(
            _("The race already runs without its qualifying, on %(rule)s.")
            % {"rule": FALLBACK_WORDS[rnd.fallback_grid]}
        )
    if qualifying.status in (S.QUEUED, S.RUNNING, S.AWAITING, S.FINISHED):
        return False
    if qualifying.status != S.FAILED:
        raise ValidationError(_("Only a qualifying that failed can be retried."))
    session_queue(session=qualifying)
    round_record(
        rnd, actor=by, summary=gettext_noop("The failed qualifying of round %(round)s run again")
    )
    return True


@transaction.atomic
def race_fallback_choose(*, rnd: Round, by, rule: str) -> bool:
    """Run the round's race without its failed qualifying, on the round's
    fallback grid rule (`rule` is the one the organiser was shown: a stale
    page or a forged rule changes nothing). The qualifying is marked
    cancelled, its error kept; the choice and who made it are stored on the
    round; a race already due is queued at once, a later one keeps its time.
    Returns False when the choice was already made (a second click)."""
    _manage_or_refuse(by, rnd)
    rnd, qualifying = _locked(rnd)
    expected = fallback_rule(rnd)
    if rule != expected:
        words = FALLBACK_WORDS[expected]
        raise ValidationError(
            {
                "rule": _("This round's race falls back on %(rule)s; reload the page.")
                % {"rule": words}
            }
        )
    if rnd.fallback_grid:
        return False
    if qualifying.status != S.FAILED:
        raise ValidationError(
            _("The qualifying is %(status)s, not failed: the race takes its grid from it.")
            % {"status": qualifying.get_status_display().lower()}
        )
    Session.objects.filter(pk=qualifying.pk).update(status=S.CANCELLED, lease_until=None)
    rnd.fallback_grid = expected
    rnd.fallback_by = by
    rnd.save(update_fields=["fallback_grid", "fallback_by"])
    round_record(
        rnd,
        actor=by,
        summary=gettext_noop("The race of round %(round)s runs without its failed qualifying"),
        after=FALLBACK_NOOP[expected],
    )
    # Every race of the round (a sprint first; each division's) may go now.
    for race in Session.objects.filter(round=rnd, kind=Session.Kind.RACE, status=S.SCHEDULED):
        if race.scheduled_at is None or race.scheduled_at <= timezone.now():
            session_queue(session=race)
    return True
