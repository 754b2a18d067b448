"""What Galaxy Trucker's results page and live table list (the
presentation's tables part, races/rules/face/tables.py): each round's score
gives the running order and the game's end the final one; the results show
every ship as it took off, round by round; a live game's progress is the
rounds done and the cards of this flight played."""

from __future__ import annotations

from ...face.tables import Tables
from ...speech import _
from ..rules.flight import TRACK
from .board import GalaxyTruckerBoard, on_space
from .capabilities import GalaxyTruckerCapabilities
from .ship import grid


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
                }
            )
        return pictures

    def progress(self, view, events, finished):
        cars = view.get("cars", [])
        rounds = view.get("rounds") or [1, 2, 3]
        done = rounds.index(view["round"]) if view.get("round") in rounds else 0
        deck = view.get("cards_in_deck") or 0
        part = 0.5 * (view.get("card_index", 0) / deck) if deck else 0.0
        if view.get("phase") in ("flight", "score"):
            part += 0.5
        percent = 100 if finished else min(99, int(100 * (done + part) / len(rounds)))
        order = [c["seat"] for c in sorted(cars, key=lambda c: (-c["credits"], -c["progress"]))]
        return {
            "percent": percent,
            "order": order,
            "cars": {
                c["seat"]: {
                    "space": f"d{c['pos'] % TRACK}" if c["pos"] is not None else None,
                    "credits": c["credits"],
                    "where": on_space(c["pos"]) if c["pos"] is not None else _("not flying"),
                    "status": "finished" if finished else "racing",
                    "index": i,
                }
                for i, c in enumerate(cars)
            },
        }
