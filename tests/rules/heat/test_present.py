"""What pages show of Heat, through the five parts of the presentation (races/rules/face),
and what the rules add to a hosted session's config (HEAT-CHAMP-01, -03, -06)."""

import re

from races.rules import Seat, get_game, get_presentation, run_bot_race
from races.rules.contract import SessionFacts
from races.rules.face import Presentation

RAW = re.compile(r"\[\'|\bTrue\b|\bFalse\b|\bNone\b|\{\'|_[a-z]+_")
PRESENT = get_presentation("heat")
GAME = get_game("heat")


def _race(config, bots=("pro", "rookie", "pro"), seed=3):
    seats = [Seat(f"car{i}", f"Ana {i}", "bot", b) for i, b in enumerate(bots)]
    finished, _ = run_bot_race(GAME, config, seats, seed)
    return seats, finished


def test_the_presentation_has_the_five_parts():
    assert isinstance(PRESENT, Presentation) and PRESENT.game_key == "heat"
    caps = PRESENT.capabilities.capabilities({"heavy_rain": True})
    assert caps.max_seats == 7 and ("legend", "Legend (Legends module)") in caps.bots
    assert PRESENT.capabilities.option_words("garage").label == "Garage"
    assert PRESENT.panels.decision_words["shift_gear"] == "Shift gear"


def test_every_event_of_a_race_has_a_sentence_in_words():
    seen = set()
    for config in ({"track": "usa", "garage": True, "weather": True}, {"season": "1961"}):
        seats, finished = _race(config)
        names = {s.id: s.name for s in seats}
        for event in finished.events:
            words = PRESENT.words
            assert words.has_words(event.type), event.type
            sentence = words.sentence(event.to_dict(), names, finished.state.config)
            assert sentence and not RAW.search(sentence), (event, sentence)
            assert not any(s.id in sentence.split() for s in seats), sentence
            seen.add(event.type)
    assert {"moved", "corner_checked", "upgrade_picked", "sponsorship_gained"} <= seen
    assert PRESENT.words.opens_step({"type": "turn_order_fixed"})


def test_the_board_follows_the_log_and_the_tables_the_race():
    seats, finished = _race({"track": "italy"})
    config = finished.state.config
    state = PRESENT.board.board_state([{"id": s.id} for s in seats], config)
    for event in finished.events:
        state = PRESENT.board.fold(state, event.to_dict())
    people = {s.id: {"name": s.name, "label": str(i), "colour": "red"} for i, s in enumerate(seats)}
    scene = PRESENT.board.scene(config, state, people)
    assert scene is not None and PRESENT.board.drawing(config)["title"] == "Italy"
    assert all(car["status"] == "finished" for car in state["cars"].values())
    progress = PRESENT.tables.progress(finished.view(None), finished.events, True)
    assert progress["percent"] == 100 and sorted(progress["order"]) == sorted(s.id for s in seats)
    figures = finished.result().order[0].figures
    assert len(PRESENT.tables.result_figures(figures, {})) == 3
    assert PRESENT.tables.running_orders(e.to_dict() for e in finished.events)


def test_a_session_of_a_season_names_its_race_seed_and_grid():
    facts = SessionFacts(round_number=3, season_key="league-7", grid=("b", "a"))
    config = GAME.session_config({"season": "custom"}, {}, track="usa", laps=None, facts=facts)
    assert config == {
        "season": "custom",
        "track": "usa",
        "season_race": 3,
        "season_seed": "league-7",
        "grid": ["b", "a"],
    }
    plain = GAME.session_config({}, {"weather": True}, track="gbr", laps=2, facts=SessionFacts())
    assert plain == {"weather": True, "track": "gbr", "laps": 2}
