"""Pages the same for every visitor, kept under a key that includes their
season's version (league/page_versions.py): new whenever its standings are
recomputed or a row its pages show is written, so a kept page is served
until exactly then."""

from __future__ import annotations

import threading
import time
import uuid
from collections import OrderedDict

from django.core.cache import cache
from django.db import transaction
from django.http import HttpResponse
from django.middleware.csrf import get_token

from league.models import Season
from league.page_versions import (
    SITE_KEY,
    season_pages_changed,
    version_key,
    version_timeout,
    versions_to_read,
)
from paddock.push import season_news


def standings_version(season_id: int) -> str:
    return standings_version_of(version_key(season_id))


def site_version() -> str:
    return standings_version_of(SITE_KEY)


def standings_version_of(key: str) -> str:
    versions_to_read()
    version = cache.get(key)
    if version is None:
        version = uuid.uuid4().hex
        cache.add(key, version, timeout=version_timeout())
        version = cache.get(key, version)
    return version


def season_changed(*, season_id: int) -> None:
    """Give the season a new version once the transaction that changed what
    its pages show has committed (and right away outside a transaction):
    a result, a penalty, or an organiser's edit of the league, the season,
    a round, a team or an entry."""

    season_pages_changed({season_id})
    season_news(season_id)  # issue 25: the pages following the season fetch it anew


def standings_changed(*, season_id: int) -> None:
    """The season's standings were recomputed: its pages change."""
    season_changed(season_id=season_id)


def season_removed(*, season_id: int, league_slug: str, season_slug: str) -> None:
    """A deleted season: no cached page of it is served again, and this
    process forgets its id at once (other processes within the minute)."""
    season_changed(season_id=season_id)
    season_id_forget(league_slug, season_slug)
    transaction.on_commit(lambda: season_id_forget(league_slug, season_slug))


# --- Whole pages for anonymous visitors --------------------------------------
#
# A visitor without a session or pending messages sees exactly what every
# other such visitor sees, so the rendered page is kept in this process's
# memory under a key that includes the season's standings version: the next
# stored result or penalty gives a new version, and the old page is never
# served again.

_PAGES: OrderedDict[str, bytes | tuple] = OrderedDict()
_PAGES_MAX = 256
_PAGES_LOCK = threading.Lock()


def is_public_view(request) -> bool:
    """True when the page would be the same for every visitor."""
    from django.conf import settings

    return (
        request.method == "GET"
        and settings.SESSION_COOKIE_NAME not in request.COOKIES
        and "messages" not in request.COOKIES
    )


# A kept page is served to every visitor, but the language chooser on it posts
# with a CSRF token that must be the reader's own: the page is rendered with
# this mark in the token's place, and each response gets its reader's token.
READER_TOKEN = "csrf-token-of-the-reader"


def page_respond(request, body: bytes) -> HttpResponse:
    """A kept (or just rendered) page for this visitor, with their token."""
    return HttpResponse(body.replace(READER_TOKEN.encode(), get_token(request).encode()))


def page_get(key: str) -> bytes | tuple | None:
    with _PAGES_LOCK:
        body = _PAGES.get(key)
        if body is not None:
            _PAGES.move_to_end(key)
        return body


def page_put(key: str, body: bytes | tuple) -> None:
    with _PAGES_LOCK:
        _PAGES[key] = body
        _PAGES.move_to_end(key)
        while len(_PAGES) > _PAGES_MAX:
            _PAGES.popitem(last=False)


def kept_page(request, key_of, make) -> HttpResponse:
    """A page kept in this process's memory for visitors who all see the
    same (is_public_view) under the key `key_of()` gives (None: not kept);
    `make(public)` renders it (public: with READER_TOKEN for the token)."""
    public = is_public_view(request)
    key = key_of() if public else None
    if key is not None:
        body = page_get(key)
        if body is not None:
            return page_respond(request, body)
    response = make(key is not None)
    if key is not None and response.status_code == 200:
        page_put(key, response.content)
        return page_respond(request, response.content)
    return response


def kept_response(key: str, build) -> HttpResponse:
    """A response the same for every reader (a download, a replay step)
    under a key naming the version of what it shows: from this process's
    memory, else the shared cache, else `build()` once (an HttpResponse),
    kept in both. Only its body, type and file name are kept."""
    kept = page_get(key)
    if kept is None:
        kept = cache.get(key)
        if kept is None:
            response = build()
            if response.status_code != 200:
                return response
            kept = (
                response.content,
                response["Content-Type"],
                response.get("Content-Disposition"),
            )
            cache.set(key, kept, timeout=KEPT_SECONDS)
        page_put(key, kept)
    body, content_type, disposition = kept
    response = HttpResponse(body, content_type=content_type)
    if disposition:
        response["Content-Disposition"] = disposition
    return response


# A kept response's key changes with what it shows; the shared cache lets
# the old ones go after a day.
KEPT_SECONDS = 24 * 3600


_SEASON_IDS: dict[tuple[str, str], tuple[int, float]] = {}
SEASON_ID_SECONDS = 60.0


def season_id_lookup(league_slug: str, season_slug: str) -> int | None:
    """The season's id by its slugs, remembered for a minute in this process
    (slugs never change; a deleted season is forgotten within the minute)."""
    now = time.monotonic()
    hit = _SEASON_IDS.get((league_slug, season_slug))
    if hit and hit[1] > now:
        return hit[0]
    season_id = (
        Season.objects.filter(league__slug=league_slug, slug=season_slug)
        .values_list("pk", flat=True)
        .first()
    )
    if season_id is not None:
        if len(_SEASON_IDS) > 4096:
            _SEASON_IDS.clear()
        _SEASON_IDS[(league_slug, season_slug)] = (season_id, now + SEASON_ID_SECONDS)
    return season_id


def season_id_forget(league_slug: str, season_slug: str) -> None:
    _SEASON_IDS.pop((league_slug, season_slug), None)


def memory_clear() -> None:
    """Forget every page and season id held in this process (tests)."""
    with _PAGES_LOCK:
        _PAGES.clear()
    _SEASON_IDS.clear()
