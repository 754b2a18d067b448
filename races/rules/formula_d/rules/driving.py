"""A car's movement within its turn (FD-P-3 steps 6 to 12, 14 and 15): the
move itself, the path's crossings and markers, corners, braking, the finish,
collisions and engine checks. The turn procedure (turn.py) calls these, and
so do the pit stop, the slipstream and the drivers' own moves."""

from __future__ import annotations

from ...contract import decision_of
from ..state import BOX_STATES, FINISHED, PIT_EXIT, PIT_LANE, PIT_NONE, RACING, Car
from . import damage
from .move import MoveOptions, MovePlan, entry_progress
from .steps import LAP, OVERS, PIT, SLIDE, SPACE, TO_BOX
from .track import TRACK
from .variants import abilities, street


class Turn:
    """What the steps of one turn hand each other."""

    __slots__ = (
        "car",
        "start",
        "trigger",
        "steps",
        "crossed_final",
        "overs",
        "brakes",
        "moved",
        "braked",
        "path",
        "states",
        "cleared",
    )

    def __init__(self, car: Car):
        self.car = car
        self.start = car.space
        self.trigger = False
        self.steps = 0  # spaces travelled in the turn's movement (main + slipstream)
        self.crossed_final = False
        self.overs: tuple = ()
        self.brakes: list[tuple[str, dict]] = []  # (kind, costs) paid at step 12
        self.moved = False
        self.braked = False
        self.path: list[int] = []  # every space entered this turn, in order
        self.states: list[tuple] = []  # movement states of the turn's last move
        self.cleared = -1


def drive(
    rs, chance, emit, turn: Turn, m: int, kind: str, *, may_brake: bool = True, slide: int = 0
):
    """Steps 6-8 of FD-P-3 for a main or fast-exit move: decision `move`, then path effects."""
    car, t = turn.car, rs.track
    plan = MovePlan(rs, car, m, kind, may_brake, slide)  # positional: see MoveRules
    decision = decision_of(
        car.seat,
        "move" if kind != "fast_exit" else "fast_exit",
        f"Move {m} spaces",
        # only forced braking after nitro (FD-V-9.3) and in qualifying (FD-V-4.3):
        # said in the decision, so a bot's own search honours it
        MoveOptions(
            plan,
            {
                "m": m,
                "from": t.ids[car.space],
                "slide": slide,
                "forced_braking_only": not plan.may_brake,
            },
        ),
    )
    # The last action that passed the check, with what the check worked out.
    # apply() checks the answer just before resuming, so the answer is the
    # action kept here, and the move is not walked a second time.
    passed: list = [None]

    def check(action) -> str | None:
        path = _path_param(rs, action)
        brake = action.params.get("brake")
        states, terminal = plan.check_path(path)
        brake_kind, b = plan.braking(len(path), terminal, states[-1])
        if brake is not None and brake != b:
            return f"brake must equal {b} for this path"
        passed[0] = (action, path, states, brake_kind, b)
        return None

    action = yield (decision, check)
    answer, path, states, brake_kind, b = passed[0]
    assert answer is action
    turn.states = [states[0]]
    turn.cleared = plan.rules.cleared
    if brake_kind != "none":
        turn.braked = True
        turn.brakes.append((brake_kind, {"b": b, "split": action.params.get("brake_split")}))
    emit(
        "moved",
        car.seat,
        kind=kind,
        path=list(map(t.ids.__getitem__, path)),
        m=plan.m_of(states[-1]),
        travelled=len(path),
        slide=slide if states[-1][SLIDE] else 0,
        braking=b,
        brake_kind=brake_kind,
    )
    if car.pit in BOX_STATES and path:
        emit("pit_exit", car.seat, box=t.ids[car.space], gear=car.gear)
    final = states[-1]
    # a car that entered the pit lane is still bound for its box (FD-B-12.5)
    enter = entry_progress(rs, states) if final[PIT] == TO_BOX else None
    if enter is not None:
        car.entry_progress = enter
        car.pit = PIT_LANE
        emit("pit_entered", car.seat, box=t.ids[t.boxes[car.colour]])
    path_effects(rs, chance, emit, turn, states)
    if car.status == RACING:
        if final[PIT] != TO_BOX and t.kind_of[car.space] == TRACK:
            car.pit = PIT_NONE
        elif car.pit in BOX_STATES and path:
            car.pit = PIT_EXIT
        if final[OVERS]:
            before = turn.steps - len(path)  # steps of the turn before this move
            # a plain loop: a generator would make a closure cell of `before`
            # on every move
            overs = list(turn.overs)
            for c, k in final[OVERS]:
                overs.append((c, k + before))
            turn.overs = tuple(overs)
    return plan


