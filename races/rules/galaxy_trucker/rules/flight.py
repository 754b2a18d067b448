"""Flight preparation, the flight board and days, checkpoints and giving
up, and the power declarations (GT-PRE, GT-MOV, GT-GUP, GT-PWR-05)."""

from __future__ import annotations

from ...contract import Action
from ...speech import N_, _
from ..chance import Chance, digest
from ..state import Ask, Emit, GameState
from . import policy
from .cards import CARDS
from .damage import spend_battery
from .ship import Ship, cell_of
from .tiles import BATTERY, CABIN, DOUBLE_CANNON, DOUBLE_ENGINE, START_CABIN, TILES

TRACK = 40  # GT-DM-14: the days of the flight board

# --- preparation (GT-PRE) ---------------------------------------------------


def in_flight(state: GameState) -> list:
    """Player order: in flight, furthest ahead first (GT-FLT-02)."""
    return sorted((p for p in state.players if p.pos is not None), key=lambda p: -p.pos)


ALIEN_HOME = {
    "brown": N_("A brown alien needs a cabin joined to a brown life support."),
    "purple": N_("A purple alien needs a cabin joined to a purple life support."),
}


def aliens_problem(ship: Ship, action: Action) -> str | None:
    if action.kind != "aliens":
        return _("Name a cabin for each alien, or none.")
    chosen = {}
    for colour in ("brown", "purple"):
        value = action.params.get(colour)
        if value is None:
            continue
        cell = cell_of(value)
        if cell not in ship.eligible_cabins(colour):
            return _(ALIEN_HOME[colour])
        chosen[colour] = cell
    if len(chosen) == 2 and chosen["brown"] == chosen["purple"]:
        return _("One cabin holds one alien.")
    return None


def preparation(state: GameState, chance: Chance, emit: Emit, number: int):
    """GT-PRE-01..07."""
    gap = 2 if state.config["start_spacing"] == "source" else number + 1  # GT-AMB-03
    for p in state.players:
        p.pos = -gap * (p.token - 1)
    emit(
        "rockets_placed",
        None,
        positions={p.id: p.pos for p in sorted(state.players, key=lambda p: p.token)},
    )
    for p in sorted(state.players, key=lambda p: p.token):
        ship = p.ship
        choice = {"brown": None, "purple": None}
        if ship.eligible_cabins("brown") or ship.eligible_cabins("purple"):
            default = Action("aliens", policy.aliens(ship))
            options = {
                "brown": [list(c) for c in ship.eligible_cabins("brown")],
                "purple": [list(c) for c in ship.eligible_cabins("purple")],
            }
            actions = [
                Action("aliens", {"brown": b, "purple": u})
                for b in [None, *options["brown"]]
                for u in [None, *options["purple"]]
                if b is None or b != u
            ]
            action = yield Ask(
                p.id,
                "place_aliens",
                _("Choose the cabins for your aliens."),
                options,
                actions,
                lambda a, s=ship: aliens_problem(s, a),
                default,
            )
            choice = {k: action.params.get(k) for k in ("brown", "purple")}
        humans = {}
        aliens = {}
        for cell in ship.of_kind(START_CABIN, CABIN):
            placed = ship.cells[cell]
            colour = next((k for k, v in choice.items() if v and tuple(v) == cell), None)
            if colour:
                placed.alien = colour
                aliens[colour] = list(cell)
            else:
                placed.humans = 2  # GT-PRE-02, GT-AMB-26
                humans[f"{cell[0]},{cell[1]}"] = 2
        emit("crew_placed", p.id, humans_by_cell=humans, aliens=aliens)
        total = 0
        for cell in ship.of_kind(BATTERY):
            ship.cells[cell].batteries = TILES[ship.cells[cell].tile].capacity  # GT-PRE-05
            total += ship.cells[cell].batteries
        emit("batteries_loaded", p.id, total=total)
    deck = [c for s in state.stacks for c in s]
    attempts = 0
    if not state.config["open_stacks"]:
        rng = chance.stream(f"deck:{number}")
        while True:  # GT-PRE-06/07
            attempts += 1
            rng.shuffle(deck)
            if CARDS[deck[0]].level == number:
                break
    state.deck = deck
    emit("deck_shuffled", None, attempts=attempts, digest=digest(deck))


# --- movement (GT-MOV) ------------------------------------------------------


def move(state: GameState, emit: Emit, p, days: int) -> None:
    """GT-MOV-02: one counted step at a time, occupied spaces jumped."""
    if days == 0 or p.pos is None:
        return
    start = p.pos
    taken = {q.pos % TRACK for q in state.players if q is not p and q.pos is not None}
    direction = 1 if days > 0 else -1
    pos = start
    if state.config["movement"] == "slide":  # GT-AMB-04
        pos += days
        while pos % TRACK in taken:
            pos += direction
    else:
        for _ in range(abs(days)):
            pos += direction
            while pos % TRACK in taken:
                pos += direction
    p.pos = pos
    emit("ship_moved", p.id, **{"from": start, "to": pos, "days": -days})


