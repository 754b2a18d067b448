"""A round's changes in the league's history (issue 23, item 3): one line
per setting changed, with before and after in words."""

from __future__ import annotations

from datetime import UTC

from django.utils import translation
from django.utils.translation import gettext_noop

from league.history.record import record
from league.scoring.championship import BONUSES
from league.scoring.tables import points_plain
from races.models import Round

SUMMARIES = {
    "name": gettext_noop("Round %(number)s renamed"),
    "scheduled_at": gettext_noop("Round %(number)s (%(name)s) moved to another date"),
    "grid_rule": gettext_noop("Round %(number)s (%(name)s): grid rule changed"),
    "points_multiplier": gettext_noop("Round %(number)s (%(name)s): points multiplier changed"),
    "bonus": gettext_noop("Round %(number)s (%(name)s): bonus points changed"),
    "track": gettext_noop("Round %(number)s (%(name)s): track changed"),
    "laps": gettext_noop("Round %(number)s (%(name)s): laps changed"),
    "options": gettext_noop("Round %(number)s (%(name)s): game options changed"),
    "qualifying_format": gettext_noop("Round %(number)s (%(name)s): qualifying changed"),
    "sprint_scoring": gettext_noop("Round %(number)s (%(name)s): sprint race changed"),
    "feature_grid": gettext_noop("Round %(number)s (%(name)s): main race grid changed"),
    "reverse_top": gettext_noop("Round %(number)s (%(name)s): reversed top places changed"),
}
CHOICES = {
    "grid_rule": Round.GridRule,
    "qualifying_format": Round.QualifyingFormat,
    "feature_grid": Round.FeatureGrid,
}
NOTHING = gettext_noop("none")


def _said(field: str, value) -> str:
    """A setting's value as a person reads it (English here: choices are
    message ids the history translates when read; the rest are names,
    numbers and dates)."""
    if field in CHOICES:
        with translation.override(None):
            return str(CHOICES[field](value).label) if value in CHOICES[field].values else value
    if field == "scheduled_at":
        return value.astimezone(UTC).strftime("%a %d %b %Y, %H:%M UTC") if value else ""
    if field == "points_multiplier":
        return f"×{points_plain(value)}"
    if field == "bonus":
        return "; ".join(f"{BONUSES.get(k, k)} {points_plain(v)}" for k, v in value.items())
    if field == "options":
        return ", ".join(f"{k}: {'on' if v else 'off'}" for k, v in sorted(value.items()))
    return "" if value is None else str(value)


def round_changes_record(*, rnd: Round, before: dict, actor) -> set[str]:
    """Write a history line for each setting of `rnd` that differs from
    `before`; returns the names of those settings."""
    changed = set()
    for field, summary in SUMMARIES.items():
        was, now = before[field], getattr(rnd, field)
        if field == "points_multiplier":
            was, now = points_plain(was), points_plain(now)
        if was == now:
            continue
        changed.add(field)
        was_said, now_said = _said(field, before[field]), _said(field, getattr(rnd, field))
        words = field in CHOICES
        record(
            rnd.season.league,
            actor=actor,
            topic="round",
            season=rnd.season,
            summary=summary,
            params={
                "number": rnd.number,
                "name": rnd.name,
                "was": was_said or "–",
                "now": now_said or "–",
            },
            before=(was_said if words else "%(was)s") if was_said else NOTHING,
            after=(now_said if words else "%(now)s") if now_said else NOTHING,
        )
    return changed
