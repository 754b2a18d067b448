"""A version per season that changes whenever its standings are recomputed,
so a page that is the same for every visitor between two results can be
served from the cache under a key that includes the version."""

from __future__ import annotations

import uuid

from django.core.cache import cache
from django.db import transaction


def _key(season_id: int) -> str:
    return f"standings-version:{season_id}"


def standings_version(season_id: int) -> str:
    version = cache.get(_key(season_id))
    if version is None:
        version = uuid.uuid4().hex
        cache.add(_key(season_id), version, timeout=None)
        version = cache.get(_key(season_id), version)
    return version


def standings_changed(*, season_id: int) -> None:
    """Give the season a new version once the transaction that changed its
    standings has committed (and right away outside a transaction)."""

    def bump() -> None:
        cache.set(_key(season_id), uuid.uuid4().hex, timeout=None)

    bump()
    transaction.on_commit(bump)
