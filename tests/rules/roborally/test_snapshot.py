"""RR-API-08: the state serialises to JSON-compatible data and back; a copy
carries on exactly as the original would (bots simulate on copies)."""

import json

from races.rules import Seat, get_game
from races.rules.roborally.flow import race_flow
from races.rules.roborally.rules.snapshot import state_data, state_from
from races.rules.roborally.view import race_view

GAME = get_game("roborally")


def mid_race(options=True, turns=3):
    seats = [Seat(f"r{i}", f"Robot {i}", "bot", b) for i, b in
             enumerate(["greedy", "rookie", "greedy", "rookie"])]  # fmt: skip
    race = GAME.start({"track": "twin_forge", "options": options}, seats, 17)
    bots = {s.id: GAME.bot(s.bot, seed=17, seat=s.id) for s in seats}
    while race.pending and race.f.turn <= turns:
        d = race.pending[0]
        race.apply(d.seat, bots[d.seat].choose(race.view(d.seat), d))
    return race, bots


def play_on(f, bots, turns=2):
    """The next turns of a state, its robots' bots answering; the new events."""
    before = len(f.events)
    flow = race_flow(f)
    stop = f.turn + turns
    try:
        decisions = next(flow)
        while f.turn < stop:
            d = decisions[0]
            decisions = flow.send((d.seat, bots[d.seat].choose(race_view(f, d.seat), d)))
    except StopIteration:
        pass
    return [e.to_dict() for e in f.events[before:]]


def test_the_state_goes_through_json_and_back_unchanged():  # RR-API-08
    race, _ = mid_race()
    data = state_data(race.f)
    text = json.dumps(data, sort_keys=True)
    again = state_from(json.loads(text))
    assert json.dumps(state_data(again), sort_keys=True) == text
    assert again.robots == race.f.robots and again.deck == race.f.deck
    assert again.course.walls == race.f.course.walls and again.course.floor == race.f.course.floor


def test_a_copy_plays_on_exactly_as_another_copy_and_shares_nothing():  # RR-API-08, RR-RNG-05
    race, bots = mid_race()
    text = json.dumps(state_data(race.f))
    one, two = state_from(json.loads(text)), state_from(json.loads(text))
    ahead = play_on(one, bots)
    assert ahead and ahead == play_on(two, bots)
    assert json.dumps(state_data(race.f)) == text  # the original is untouched
    assert any(e["type"] == "deck_shuffled" for e in ahead)  # the race generator went on
