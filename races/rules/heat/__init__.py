"""Heat: Pedal to the Metal, the rules engine (spec: shared/rules/heat.md).

`GAME` is what the registry loads: options, tracks, bots and `start`. The package has the
shape every game follows (STYLE.md section 16):

    game.py             the `Game` object: options, tracks, bots and how a race starts
    track.py            tracks as data, derived geometry, the validator (HEAT-B-TRK)
    cards.py            card identities and pools (HEAT-B-CARD, sections 12.1-12.5, 12.10)
    chance.py           randomness streams and the scripted source for tests (HEAT-B-ENG-07)
    state.py            cars and spots (HEAT-B-050)
    setup.py            race setup (HEAT-B-012, HEAT-CHAMP-07)
    plan.py             steps 1-2, tournament mode (HEAT-B-022..025, HEAT-B-TOURN)
    turn.py             steps 3-9 (HEAT-B-030..048)
    race.py             the round loop, pending decisions, apply
    decisions.py        decisions, legal actions, checks; garage_decisions.py for upgrades
    actions.py          applying an action
    legends.py          Legend cars (HEAT-LEGEND)
    weather.py          Weather & Road Conditions (HEAT-WEATHER)
    garage.py           upgrade draft and symbols (HEAT-GARAGE), super-cool (HEAT-RAIN-09)
    championship.py     car design market, carry-over, standings (HEAT-CHAMP-06, -08, -20)
    season.py           seasons, events, sponsorships, press corners (HEAT-CHAMP, 12.7)
    result.py, view.py  the race result (HEAT-B-ENG-11) and what a seat may see (-ENG-09)
    bots/               rookie, pro and the Legend bot; estimates.py what the bots estimate
    data/               cards and tracks as data

legends.py and plan.py are rules the engine applies (a Legend car is moved by the engine,
HEAT-LEGEND-03), not bot code, so they stay beside the other rules.
"""

from .game import HeatGame

GAME = HeatGame()

__all__ = ["GAME", "HeatGame"]
