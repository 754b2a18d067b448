"""A real local HTTP server for webhook tests: it answers with the statuses
it is told (failing, then succeeding) or takes longer than the timeout, and
keeps every request it received."""

from __future__ import annotations

import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class HookServer:
    def __init__(self):
        self.answers: list[int | str] = []  # statuses in turn; "slow" sleeps past the timeout
        self.received: list[dict] = []
        self.slow_seconds = 3.0
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 (the standard library's name)
                length = int(self.headers.get("Content-Length", 0))
                body = self.rfile.read(length).decode()
                server.received.append(
                    {
                        "path": self.path,
                        "headers": dict(self.headers),
                        "body": body,
                        "at": time.time(),
                    }
                )
                answer = server.answers.pop(0) if server.answers else 200
                if answer == "slow":
                    time.sleep(server.slow_seconds)
                    answer = 200
                self.send_response(answer)
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"ok")

            def log_message(self, *args):
                return

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/hook"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> HookServer:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
