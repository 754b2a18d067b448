"""Galaxy Trucker's board (the presentation's board part,
races/rules/face/board.py): the 40-day flight loop with every rocket on it,
and every ship as a grid of tiles with their connectors, crew, batteries
and goods, moved along the log without re-running the rules."""

from __future__ import annotations

from ...face.board import Board
from ...face.drawing import CAR_COLOURS, place_tokens
from ...speech import _
from ..rules.flight import TRACK
from ..rules.tiles import BOARDS, START_CABIN_OF, STEP, TILES, shown_all

WIDTH, HEIGHT = 900, 470
CELL = 22
SHORT = {
    "start_cabin": "C",
    "cabin": "C",
    "structure": "+",
    "battery": "B",
    "cargo": "H",
    "special_cargo": "SH",
    "engine": "E",
    "double_engine": "2E",
    "cannon": "K",
    "double_cannon": "2K",
    "shield": "S",
    "life_support_brown": "LB",
    "life_support_purple": "LP",
}


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


def _ship_origin(index: int) -> tuple[float, float]:
    return 12 + index * 222, 215


def _cell_xy(index: int, col: int, row: int) -> tuple[float, float]:
    x0, y0 = _ship_origin(index)
    return x0 + (col - 3) * CELL, y0 + (row - 3) * CELL


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
        for index in range(4):
            x0, y0 = _ship_origin(index)
            anchors[f"ship{index}"] = [x0 + 100, y0 - 12]
        return {
            "width": WIDTH,
            "height": HEIGHT,
            "title": "Galaxy Trucker",
            "shapes": shapes,
            "anchors": anchors,
        }

    def scene(self, config, state, people, active=None):
        board = self.drawing(config)
        shapes = list(board["shapes"])
        ships = state.get("ships") or {}
        board_class = BOARDS.get(state.get("class") or "I", BOARDS["I"])
        for seat, car in state["cars"].items():
            index = car.get("index", 0)
            name = people.get(seat, {}).get("name", "")
            x0, y0 = _ship_origin(index)
            shapes.append(
                {
                    "kind": "label",
                    "x": x0 + 100,
                    "y": y0 - 28,
                    "text": _("%(name)s: %(credits)d credits")
                    % {"name": name, "credits": car.get("credits", 0)},
                }
            )
            for col, row in sorted(board_class.cells):
                x, y = _cell_xy(index, col, row)
                shapes.append(
                    {
                        "kind": "square",
                        "x": x,
                        "y": y,
                        "w": CELL - 2,
                        "h": CELL - 2,
                        "style": "cell",
                    }
                )
            for key, (tile, rot, humans, alien, tokens, goods) in sorted(
                (ships.get(seat) or {}).items()
            ):
                if not tile:
                    continue
                col, row = (int(v) for v in key.split(","))
                shapes.extend(
                    _tile_shapes(index, col, row, tile, rot, humans, alien, tokens, goods)
                )
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
        return place_tokens({**board, "shapes": shapes}, cars)

    def car_facts(self, car):
        facts = [(_("Credits"), str(car.get("credits", 0)))]
        if car.get("where"):
            facts.append((_("Flight"), car["where"]))
        return facts


def _tile_shapes(index, col, row, tile, rot, humans, alien, tokens, goods) -> list[dict]:
    x, y = _cell_xy(index, col, row)
    kind = TILES[tile].kind
    style = "tile-" + kind.replace("_", "-")
    text = SHORT[kind]
    if humans:
        text += str(humans)
    if alien:
        text = "A" + alien[0].upper()
    if tokens:
        text += str(tokens)
    if goods:
        text += "".join(goods)
    out = [
        {"kind": "square", "x": x, "y": y, "w": CELL - 2, "h": CELL - 2, "style": style},
        {"kind": "label", "x": x + CELL / 2 - 1, "y": y + CELL / 2 - 1, "text": text},
    ]
    cx, cy = x + CELL / 2 - 1, y + CELL / 2 - 1
    for side, value in enumerate(shown_all(tile, rot)):
        if value:
            dx, dy = STEP[side]
            out.append(
                {
                    "kind": "line",
                    "style": f"connector-{value}",
                    "x1": cx + dx * (CELL / 2 - 4),
                    "y1": cy + dy * (CELL / 2 - 4),
                    "x2": cx + dx * (CELL / 2),
                    "y2": cy + dy * (CELL / 2),
                }
            )
    return out
