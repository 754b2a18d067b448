"""The games' words go through the reader's catalogue (issue 17,
races/rules/speech.py): with a catalogue installed that marks every message
it translates, every sentence, panel, board label, results column and car
fact of Formula D and Heat comes out marked, so none of them skips the
translation; and the words are translated when said, not once at import (a
board drawn in one language is not shown in another)."""

import pytest

from races.rules import Seat, bots_for, get_game, get_presentation, speech

MARK = "⟦"
GAMES = {
    "formula_d": {"track": "lakeside_gp", "laps": 2, "level": "advanced", "weather": True,
                  "tire_choice": True, "technical_pit_stops": True},
    "formula_d_street": {"track": "lakeside_night", "laps": 1, "level": "advanced",
                         "special_drivers": True},
    "formula_d_basic": {"track": "paddock_ring", "laps": 1, "level": "basic"},
    "heat": {"track": "usa", "laps": 1, "weather": True},
    "heat_garage": {"track": "usa", "laps": 1, "garage": True, "championship": True},
}  # fmt: skip


def install_marks() -> dict:
    """A catalogue that marks what it translates; returns the one it replaces."""
    before = dict(speech._catalogue)
    speech.install(
        lambda message: MARK + message,
        lambda one, many, count: MARK + (one if count == 1 else many),
        lambda context, message: MARK + message,
    )
    return before


@pytest.fixture
def marking():
    before = install_marks()
    yield
    speech.install(**before)


def said(panel: dict) -> list[str]:
    """Every text of a panel that is words (not a number or a name)."""
    found = [panel["title"], panel["confirm"]]
    found += [label for label, _ in panel["facts"]]
    for c in panel["choices"]:
        found += [c["label"], *c["details"], c.get("range") or MARK]
        if isinstance(c.get("cost"), str):  # a move's cost is its number of details
            found.append(c["cost"] or MARK)
    for card in panel.get("cards", []):
        if card["style"] != "sponsor":  # a sponsor's name is a name
            found.append(card["name"])
        found.append(card["note"] or MARK)
    return found


def race_through(game_key: str, config: dict):
    key = game_key.split("_")[0] if game_key.startswith("heat") else "formula_d"
    game, presentation = get_game(key), get_presentation(key)
    seats = [Seat(id=f"car{i}", name=f"Driver {i}", kind="bot", bot="pro") for i in range(4)]
    race = game.start(config, seats, "speech")
    bots = bots_for(game, seats, "speech")
    panels = []
    while race.pending:
        decision = race.pending[0]
        legal = race.legal_actions(decision.seat)
        view = race.view(decision.seat)
        panels.append(presentation.panels.panel(decision, view, legal=legal))
        race.apply(decision.seat, bots[decision.seat].choose(view, decision))
    return presentation, seats, race, panels


@pytest.mark.parametrize("game_key", GAMES)
def test_every_word_a_game_shows_goes_through_the_catalogue(game_key, marking):
    config = GAMES[game_key]
    presentation, seats, race, panels = race_through(game_key, config)
    names = {s.id: s.name for s in seats}
    events = [e.to_dict() for e in race.events]
    for event in events:
        sentence = presentation.words.sentence(event, names, config)
        assert MARK in sentence, (event["type"], sentence)
    for panel in panels:
        for text in said(panel):
            assert MARK in text, (panel["kind"], text)
    board = presentation.board.drawing(config)
    labels = [s["text"] for s in board["shapes"] if s["kind"] == "label"]
    assert labels and all(MARK in label for label in labels), labels
    capabilities = presentation.capabilities.capabilities(config)
    columns = capabilities.result_columns + capabilities.live_columns
    assert all(column.label.startswith(MARK) for column in columns)
    assert all(label.startswith(MARK) for _, label in capabilities.bots)
    state = presentation.board.board_state([{"id": s.id} for s in seats], config)
    for event in events:
        state = presentation.board.fold(state, event)
    facts = [
        label for car in state["cars"].values() for label, _ in presentation.board.car_facts(car)
    ]
    assert facts and all(label.startswith(MARK) for label in facts)


@pytest.mark.parametrize(("game_key", "track"), [("formula_d", "paddock_ring"), ("heat", "usa")])
def test_a_board_is_named_in_the_language_it_is_drawn_for(game_key, track):
    presentation = get_presentation(game_key)
    config = {"track": track}

    def labels():
        return [
            s["text"] for s in presentation.board.drawing(config)["shapes"] if s["kind"] == "label"
        ]

    english = labels()
    before = install_marks()
    try:
        marked = labels()
    finally:
        speech.install(**before)
    assert english and all(MARK not in label for label in english)
    assert marked == [MARK + label for label in english]
    assert labels() == english


def test_without_a_catalogue_the_words_are_the_english_ones():
    presentation = get_presentation("formula_d")
    event = {"type": "moved", "seat": "car1", "data": {"travelled": 1, "kind": "slipstream"}}
    assert (
        presentation.words.sentence(event, {"car1": "Ana"})
        == "Ana moves 1 space in the slipstream."
    )
    event["data"]["travelled"] = 3
    assert (
        presentation.words.sentence(event, {"car1": "Ana"})
        == "Ana moves 3 spaces in the slipstream."
    )
