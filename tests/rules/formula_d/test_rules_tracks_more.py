"""Track data model and the shipped tracks, rule by rule (FD-T-1 to FD-T-15)."""

import json

import pytest

from races.rules.formula_d.rules.track import DATA, TrackError, load_track, track_from_data

SHIPPED = ["paddock_ring", "lakeside_gp", "lakeside_night"]


def data(track_id: str) -> dict:
    return json.loads((DATA / f"{track_id}.json").read_text())


@pytest.mark.parametrize("track_id", SHIPPED)
def test_fd_t_1_1_a_track_record_has_the_listed_fields(track_id):
    """FD-T-1.1."""
    d = data(track_id)
    for key in ("id", "name", "kind", "L", "spaces", "corners", "straights", "grid_slots"):
        assert key in d
    assert "qualifying_start" in d
    assert d["kind"] == ("street" if track_id == "lakeside_night" else "circuit")


def test_fd_t_1_1_the_loader_names_the_space_that_breaks_a_rule():
    """FD-T-1.1, FD-T-2.2: a track space in no corner and no straight is refused."""
    d = data("paddock_ring")
    d["spaces"][0]["straight"] = None
    with pytest.raises(TrackError, match="space r0l0 must be in exactly one corner or straight"):
        track_from_data(d)


@pytest.mark.parametrize("track_id", SHIPPED)
def test_fd_t_2_1_to_2_4_every_space_has_an_id_a_kind_and_its_attributes(track_id):
    """FD-T-2.1, FD-T-2.2, FD-T-2.4."""
    d = data(track_id)
    for s in d["spaces"]:
        assert s["kind"] in ("track", "pit_lane", "pit_box")
        if s["kind"] == "track":
            assert s["id"] == f"r{s['rank']}l{s['lane']}"
            assert 0 <= s["rank"] < d["L"]
            assert (s["corner"] is None) != (s["straight"] is None)
            assert s["zone"] in (
                None,
                "residential",
                "danger",
                "police",
                "tunnel_entry",
                "tunnel_exit",
            )
            assert s["zone"] is None or track_id == "lakeside_night"
        elif s["kind"] == "pit_lane":
            assert s["id"] == f"p{s['pit_index']}"
        else:
            assert s["id"].startswith("box_")


def test_fd_t_2_2_grid_slots_are_marked_on_their_spaces():
    """FD-T-2.2: `grid_slot` is 1..10 on the grid spaces, null elsewhere."""
    d = data("paddock_ring")
    slots = {s["id"]: s["grid_slot"] for s in d["spaces"] if s["kind"] == "track"}
    assert sorted(v for v in slots.values() if v) == list(range(1, 11))
    assert slots["r59l2"] == 1 and slots["r58l0"] == 2 and slots["r30l1"] is None


@pytest.mark.parametrize("track_id", SHIPPED)
def test_fd_t_2_3_and_2_5_ranks_hold_two_to_four_contiguous_lanes(track_id):
    """FD-T-2.3, FD-T-2.5: straight steps add one rank; lanes at a rank are contiguous."""
    t = load_track(track_id)
    lanes: dict[int, set[int]] = {}
    for i, kind in enumerate(t.kind_of):
        if kind == 0:
            lanes.setdefault(t.rank[i], set()).add(t.lane[i])
    straight_ranks = {t.rank[i] for i, k in enumerate(t.kind_of) if k == 0 and t.straight[i] >= 0}
    # corner ranks are exempt: an inner lane skips ranks there (FD-T-5.3)
    for rank in straight_ranks:
        present = lanes[rank]
        assert 2 <= len(present) <= 4, rank
        assert present == set(range(min(present), max(present) + 1)), rank
    for i, kind in enumerate(t.kind_of):
        if kind == 0 and t.straight[i] >= 0 and t.ahead[i] >= 0:
            assert t.rank[t.ahead[i]] == (t.rank[i] + 1) % t.L


def test_fd_t_2_3_an_inner_corner_lane_skips_ranks():
    """FD-T-2.3: T1's inside lane has r8l2 and r10l2 only."""
    t = load_track("paddock_ring")
    assert "r9l2" not in t.index and "r11l2" not in t.index
    assert {t.ids[n[0]] for n in t.next[t.index["r8l2"]]} >= {"r10l2"}


