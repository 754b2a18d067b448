"""Build steps (GT-TBB-04..08): what a builder may do in a tick and how a
tile in hand is resolved, in both modes: one builder after the other
(`sequential`, GT-TBB-02) or every builder at once in two phases
(`simultaneous`, GT-TBB-12)."""

from __future__ import annotations

from ...contract import Action
from ...speech import _
from ..bots.building import best_placement
from ..state import Ask, Emit, GameState, Together
from .ship import cell_of
from .tiles import TILES

HOURGLASS_WORDS = {3: "III", 2: "II", 1: "I", 0: "Start"}


def can_peek(p) -> bool:
    return len(p.ship.cells) > 1  # GT-AMB-16


def step_actions(state: GameState, p) -> list[Action]:
    """GT-TBB-04: the build steps open to a player now."""
    actions = []
    if state.face_down:
        actions.append(Action("draw"))
    actions += [Action("take_face_up", {"tile": t}) for t in state.face_up]
    actions += [
        Action("take_reserved", {"tile": t}) for t in p.ship.reserved if p.ship.open_cells()
    ]
    if can_peek(p) and not state.config["open_stacks"]:
        actions += [Action("peek", {"stack": k}) for k in (1, 2, 3)]
    if state.config["token_pick"] == "any":
        actions += [Action("finish", {"token": t}) for t in state.tokens_left]
    else:
        actions.append(Action("finish"))
    actions.append(Action("pass"))
    return actions


def step_problem(state: GameState, p, action: Action) -> str | None:
    kind, params = action.kind, action.params
    if kind == "draw":
        return None if state.face_down else _("The face-down pool is empty.")
    if kind == "take_face_up":
        if params.get("tile") in state.face_up:
            return None
        return _("That tile is not face up in the pool.")
    if kind == "take_reserved":
        if params.get("tile") not in p.ship.reserved:
            return _("That tile is not in your reserve.")
        if buildable(state, p, [params["tile"]]):
            return None
        return _("There is no cell left to build it into.")
    if kind == "peek":
        if state.config["open_stacks"]:
            return _("The stacks are open in this game.")
        if not can_peek(p):
            return _("Build one tile before you look at a stack.")
        if params.get("stack") in (1, 2, 3):
            return None
        return _("Only stacks 1 to 3 can be looked at.")
    if kind == "finish":
        if state.config["token_pick"] == "any" and params.get("token") not in state.tokens_left:
            return _("Name an order token that is still free.")
        return None
    if kind == "pass":
        return None
    return _("Draw, take a face-up or reserved tile, look at a stack, finish or pass.")


def step_ask(state: GameState, p) -> Ask:
    """B1 BUILD_STEP of GT-API-02; its default is PASS (GT-API-03)."""
    options = {
        "face_down": len(state.face_down),
        "face_up": list(state.face_up),
        "reserved": list(p.ship.reserved),
        "reserved_buildable": buildable(state, p, p.ship.reserved),
        "stacks": [1, 2, 3] if can_peek(p) and not state.config["open_stacks"] else [],
        "tokens": list(state.tokens_left),
        "token_pick": state.config["token_pick"],
        "hourglass": HOURGLASS_WORDS[state.hourglass["pos"]],
        "ticks_left": state.hourglass["ticks_left"],
        "tick": state.tick,
    }
    return Ask(
        p.id,
        "build_step",
        _("Take your next building step."),
        options,
        lambda: step_actions(state, p),  # listed when asked: nothing changes while it is open
        lambda a: step_problem(state, p, a),
        Action("pass"),
    )


def build_step(state: GameState, emit: Emit, p):
    """One builder's step in sequential mode (GT-TBB-02): asked, done, and
    the tile in hand resolved before the next builder acts."""
    action = yield step_ask(state, p)
    held = take(state, emit, p, action)
    if held is not None:
        action = yield resolve_ask(state, p, *held)
        settle_tile(state, emit, p, *held, action)


def take(state: GameState, emit: Emit, p, action: Action) -> tuple[int, str] | None:
    """A build step's effect (GT-TBB-04): the tile now in hand with where it
    came from, or None. In simultaneous mode an intent that an earlier
    builder of the tick made impossible fails and counts as PASS (GT-TBB-12)."""
    kind = action.kind
    if kind == "draw":
        if not state.face_down:
            emit("intent_failed", p.id, intent="draw")
            return None
        tile = state.face_down.pop(0)
        emit("tile_drawn", p.id, tile=tile)
        return tile, "pool"
    if kind == "take_face_up":
        tile = action.params["tile"]
        if tile not in state.face_up:
            emit("intent_failed", p.id, intent="take_face_up", tile=tile)
            return None
        state.face_up.remove(tile)
        emit("tile_taken_face_up", p.id, tile=tile)
        return tile, "face_up"
    if kind == "take_reserved":
        tile = action.params["tile"]
        p.ship.reserved.remove(tile)
        emit("tile_taken_reserved", p.id, tile=tile)
        return tile, "reserve"
    if kind == "peek":
        k = action.params["stack"]
        p.peeked[k] = list(state.stacks[k - 1])
        emit("stack_peeked", p.id, stack=k)
        emit(
            "stack_contents",
            p.id,
            stack=k,
            cards=list(state.stacks[k - 1]),
            visibility=f"private:{p.id}",
        )
    elif kind == "finish":
        # GT-TBB-08; GT-TBB-12: a token taken earlier in the tick gives the lowest left
        token = action.params.get("token")
        if token not in state.tokens_left:
            token = state.tokens_left[0]
        state.tokens_left.remove(token)
        p.token, p.finished_building = token, True
        emit("build_finished", p.id, token=token)
    else:
        emit("build_passed", p.id)
    return None


