"""The replay log's events of section 13.5 (HEAT-B-ENG-10) that need a forced situation:
`cards_drawn`, `adrenaline_used` (speed / cooldown), `cooldown_done`, `cards_played`, and what
a seat's view keeps hidden of them (HEAT-B-ENG-09)."""

import json

import pytest

from races.rules import Action, Seat, get_game, run_bot_race
from races.rules.heat.race import _DIGITS, _DIGITS_KEPT
from races.rules.heat.rules.championship.sponsors import new_sponsor_deck
from races.rules.heat.rules.track import load_track, track_ids

from .scenario import answer_defaults, events_of, park, plan, race, setup_car

GAME = get_game("heat")


def _log(r, seat, types):
    return [(e.type, e.data) for e in r.events if e.seat == seat and e.type in types]


def test_the_opening_hand_is_one_cards_drawn_event_per_car():  # HEAT-B-ENG-10, HEAT-B-012
    r = race(None, None)
    for car in r.state.cars:
        log = _log(r, car.seat, {"cards_drawn", "hand_replenished"})
        assert [t for t, _ in log] == ["cards_drawn", "hand_replenished"]
        drawn = log[0][1]
        assert drawn["cards"] == car.hand and len(car.hand) == 7
        assert (drawn["pile"], drawn["reason"], drawn["step"]) == ("deck", "setup", 0)
        assert log[1][1]["drawn"] == 7 and "cards" not in log[1][1]


def test_a_reshuffle_splits_the_draws_in_the_order_they_happen():
    # HEAT-B-ENG-10, HEAT-B-048, HEAT-B-032: one card from the deck, the discard pile
    # (with the card just played) is shuffled, then the rest; the hand stays short.
    r = race(None, None)
    setup_car(r, "car2", p=0)
    car = setup_car(r, "car1", p=12, gear=1, engine=0, hand=["S1", "S2"], deck=["S3"])
    car.discard = [f"{car.colour}.S4.1", f"{car.colour}.S1.9", f"{car.colour}.S2.9"]
    park(r, "car2")
    played, kept, top = car.hand[0], car.hand[1], car.deck[0]
    pile = [*car.discard, played]
    plan(r, "car1", 1, [played])
    answer_defaults(r, "car1", "car2")
    assert r.state.round == 2
    # after the setup: the deck shuffled, the opening hand drawn and announced
    log = _log(r, "car1", {"cards_drawn", "deck_shuffled", "hand_replenished"})[3:]
    assert [t for t, _ in log] == [
        "cards_drawn",
        "deck_shuffled",
        "cards_drawn",
        "hand_replenished",
    ]
    first, shuffled, second, replenished = (d for _, d in log)
    assert first["cards"] == [top] and first["reason"] == "replenish"
    assert sorted(shuffled["order"]) == sorted(pile)
    assert second["cards"] == shuffled["order"] and second["reason"] == "replenish"
    assert replenished["drawn"] == 5 and car.hand == [kept, top, *second["cards"]]
    assert all(d["step"] == 9 for d in (first, second, replenished))


def test_a_sponsorship_card_is_drawn_before_it_is_announced():
    # HEAT-B-ENG-10, HEAT-CHAMP-14, HEAT-CHAMP-15: a press corner at C1, Speed 5 on limit 3
    r = race(None, None, laps=2)
    r.state.press = {1}
    r.state.sponsors = new_sponsor_deck(r.state, r.chance, r.emit)
    top = r.state.sponsors.deck[0]
    setup_car(r, "car2", p=35, rl=True)
    car = setup_car(r, "car1", p=4, gear=2, engine=6, hand=["S4", "S1"])
    park(r, "car2")
    plan(r, "car1", 2, list(car.hand))
    answer_defaults(r, "car2")
    r.apply("car1", Action("end_react"))
    log = _log(r, "car1", {"cards_drawn", "sponsorship_gained"})[1:]
    assert [t for t, _ in log][:2] == ["cards_drawn", "sponsorship_gained"]
    drawn, gained = log[0][1], log[1][1]
    assert drawn == {"cards": [top], "pile": "sponsorship", "reason": "press", "step": 7}
    assert gained["card"] == top and top in car.hand


def test_setup_sponsorships_and_the_opening_hand_come_in_draw_order():
    # HEAT-B-ENG-10, HEAT-CHAMP-09: a season race deals its sponsorship cards, then the hand
    r, _ = run_bot_race(GAME, {"season": "1961", "season_race": 1}, _seats(3), 1)
    car = r.state.cars[0]
    setup = [e for e in r.events if e.seat == car.seat and e.type == "cards_drawn" and not e.round]
    piles = [e.data["pile"] for e in setup]
    assert piles[-1] == "deck" and set(piles[:-1]) == {"sponsorship"}
    assert all(e.data["reason"] == "setup" for e in setup)
    assert sum(len(e.data["cards"]) for e in setup) == r.state.hand_size


