"""Spins (FD-A-4.3, FD-A-4.4, FD-BGA-8, FD-AMB-22)."""

import pytest

from .driving import gear, lane, move, scenario


@pytest.mark.parametrize(("ruleset", "tyres"), [("published", 0), ("bga", 1)])
def test_an_overshoot_equal_to_the_tyres_spins_the_car(ruleset, tyres):
    """FD-X-23."""
    race = scenario(
        [{"seat": "A", "space": "r9l0", "gear": 3, "corner": "T1", "stops": 0, "wear": {"T": 2}}],
        dice=["g3:4", "g1:1"],
        level="advanced",
        ruleset=ruleset,
        turns=2,
    )
    gear(race, "A", 3)
    move(race, "A", lane(0, 10, 13))
    car = race.state.by_seat["A"]
    assert car.spun and car.gear == 1 and car.wear["T"] == tyres
    assert [g["gear"] for g in race.pending[0].options["gears"]] == [1]
    gear(race, "A", 1)
    assert not car.spun


@pytest.mark.parametrize(("distance", "status"), [(1, "racing"), (2, "eliminated")])
def test_published_bald_tyres_spin_again_on_one_space_and_die_on_two(distance, status):
    """FD-X-23, FD-A-4.3 (T = 0 rows)."""
    race = scenario(
        [{"seat": "A", "space": "r10l0", "gear": 2, "corner": "T1", "stops": 0, "wear": {"T": 0}}],
        dice=[f"g2:{1 + distance}"],
        level="advanced",
    )
    gear(race, "A", 2)
    move(race, "A", lane(0, 11, 11 + distance))
    car = race.state.by_seat["A"]
    assert car.status == status
    if status == "racing":
        assert car.spun and car.wear["T"] == 0
    else:
        assert car.eliminated_at["cause"] == "tyres"


@pytest.mark.parametrize(("tires", "status"), [("soft", "eliminated"), ("hard", "racing")])
def test_bga_counts_spin_thresholds_in_points(tires, status):
    """FD-X-23, FD-BGA-8: soft tyres double a one-space overshoot past T 1."""
    race = scenario(
        [
            {
                "seat": "A",
                "space": "r10l0",
                "gear": 2,
                "corner": "T1",
                "stops": 0,
                "wear": {"T": 1},
                "tires": tires,
                "fit_lap": 1,
            }
        ],
        dice=["g2:2"],
        level="advanced",
        ruleset="bga",
        tire_choice=True,
    )
    gear(race, "A", 2)
    if race.pending[0].kind == "boost":
        from .driving import act

        act(race, "A", "boost", soft=False, nitro=False)
    move(race, "A", lane(0, 11, 12))
    car = race.state.by_seat["A"]
    assert car.status == status
    if status == "racing":
        assert car.spun and car.wear["T"] == 1


def test_a_larger_overshoot_than_the_tyres_eliminates():
    """FD-A-4.3: T >= 1 and P > T."""
    race = scenario(
        [{"seat": "A", "space": "r9l0", "gear": 3, "corner": "T1", "stops": 0, "wear": {"T": 2}}],
        dice=["g3:5"],
        level="advanced",
    )
    gear(race, "A", 3)
    move(race, "A", lane(0, 10, 14))
    assert race.state.by_seat["A"].eliminated_at["cause"] == "tyres"
