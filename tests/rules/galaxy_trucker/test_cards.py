"""Adventure cards on a scripted table (GT-CRD-…, GT-TST-19..22, 28..37)."""

from races.rules import Action
from races.rules.galaxy_trucker.rules.adventures import resolve
from races.rules.galaxy_trucker.rules.cards import CARDS
from races.rules.galaxy_trucker.rules.damage import goods_loss_problem, lose_goods

from .table import Table, declare, ship

SINGLE_CANNONS = [88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99]


def gunship(firepower: int, engines: int = 1) -> object:
    """A class III ship with `firepower` single cannons facing forward."""
    cells = [(c, 8) for c in range(3, 12)] + [(c, 9) for c in (3, 4, 6)]
    spec = " ".join(
        f"{t}@{c},{r}/0" for t, (c, r) in zip(SINGLE_CANNONS[:firepower], cells, strict=False)
    )
    spec += " " + " ".join(f"{64 + k}@{5 + k},6/0" for k in range(engines))
    return ship(spec, "III")


def play(table: Table, card_id: str, answers=None):
    table.run(resolve(table.state, table.chance, table.emit, CARDS[card_id]), answers)


def test_smugglers_tie_passes_the_enemy_on():
    """GT-TST-19, GT-CRD-EN-01."""
    t = Table({"a": gunship(4), "b": gunship(5), "c": gunship(9)}, {"a": 12, "b": 10, "c": 8})
    t.by["b"].ship.place(16, (7, 5), 0)  # a cargo hold for the reward
    play(t, "I-02", lambda ask: Action("accept") if ask.kind == "accept" else None)
    outcomes = [(e["seat"], e["result"]) for e in t.of("enemy_outcome")]
    assert outcomes == [("a", "tied"), ("b", "won")]
    assert t.of("goods_gained")[0]["goods"] == ["Y", "G", "B"]
    assert t.by["b"].pos == 9 and t.by["a"].pos == 12


def test_losing_goods_takes_the_most_valuable_then_batteries():
    """GT-TST-20, GT-CGO-04."""
    t = Table({"a": ship("60@7,6/0 22@6,7/0 1@8,7/0")}, {"a": 5})
    hold, special = t.by["a"].ship.cells[(6, 7)], t.by["a"].ship.cells[(7, 6)]
    special.goods, hold.goods = ["R"], ["Y", "B"]
    t.by["a"].ship.cells[(8, 7)].goods = []
    t.run(lose_goods(t.state, t.emit, t.by["a"], 2))
    assert t.by["a"].ship.goods() == ["B"]
    assert t.state.supply["R"] == 13 and t.state.supply["Y"] == 18
    t.run(lose_goods(t.state, t.emit, t.by["a"], 3))
    assert t.by["a"].ship.goods() == [] and t.by["a"].ship.tokens() == 0


def test_the_owner_chooses_the_hold_when_the_colour_is_in_several():
    """GT-CGO-04, GT-API-02 F9/F10."""
    t = Table({"a": ship("22@6,7/0 23@8,7/0 1@7,6/0 2@7,8/0")}, {"a": 5})
    s = t.by["a"].ship
    s.cells[(6, 7)].goods, s.cells[(8, 7)].goods = ["Y"], ["Y", "B"]
    pick = Action("lose_goods", {"goods": [[8, 7]], "batteries": []})
    t.run(lose_goods(t.state, t.emit, t.by["a"], 1), lambda ask: pick)
    assert t.asked[0].kind == "choose_goods_loss"
    assert s.cells[(6, 7)].goods == ["Y"] and s.cells[(8, 7)].goods == ["B"]
    wrong = Action("lose_goods", {"goods": [[8, 7]], "batteries": []})
    t2 = Table({"a": ship("22@6,7/0 23@8,7/0")}, {"a": 5})
    t2.by["a"].ship.cells[(6, 7)].goods = ["R"]
    t2.by["a"].ship.cells[(8, 7)].goods = ["Y"]
    assert "most valuable" in (goods_loss_problem(t2.by["a"].ship, ["R"], 0, wrong) or "")


def test_a_beaten_enemy_leaves():
    """GT-TST-21, GT-CRD-EN-02."""
    t = Table({"a": gunship(7), "b": gunship(2)}, {"a": 10, "b": 8})
    play(t, "I-01", lambda ask: Action("decline") if ask.kind == "accept" else None)
    assert [e["seat"] for e in t.of("enemy_outcome")] == ["a"]
    assert t.by["a"].credits == 0 and t.by["a"].pos == 10 and t.by["b"].ship.crew() == 2


