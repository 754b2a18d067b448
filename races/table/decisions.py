"""A person's decision panel on the page, from the game's presentation only
(the panels part, races/rules/face/widgets.py), and the decision a panel's
form posts back. Nothing here knows a game.

A widget's form posts either one of the panel's choices (`action`, the
action as JSON) or, for a hand of cards, the picked cards' keys (`pick`)
with the action they make up (`compose_kind`, `compose_param`,
`compose_one`), or, for registers, what each register holds (`slot_1`…,
`compose_slots` of them). Either way the engine checks the action before
anything is stored, so a forged post is refused with the engine's sentence.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from races.rules import Action, Decision
from races.rules.face import Presentation

# Widgets drawn by a template of their own (templates/table/_widget_<name>.html);
# any other widget a game declares is drawn as the plain form of its choices.
DRAWN = ("cards", "gear_stick", "spaces", "tile", "registers", "form")
UNREADABLE = gettext_lazy("That choice could not be read; pick one of the choices shown.")


def panel_shown(
    presentation: Presentation,
    decision: Decision,
    view: Mapping,
    legal: Sequence[Action],
    anchors: Mapping[str, Sequence[float]] | None = None,
    anchor_of=None,
) -> dict:
    """The game's panel with what the templates need: each choice's action
    as JSON, the cards a choice can pick, the board's point of each space."""
    panel = dict(presentation.panels.panel(decision, view, legal=legal))
    choices = []
    for number, item in enumerate(panel.get("choices") or []):
        shown = {**item, "number": number, "json": json.dumps(item["action"], sort_keys=True)}
        place = item.get("place")
        point = None
        if place and anchors is not None:
            point = anchors.get(place) or anchors.get((anchor_of or (lambda p: None))(place) or "")
        shown["point"] = list(point) if point else None
        choices.append(shown)
    panel["choices"] = choices
    panel["template"] = (
        f"table/_widget_{panel['widget']}.html"
        if panel["widget"] in DRAWN
        else "table/_widget_form.html"
    )
    if panel["widget"] == "cards":
        pickable = {key for c in choices for key in c.get("picks") or []}
        panel["cards"] = [
            {**c, "pickable": c["key"] in pickable and not c.get("fixed")}
            for c in panel.get("cards") or []
        ]
        panel["plays"] = [
            {"picks": sorted(c.get("picks") or []), "label": c["label"], "danger": c["danger"]}
            for c in choices
        ]
    if panel["widget"] == "spaces":
        panel["targets"] = _targets(choices)
    elif "marks" in panel:  # squares the panel marks on the board (a preview)
        points = [(m, anchors.get(m["place"]) if anchors else None) for m in panel["marks"]]
        panel["targets"] = [{"x": p[0], "y": p[1], "title": m["title"], "choice": None,
                             "danger": False} for m, p in points if p]  # fmt: skip
    if panel["widget"] == "tile":
        panel.update(_tile_grids(panel.get("grids") or [], choices))
    return panel


def _tile_grids(grids: Sequence[Mapping], choices: Sequence[dict]) -> dict:
    """A tile panel's grids with each cell's choice (a button that posts it),
    and the choices that are not a cell as a list of their own."""
    placed = {(c["grid"], c["cell"]): c for c in choices if c.get("cell") is not None}
    return {
        "grids": [
            {
                **g,
                "rows": [
                    [{**cell, "choice": placed.get((number, cell["key"]))} for cell in row]
                    for row in g["rows"]
                ],
            }
            for number, g in enumerate(grids)
        ],
        "rest": {"choices": [c for c in choices if c.get("cell") is None]},
    }


def _slots_posted(post) -> dict:
    """Registers filled in order (`compose_slots` of them, `slot_1`…): the
    list of what each holds, empty ones as nothing, a register holding a
    second card (`slot_1_second`) as the pair; cards put aside go under
    their own parameter (`compose_asides` names them, `aside_<name>`). The
    `draft` button posts the panel's provisional kind (`compose_draft_kind`)."""
    param = post.get("compose_param") or ""
    count = post.get("compose_slots") or ""
    kind = post.get("compose_draft_kind") if post.get("draft") else post.get("compose_kind")
    asides = (post.get("compose_asides") or "").split()
    if not param.isidentifier() or not count.isdigit() or not 0 < int(count) <= 20 or not kind:
        raise ValidationError(UNREADABLE)
    if any(not name.isidentifier() or name == param for name in asides):
        raise ValidationError(UNREADABLE)
    slots = []
    for n in range(1, int(count) + 1):
        first, second = post.get(f"slot_{n}") or None, post.get(f"slot_{n}_second") or None
        slots.append([first, second] if first and second else first or second)
    params = {param: slots}
    params.update({name: post[f"aside_{name}"] for name in asides if post.get(f"aside_{name}")})
    return {"kind": kind, "params": params}


def _targets(choices: Sequence[dict]) -> list[dict]:
    """One highlighted space per place on the board, picking its first choice
    (the game lists the cheapest way there first)."""
    targets, seen = [], set()
    for c in choices:
        point = c.get("point")
        if not point or tuple(point) in seen:
            continue
        seen.add(tuple(point))
        title = c["label"] + (": " + ", ".join(c["details"]) if c["details"] else "")
        targets.append({"x": point[0], "y": point[1], "title": title, "choice": c["number"],
                        "danger": c["danger"]})  # fmt: skip
    return targets


def step_posted(post) -> int:
    """The step the decision was opened at, as the panel's form posted it;
    a ValidationError in words when it cannot be read."""
    try:
        return int(post.get("step", ""))
    except ValueError as error:
        raise ValidationError(UNREADABLE) from error


def action_posted(post) -> Action:
    """The action a panel's form posted, as the engine's Action; a
    ValidationError in words when it cannot be read."""
    data = _posted(post)
    params = data.get("params") or {}
    if not isinstance(data.get("kind"), str) or not isinstance(params, dict):
        raise ValidationError(_("That choice is not a decision this race understands."))
    return Action(kind=data["kind"], params=params)


def _posted(post) -> dict:
    """The posted action as the engine's dict, not yet checked."""
    if post.get("compose_slots") and not post.get("action"):
        return _slots_posted(post)
    if post.get("compose_kind"):
        return _picks_posted(post)
    # a choice with a button of its own (a cell of a tile's grid) wins over the list
    text = post.get("place") or post.get("action", "")
    if not text:
        raise ValidationError(_("Pick one of the choices shown, then confirm."))
    try:
        action = json.loads(text)
    except ValueError as error:
        raise ValidationError(UNREADABLE) from error
    if not isinstance(action, dict):
        raise ValidationError(UNREADABLE)
    return action


def _picks_posted(post) -> dict:
    """Cards picked from a hand (`pick`), as the action they make up."""
    picks = [p for p in post.getlist("pick") if isinstance(p, str) and p]
    param = post.get("compose_param") or ""
    if not param.isidentifier():
        raise ValidationError(UNREADABLE)
    if post.get("compose_one") == "1":
        if len(picks) != 1:
            raise ValidationError(_("Pick exactly one card."))
        value = picks[0]
    else:
        value = sorted(picks)
    return {"kind": post["compose_kind"], "params": {param: value}}
