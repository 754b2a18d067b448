"""How long Galaxy Trucker's table takes to draw: the live scene (the flight
loop, four ships with every tile drawn as a piece, the legend), the live
progress the runner stores after each event, and a tile-in-hand panel with
its welds asked of the engine (rules/welding.py), each built and rendered
through the site's templates with the template cache emptied each time (the
first viewer of a new state pays this; the others get it from the cache).

Four pro bots play seed 7 to the third round's flight; the scene is drawn
from that moment, the panel from the last tile drawn in round 3.

    DEBUG=1 .venv/bin/python bench/galaxy_trucker_table.py [--n 30]

Readable figures first; the last line is one JSON object.
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


def timed(work, n: int) -> float:
    """The median milliseconds of `work` over n runs."""
    runs = []
    for _run in range(n):
        start = time.perf_counter()
        work()
        runs.append((time.perf_counter() - start) * 1000)
    return statistics.median(runs)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=30)
    n = parser.parse_args().n
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "paddock.settings")
    import django

    django.setup()
    from django.core.cache import cache
    from django.template.loader import render_to_string

    from races.rules import Seat
    from races.rules.galaxy_trucker import GAME
    from races.rules.galaxy_trucker.present import PRESENTATION as shown
    from races.table.decisions import panel_shown

    seats = [Seat(k, f"Pilot {k.upper()}", "bot", "pro") for k in "abcd"]
    config = GAME.options.validate({})
    race = GAME.start(config, seats, 7)
    bots = {s.id: GAME.bot("pro", seed=7, seat=s.id) for s in seats}
    resolve = None
    while not race.finished:
        decision = race.pending[0]
        view = race.view(decision.seat)
        if decision.kind == "resolve_tile" and view["round"] == 3:
            resolve = (decision, view, race.legal_actions(decision.seat))
        if view["round"] == 3 and view["phase"] == "flight":
            break
        race.apply(decision.seat, bots[decision.seat].choose(view, decision))
    people = {s.id: {"name": s.name, "label": str(i + 1)} for i, s in enumerate(seats)}
    public = race.view(None)

    def progress():
        return shown.tables.progress(public, race.events, False)

    cars = progress()["cars"]

    def scene():
        cache.clear()
        drawn = shown.board.scene(config, {"cars": cars}, people)
        return render_to_string("_scene.html", {"scene": drawn})

    def panel():
        cache.clear()
        decision, view, legal = resolve
        made = panel_shown(shown, decision, view, legal)
        return render_to_string(made["template"], {"panel": made})

    figures = {
        "progress_ms": round(timed(progress, n), 2),
        "live_scene_ms": round(timed(scene, n), 2),
        "resolve_panel_ms": round(timed(panel, n), 2),
        "live_scene_kb": round(len(scene()) / 1024, 1),
        "resolve_panel_kb": round(len(panel()) / 1024, 1),
    }
    for name, value in figures.items():
        print(f"{name:>20}: {value}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
