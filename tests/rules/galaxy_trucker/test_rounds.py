"""Flight preparation, movement, checkpoints, scoring and the finishing
order (GT-PRE, GT-MOV, GT-GUP, GT-SCR, GT-OUT; GT-TST-12..15, 38..45, 48, 50)."""

import pytest

from races.rules import Action, Seat
from races.rules.galaxy_trucker import GAME
from races.rules.galaxy_trucker.result import final_order
from races.rules.galaxy_trucker.rules.cargo import arrange_problem, receive
from races.rules.galaxy_trucker.rules.flight import checkpoint, move, preparation
from races.rules.galaxy_trucker.rules.scoring import score_round

from .table import Table, ship


def test_rockets_start_one_space_apart_or_by_the_published_gap():
    """GT-TST-12, GT-PRE-01, GT-AMB-03."""
    for spacing, number, expected in (("source", 1, [0, -2, -4, -6]),
                                      ("published", 3, [0, -4, -8, -12])):  # fmt: skip
        t = Table({k: ship() for k in "abcd"}, config={"start_spacing": spacing}, number=number)
        for token, p in enumerate(t.players, start=1):
            p.token = token
        t.state.stacks = [["I-05"], ["I-06"], ["III-06"], ["III-07"]]
        t.run(preparation(t.state, t.chance, t.emit, number))
        assert [p.pos for p in t.players] == expected


def test_moving_forward_jumps_an_occupied_space():
    """GT-TST-13, GT-MOV-02, GT-AMB-04."""
    t = Table({"a": ship(), "b": ship()}, {"a": 10, "b": 11})
    move(t.state, t.emit, t.by["a"], 2)
    assert t.by["a"].pos == 13
    s = Table({"a": ship(), "b": ship()}, {"a": 10, "b": 11}, {"movement": "slide"})
    move(s.state, s.emit, s.by["a"], 2)
    assert s.by["a"].pos == 12


def test_moving_back_jumps_occupied_spaces():
    """GT-TST-14."""
    t = Table({"a": ship(), "b": ship(), "c": ship()}, {"a": 12, "b": 11, "c": 10})
    move(t.state, t.emit, t.by["a"], -2)
    assert t.by["a"].pos == 8
    s = Table({"a": ship(), "b": ship(), "c": ship()}, {"a": 12, "b": 11, "c": 10},
              {"movement": "slide"})  # fmt: skip
    move(s.state, s.emit, s.by["a"], -2)
    assert s.by["a"].pos == 9


def test_a_lapped_ship_gives_up_at_the_checkpoint():
    """GT-TST-15, GT-GUP-01 (c)."""
    ships = {k: ship("66@7,8/0") for k in "abc"}
    t = Table(ships, {"a": 45, "b": 4, "c": 6})
    t.run(checkpoint(t.state, t.emit, final=True))
    assert t.by["b"].gave_up["reason"] == "lapped" and t.by["c"].pos == 6


def test_the_checkpoint_grounds_ships_without_crew_or_engines():
    """GT-TST-33 (next checkpoint), GT-TST-16, GT-TST-50, GT-GUP-01/04."""
    t = Table({"a": ship("66@7,8/0"), "b": ship("66@7,8/0"), "c": ship()}, {"a": 9, "b": 5, "c": 3})
    t.by["b"].ship.cells[(7, 7)].humans = 0
    t.run(checkpoint(t.state, t.emit, final=True))
    assert t.by["b"].gave_up["reason"] == "no_crew"
    assert t.by["c"].gave_up["reason"] == "no_engine_power"
    assert t.asked == []  # no voluntary give-up after the last card


def test_voluntary_give_up_is_asked_in_player_order():
    """GT-GUP-03."""
    t = Table({"a": ship("66@7,8/0"), "b": ship("66@7,8/0")}, {"a": 3, "b": 9})
    t.run(
        checkpoint(t.state, t.emit, final=False),
        lambda ask: Action("give_up") if ask.seat == "a" else None,
    )
    assert [a.seat for a in t.asked] == ["b", "a"]
    assert t.by["a"].gave_up["reason"] == "voluntary" and t.by["b"].pos == 9


