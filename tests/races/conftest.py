import socket
import subprocess
import tempfile
import time

import pytest
import redis
from django.conf import settings

from paddock.celery import app
from tests.races.web_server import WebServer
from tests.races.worker import Worker, integration_urls, wait_for


@pytest.fixture
def broker():
    """A clean Redis queue for each integration test, in the suite's own
    Redis database (REDIS_URL). Without PostgreSQL and Redis the suite fails:
    a green run must have run these tests."""
    urls = integration_urls()
    if urls is None:
        pytest.fail("integration tests need DATABASE_URL (PostgreSQL) and REDIS_URL (Redis)")
    client = redis.Redis.from_url(urls[1])
    queues_emptied(client)
    yield client
    queues_emptied(client)


def queues_emptied(client) -> None:
    """Every queue the site routes to, emptied in the broker. `purge()` only
    empties the queues this process has sent to, and tests that store a
    result without a worker leave their tasks (a rating) queued for the next
    test's workers, whose logs would then count them as its own."""
    app.control.purge()
    queues = {"celery", *(route["queue"] for route in settings.CELERY_TASK_ROUTES.values())}
    for queue in queues:
        # kombu's Redis transport keeps a queue's priorities as keys of their own
        client.delete(queue, *client.keys(f"{queue}\x06\x16*"))


@pytest.fixture
def workers(broker):
    """Start workers with `workers(name, **env)`; all are stopped afterwards."""
    started: list[Worker] = []

    def start(name: str = "w1", queues: str = "sessions,online", **env) -> Worker:
        worker = Worker(name, queues=queues, **env).start()
        started.append(worker)
        return worker

    yield start
    for worker in started:
        worker.stop()


@pytest.fixture
def web_servers(broker):
    """Start ASGI web processes with `web_servers(name, **env)` (daphne on a
    free port, against the test database); all are stopped afterwards."""
    started: list[WebServer] = []

    def start(name: str = "web", **env) -> WebServer:
        server = WebServer(name, **env).start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PrivateRedis:
    """A redis-server of this test's own on a free port, which the test may
    stop and start at will: the machine's Redis is never touched."""

    def __init__(self):
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.folder = tempfile.mkdtemp(prefix="paddock-redis-")
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                self.folder,
            ],  # fmt: skip
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        client = redis.Redis.from_url(self.url)
        wait_for(lambda: self._answers(client), timeout=10, what="the private Redis to answer")

    @staticmethod
    def _answers(client) -> bool:
        try:
            return client.ping()
        except redis.ConnectionError:
            return False

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)

    def restart(self) -> None:
        self.stop()
        time.sleep(0.2)
        self.start()


def _point_celery_at(url: str) -> None:
    """Send this process's tasks to `url` from now on. Kombu keeps one pool
    per broker address, so the suite's own pool is there again afterwards."""
    app._pool = None
    app.amqp._producer_pool = None
    app.conf.broker_url = url


@pytest.fixture
def private_redis(broker):
    server = PrivateRedis()
    server.start()
    before = app.conf.broker_url
    _point_celery_at(server.url)
    yield server
    _point_celery_at(before)
    server.stop()
