"""Reads that several race pages share."""

from __future__ import annotations

from races.models import Protest, Session
from races.results.forms import DecisionForm, ProtestForm


def stewarding_context(request, session: Session) -> dict:
    """The session's incident reports (public), the report form for its
    drivers and the decision form for its stewards."""
    season = session.round.season
    protests = list(
        Protest.objects.filter(session=session)
        .select_related("filed_by__driver", "against__driver", "decided_by")
        .prefetch_related("penalties__entry__driver", "penalties__team")
    )
    is_driver = (
        request.user.is_authenticated
        and session.status == Session.Status.FINISHED
        and season.entries.filter(driver__user=request.user).exists()
    )
    step = request.GET.get("step", "")
    return {
        "protests": protests,
        "protest_form": ProtestForm(
            season=season, reporter=request.user, initial={"step": step if step.isdigit() else None}
        )
        if is_driver
        else None,
        # One decision form per open report, each with ids of its own.
        "decision_forms": {
            p.pk: DecisionForm(auto_id=f"protest{p.pk}_%s")
            for p in protests
            if p.status == Protest.Status.OPEN
        },
    }
