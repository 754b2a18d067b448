"""Meteors and cannon shots (GT-HIT-01..09)."""

from __future__ import annotations

from ...contract import Action
from ...speech import N_, _, word_for
from ..chance import Chance
from ..state import Ask, Emit, GameState
from .damage import destroy, richest_battery, spend_battery
from .ship import cell_of
from .tiles import CANNON, DOUBLE_CANNON, SIDE_NAMES, shown

SIDE = {"N": 0, "E": 1, "S": 2, "W": 3}
# the question of GT-HIT-04/05 for each threat, the side said where it is asked
DEFEND_WORDS = {
    ("small", "meteor"): N_("Defend against the small meteor from the %(side)s?"),
    ("large", "meteor"): N_("Defend against the large meteor from the %(side)s?"),
    ("small", "shot"): N_("Defend against the small shot from the %(side)s?"),
    ("large", "shot"): N_("Defend against the large shot from the %(side)s?"),
}
SIDE_WORDS = (N_("front"), N_("right"), N_("rear"), N_("left"))


def roll(state: GameState, chance: Chance, emit: Emit, roller, purpose: str) -> int:
    d1, d2 = chance.stream(f"dice:{state.round}").roll_2d6()
    emit("dice_rolled", None, roller=roller, purpose=purpose, d1=d1, d2=d2, sum=d1 + d2)
    return d1 + d2


def defend_problem(devices: list, ship, action: Action) -> str | None:
    if action.kind == "take_hit":
        return None
    if action.kind != "defend":
        return _("Defend with a device, or take the hit.")
    device, pay = cell_of(action.params.get("device")), cell_of(action.params.get("pay"))
    if device not in devices:
        return _("That device does not cover this side.")
    if pay not in ship.cells or ship.cells[pay].batteries <= 0:
        return _("That battery has no token left.")
    return None


def defend(emit: Emit, p, devices: list, what: dict):
    """DEFEND (F4): switch on a shield or a double cannon for a token."""
    ship = p.ship
    pay = richest_battery(ship)
    default = Action("defend", {"device": list(devices[0]), "pay": list(pay)})
    actions = [
        Action("defend", {"device": list(d), "pay": list(b)})
        for d in devices
        for b in ship.battery_cells()
    ] + [Action("take_hit")]
    options = {
        "threat": {
            "size": what["size"],
            "source": what["source"],
            "from": SIDE_NAMES[what["side"]],
        },
        "devices": [list(d) for d in devices],
        "batteries": [
            {"cell": list(c), "tokens": ship.cells[c].batteries} for c in ship.battery_cells()
        ],
    }
    action = yield Ask(
        p.id,
        "defend",
        word_for(DEFEND_WORDS, (what["size"], what["source"]))
        % {"side": word_for(SIDE_WORDS, what["side"])},
        options,
        actions,
        lambda a: defend_problem(devices, ship, a),
        default,
    )
    if action.kind == "defend":
        spend_battery(emit, p, tuple(action.params["pay"]))
        return True
    return False


def strike(state: GameState, emit: Emit, p, source: str, size: str, side_code: str, line: int):
    """One meteor or shot on one ship (GT-HIT-01..08)."""
    side = SIDE[side_code]
    ship = p.ship
    across = side in (1, 3)
    record = {"source": source, "size": size, "from": SIDE_NAMES[side], "line": line}
    in_range = ship.board.in_rows(line) if across else ship.board.in_cols(line)
    target = ship.first_in_line(side, line) if in_range else None
    if target is None:
        emit("hit_resolved", p.id, **record, target_cell=None, outcome="missed")
        return
    placed = ship.cells[target]
    what = {"size": size, "source": "meteor" if source == "meteor" else "shot", "side": side}
    outcome = "destroyed"
    if size == "small":
        if source == "meteor" and shown(placed.tile, placed.rot, side) == 0:
            outcome = "bounced"  # GT-HIT-03
        else:
            scope = line if state.config["shield_scope"] == "line" else None
            shields = ship.shield_for(side, scope, across)
            if shields and ship.tokens():
                if (yield from defend(emit, p, shields, what)):
                    outcome = "deflected"
    elif source == "meteor":  # GT-HIT-05
        lines = (line - 1, line, line + 1) if across else (line,)
        cannons = ship.cannons_at(side, lines, across)
        if any(ship.cells[c].kind == CANNON for c in cannons):
            outcome = "shot_down"
        else:
            doubles = [c for c in cannons if ship.cells[c].kind == DOUBLE_CANNON]
            if doubles and ship.tokens():
                if (yield from defend(emit, p, doubles, what)):
                    outcome = "shot_down"
    emit("hit_resolved", p.id, **record, target_cell=list(target), outcome=outcome)
    if outcome == "destroyed":
        yield from destroy(state, emit, p, target)
