"""The tables of bench/push.py: a league with live races queued, six people
of their own at each, and the ASGI web process they are played on."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
import time
from pathlib import Path

from tests.races.web_server import answers

ROOT = Path(__file__).resolve().parents[1]
RULES = {"heat": ({}, "usa", 3)}  # a game's season rules, track and laps; else its defaults


def league_with_tables(game: str, tables: int) -> tuple[list[int], list[list], str]:
    """A league of `game` with `tables` live races queued, six people at
    each (a season of its own per table, as on a race night each table has
    its own people): the sessions' ids, each table's people's (cookies,
    CSRF token), a session key of the first table's first person."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from league.models import Driver, League, ScoringSystem, Season
    from league.organise.entries import entry_create
    from races.models import Session
    from races.rounds.edits import round_create
    from races.running.controls import session_queue

    rules, track, laps = RULES.get(game, ({}, None, None))
    User = get_user_model()
    league = League.objects.create(name="Push", slug="push", owner=User.objects.create_user("o"))
    scoring = ScoringSystem.objects.get(slug="formula-1-2010")
    ids, people = [], []
    for table in range(1, tables + 1):
        season = Season.objects.create(
            league=league, name=f"Race night {table}", slug=f"night-{table}", game=game,
            rules=rules, scoring=scoring, grid_size=6, live_play=True, decision_seconds=3600,
        )  # fmt: skip
        seated = []
        for number in range(1, 7):
            user = User.objects.create_user(f"p{table}-{number}")  # signed in below, no password
            driver = Driver.objects.create(name=f"Driver {table}-{number}", user=user)
            entry_create(season=season, driver=driver, car_number=number)
            client = Client()
            client.force_login(user)
            csrf = secrets.token_hex(16)  # 32 characters: Django's unmasked token
            cookies = f"sessionid={client.cookies['sessionid'].value}; csrftoken={csrf}"
            seated.append((cookies, csrf))
        people.append(seated)
        extra = {"track": track} if track else {}
        rnd = round_create(season=season, number=1, name=f"R{table}", laps=laps, **extra)
        session = rnd.sessions.get(kind=Session.Kind.RACE)
        session_queue(session=session)
        ids.append(session.pk)
    return ids, people, people[0][0][0].split(";")[0].split("=", 1)[1]


def web_process(url: str, port: int) -> subprocess.Popen:
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "tests.settings",
           "DEBUG": "0", "SECURE_COOKIES": "0", "ALLOWED_HOSTS": "127.0.0.1",
           "PUSH_FALLBACK_POLLING": "1", "LOG_LEVEL": "ERROR"}  # fmt: skip
    log = open(ROOT / "bench" / "push-web.log", "w")
    process = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
         "paddock.asgi:application"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while not answers(port):
        if process.poll() is not None or time.monotonic() > deadline:
            raise SystemExit("the web process did not start; see bench/push-web.log")
        time.sleep(0.1)
    return process


def waiting(ids: list[int], timeout: float = 120) -> None:
    from races.models import Session

    deadline = time.monotonic() + timeout
    while Session.objects.filter(pk__in=ids).exclude(status="awaiting").exists():
        if time.monotonic() > deadline:
            raise SystemExit("the races did not reach their first decision; see the worker log")
        time.sleep(0.2)