def _seats(n):
    return [Seat(f"car{i + 1}", f"Car {i + 1}", "bot", "pro") for i in range(n)]


def _secret(r, seat):
    """What nobody else may see of a seat's cards: its hand and its face-down play."""
    car = r.state.by_seat[seat]
    revealed = (
        r.state.phase not in ("plan", "setup") and car in r.state.order[: r.state.turn_index + 1]
    )
    return set(car.hand) | (set() if revealed else set(car.play))


def test_no_view_shows_another_seats_drawn_or_face_down_cards():
    # HEAT-B-ENG-09, HEAT-B-ENG-10: drawn ids are the owner's alone while the race runs
    r = GAME.start({"track": "usa"}, _seats(3), 5)
    robots = {s: GAME.bot("pro", seed=5, seat=s) for s in ("car1", "car2", "car3")}
    checked = 0
    while r.pending:
        views = {viewer: json.dumps(r.view(viewer)) for viewer in ("car1", "car2", "car3", None)}
        for owner in ("car1", "car2", "car3"):
            secret = _secret(r, owner)
            own = {c["id"] for c in r.view(owner)["you"]["hand"]}
            assert set(r.state.by_seat[owner].hand) == own
            for viewer, text in views.items():
                if viewer != owner:
                    assert not [c for c in secret if f'"{c}"' in text], (viewer, owner)
                    checked += 1
        decision = r.pending[0]
        r.apply(decision.seat, robots[decision.seat].choose(r.view(decision.seat), decision))
    assert checked > 100
    # The replay log, shown after the race, holds them.
    assert events_of(r, "cards_drawn", "car1")[0]["cards"]


def _adrenaline_car(r, hand, engine=0, gear=1):
    """car1 behind car2, so car1 is last in the turn order and has Adrenaline."""
    setup_car(r, "car2", p=10)
    car = setup_car(r, "car1", p=0, gear=gear, engine=engine, hand=hand)
    park(r, "car2")
    plan(r, "car1", gear, [car.hand[0]])
    answer_defaults(r, "car2")
    assert events_of(r, "turn_order_fixed")[-1]["adrenaline"] == ["car1"]
    return car


@pytest.mark.parametrize(
    ("counts", "when"),
    [
        ((3, 1), 1),  # gear 1's three points first, then Adrenaline's extra point
        ((4,), 0),  # all four at once
        ((2, 2), 1),
    ],
)
def test_the_extra_adrenaline_cooldown_is_an_adrenaline_used_event(counts, when):
    # HEAT-B-ENG-10, HEAT-B-035, HEAT-B-037: the pooled allowance is gear 1's 3 plus 1
    r = race(None, None)
    car = _adrenaline_car(r, ["S1", "H", "H", "H", "H", "H"])
    for count in counts:
        r.apply("car1", Action("cooldown", {"count": count}))
    log = _log(r, "car1", {"adrenaline_used", "cooldown_done"})
    types = [t for t, _ in log]
    assert types.count("adrenaline_used") == 1
    at = types.index("adrenaline_used")
    assert log[at][1] == {"kind": "cooldown", "step": 5}
    # Emitted with the Cooldown that reaches into Adrenaline's point, just before it.
    assert [d["count"] for t, d in log[at + 1 :] if t == "cooldown_done"] == [counts[when]]
    assert len(car.engine) == 4


def test_cooling_within_the_gear_allowance_does_not_use_adrenaline():
    # HEAT-B-ENG-10, HEAT-B-035: Adrenaline's move is its own kind; its Cooldown was not used
    r = race(None, None)
    _adrenaline_car(r, ["S1", "H", "H", "H", "H", "H"])
    r.apply("car1", Action("adrenaline_move"))
    r.apply("car1", Action("cooldown", {"count": 3}))
    r.apply("car1", Action("end_react"))
    assert [d["kind"] for d in events_of(r, "adrenaline_used", "car1")] == ["speed"]


def test_a_car_without_adrenaline_never_logs_it():  # HEAT-B-ENG-10, HEAT-B-034
    r = race(None, None)
    setup_car(r, "car2", p=0)
    car = setup_car(r, "car1", p=12, gear=1, engine=0, hand=["S1", "H", "H", "H", "H"])
    park(r, "car2")
    plan(r, "car1", 1, [car.hand[0]])
    answer_defaults(r, "car2")
    r.apply("car1", Action("cooldown", {"count": 3}))
    assert events_of(r, "adrenaline_used", "car1") == []


