"""One Redis connection pool per process for the cache (issue 25).

Django keeps a cache object per request context, and under ASGI every request
is a context of its own: left alone, each request built its own connection
pool and so opened (and greeted) a fresh Redis connection for its first cache
read. At a race night's rate of requests that was a seventh of the web
process's work. The pool handed to every cache object of the process is the
same one, per address and options; redis-py makes it anew after a fork.

Django's cache also builds a new redis-py client for every read and write,
and a client sets up its table of reply readers each time (about 0.1 ms, as
much as the round trip to Redis): `KeptClientRedisCache` keeps one client
per pool, which redis-py's clients allow (each command takes a connection
from the pool).
"""

from __future__ import annotations

import threading

import redis
from django.core.cache.backends.redis import RedisCache, RedisCacheClient

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


_clients: dict[redis.ConnectionPool, redis.Redis] = {}


class KeptClient(RedisCacheClient):
    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = _clients.get(pool)
        if client is None:
            with _lock:
                client = _clients.setdefault(pool, self._client(connection_pool=pool))
        return client


class KeptClientRedisCache(RedisCache):
    """Django's Redis cache with one client per connection pool (settings CACHES)."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = KeptClient
