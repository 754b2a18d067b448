"""Golden playthroughs (STYLE.md 15): seed-fixed bot races whose log hash,
length and finishing order are committed; any change to the rules' output
shows here first. Regenerate only for an intended change of the rules."""

import json
from pathlib import Path

import pytest

from races.rules import Seat, get_game, run_bot_race

GOLDEN = json.loads((Path(__file__).parent / "golden.json").read_text())


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_a_seed_fixed_race_gives_the_committed_log(name):
    track = name.rsplit("-", 1)[0]
    golden = GOLDEN[name]
    seats = [Seat(f"r{i}", f"Robot {i}", "bot", b) for i, b in enumerate(golden["bots"])]
    race, _ = run_bot_race(get_game("roborally"), {"track": track}, seats, golden["seed"])
    result = race.result()
    assert [[p.seat, p.status, p.figures["flags_touched"]] for p in result.order] == golden["order"]
    assert (len(race.events), result.rounds) == (golden["events"], golden["turns"])
    assert result.log_sha256 == golden["log_sha256"]
