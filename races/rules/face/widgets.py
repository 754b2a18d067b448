"""Decision panels as neutral widget descriptions (DESIGN.md, "What a game
shows": `panel(decision)`).

A game's presentation describes each decision a person makes as one of a few
widgets that shared templates draw, so the page knows no game:

- `cards`: a hand of cards to pick from (`cards`, `pick` {min, max},
  `compose` {kind, param}: the action the picked cards' keys make);
- `gear_stick`: gears to select, each with its range and its cost;
- `spaces`: places on the board to move to (each choice's `place` is an
  anchor of the session's scene), with the cost of each;
- `registers`: slots to fill in order from a hand (`slots`, `cards`), for
  the games to come: until it has a template of its own it is drawn as the
  plain form of its choices;
- `tile`: a tile to place on a grid: `grids`, each a `label` and `rows` of
  cells (`key`, `text`, `title`, `style`), with the `mark` and `sides` style
  of the tile in hand; a choice with `grid` (its index) and `cell` (a key)
  is that cell's button, the other choices are listed;
- `form`: a plain list of choices; every widget falls back to it.

Every panel lists its legal `choices`, each with the action it posts, a
label and details in the game's words; `facts` are (label, words) pairs the
person needs to decide (their hand's count, the next corner, their damage).
No raw id or value is ever a label. Plain data, no Django.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..contract import Action, Decision
from ..speech import _

WIDGETS = ("cards", "gear_stick", "spaces", "registers", "tile", "form")


def choice(
    action: Action,
    label: str,
    details: Iterable[str] = (),
    *,
    danger: bool = False,
    **shown: Any,
) -> dict:
    """One legal choice: the action it posts, its words, and what a widget
    needs to draw it (`picks` for cards, `gear`, `place` for a space…)."""
    return {
        "action": action.to_dict(),
        "label": label,
        "details": [d for d in details if d],
        "danger": danger,
        **shown,
    }


def panel(
    widget: str,
    decision: Decision,
    choices: Sequence[dict],
    *,
    title: str | None = None,
    facts: Iterable[tuple[str, str]] = (),
    confirm: str | None = None,
    **data: Any,
) -> dict:
    if widget not in WIDGETS:
        raise ValueError(f"unknown widget {widget}")
    return {
        "widget": widget,
        "kind": decision.kind,
        "title": title or decision.prompt,
        "facts": [(label, words) for label, words in facts if words],
        "choices": list(choices),
        "confirm": confirm or _("Confirm"),
        **data,
    }


def numbered_form(decision: Decision, legal: Sequence[Action], words: Mapping[str, str]) -> dict:
    """The plain-form fallback for a decision a game has no panel for: its
    legal actions, named by the kind's words (marked with `N_`, translated here)
    and numbered, never by raw values."""
    word = words.get(decision.kind)
    name = _(word) if word else decision.kind.replace("_", " ").capitalize()
    choices = [
        choice(
            action,
            name
            if len(legal) == 1
            else _("%(decision)s: option %(number)s") % {"decision": name, "number": number},
        )
        for number, action in enumerate(legal, start=1)
    ]
    return panel("form", decision, choices)


def yes_no(decision: Decision, legal: Sequence[Action], param: str, yes: str, no: str) -> dict:
    """A form of two choices for a decision whose one parameter is true or false."""
    choices = [
        choice(action, yes if action.params.get(param) else no)
        for action in sorted(legal, key=lambda a: not a.params.get(param))
    ]
    return panel("form", decision, choices)