def test_round_scoring_adds_rewards_sales_and_penalties():
    """GT-TST-38, GT-SCR-02..07, GT-OUT-02."""
    ships = {k: ship("60@7,6/0 61@6,7/0", "II") for k in "abc"}
    t = Table(ships, {"a": 20, "b": 15}, number=2)
    a, b, c = t.players
    a.ship.cells[(7, 6)].goods, a.ship.cells[(6, 7)].goods = ["R"], ["Y"]
    b.ship.cells[(7, 6)].goods, b.ship.cells[(6, 7)].goods = ["B"], ["B"]
    c.ship.cells[(7, 6)].goods, c.ship.cells[(6, 7)].goods = ["R"], ["Y"]
    c.gave_up = {"reason": "voluntary", "card_index": 3, "pos_at_give_up": 2, "seq": 1}
    a.ship.lost, b.ship.lost, c.ship.lost = list(range(12)), [1, 2, 3], [1, 2]
    a.credits, b.credits, c.credits = 10, 0, 1
    for p in t.players:
        p.credits_before = p.credits
    exposed = {p.id: p.ship.exposed() for p in t.players}
    assert exposed["a"] == exposed["b"]
    score_round(t.state, 2)
    bonus = 4  # equal exposed connectors: both arrived ships share it
    assert a.credits == 10 + 8 + bonus + 7 - 10
    assert b.credits == 0 + 6 + bonus + 2 - 3
    assert c.credits == 1 + 0 + 0 + 4 - 2
    for p in t.players:
        r = p.rounds[-1]
        gained = r["card_credits"] + r["arrival_reward"] + r["best_looking_bonus"]
        assert r["credits_after"] == r["credits_before"] + gained + r["cargo_sale"] - r[
            "penalty_applied"]  # fmt: skip


def test_credits_never_go_below_zero():
    """GT-TST-39, GT-SCR-06."""
    t = Table({"d": ship()}, {})
    d = t.players[0]
    d.gave_up = {"reason": "voluntary", "card_index": 1, "pos_at_give_up": 0, "seq": 1}
    d.credits, d.ship.lost = 1, [1, 2, 3, 4, 5]
    score_round(t.state, 1)
    r = d.rounds[-1]
    assert (r["penalty_nominal"], r["penalty_applied"], d.credits) == (5, 1, 0)


def test_two_arrivals_in_round_three_take_twelve_and_nine():
    """GT-TST-45."""
    t = Table({"a": ship("", "III"), "b": ship("", "III")}, {"a": 9, "b": 5}, number=3)
    score_round(t.state, 3)
    assert [p.rounds[-1]["arrival_reward"] for p in t.players] == [12, 9]
    assert [p.rounds[-1]["best_looking_bonus"] for p in t.players] == [6, 6]


def test_equal_credits_are_decided_by_the_last_round():
    """GT-TST-43, GT-OUT-04."""
    t = Table({"a": ship(), "b": ship()}, {})
    a, b = t.players
    a.credits = b.credits = 30
    a.rounds = [{"round_rank": 2, "lost_components": 0}]
    b.rounds = [{"round_rank": 1, "lost_components": 0}]
    ordered, ties = final_order(t.players)
    assert [p.id for p in ordered] == ["b", "a"]
    assert ties == [{"players": ["b", "a"], "decided_by": "last_round_rank"}]


def test_of_two_who_gave_up_the_later_one_ranks_higher():
    """GT-TST-43 (second sentence), GT-OUT-03: both gave up in round 3; the
    one who gave up at the later card has the better round rank, and so the
    better final place on equal credits."""
    t = Table({"a": ship(), "b": ship(), "c": ship()}, {"c": 4}, number=3)
    a, b, c = t.players
    a.gave_up = {"reason": "voluntary", "card_index": 9, "pos_at_give_up": 7, "seq": 2}
    b.gave_up = {"reason": "no_crew", "card_index": 4, "pos_at_give_up": 12, "seq": 1}
    score_round(t.state, 3)
    for p in t.players:
        p.credits = 30
    assert [p.rounds[-1]["round_rank"] for p in t.players] == [2, 3, 1]
    ordered, ties = final_order(t.players)
    assert [p.id for p in ordered] == ["c", "a", "b"]
    assert ties == [{"players": ["c", "a", "b"], "decided_by": "last_round_rank"}]


