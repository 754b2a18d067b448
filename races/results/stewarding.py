"""Stewarding: drivers report incidents on a session, stewards decide them,
and a decision may give a penalty (points off a driver or a team alone,
places lost, a disqualification) that counts in the standings at once."""

from __future__ import annotations

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.models import Entry, Team
from races.models import Penalty, Protest, Round, Session
from races.results.standings import standings_recompute


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
    standings_recompute(season=round.season)
    return penalty


@transaction.atomic
def penalty_remove(*, penalty: Penalty) -> None:
    season = penalty.round.season
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
    if _driver_entry(session, user) is None:
        raise ValidationError(_("Only the season's drivers can report an incident."))
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
    if penalty:
        target = dict(penalty)
        if target.get("entry") is None and target.get("team") is None:
            target["entry"] = protest.against
        penalty_add(
            round=protest.session.round,
            steward=steward,
            reason=target.pop("reason", "") or decision[:200],
            session_kind=protest.session.kind,
            protest=protest,
            **target,
        )
    return protest