def test_pirates_fire_one_roll_per_shot_at_every_defeated_ship():
    """GT-TST-22, GT-CRD-PI-02."""
    t = Table(
        {"a": gunship(3), "b": gunship(4), "c": gunship(5)},
        {"a": 12, "b": 10, "c": 8},
        dice=[(1, 1), (1, 1), (1, 1)],
    )
    play(t, "I-03")
    assert [(e["seat"], e["result"]) for e in t.of("enemy_outcome")] == [
        ("a", "lost"), ("b", "lost"), ("c", "tied")]  # fmt: skip
    rolls = t.of("dice_rolled")
    assert len(rolls) == 3 and {r["roller"] for r in rolls} == {"a"}
    assert [e["seat"] for e in t.of("hit_resolved")] == ["a", "b"] * 3
    assert all(p.credits == 0 for p in t.players)


def test_planets_load_in_order_and_move_rear_first():
    """GT-TST-30, GT-CRD-PL-01..03."""
    t = Table({"a": ship(), "b": ship("16@7,6/0"), "c": ship()}, {"a": 12, "b": 10, "c": 8})
    refused = []

    def answers(ask):
        if ask.kind == "choose_planet" and ask.seat == "a":
            return Action("land", {"planet": 1})
        if ask.kind == "choose_planet" and ask.seat == "b":
            refused.append(ask.check(Action("land", {"planet": 1})))
            return Action("land", {"planet": 3})
        if ask.kind == "choose_planet":
            return Action("stay")
        return None

    play(t, "I-13", answers)
    assert refused and "nobody has landed" in refused[0]
    assert t.of("cargo_arranged", "a")[0]["discarded"] == ["R", "R"]
    assert t.by["b"].ship.goods() == ["Y"]
    assert (t.by["a"].pos, t.by["b"].pos, t.by["c"].pos) == (10, 7, 8)


def test_open_space_moves_in_player_order_and_changes_the_lead():
    """GT-TST-31, GT-CRD-OS-01."""
    t = Table({"a": ship("66@7,8/0"), "b": ship("66@6,8/0 67@7,8/0 68@8,8/0")}, {"a": 10, "b": 8})
    play(t, "I-05")
    assert (t.by["a"].pos, t.by["b"].pos) == (11, 12)


def test_open_space_with_no_power_gives_up():
    """GT-TST-32, GT-CRD-OS-03, GT-AMB-35."""
    t = Table({"c": ship("81@7,8/0 1@6,7/0")}, {"c": 5})
    play(t, "I-05", lambda ask: declare())
    assert t.by["c"].pos is None and t.by["c"].gave_up["reason"] == "open_space_zero"


def test_abandoned_ship_can_empty_a_ship():
    """GT-TST-33, GT-CRD-ASH-01, GT-AMB-19."""
    t = Table({"a": ship(), "b": ship("40@6,7/0"), "c": ship()}, {"a": 12, "b": 10, "c": 8})
    t.by["b"].ship.cells[(6, 7)].humans = 1
    t.by["c"].ship.cells[(7, 7)].humans = 8
    play(t, "I-17", lambda ask: Action("accept") if ask.kind == "accept" else None)
    assert [a.seat for a in t.asked] == ["b"]
    assert t.by["b"].ship.crew() == 0 and t.by["b"].credits == 4 and t.by["b"].pos == 9
    assert t.asked[0].prompt == "Give 3 crew for 4 credits and 1 day?"  # one day, not "1 days"


def test_abandoned_station_gives_goods_without_crew_loss():
    """GT-TST-34, GT-CRD-AST-01."""
    t = Table(
        {"a": ship(), "b": ship("40@6,7/0 16@7,6/0"), "c": ship("40@6,7/0")},
        {"a": 12, "b": 10, "c": 8},
    )
    t.by["a"].ship.cells[(7, 7)].humans = 4
    t.by["b"].ship.cells[(6, 7)].humans = 4
    t.by["c"].ship.cells[(6, 7)].humans = 6
    play(t, "I-19", lambda ask: Action("accept") if ask.kind == "accept" else None)
    assert [a.seat for a in t.asked if a.kind == "accept"] == ["b"]
    assert sorted(t.by["b"].ship.goods()) == ["G", "Y"] and t.by["b"].ship.crew() == 6
    assert t.by["b"].pos == 9
    assert t.asked[0].prompt == "Take the station's goods for 1 day?"


