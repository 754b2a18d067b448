"""Creating leagues and an organiser's own scoring tables."""

from __future__ import annotations

from anyascii import anyascii
from django.db import transaction
from django.utils.text import slugify

from league.models import League, ScoringSystem
from league.scoring.tables import points_plain


def unique_slug(base: str, taken, *, fallback: str = "league") -> str:
    """An address for a name in any script: transliterated to ASCII
    (日本 → riben, Ελλάδα → ellada), else the fallback word and a number."""
    slug = slugify(anyascii(base or ""))[:90].strip("-")
    if not slug:
        n = 1
        while taken(f"{fallback}-{n}"):
            n += 1
        return f"{fallback}-{n}"
    candidate, n = slug, 2
    while taken(candidate):
        candidate, n = f"{slug}-{n}", n + 1
    return candidate


@transaction.atomic
def league_create(*, owner, name: str, description: str = "") -> League:
    slug = unique_slug(name, lambda s: League.objects.filter(slug=s).exists())
    league = League(owner=owner, name=name, slug=slug, description=description)
    league.full_clean()
    league.save()
    return league


@transaction.atomic
def scoring_custom_create(
    *,
    name: str,
    race_points: list,
    drop_worst: int,
    owner=None,
    eliminated_score: bool = True,
    bonus: dict | None = None,
) -> ScoringSystem:
    """An organiser's own points table, stored as a scoring system that only
    they (and their leagues' stewards) are offered."""
    slug = unique_slug(
        name, lambda s: ScoringSystem.objects.filter(slug=s).exists(), fallback="table"
    )
    unique_name = name
    n = 2
    while ScoringSystem.objects.filter(name=unique_name).exists():
        unique_name, n = f"{name} ({n})", n + 1
    system = ScoringSystem(
        name=unique_name,
        slug=slug,
        race_points=[points_plain(p) for p in race_points],
        drop_worst=drop_worst,
        owner=owner,
        eliminated_score=eliminated_score,
        bonus={k: points_plain(v) for k, v in (bonus or {}).items() if v},
    )
    system.full_clean()
    system.save()
    return system