def test_cooldown_done_counts_the_heat_moved_with_a_cooldown_plus_1_sector():
    # HEAT-B-ENG-10 (number of Heat moved hand -> engine), HEAT-WEATHER-12
    r = race(
        None,
        None,
        weather=True,
        laps=3,
        script={"weather": [["rain"]], "road": [["corner_plus1.1", "sector_weather.1"]]},
    )
    setup_car(r, "car2", p=0)
    car = setup_car(r, "car1", p=13, gear=1, engine=1, hand=["S1", "H", "H", "H", "H", "H"])
    park(r, "car2")
    plan(r, "car1", 1, [car.hand[0]])
    answer_defaults(r, "car2")
    assert r.pending[0].options["cooldown_left"] == 4
    r.apply("car1", Action("cooldown", {"count": 4}))
    assert events_of(r, "cooldown_done", "car1")[-1]["count"] == 4
    assert len(car.engine) == 5


def test_cards_played_logs_the_ids_which_views_hide_until_the_reveal():
    # HEAT-B-ENG-10 (count public, ids hidden until the reveal), HEAT-B-ENG-09
    r = race(None, None)
    setup_car(r, "car2", p=10)
    car = setup_car(r, "car1", p=0, gear=2, engine=3, hand=["S1", "S2", "S3"])
    played = car.hand[:2]
    plan(r, "car1", 2, played)
    park(r, "car2")  # car2 moves first and is asked to discard: car1 is still face down
    assert [(d.seat, d.kind) for d in r.pending] == [("car2", "discard")]
    logged = events_of(r, "cards_played", "car1")[-1]
    assert logged["count"] == 2 and logged["cards"] == played
    for viewer in ("car2", None):
        text = json.dumps(r.view(viewer))
        assert not any(f'"{c}"' in text for c in played)
    assert r.view("car1")["you"]["played"] == played
    answer_defaults(r, "car2")
    assert events_of(r, "cards_revealed", "car1")[-1]["cards"] == played
    assert r.view("car2")["cars"][0]["play"] == played


@pytest.mark.parametrize(
    ("config", "bots"),
    [
        ({"track": "usa"}, ["pro", "rookie", "pro", "legend"]),
        ({"track": "japan", "weather": True, "garage": True}, ["pro", "rookie", "pro"]),
        ({"track": "gbr", "tournament": True}, ["rookie", "pro"]),
    ],
)
def test_the_lines_the_race_writes_itself_are_the_encoders(config, bots):
    # race.py writes the canonical lines of its commonest events without the encoder; each
    # must be byte for byte the encoder's (races/rules/log.py), or the race's identity changes.
    from races.rules.log import _canonical_line

    seats = [Seat(f"car{i + 1}", f"Car {i + 1}", "bot", b) for i, b in enumerate(bots)]
    r, _ = run_bot_race(GAME, config, seats, 3)
    kept = [e for e in r.events if "_canonical_line" in e.__dict__]
    assert len(kept) > len(r.events) // 2
    for event in kept:
        assert event.__dict__["_canonical_line"] == _canonical_line(event), event.type


def test_a_line_writer_reads_every_key_it_writes():
    # race.py's emit gives an event to its type's writer when it has as many keys as the
    # writer writes, and leaves it to the encoder on a KeyError: a writer that skipped a key
    # would write an event with another key in its place.
    from races.rules.heat.race import _WRITERS

    samples = {}
    for track, seed in (("usa", 0), ("gbr", 2)):
        seats = [Seat(f"car{i + 1}", f"Car {i + 1}", "bot", "pro") for i in range(5)]
        r, _ = run_bot_race(GAME, {"track": track}, seats, seed)
        for e in r.events:
            samples.setdefault((e.type, tuple(e.data)), e.data)
    for key, write in _WRITERS.items():
        for missing in key[1]:
            data = {("other" if k == missing else k): v for k, v in samples[key].items()}
            with pytest.raises(KeyError):
                write(data, "1", '"car1"', "1")  # a writer is given the round, seat and seq too


def test_the_line_writers_digits_are_every_numbers_string():
    # race.py's writers index _DIGITS with every number of their events, a car's negative
    # progress on the grid included (a negative index reads the list's tail).
    assert all(_DIGITS[x] == str(x) for x in range(-128, _DIGITS_KEPT))
    longest = max(load_track(t).length for t in track_ids())
    assert longest <= 128 and 12 * longest + 100 < _DIGITS_KEPT  # ten laps, an event's one more
