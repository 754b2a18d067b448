"""Online play latency: from a driver's submitted decision to the next
decision being shown, with the bots played in between by a real worker.

`--game formula_d` (the default): a 10-car Formula D race (basic, 1 lap of
Lakeside GP) with 2 people and 8 pro bots. `--game roborally`: an 8-robot
RoboRally race on Shakedown (10 turns at most) with 2 people and 6 greedy
bots; the people program through the registers panel's plain form.
`--game heat`: a 6-car Heat race (1 lap of USA) with 2 people and 4 pro
bots, the people playing the first legal pick of their hand.
`--game galaxy_trucker`: a game of one round (building on the ship's grid,
then the flight) with 2 people and 2 pro bots, the people building together
(GT-TBB-12) by posting a cell of the ship's grid. On PostgreSQL, Redis and a
Celery worker on the `online` queue. Every person with a decision on screen
posts it to the real view (as the cockpit's button does); from the last post
the cockpit is polled every 10 ms, as HTMX would, until the next decision a
person owes is on screen. Prints median and p99 and ends with one JSON line.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379/0 \
        .venv/bin/python bench/online.py [--races 3] [--game heat|roborally|galaxy_trucker]
"""

from __future__ import annotations

import argparse
import json
import os
import re
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


def field(html: str, name: str) -> str:
    marker = f'name="{name}" value="'
    start = html.find(marker) + len(marker)
    return html[start : html.find('"', start)]


def posted(html: str) -> dict | None:
    """What the panel on screen posts: the first choice, or, for registers,
    the hand's cards in order into the open registers; None without a panel."""
    plays = re.search(r'id="panel-plays" type="application/json">(.*?)</script>', html)
    if plays:  # a hand of cards (Heat): the first legal play's cards
        data = {"pick": json.loads(plays.group(1))[0]["picks"]}
        for name in ("compose_kind", "compose_param", "compose_one"):
            data[name] = field(html, name)
    elif 'data-widget="registers"' in html:
        hand = re.findall(r'data-card="(\d+)"', html)
        slots = re.findall(r'<select name="slot_(\d)" id="slot-\d" class="first"', html)
        data = {f"slot_{n}": card for n, card in zip(slots, hand, strict=False)}
        for name in ("compose_kind", "compose_param", "compose_draft_kind", "compose_slots"):
            data[name] = field(html, name)
    elif choices(html, "place"):  # a cell of the ship's grid
        data = {"place": choices(html, "place")[0]}
    elif choices(html):
        data = {"action": choices(html)[0]}
    else:
        return None
    return {**data, "seat": field(html, "seat"), "step": field(html, "step")}


GAMES = {  # game -> season rules, track, laps, grid, bot level
    "formula_d": ({"level": "basic"}, "lakeside_gp", 1, 10, "pro"),
    "roborally": ({"max_turns": 10}, "shakedown", None, 8, "greedy"),
    "galaxy_trucker": ({}, "standard", 1, 4, "pro"),
    "heat": ({}, "usa", 1, 6, "pro"),
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--races", type=int, default=3)
    parser.add_argument("--game", choices=sorted(GAMES), default="formula_d")
    args = parser.parse_args()
    rules, track, laps, grid, bots = GAMES[args.game]
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
    from league.organise.entries import entry_create
    from paddock.celery import app
    from races.models import Session
    from races.rounds.edits import round_create
    from races.running.controls import session_queue

    User = get_user_model()
    owner = User.objects.create_user("owner")
    league = League.objects.create(name="Bench", slug="bench", owner=owner)
    season = Season.objects.create(
        league=league, name="Live", slug="live", game=args.game, rules=rules,
        scoring=ScoringSystem.objects.get(slug="formula-1-2010"), grid_size=grid,
        live_play=True, decision_seconds=120, bot_level=bots,
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
                season=season, number=number, name=f"R{number}", track=track, laps=laps
            )
            session = rnd.sessions.get(kind=Session.Kind.RACE)
            session_queue(session=session)
            cockpit = reverse("cockpit", args=[session.pk])
            decide = reverse("decide", args=[session.pk])

            def shown(cockpit=cockpit):
                out = {}
                for name, client in clients.items():
                    html = client.get(cockpit, headers={"HX-Request": "true"}).content.decode()
                    data = posted(html)
                    if data:
                        out[name] = data
                return out

            while True:
                status = Session.objects.values_list("status", flat=True).get(pk=session.pk)
                if status == "finished":
                    break
                on_screen = shown()
                if not on_screen:
                    time.sleep(0.01)
                    continue
                for name, data in on_screen.items():  # the last post starts the clock
                    t0 = time.perf_counter()
                    clients[name].post(decide, data, headers={"HX-Request": "true"})
                    decisions += 1
                steps = {data["step"] for data in on_screen.values()}
                posted_now = {(name, data["step"]) for name, data in on_screen.items()}
                while True:
                    nxt = shown()
                    fresh = [d for n, d in nxt.items() if (n, d["step"]) not in posted_now]
                    if any(d["step"] not in steps for d in fresh):
                        latencies.append((time.perf_counter() - t0) * 1000)
                        break
                    if fresh:  # a person still deciding from before: their turn, untimed
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