def placements(state: GameState, p, tile: int) -> list[list[int]]:
    """[col, row, rot] of every placement allowed (GT-TBB-05; strictly, GT-TBB-06)."""
    cells = p.ship.open_cells()
    if not state.config["strict_build"]:
        return [[col, row, rot] for col, row in cells for rot in range(4)]
    safe = p.ship.safe
    return [[c[0], c[1], rot] for c in cells for rot in range(4) if safe(tile, c, rot)[0]]


def buildable(state: GameState, p, tiles: list[int]) -> list[int]:
    """Those of `tiles` for which `placements` would find any, without
    listing them."""
    if not tiles:
        return []
    cells = p.ship.open_cells()
    if not state.config["strict_build"]:
        return list(tiles) if cells else []
    safe = p.ship.safe
    return [t for t in tiles if any(safe(t, c, rot)[0] for c in cells for rot in range(4))]


def resolve_problem(state: GameState, p, tile: int, source: str, action: Action) -> str | None:
    """GT-TBB-05/06."""
    if action.kind == "place":
        cell = cell_of(action.params.get("cell"))
        rot = action.params.get("rot")
        if cell is None or not isinstance(rot, int) or isinstance(rot, bool):
            return _("Name a cell [column, row] and a rotation 0-3.")
        problem = p.ship.placement_problem(cell, rot)
        if problem:
            return problem
        if state.config["strict_build"] and not p.ship.safe(tile, cell, rot)[0]:
            return _("In strict building a tile must join the ship without breaking a rule.")
        return None
    if source == "reserve":
        if action.kind == "keep_reserved" and state.config["build_mode"] == "simultaneous":
            return None  # GT-TBB-12: a missing resolution leaves a reserved tile there
        return _("A tile taken from your reserve must be built into the ship.")
    if action.kind == "reserve":
        if p.ship.board.reserve == 0:
            return _("This ship board has no reserve.")
        if len(p.ship.reserved) >= p.ship.board.reserve:
            return _("Your reserve already holds two tiles.")
        return None
    if action.kind == "return":
        return None
    return _("Place the tile, put it in your reserve or return it face up.")


def resolve_ask(state: GameState, p, tile: int, source: str) -> Ask:
    """B2 RESOLVE_TILE of GT-API-02 with its default (GT-API-03)."""
    spots = placements(state, p, tile)
    rest = []
    if source != "reserve":
        if p.ship.board.reserve and len(p.ship.reserved) < p.ship.board.reserve:
            rest.append(Action("reserve"))
        rest.append(Action("return"))

    def actions() -> list[Action]:
        """Listed only when asked for: the bots never ask."""
        return [Action("place", {"cell": [c, r], "rot": rot}) for c, r, rot in spots] + rest

    default = rest[-1] if rest else None
    if source == "reserve" and state.config["build_mode"] == "simultaneous":
        default = Action("keep_reserved")  # GT-TBB-12 time-out
    elif source == "reserve":  # GT-API-02 B2: a reserved tile goes where BasicBot puts it
        found = best_placement(p.ship, tile, state.round)
        default = (
            Action("place", {"cell": list(found[1]), "rot": found[2]})
            if found
            else Action("place", {"cell": spots[0][:2], "rot": spots[0][2]})
        )
    definition = TILES[tile]
    options = {
        "tile": tile,
        "kind": definition.kind,
        "connectors": list(definition.conn),
        "capacity": definition.capacity,
        "from": source,
        "placements": spots,
        "can_reserve": any(a.kind == "reserve" for a in rest),
        "can_return": source != "reserve",
    }
    return Ask(
        p.id,
        "resolve_tile",
        _("Build the %(tile)s in, reserve or return it.") % {"tile": definition.name},
        options,
        actions,
        lambda a: resolve_problem(state, p, tile, source, a),
        default,
    )


def settle_tile(
    state: GameState, emit: Emit, p, tile: int, source: str, action: Action, returned=None
) -> None:
    """GT-TBB-05: the tile in hand placed, reserved or returned face up (in
    simultaneous mode into `returned`, which joins the pool at the tick's end)."""
    if action.kind == "place":
        cell, rot = tuple(action.params["cell"]), action.params["rot"]
        seq = p.ship.place(tile, cell, rot)
        emit("tile_placed", p.id, tile=tile, cell=list(cell), rot=rot, seq=seq)
    elif action.kind == "reserve":
        p.ship.reserved.append(tile)
        emit("tile_reserved", p.id, tile=tile)
    elif action.kind == "keep_reserved":
        p.ship.reserved.append(tile)
        emit("tile_kept_reserved", p.id, tile=tile)
    else:
        (state.face_up if returned is None else returned).append(tile)
        emit("tile_returned", p.id, tile=tile)


def simultaneous_tick(state: GameState, emit: Emit, builders):
    """GT-TBB-12: every builder's intent at once, done in the tick order of
    GT-TBB-02 (`builders` is in that order); then every builder holding a
    tile resolves it at once; returned tiles join the face-up pool at the
    end of the tick, in tick order."""
    intents = yield Together(step_ask(state, p) for p in builders)
    held = []
    for p in builders:
        got = take(state, emit, p, intents[p.id])
        if got is not None:
            held.append((p, *got))
    if not held:
        return
    resolutions = yield Together(resolve_ask(state, p, tile, source) for p, tile, source in held)
    returned: list[int] = []
    for p, tile, source in held:
        settle_tile(state, emit, p, tile, source, resolutions[p.id], returned)
    state.face_up.extend(returned)
