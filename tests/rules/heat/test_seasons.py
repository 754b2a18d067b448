"""Championship seasons: event cards, sponsorship cards and press corners (T-42, T-43, T-51;
HEAT-CHAMP-09..-18, section 12.7)."""

import pytest

from races.rules import Action, ConfigError, Seat, get_game
from races.rules.heat.rules.championship.sponsors import new_sponsor_deck

from .scenario import answer_defaults, events_of, park, plan, race, setup_car

GAME = get_game("heat")


def _pressed(r, corners=(1,)):
    r.state.press = set(corners)
    r.state.sponsors = new_sponsor_deck(r.state, r.chance, r.emit)
    return r


@pytest.mark.parametrize(
    ("start", "hand", "slip", "paid", "awards"),
    [
        (4, ["S4", "S1"], False, 2, 1),  # (a) Speed 5: 2 above the limit
        (4, ["S3", "S1"], False, 1, 0),  # (b) Speed 4
        (3, ["S2", "S1"], True, 0, 1),  # (c) Speed 3, crossing by slipstream
        (1, ["S4", "S1"], True, 2, 1),  # (d) both at once: still one card
        (4, ["SP84", "S2"], False, 1, 1),  # (e) SP84: limit 4 for Heat, 3 for the press test
    ],
)
def test_t42_press_corners_award_one_sponsorship_card(start, hand, slip, paid, awards):
    # HEAT-CHAMP-15, HEAT-CHAMP-16: a press standee at C1 (limit 3)
    r = _pressed(race(None, None, laps=2))
    setup_car(r, "car2", p=7 if slip else 35, rl=True)
    car = setup_car(r, "car1", p=start, gear=2, engine=6, hand=hand)
    car.sponsorships = [c for c in car.hand if ".SP" in c]
    park(r, "car2")
    plan(r, "car1", 2, list(car.hand))
    answer_defaults(r, "car2")
    r.apply("car1", Action("end_react"))
    if slip:
        r.apply("car1", Action("slipstream", {"take": True}))
    assert any(q == 8 for _, q in car.crossings)
    assert sum(e["amount"] for e in events_of(r, "heat_paid", "car1")) == paid
    assert len(events_of(r, "press_award", "car1")) == awards
    assert len(events_of(r, "sponsorship_gained", "car1")) == awards


def test_t43_a_used_sponsorship_leaves_the_race_an_unused_one_stays():  # HEAT-CHAMP-12
    r = _pressed(race(None, laps=2), corners=())
    car = setup_car(r, "car1", p=12, gear=1, engine=0, hand=["S1"])
    car.hand = ["sp.SP81.1", "sp.SP83.1", "red.H90"]
    car.sponsorships = ["sp.SP81.1", "sp.SP83.1"]
    plan(r, "car1", 1, ["sp.SP81.1"])
    answer_defaults(r, "car1", stop_at="discard")
    r.apply("car1", Action("discard", {"cards": ["sp.SP83.1"]}))
    assert "sp.SP81.1" in r.state.sponsors.used and "sp.SP81.1" not in car.all_cards()
    # SP83 went to the discard pile, then back into the hand through the step 9 reshuffle.
    assert "sp.SP83.1" in car.all_cards() and car.sponsorships == ["sp.SP83.1"]
    assert "sp.SP83.1" not in r.state.sponsors.used
    assert events_of(r, "sponsorships_used", "car1")[0]["cards"] == ["sp.SP81.1"]


