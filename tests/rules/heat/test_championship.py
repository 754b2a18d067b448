"""Championship races, engine side: market, carry-over, points and grids (T-44, T-45;
HEAT-CHAMP-06, -08, -18, -20, -21)."""

import pytest

from races.rules import Action, ConfigError, Placing, RaceResult, Seat, get_game, run_bot_race
from races.rules.heat.rules.championship.championship import next_grid, standings

from .scenario import race

GAME = get_game("heat")


def _result(*seats_in_order):
    points = (9, 6, 4, 3, 2, 1)
    order = tuple(
        Placing(s, i + 1, "finished", figures={"points": points[i]})
        for i, s in enumerate(seats_in_order)
    )
    return RaceResult(game="heat", order=order, rounds=10, log_sha256="x")


def test_t44_points_and_the_next_grid_follow_the_standings():  # HEAT-CHAMP-18, -06
    race1 = _result("B", "A", "C")
    assert standings([race1]) == [("B", 9), ("A", 6), ("C", 4)]
    assert next_grid([race1]) == ["B", "A", "C"]
    # Equal totals: the better position in the most recent race goes first.
    race2 = _result("C", "B", "A")
    assert standings([race1, race2]) == [("B", 15), ("C", 13), ("A", 10)]
    tie = [_result("A", "C", "B"), _result("C", "A", "B")]  # A 15, C 15
    assert next_grid(tie)[:2] == ["C", "A"]


def test_t45_a_tied_season_goes_to_the_better_last_race():  # HEAT-CHAMP-21
    season = [_result("B", "A", "C", "D"), _result("A", "C", "D", "B")]
    season[1] = RaceResult(
        "heat",
        (
            Placing("C", 1, "finished", figures={"points": 9}),
            Placing("A", 2, "finished", figures={"points": 6}),
            Placing("D", 3, "finished", figures={"points": 4}),
            Placing("B", 4, "finished", figures={"points": 3}),
        ),
        10,
        "x",
    )
    # A: 6 + 6 = 12, B: 9 + 3 = 12; A was 2nd and B 4th in the last race.
    assert standings(season)[:2] == [("C", 13), ("A", 12)]
    assert [s for s, p in standings(season) if p == 12] == ["A", "B"]


def test_the_car_design_market_goes_back_to_front_then_one_swap():  # HEAT-CHAMP-08
    r = race(None, None, None, "legend", championship=True)
    picks = []
    while r.pending and r.pending[0].kind == "market_pick":
        decision = r.pending[0]
        assert len(decision.options["row"]) == 6 - len(picks)
        picks.append(decision.seat)
        r.apply(decision.seat, Action("market_pick", {"card": decision.options["row"][0]["id"]}))
    assert picks == ["car3", "car2", "car1"]
    swap = r.pending[0]
    assert (swap.seat, swap.kind) == ("car3", "market_swap")
    car = r.state.by_seat["car3"]
    owned, market = car.upgrades[0], swap.options["row"][0]["id"]
    r.apply("car3", Action("market_swap", {"owned": owned, "market": market}))
    assert car.upgrades == [market] and r.state.phase == "plan"
    assert [len(r.state.by_seat[s].upgrades) for s in ("car1", "car2", "car3", "car4")] == [
        1,
        1,
        1,
        0,
    ]


def test_four_races_chained_through_carry_over_and_carry_in():  # HEAT-CHAMP-20
    seats = [
        Seat(f"car{i + 1}", f"Car {i + 1}", "bot", b)
        for i, b in enumerate(["pro", "rookie", "pro", "legend"])
    ]
    results, carry = [], {}
    for n, track in enumerate(["usa", "italy", "france", "gbr"]):
        config = {"track": track, "championship": True, "upgrade_pool": "basic_and_advanced"}
        if results:
            config["grid"] = next_grid(results)
        entry = [
            Seat(s.id, s.name, s.kind, s.bot, setup={"carry_in": carry.get(s.id, {})})
            for s in seats
        ]
        played, _ = run_bot_race(GAME, config, entry, n)
        result = played.result()
        if results:
            assert [c.seat for c in played.state.cars] == config["grid"]
        for seat_id, handed in carry.items():
            car = played.state.by_seat[seat_id]
            assert set(handed["upgrades"]) <= set(car.upgrades) | {
                e.data["given"] for e in played.events if e.type == "market_swapped"
            }
        carry = dict(result.carry_over)
        results.append(result)
        assert sorted(carry) == ["car1", "car2", "car3"]  # Legends carry nothing
        assert all(len(c["upgrades"]) == n + 1 for c in carry.values())
        owned = [u for c in carry.values() for u in c["upgrades"]]
        assert len(owned) == len(set(owned))
    table = standings(results)
    assert sum(p for _, p in table) == 4 * (9 + 6 + 4 + 3)


def test_carried_upgrades_are_checked():
    def seat(i, upgrades):
        return Seat(f"c{i}", "C", "bot", "pro", setup={"carry_in": {"upgrades": upgrades}})

    with pytest.raises(ConfigError, match="two seats"):
        GAME.start(
            {"track": "usa", "championship": True},
            [seat(1, ["up.B01.1"]), seat(2, ["up.B01.1"])],
            1,
        )
    with pytest.raises(ConfigError, match="garage or championship"):
        GAME.start({"track": "usa"}, [seat(1, ["up.B01.1"])], 1)
    with pytest.raises(ConfigError, match="unknown upgrade"):
        GAME.start({"track": "usa", "garage": True}, [seat(1, ["red.S1.1"])], 1)
    with pytest.raises(ConfigError, match="every seat"):
        GAME.start({"track": "usa", "grid": ["c1", "c9"]}, [seat(1, []), seat(2, [])], 1)


def test_a_garage_race_with_carried_upgrades_skips_the_draft():  # HEAT-CHAMP-20
    seats = [
        Seat("a", "A", "bot", "pro", setup={"carry_in": {"upgrades": ["up.B13.1"]}}),
        Seat("b", "B", "bot", "pro", setup={"carry_in": {"upgrades": ["up.B05.2"]}}),
    ]
    r = GAME.start({"track": "usa", "garage": True}, seats, 3)
    assert r.state.phase == "plan"
    assert r.state.by_seat["a"].upgrades == ["up.B13.1"]
    assert "up.B13.1" in r.state.by_seat["a"].deck + r.state.by_seat["a"].hand
