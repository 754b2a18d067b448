"""How long the game table takes to render, beside the standings page.

Builds, in a PostgreSQL database of its own (`<name>_table_bench` on the
DATABASE_URL server), a 10-car Formula D season (2 people, 8 pro bots) with 3
finished rounds and a live 4th round waiting for a person's move, a 6-car
Heat season (2 people, 4 bots) with a live race waiting for a person's cards,
an 8-robot RoboRally season (Shakedown) and a 4-ship Galaxy Trucker season,
each with a live race waiting for a person. Each page is rendered N times in
this process through Django's test client (the same code path as a request,
without the network): the table as the driver whose turn it is, the table as
a spectator, the cockpit fragment HTMX polls, and the season's standings
page, and a poll that has the table as it stands (`table_poll_unchanged_ms`,
answered "no change"). Prints medians and ends with one JSON line,
`table_to_standings` being the driver's table median divided by the
standings median (served from the page cache as visitors get it), and
`table_to_uncached_standings` the same against the standings rendered anew.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test .venv/bin/python bench/table.py [--n 40]
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
from urllib.parse import urlsplit, urlunsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def database(base: str) -> str:
    parts = urlsplit(base)
    name = (parts.path.strip("/") or "paddock") + "_table_bench"
    import psycopg

    admin = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    return urlunsplit(parts._replace(path=f"/{name}"))


def timed(client, path: str, n: int, cold: bool = False, status: int = 200, **headers) -> float:
    """Median of n renders; `cold`: with the cache emptied before each one."""
    from django.core.cache import cache

    client.get(path, headers=headers)  # warm caches as a second visit would
    times = []
    for _ in range(n):
        if cold:
            cache.clear()
        start = time.perf_counter()
        response = client.get(path, headers=headers)
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == status, (path, response.status_code)
    return round(statistics.median(times), 1)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=40)
    args = parser.parse_args()
    os.environ["DATABASE_URL"] = database(
        os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/test")
    )
    os.environ.pop("REDIS_URL", None)  # rendering only: no worker is needed
    os.environ.setdefault("SECRET_KEY", "paddock-bench")
    os.environ["DJANGO_SETTINGS_MODULE"] = "paddock.settings"
    os.environ["ALLOWED_HOSTS"] = "testserver"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.urls import reverse

    from league.models import Driver, League, ScoringSystem, Season
    from league.organise.entries import entry_create
    from races.models import Session
    from races.rounds.edits import round_create
    from races.running.controls import session_play_mode_set
    from races.running.runner import session_run

    User = get_user_model()
    owner = User.objects.create_user("owner")
    league = League.objects.create(name="Bench", slug="bench", owner=owner)
    people = [User.objects.create_user(name, password="pw") for name in ("ana", "ben")]
    figures = {}
    for game, rules, track, laps, grid, finished in (
        ("formula_d", {"level": "basic"}, "lakeside_gp", 1, 10, 3),
        ("heat", {}, "usa", 1, 6, 0),
        ("roborally", {"max_turns": 10}, "shakedown", None, 8, 0),
        ("galaxy_trucker", {}, "standard", 1, 4, 0),
    ):
        season = Season.objects.create(
            league=league, name=game, slug=game.replace("_", "-"), game=game, rules=rules,
            scoring=ScoringSystem.objects.get(slug="formula-1-2010"), grid_size=grid,
            decision_seconds=3600,
        )  # fmt: skip
        for number, user in enumerate(people, start=1):
            driver, _ = Driver.objects.get_or_create(user=user, defaults={"name": user.username})
            entry_create(season=season, driver=driver, car_number=number)
        for number in range(1, finished + 2):
            rnd = round_create(
                season=season, number=number, name=f"R{number}", track=track, laps=laps
            )
            session = rnd.sessions.get(kind=Session.Kind.RACE)
            if number > finished:
                session_play_mode_set(session=session, live=True)
            Session.objects.filter(pk=session.pk).update(status=Session.Status.QUEUED)
            session_run(session_id=session.pk)
        session.refresh_from_db()
        turn = session.turns.first()
        driver = Client()
        driver.force_login(turn.user)
        table = reverse("session_live", args=[session.pk])
        standings = reverse("standings", args=[league.slug, season.slug])
        figures[game] = {
            "table_driver_ms": timed(driver, table, args.n),
            "table_spectator_ms": timed(Client(), table, args.n),
            "table_poll_ms": timed(Client(), table, args.n, HX_Request="true"),
            "cockpit_ms": timed(
                driver, reverse("cockpit", args=[session.pk]), args.n, HX_Request="true"
            ),  # fmt: skip
            "standings_ms": timed(Client(), standings, args.n),
            "standings_uncached_ms": timed(Client(), standings, args.n, cold=True),
        }
        f = figures[game]
        # A poll that has the table as it stands is answered "no change".
        seen = re.search(r"\?seen=([0-9a-f]+)", Client().get(table).content.decode())
        if seen:
            f["table_poll_unchanged_ms"] = timed(
                Client(), f"{table}?seen={seen.group(1)}", args.n, status=204, HX_Request="true"
            )
        f["table_to_standings"] = round(f["table_driver_ms"] / f["standings_ms"], 2)
        f["table_to_uncached_standings"] = round(
            f["table_driver_ms"] / f["standings_uncached_ms"], 2
        )
        print(
            f"{game}: table (driver) {f['table_driver_ms']} ms, spectator "
            f"{f['table_spectator_ms']} ms, cockpit {f['cockpit_ms']} ms, standings "
            f"{f['standings_ms']} ms (cached) / {f['standings_uncached_ms']} ms (rendered): "
            f"ratios {f['table_to_standings']} / {f['table_to_uncached_standings']}"
        )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