def _path_param(rs, action) -> list[int]:
    raw = action.params.get("path")
    if not isinstance(raw, (list, tuple)):  # noqa: UP038 (faster than a union)
        raise ValueError("path must be a list of space ids")
    index = rs.track.index
    try:
        return list(map(index.__getitem__, raw))
    except (KeyError, TypeError):
        return _explained_indices(raw, index)


def _explained_indices(raw, index: dict) -> list[int]:
    # apart from `_path_param`: its comprehensions would make a closure cell
    # of the index on every move
    unknown = [s for s in raw if s not in index]
    if unknown:
        raise ValueError(f"unknown space {unknown[0]!r}")
    return [index[s] for s in raw]


def path_effects(rs, chance, emit, turn: Turn, states: list[tuple]) -> None:
    """Step 7: line crossings and damage-marker checks, in path order."""
    car, t = turn.car, rs.track
    # police and danger zones exist only under the street rules (FD-V-10, FD-V-11.6)
    street_rules = rs.street_rules
    markers = rs.markers
    lap = states[0][LAP]
    for after in states[1:]:
        space = after[SPACE]
        car.space = space
        turn.steps += 1
        turn.moved = True
        turn.path.append(space)
        turn.states.append(after)
        if after[LAP] > lap:
            car.lap = after[LAP]
            emit("line_crossed", car.seat, lap=car.lap, laps_completed=max(0, car.lap - 1))
            if car.lap > rs.laps:
                turn.crossed_final = True
            elif not rs.qualifying:
                street.lap_completed(rs, emit, car)
        lap = after[LAP]
        if street_rules and not rs.qualifying:
            street.police_entry(rs, emit, car, space)
        if markers and rs.advanced and markers.get(space) and not rs.qualifying:
            threshold = 5 if damage.wet(rs) else 4  # FD-A-9.3
            threshold = abilities.marker_threshold(car, threshold)
            failed = damage.check(
                chance, emit, car, threshold, "marker", event="marker_check", space=t.ids[space]
            )
            if failed and damage.lose(rs, emit, car, "Su", 1, "marker", own_turn=True):
                return
        if street_rules and street.danger_entered(rs, chance, emit, car, space):
            return


def resolve_corners(rs, emit, turn: Turn) -> None:
    """Step 11: overshoots in path order, then the corner stop (FD-B-8, FD-A-4)."""
    car, t = turn.car, rs.track
    if car.status != RACING:
        return
    for corner, k in turn.overs:
        c = t.corners[corner]
        made = car.stops if corner == car.corner else 0
        missing = c.stops - made
        distance = turn.steps - k + 1
        mult = damage.tyre_multiplier(rs, car)
        emit(
            "overshoot",
            car.seat,
            corner=c.id,
            distance=distance,
            missing=missing,
            multiplier=mult,
            penalty=distance * mult if missing == 1 else None,
        )
        if missing >= 2:  # FD-B-8.6
            damage.eliminate(rs, emit, car, "corner")
            return
        if not rs.advanced:
            if damage.lose(rs, emit, car, "WP", distance, "corner", own_turn=True):
                return
            continue
        outcome, tyres = damage.overshoot_penalty(rs, car, distance)
        if outcome == "eliminated":
            damage.eliminate(rs, emit, car, "tyres")
            return
        if tyres != car.wear["T"]:
            delta = tyres - car.wear["T"]
            car.wear["T"] = tyres
            emit("wear_changed", car.seat, category="T", delta=delta, value=tyres, cause="corner")
        if outcome == "spin":  # FD-A-4.4
            car.spun = True
            car.gear = 1
            emit("spin", car.seat, space=t.ids[car.space], tyres=tyres)
    end = t.corner[car.space]
    if end >= 0 and not turn.crossed_final:
        if end == car.corner and not (turn.overs and _overshot(turn.overs, end)):
            car.stops += 1
        else:
            car.corner = end
            car.stops = 0 if turn.overs else 1  # FD-B-8.8
        emit(
            "corner_stop",
            car.seat,
            corner=t.corners[end].id,
            stops=car.stops,
            required=t.corners[end].stops,
        )
    else:
        car.corner, car.stops = -1, 0


