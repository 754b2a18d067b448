"""RoboRally's squares, durations and program cards in words, in all four
languages (issue 24, item 2): a square is its column letter and row number
as marked on the floor, with what lies on it, never "(5, 10)"; a time limit
is days, hours and minutes, never "86400 seconds"; a card is named as the
seed and the glossary (locale/glossary) name it; and no sentence of a whole
race calls a robot "its"."""

import re
import tomllib
from pathlib import Path

import pytest
from django.utils import translation

from races.rules import get_game, get_presentation
from races.rules.contract import Seat
from races.rules.roborally.present.cards import card_name
from races.rules.roborally.present.squares import (
    column_mark,
    duration_words,
    square_mark,
    square_words,
)
from races.rules.roborally.rules.validate import load_course

LANGUAGES = ("en", "ja", "pl", "zh-hant")
GLOSSARY = Path(__file__).resolve().parents[2] / "locale" / "glossary"
COORDINATES = re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)|column \d+, row \d+")


def glossary(language: str) -> dict:
    name = {"en": "en", "ja": "ja", "pl": "pl", "zh-hant": "zh_Hant"}[language]
    return tomllib.loads((GLOSSARY / f"{name}.toml").read_text(encoding="utf-8"))["roborally"]


def test_a_square_is_its_column_letter_and_row_number_as_marked_on_the_floor():
    assert square_mark((0, 0)) == "A1"
    assert square_mark((11, 15)) == "L16"
    assert [column_mark(x) for x in (0, 25, 26, 27)] == ["A", "Z", "AA", "AB"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_square_says_what_lies_on_it_in_the_readers_language(language):
    course = load_course("shakedown")
    dock = course.docks[1]
    flag = course.flags[0]
    belt = next(sq for sq, spot in course.floor.items() if spot["type"] == "conveyor")
    words = glossary(language)
    with translation.override(language):
        at_dock = square_words((dock["x"], dock["y"]), "shakedown")
        at_flag = square_words(flag, "shakedown")
        on_belt = square_words(belt, "shakedown")
        plain = square_words((dock["x"], dock["y"]), None)
    assert at_dock.startswith(square_mark((dock["x"], dock["y"])))
    assert "1" in at_dock and at_dock != plain
    assert words["flag"] in at_flag
    assert words["conveyor"] in on_belt
    for said in (at_dock, at_flag, on_belt, plain):
        assert not COORDINATES.search(said), said


@pytest.mark.parametrize(
    ("seconds", "english"),
    [(86400, "1 day"), (9000, "2 hours 30 minutes"), (45, "45 seconds"), (90061, None)],
)
def test_a_time_limit_is_said_in_days_hours_and_minutes(seconds, english):
    with translation.override("en"):
        said = duration_words(seconds)
    if english:
        assert said == english
    assert "86400" not in said and not re.search(r"\d{3,}", said)


@pytest.mark.parametrize(
    ("language", "day"), [("en", "1 day"), ("ja", "1日"), ("pl", "1 dzień"), ("zh-hant", "1 天")]
)
def test_a_day_is_a_day_in_every_language(language, day):
    with translation.override(language):
        assert duration_words(86400) == day


@pytest.mark.parametrize("language", LANGUAGES)
def test_program_cards_are_named_as_the_seed_and_the_glossary_name_them(language):
    words = glossary(language)
    with translation.override(language):
        pairs = [("U-Turn", 10), ("Turn Left", 70), ("Turn Right", 80), ("Back Up", 430)]
        named = {term: card_name(priority) for term, priority in pairs}
        moves = [card_name(p) for p in (490, 670, 790)]
    for term, name in named.items():
        assert name == words[term], (term, name)
    assert len(set(moves)) == 3 and all(m.endswith(("1", "2", "3")) for m in moves)
    if language != "en":
        assert not {"Move 1", "Back Up", "U-Turn"} & {*named.values(), *moves}


def whole_race_said(language: str) -> list[str]:
    game = get_game("roborally")
    seats = [Seat(f"car{n}", f"Robot {n}", kind="bot", bot="greedy") for n in (1, 2, 3, 4)]
    config = {"track": "twin_forge", "max_turns": 6}
    race = game.start(config, seats, "24")
    bots = {s.id: game.bot("greedy", seed="24", seat=s.id) for s in seats}
    while race.pending:
        decision = race.pending[0]
        race.apply(decision.seat, bots[decision.seat].choose(race.view(decision.seat), decision))
    words = get_presentation("roborally").words
    names = {s.id: s.name for s in seats}
    with translation.override(language):
        return [words.sentence(e.to_dict(), names, config) for e in race.events]


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_sentence_of_a_whole_race_says_a_coordinate(language):
    said = whole_race_said(language)
    assert any(re.search(r"(?<![A-Za-z])[A-L]\d{1,2}(?!\d)", s) for s in said), "squares by marks"
    for sentence in said:
        assert not COORDINATES.search(sentence), sentence
        assert not re.search(r"\d{3,} seconds", sentence), sentence


def test_no_sentence_calls_a_robot_its():
    for sentence in whole_race_said("en"):
        assert not re.search(r"\bits\b|\bit\b", sentence), sentence