# --- giving up (GT-GUP) -----------------------------------------------------


def give_up(state: GameState, emit: Emit, p, reason: str) -> None:
    state.give_ups += 1
    p.gave_up = {
        "reason": reason,
        "card_index": state.card_index,
        "pos_at_give_up": p.pos,
        "seq": state.give_ups,
    }
    emit("player_gave_up", p.id, reason=reason, card_index=state.card_index, pos=p.pos)
    p.pos = None


def no_crew(state: GameState, ship: Ship) -> bool:
    if state.config["no_crew_rule"] == "no_humans":  # GT-AMB-09
        return ship.humans() == 0
    return ship.crew() == 0


def checkpoint(state: GameState, emit: Emit, final: bool):
    """GT-GUP-01..04."""
    emit("checkpoint", None, card_index=state.card_index)
    flying = in_flight(state)
    if flying:
        leader = flying[0].pos
        forced = []
        for p in flying:
            if no_crew(state, p.ship):
                forced.append((p, "no_crew"))
            elif p.ship.max_engine_power() == 0:
                forced.append((p, "no_engine_power"))
            elif leader - p.pos > TRACK:
                forced.append((p, "lapped"))
        for p, reason in forced:
            give_up(state, emit, p, reason)
    if final:
        return
    for p in in_flight(state):
        action = yield Ask(
            p.id,
            "give_up",
            _("Fly on, or give up and land now?"),
            {"credits": p.credits, "card_index": state.card_index},
            [Action("fly_on"), Action("give_up")],
            lambda a: None if a.kind in ("fly_on", "give_up") else _("Fly on or give up."),
            Action("fly_on"),
        )
        if action.kind == "give_up":
            give_up(state, emit, p, "voluntary")


# --- declarations (GT-PWR-05) ----------------------------------------------


def declaration_problem(ship: Ship, kind: str, action: Action) -> str | None:
    if action.kind != "declare":
        return _("Declare which double devices to switch on and which batteries pay.")
    activate, pay = action.params.get("activate"), action.params.get("pay")
    if not isinstance(activate, list) or not isinstance(pay, list):
        return _("Give the devices to switch on and the batteries that pay.")
    cells = [cell_of(c) for c in activate]
    if any(c is None or c not in ship.cells or ship.cells[c].kind != kind for c in cells):
        if kind == DOUBLE_ENGINE:
            return _("Only double engines can be switched on here.")
        return _("Only double cannons can be switched on here.")
    if len(set(cells)) != len(cells):
        return _("Each device is switched on once.")
    if len(pay) != len(cells):
        return _("Each device switched on costs one battery token.")
    left = {c: ship.cells[c].batteries for c in ship.battery_cells()}
    for item in pay:
        cell = cell_of(item)
        if left.get(cell, 0) <= 0:
            return _("That battery has no token left.")
        left[cell] -= 1
    return None


def declaration_actions(ship: Ship, kind: str, default: dict) -> list[Action]:
    """Switching on the first k devices (k = 0..), paid as BasicBot pays,
    and the default."""
    devices = policy.cannon_order(ship) if kind == DOUBLE_CANNON else ship.of_kind(kind)
    devices = devices[: ship.tokens()]
    actions = [
        Action("declare", policy.declaration(ship, devices[:k])) for k in range(len(devices) + 1)
    ]
    if Action("declare", default) not in actions:
        actions.append(Action("declare", default))
    return actions


def declare(emit: Emit, p, kind: str, default: dict, purpose: str, shown: dict):
    """One declaration; returns the value in half-points (firepower) or
    whole points (engine power)."""
    ship = p.ship
    options = {
        "devices": [list(c) for c in ship.of_kind(kind)],
        "batteries": [
            {"cell": list(c), "tokens": ship.cells[c].batteries} for c in ship.battery_cells()
        ],
        "purpose": purpose,
        **shown,
    }
    decision = "declare_engines" if kind == DOUBLE_ENGINE else "declare_cannons"
    action = yield Ask(
        p.id,
        decision,
        _("Declare your engine power.") if kind == DOUBLE_ENGINE else _("Declare your firepower."),
        options,
        declaration_actions(ship, kind, default),
        lambda a: declaration_problem(ship, kind, a),
        Action("declare", default),
    )
    cells = [tuple(c) for c in action.params["activate"]]
    if kind == DOUBLE_ENGINE:
        value = ship.engine_power(len(cells))
        shown_value = value
    else:
        value = ship.firepower_hp(cells)
        shown_value = value / 2 if value % 2 else value // 2
    emit(
        "declared",
        p.id,
        kind="engines" if kind == DOUBLE_ENGINE else "cannons",
        activated=[list(c) for c in cells],
        paid=list(action.params["pay"]),
        value=shown_value,
    )
    for cell in action.params["pay"]:
        spend_battery(emit, p, tuple(cell))
    return value
