"""A real ASGI web process (daphne, as in production) in a subprocess,
against the test database and Redis, on a free port: the push tests connect
browsers and WebSocket clients to it, and restart it mid-race."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

from tests.races.worker import ARTIFACTS, ROOT, test_database_url


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


class WebServer:
    """Start, stop and restart `daphne paddock.asgi:application` on one port."""

    def __init__(self, name: str = "web", **env: str):
        self.name = name
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "tests.settings",
            "DATABASE_URL": test_database_url(),
            # Cookies over plain http (the browser tests' server is not https).
            "DEBUG": "1",
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            **env,
        }
        ARTIFACTS.mkdir(exist_ok=True)
        self.log_path = ARTIFACTS / f"web-{name}.log"
        self.process: subprocess.Popen | None = None

    def start(self, timeout: float = 30) -> WebServer:
        log = open(self.log_path, "a")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port),
             "paddock.asgi:application"],
            cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"web server {self.name} exited: see {self.log_path}")
            if answers(self.port):
                return self
            time.sleep(0.1)
        raise RuntimeError(f"web server {self.name} did not start: see {self.log_path}")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)
        deadline = time.monotonic() + 10
        while answers(self.port) and time.monotonic() < deadline:
            time.sleep(0.05)

    def restart(self) -> WebServer:
        self.stop()
        return self.start()
