"""Heat: Pedal to the Metal, the rules engine (spec: shared/rules/heat.md).

`GAME` is what the registry loads: options, tracks, bots and `start`. The package has the
shape every engine follows:

    game.py          the `Game` object: options, tracks, bots and how a race starts
    options.py       the option schema and the checks of a config and its seats
    option_words.py  the options in words, for the season and round forms
    state.py         the race state: cars, spots, decks, weather, the round (HEAT-B-050)
    chance.py        randomness streams and the scripted source for tests (HEAT-B-ENG-07)
    flow.py          the race as a generator: setup, the draft, rounds and turns
    race.py          the contract's adapter over the flow (HEAT-B-ENG-01..11)
    view.py          what a seat may see (HEAT-B-ENG-09)
    result.py        ranking and the race result (HEAT-B-061, -064, HEAT-B-ENG-11)
    rules/           the rules by concept, functions of the state, the chance and an emitter:
                     track, cards, setup, plan (steps 1-2), hand, movement, react (step 5),
                     slipstream, corners, finish, cleanup (steps 8-9), weather, legends,
                     garage, championship, season, sponsors; decisions and garage_decisions
                     (what a driver is asked, legal actions, checks), actions (applying them)
    bots/            rookie, pro and the Legend bot; estimates.py what the bots estimate
    data/            cards and tracks as data
    present/         what a page shows of a race

Legends and the tournament plan are rules the engine applies (a Legend car is moved by the
engine, HEAT-LEGEND-03), not bot code, so they live beside the other rules.
"""

from .game import HeatGame

GAME = HeatGame()

__all__ = ["GAME", "HeatGame"]
