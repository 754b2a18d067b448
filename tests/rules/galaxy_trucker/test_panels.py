"""Galaxy Trucker's panels (GT-API-02 decisions at the table): building on
the ship's grid (GT-TBB-04/05), every flight decision as a form in words,
never a raw value; the session config and the defaults of GT-API-03."""

import re

import pytest

from races.rules import Action, Seat
from races.rules.contract import SessionFacts
from races.rules.galaxy_trucker import GAME
from races.rules.galaxy_trucker.present import PRESENTATION

RAW = re.compile(r"[\[\]{}_]|\bTrue\b|\bFalse\b|\bNone\b|%\(")
COORDINATES = re.compile(r"\(\d+, ?\d+\)|\bcolumn \d+|\brow \d+")


def _decisions(seed, build_mode="sequential"):
    seats = [Seat(k, k.upper(), "bot", "rookie") for k in "abc"]
    config = GAME.options.validate({"build_mode": build_mode})
    race = GAME.start(config, seats, seed)
    bots = {s.id: GAME.bot("rookie", seed=seed, seat=s.id) for s in seats}
    while not race.finished:
        decision = race.pending[0]
        view = race.view(decision.seat)
        legal = race.legal_actions(decision.seat)
        yield decision, view, legal
        race.apply(decision.seat, bots[decision.seat].choose(view, decision))


def _words(panel) -> list[str]:
    texts = [panel["title"], *(f"{a} {b}" for a, b in panel["facts"])]
    for c in panel["choices"]:
        texts += [c["label"], *c["details"]]
    for grid in panel.get("grids") or []:
        texts.append(grid["label"])
        texts += [cell["title"] + " " + cell["text"] for row in grid["rows"] for cell in row]
    return texts


@pytest.mark.parametrize("seed,mode", [(1, "sequential"), (2, "simultaneous")])
def test_every_decision_of_a_game_is_a_panel_in_words(seed, mode):
    """GT-API-02: every decision kind has a panel whose choices are exactly
    the legal actions, said in words (components by kind and by their
    letter on the ship's picture), with no raw value and no coordinates;
    building places are cells of a grid."""
    kinds, picked = set(), set()
    for decision, view, legal in _decisions(seed, mode):
        panel = PRESENTATION.panels.panel(decision, view, legal=legal)
        kinds.add(decision.kind)
        actions = [c["action"] for c in panel["choices"]]
        assert actions == [a.to_dict() for a in legal], decision.kind
        for text in _words(panel):
            assert not RAW.search(text), (decision.kind, text)
        assert not any(c["label"].endswith(tuple("0123456789")) and "option" in c["label"]
                       for c in panel["choices"]), decision.kind  # fmt: skip
        if decision.kind in ("build_step", "resolve_tile"):
            assert panel["widget"] == "tile"
            keys = {
                (n, cell["key"])
                for n, grid in enumerate(panel["grids"])
                for row in grid["rows"]
                for cell in row
                if cell["style"] == "empty"
            }
            for c in panel["choices"]:
                if c["action"]["kind"] == "place":
                    assert (c["grid"], c["cell"]) in keys
        else:  # a form, with the ship drawn when a choice names its parts
            assert panel["widget"] in ("form", "tile")
            assert not any("cell" in c for c in panel["choices"]), decision.kind
            for row in (panel.get("grids") or [{"rows": []}])[0]["rows"]:
                for cell in row:  # a lettered part picks a choice that names its letter
                    if cell.get("pick") is not None:
                        label = panel["choices"][cell["pick"]]["label"]
                        assert re.search(rf"\b{cell['text']}\b", label), (label, cell["text"])
            picked.update(decision.kind for g in panel.get("grids") or [] for row in g["rows"]
                          for cell in row if cell.get("pick") is not None)  # fmt: skip
        for text in _words(panel):
            assert not COORDINATES.search(text), (decision.kind, text)
    assert {"build_step", "resolve_tile", "give_up", "place_aliens"} <= kinds
    assert picked, "no decision let a part of the ship be picked on its picture"


def test_the_resolve_panel_has_one_grid_per_turn_and_says_the_tile():
    """GT-TBB-05: PLACE(cell, rot) for every rotation; RESERVE and RETURN listed."""
    for decision, view, legal in _decisions(3):
        if decision.kind == "resolve_tile" and decision.options["from"] == "pool":
            panel = PRESENTATION.panels.panel(decision, view, legal=legal)
            assert len(panel["grids"]) == 4
            assert panel["grids"][1]["label"] == "Your ship, the tile turned a quarter right"
            assert [g["hand_words"] for g in panel["grids"]][0].startswith("front ")
            labels = [c["label"] for c in panel["choices"] if "cell" not in c]
            assert labels[-1] == "Put it back face up"
            assert "front" in panel["facts"][0][1]
            return
    pytest.fail("no tile was drawn")


def test_people_build_together_bots_one_after_the_other():
    """GT-TBB-12: a session with people builds simultaneously, bots alone sequentially."""
    people = GAME.session_config(
        {}, {}, track="standard", laps=None, facts=SessionFacts(people=True)
    )
    bots = GAME.session_config({}, {}, track="standard", laps=None, facts=SessionFacts())
    assert GAME.options.validate(people)["build_mode"] == "simultaneous"
    assert GAME.options.validate(bots)["build_mode"] == "sequential"


def test_a_missed_deadline_takes_the_rules_default_and_logs_it_defaulted():
    """GT-API-03: the default of a building step is PASS, of a flight
    decision BasicBot's; applied on a missed deadline, logged defaulted."""
    for decision, view, _legal in _decisions(4):
        if decision.kind == "build_step":
            chosen = GAME.missed_deadline(decision, view)
            assert chosen == Action("pass", {"defaulted": True})
            break
    seats = [Seat("a", "A"), Seat("b", "B")]
    race = GAME.start({"laps": 1}, seats, "d")
    decision = race.pending[0]
    race.apply(decision.seat, GAME.missed_deadline(decision, race.view(decision.seat)))
    made = [e for e in race.events if e.type == "decision_made"]
    assert made and made[-1].data["defaulted"] is True and made[-1].data["action"] == "pass"
    sentence = PRESENTATION.words.sentence(made[-1].to_dict(), {"a": "Ann", "b": "Ben"})
    assert "default" in sentence
