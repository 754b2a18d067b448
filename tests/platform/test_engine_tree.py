"""Every engine has the same tree (issue 22): the same top-level entries in
each game package, so a reader who knows one game knows where anything of
another is. Read from the files, so it needs no import."""

from dataclasses import fields
from pathlib import Path

from races.rules import get_game, get_presentation
from races.rules.registry import GAME_MODULES

ROOT = Path(__file__).resolve().parents[2]
SHARED_TREE = {
    "__init__.py",
    "game.py",  # the Game: start, tracks, bots, and what its rules decide of a session
    "options.py",  # the option schema and the config it completes
    "option_words.py",  # the options said in words for the forms
    "state.py",  # the race's state
    "chance.py",  # every die, deck and shuffle, from the seed
    "flow.py",  # the race as a generator of decisions
    "race.py",  # the contract's adapter around the flow
    "view.py",  # what one seat may see
    "result.py",  # the result and its tie-breaks
    "rules",  # the game's rules by concept
    "bots",
    "data",
    "present",  # what a page shows, in the five parts of races/rules/face
}
PRESENT_PARTS = {"__init__.py", "capabilities.py", "words.py", "board.py", "panels.py", "tables.py"}


def entries(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir() if p.name != "__pycache__"}


def test_every_engine_has_the_shared_tree():
    for module in GAME_MODULES.values():
        package = ROOT / module.replace(".", "/")
        assert entries(package) == SHARED_TREE, package.name


def test_every_engine_presents_itself_in_the_five_parts():
    for module in GAME_MODULES.values():
        present = ROOT / module.replace(".", "/") / "present"
        assert PRESENT_PARTS <= entries(present), present.parent.name


def test_no_rule_module_knows_the_race():
    """Rules take the state, the chance and an emitter, never the race."""
    for module in GAME_MODULES.values():
        for path in (ROOT / module.replace(".", "/") / "rules").rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            for word in ("from ..race import", "from ..flow import", "from .. import race"):
                assert word not in text, (path, word)


def public_members(thing) -> list[str]:
    return [name for name in dir(thing) if not name.startswith("_")]


def test_no_part_of_the_contract_has_more_than_twelve_public_members():
    """The contract stays small enough to hold in one's head: the Game and
    each of the five parts of every game's presentation."""
    for key in GAME_MODULES:
        presentation = get_presentation(key)
        parts = {f.name: getattr(presentation, f.name) for f in fields(presentation)}
        parts = {name: part for name, part in parts.items() if name != "game_key"}
        parts["game"] = get_game(key)
        for name, part in parts.items():
            assert len(public_members(part)) <= 12, (key, name, public_members(part))