def test_red_goods_go_only_into_special_holds_and_supply_is_finite():
    """GT-TST-40, GT-TST-48, GT-CGO-01, GT-CGO-08."""
    s = ship("16@7,6/0 57@6,7/0")
    bad = Action("arrange", {"holds": [{"cell": [7, 6], "goods": ["R"]}]})
    assert "special" in arrange_problem(s, ["R", "R"], bad)
    good = Action("arrange", {"holds": [{"cell": [6, 7], "goods": ["R"]}]})
    assert arrange_problem(s, ["R", "R"], good) is None
    t = Table({"a": ship("16@7,6/0 57@6,7/0")}, {"a": 1})
    t.state.supply["R"], t.state.supply["Y"] = 0, 5
    t.run(receive(t.state, t.emit, t.by["a"], ["R", "Y", "B"]))
    assert t.of("goods_gained")[0] | {} == {"goods": ["Y", "B"], "shortfall": ["R"], "seat": "a"}


def test_stacks_by_round_and_cards_leave_the_game():
    """GT-TST-41, GT-TST-42, GT-SET-07/09, GT-PRE-07."""
    seats = [Seat("a", "Ann", "bot", "rookie"), Seat("b", "Ben", "bot", "rookie")]
    race = GAME.start({}, seats, "abc")
    bots = {s.id: GAME.bot("rookie", seed="abc", seat=s.id) for s in seats}
    seen: dict[int, list] = {}
    decks: dict[int, list] = {}
    while not race.finished:
        seen.setdefault(race.state.round, [c for s in race.state.stacks for c in s])
        if race.state.deck:
            decks.setdefault(race.state.round, list(race.state.deck))
        decision = race.pending[0]
        race.apply(decision.seat, bots[decision.seat].choose(race.view(decision.seat), decision))
    assert [len(seen[r]) for r in (1, 2, 3)] == [8, 12, 16]
    levels = [sorted(c.split("-")[0] for c in seen[3])]
    assert levels == [["I"] * 4 + ["II"] * 4 + ["III"] * 8]
    assert decks[3][0].startswith("III-")
    everything = seen[1] + seen[2] + seen[3]
    assert len(everything) == len(set(everything))


@pytest.mark.parametrize(
    "number, rewards, bonus", [(1, [4, 3], 2), (2, [8, 6], 4), (3, [12, 9], 6)]
)
def test_arrival_rewards_and_the_best_looking_bonus_by_round(number, rewards, bonus):
    """GT-SCR-02, GT-SCR-03: the rewards of the first two arrivals and the
    best-looking bonus of each round (mutation testing, issue 27)."""
    ships = {k: ship() for k in "ab"}
    t = Table(ships, {"a": 20, "b": 15}, number=number)
    score_round(t.state, number)
    rows = [p.rounds[-1] for p in t.players]
    assert [r["arrival_reward"] for r in rows] == rewards
    assert [r["best_looking_bonus"] for r in rows] == [bonus, bonus]  # equal ships share it


def test_the_best_looking_bonus_goes_to_the_fewest_exposed_connectors():
    """GT-SCR-03: only the arrived ship with the fewest exposed connectors."""
    ships = {"a": ship(), "b": ship("40@7,6/0")}
    t = Table(ships, {"a": 20, "b": 15}, number=1)
    a, b = t.players
    assert a.ship.exposed() != b.ship.exposed()
    fewer = min(t.players, key=lambda p: p.ship.exposed())
    score_round(t.state, 1)
    assert [p.rounds[-1]["best_looking_bonus"] for p in t.players] == [
        2 if p is fewer else 0 for p in t.players
    ]


