"""The cache's Redis connections are the web process's, not each request's
(paddock/redis_pool.py): under ASGI every request has a cache object of its
own, and each used to open a new connection for its first read."""

import threading

import pytest
from django.conf import settings
from django.core.cache import caches

from paddock.redis_pool import SharedConnectionPool


def _a_request_reads_the_cache(pools: list) -> None:
    cache = caches["default"]  # a cache object of this thread's own
    cache.set("redis-pool-test", "kept", 5)
    assert cache.get("redis-pool-test") == "kept"
    pools.append((cache, cache._cache.get_client(write=True).connection_pool))


def test_requests_on_threads_of_their_own_share_the_process_pool():
    if "RedisCache" not in settings.CACHES["default"]["BACKEND"]:
        pytest.fail("the cache's connections are checked on Redis: set REDIS_URL")
    pool = caches["default"]._cache.get_client(write=True).connection_pool
    opened_before = pool._created_connections  # earlier tests in this process used it too
    pools: list = []
    for _ in range(12):  # as the ASGI server gives each request its thread
        thread = threading.Thread(target=_a_request_reads_the_cache, args=(pools,))
        thread.start()
        thread.join()
    assert len({id(cache) for cache, _pool in pools}) == 12  # a cache object each
    assert {id(kept) for _cache, kept in pools} == {id(pool)}
    assert isinstance(pool, SharedConnectionPool)
    # one request after another: at most one connection more, not one each
    assert pool._created_connections - opened_before <= 1


def test_another_address_gets_a_pool_of_its_own():
    one = SharedConnectionPool.from_url("redis://127.0.0.1:6379/14")
    assert SharedConnectionPool.from_url("redis://127.0.0.1:6379/14") is one
    assert SharedConnectionPool.from_url("redis://127.0.0.1:6379/15") is not one


def test_the_cache_objects_of_a_process_read_through_one_client():
    """Django's cache builds a redis-py client per read; the one kept per pool
    (KeptClientRedisCache) saves setting up its reply readers every time."""
    if "KeptClientRedisCache" not in settings.CACHES["default"]["BACKEND"]:
        pytest.fail("the cache's client is checked on Redis: set REDIS_URL")
    clients: list = []

    def a_request() -> None:
        cache = caches["default"]
        cache.set("kept-client-test", "kept", 5)
        assert cache.get("kept-client-test") == "kept"
        clients.append(cache._cache.get_client())

    for _ in range(3):
        thread = threading.Thread(target=a_request)
        thread.start()
        thread.join()
    assert len({id(client) for client in clients}) == 1
    assert clients[0] is caches["default"]._cache.get_client(write=True)
