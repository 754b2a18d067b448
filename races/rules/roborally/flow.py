"""The turn, phase by phase (RR-TURN-01..04): a generator that yields the
decisions it waits for and receives each answer as `(seat, action)`.

Phase 2 yields every programming robot's decision at once and loops until
all have submitted; every other decision is yielded alone.
"""

from __future__ import annotations

from ..contract import Action, Decision
from ..speech import gettext
from .result import ranking
from .rules.cards import cards_in
from .rules.damage import damage_deal, repair, unlock
from .rules.option_cards import arm_site, arm_used, option_draw
from .rules.programming import deal, program_apply, program_decision
from .rules.registers import register_run, yes_no
from .rules.respawn import respawn_choices
from .state import REGISTERS, Factory, Flow, Robot


def race_flow(f: Factory) -> Flow:
    while True:
        f.turn += 1
        turn_start(f)
        deal(f)
        yield from flywheels(f)
        yield from programming(f)
        yield from power_down(f)
        for register in range(1, REGISTERS + 1):
            yield from register_run(f, register)
            if f.ended:
                return
        f.register = None
        repairs(f)
        wipe(f)
        yield from prepare_next_turn(f)
        if f.turn >= f.config["max_turns"]:  # RR-END-03
            f.ended = "turn_limit"
            return


def turn_start(f: Factory) -> None:
    """RR-TURN-02, -03: the power-down flags roll over; a powered-down robot
    sheds all its damage before the deal."""
    f.register = f.step = None
    for robot in f.robots:
        robot.powered_down = robot.power_down_next and not robot.eliminated
        robot.power_down_next = False
        robot.destroyed_this_turn = robot.respawned_this_turn = False
        robot.submitted = robot.timer = robot.gyroscope = False
        robot.aborted = robot.recompiled = False
        robot.radio = {}
        robot.placed = [None] * REGISTERS
    down = [r.seat for r in f.robots if r.powered_down]
    order = [r.seat for r in ranking(f)]  # the running order, for the lap chart
    f.emit("turn_started", powered_down=down, order=order)
    for robot in f.robots:
        if robot.powered_down and robot.on_board:
            before = robot.damage
            robot.damage = 0
            # RR-EVT-02: damage_cleared itself lists the registers it unlocks
            registers, freed = unlock(f, robot, before, logged=False)
            f.emit(
                "damage_cleared",
                robot.seat,
                before=before,
                registers_unlocked=registers,
                cards=freed,
            )


def programming(f: Factory) -> Flow:
    """RR-PROG-01..09. A robot with no open register has nothing to choose
    and submits its locked program at once."""
    programmers = [r for r in f.robots if r.active]
    for robot in programmers:
        if not robot.open_registers():
            program_apply(f, robot, Action("program", {"registers": [None] * REGISTERS}))
    while True:
        waiting = [r for r in programmers if not r.submitted]
        if not waiting:
            break
        if len(waiting) == 1 and not waiting[0].timer:  # RR-PROG-05
            waiting[0].timer = True
            f.emit("timer_started", waiting[0].seat, seconds=f.config["program_timer_seconds"])
        seat, action = yield [program_decision(f, r) for r in waiting]
        program_apply(f, f.robot(seat), action)
    for robot in programmers:  # Recompile's damage when phase 2 ends (RR-OPT-08 #22)
        if robot.recompiled and robot.on_board:
            yield from damage_deal(f, robot, 1, "recompile")


def flywheels(f: Factory) -> Flow:
    """RR-DEAL-06, RR-DEC-03: after the deal, each programming robot with a
    card on its Flywheel may take it into its hand (dock order)."""
    for robot in f.robots:
        if not robot.active or robot.flywheel is None or "Flywheel" not in robot.options:
            continue
        prompt = gettext("Take the card kept on your %(option)s into your hand?") % {
            "option": "Flywheel"
        }
        _, action = yield [yes_no(robot.seat, "flywheel_use", prompt)]
        if action.params["answer"] == "yes":
            card, robot.flywheel = robot.flywheel, None
            robot.hand.append(card)
            f.emit("flywheel_used", robot.seat, private={"card": card})


def power_down(f: Factory) -> Flow:
    """Phase 3 (RR-PD-01..03, RR-PRIO-02): damaged active robots, dock order."""
    for robot in f.robots:
        if robot.active and robot.damage >= 1:
            prompt = gettext("Power down next turn? Your robot has %(damage)d damage.") % {
                "damage": robot.damage}  # fmt: skip
            _, action = yield [yes_no(robot.seat, "power_down", prompt, damage=robot.damage)]
            yes = action.params["answer"] == "yes"
            robot.power_down_next = yes
            f.emit("power_down_announced", robot.seat, yes=yes)


