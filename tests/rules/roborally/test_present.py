"""What pages show of RoboRally (issue 15 item 7): a sentence for every
event without raw values or seat ids, the floor drawn for every step with
the robots on their squares, facing arrows, result columns, the panel's data
in the programming decision. (The platform conformance suite runs the same
through a worker once the league stores not_finished results.)"""

import re

from races.rules import Seat, get_game, get_presentation, run_bot_race

from .scenario import blank_course, race, robot

RAW = re.compile(r"\[\'|\bTrue\b|\bFalse\b|\bNone\b|\{\'|_[a-z]+_")
PRESENT = get_presentation("roborally")


def a_race(track="twin_forge", bots=("greedy", "rookie") * 3, seed=3):
    seats = [Seat(f"car{i}", f"Ana {i}", "bot", b) for i, b in enumerate(bots)]
    finished, _ = run_bot_race(get_game("roborally"), {"track": track}, seats, seed)
    return seats, finished


def test_every_event_has_a_sentence_in_words():  # RR-EVT-02
    seen = set()
    for track, seed in (("twin_forge", 3), ("shakedown", 11), ("shakedown", 5)):
        seats, finished = a_race(track, seed=seed)
        names = {s.id: s.name for s in seats}
        for event in finished.events:
            data = event.to_dict()
            assert PRESENT.words.has_words(event.type), event.type
            sentence = PRESENT.words.sentence(data, names, {})
            assert sentence and not RAW.search(sentence), (event, sentence)
            assert not any(s.id in sentence.split() for s in seats), sentence
            assert sentence != PRESENT.words.generic_sentence(names.get(event.seat, ""), event.type)
            seen.add(event.type)
    assert {"robot_moved", "robot_destroyed", "flag_touched", "race_finished"} <= seen


def test_the_floor_is_drawn_with_every_robot_and_its_facing():
    seats, finished = a_race()
    config = {"track": "twin_forge"}
    board = PRESENT.board.drawing(config)
    styles = {s.get("style") for s in board["shapes"]}
    assert {"floor", "pit", "conveyor", "express", "gear", "repair", "upgrade", "wall"} <= styles
    assert any(s["kind"] == "line" and "laser" in s["style"] for s in board["shapes"])
    assert len([s for s in board["shapes"] if s["kind"] == "square"]) == 12 * 28
    state = PRESENT.board.board_state([{"id": s.id} for s in seats], config)
    people = {s.id: {"name": s.name, "label": str(i), "colour": "#c00"} for i, s in
              enumerate(seats)}  # fmt: skip
    for event in finished.events:
        state = PRESENT.board.fold(state, event.to_dict())
    scene = PRESENT.board.scene(config, state, people)
    on_floor = [c for c in finished.view(None)["cars"] if c["square"]]
    assert len([t for t in scene["tokens"] if not t["out"]]) == len(on_floor)
    assert len([s for s in scene["shapes"] if s.get("style") == "facing"]) == len(on_floor)
    car = finished.view(None)["cars"][0]
    if car["square"]:
        assert state["cars"]["car0"]["space"] == f"q{car['square'][0]}_{car['square'][1]}"
        assert state["cars"]["car0"]["facing"] == car["facing"]


def test_result_columns_and_statuses():  # RR-OUT-02
    seats, finished = a_race()
    caps = PRESENT.capabilities.capabilities({})
    assert set(caps.statuses) == {"finished", "not_finished", "eliminated"}
    line = finished.result().order[0]
    assert PRESENT.tables.result_figures(line.figures, {}) == [
        str(line.figures["flags_touched"]), str(line.figures["lives_left"]),
        str(line.figures["damage"]), str(line.figures["destructions"]),
    ]  # fmt: skip
    config = get_game("roborally").session_config({}, {}, track="shakedown", laps=3, facts=None)
    assert config == {"track": "shakedown"}  # a race has no laps


def test_the_programming_decision_describes_the_whole_panel():  # issue 15 item 8
    a = robot("a", (5, 5), damage=5, registers=[None, None, None, None, 500])
    r = race(blank_course(), [a, robot("b", (0, 11))], seed=2)
    decision = next(d for d in r.pending if d.seat == "a")
    options = decision.options
    assert [c["card"] for c in options["hand"]] == r.view("a")["cars"][0]["hand"]
    assert all(c["words"] and c["kind"] for c in options["hand"])
    assert options["open_registers"] == [1, 2, 3, 4]
    assert options["locked_registers"] == {"5": 500}
    assert options["timer"] is False and options["timer_seconds"] == 30
    assert decision.default is None  # no random fill before the timer runs (RR-DEC-02)


