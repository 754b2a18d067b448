"""Formula D's driving panels: the gear stick with each gear's die range and
the cost of skipping down (FD-B-5, FD-A-6), and the reachable spaces on the
board with the cost of each (FD-B-6 to FD-B-9, FD-A-4, FD-A-5): a move, a
fast exit, the slipstream, a drift and a drop of debris."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...contract import Action, Decision
from ...face.widgets import choice, panel
from ...speech import _, ngettext
from .parts import parts, tyres, wear_left


def _me(view: Mapping) -> Mapping:
    me = view.get("me")
    return next((c for c in view.get("cars", []) if c.get("seat") == me), {})


def _car_facts(view: Mapping, names: Callable[[Any], str]) -> list[tuple[str, str]]:
    car = _me(view)
    laps = view.get("laps")
    facts = [
        (
            _("Lap"),
            _("%(lap)s of %(laps)s") % {"lap": car.get("lap") or 1, "laps": laps} if laps else "",
        ),
        (_("Gear"), str(car.get("gear") or "")),
        (_("Your car"), wear_left(car.get("wear"))),
    ]
    if car.get("tires"):
        facts.append((_("Tyres"), tyres(car["tires"])))
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
        die = _("die %(low)s–%(high)s") % {"low": low, "high": high} if low is not None else ""
        choices.append(
            choice(
                Action("gear", {"gear": gear}),
                _("Gear %(gear)s") % {"gear": gear},
                [die, cost or _("free")],
                gear=gear,
                range=die,
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
                _("Next corner"),
                _("%(corner)s: %(made)s of %(stops)s stops made, its exit %(exit)s spaces ahead")
                % {
                    "corner": _corner(owed.get("corner"), names),
                    "made": owed.get("made", 0),
                    "stops": owed["stops"],
                    "exit": owed.get("ranks_to_exit"),
                },
            ),
        )
    return panel(
        "gear_stick",
        decision,
        choices,
        title=_("Select your gear (now %(gear)s)") % {"gear": current}
        if current
        else _("Select your gear"),
        facts=facts,
        confirm=_("Select this gear"),
        current=current,
    )


def _path_details(item: Mapping, advanced: bool, names) -> list[str]:
    """What a move costs, before the driver picks it (FD-B-8, FD-B-9, FD-A-4, FD-A-5)."""
    details = []
    braking = item.get("braking") or 0
    if braking:
        details.append(_braking_words(braking, advanced, item.get("brake_kind") == "forced"))
    for over in item.get("overshoots") or []:
        words = {
            "corner": _corner(over.get("corner"), names),
            "distance": over.get("distance"),
            "missing": over.get("missing"),
        }
        if over.get("missing", 0) >= 2:
            details.append(
                _("overshoots %(corner)s missing %(missing)s stops: out of the race") % words
            )
        elif advanced:  # FD-A-4.1
            details.append(
                ngettext(
                    "overshoots %(corner)s by %(distance)s: −%(distance)s tyre",
                    "overshoots %(corner)s by %(distance)s: −%(distance)s tyres",
                    over.get("distance"),
                )
                % words
            )
        else:  # FD-B-8.5
            details.append(
                ngettext(
                    "overshoots %(corner)s by %(distance)s: −%(distance)s wear point",
                    "overshoots %(corner)s by %(distance)s: −%(distance)s wear points",
                    over.get("distance"),
                )
                % words
            )
    if item.get("stop_in") is not None:
        details.append(_("stops in %(corner)s") % {"corner": _corner(item["stop_in"], names)})
    if item.get("finish"):
        details.append(_("crosses the finish line"))
    if item.get("pit_box"):
        details.append(_("into your pit box"))
    elif item.get("pit_lane"):
        details.append(_("into the pit lane"))
    if item.get("markers"):
        details.append(_("over debris"))
    return details


def eliminates(item: Mapping, car: Mapping, advanced: bool) -> bool:
    """Whether a move surely puts the car out of the race, so the panel
    lists it last and asks again before it is made: two stops missed in a
    corner (FD-B-8.6); in the basic game, wear points spent to 0 by the
    overshoots and braking (FD-B-8.5, FD-B-9, FD-B-14.1); in the advanced
    game, an overshoot longer than the tyres left (FD-A-4.3: the cost is at
    least the distance, whatever the weather; none left, two spaces)."""
    if item.get("eliminated"):
        return True
    wear = car.get("wear") if isinstance(car.get("wear"), Mapping) else {}
    missed_one = [o for o in item.get("overshoots") or [] if o.get("missing") == 1]
    if not advanced and isinstance(wear.get("WP"), int):
        cost = sum(o.get("distance") or 0 for o in missed_one) + (item.get("braking") or 0)
        return cost > 0 and cost >= wear["WP"]
    if advanced and isinstance(wear.get("T"), int):
        # With no tyres left a one-space overshoot only spins the car.
        least = 2 if wear["T"] == 0 else wear["T"] + 1
        return any((o.get("distance") or 0) >= least for o in missed_one)
    return False


def _braking_words(braking: int, advanced: bool, blocked: bool) -> str:
    """What braking costs: brake points in the advanced game (FD-A-5), wear points in the
    basic game (FD-B-9)."""
    words = {"count": braking}
    if advanced and blocked:
        return (
            ngettext(
                "brakes %(count)s space (blocked): −%(count)s brake point",
                "brakes %(count)s spaces (blocked): −%(count)s brake points",
                braking,
            )
            % words
        )
    if advanced:
        return (
            ngettext(
                "brakes %(count)s space: −%(count)s brake point",
                "brakes %(count)s spaces: −%(count)s brake points",
                braking,
            )
            % words
        )
    if blocked:
        return (
            ngettext(
                "brakes %(count)s space (blocked): −%(count)s wear point",
                "brakes %(count)s spaces (blocked): −%(count)s wear points",
                braking,
            )
            % words
        )
    return (
        ngettext(
            "brakes %(count)s space: −%(count)s wear point",
            "brakes %(count)s spaces: −%(count)s wear points",
            braking,
        )
        % words
    )


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
        where = lane(item.get("to")) if lane else ""
        words = {"count": travelled, "lane": where}
        if travelled and where:
            label = ngettext("%(count)s space, %(lane)s", "%(count)s spaces, %(lane)s", travelled)
        elif travelled:
            label = ngettext("%(count)s space", "%(count)s spaces", travelled)
        elif where:
            label = _("Stay here, %(lane)s")
        else:
            label = _("Stay here")
        details = _path_details(item, advanced, names)
        choices.append(
            choice(
                action,
                label % words,
                details or [_("no cost")],
                danger=eliminates(item, _me(view), advanced),
                place=item.get("to"),
                cost=len(details),
            )
        )
    choices.sort(key=lambda c: (c["danger"], c["cost"], -len(c["action"]["params"]["path"])))
    m = options.get("m")
    if m is None:
        title = None
    elif decision.kind == "fast_exit":
        title = _("You rolled %(value)s: pick the space to fast exit to") % {"value": m}
    else:
        title = _("You rolled %(value)s: pick the space to move to") % {"value": m}
    return panel(
        "spaces",
        decision,
        choices,
        title=title,
        facts=[(_("Rolled"), str(m) if m is not None else ""), *_car_facts(view, names)],
        confirm=_("Move here"),
        m=m,
    )


def _slipstream(decision: Decision, view: Mapping, legal: Sequence[Action], names) -> dict:
    by_path = {tuple(item["path"]): item for item in decision.options.get("paths", [])}
    choices = []
    for action in legal:
        path = action.params.get("path") or []
        item = by_path.get(tuple(path))
        if not path or item is None:
            choices.append(choice(action, _("No slipstream")))
            continue
        details = [
            _("−%(count)s brakes") % {"count": item["brake_points"]}
            if item.get("brake_points")
            else _("no cost")
        ]
        n = len(path)
        label = ngettext(
            "%(count)s space in the slipstream", "%(count)s spaces in the slipstream", n
        ) % {"count": n}
        choices.append(choice(action, label, details, place=path[-1]))
    return panel("spaces", decision, choices, title=_("Slipstream behind the car ahead?"),
                 facts=_car_facts(view, names), confirm=_("Take this slipstream"))  # fmt: skip


def _drift(decision: Decision, view: Mapping, legal: Sequence[Action], names) -> dict:
    choices = [
        choice(a, _("Drift one space"), [_("−1 tyre")], place=a.params["to"])
        if a.params.get("to")
        else choice(a, _("No drift"))
        for a in legal
    ]
    return panel(
        "spaces", decision, choices, facts=_car_facts(view, names), confirm=_("Drift here")
    )


def _debris(decision: Decision, view: Mapping, legal: Sequence[Action], names) -> dict:
    choices = [
        choice(a, _("Drop debris here"), place=a.params["space"])
        if a.params.get("space")
        else choice(a, _("Keep the debris"))
        for a in legal
    ]
    return panel("spaces", decision, choices, confirm=_("Drop it here"))
