"""Track data and the validator (FD-T-1 to FD-T-15)."""

import copy
import json

import pytest

from races.rules.formula_d.rules import layout
from races.rules.formula_d.rules.track import DATA, TrackError, load_track, track_from_data


def data(track_id: str) -> dict:
    return json.loads((DATA / f"{track_id}.json").read_text())


def test_paddock_ring_matches_its_table():
    """FD-T-13."""
    t = load_track("paddock_ring")
    assert t.L == 60 and sum(1 for k in t.kind_of if k == 0) == 168
    corners = {c.id: c for c in t.corners}
    assert [c.stops for c in t.corners] == [1, 1, 2, 1]
    assert sorted(corners["T1"].spaces) == sorted(
        ["r8l0", "r9l0", "r10l0", "r11l0", "r8l1", "r9l1", "r10l1", "r8l2", "r10l2"]
    )
    assert {s for s in corners["T3"].spaces if s.endswith("l2")} == {"r32l2", "r33l2", "r35l2"}
    assert (corners["T3"].shortest, corners["T3"].longest) == (3, 5)
    assert t.ids[t.grid_slots[0]] == "r59l2" and t.ids[t.grid_slots[1]] == "r58l0"
    assert t.ids[t.qualifying_start] == "r59l1"
    assert {c: t.ids[b] for c, b in t.boxes.items()}["green"] == "box_green"
    assert t.pit_index[t.boxes["red"]] == 4


def test_lakeside_grand_prix_matches_its_table():
    """FD-T-14."""
    t = load_track("lakeside_gp")
    assert t.L == 120 and sum(1 for k in t.kind_of if k == 0) == 342
    assert [c.stops for c in t.corners] == [2, 1, 1, 3, 2, 1, 2]
    assert [(c.shortest, c.longest) for c in t.corners] == [
        (3, 5),
        (2, 3),
        (3, 4),
        (4, 7),
        (3, 5),
        (2, 3),
        (4, 6),
    ]
    c2 = t.corners[1]
    assert {s for s in c2.spaces if s.endswith("l0")} == {"r31l0", "r32l0"}
    assert t.pit_index[t.boxes["white"]] == 10


def test_lakeside_by_night_has_its_zones_and_tunnel():
    """FD-T-15, FD-T-4.6."""
    t = load_track("lakeside_night")
    zone = {t.ids[i]: z for i, z in enumerate(t.zone) if z}
    assert zone["r52l1"] == "residential" and zone["r86l2"] == "danger"
    assert zone["r24l0"] == "police" and zone["r36l2"] == "tunnel_entry"
    assert [t.ids[n[0]] for n in t.next[t.index["r36l1"]]] == ["r37l1"]


def test_the_shipped_files_are_what_the_generator_builds():
    """FD-T-12.1: the data files come from the segment tables."""
    for plan in layout.SHIPPED:
        assert layout.build(plan) == data(plan.id)


def broken(track_id: str, change) -> dict:
    d = copy.deepcopy(data(track_id))
    change(d)
    return d


def test_a_dangling_link_is_named():
    def cut(d):
        d["spaces"][0]["next"][0]["to"] = "r999l9"

    with pytest.raises(TrackError, match="links to missing space 'r999l9'"):
        track_from_data(broken("paddock_ring", cut))


def test_a_corner_without_stops_is_named():
    def cut(d):
        d["corners"][2]["stops"] = 0

    with pytest.raises(TrackError, match="corner T3 must require 1, 2 or 3 stops"):
        track_from_data(broken("paddock_ring", cut))


def test_a_track_without_a_finish_line_is_refused():
    def cut(d):
        for s in d["spaces"]:
            for link in s["next"]:
                link.pop("crosses_line", None)

    with pytest.raises(TrackError, match="finish line"):
        track_from_data(broken("paddock_ring", cut))


def test_a_missing_pit_box_is_named():
    def cut(d):
        del d["pit"]["boxes"]["blue"]

    with pytest.raises(TrackError, match="pit box for blue is missing"):
        track_from_data(broken("paddock_ring", cut))


def test_wrong_corner_signs_are_refused():
    """FD-T-5.2."""

    def cut(d):
        d["corners"][0]["longest"] = 9

    with pytest.raises(TrackError, match="corner T1 signs"):
        track_from_data(broken("paddock_ring", cut))


def test_a_fixture_track_can_be_built_from_segments():
    """FD-T-16.1."""
    plan = layout.Plan("fixture", "Fixture", [layout.S(10), layout.C(4, 2), layout.S(10)])
    t = track_from_data(layout.build(plan))
    assert t.L == 24 and t.corners[0].stops == 2
