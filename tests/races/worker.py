"""A real Celery worker in a subprocess, against the test database and Redis."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"


def integration_urls() -> tuple[str, str] | None:
    """The PostgreSQL and Redis URLs the suite runs against, or None."""
    database = os.environ.get("DATABASE_URL", "")
    redis = os.environ.get("REDIS_URL", "")
    if database.startswith("postgres") and redis.startswith("redis"):
        return database, redis
    return None


def test_database_url() -> str:
    """DATABASE_URL with the name of the database pytest-django created."""
    parts = urlsplit(os.environ["DATABASE_URL"])
    return urlunsplit(parts._replace(path="/" + connection.settings_dict["NAME"]))


class Worker:
    """Start, stop and kill a `celery worker` process group."""

    def __init__(
        self, name: str, *, concurrency: int = 1, queues: str = "sessions,online", **env: str
    ):
        self.name = name
        self.queues = queues
        self.concurrency = concurrency
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "tests.settings",
            "DATABASE_URL": test_database_url(),
            "CELERY_RESULT_BACKEND": os.environ["REDIS_URL"],
            "SESSION_LEASE_SECONDS": "3",
            "SESSION_PROGRESS_INTERVAL_MS": "50",
            **env,
        }
        ARTIFACTS.mkdir(exist_ok=True)
        self.log_path = ARTIFACTS / f"worker-{name}.log"
        self.process: subprocess.Popen | None = None

    def start(self, timeout: float = 30) -> Worker:
        log = open(self.log_path, "a")
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "paddock",
                "worker",
                "-Q",
                self.queues,
                "-c",
                str(self.concurrency),
                "--pool",
                "prefork",
                "-n",
                f"{self.name}@%h",
                "-l",
                "info",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
            ],  # fmt: skip
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        start = self.log_path.stat().st_size if self.log_path.exists() else 0
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"worker {self.name} exited: see {self.log_path}")
            with open(self.log_path) as f:
                f.seek(start)
                if " ready." in f.read():
                    return self
            time.sleep(0.1)
        raise RuntimeError(f"worker {self.name} did not start: see {self.log_path}")

    def kill(self) -> None:
        """SIGKILL the whole process group: no clean shutdown, no ack."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()


def wait_for(predicate, *, timeout: float = 60, every: float = 0.1, what: str = "condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"timed out after {timeout}s waiting for {what}")