def test_fd_t_3_and_7_1_the_lap_counter_grows_at_the_crossing_step():
    """FD-T-3, FD-T-7.1: exactly the rank L-1 -> 0 steps cross the line."""
    t = load_track("paddock_ring")
    crossings = [
        (t.ids[i], t.ids[link[0]]) for i in range(len(t.ids)) for link in t.next[i] if link[2]
    ]
    track_crossings = [(a, b) for a, b in crossings if a.startswith("r")]
    assert track_crossings and all(
        a.startswith("r59l") and b.startswith("r0l") for a, b in track_crossings
    )
    assert ("p11", "p12") in crossings


def test_fd_t_4_1_forward_links_are_straight_or_diagonal_with_flags():
    """FD-T-4.1: at most one straight link; pit_entry flagged on the entry step."""
    d = data("paddock_ring")
    for s in d["spaces"]:
        straight = [link for link in s["next"] if link["kind"] == "straight"]
        assert len(straight) <= 1, s["id"]
    r48 = next(s for s in d["spaces"] if s["id"] == "r48l2")
    assert {"to": "p1", "kind": "pit_entry", "pit_entry": True} in r48["next"]
    assert {"to": "r49l1", "kind": "diagonal"} in r48["next"]


def test_fd_t_4_3_and_4_4_ahead_is_the_straight_successor_and_sides_share_the_rank():
    """FD-T-4.3, FD-T-4.4."""
    t = load_track("paddock_ring")
    i = t.index["r5l1"]
    assert t.ids[t.ahead[i]] == "r6l1"
    assert sorted(t.ids[s] for s in t.sides[i]) == ["r5l0", "r5l2"]
    assert [t.ids[s] for s in t.sides[t.index["r5l0"]]] == ["r5l1"]


def test_fd_t_4_7_and_9_2_pit_spaces_carry_index_and_rank():
    """FD-T-4.7, FD-T-9.2: a box has its attached pit index and the rank it runs beside."""
    d = {s["id"]: s for s in data("paddock_ring")["spaces"]}
    assert (d["p1"]["pit_index"], d["p1"]["pit_rank"]) == (1, 49)
    assert (d["box_red"]["pit_index"], d["box_red"]["pit_rank"]) == (4, d["p4"]["pit_rank"])
    assert d["box_red"]["next"] == [{"to": "p5", "kind": "straight"}]


def test_fd_t_5_1_corners_have_stops_inside_and_signs_in_lap_order():
    """FD-T-5, FD-T-5.1."""
    t = load_track("lakeside_gp")
    firsts = [c.first for c in t.corners]
    assert firsts == sorted(firsts)
    assert [c.id for c in t.corners] == [f"C{k}" for k in range(1, 8)]
    assert {c.inside for c in t.corners} == {"left", "right"}
    assert all(c.stops in (1, 2, 3) and c.shortest <= c.longest for c in t.corners)


@pytest.mark.parametrize("track_id", ["paddock_ring", "lakeside_gp"])
def test_fd_t_6_1_every_non_corner_space_is_in_exactly_one_straight(track_id):
    """FD-T-6, FD-T-6.1."""
    t = load_track(track_id)
    for i, kind in enumerate(t.kind_of):
        if kind == 0:
            assert (t.corner[i] >= 0) != (t.straight[i] >= 0), t.ids[i]
    assert len(t.straight_ids) == len(set(t.straight_ids))
    # the segment tables (FD-T-13.1, FD-T-14.1) list the runs either side of the line apart
    assert t.straight[t.index["r0l0"]] != t.straight[t.index[f"r{t.L - 1}l0"]]


def test_fd_t_8_2_the_qualifying_start_is_the_centre_of_the_last_rank():
    """FD-T-8, FD-T-8.2."""
    for track_id, expect in (("paddock_ring", "r59l1"), ("lakeside_gp", "r119l1")):
        t = load_track(track_id)
        assert t.ids[t.qualifying_start] == expect


def test_fd_t_9_the_pit_lane_of_paddock_ring():
    """FD-T-9, FD-T-13.4."""
    d = data("paddock_ring")
    pit = d["pit"]
    assert pit["entry_from"] == ["r48l2"] and pit["exit_to"] == ["r3l2"]
    assert pit["lane"] == [f"p{k}" for k in range(1, 15)]
    spaces = {s["id"]: s for s in d["spaces"]}
    assert [spaces[f"p{k}"]["pit_rank"] for k in range(1, 15)] == [
        *range(49, 60),
        0,
        1,
        2,
    ]
    assert spaces["p11"]["next"][0].get("crosses_line") is True
    boxes = {c: spaces[b]["pit_index"] for c, b in pit["boxes"].items()}
    assert boxes == {"red": 4, "yellow": 5, "blue": 6, "green": 7, "white": 8}
    assert spaces["p14"]["next"] == [{"to": "r3l2", "kind": "straight"}]


