"""Readers' latency in the README's production shape (issue 27, item 4).

Builds bench/pages.py's season (40 entries, 20 rounds, teams) and a raced
session for its replay, then serves the site as production does: one
daphne process a core (README "Production"), the readers' connections
spread over them as a load balancer would. `--readers` concurrent readers
(64 by default), each keeping its connection, ask in turn for the pages a
championship's followers read: the home page, the season and standings
pages, the standings and results exports, and replay steps. The readers
run in client processes of their own (16 threads each) on the same
machine, so their CPU is taken from the servers': the figures are an upper
bound for the servers alone.

    python bench/readers.py [--readers 64] [--requests 6000] [--passes 3]

The last line is JSON: `readers_p95_ms` (target under 1,000), p50 and p99,
requests a second, errors, and the load average. DATABASE_URL and
REDIS_URL as for bench/pages.py.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.pages import free_port, load, season_build, site_environment, wait_ready  # noqa: E402

THREADS_A_CLIENT = 16


def reader_paths(season_path: str, session_id: int) -> list[str]:
    """What the followers of a championship read, one of each in turn."""
    from bench.page_cpu import cpu_pages

    pages = cpu_pages(season_path, session_id)
    del pages["bare"]
    return [path for paths in pages.values() for path in paths]


def read(ports: list[int], paths: list[str], first: int, threads: int, requests: int) -> dict:
    """One client process: `threads` readers numbered from `first`."""
    return load(ports, paths, requests=requests, connections=threads, first=first)


def readers_run(ports: list[int], paths: list[str], readers: int, requests: int) -> dict:
    clients = max(1, readers // THREADS_A_CLIENT)
    began = time.perf_counter()
    with ProcessPoolExecutor(clients) as pool:
        runs = list(
            pool.map(
                read,
                [ports] * clients,
                [paths] * clients,
                [n * THREADS_A_CLIENT for n in range(clients)],
                [readers // clients] * clients,
                [requests // clients] * clients,
            )
        )
    elapsed = time.perf_counter() - began
    latencies = sorted(x for run in runs for x in run["latencies"])
    return {"latencies": latencies, "errors": sum(r["errors"] for r in runs), "elapsed": elapsed}


def percentile(latencies: list[float], p: float) -> float:
    return round(latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000, 1)


def servers_start(env: dict, count: int) -> tuple[list[int], list[subprocess.Popen]]:
    ports = [free_port() for _ in range(count)]
    servers = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "daphne",
                "-b",
                "127.0.0.1",
                "-p",
                str(port),
                "paddock.asgi:application",
            ],  # fmt: skip
            cwd=ROOT,
            env={**os.environ, **env},
            start_new_session=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for port in ports
    ]
    for port in ports:
        wait_ready(port)
    return ports, servers


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--readers", type=int, default=64)
    parser.add_argument("--requests", type=int, default=6000, help="requests a pass")
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--servers", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args()

    env = site_environment()
    season_path, _ = season_build(env)
    from bench.page_cpu import replay_session_build

    paths = reader_paths(season_path, replay_session_build())
    ports, servers = servers_start(env, args.servers)
    try:
        readers_run(ports, paths, args.readers, len(paths) * args.servers * 4)  # every page kept
        passes = [
            readers_run(ports, paths, args.readers, args.requests) for _ in range(args.passes)
        ]
    finally:
        for server in servers:
            os.killpg(server.pid, signal.SIGTERM)
        for server in servers:
            server.wait(15)
    p95s = [percentile(run["latencies"], 0.95) for run in passes]
    latencies = sorted(x for run in passes for x in run["latencies"])
    for n, run in enumerate(passes, start=1):
        rate = len(run["latencies"]) / run["elapsed"]
        print(f"pass {n}: {len(run['latencies'])} requests, p95 {p95s[n - 1]} ms, "
              f"{rate:.1f} req/s, {run['errors']} errors")  # fmt: skip
    figures = {
        "readers": args.readers,
        "servers": args.servers,
        "pages": len(paths),
        "requests": len(latencies),
        "errors": sum(run["errors"] for run in passes),
        "readers_p50_ms": percentile(latencies, 0.50),
        "readers_p95_ms": percentile(latencies, 0.95),
        "readers_p99_ms": percentile(latencies, 0.99),
        "readers_p95_ms_median_of_passes": statistics.median(p95s),
        "rps": round(len(latencies) / sum(run["elapsed"] for run in passes), 1),
        "load": round(os.getloadavg()[0], 2),
    }
    print(json.dumps(figures, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
