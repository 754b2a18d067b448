"""Every grid rule, its ties, and the cars it cannot place."""

import pytest

from races.running.grid import Car, grid_order

CARS = [Car(key=k, car_number=n) for k, n in [(1, 7), (2, 3), (3, 12), (4, 5)]]


def numbers(cars):
    return [c.car_number for c in cars]


def test_the_entry_order_is_by_car_number():
    assert numbers(grid_order("entry", CARS)) == [3, 5, 7, 12]


def test_qualifying_puts_the_fastest_on_pole_and_non_qualifiers_at_the_back():
    qualifying = {3: 1, 1: 2}  # entries 2 and 4 did not qualify
    assert numbers(grid_order("qualifying", CARS, qualifying=qualifying)) == [12, 7, 3, 5]


def test_championship_order_puts_the_leader_on_pole():
    standings = {4: 1, 2: 2, 1: 3, 3: 4}
    assert numbers(grid_order("championship", CARS, standings=standings)) == [5, 3, 7, 12]


def test_cars_sharing_a_championship_rank_go_by_car_number():
    standings = {1: 1, 2: 1, 3: 3, 4: 3}
    assert numbers(grid_order("championship", CARS, standings=standings)) == [3, 7, 5, 12]


def test_reverse_championship_order_puts_the_leader_last_and_newcomers_behind_all():
    standings = {4: 1, 2: 2, 1: 3}  # entry 3 has no standing yet
    assert numbers(grid_order("reverse", CARS, standings=standings)) == [7, 3, 5, 12]


def test_a_random_grid_is_fixed_by_the_seed():
    first = numbers(grid_order("random", CARS, seed="abc"))
    assert first == numbers(grid_order("random", list(reversed(CARS)), seed="abc"))
    assert sorted(first) == [3, 5, 7, 12]
    orders = {tuple(numbers(grid_order("random", CARS, seed=str(s)))) for s in range(40)}
    assert len(orders) > 5


def test_an_unknown_rule_is_an_error():
    with pytest.raises(ValueError, match="unknown grid rule 'fastest-first'"):
        grid_order("fastest-first", CARS)