def test_t51_a_spin_out_in_event_1963_4_eliminates_the_car():  # HEAT-B-064
    r = race(None, None, laps=1)
    r.state.event_rules = {"spin_eliminates": True}
    setup_car(r, "car2", p=0)
    car = setup_car(r, "car1", p=4, gear=2, engine=1, hand=["S4", "S2"])
    park(r, "car2")
    plan(r, "car1", 2, list(car.hand))
    answer_defaults(r, "car2")
    r.apply("car1", Action("end_react"))
    assert events_of(r, "spun_out", "car1") and len(car.engine) == 0
    assert car.eliminated == 1 and events_of(r, "car_eliminated", "car1")
    assert all(c.seat != "car1" for c in r.state.racing())
    assert r.state.board.holder(car.p, car.rl) != "car1"
    driver = GAME.bot("pro", seed=1, seat="car2")
    while r.pending:
        d = r.pending[0]
        r.apply(d.seat, driver.choose(r.view(d.seat), d))
    result = r.result()
    assert [p.seat for p in result.order] == ["car2", "car1"]
    assert result.order[1].status == "eliminated" and result.order[1].figures["points"] == 0


def test_event_1961_2_speed_15_gains_one_card_once_a_turn():  # section 12.7
    r = _pressed(race(None, laps=3), corners=())
    r.state.event_rules = {"speed_sponsor": 15}
    car = setup_car(
        r, "car1", p=-1, gear=4, engine=6, hand=["U5", "S4", "S4", "S4"], deck=["S4", "S1"]
    )
    plan(r, "car1", 4, list(car.hand))
    assert car.speed == 17
    r.apply("car1", Action("boost"))
    assert len(events_of(r, "sponsorship_gained", "car1")) == 1


@pytest.mark.parametrize(
    ("season", "number", "track", "laps", "hand", "heat", "stress", "sponsors"),
    [
        ("1961", 1, "gbr", 2, 7, 6, 3, 2),
        ("1961", 3, "italy", 2, 7, 6, 3, 1),
        ("1962", 1, "italy", 3, 7, 7, 3, 2),
        ("1962", 2, "gbr", 3, 8, 6, 3, 1),
        ("1963", 3, "france", 2, 6, 4, 2, 1),
        ("1963", 4, "italy", 3, 7, 6, 4, 0),
    ],
)
def test_a_season_race_takes_its_event_cards_setup(
    season, number, track, laps, hand, heat, stress, sponsors
):  # HEAT-CHAMP-01, -09, section 12.7
    seats = [Seat("a", "A", "bot", "pro"), Seat("b", "B", "bot", "rookie")]
    r = GAME.start({"season": season, "season_race": number}, seats, 5)
    while r.state.phase == "draft":
        d = r.pending[0]
        r.apply(d.seat, GAME.bot("pro", seed=5, seat=d.seat).choose(r.view(d.seat), d))
    assert (r.state.track.id, r.state.laps, r.state.hand_size) == (track, laps, hand)
    assert r.state.conditions is not None  # HEAT-CHAMP-11: weather and road conditions
    for car in r.state.cars:
        weather_heat = {"fog": 1, "freezing": -1}.get(r.state.conditions.weather, 0)
        moved = {"sunny": 3, "rain": 3}.get(r.state.conditions.weather, 0)
        assert len(car.engine) == heat + weather_heat - moved
        weather_stress = {"cloudy": -1, "heavy_rain": 1}.get(r.state.conditions.weather, 0)
        assert sum(".X" in c for c in car.all_cards()) == stress + weather_stress
        assert len([c for c in car.hand if c.startswith("sp.")]) >= sponsors
        assert len(car.hand) == hand


def test_a_custom_season_shuffles_the_four_tracks_and_draws_an_event_each():  # HEAT-CHAMP-03
    seats = [Seat("a", "A", "bot", "pro"), Seat("b", "B", "bot", "pro")]
    picked = []
    for number in range(1, 5):
        config = {"season": "custom", "season_race": number, "season_seed": "s"}
        r = GAME.start(config, seats, number)
        again = GAME.start(config, seats, number + 10)  # another race seed, same season
        assert (r.state.track.id, r.state.event.number) == (
            again.state.track.id,
            again.state.event.number,
        )
        picked.append((r.state.track.id, r.state.event.number))
    assert sorted(t for t, _ in picked) == ["france", "gbr", "italy", "usa"]
    assert len({e for _, e in picked}) == 4
    with pytest.raises(ConfigError, match="season_seed"):
        GAME.start({"season": "custom"}, seats, 1)
