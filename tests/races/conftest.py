import pytest
import redis

from paddock.celery import app
from tests.races.worker import Worker, integration_urls


@pytest.fixture
def broker():
    """A clean Redis queue for each integration test."""
    urls = integration_urls()
    if urls is None:
        pytest.skip("integration tests need DATABASE_URL (PostgreSQL) and REDIS_URL (Redis)")
    app.control.purge()
    yield redis.Redis.from_url(urls[1])
    app.control.purge()


@pytest.fixture
def workers(broker):
    """Start workers with `workers(name, **env)`; all are stopped afterwards."""
    started: list[Worker] = []

    def start(name: str = "w1", **env) -> Worker:
        worker = Worker(name, **env).start()
        started.append(worker)
        return worker

    yield start
    for worker in started:
        worker.stop()
