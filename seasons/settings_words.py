"""A season's settings change in words, for the league's history: which
settings change, and their values before and after as a person reads
them (names and numbers; yes and no as ✓ and ✗)."""

from __future__ import annotations

from dataclasses import dataclass

from league.models import ScoringSystem, Season


@dataclass(frozen=True)
class SettingsChanges:
    names: tuple[str, ...]
    labels: dict[str, str]
    before: str
    after: str


def _said(season: Season, name: str, value) -> str:
    if isinstance(value, bool):
        return "✓" if value else "✗"
    if isinstance(value, ScoringSystem):
        return value.name
    if isinstance(value, dict):
        return ", ".join(f"{k} {_said(season, k, v)}" for k, v in sorted(value.items())) or "—"
    field = Season._meta.get_field(name) if name in _FIELDS else None
    if field is not None and field.choices:
        return str(dict(field.flatchoices).get(value, value))
    return str(value)


_FIELDS = {f.name for f in Season._meta.get_fields()}


def settings_changes(
    season: Season, fields: dict, scoring: ScoringSystem, *, same_rules: bool
) -> SettingsChanges:
    """What `fields` (SeasonSettings.season_fields) and `scoring` change;
    `same_rules`: the game's options in force stay the same (an option
    given at its default is no change)."""
    new = {**fields, "scoring": scoring}
    names = tuple(
        name
        for name, value in new.items()
        if getattr(season, name) != value and not (name == "rules" and same_rules)
    )
    labels = {name: str(Season._meta.get_field(name).verbose_name) for name in new}
    before = "; ".join(f"{labels[n]}: {_said(season, n, getattr(season, n))}" for n in names)
    after = "; ".join(f"{labels[n]}: {_said(season, n, new[n])}" for n in names)
    return SettingsChanges(names=names, labels=labels, before=before, after=after)
