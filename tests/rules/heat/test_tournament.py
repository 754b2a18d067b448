"""Tournament mode (T-50; HEAT-B-TOURN-01..04)."""

import pytest

from races.rules import Action, IllegalAction

from .scenario import events_of, race, setup_car


def test_t50_the_number_of_cards_played_is_the_new_gear_shifted_at_the_turn():
    r = race(None, tournament=True)
    car = setup_car(r, "car1", p=12, gear=2, engine=1, hand=["S1"] * 6)
    assert [d.kind for d in r.pending] == ["play_cards"]  # HEAT-B-TOURN-01: no step 1
    counts = r.pending[0].options["counts"]
    assert counts == [{"count": g, "heat": h} for g, h in ((1, 0), (2, 0), (3, 0), (4, 1))]
    r.apply("car1", Action("play_cards", {"cards": car.hand[:4]}))
    shown = [
        e.type for e in r.events if e.type in ("cards_shown", "gear_shifted", "cards_revealed")
    ]
    assert shown == ["cards_shown", "gear_shifted", "cards_revealed"]
    assert events_of(r, "cards_shown")[0]["count"] == 4
    assert car.gear == 4 and car.engine == [] and car.speed == 4


def test_a_tournament_play_beyond_two_gears_or_without_heat_is_refused():
    r = race(None, tournament=True)
    car = setup_car(r, "car1", p=12, gear=1, engine=0, hand=["S1"] * 6)
    for count in (3, 4):
        with pytest.raises(IllegalAction):
            r.apply("car1", Action("play_cards", {"cards": car.hand[:count]}))
    r.apply("car1", Action("play_cards", {"cards": car.hand[:2]}))
    assert car.gear == 2


def test_a_cluttered_tournament_hand_uses_the_chosen_count():  # HEAT-B-TOURN-02, HEAT-B-025
    r = race(None, tournament=True)
    car = setup_car(r, "car1", p=12, gear=2, engine=3, hand=["S2", "H", "H", "H", "H"])
    heat = sorted(c for c in car.hand if ".H" in c)
    with pytest.raises(IllegalAction, match="cluttered"):
        r.apply("car1", Action("play_cards", {"cards": [car.hand[0], heat[1]]}))
    r.apply("car1", Action("play_cards", {"cards": [car.hand[0], heat[0]]}))
    assert car.gear == 1 and car.p == 12  # it does not move and drops to gear 1