def test_the_option_events_read_as_sentences():  # RR-EVT-05 option_used details
    names = {"a": "Ana", "b": "Ben"}
    events = [
        ("option_used", {"option": "Abort Switch", "details": {"register": 2, "new_card": 200}}),
        ("option_used", {"option": "Conditional Program", "details": {"register": 2, "card": 80}}),
        ("option_used", {"option": "Crab Legs", "details": {"side": "left"}}),
        ("option_used", {"option": "Dual Processor", "details": {"cards": [700, 80]}}),
        ("option_used", {"option": "Fire Control",
                         "details": {"weapon": "Fire Control", "target": "b", "register": 3}}),
        ("option_used", {"option": "Radio Control",
                         "details": {"weapon": "Radio Control", "target": "b"}}),
        ("radio_controlled", {"card": 500, "priority": 495, "by": "b"}),
        ("register_locked", {"locked": 3, "card": 510, "extra": True}),
        ("option_discarded", {"option": "Brakes", "reason": "fire_control"}),
        ("damage_taken", {"amount": 1, "source": "recompile", "new_damage": 1}),
        ("card_revealed", {"card": 490, "cards": [490, 80], "priority": 490}),
        ("recompiled", {}),
        ("flywheel_used", {}),
    ]  # fmt: skip
    said = []
    for kind, data in events:
        sentence = PRESENT.words.sentence({"type": kind, "seat": "a", "data": data}, names, {})
        assert sentence != PRESENT.words.generic_sentence("Ana", kind), kind
        assert sentence.startswith("Ana") and not RAW.search(sentence), sentence
        said.append(sentence)
    assert "Ana uses Fire Control to lock register 3 of Ben." in said
    assert "Ana reveals Move 1 (490) with Turn Right (80)." in said
    assert "Ana is radio controlled by Ben and runs a copy of Move 1 (500)." in said


def test_the_program_panel_offers_pairs_and_cards_put_aside():  # RR-DEC-01, RR-OPT-08 #5, #6
    a = robot("a", (5, 5), damage=5, options=["Crab Legs", "Conditional Program"],
              registers=[None, None, None, None, [490, 80]])  # fmt: skip
    r = race(blank_course(), [a, robot("b", (0, 11))], seed=2, options=True)
    decision = next(d for d in r.pending if d.seat == "a")
    panel = PRESENT.panels.panel(decision, r.view("a"), legal=r.legal_actions("a"))
    assert panel["widget"] == "registers" and panel["second"] == "with a turn (Crab Legs)"
    assert [a["param"] for a in panel["asides"]] == ["conditional"]
    locked = panel["slots"][4]
    assert locked["locked"] and [c["name"] for c in locked["cards"]] == ["Move 1", "Turn Right"]
    assert [s["locked"] for s in panel["slots"]] == [False] * 4 + [True]


def test_no_sentence_holds_an_option_card_name():
    """RR-OPT-08's 26 cards are each translated once, as their own message
    (context "option card", rules/option_cards.py); no other message marked for
    translation in the RoboRally package holds a card's name (each comes in
    as a named argument), so a card reads the same in every sentence and a
    translator never translates "Gear" in Ramming Gear as the floor's gear
    the glossary asks for; the English sentences still name the card."""
    import ast
    from pathlib import Path

    import races.rules.roborally as package
    from races.rules.roborally.rules.option_cards import OPTION_NAMES

    keywords = {"_", "gettext", "ngettext", "pgettext", "N_"}
    held = []
    for path in Path(package.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in keywords:
                first = node.args[0] if node.args else None
                if isinstance(first, ast.Constant) and first.value == "option card":
                    continue  # the cards' names themselves
                for arg in node.args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        held += [(path.name, n) for n in OPTION_NAMES if n in arg.value]
    assert held == []
    names = {"a": "Ana", "b": "Ben"}
    for kind, data, expected in [
        ("damage_taken", {"amount": 1, "source": "ramming_gear", "new_damage": 2, "by": "b"},
         "Ana takes 1 damage from Ben's Ramming Gear (now 2)."),
        ("damage_prevented", {"amount": 1, "by": "ablative_coat"},
         "Ana prevents 1 damage with Ablative Coat."),
        ("option_discarded", {"option": "Brakes", "reason": "fire_control"},
         "Ana loses Brakes to Fire Control."),
        ("flywheel_used", {}, "Ana takes the card kept on the Flywheel back into the hand."),
    ]:  # fmt: skip
        said = PRESENT.words.sentence({"type": kind, "seat": "a", "data": data}, names, {})
        assert said == expected
