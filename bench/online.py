"""Online play latency: from a driver's submitted decision to the next
decision being shown, with the bots played in between by a real worker.

`--game formula_d` (the default): a 10-car Formula D race (basic, 1 lap of
Lakeside GP) with 2 people and 8 pro bots. `--game galaxy_trucker`: a game of
one round (building on the ship's grid, then the flight) with 2 people and 2
pro bots, the people building together (GT-TBB-12). On PostgreSQL, Redis and
a Celery worker on the `online` queue. Each person's choice is posted to the
real view (as the cockpit's button, or a cell of the ship's grid, does);
when both people are asked at once, the first answers untimed and the last
answer is timed. The cockpits are then polled every 10 ms, as HTMX would,
until a new decision a person owes is on screen. Prints median and p99 and
ends with one JSON line.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379/0 \
        .venv/bin/python bench/online.py [--races 3] [--game galaxy_trucker]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.pipeline import bench_database_url, recreate_database, setup_django, start_worker  # noqa: E402


def choices(html: str, name: str = "action") -> list[str]:
    marker = f'name="{name}" value="'
    found, start = [], 0
    while (start := html.find(marker, start)) != -1:
        start += len(marker)
        found.append(html[start : html.find('"', start)].replace("&quot;", '"'))
    return found


def answer(html: str) -> dict:
    """What a person posts: a cell of the ship's grid when there is one
    (building), else the first choice of the list."""
    cells = choices(html, "place")
    return {"place": cells[0]} if cells else {"action": choices(html)[0]}


def field(html: str, name: str) -> str:
    marker = f'name="{name}" value="'
    start = html.find(marker) + len(marker)
    return html[start : html.find('"', start)]


GAMES = {
    "formula_d": {"rules": {"level": "basic"}, "grid": 10, "track": "lakeside_gp"},
    "galaxy_trucker": {"rules": {}, "grid": 4, "track": "standard"},
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--races", type=int, default=3)
    parser.add_argument("--game", choices=sorted(GAMES), default="formula_d")
    args = parser.parse_args()
    url = bench_database_url()
    recreate_database(url)
    setup_django(url)
    os.environ["ALLOWED_HOSTS"] = "testserver"

    from django.conf import settings
    from django.test import Client
    from django.urls import reverse

    settings.ALLOWED_HOSTS = ["testserver"]
    from django.contrib.auth import get_user_model

    from league.models import Driver, League, ScoringSystem, Season
    from league.services import entry_create
    from paddock.celery import app
    from races.models import Session
    from races.services import round_create, session_queue

    User = get_user_model()
    owner = User.objects.create_user("owner")
    league = League.objects.create(name="Bench", slug="bench", owner=owner)
    game = GAMES[args.game]
    season = Season.objects.create(
        league=league, name="Live", slug="live", game=args.game, rules=game["rules"],
        scoring=ScoringSystem.objects.get(slug="formula-1-2010"), grid_size=game["grid"],
        live_play=True, decision_seconds=120,
    )  # fmt: skip
    clients = {}
    for number, name in [(7, "ana"), (3, "ben")]:
        user = User.objects.create_user(name, password="pw")
        entry_create(
            season=season, driver=Driver.objects.create(name=name, user=user), car_number=number
        )
        client = Client()
        client.force_login(user)
        clients[name] = client

    app.control.purge()
    worker = start_worker(url)
    latencies, decisions = [], 0
    try:
        for number in range(1, args.races + 1):
            rnd = round_create(
                season=season, number=number, name=f"R{number}", track=game["track"], laps=1
            )
            session = rnd.sessions.get(kind=Session.Kind.RACE)
            session_queue(session=session)
            cockpit = reverse("cockpit", args=[session.pk])
            decide = reverse("decide", args=[session.pk])

            def shown(cockpit=cockpit) -> dict[tuple[str, str], str]:
                """Every decision on screen, by person and step."""
                panels = {}
                for name, client in clients.items():
                    html = client.get(cockpit, headers={"HX-Request": "true"}).content.decode()
                    if choices(html) or choices(html, "place"):
                        panels[(name, field(html, "step"))] = html
                return panels

            answered: set[tuple[str, str]] = set()
            while True:
                status = Session.objects.values_list("status", flat=True).get(pk=session.pk)
                if status == "finished":
                    break
                fresh = [(k, html) for k, html in shown().items() if k not in answered]
                if not fresh:
                    time.sleep(0.01)
                    continue
                # people asked together: each answers, the last answer is timed
                for (name, step), html in fresh:
                    t0 = time.perf_counter()
                    clients[name].post(
                        decide,
                        {"seat": field(html, "seat"), "step": step, **answer(html)},
                        headers={"HX-Request": "true"},
                    )
                    answered.add((name, step))
                    decisions += 1
                while True:
                    if any(k not in answered for k in shown()):
                        latencies.append((time.perf_counter() - t0) * 1000)
                        break
                    done = Session.objects.values_list("status", flat=True).get(pk=session.pk)
                    if done == "finished":
                        break
                    time.sleep(0.01)
    finally:
        os.killpg(worker.pid, 15)
        worker.wait(30)

    latencies.sort()
    figures = {
        "game": args.game,
        "races": args.races,
        "decisions": decisions,
        "decision_to_next_ms_median": round(statistics.median(latencies), 1),
        "decision_to_next_ms_p99": round(latencies[int(0.99 * (len(latencies) - 1))], 1),
        "decision_to_next_ms_max": round(latencies[-1], 1),
    }
    print(
        f"{decisions} decisions over {args.races} races: median "
        f"{figures['decision_to_next_ms_median']} ms, p99 {figures['decision_to_next_ms_p99']} ms"
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
