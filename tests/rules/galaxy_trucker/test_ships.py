"""Tiles, connectors, ship boards, the structural check and a ship's
measures (GT-DM, GT-CHK, GT-PWR, test scenarios GT-TST-01..03, 09..11, 16..18)."""

import pytest

from races.rules.galaxy_trucker.rules.damage import fragment_rank
from races.rules.galaxy_trucker.rules.tiles import BOARDS, TILES, meeting, shown_all

from .table import ship


def test_the_catalogue_has_144_tiles_of_the_listed_kinds():
    """GT-DM-10, GT-DM-04: composition and connector counts."""
    kinds = {}
    for t in TILES.values():
        kinds[t.kind] = kinds.get(t.kind, 0) + 1
    assert len(TILES) == 144
    assert kinds["cannon"] == 23 and kinds["engine"] == 19 and kinds["cabin"] == 16
    with_connectors = [sum(1 for v in t.conn if v) for t in TILES.values()]
    assert [with_connectors.count(k) for k in (1, 2, 3, 4)] == [31, 55, 38, 20]
    assert sum(t.capacity for t in TILES.values() if t.kind == "battery") == 36  # GT-CMP-15


def test_the_ship_boards_have_their_cells():
    """GT-DM-12."""
    assert [len(BOARDS[c].cells) for c in ("I", "II", "III", "IIIa")] == [18, 27, 36, 36]
    assert BOARDS["IIIa"].reserve == 0 and BOARDS["II"].reserve == 2


@pytest.mark.parametrize(
    "a,b,expected",
    [(1, 1, "joined"), (1, 2, "illegal"), (2, 3, "joined"), (3, 3, "joined"), (0, 0, "open"),
     (0, 3, "illegal"), (2, 2, "joined"), (1, 0, "illegal")],
)  # fmt: skip
def test_connectors_meet_by_the_table(a, b, expected):
    """GT-TST-01, GT-DM-05."""
    assert meeting(a, b) == expected


def test_rotation_turns_the_connectors_clockwise():
    """GT-TST-02, GT-DM-03."""
    assert shown_all(25, 1) == (1, 0, 0, 0)
    assert shown_all(39, 2) == (1, 3, 0, 0)


def test_placement_needs_a_ship_cell_an_empty_one_and_a_neighbour():
    """GT-TST-03, GT-TBB-05."""
    s = ship()
    assert "not part of the ship" in s.placement_problem((5, 5), 0)
    assert "touch a tile" in s.placement_problem((7, 5), 0)
    assert "already holds" in s.placement_problem((7, 7), 0)
    assert s.placement_problem((7, 6), 0) is None
    assert s.place(40, (7, 6), 0) == 1
    assert "already holds" in s.placement_problem((7, 6), 0)


def test_a_connector_mismatch_removes_the_later_tile():
    """GT-TST-09, GT-CHK-01 V1, GT-CHK-03."""
    s = ship("10@8,7/0 25@9,7/0")
    assert s.violations() == [{"code": "V1", "cells": [(8, 7), (9, 7)]}]
    assert s.default_repair() == [25]


def test_an_engine_turned_sideways_and_a_blocked_barrel_are_removed():
    """GT-TST-10, GT-CHK-01 V2 and V4."""
    a = ship("66@7,8/90")
    assert {v["code"] for v in a.violations()} >= {"V2", "V1"}
    assert a.default_repair() == [66]
    b = ship("88@7,6/0 25@7,5/180")
    assert {"code": "V4", "cells": [(7, 6), (7, 5)]} in b.violations()
    assert b.default_repair() == [25]


def test_a_loose_tile_is_a_second_fragment_and_the_cabins_decide():
    """GT-TST-11, GT-CHK-04, GT-DMG-03."""
    s = ship("39@7,6/0 25@8,6/180", crew=False)
    assert s.violations() == []
    parts = s.fragments()
    assert sorted(map(sorted, parts)) == [[(7, 6), (7, 7)], [(8, 6)]]
    kept = min(parts, key=lambda cells: fragment_rank(s, cells))
    assert sorted(kept) == [(7, 6), (7, 7)]


def test_engine_power_counts_doubles_switched_on_and_the_brown_alien():
    """GT-TST-16, GT-PWR-02."""
    s = ship("66@6,8/0 67@8,8/0 81@7,8/0 40@6,7/0 131@5,7/0")
    s.cells[(6, 7)].humans, s.cells[(6, 7)].alien = 0, "brown"
    assert s.engine_power(1) == 6 and s.engine_power(0) == 4
    lonely = ship("81@7,8/0")
    lonely.cells[(7, 7)].alien = "brown"
    assert lonely.max_engine_power() == 0  # no battery: GT-GUP-01 (b)


def test_firepower_counts_half_points_and_the_purple_alien():
    """GT-TST-17, GT-TST-18, GT-PWR-03/04."""
    s = ship("88@7,6/0 89@5,7/270 123@8,6/0 124@6,9/180")
    s.cells[(7, 7)].alien = "purple"
    doubles = [(8, 6), (6, 9)]
    assert s.firepower_hp(doubles) == 13  # 6.5
    assert s.firepower_hp([]) == 7  # 3.5
    bare = ship()
    bare.cells[(7, 7)].alien = "purple"
    assert bare.firepower_hp([]) == 0
