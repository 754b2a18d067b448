"""The event lines the engine writes itself (lines.py, issue 27) are exactly
what the log's encoder writes: every kept line of races on both courses,
with every bot and option cards held, against the encoder's own line; and
a shape a writer does not know is left to the encoder."""

import pytest

from races.rules import Seat, get_game, run_bot_race
from races.rules.log import _canonical_line, canonical_line
from races.rules.roborally.rules.course import course_ids
from races.rules.roborally.rules.lines import DATA_LINES

GAME = get_game("roborally")


@pytest.mark.parametrize("course_id", course_ids())
@pytest.mark.parametrize("config", [{}, {"options": True, "push_damage": True, "lives": 1}])
def test_every_written_line_is_the_encoders(course_id, config):
    written = 0
    for seed in range(3):
        bots = ("greedy", "rookie", "pro")
        seats = [Seat(f"r{i + 1}", f"Robot {i + 1}", "bot", bots[i % 3]) for i in range(5)]
        race, _ = run_bot_race(GAME, {"track": course_id, **config}, seats, seed)
        for event in race.events:
            kept = event.__dict__.get("_canonical_line")
            if kept is not None:
                written += 1
                assert kept == _canonical_line(event), event
    assert written > 100


def test_an_unknown_shape_is_left_to_the_encoder():
    seats = [Seat("r\u00e9", "R", "bot", "greedy"), Seat("r2", "R2", "bot", "greedy")]
    race = GAME.start({"track": course_ids()[0]}, seats, 1)
    f = race.f
    odd = f.emit("robot_moved", "r\u00e9", **{"from": [1, 2], "to": (1, 3), "facing": "N",
                                              "cause": "card"})  # fmt: skip
    assert "_canonical_line" not in odd.__dict__
    plain = f.emit("robot_moved", "r\u00e9", **{"from": [1, 2], "to": [1, 3], "facing": "N",
                                                "cause": "card\n"})  # fmt: skip
    assert plain.__dict__["_canonical_line"] == _canonical_line(plain)
    assert canonical_line(plain) == _canonical_line(plain)
    assert all(callable(write) for write in DATA_LINES.values())


@pytest.mark.parametrize(
    "value", [[1, -2], [[0, 1], [12, 3]], [], [True, 1], [(1, 2)], [1.0], ["1"], (1, 2), [None]]
)
def test_a_list_is_written_only_when_it_is_ints(value):
    from races.rules.log import _encode_data
    from races.rules.roborally.rules.lines import _ints

    text = _ints(value)
    assert text is None or text == _encode_data(value)
    assert (text is None) == (value not in ([1, -2], [[0, 1], [12, 3]], []))
