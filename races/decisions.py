"""A person's decision panel, built from the engine's Decision and its legal
actions only, so every game gets online play by describing its decisions.

The engine's decision options list what a choice means in the game's terms
(Formula D: each gear with its die range and costs; each path with spaces
travelled, braking, overshoots, elimination). A legal action is matched to
the option item whose fields equal its parameters, and that item's other
fields become the choice's details.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from races.rules import Action, Decision

# Fields an option item uses to identify itself or that say nothing useful.
_QUIET = {"path", "legal"}


@dataclass(frozen=True)
class Choice:
    label: str
    action: str  # the action as JSON, posted back as it is
    details: list[str] = field(default_factory=list)
    target: str | None = None  # a space to highlight on the track drawing
    danger: bool = False


def _items(options: Mapping[str, Any]) -> list[dict]:
    found = []
    for value in options.values():
        if isinstance(value, list):
            found.extend(item for item in value if isinstance(item, dict))
    return found


def _matches(item: dict, params: Mapping[str, Any]) -> bool:
    shared = [k for k in params if k in item]
    return bool(shared) and all(item[k] == params[k] for k in shared)


def _words(key: str, value: Any) -> str | None:
    name = key.replace("_", " ")
    if value in (None, False, "", [], {}, 0, "none"):
        return None
    if value is True:
        return name
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return f"{name} {value[0]}–{value[1]}"
    if isinstance(value, dict):
        inner = ", ".join(f"{k} {v}" for k, v in value.items())
        return f"{name}: {inner}" if inner else None
    if isinstance(value, list):
        return f"{name}: " + ", ".join(
            json.dumps(v, sort_keys=True) if isinstance(v, dict) else str(v) for v in value
        )
    return f"{name} {value}"


def _label(action: Action, item: dict | None) -> str:
    kind = action.kind.replace("_", " ").capitalize()
    if item and item.get("to"):
        return f"{kind} to {item['to']}"
    scalars = [f"{v}" for v in action.params.values() if isinstance(v, (int, str, bool))]
    if len(action.params) == 1 and scalars:
        return f"{kind} {scalars[0]}"
    if not action.params:
        return kind
    return f"{kind}: " + ", ".join(f"{k} {v}" for k, v in action.params.items())


def choices_for(decision: Decision, actions: list[Action]) -> list[Choice]:
    items = _items(decision.options)
    choices = []
    for action in actions:
        item = next((i for i in items if _matches(i, action.params)), None)
        details = []
        if item:
            for key, value in item.items():
                if key in _QUIET or key in action.params or key == "to":
                    continue
                words = _words(key, value)
                if words:
                    details.append(words)
        choices.append(
            Choice(
                label=_label(action, item),
                action=json.dumps(action.to_dict(), sort_keys=True),
                details=details,
                target=(item or {}).get("to"),
                danger=bool((item or {}).get("eliminated")),
            )
        )
    return choices


def facts_for(decision: Decision) -> list[str]:
    """The decision's scalar options (current gear, stops owed…) in words."""
    facts = []
    for key, value in decision.options.items():
        if isinstance(value, list) and value and isinstance(value[0], dict):
            continue
        words = _words(key, value)
        if words:
            facts.append(words)
    return facts