def repairs(f: Factory) -> None:
    """Cleanup A (RR-CLEAN-02..04), dock order."""
    f.step = "5A"
    for robot in f.robots:
        if not robot.on_board:
            continue
        site = arm_site(f, robot, ("upgrade", "repair"))  # Mechanical Arm reaches one
        kind = f.course.kind(site) if site else None
        on_flag = f.config["flags_repair"] and robot.square in f.course.flags
        draws = kind == "upgrade" and f.config["options"] and not robot.powered_down
        if kind in ("repair", "upgrade") and (robot.damage > 0 or draws):
            arm_used(f, robot, site)
        if kind in ("repair", "upgrade") or on_flag:
            repair(f, robot)
        if draws:
            option_draw(f, robot)  # RR-CLEAN-02, RR-PD-05


def wipe(f: Factory) -> None:
    """Cleanup B (RR-CLEAN-06): unlocked registers go face up to the
    discard, and so does a card still on Conditional Program. A Fire
    Control extra lock keeps its card through its first wipe and ends at
    the next (RR-LOCK-05)."""
    f.step = "5B"
    for robot in f.robots:
        for register, left in list(robot.extra_locks.items()):
            if left <= 1:
                del robot.extra_locks[register]  # ends at this wipe: wiped
            else:
                robot.extra_locks[register] = left - 1
        gone, kept = [], []
        for number in range(1, REGISTERS + 1):
            entry = robot.registers[number - 1]
            if entry is None:
                continue
            if robot.locked(number):
                kept.append(number)
            else:
                gone.extend(cards_in(entry))
                robot.registers[number - 1] = None
                robot.shown.discard(number)
        if robot.conditional is not None:
            gone.append(robot.conditional)
            robot.conditional = None
        f.discard.extend(gone)
        if gone or kept:
            f.emit("registers_wiped", robot.seat, cards=gone, kept=kept)


def respawn_decision(f: Factory, robot: Robot) -> Decision:
    choices = respawn_choices(f, robot)
    square, facings = choices[0]
    default = Action("respawn", {"square": list(square), "facing": facings[0]})
    options = {"squares": [{"square": list(s), "facings": ds} for s, ds in choices]}
    prompt = gettext("Choose where your robot re-enters and its facing.")
    return Decision(robot.seat, "respawn", prompt, options, default)


def prepare_next_turn(f: Factory) -> Flow:
    """Cleanup C (RR-CLEAN-07): re-entry in destruction order, then the
    power-down questions in dock order."""
    f.step = "5C"
    for robot in f.robots:  # item 1: Circuit Breaker (RR-OPT-08 #4)
        if robot.on_board and "Circuit Breaker" in robot.options and robot.damage >= 3:
            robot.power_down_next = True
            f.emit("power_down_decided", robot.seat, kind="circuit_breaker", yes=True)
    back = sorted(
        (r for r in f.robots if r.destroyed and not r.eliminated),
        key=lambda r: r.destruction_number,
    )
    for robot in back:
        _, action = yield [respawn_decision(f, robot)]
        robot.square = tuple(action.params["square"])
        robot.facing = action.params["facing"]
        robot.destroyed = False
        robot.respawned_this_turn = True
        robot.registers = [None] * REGISTERS
        robot.shown = set()
        superior = "Superior Archive" in robot.options  # RR-OPT-08 #25
        f.emit(
            "robot_respawned",
            robot.seat,
            square=list(robot.square),
            facing=robot.facing,
            damage=0 if superior else 2,
        )
        if not superior:
            yield from damage_deal(f, robot, 2, "reentry")  # RR-RESPAWN-05
    for robot in f.robots:
        if robot.eliminated or not robot.on_board or robot.power_down_next:
            continue
        if robot.respawned_this_turn:
            kind, said, why = (
                "reentry_power_down",
                "reentry",
                gettext("Enter powered down next turn?"),
            )
        elif robot.powered_down and not robot.destroyed_this_turn:
            kind, said, why = (
                "stay_powered_down",
                "continue",
                gettext("Stay powered down next turn?"),
            )
        else:
            continue
        _, action = yield [yes_no(robot.seat, kind, why)]
        yes = action.params["answer"] == "yes"
        robot.power_down_next = yes
        f.emit("power_down_decided", robot.seat, kind=said, yes=yes)
