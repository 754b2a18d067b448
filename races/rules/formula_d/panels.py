"""Formula D's decision panels (races/rules/panels.py): the gear stick with
each gear's die range and the cost of skipping down (FD-B-5, FD-A-6), the
reachable spaces on the board with the cost of each (FD-B-6 to FD-B-9,
FD-A-4, FD-A-5), and plain forms in the game's words for the rest."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..contract import Action, Decision
from ..panels import choice, numbered_form, panel, yes_no
from .words import PARTS, TYRES, parts, wear_left

TYRE_CHOICES = {k: v.capitalize() for k, v in TYRES.items()}
STOPS = {"tyre": "Tyre change", "technical": "Technical stop", "long": "Long stop"}
DECISION_WORDS = {
    "gear": "Select a gear",
    "move": "Move",
    "fast_exit": "Fast exit",
    "boost": "Boost",
    "tires": "Tyres",
    "pit_service": "Pit service",
    "repair": "Repair",
    "slipstream": "Slipstream",
    "drift": "Drift",
    "debris": "Debris",
    "radio": "Throw the radio",
    "frogger_reroll": "Roll the weather again",
    "build": "Car build",
}


def plural(count: Any, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def _me(view: Mapping) -> Mapping:
    me = view.get("me")
    return next((c for c in view.get("cars", []) if c.get("seat") == me), {})


def _car_facts(view: Mapping, names: Callable[[Any], str]) -> list[tuple[str, str]]:
    car = _me(view)
    facts = [
        ("Lap", f"{car.get('lap') or 1} of {view.get('laps')}" if view.get("laps") else ""),
        ("Gear", str(car.get("gear") or "")),
        ("Your car", wear_left(car.get("wear"))),
    ]
    if car.get("tires"):
        facts.append(("Tyres", TYRES.get(car["tires"], "")))
    return facts


def _corner(corner_id: Any, names: Callable[[Any], str]) -> str:
    return names(corner_id)


def _gear(decision: Decision, view: Mapping, legal: Sequence[Action], names) -> dict:
    options = decision.options
    current = options.get("current")
    allowed = {a.params.get("gear") for a in legal}
    choices = []
    for item in options.get("gears", []):
        gear = item["gear"]
        if gear not in allowed:
            continue
        low, high = item.get("range") or (None, None)
        cost = parts(item.get("costs"))
        choices.append(
            choice(
                Action("gear", {"gear": gear}),
                f"Gear {gear}",
                [f"die {low}–{high}" if low is not None else "", cost or "free"],
                gear=gear,
                range=f"die {low}–{high}" if low is not None else "",
                cost=cost,
                current=gear == current,
            )
        )
    facts = _car_facts(view, names)
    owed = options.get("owed")
    if isinstance(owed, Mapping) and owed.get("stops"):
        facts.insert(
            0,
            (
                "Next corner",
                f"{_corner(owed.get('corner'), names)}: {owed.get('made', 0)} of "
                f"{owed['stops']} stops made, its exit {owed.get('ranks_to_exit')} spaces ahead",
            ),
        )
    return panel(
        "gear_stick",
        decision,
        choices,
        title=f"Select your gear (now {current})" if current else "Select your gear",
        facts=facts,
        confirm="Select this gear",
        current=current,
    )


def _path_details(item: Mapping, advanced: bool, names) -> list[str]:
    """What a move costs, before the driver picks it (FD-B-8, FD-B-9, FD-A-4, FD-A-5)."""
    details = []
    braking = item.get("braking") or 0
    if braking:
        unit = "brake point" if advanced else "wear point"
        forced = " (blocked)" if item.get("brake_kind") == "forced" else ""
        details.append(
            f"brakes {braking} space{'s' if braking != 1 else ''}{forced}: "
            f"−{braking} {unit}{'s' if braking != 1 else ''}"
        )
    for over in item.get("overshoots") or []:
        corner = _corner(over.get("corner"), names)
        distance = over.get("distance")
        if over.get("missing", 0) >= 2:
            details.append(f"overshoots {corner} missing {over['missing']} stops: out of the race")
        else:
            unit = "tyre" if advanced else "wear point"
            details.append(f"overshoots {corner} by {distance}: −{plural(distance, unit)}")
    if item.get("stop_in") is not None:
        details.append(f"stops in {_corner(item['stop_in'], names)}")
    if item.get("finish"):
        details.append("crosses the finish line")
    if item.get("pit_box"):
        details.append("into your pit box")
    elif item.get("pit_lane"):
        details.append("into the pit lane")
    if item.get("markers"):
        details.append("over debris")
    return details


def _move(decision: Decision, view: Mapping, legal: Sequence[Action], names, lane=None) -> dict:
    options = decision.options
    advanced = view.get("level") == "advanced"
    by_path = {tuple(item["path"]): item for item in options.get("paths", [])}
    choices = []
    for action in legal:
        item = by_path.get(tuple(action.params.get("path") or ()))
        if item is None:
            continue
        travelled = item.get("travelled", len(item["path"]))
        label = plural(travelled, "space") if travelled else "Stay here"
        where = lane(item.get("to")) if lane else ""
        label += f", {where}" if where else ""
        details = _path_details(item, advanced, names)
        choices.append(
            choice(
                action,
                label,
                details or ["no cost"],
                danger=bool(item.get("eliminated")),
                place=item.get("to"),
                cost=len(details),
            )
        )
    choices.sort(key=lambda c: (c["danger"], c["cost"], -len(c["action"]["params"]["path"])))
    m = options.get("m")
    what = "fast exit" if decision.kind == "fast_exit" else "move"
    return panel(
        "spaces",
        decision,
        choices,
        title=f"You rolled {m}: pick the space to {what} to" if m is not None else None,
        facts=[("Rolled", str(m) if m is not None else ""), *_car_facts(view, names)],
        confirm="Move here",
        m=m,
    )


def _slipstream(decision: Decision, view: Mapping, legal: Sequence[Action], names) -> dict:
    by_path = {tuple(item["path"]): item for item in decision.options.get("paths", [])}
    choices = []
    for action in legal:
        path = action.params.get("path") or []
        item = by_path.get(tuple(path))
        if not path or item is None:
            choices.append(choice(action, "No slipstream"))
            continue
        details = [f"−{item['brake_points']} brakes" if item.get("brake_points") else "no cost"]
        n = len(path)
        choices.append(
            choice(
                action,
                f"{n} space{'s' if n != 1 else ''} in the slipstream",
                details,
                place=path[-1],
            )  # fmt: skip
        )
    return panel("spaces", decision, choices, title="Slipstream behind the car ahead?",
                 facts=_car_facts(view, names), confirm="Take this slipstream")  # fmt: skip


def _drift(decision: Decision, view: Mapping, legal: Sequence[Action], names) -> dict:
    choices = [
        choice(a, "Drift one space", ["−1 tyre"], place=a.params["to"])
        if a.params.get("to")
        else choice(a, "No drift")
        for a in legal
    ]
    return panel("spaces", decision, choices, facts=_car_facts(view, names), confirm="Drift here")


def _debris(decision: Decision, view: Mapping, legal: Sequence[Action], names) -> dict:
    choices = [
        choice(a, "Drop debris here", place=a.params["space"])
        if a.params.get("space")
        else choice(a, "Keep the debris")
        for a in legal
    ]
    return panel("spaces", decision, choices, confirm="Drop it here")


def _boost(decision: Decision, view: Mapping, legal: Sequence[Action], names) -> dict:
    spaces = decision.options.get("nitro_spaces") or 0

    def words(action: Action) -> str:
        soft, nitro = action.params.get("soft"), action.params.get("nitro")
        used = [w for w, on in (("soft-tyre bonus", soft), (f"nitro (+{spaces})", nitro)) if on]
        return "Use the " + " and the ".join(used) if used else "No boost"

    return panel("form", decision, [choice(a, words(a)) for a in legal],
                 facts=_car_facts(view, names))  # fmt: skip


def _tyres(decision: Decision, view: Mapping, legal: Sequence[Action], names) -> dict:
    surface = decision.options.get("surface")
    choices = [choice(a, TYRE_CHOICES.get(a.params.get("type"), "Tyres")) for a in legal]
    return panel("form", decision, choices, facts=[("Track", f"{surface}" if surface else "")])


def _pit(decision: Decision, view: Mapping, legal: Sequence[Action], names) -> dict:
    choices = [choice(a, STOPS.get(a.params.get("stop"), "Pit stop")) for a in legal]
    return panel("form", decision, choices, facts=_car_facts(view, names))


def _repair(decision: Decision, view: Mapping, legal: Sequence[Action], names) -> dict:
    choices = [
        choice(
            a,
            "Repair: "
            + (
                ", ".join(
                    f"+{v} {PARTS.get(k, 'wear')}"
                    for k, v in (a.params.get("repairs") or {}).items()
                    if v
                )
                or "nothing"
            ),
        )  # fmt: skip
        for a in legal
    ]
    return panel("form", decision, choices, facts=_car_facts(view, names))


def _build(decision: Decision, view: Mapping, legal: Sequence[Action], names) -> dict:
    choices = [
        choice(a, "Standard car: " + wear_left({k: v for k, v in a.params.items() if k in PARTS}))
        for a in legal
    ]
    return panel("form", decision, choices)


PANELS: dict[str, Callable[..., dict]] = {
    "gear": _gear,
    "move": _move,
    "fast_exit": _move,
    "slipstream": _slipstream,
    "drift": _drift,
    "debris": _debris,
    "boost": _boost,
    "tires": _tyres,
    "pit_service": _pit,
    "repair": _repair,
    "build": _build,
    "radio": lambda d, v, legal, n: yes_no(d, legal, "throw", "Throw the radio", "Keep the radio"),
    "frogger_reroll": lambda d, v, legal, n: yes_no(
        d, legal, "reroll", "Roll the weather again", "Keep this weather"
    ),
}


def formula_d_panel(
    decision: Decision,
    view: Mapping,
    legal: Sequence[Action],
    names: Callable[[Any], str],
    lane: Callable[[Any], str] = lambda space: "",
) -> dict:
    """The panel of one decision; `names(corner_id)` names a corner and
    `lane(space_id)` a space's lane."""
    draw = PANELS.get(decision.kind)
    if draw is None:
        return numbered_form(decision, legal, DECISION_WORDS)
    if draw is _move:
        return _move(decision, view, legal, names, lane)
    return draw(decision, view, legal, names)
