"""The engine contract for Heat: simultaneous decisions, hidden information, panel options,
illegal actions (HEAT-B-ENG-03, -05, -06, -09)."""

import json

import pytest

from races.rules import Action, IllegalAction, Seat, get_game

GAME = get_game("heat")


def _race(**config):
    seats = [Seat("a", "Ann", "human"), Seat("b", "Bob", "human"), Seat("c", "Cy", "bot", "legend")]
    return GAME.start({"track": "usa", **config}, seats, "contract")


def test_steps_1_and_2_wait_for_every_player_at_once():  # HEAT-B-ENG-03
    r = _race()
    assert sorted((d.seat, d.kind) for d in r.pending) == [("a", "shift_gear"), ("b", "shift_gear")]
    r.apply("b", Action("shift_gear", {"gear": 2}))
    assert sorted((d.seat, d.kind) for d in r.pending) == [("a", "shift_gear"), ("b", "play_cards")]
    assert not [e for e in r.events if e.type == "gear_shifted"]  # stored hidden until all in


def test_the_order_of_submissions_does_not_change_the_log():  # HEAT-B-ENG-03
    logs = []
    for order in (("a", "b"), ("b", "a")):
        r = _race()
        for seat in order:
            r.apply(seat, Action("shift_gear", {"gear": 2}))
        for seat in order:
            hand = r.pending[[d.seat for d in r.pending].index(seat)].options["hand"]
            playable = [c["id"] for c in hand if c["kind"] != "HEAT"][:2]
            r.apply(seat, Action("play_cards", {"cards": playable}))
        logs.append([e.to_dict() for e in r.events])
    assert logs[0] == logs[1]


def test_a_view_hides_other_hands_and_face_down_cards():  # HEAT-B-ENG-09, HEAT-B-007
    r = _race()
    view = r.view("a")
    json.dumps(view)
    assert [c["id"] for c in view["you"]["hand"]] == r.state.by_seat["a"].hand
    other = next(c for c in view["cars"] if c["seat"] == "b")
    assert isinstance(other["hand"], int) and isinstance(other["deck"], int)
    assert other["play"] is None
    assert "you" not in r.view(None)
    text = json.dumps(view)
    assert not any(card in text for card in r.state.by_seat["b"].hand)


def test_decision_options_hold_what_a_panel_needs():
    r = _race()
    shift = next(d for d in r.pending if d.seat == "a")
    o = shift.options
    assert {"gear", "gears", "engine", "hand", "next_corner", "progress", "spot"} <= set(o)
    assert {"limit", "distance"} <= set(o["next_corner"])
    assert all({"id", "name", "speed"} <= set(c) for c in o["hand"])
    json.dumps(shift.to_dict())


def test_an_illegal_action_is_refused_with_a_message_and_changes_nothing():  # HEAT-B-ENG-06
    r = _race()
    before = (len(r.events), r.state.by_seat["a"].shift_to, list(r.state.by_seat["a"].hand))
    for seat, action in (
        ("a", Action("shift_gear", {"gear": 4})),
        ("a", Action("boost")),
        ("c", Action("shift_gear", {"gear": 1})),
        ("a", Action("play_cards", {"cards": []})),
    ):
        message = r.validate(seat, action)
        assert isinstance(message, str) and message
        with pytest.raises(IllegalAction):
            r.apply(seat, action)
    assert (len(r.events), r.state.by_seat["a"].shift_to, list(r.state.by_seat["a"].hand)) == before


def test_legal_actions_are_all_valid():  # HEAT-B-ENG-06
    r = _race()
    for seat in ("a", "b"):
        for action in r.legal_actions(seat):
            assert r.validate(seat, action) is None
    assert r.legal_actions("c") == []