def _overshot(overs: tuple, corner: int) -> bool:
    # a loop, not any() over a generator, which would make a closure cell
    # of the corner on every move
    for o in overs:
        if o[0] == corner:
            return True
    return False


def pay_braking(rs, emit, turn: Turn) -> None:
    """Step 12: every brake cost of the turn, after the overshoot (FD-A-5.4)."""
    car = turn.car
    for kind, info in turn.brakes:
        if not car.racing:
            return
        b = info["b"]
        if kind == "forced":
            costs = damage.forced_braking_costs(rs, car, b, info.get("split"))
        else:
            costs = {"Br": b} if rs.advanced else {"WP": b}
        emit("braking_paid", car.seat, kind=kind, spaces=b, costs=costs)
        if costs is None:
            damage.eliminate(rs, emit, car, "braking")
            return
        for cat, amount in costs.items():
            if damage.lose(rs, emit, car, cat, amount, "braking", own_turn=True):
                return


def check_finish(rs, emit, turn: Turn) -> None:
    car = turn.car
    if car.status == RACING and turn.crossed_final:
        car.status = FINISHED
        rs.finish_order.append(car)
        car.finished_at = {"round": rs.round, "turn_seq": rs.turn_seq}
        emit(
            "finished",
            car.seat,
            position=len(rs.finish_order),
            round=rs.round,
            turn_seq=rs.turn_seq,
        )


def collisions(rs, chance, emit, car: Car) -> None:
    """FD-B-10 / FD-A-7: hit cars roll in round order, then the mover as many dice."""
    t = rs.track
    ahead, sides = t.ahead[car.space], t.sides[car.space]
    hit = []  # a loop: a comprehension would make closure cells of three names per move
    for c in rs.order:
        if (c.space == ahead or c.space in sides) and c.status == RACING and c is not car:
            hit.append(c)
    if not hit:
        return
    if rs.advanced:
        threshold, cat = (2 if damage.wet(rs) else 1), "Bo"
    else:
        threshold, cat = 4, "WP"
    out = []
    for other in hit:
        gone = False
        for _ in range(abilities.collision_dice(car, other)[0]):  # FD-V-12.3
            if not other.racing:
                break
            failed = damage.check(
                chance,
                emit,
                other,
                threshold,
                "collision",
                mover=car.seat,
                hit=other.seat,
                automatic=False,
            )
            gone = failed and damage.lose(rs, emit, other, cat, 1, "collision", own_turn=False)
        out.append(gone)
    for other, gone in zip(hit, out, strict=True):
        for _ in range(abilities.collision_dice(car, other)[1]):
            if not car.racing:
                return
            _mover_roll(rs, chance, emit, car, other, gone, threshold, cat)


def _mover_roll(
    rs, chance, emit, car: Car, other: Car, gone: bool, threshold: int, cat: str
) -> None:
    """One die of the mover against a hit car (FD-B-10.2, FD-B-10.4, FD-BGA-5)."""
    if gone and rs.bga:
        if rs.cfg["bga_eliminated_neighbour"] == "skip":
            return
        emit(
            "collision_check",
            car.seat,
            mover=car.seat,
            hit=other.seat,
            threshold=threshold,
            failed=True,
            automatic=True,
        )
        damage.lose(rs, emit, car, cat, 1, "collision", own_turn=True)
        return
    failed = damage.check(
        chance, emit, car, threshold, "collision", mover=car.seat, hit=other.seat, automatic=False
    )
    if failed:
        damage.lose(rs, emit, car, cat, 1, "collision", own_turn=True)


def engine_checks(rs, chance, emit, trigger: Car) -> None:
    """FD-B-11 / FD-A-8 and FD-BGA-11."""
    others = [
        c for c in rs.order if c is not trigger and c.racing and c.gear >= 5 and not c.in_pit_area
    ]
    rollers = others
    if trigger.racing and not trigger.in_pit_area:
        if rs.bga:
            rollers = [c for c in rs.order if c is trigger or c in others]
        else:
            rollers = [trigger, *others]
    threshold = 3 if rs.advanced and damage.wet(rs) else 4
    for car in rollers:
        if not car.racing:
            continue
        limit = abilities.engine_threshold(car, threshold)
        failed = damage.check(chance, emit, car, limit, "engine", trigger=trigger.seat)
        if failed:
            damage.lose(rs, emit, car, "En", 1, "engine", own_turn=car is trigger)