def test_fd_t_13_1_and_13_2_paddock_ring_segments():
    """FD-T-13.1, FD-T-13.2: clockwise, inside on the right (lane 2), L = 60."""
    t = load_track("paddock_ring")
    assert t.L == 60
    assert [(c.id, c.first, c.last, c.stops) for c in t.corners] == [
        ("T1", 8, 11, 1),
        ("T2", 20, 23, 1),
        ("T3", 32, 36, 2),
        ("T4", 44, 47, 1),
    ]
    assert all(c.inside == "right" and c.inside_lane == 2 for c in t.corners)
    t3 = t.corners[2]
    assert sorted(t3.spaces) == sorted(
        [f"r{r}l0" for r in range(32, 37)]
        + [f"r{r}l1" for r in range(32, 36)]
        + ["r32l2", "r33l2", "r35l2"]
    )
    assert sum(1 for k in t.kind_of if k == 0) == 168


def test_fd_t_14_1_and_14_2_lakeside_segments():
    """FD-T-14.1, FD-T-14.2: L = 120; C2 is an inside-left corner."""
    t = load_track("lakeside_gp")
    assert t.L == 120 and len(t.corners) == 7
    assert [(c.first, c.last) for c in t.corners[:5]] == [
        (12, 16),
        (31, 33),
        (42, 45),
        (64, 70),
        (79, 83),
    ]
    assert [c.inside for c in t.corners[:5]] == ["right", "left", "right", "left", "right"]
    c2 = t.corners[1]
    assert sorted(s for s in c2.spaces if s.endswith("l1")) == ["r31l1", "r32l1", "r33l1"]
    assert sorted(s for s in c2.spaces if s.endswith("l2")) == ["r31l2", "r32l2", "r33l2"]
    assert sum(1 for k in t.kind_of if k == 0) == 342


def test_fd_t_14_3_lakeside_grid_alternates_lanes_behind_the_line():
    """FD-T-14.3."""
    t = load_track("lakeside_gp")
    expect = [f"r{120 - k}l{2 if k % 2 else 0}" for k in range(1, 11)]
    assert [t.ids[g] for g in t.grid_slots] == expect
    assert t.ids[t.qualifying_start] == "r119l1"


def test_fd_t_14_4_lakeside_pit_lane():
    """FD-T-14.4."""
    d = data("lakeside_gp")
    spaces = {s["id"]: s for s in d["spaces"]}
    pit = d["pit"]
    assert pit["entry_from"] == ["r106l2"] and pit["exit_to"] == ["r7l2"]
    assert [spaces[f"p{k}"]["pit_rank"] for k in range(1, 21)] == [*range(107, 120), *range(7)]
    assert spaces["p13"]["next"][0].get("crosses_line") is True
    boxes = {c: spaces[b]["pit_index"] for c, b in pit["boxes"].items()}
    assert boxes == {"red": 6, "yellow": 7, "blue": 8, "green": 9, "white": 10}
    assert spaces["p20"]["next"] == [{"to": "r7l2", "kind": "straight"}]


def test_fd_t_10_1_and_15_1_lakeside_by_night_zones():
    """FD-T-10.1, FD-T-15.1: same geometry as lakeside_gp, street kind, the zone table."""
    night, day = load_track("lakeside_night"), load_track("lakeside_gp")
    assert night.kind == "street" and night.L == day.L
    assert sorted(night.ids) == sorted(day.ids)
    zone = {night.ids[i]: z for i, z in enumerate(night.zone) if z}
    residential = {s for s, z in zone.items() if z == "residential"}
    assert {night.rank[night.index[s]] for s in residential} == set(range(50, 58))
    assert all(
        night.lane[night.index[s]] == 0
        for s in zone
        if zone[s] == "danger" and night.rank[night.index[s]] < 80
    )
    assert {"r85l2", "r86l2", "r87l2"} <= {s for s, z in zone.items() if z == "danger"}
    police = sorted(s for s, z in zone.items() if z == "police")
    assert police == ["r24l0", "r24l1", "r24l2"]
    assert {s for s, z in zone.items() if z == "tunnel_entry"} == {"r36l0", "r36l1", "r36l2"}
    assert {s for s, z in zone.items() if z == "tunnel_exit"} == {"r37l0", "r37l1", "r37l2"}


def test_fd_t_12_three_tracks_are_shipped():
    """FD-T-12."""
    from races.rules.formula_d.rules.track import track_ids

    assert set(SHIPPED) <= set(track_ids())
