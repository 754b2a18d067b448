"""Galaxy Trucker's board (the presentation's board part,
races/rules/face/board.py): the 40-day flight loop with every rocket on it,
and every ship below it with each tile drawn as the piece it is (pictures.py:
connectors, barrels, exhausts, shields, crew, batteries and goods), and a
legend; moved along the log without re-running the rules (the replay), or
drawn from a live game's progress (the live table, as the ships grow)."""

from __future__ import annotations

from ...face.board import Board
from ...face.drawing import CAR_COLOURS, place_tokens
from ...speech import _
from ..rules.flight import TRACK
from ..rules.tiles import BOARDS, START_CABIN_OF, TILES
from .phrases import credits
from .pictures import legend, merged, tile_shapes

WIDTH, LOOP_HEIGHT = 900, 200
CELL = 40
GAP = 24


def on_space(pos) -> str:
    return _("space %(space)s") % {"space": pos}


def _loop_point(day: int) -> tuple[float, float]:
    """The 40 days on a rectangle: 14 along the top, 6 down the right,
    14 back along the bottom, 6 up the left; day 0 (the start) top left."""
    day %= TRACK
    left, top, step = 60.0, 24.0, 56.0
    if day < 14:
        return left + day * step, top
    if day < 20:
        return left + 13 * step + 28, top + (day - 13) * 20
    if day < 34:
        return left + (33 - day) * step, top + 140
    return left - 28, top + 140 - (day - 33) * 20


