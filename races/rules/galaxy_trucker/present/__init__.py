"""What a page shows of Galaxy Trucker (the presentation contract): the
capabilities, the session config, every event in words (words.py), the
scene (the 40-day flight loop and every ship as a grid of tiles with their
connectors, crew, batteries and goods) and the result columns."""

from __future__ import annotations

from ...contract import Action
from ...drawing import CAR_COLOURS, place_tokens
from ...presentation import FINISHED, Capabilities, Column, Presentation, SessionFacts
from ...speech import _
from ..option_words import OPTION_TEXTS
from ..options import TRACKS
from ..rules.flight import TRACK
from ..rules.tiles import BOARDS, START_CABIN_OF, STEP, TILES, shown_all
from .panels import DECISION_WORDS, grid, gt_panel
from .words import WORDS

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


def _rounds(value) -> str:
    if not value:
        return ""
    return ", ".join(
        (
            _("round %(round)d: %(change)+d")
            if r["arrived"]
            else _("round %(round)d: %(change)+d (gave up)")
        )
        % {"round": r["round"], "change": r["credits_after"] - r["credits_before"]}
        for r in value
    )


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


class GalaxyTruckerPresentation(Presentation):
    game_key = "galaxy_trucker"
    option_texts = OPTION_TEXTS
    step_openers = frozenset(
        {
            "round_started",
            "tick_started",
            "ship_checked",
            "rockets_placed",
            "card_revealed",
            "round_scored",
            "game_ended",
        }
    )
    round_openers = frozenset({"round_scored"})
    finish_types = frozenset()
    out_types = frozenset()
    end_types = frozenset({"game_ended"})
    words = WORDS

    def capabilities(self, rules):
        return Capabilities(
            min_seats=2,
            max_seats=4,  # GT-CMP-14
            modes=("race",),
            bots=(
                ("random", _("Random (for testing)")),
                ("rookie", _("Rookie")),
                ("pro", _("Pro")),
            ),
            autopilots=(("rookie", _("Rookie")), ("pro", _("Pro"))),
            statuses=(FINISHED,),
            team_race_option="team_race",  # GT-VAR-04
            result_columns=(
                Column("credits", _("Credits"), lambda v: "" if v is None else str(v)),
                Column("rounds", _("Rounds"), _rounds),
            ),
            live_columns=(
                Column("credits", _("Credits"), lambda v: "" if v is None else str(v)),
                Column("where", _("Flight"), lambda v: v or ""),
            ),
        )

    def engine_config(self, rules, round_options, *, track, laps, facts: SessionFacts):
        config = {**rules, **round_options, "track": track if track in TRACKS else "standard"}
        if laps and 1 <= laps <= 3:
            config["laps"] = laps  # GT-VAR-01: a short game of 1 or 2 rounds
        # GT-TBB-12: people build together, so nobody waits tile by tile for
        # the other builders; bots alone build one after the other
        config["build_mode"] = "simultaneous" if facts.people else "sequential"
        return config

    decision_words = DECISION_WORDS

    def panel(self, decision, view, *, legal):
        """Building on the ship's grid, flight decisions as forms in words (panels.py)."""
        return gt_panel(decision, view, legal)

    def missed_deadline(self, decision, view):
        """GT-API-03: a missed deadline applies the decision's default (PASS
        for a building step, BasicBot's choice in flight), logged as defaulted."""
        if decision.default is None:
            return None
        return Action(decision.default.kind, {**decision.default.params, "defaulted": True})

    # --- the scene --------------------------------------------------------

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

    def board(self, config):
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
        board = self.board(config)
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

    def result_pictures(self, config, events, people):
        """Every ship as it was built, round by round: each ship as it took
        off (after the structural check), a grid of its tiles and connectors."""
        seats = [{"id": seat} for seat in people]
        state = self.board_state(seats, config)
        pictures = []
        for event in events:
            state = self.fold(state, event)
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

    def car_facts(self, car):
        facts = [(_("Credits"), str(car.get("credits", 0)))]
        if car.get("where"):
            facts.append((_("Flight"), car["where"]))
        return facts

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


PRESENTATION = GalaxyTruckerPresentation()
