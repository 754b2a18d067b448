"""Formula D: the rules engine (spec: shared/rules/formula_d.md, FD-E-1).

    from races.rules import get_game
    game = get_game("formula_d")
    race = game.start({"track": "paddock_ring"}, seats, seed=7)

`GAME` is what the registry loads. The package has the shape every game
follows (STYLE.md section 16):

    game.py             the `Game` object: options, tracks, bots and how a race starts
    chance.py           the race's dice and the scripted dice for tests (FD-E-11)
    options.py          every option, in one place
    track.py, layout.py tracks as data and the validator; the generator of data/
    state.py, snapshot.py  cars, and the state fields of FD-E-4
    race.py             the contract, setup and rounds; turn.py the turn (FD-P-3)
    driving.py          a car's movement within its turn: the move, the path's
                        crossings, corners, braking, the finish, collisions
    steps.py            one step at a time: movement states and their legality
                        (FD-B-6 to FD-B-9, FD-B-12)
    search.py           the search over movement states (FD-E-7)
    move.py             one whole move: its plan, legal ends and previews
    gears.py, damage.py, slipstream.py, pit.py, weather.py, street.py,
    drivers.py          rules by concept; the ten special drivers' effects on the
    abilities.py        rules in abilities.py, their own moves in drivers.py
    present.py          what pages show (races/rules/presentation.py)
    qualifying.py, result.py   the qualifying lap and the classification
    view.py             what a seat sees (everything: Formula D hides nothing)
    scenario.py         the test constructor of FD-E-25
    bots/               rookie and pro (FD-E-24) and what only they use: the
                        outlook, end values, face weighing and prices
    data/               the shipped tracks

The session runs as a generator, so `race.state_dict()` (FD-E-4) carries the
seed, configuration, seats and applied actions, from which
`FormulaDRace.from_state` rebuilds the race, together with a snapshot of every
field FD-E-4 lists (the random generator's state among them), which
`from_state` checks against the rebuilt race.
"""

from .game import FormulaD

GAME = FormulaD()

__all__ = ["GAME", "FormulaD"]