def test_stardust_moves_rear_first():
    """GT-TST-35, GT-CRD-SD-01."""
    t = Table({"a": ship("25@7,6/0"), "b": ship("40@6,7/0")}, {"a": 10, "b": 8})
    a, b = t.by["a"].ship.exposed(), t.by["b"].ship.exposed()
    play(t, "I-04")
    assert [e["seat"] for e in t.of("ship_moved")] == ["b", "a"]
    assert t.by["b"].pos < 8 and t.by["a"].pos < 10 and (a, b) != (0, 0)


def test_epidemic_hits_every_joined_occupied_cabin():
    """GT-TST-36, GT-CRD-EP-01."""
    t = Table({"a": ship("40@6,7/0 39@5,7/180 43@9,9/0", "II")}, {"a": 3}, number=2)
    assert t.by["a"].ship.crew() == 8
    play(t, "II-05")
    assert t.by["a"].ship.crew() == 5
    pairs = Table({"a": ship("40@6,7/0 39@5,7/180 43@9,9/0", "II")}, {"a": 3},
                  {"epidemic_mode": "per_pair"}, number=2)  # fmt: skip
    play(pairs, "II-05")
    assert pairs.by["a"].ship.crew() == 6


def test_sabotage_rolls_column_then_row_up_to_three_times():
    """GT-TST-37, GT-CRD-SB-02/03."""
    b_ship = ship("40@8,7/0", "III")
    t = Table(
        {"a": ship("40@6,7/0", "III"), "b": b_ship, "c": ship("", "III")},
        {"a": 20, "b": 15, "c": 10},
        dice=[(6, 6), (1, 2), (4, 4), (3, 4)],
        number=3,
    )
    t.by["a"].ship.cells[(6, 7)].humans = 3
    t.by["b"].ship.cells[(8, 7)].humans = 0
    t.by["c"].ship.cells[(7, 7)].humans = 2
    play(t, "III-04")
    assert {r["roller"] for r in t.of("dice_rolled")} == {"b"}
    assert len(t.of("dice_rolled")) == 4
    assert (8, 7) not in t.by["b"].ship.cells


def test_sabotage_that_hits_only_empty_cells_does_nothing():
    """GT-TST-37 (last sentence), GT-CRD-SB-03: three misses and the card ends."""
    t = Table(
        {"a": ship("40@6,7/0", "III"), "b": ship("", "III")},
        {"a": 20, "b": 15},
        dice=[(6, 6), (1, 2), (1, 1), (6, 6), (2, 1), (5, 6)],
        number=3,
    )
    t.by["a"].ship.cells[(6, 7)].humans = 3
    before = {seat: dict(t.by[seat].ship.cells) for seat in "ab"}
    play(t, "III-04")
    assert {r["roller"] for r in t.of("dice_rolled")} == {"b"}
    assert len(t.of("dice_rolled")) == 6
    assert {seat: dict(t.by[seat].ship.cells) for seat in "ab"} == before
    assert t.by["b"].ship.lost == [] and t.of("tiles_removed") == []


def test_combat_zone_and_sabotage_need_two_ships():
    """GT-TST-29, GT-CRD-CZ-01, GT-CRD-SB-01."""
    t = Table({"a": ship()}, {"a": 4})
    play(t, "I-16")
    play(t, "III-04")
    assert t.of("line_penalty") == [] and t.of("dice_rolled") == []


def test_combat_zone_ties_go_to_the_ship_ahead():
    """GT-TST-28, GT-CRD-CZ-02..04."""
    a = ship("40@6,7/0 66@6,8/0 67@7,8/0 88@5,7/0")
    b = ship("40@6,7/0 66@5,8/0 67@6,8/0 68@7,8/0 88@5,7/0")
    for s in (a, b):
        s.cells[(6, 7)].humans = 2
    t = Table({"a": a, "b": b}, {"a": 10, "b": 8}, dice=[(3, 4), (3, 4)])
    play(t, "I-16")
    lines = [(e["line"], e["seat"]) for e in t.of("line_penalty")]
    assert lines == [(1, "a"), (2, "a"), (3, "b")]
    assert t.by["a"].ship.crew() == 2
    assert {r["roller"] for r in t.of("dice_rolled")} == {"b"}


def test_meteor_swarm_uses_one_roll_for_every_ship():
    """GT-HIT-06, GT-CRD-MS-01."""
    t = Table({"a": ship("88@7,6/0"), "b": ship("22@7,6/0")}, {"a": 10, "b": 8},
              dice=[(3, 4), (3, 4), (3, 4)])  # fmt: skip
    play(t, "I-11")
    assert len(t.of("dice_rolled")) == 3
    assert [e["seat"] for e in t.of("hit_resolved")] == ["a", "b"] * 3
