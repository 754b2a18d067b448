"""A race's record checked with the engines alone (races/rules/record.py):
the records stored before the floor plan verify, and every one-byte change
of an action that still reads as a record fails, whichever byte it is."""

import json
import random
from pathlib import Path

import pytest

from races.rules import Seat
from races.rules.record import (
    RecordError,
    record_make,
    record_read,
    record_text,
    record_verify,
)

STORED = Path(__file__).resolve().parents[1] / "platform" / "data" / "stored_sessions.json"
RECORDS = json.loads(STORED.read_text())
ENGINE_SEAT = ("id", "name", "kind", "bot", "team", "setup")


def record_of(stored: dict) -> dict:
    seats = [Seat.from_dict({key: seat[key] for key in ENGINE_SEAT}) for seat in stored["seats"]]
    return record_make(
        game=stored["game"],
        config=stored["config"],
        seats=seats,
        seed=stored["seed"],
        actions=stored["actions"],
        log_sha256=stored["log_sha256"],
    )


@pytest.mark.parametrize("stored", RECORDS, ids=lambda r: f"{r['game']}-{r['seed']}")
def test_a_stored_race_verifies_from_its_record(stored):
    verdict = record_verify(record_read(record_text(record_of(stored))))
    assert verdict.matches and verdict.replayed == stored["log_sha256"]


def byte_changes(text: str):
    """Every one-character change of `text` to a neighbouring character
    (a digit to the next digit, any character to its bit-flipped twin)."""
    for at, char in enumerate(text):
        others = {chr(ord(char) ^ 1)}
        if char.isdigit():
            others.add(str((int(char) + 1) % 10))
        for other in others - {char}:
            yield text[:at] + other + text[at + 1 :]


@pytest.mark.parametrize("game", ["formula_d", "heat", "roborally", "galaxy_trucker"])
def test_any_byte_of_an_action_changed_fails(game):
    stored = next(r for r in RECORDS if r["game"] == game)
    record = record_of(stored)
    tried = 0
    for number in random.Random(game).sample(range(len(record["actions"])), 2):
        encoded = record_text(record["actions"][number])
        for changed in byte_changes(encoded):
            try:
                step = json.loads(changed)
            except ValueError:
                continue  # not JSON: no record at all
            forged = {**record, "actions": [*record["actions"]]}
            forged["actions"][number] = step
            try:
                read = record_read(record_text(forged))
            except RecordError:
                continue
            tried += 1
            assert not record_verify(read).matches, (number, encoded, changed)
    assert tried > 20


def test_a_file_that_is_not_a_record_is_refused():
    for text in ["not json", "[]", '{"format": "other"}', '{"format": "paddock-session-record/1"}']:
        with pytest.raises(RecordError):
            record_read(text)


def test_a_changed_hash_or_a_missing_last_action_fails():
    record = record_of(RECORDS[2])
    assert not record_verify({**record, "log_sha256": "0" * 64}).matches
    short = record_verify({**record, "actions": record["actions"][:-1]})
    assert not short.matches and "not finished" in short.problem