def test_later_places_rewards_give_up_order_and_half_price():
    """GT-SCR-02 (third and fourth arrivals), GT-OUT-03 (give-ups at the
    same card: the further position first), GT-OUT-02 half_price."""
    t = Table({k: ship() for k in "abcd"}, {"a": 20, "b": 15, "c": 10, "d": 5}, number=3)
    score_round(t.state, 3)
    assert [p.rounds[-1]["arrival_reward"] for p in t.players] == [12, 9, 6, 3]
    u = Table({k: ship() for k in "abef"}, {"a": 20, "b": 15}, number=3)
    e, f = u.by["e"], u.by["f"]
    e.gave_up = {"reason": "voluntary", "card_index": 2, "pos_at_give_up": 3, "seq": 2}
    f.gave_up = {"reason": "voluntary", "card_index": 2, "pos_at_give_up": 8, "seq": 1}
    score_round(u.state, 3)
    rows = {p.id: p.rounds[-1] for p in u.players}
    assert [rows[k]["round_rank"] for k in "abfe"] == [1, 2, 3, 4]
    assert [rows[k]["half_price"] for k in "abef"] == [False, False, True, True]


@pytest.mark.parametrize("rounding, sale", [("up", 2), ("down", 1)])
def test_a_half_price_sale_rounds_as_configured(rounding, sale):
    """GT-SCR-04, GT-AMB-13: a yellow (3) sold at half price."""
    t = Table({"a": ship("60@7,6/0", "II")}, {}, config={"half_sale_rounding": rounding})
    a = t.players[0]
    a.ship.cells[(7, 6)].goods = ["Y"]
    a.gave_up = {"reason": "voluntary", "card_index": 1, "pos_at_give_up": 0, "seq": 1}
    score_round(t.state, 1)
    assert a.rounds[-1]["cargo_sale"] == sale


@pytest.mark.parametrize(
    "number, rewards", [(1, [4, 3, 2, 1]), (2, [8, 6, 4, 2]), (3, [12, 9, 6, 3])]
)
def test_all_four_arrival_rewards_of_every_round(number, rewards):
    """GT-SCR-02's whole table: the third and fourth arrivals too, in every
    round (mutation testing, issue 27: round 1's and 2's last places)."""
    t = Table({k: ship() for k in "abcd"}, {"a": 20, "b": 15, "c": 10, "d": 5}, number=number)
    score_round(t.state, number)
    assert [p.rounds[-1]["arrival_reward"] for p in t.players] == rewards


def test_a_give_up_further_along_ranks_higher_even_from_space_zero():
    """GT-OUT-03: at the same card, `pos_at_give_up` descending decides
    before the give-up sequence: space 1 ranks above space 0 though the
    one on space 0 gave up later (mutation testing, issue 27)."""
    t = Table({k: ship() for k in "abc"}, {"a": 20}, number=2)
    b, c = t.by["b"], t.by["c"]
    b.gave_up = {"reason": "voluntary", "card_index": 4, "pos_at_give_up": 0, "seq": 2}
    c.gave_up = {"reason": "voluntary", "card_index": 4, "pos_at_give_up": 1, "seq": 1}
    score_round(t.state, 2)
    assert [t.by[k].rounds[-1]["round_rank"] for k in "acb"] == [1, 2, 3]


def test_a_round_s_penalty_goes_into_that_round_s_breakdown():
    """GT-SCR-06, GT-OUT-02: round 2's lost components are paid and shown
    in round 2's breakdown; round 1's stays as it was (mutation testing,
    issue 27)."""
    t = Table({"a": ship()}, {"a": 20}, number=2)
    a = t.players[0]
    first = {"round": 1, "penalty_nominal": 0, "penalty_applied": 0, "credits_after": 7}
    a.rounds = [dict(first)]
    a.credits = a.credits_before = 7
    a.ship.lost = [1, 2, 3]
    score_round(t.state, 2)
    assert a.rounds[0] == first
    assert (a.rounds[1]["penalty_nominal"], a.rounds[1]["penalty_applied"]) == (3, 3)
    assert a.rounds[1]["credits_after"] == a.credits
