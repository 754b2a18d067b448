"""Galaxy Trucker by sight: every tile drawn as the piece it is (its
connectors as pipes, GT-DM-04; turned clockwise, GT-DM-03; the barrel, the
exhaust and the shield's arc on the sides they face, GT-DM-08; what it
carries, GT-DM-11), the ships drawn live and with a legend, and a tile in
hand offered only where the weld keeps every building rule (GT-DM-05,
GT-CHK-01, GT-CHK-04), a rule-breaking cell said in the rule's words."""

import random
import re

import pytest

from races.rules import Action, Decision
from races.rules.galaxy_trucker.present import PRESENTATION
from races.rules.galaxy_trucker.present.building_panels import resolve_panel
from races.rules.galaxy_trucker.present.pictures import LEGEND_TILES, legend, merged, tile_shapes
from races.rules.galaxy_trucker.rules.tiles import KIND_NAMES, TILES
from races.rules.galaxy_trucker.rules.welding import (
    LOOSE,
    check_losses,
    weld_breaches,
    weld_losses,
    welded,
)

from .table import ship

CENTRE = 20  # a tile drawn in the box (0, 0)-(40, 40)


def _shapes(tile, rot=0, contents=(0, None, 0, ())):
    return tile_shapes(tile, rot, 0, 0, 40, contents)


def _points(shape):
    return [tuple(float(v) for v in p.split(",")) for p in shape["points"].split()]


def _pipe_sides(shapes) -> list[int]:
    """How many pipes leave each side (front, right, rear, left)."""
    sides = [0, 0, 0, 0]
    for s in shapes:
        if s["kind"] == "line" and s["style"].startswith("pipe"):
            x, y = s["x2"], s["y2"]  # the pipe's outer end lies on the tile's edge
            side = 0 if y <= 0.5 else 2 if y >= 39.5 else 1 if x >= 39.5 else 3
            sides[side] += 1
    return sides


@pytest.mark.parametrize("tile", [1, 5, 35, 49, 66, 89, 115, 131])
@pytest.mark.parametrize("rot", [0, 1, 2, 3])
def test_each_side_shows_its_connector_as_so_many_pipes(tile, rot):
    """GT-DM-04: smooth bare, single one pipe, double two, universal three,
    on the side GT-DM-03 turns them to."""
    shown = [TILES[tile].conn[(side - rot) % 4] for side in range(4)]
    assert _pipe_sides(_shapes(tile, rot)) == shown


def test_a_universal_connector_is_drawn_apart_from_the_others():
    styles = {s["style"] for s in _shapes(31) if s["kind"] == "line"}
    assert styles == {"pipe universal"}
    assert {s["style"] for s in _shapes(37) if s["kind"] == "line"} == {"pipe"}


@pytest.mark.parametrize("rot,side", [(0, "front"), (1, "right"), (2, "rear"), (3, "left")])
def test_a_cannons_barrel_points_where_it_is_turned(rot, side):
    """GT-DM-08: the barrel on canonical N, turned with the tile."""
    barrel = [p for s in _shapes(89, rot) if s.get("style") == "barrel" for p in _points(s)]
    xs, ys = [x for x, _ in barrel], [y for _, y in barrel]
    far = {"front": min(ys) <= 0.5, "rear": max(ys) >= 39.5, "right": max(xs) >= 39.5,
           "left": min(xs) <= 0.5}  # fmt: skip
    assert far[side] and sum(far.values()) == 1


def test_an_engines_exhaust_points_to_the_rear_and_a_double_has_two():
    exhausts = [s for s in _shapes(66) if s.get("style") == "exhaust"]
    assert len(exhausts) == 1 and max(y for _, y in _points(exhausts[0])) >= 39.5
    assert len([s for s in _shapes(81) if s.get("style") == "exhaust"]) == 2
    assert len([s for s in _shapes(123) if s.get("style") == "barrel"]) == 2


