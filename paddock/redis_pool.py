"""One Redis connection pool per process for the cache (issue 25).

Django keeps a cache object per request context, and under ASGI every request
is a context of its own: left alone, each request built its own connection
pool and so opened (and greeted) a fresh Redis connection for its first cache
read. At a race night's rate of requests that was a seventh of the web
process's work. The pool handed to every cache object of the process is the
same one, per address and options; redis-py makes it anew after a fork.
"""

from __future__ import annotations

import threading

import redis

_kept: dict[tuple, redis.ConnectionPool] = {}
_lock = threading.Lock()


class SharedConnectionPool(redis.ConnectionPool):
    """A connection pool that `from_url` hands out once per address and
    options in a process (Django's cache OPTIONS `pool_class`)."""

    @classmethod
    def from_url(cls, url: str, **options) -> redis.ConnectionPool:
        key = (cls, url, tuple(sorted((name, repr(value)) for name, value in options.items())))
        with _lock:
            pool = _kept.get(key)
            if pool is None:
                pool = super().from_url(url, **options)
                _kept[key] = pool
        return pool
