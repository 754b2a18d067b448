"""Meteors, shots and damage (GT-HIT-01..09, GT-DMG-01..04, GT-TST-23..27)."""

from races.rules import Action
from races.rules.galaxy_trucker.rules.hits import strike

from .table import Table, ship


def hit(t, seat, source, size, side, line, answers=None):
    t.run(strike(t.state, t.emit, t.by[seat], source, size, side, line), answers)
    return t.of("hit_resolved")[-1]["outcome"]


def test_a_small_meteor_bounces_off_a_smooth_side():
    """GT-TST-23 X, GT-HIT-03."""
    t = Table({"a": ship("88@7,6/0")}, {"a": 1})
    assert hit(t, "a", "meteor", "small", "N", 7) == "bounced"
    assert t.asked == []


def test_a_small_meteor_on_a_connector_can_be_deflected_by_a_shield():
    """GT-TST-23 Y, GT-HIT-03/04."""
    t = Table({"a": ship("22@7,6/0 116@8,7/0 1@6,7/180")}, {"a": 1})
    assert hit(t, "a", "meteor", "small", "N", 7) == "deflected"
    assert t.asked[0].kind == "defend" and t.by["a"].ship.cells[(6, 7)].batteries == 1
    t2 = Table({"a": ship("22@7,6/0 116@8,7/0 1@6,7/180")}, {"a": 1})
    assert hit(t2, "a", "meteor", "small", "N", 7, lambda ask: Action("take_hit")) == "destroyed"
    assert t2.by["a"].ship.lost == [22]


def test_a_large_meteor_is_shot_down_by_a_single_cannon_for_free():
    """GT-TST-24, GT-HIT-05."""
    t = Table({"a": ship("88@7,6/0")}, {"a": 1})
    assert hit(t, "a", "meteor", "large", "N", 7) == "shot_down"
    assert t.asked == []
    d = Table({"a": ship("123@7,6/0 1@6,7/180")}, {"a": 1})
    assert hit(d, "a", "meteor", "large", "N", 7) == "shot_down"
    assert d.by["a"].ship.tokens() == 1
    empty = Table({"a": ship("123@7,6/0")}, {"a": 1})
    assert hit(empty, "a", "meteor", "large", "N", 7) == "destroyed"
    assert empty.by["a"].ship.lost == [123]


def test_a_large_meteor_from_the_side_is_shot_from_an_adjacent_row():
    """GT-TST-25, GT-HIT-05, GT-HIT-01."""
    t = Table({"a": ship("40@6,7/0 89@5,7/270 66@7,8/0")}, {"a": 1})
    assert hit(t, "a", "meteor", "large", "W", 8) == "shot_down"
    assert hit(t, "a", "meteor", "large", "W", 9) == "missed"
    assert hit(t, "a", "meteor", "large", "W", 4) == "missed"


def test_a_destroyed_tile_can_split_the_ship():
    """GT-TST-26, GT-DMG-02/03."""
    t = Table({"a": ship("10@8,7/0 27@9,7/0")}, {"a": 1})
    assert hit(t, "a", "meteor", "large", "N", 8) == "destroyed"
    assert sorted(t.by["a"].ship.lost) == [10, 27]
    assert list(t.by["a"].ship.cells) == [(7, 7)]
    assert t.asked[0].kind == "keep_fragment"


def test_an_alien_dies_with_its_life_support():
    """GT-TST-27, GT-DMG-04."""
    t = Table({"a": ship("40@6,7/0 119@5,7/180")}, {"a": 1})
    cabin = t.by["a"].ship.cells[(6, 7)]
    cabin.humans, cabin.alien = 0, "brown"
    assert t.by["a"].ship.crew() == 3
    assert hit(t, "a", "meteor", "large", "W", 7) == "destroyed"
    assert t.of("alien_lost")[0]["colour"] == "brown"
    assert t.by["a"].ship.crew() == 2


def test_a_small_shot_destroys_whatever_its_connectors_and_a_large_one_always():
    """GT-HIT-07/08."""
    t = Table({"a": ship("88@7,6/0")}, {"a": 1})
    assert hit(t, "a", "shot", "small", "N", 7) == "destroyed"
    t2 = Table({"a": ship("88@7,6/0 116@8,7/0 1@6,7/180")}, {"a": 1})
    assert hit(t2, "a", "shot", "large", "N", 7) == "destroyed"
    assert t2.asked == []
