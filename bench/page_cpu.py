"""CPU per request of the pages kept from when they last changed (issue 27,
item 4), measured in the process of bench/pages.py after it built its
season: the home page, the season and standings pages, the exports and
replay steps, beside a bare view."""

from __future__ import annotations

import statistics
import time


def replay_session_build() -> int:
    """One ten-car race run by the engine in a season of its own (its log,
    its replay): the session's id."""
    from league.models import League, ScoringSystem, Season
    from races.models import Session
    from races.rounds.edits import round_create
    from races.running.runner import session_run

    season = Season.objects.create(
        league=League.objects.get(slug="bench"), name="Replay Season", slug="replay-season",
        game="formula_d", rules={"level": "advanced"}, grid_size=10,
        scoring=ScoringSystem.objects.get(slug="formula-1-2010"),
    )  # fmt: skip
    rnd = round_create(season=season, number=1, name="R1", track="lakeside_gp", laps=2)
    session = Session.objects.get(round=rnd, kind=Session.Kind.RACE)
    Session.objects.filter(pk=session.pk).update(status=Session.Status.QUEUED)
    if session_run(session_id=session.pk) != "finished":
        raise SystemExit("the replay's race did not finish")
    return session.pk


def cpu_pages(season_path: str, session_id: int) -> dict[str, list[str]]:
    count = len(list(replay_steps(session_id)))
    pages = {
        "bare": "/bare/",
        "home": "/",
        "season": season_path,
        "standings": f"{season_path}standings/",
        "standings_json": f"{season_path}standings.json",
        "standings_csv": f"{season_path}standings.csv",
        "results_json": f"{season_path}results.json",
        "results_csv": f"{season_path}results.csv",
    }
    return {
        **{name: [path] for name, path in pages.items()},
        "replay_step": [
            f"/sessions/{session_id}/replay/{step}/"
            for step in range(0, count, max(1, count // 20))
        ],
    }


def replay_steps(session_id: int):
    from races.models import Session
    from races.replay import steps

    session = Session.objects.select_related("round__season").get(pk=session_id)
    return steps.steps_split(
        steps.get_presentation(session.round.season.game), steps.session_events(session)
    )


def cpu_ms(pages: dict[str, list[str]], requests: int) -> dict[str, float]:
    """Milliseconds of this process's CPU per request of each page, served
    in this process by Django's test client as an anonymous reader (the
    same path through the middleware and views as gunicorn's), median of
    `requests` after one warming request of each path; the replay walks
    twenty of its steps in turn."""
    from django.test import Client

    client = Client(HTTP_HOST="127.0.0.1")
    figures = {}
    for name, paths in pages.items():
        for path in paths:
            if client.get(path).status_code != 200:
                raise SystemExit(f"{path} did not answer 200")
        times = []
        for index in range(requests):
            start = time.process_time()
            client.get(paths[index % len(paths)])
            times.append((time.process_time() - start) * 1000)
        figures[name] = round(statistics.median(times), 3)
    return figures
