"""Formula D: the rules engine (spec: shared/rules/formula_d.md, FD-E-1).

    from races.rules import get_game
    game = get_game("formula_d")
    race = game.start({"track": "paddock_ring"}, seats, seed=7)

`GAME` is what the registry loads. The package has the shape every game
follows (STYLE.md section 16):

    game.py         the `Game` object: options, tracks, bots and how a race starts
    options.py      every option, in one place, and the checks of a seat list
    option_words.py the options in words, for the season and round forms
    state.py        the race state (cars and every field of FD-E-4) and its snapshot
    chance.py       the race's dice and the scripted dice for tests (FD-E-11, FD-E-13)
    flow.py         the session as a generator: setup, rounds, the turn (FD-P-3),
                    the qualifying lap (FD-P-4)
    race.py         the contract's Race, which drives the flow
    view.py         what a seat sees (everything: Formula D hides nothing)
    result.py       the classification and the RaceResult (FD-E-19 to FD-E-22)
    rules/          the rules by concept, each taking the state, the chance and
                    an emitter: setup, order (grid, roll-offs, turn order), gears,
                    steps, search and move (a move's legality), driving (the
                    move's effects, corners, braking, the finish, collisions),
                    damage, slipstream, pit, weather, street, abilities and
                    drivers (the special drivers, FD-V-12), qualifying, track
                    and layout (tracks as data, their validator and generator)
    bots/           rookie and pro (FD-E-24) and what only they use: the
                    outlook, end values, face weighing and prices
    data/           the shipped tracks
    present/        what pages show (races/rules/face)

The session runs as a generator, so `race.state_dict()` (FD-E-4) carries the
seed, configuration, seats and applied actions, from which
`FormulaDRace.from_state` rebuilds the race, together with a snapshot of every
field FD-E-4 lists (the random generator's state among them), which
`from_state` checks against the rebuilt race. The scenario constructor of
FD-E-25 is the tests' (tests/rules/formula_d/scenario.py).
"""

from .game import FormulaD

GAME = FormulaD()

__all__ = ["GAME", "FormulaD"]