def test_a_shields_arc_covers_the_front_and_the_right_as_printed():
    arc = next(s for s in _shapes(115) if s.get("style") == "shield-arc")
    xs, ys = [x for x, _ in _points(arc)], [y for _, y in _points(arc)]
    assert max(xs) > CENTRE + 10 and min(ys) < CENTRE - 10  # along the right and the front
    turned = next(s for s in _shapes(115, 2) if s.get("style") == "shield-arc")
    assert max(y for _, y in _points(turned)) > CENTRE + 10  # now the rear and the left


def test_what_a_tile_carries_is_drawn():
    """GT-DM-11: crew and an alien in a cabin, charges, goods by colour."""
    cabin = _shapes(35, 0, (2, None, 0, ()))
    assert len([s for s in cabin if s.get("style") == "human"]) == 2
    alien = _shapes(35, 0, (0, "purple", 0, ()))
    assert [s["style"] for s in alien if s.get("style", "").startswith("alien")] == ["alien purple"]
    battery = [s["style"] for s in _shapes(10, 0, (0, None, 2, ()))
               if s.get("style", "").startswith("charge")]  # fmt: skip
    assert battery == ["charge", "charge", "charge spent"]  # 2 of 3
    hold = [s["style"] for s in _shapes(22, 0, (0, None, 0, ["R"])) if "good" in s.get("style")]
    assert hold == ["good-red", "good-empty"]


def test_the_legend_names_every_kind_and_connector():
    kinds = {TILES[t].kind for t, _words in LEGEND_TILES}
    assert kinds == set(KIND_NAMES)
    shapes, height = legend(0, 0, 860)
    words = [s["text"] for s in shapes if s["kind"] == "label"]
    assert "Legend" in words and any("universal connector" in w for w in words)
    assert height > 0


def _resolve(built, tile):
    car = {"seat": "a", "ship_class": "I", "ship": built.to_view()}
    legal = [Action("place", {"cell": [c, r], "rot": rot})
             for c, r in built.open_cells() for rot in range(4)] + [Action("return")]  # fmt: skip
    decision = Decision("a", "resolve_tile", "", {"tile": tile, "from": "pool"})
    return resolve_panel(decision, {"cars": [car]}, legal)


def test_an_engine_is_offered_behind_the_cabin_and_refused_in_front_with_the_rule():
    """GT-DM-05/09: engine 66 (a single connector in front) joins the
    starting cabin from behind, as drawn; in front of it, its smooth rear
    meets a universal connector and its exhaust is blocked."""
    panel = _resolve(ship(), 66)
    by_place = {(c["cell"], c["grid"]): c for c in panel["choices"] if "cell" in c}
    behind, ahead = by_place[("7,8", 0)], by_place[("7,6", 0)]
    assert not behind["danger"] and "next to the starting cabin in front of it" in behind["label"]
    assert ahead["danger"]
    said = " ".join(ahead["details"])
    assert "smooth side would meet the universal connector" in said
    assert "The cell behind an engine must stay empty" in said
    assert "The structural check would remove this tile." in said
    # a turned engine is never offered (V2)
    assert all(c["danger"] for (cell, turn), c in by_place.items() if turn != 0)
    assert panel["grids"][0]["offered"] == sum(
        1 for (cell, turn), c in by_place.items() if turn == 0 and not c["danger"]
    )


def test_a_tile_touching_only_with_smooth_sides_would_come_loose():
    """GT-CHK-04: a cannon beside an engine's smooth side is joined to
    nothing; the check would take it off (it is kept by the part with
    the crew)."""
    built = ship("66@7,8")  # an engine behind the cabin: smooth right, rear and left
    assert [b["code"] for b in weld_breaches(built, 89, (8, 8), 0)] == [LOOSE]
    assert weld_losses(built, 89, (8, 8), 0) == [(8, 8)]
    panel = _resolve(built, 89)
    loose = next(c for c in panel["choices"] if c.get("cell") == "8,8" and c["grid"] == 0)
    assert loose["danger"] and "come loose at the check" in " ".join(loose["details"])