def ship_layout(ship_class: str, count: int) -> tuple[list[tuple[float, float]], float]:
    """Where each of `count` ships is drawn below the flight loop (the top
    left of its board's first column and row), and the height they take:
    four abreast when they fit, else two by two."""
    board = BOARDS.get(ship_class, BOARDS["I"])
    width = (board.cols[1] - board.cols[0] + 1) * CELL
    height = (board.rows[1] - board.rows[0] + 1) * CELL + GAP + 16
    across = 4 if 4 * width + 3 * GAP <= WIDTH - 20 else 2
    step = (WIDTH - 40 - width) / (across - 1)
    origins = [
        (20 + (n % across) * step, LOOP_HEIGHT + GAP + 16 + (n // across) * height)
        for n in range(count)
    ]
    rows = -(-count // across)
    return origins, rows * height


def cell_xy(origin: tuple[float, float], board, col: int, row: int) -> tuple[float, float]:
    return origin[0] + (col - board.cols[0]) * CELL, origin[1] + (row - board.rows[0]) * CELL


class GalaxyTruckerBoard(Board):
    def board_state(self, seats, config):
        return {
            "cars": {
                s["id"]: {"space": f"ship{i}", "status": "racing", "credits": 0, "index": i}
                for i, s in enumerate(seats)
            },
            "ships": {s["id"]: {} for s in seats},
            "class": "I",
            "round": 0,
        }

    def fold(self, state, event):
        kind, seat, data = event["type"], event.get("seat"), event.get("data") or {}
        state["round"] = event.get("round") or state["round"]
        cars, ships = state["cars"], state["ships"]
        if kind == "game_started":
            state["starts"] = {
                p["id"]: START_CABIN_OF[p["colour"]] for p in data["players"] if p["id"] in cars
            }
        elif kind == "round_started":
            state["class"] = data["ship_class"]
            start = BOARDS[data["ship_class"]].start
            for sid in ships:
                tile = state.get("starts", {}).get(sid, 34)
                ships[sid] = {f"{start[0]},{start[1]}": [tile, 0, 0, None, 0, []]}
                cars[sid]["space"] = f"ship{cars[sid]['index']}"
                cars[sid]["where"] = _("building")
        elif kind == "rockets_placed":
            for sid, pos in data["positions"].items():
                if sid in cars:
                    cars[sid].update(space=f"d{pos % TRACK}", where=on_space(pos))
        elif seat in cars:
            self._fold_seat(cars[seat], ships[seat], kind, data)
        elif kind == "round_scored":
            for b in data["breakdowns"]:
                if b["player"] in cars:
                    cars[b["player"]]["credits"] = b["credits_after"]
        return state

    @staticmethod
    def _fold_seat(car, ship, kind, data):
        key = "{},{}".format(*data["cell"]) if isinstance(data.get("cell"), list) else None
        if kind == "tile_placed":
            ship[key] = [data["tile"], data["rot"], 0, None, 0, []]
        elif kind in ("tiles_removed", "fragment_kept", "reserve_forfeited"):
            gone = set(data.get("tiles") or data.get("lost_tiles") or [])
            for k in [k for k, v in ship.items() if v[0] in gone]:
                del ship[k]
        elif kind == "component_destroyed":
            ship.pop(key, None)
        elif kind == "crew_placed":
            for k, humans in data["humans_by_cell"].items():
                if k in ship:
                    ship[k][2] = humans
            for colour, c in data["aliens"].items():
                ship.setdefault("{},{}".format(*c), [0, 0, 0, None, 0, []])[3] = colour
        elif kind == "batteries_loaded":
            for v in ship.values():
                if v[0] and TILES[v[0]].kind == "battery":
                    v[4] = TILES[v[0]].capacity
        elif kind == "battery_spent" and key in ship:
            ship[key][4] = data["remaining"]
        elif kind == "crew_lost" and key in ship:
            ship[key][2] -= data.get("humans") or 0
            if data.get("alien"):
                ship[key][3] = None
        elif kind == "alien_lost" and key in ship:
            ship[key][3] = None
        elif kind == "cargo_arranged":
            for v in ship.values():
                v[5] = []
            for hold in data["assignment"]:
                k = "{},{}".format(*hold["cell"])
                if k in ship:
                    ship[k][5] = list(hold["goods"])
        elif kind == "goods_lost":
            for col, row, lost in data["goods_by_cell"]:
                v = ship.get(f"{col},{row}")
                for good in lost if v else []:
                    if good in v[5]:
                        v[5].remove(good)
            for col, row, count in data["batteries_by_cell"]:
                if f"{col},{row}" in ship:
                    ship[f"{col},{row}"][4] -= count
        elif kind == "ship_moved":
            car.update(space=f"d{data['to'] % TRACK}", where=on_space(data["to"]))
        elif kind == "player_gave_up":
            car.update(space=f"ship{car['index']}", where=_("gave up"))
        elif kind == "credits_gained":
            car["credits"] = car.get("credits", 0) + data["amount"]

    def drawing(self, config):
        shapes: list[dict] = []
        anchors: dict[str, list[float]] = {}
        for day in range(TRACK):
            x, y = _loop_point(day)
            anchors[f"d{day}"] = [x, y]
            shapes.append({"kind": "space", "x": x, "y": y, "style": "start" if day == 0 else ""})
        shapes.append({"kind": "label", "x": 60, "y": 60, "text": _("Start")})
        shapes.append({"kind": "label", "x": 450, "y": 100, "text": _("Flight board: 40 days")})
        return {
            "width": WIDTH,
            "height": LOOP_HEIGHT,
            "title": _("Galaxy Trucker: the flight board and the ships"),
            "shapes": shapes,
            "anchors": anchors,
        }

    def scene(self, config, state, people, active=None):
        """The flight loop with the rockets, every ship below it with each
        tile drawn as the piece it is (pictures.py), and the legend."""
        board = self.drawing(config)
        shapes, anchors = list(board["shapes"]), dict(board["anchors"])
        ship_class = state.get("class") or _live_class(state) or "I"
        board_class = BOARDS.get(ship_class, BOARDS["I"])
        ships = state.get("ships") or _live_ships(state)
        seats = sorted(state["cars"].items(), key=lambda item: item[1].get("index", 0))
        origins, height = ship_layout(ship_class, len(seats))
        for (seat, car), origin in zip(seats, origins, strict=False):
            name = people.get(seat, {}).get("name", "")
            anchors[f"ship{car.get('index', 0)}"] = [origin[0] - 10, origin[1] - 14]
            shapes.append(
                {
                    "kind": "label",
                    "x": origin[0] + 6,
                    "y": origin[1] - 14,
                    "anchor": "start",
                    "text": _("%(name)s: %(credits)s")
                    % {"name": name, "credits": credits(car.get("credits", 0))},
                }
            )
            shapes += ship_shapes(origin, board_class, ships.get(seat) or {})
        top = LOOP_HEIGHT + height + 10
        drawn, legend_height = legend(20, top, WIDTH - 40)
        shapes += drawn
        cars = [
            {
                "seat": seat,
                "place": car.get("space"),
                "active": seat == active,
                "out": False,
                **people[seat],
                "colour": people[seat].get("colour") or CAR_COLOURS[car.get("index", 0)],
            }
            for seat, car in state["cars"].items()
            if seat in people
        ]
        drawing = {**board, "height": top + legend_height + 10, "shapes": shapes}
        return place_tokens({**drawing, "anchors": anchors}, cars)

    def car_facts(self, car):
        facts = [(_("Credits"), str(car.get("credits", 0)))]
        if car.get("where"):
            facts.append((_("Flight"), car["where"]))
        return facts


def ship_shapes(origin, board, ship: dict) -> list[dict]:
    """One ship board: its buildable cells, and each tile on it as drawn by
    pictures.py with what it carries. `ship` maps "col,row" to [tile, rot,
    humans, alien, batteries, goods] (the scene's state)."""
    shapes, tiles = [], []
    for col, row in sorted(board.cells):
        x, y = cell_xy(origin, board, col, row)
        shapes.append({"kind": "square", "x": x + 1, "y": y + 1, "w": CELL - 2, "h": CELL - 2,
                       "style": "cell"})  # fmt: skip
    for key, (tile, rot, humans, alien, tokens, goods) in sorted(ship.items()):
        if not tile:
            continue
        col, row = (int(v) for v in key.split(","))
        x, y = cell_xy(origin, board, col, row)
        tiles += tile_shapes(tile, rot, x, y, CELL, (humans, alien, tokens, goods))
    return shapes + merged(tiles)


def _live_class(state) -> str | None:
    return next((c.get("ship_class") for c in state["cars"].values() if c.get("ship_class")), None)


def _live_ships(state) -> dict:
    """The ships of a live table's progress (GT-LOG-04 rows in each car) in
    the scene's state form."""
    return {
        seat: {
            f"{col},{row}": [tile, rot, humans, alien, batteries, list(goods)]
            for tile, col, row, rot, _seq, humans, alien, batteries, goods in car.get("ship") or []
        }
        for seat, car in state["cars"].items()
    }
