"""A version per season, new whenever what its pages show changes, and
the site's, new with any season's: pages the same for every visitor are
kept under a key naming it (league/caching.py).

Every write of a row a season's pages show gives its season a new version
(issue 27, item 4), so a season's page is kept, and served without asking
the database anything, until exactly the moment something on it changes.

Saves and deletes are followed through signals (`follow`, connected when
the apps are ready); a queryset's `update`, `bulk_create` and
`bulk_update` through `PageRows`, the querysets of those models.

A model taking part names, as `page_season`, the path from one of its rows
to its season ("season", "round__season", "seasons" for a league, "pk" for
a season itself) and, as `page_unshown`, the fields no season page shows:
a write of those alone (a live race's progress, a car's setup) changes
no page."""

from __future__ import annotations

import uuid
from collections.abc import Iterable

from django.core.cache import cache, caches
from django.core.cache.backends.locmem import LocMemCache
from django.db import models, transaction
from django.db.models.signals import post_save, pre_delete

# Pages over every season (the home page) read the site's version.
SITE_KEY = "site-version"

# A process-local cache cannot tell other processes that a season changed,
# so there a version lives only a few seconds: pages are at most that stale.
# A shared cache (Redis, as deployed) keeps it until the next change.
LOCAL_VERSION_SECONDS = 5


def version_key(season_id: int) -> str:
    return f"standings-version:{season_id}"


def version_timeout() -> int | None:
    return LOCAL_VERSION_SECONDS if isinstance(caches["default"], LocMemCache) else None


def season_pages_changed(season_ids: set[int]) -> None:
    """New versions for these seasons (and the site): at once outside a
    transaction; inside one, when it commits, and before any page of them
    is drawn inside it (`versions_to_read`): only the transaction's own
    connection sees what it has not yet committed, so a page drawn from
    that is kept under a version no other reader is given, never under
    the one that follows the commit."""
    if not season_ids:
        return
    season_ids = frozenset(season_ids)
    connection = transaction.get_connection()
    if not connection.in_atomic_block:
        _versions_new(season_ids)
        return
    connection.__dict__.setdefault("_pages_unbumped", set()).update(season_ids)
    if season_ids <= _bumped_at_commit(connection):
        return  # a session stored writes several of their rows: one bump at its commit

    def bump() -> None:
        _versions_new(season_ids)

    bump.season_ids = season_ids
    transaction.on_commit(bump)


def versions_to_read() -> None:
    """Called before a page's version is read: the seasons this transaction
    has changed since it last read one get new versions first."""
    connection = transaction.get_connection()
    unbumped = connection.__dict__.get("_pages_unbumped")
    if not unbumped:
        return
    if connection.in_atomic_block:  # else committed (bumped) or rolled back
        _versions_new(unbumped)
    unbumped.clear()


def _versions_new(season_ids) -> None:
    versions = {version_key(season_id): uuid.uuid4().hex for season_id in season_ids}
    cache.set_many({**versions, SITE_KEY: uuid.uuid4().hex}, timeout=version_timeout())


def _bumped_at_commit(connection) -> set[int]:
    """The seasons this transaction already bumps when it commits. A bump
    registered in a savepoint still open (or in none) stands; one of a
    savepoint rolled back is gone from the list with it (Django's own)."""
    open_savepoints = set(connection.savepoint_ids)
    found: set[int] = set()
    for savepoints, hook, _robust in connection.run_on_commit:
        if savepoints <= open_savepoints:
            found |= getattr(hook, "season_ids", frozenset())
    return found


def _shown(model, names: Iterable[str] | None) -> bool:
    """Whether writing these fields (None: every field) may change a page."""
    if names is None:
        return True
    unshown = getattr(model, "page_unshown", frozenset())
    return any(model._meta.get_field(name).name not in unshown for name in names)


def _seasons_of_rows(rows: models.QuerySet) -> set[int]:
    """The seasons of the rows `rows` selects, in one query."""
    path = rows.model.page_season
    plain = rows.order_by()
    plain.query.select_for_update = False  # only read: the caller's write locks
    return {pk for pk in plain.values_list(path, flat=True).distinct() if pk is not None}


def _seasons_of(model, rows: list) -> set[int]:
    """The seasons of these saved rows: from the rows themselves where they
    hold their season's id, else in one query."""
    path = model.page_season
    if path == "pk":
        return {row.pk for row in rows}
    field = model._meta.get_field(path) if "__" not in path else None
    if field is not None and field.many_to_one:
        return {getattr(row, field.attname) for row in rows} - {None}
    # A session saved with its round loaded: the round names its season.
    through, _, rest = path.partition("__")
    if rest == "season" and all(through in row._state.fields_cache for row in rows):
        held = (getattr(row, through) for row in rows)
        return {related.season_id for related in held if related is not None}
    return _seasons_of_rows(model._base_manager.filter(pk__in=[row.pk for row in rows]))


class PageRows(models.QuerySet):
    """The querysets of rows a season's pages show: their bulk writes give
    the seasons they touch new page versions, as a save does."""

    def update(self, **kwargs):
        seasons = _seasons_of_rows(self) if _shown(self.model, kwargs) else set()
        changed = super().update(**kwargs)
        if changed:
            season_pages_changed(seasons)
        return changed

    update.alters_data = True

    def bulk_create(self, objs, *args, **kwargs):
        created = super().bulk_create(objs, *args, **kwargs)
        if created:
            season_pages_changed(_seasons_of(self.model, created))
        return created

    bulk_create.alters_data = True

    def bulk_update(self, objs, fields, *args, **kwargs):
        objs = list(objs)
        changed = super().bulk_update(objs, fields, *args, **kwargs)
        if changed and _shown(self.model, fields):
            season_pages_changed(_seasons_of(self.model, objs))
        return changed

    bulk_update.alters_data = True

    def one(self):
        """The row this queryset selects (one at most: by its id), or None,
        read without any ordering: first() orders by the model's ordering
        (a session's joins its round, season and league) or by the id, and
        compiling either costs more than the read of one row."""
        rows = list(self.order_by()[:1])
        return rows[0] if rows else None


def _saved(sender, instance, update_fields=None, **kwargs) -> None:
    if _shown(sender, update_fields):
        season_pages_changed(_seasons_of(sender, [instance]))


def _deleting(sender, instance, **kwargs) -> None:
    # Before the delete: a row's season is still found through the rows
    # between them, which the same delete may remove.
    season_pages_changed(_seasons_of(sender, [instance]))


def follow(*page_models) -> None:
    """Connected once the apps are ready (league/apps.py)."""
    for model in page_models:
        post_save.connect(_saved, sender=model, dispatch_uid=f"page-rows-{model.__name__}")
        pre_delete.connect(_deleting, sender=model, dispatch_uid=f"page-gone-{model.__name__}")