def test_offered_welds_keep_every_rule_and_lose_nothing():
    """Property: over random ships, a weld the panel offers (no breach)
    leaves a ship the structural check accepts whole, in one part."""
    rng = random.Random(24)
    for _trial in range(60):
        built = ship(crew=False)
        pool = rng.sample([t for t in TILES if TILES[t].kind != "start_cabin"], 10)
        for tile in pool[: rng.randint(1, 10)]:  # each tile once, as in the game
            offered = [(cell, rot) for cell in built.open_cells() for rot in range(4)
                       if not weld_breaches(built, tile, cell, rot)]  # fmt: skip
            if not offered:
                continue
            cell, rot = rng.choice(offered)
            assert weld_losses(built, tile, cell, rot) == []
            built.place(tile, cell, rot)
            assert built.violations() == [] and len(built.fragments()) == 1


def test_the_live_table_draws_every_ship_as_it_grows():
    """The progress of a live game carries each ship; the scene draws its tiles."""
    built = ship("66@7,8 89@8,7/90")
    view = {"round": 1, "rounds": [1, 2, 3], "phase": "build",
            "hourglass": {"pos": 1, "ticks_left": 4},
            "cars": [{"seat": "a", "credits": 0, "progress": -100, "pos": None,
                      "ship_class": "I", "ship": built.to_view()},
                     {"seat": "b", "credits": 0, "progress": -100, "pos": None,
                      "ship_class": "I", "ship": ship().to_view()}]}  # fmt: skip
    progress = PRESENTATION.tables.progress(view, [], False)
    assert progress["stage"] == "building the ships" and 0 < progress["percent"] < 50
    people = {"a": {"name": "Ann", "label": "1"}, "b": {"name": "Ben", "label": "2"}}
    scene = PRESENTATION.board.scene({}, {"cars": progress["cars"]}, people)
    bodies = sum(s["d"].count("M") for s in scene["shapes"] if "tile-body" in s.get("style", ""))
    assert bodies - len(LEGEND_TILES) == 4  # three tiles on Ann's ship, the cabin on Ben's
    exhaust = next(s for s in scene["shapes"] if s.get("style") == "exhaust")
    ys = [float(v) for v in re.findall(r"[\d.]+ ([\d.]+)", exhaust["d"])]
    assert ys and max(ys) < scene["height"]


def test_a_ships_pieces_are_drawn_as_few_paths_layer_by_layer():
    """Merged by style, pipes under bodies under features under contents,
    whatever order the tiles came in (a double engine after an engine)."""
    shapes = _shapes(66) + _shapes(81) + _shapes(35, 0, (2, None, 0, ()))
    paths = merged(shapes)
    assert all(p["kind"] == "path" for p in paths)
    styles = [p["style"] for p in paths]
    assert styles.index("tile-body kind-double-engine") < styles.index("exhaust")
    assert styles.index("pipe") < styles.index("tile-body kind-engine") < styles.index("human")
    assert sum(p["d"].count("M") for p in paths) == len(shapes)


def test_a_rule_breaking_weld_loses_the_new_tile_as_the_whole_check_would():
    """GT-CHK-03 takes the latest participant first: for a weld that breaks a
    rule of GT-CHK-01 the check takes the new tile off and no more, as the
    repair and the part kept (GT-CHK-04) worked out in full say."""
    rng = random.Random(3)
    asked = 0
    for _trial in range(40):
        built = ship(crew=False)
        pool = rng.sample([t for t in TILES if TILES[t].kind != "start_cabin"], 8)
        for tile in pool[: rng.randint(0, 8)]:  # each tile once, as in the game
            cell, rot = rng.choice(built.open_cells()), rng.randrange(4)
            breaches = weld_breaches(built, tile, cell, rot)
            if breaches and breaches[0]["code"] != LOOSE:
                before = set(check_losses(built))
                full = [c for c in check_losses(welded(built, tile, cell, rot)) if c not in before]
                assert weld_losses(built, tile, cell, rot) == full == [cell]
                asked += 1
            else:
                built.place(tile, cell, rot)
    assert asked > 20
