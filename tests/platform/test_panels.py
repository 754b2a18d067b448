"""Decision panels (races/rules/face/widgets.py): every decision of a whole bot
race of each game has a panel whose choices are exactly its legal actions,
in words, never raw engine values; the Formula D gear stick and spaces and
the Heat hand show their costs before a choice."""

import re

import pytest

from races.rules import Action, Decision, Seat, bots_for, get_game, get_presentation
from races.rules.heat.present.card_panels import play_summary
from tests.platform import dice_race  # noqa: F401  (registers the dice race)

RAW = re.compile(r"\[\'|\bTrue\b|\bFalse\b|\bNone\b|r\d+l\d|\w+\.S\d|\w+\.X\d|_")
GAMES = {
    "formula_d": {"track": "lakeside_gp", "laps": 1, "level": "advanced"},
    "formula_d_basic": {"track": "paddock_ring", "laps": 1, "level": "basic"},
    "heat": {"track": "usa", "laps": 1},
    "heat_garage": {"track": "usa", "laps": 1, "garage": True, "championship": True},
}


def texts(panel: dict) -> list[str]:
    found = [panel["title"], panel["confirm"]]
    found += [f"{label}: {words}" for label, words in panel["facts"]]
    for c in panel["choices"]:
        found += [c["label"], *c["details"], str(c.get("range", "")), str(c.get("cost", ""))]
    found += [f"{c['name']} {c['value']} {c['note']}" for c in panel.get("cards", [])]
    return found


def every_panel(game_key: str, config: dict):
    key = game_key.removesuffix("_basic").removesuffix("_garage")
    game, presentation = get_game(key), get_presentation(key)
    seats = [Seat(id=f"car{i}", name=f"Driver {i}", kind="bot", bot="pro") for i in range(4)]
    race = game.start(config, seats, "panels")
    bots = bots_for(game, seats, "panels")
    while race.pending:
        decision = race.pending[0]
        legal = race.legal_actions(decision.seat)
        view = race.view(decision.seat)
        yield decision, legal, presentation.panels.panel(decision, view, legal=legal)
        race.apply(decision.seat, bots[decision.seat].choose(view, decision))


@pytest.mark.parametrize("game_key", GAMES)
def test_every_decision_has_a_panel_of_its_legal_actions_in_words(game_key):
    widgets = set()
    for decision, legal, panel in every_panel(game_key, GAMES[game_key]):
        widgets.add((decision.kind, panel["widget"]))
        offered = sorted(repr(Action.from_dict(c["action"])) for c in panel["choices"])
        assert offered == sorted(repr(a) for a in legal), decision.kind
        for text in texts(panel):
            assert not RAW.search(text), (decision.kind, text)
    kinds = dict(widgets)
    if game_key.startswith("formula_d"):
        assert kinds["gear"] == "gear_stick" and kinds["move"] == "spaces"
    else:
        assert kinds["play_cards"] == "cards" and kinds["shift_gear"] == "gear_stick"
        assert kinds["discard"] == "cards"


def test_the_gear_stick_gives_each_gears_die_range_and_the_cost_of_skipping_down():
    """FD-B-5.2 one gear up, FD-A-6.1 skipping down costs gearbox points."""
    decision = Decision(
        "car1",
        "gear",
        "Select your gear (now 5)",
        {
            "current": 5,
            "gears": [
                {"gear": 3, "range": [4, 8], "costs": {"Gb": 1}},
                {"gear": 4, "range": [7, 12], "costs": {}},
                {"gear": 6, "range": [21, 30], "costs": {}},
            ],
            "owed": None,
        },
    )
    legal = [Action("gear", {"gear": g}) for g in (3, 4, 6)]
    view = {"me": "car1", "cars": [], "laps": 1}
    panel = get_presentation("formula_d").panels.panel(decision, view, legal=legal)
    gears = {c["gear"]: c for c in panel["choices"]}
    assert gears[3]["range"] == "die 4–8" and gears[3]["cost"] == "−1 gearbox"
    assert gears[6]["range"] == "die 21–30" and gears[6]["cost"] == ""


def test_a_move_names_its_overshoot_and_braking_before_it_is_picked():
    """FD-B-8.5 overshoot in wear points, FD-B-8.6 two missing stops eliminate, FD-B-9.1."""
    paths = [
        {"path": ["a", "b"], "to": "b", "travelled": 2, "braking": 0, "brake_kind": "none",
         "overshoots": [{"corner": "C2", "distance": 1, "missing": 1}], "eliminated": False},
        {"path": ["a"], "to": "a", "travelled": 1, "braking": 1, "brake_kind": "voluntary",
         "overshoots": [], "eliminated": False},
        {"path": ["a", "b", "c"], "to": "c", "travelled": 3, "braking": 0, "brake_kind": "none",
         "overshoots": [{"corner": "C2", "distance": 2, "missing": 2}], "eliminated": True},
    ]  # fmt: skip
    decision = Decision("car1", "move", "Move 2 spaces", {"m": 2, "paths": paths})
    legal = [Action("move", {"path": p["path"]}) for p in paths]
    panel = get_presentation("formula_d").panels.panel(
        decision, {"me": "car1", "cars": [], "level": "basic", "track": "paddock_ring"}, legal=legal
    )
    by_place = {c["place"]: c for c in panel["choices"]}
    assert by_place["b"]["details"] == ["overshoots Corner 2 by 1: −1 wear point"]
    assert by_place["a"]["details"] == ["brakes 1 space: −1 wear point"]
    assert by_place["c"]["danger"] and "out of the race" in by_place["c"]["details"][0]
    assert panel["choices"][-1]["place"] == "c"  # the way out of the race is listed last


def test_the_played_cards_show_the_speed_the_corner_and_the_heat_to_pay():
    """HEAT-B-040 speed is the cards' sum; HEAT-B-044 Heat = speed over the limit;
    HEAT-B-045 a spin-out when the engine cannot pay it."""
    corner = {"next_corner": {"id": 1, "limit": 5, "distance": 3, "beyond_finish": False}}
    assert play_summary(["red.S4.1", "red.S3.1"], {**corner, "engine": 6}) == (
        "Speed 7: through Corner 1 (limit 5), 2 Heat to pay",
        False,
    )
    assert play_summary(["red.S1.1", "red.S2.1"], {**corner, "engine": 6})[0] == (
        "Speed 3: stops before Corner 1 (limit 5)"
    )
    assert play_summary(["red.S4.1", "red.S3.1"], {**corner, "engine": 1})[1] is True
    assert "1 draw" in play_summary(["red.S4.1", "red.X01"], {**corner, "engine": 6})[0]


def test_a_game_without_panels_gets_the_plain_form_in_words():
    game, presentation = get_game("dice_race"), get_presentation("dice_race")
    seats = [Seat(id="a", name="A"), Seat(id="b", name="B")]
    race = game.start({}, seats, "x")
    decision = race.pending[0]
    legal = race.legal_actions(decision.seat)
    panel = presentation.panels.panel(decision, race.view(decision.seat), legal=legal)
    assert panel["widget"] == "form"
    assert len(panel["choices"]) == len(legal)
    assert all(not RAW.search(c["label"]) for c in panel["choices"])
