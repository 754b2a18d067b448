"""Stewarding: drivers report incidents on a session, stewards decide them,
and a decision may give a penalty (points off a driver or a team alone,
places lost, a disqualification) that counts in the standings at once."""

from __future__ import annotations

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from league.history import record
from league.models import Entry, Team
from league.scoring.tables import points_plain
from league.season_stage import Action, stage_check
from races.models import Penalty, Protest, Round, Session
from races.results.standings import standings_recompute
from races.rounds.edits import round_words

# A penalty in words, for the league's history.
PENALTY_WORDS = {
    Penalty.Kind.POINTS: gettext_noop("%(points)s championship points off"),
    Penalty.Kind.PLACES: gettext_noop("%(places)s places lost"),
    Penalty.Kind.DISQUALIFICATION: gettext_noop("Disqualified"),
}


def penalty_record(penalty: Penalty, *, actor, given: bool) -> None:
    """A line of the league's history for a penalty given or taken back."""
    season = penalty.round.season
    target = (
        f"#{penalty.entry.car_number} {penalty.entry.driver.name}"
        if penalty.entry_id
        else penalty.team.name
        if penalty.team_id
        else "—"
    )
    words = PENALTY_WORDS.get(penalty.kind, "")
    record(
        season.league,
        actor=actor,
        topic="penalty",
        season=season,
        summary=gettext_noop("Penalty for %(target)s in round %(round)s: %(reason)s")
        if given
        else gettext_noop("Penalty for %(target)s in round %(round)s withdrawn"),
        params={
            "target": target,
            "round": round_words(penalty.round),
            "reason": penalty.reason,
            "points": points_plain(penalty.points),
            "places": penalty.places,
        },
        before="" if given else words,
        after=words if given else gettext_noop("No penalty"),
    )


@transaction.atomic
def penalty_add(
    *,
    round: Round,
    steward,
    reason: str,
    entry: Entry | None = None,
    team: Team | None = None,
    kind: str = Penalty.Kind.POINTS,
    points: Decimal | int = 0,
    places: int = 0,
    session_kind: str = Session.Kind.RACE,
    protest: Protest | None = None,
) -> Penalty:
    """Give a penalty and score the season again; a clear ValidationError
    stores nothing. A team penalty names the team and no driver."""
    stage_check(round.season, Action.PENALTIES)
    penalty = Penalty(
        round=round,
        entry=entry,
        team=None if entry is not None else team,
        kind=kind,
        points=Decimal(points or 0) if kind == Penalty.Kind.POINTS else Decimal(0),
        places=(places or 0) if kind == Penalty.Kind.PLACES else 0,
        session_kind=session_kind,
        reason=(reason or "").strip(),
        steward=steward,
        protest=protest,
    )
    penalty.full_clean()
    penalty.save()
    penalty_record(penalty, actor=steward, given=True)
    standings_recompute(season=round.season)
    return penalty


@transaction.atomic
def penalty_remove(*, penalty: Penalty, actor=None) -> None:
    season = penalty.round.season
    stage_check(season, Action.PENALTIES)
    penalty_record(penalty, actor=actor, given=False)
    penalty.delete()
    standings_recompute(season=season)


def _driver_entry(session: Session, user) -> Entry | None:
    return Entry.objects.filter(season_id=session.round.season_id, driver__user=user).first()


@transaction.atomic
def protest_file(
    *,
    session: Session,
    user,
    description: str,
    against: Entry | None = None,
    step: int | None = None,
) -> Protest:
    """A driver of the season reports an incident in a finished session,
    pointing at the replay step where it happens."""
    own = _driver_entry(session, user)
    if own is None:
        raise ValidationError(_("Only the season's drivers can report an incident."))
    if against is not None and against.pk == own.pk:
        raise ValidationError(
            {"against": _("Report another car: the stewards do not judge a car on its own report.")}
        )
    if session.status != Session.Status.FINISHED:
        raise ValidationError(_("Incidents are reported once the session has finished."))
    if against is not None and against.season_id != session.round.season_id:
        raise ValidationError({"against": _("That car does not race in this season.")})
    protest = Protest(
        session=session,
        filed_by=user,
        against=against,
        step=step,
        description=(description or "").strip(),
    )
    protest.full_clean()
    protest.save()
    return protest


@transaction.atomic
def protest_decide(
    *,
    protest: Protest,
    steward,
    upheld: bool,
    decision: str,
    penalty: dict | None = None,
) -> Protest:
    """The stewards' decision, with its reasons; an upheld protest may carry
    a penalty (given to the reported car unless the penalty names another
    driver or a team)."""
    protest = (
        Protest.objects.select_for_update()
        .select_related("session__round__season")
        .get(pk=protest.pk)
    )
    if protest.status != Protest.Status.OPEN:
        raise ValidationError(_("This report has already been decided."))
    stage_check(protest.session.round.season, Action.PENALTIES)
    decision = (decision or "").strip()
    if not decision:
        raise ValidationError({"decision": _("Give the stewards' reasons.")})
    if penalty and not upheld:
        raise ValidationError({"decision": _("A dismissed report carries no penalty.")})
    protest.status = Protest.Status.UPHELD if upheld else Protest.Status.DISMISSED
    protest.decision = decision
    protest.decided_by = steward
    protest.decided_at = timezone.now()
    protest.full_clean()
    protest.save()
    record(
        protest.session.round.season.league,
        actor=steward,
        topic="penalty",
        season=protest.session.round.season,
        summary=gettext_noop("Incident report in round %(round)s decided: %(decision)s"),
        params={"round": round_words(protest.session.round), "decision": decision[:200]},
        before=gettext_noop("Open"),
        after=gettext_noop("Upheld") if upheld else gettext_noop("Dismissed"),
    )
    if penalty:
        target = dict(penalty)
        if target.get("entry") is None and target.get("team") is None:
            target["entry"] = protest.against
        penalty_add(
            round=protest.session.round,
            steward=steward,
            reason=target.pop("reason", "") or decision[:200],
            session_kind=(
                Session.Leg.SPRINT
                if protest.session.leg == Session.Leg.SPRINT
                else protest.session.kind
            ),
            protest=protest,
            **target,
        )
    return protest
