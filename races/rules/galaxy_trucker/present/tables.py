"""What Galaxy Trucker's results page and live table list (the
presentation's tables part, races/rules/face/tables.py): each round's score
gives the running order and the game's end the final one; the results show
every ship as it took off, round by round, drawn tile by tile with a
legend; a live game's progress is the rounds done, the building's hourglass
or the cards of this flight played, what the game is doing in words, and
every ship as it stands (the live table draws them)."""

from __future__ import annotations

from ...face.tables import Tables
from ...speech import N_, _
from ..rules.flight import TRACK
from .board import GalaxyTruckerBoard
from .capabilities import GalaxyTruckerCapabilities
from .pictures import legend_items
from .ship import grid

# What the game is doing, said beside the round on the live page.
STAGES = {
    "setup": N_("getting ready"),
    "build": N_("building the ships"),
    "check": N_("checking the ships"),
    "prep": N_("boarding the crew"),
    "flight": N_("in flight"),
    "score": N_("scoring the round"),
}


def _building_share(view) -> float:
    """How far building has gone (GT-TBB-03): the runs the hourglass has
    left, from the round's circle down to Start, each of equal length."""
    glass = view.get("hourglass") or {}
    start = view.get("round") or 1
    runs = start + 1
    left = int(glass.get("ticks_left") or 0)
    size = max(8, left)  # GT-DM-18 ticks_per_run, 8 unless a longer run shows
    done_runs = start - int(glass.get("pos", start))
    return max(0.0, min(0.95, (done_runs + (size - left) / size) / runs))


class GalaxyTruckerTables(Tables):
    round_openers = frozenset({"round_scored"})
    finish_types = frozenset()
    out_types = frozenset()
    end_types = frozenset({"game_ended"})

    def __init__(self, capabilities: GalaxyTruckerCapabilities, board: GalaxyTruckerBoard) -> None:
        super().__init__(capabilities)
        self.board = board

    def result_pictures(self, config, events, people):
        """Every ship as it was built, round by round: each ship as it took
        off (after the structural check), a grid of its tiles and connectors."""
        seats = [{"id": seat} for seat in people]
        state = self.board.board_state(seats, config)
        pictures = []
        for event in events:
            state = self.board.fold(state, event)
            if event["type"] != "rockets_placed":
                continue
            ship_class = state.get("class") or "I"
            grids = []
            for seat, ship in state["ships"].items():
                tiles = [
                    [tile, *(int(v) for v in key.split(",")), rot, 0, humans, alien, tokens, goods]
                    for key, (tile, rot, humans, alien, tokens, goods) in ship.items()
                    if tile
                ]
                car = {"ship_class": ship_class, "ship": tiles}
                name = people.get(seat, {}).get("name", "")
                grids.append(grid(car, _("%(name)s's ship") % {"name": name}))
            pictures.append(
                {
                    "title": _("Round %(round)d: the ships as they took off (board %(board)s)")
                    % {"round": event.get("round") or len(pictures) + 1, "board": ship_class},
                    "grids": grids,
                    "legend": legend_items() if not pictures else [],
                }
            )
        return pictures

    def progress(self, view, events, finished):
        cars = view.get("cars", [])
        rounds = view.get("rounds") or [1, 2, 3]
        done = rounds.index(view["round"]) if view.get("round") in rounds else 0
        deck = view.get("cards_in_deck") or 0
        phase = view.get("phase")
        if phase in ("flight", "score"):
            part = 0.5 + (0.5 * (view.get("card_index", 0) / deck) if deck else 0.0)
        elif phase == "build":
            part = 0.5 * _building_share(view)
        else:
            part = 0.5 if phase not in ("setup", None) else 0.0
        percent = 100 if finished else min(99, int(100 * (done + part) / len(rounds)))
        order = [c["seat"] for c in sorted(cars, key=lambda c: (-c["credits"], -c["progress"]))]
        return {
            "percent": percent,
            "stage": STAGES.get(phase, ""),
            "order": order,
            "cars": {
                c["seat"]: {
                    "space": f"d{c['pos'] % TRACK}" if c["pos"] is not None else None,
                    "credits": c["credits"],
                    "where": c["pos"],
                    "status": "finished" if finished else "racing",
                    "index": i,
                    # every ship drawn live as it grows (board.py draws them)
                    "ship_class": c.get("ship_class"),
                    "ship": c.get("ship") or [],
                }
                for i, c in enumerate(cars)
            },
        }
