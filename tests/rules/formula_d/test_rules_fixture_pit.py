"""Rules that need a fixture track (FD-T-16): a pit lane short enough for a fast-stop exit
move to reach the main track."""

import json

import pytest

from races.rules.formula_d.rules import layout, track

from .driving import act, events_of, gear, lane, move, scenario

QUIET = ["black:10"] * 4

SHORT_PIT = layout.Plan(
    id="fixture_short_pit",
    name="Short pit fixture",
    segments=[layout.S(12), layout.C(4, 1), layout.S(14)],
    pit=layout.PitPlan(
        entry_rank=26,
        ranks=[27, 28, 29, 0, 1, 2, 3],
        box_index={"yellow": 2, "red": 3, "blue": 4, "green": 5, "white": 6},
        exit_rank=4,
    ),
)


@pytest.fixture
def short_pit(tmp_path, monkeypatch):
    (tmp_path / f"{SHORT_PIT.id}.json").write_text(json.dumps(layout.build(SHORT_PIT)))
    monkeypatch.setattr(track, "DATA", tmp_path)
    yield SHORT_PIT.id
    track.load_track.cache_clear()


def leader() -> dict:
    return {"seat": "B", "space": "r5l2", "lap": 2, "gear": 4}


def test_fd_a_10_10_control_a_driven_move_to_the_same_space_may_slipstream(short_pit):
    """FD-A-10.1 on the fixture: the position itself allows a slipstream."""
    race = scenario(
        [{"seat": "A", "space": "r26l2", "lap": 1, "gear": 4}, leader()],
        track=short_pit,
        dice=["g4:8", *QUIET],
        order=["A", "B"],
        level="advanced",
        laps=3,
    )
    gear(race, "A", 4)
    move(race, "A", [*lane(2, 27, 29), *lane(2, 0, 4)])
    assert race.pending[0].kind == "slipstream"


def test_fd_a_10_10_and_amb_25_no_slipstream_after_a_fast_stop_exit(short_pit):
    """FD-A-10.10, FD-AMB-25: the exit move ends behind B in gear 4, yet no slipstream."""
    race = scenario(
        [
            {"seat": "A", "space": "r26l2", "lap": 1, "gear": 2, "colour": "red"},
            leader(),
        ],
        track=short_pit,
        dice=["g2:3", "black:10", *QUIET],
        order=["A", "B"],
        level="advanced",
        laps=3,
        turns=2,
    )
    gear(race, "A", 2)
    move(race, "A", ["p1", "p2", "box_red"])
    assert race.pending[0].kind == "fast_exit" and race.pending[0].options["m"] == 5
    act(race, "A", "fast_exit", path=["p4", "p5", "p6", "p7", "r4l2"])
    car = race.state.by_seat["A"]
    assert race.state.track.ids[car.space] == "r4l2" and car.gear == 4
    assert not any(d.kind == "slipstream" for d in race.pending)
    assert [e["kind"] for e in events_of(race, "moved")] == ["main", "fast_exit"]


def test_fd_a_10_9_a_slipstream_never_turns_into_the_pit_lane(short_pit):
    """FD-A-10.9: the shapes through the entry space r26l2 go on along the track."""
    race = scenario(
        [
            {"seat": "A", "space": "r17l1", "lap": 1, "gear": 4},
            {"seat": "B", "space": "r26l1", "lap": 1, "gear": 4},
        ],
        track=short_pit,
        dice=["g4:8", *QUIET],
        order=["A", "B"],
        level="advanced",
        laps=3,
    )
    gear(race, "A", 4)
    move(race, "A", lane(1, 18, 25))
    paths = [p["path"] for p in race.pending[0].options["paths"]]
    assert ["r26l2", "r27l2"] in paths
    assert not any(s.startswith("p") for p in paths for s in p)


def test_fd_a_10_9_control_a_main_move_may_turn_in_there(short_pit):
    """FD-B-12.1 on the fixture: p1 follows r26l2 on lap 1 of 3."""
    race = scenario(
        [
            {"seat": "A", "space": "r24l2", "lap": 1, "gear": 2, "colour": "red"},
            {"seat": "B", "space": "r5l0", "lap": 1, "gear": 1},
        ],
        track=short_pit,
        dice=["g2:3"],
        order=["A", "B"],
        level="advanced",
        laps=3,
    )
    gear(race, "A", 2)
    move(race, "A", ["r25l2", "r26l2", "p1"])
    assert race.state.by_seat["A"].pit == "lane"
