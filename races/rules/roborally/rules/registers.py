"""Phase 4: the five register phases, steps A to E (RR-REG, RR-FLAG, RR-END-01, -02)."""

from __future__ import annotations

from ...contract import Action, Decision
from ...speech import gettext
from ..state import Factory, Flow, Robot
from .cards import cards_in, priority_of
from .elements import conveyors, gears, pushers
from .lasers import lasers_fire
from .movement import card_run
from .option_cards import arm_site, arm_used, gyroscopes


def yes_no(seat: str, kind: str, prompt: str, **options) -> Decision:
    return Decision(seat, kind, prompt, {"answers": ["no", "yes"], **options},
                    default=Action(kind, {"answer": "no"}))  # fmt: skip


def step_a_options(f: Factory, register: int) -> Flow:
    """RR-REG-02: before the reveal, dock order, Conditional Program's swap
    (RR-OPT-08 #5), then Abort Switch (#2); both leave locked registers
    alone (RR-DEC-06)."""
    f.step = "A"
    for robot in f.robots:
        if (
            robot.active
            and robot.conditional is not None
            and "Conditional Program" in robot.options
            and not robot.locked(register)
            and robot.registers[register - 1] is not None
        ):
            prompt = gettext("%(option)s: swap the card kept on it into register %(register)d?") % {
                "option": "Conditional Program",
                "register": register,
            }
            _, action = yield [yes_no(robot.seat, "conditional_swap", prompt, register=register)]
            if action.params["answer"] == "yes":
                old, card = robot.registers[register - 1], robot.conditional
                robot.registers[register - 1], robot.conditional = card, None
                f.discard.extend(cards_in(old))
                f.emit("option_used", robot.seat, option="Conditional Program",
                       details={"register": register, "card": card})  # fmt: skip
    for robot in f.robots:
        if not robot.active or "Abort Switch" not in robot.options or robot.locked(register):
            continue
        if not robot.aborted:
            prompt = gettext(
                "%(option)s: replace register %(register)d and the later ones from the deck?"
            ) % {"option": "Abort Switch", "register": register}
            _, action = yield [yes_no(robot.seat, "abort_switch", prompt, register=register)]
            robot.aborted = action.params["answer"] == "yes"
        if robot.aborted:
            card = f.draw()
            if card is None:
                continue
            f.discard.extend(cards_in(robot.registers[register - 1]))
            robot.registers[register - 1] = card
            f.emit("option_used", robot.seat, option="Abort Switch",
                   details={"register": register, "new_card": card})  # fmt: skip


def radio_copy(f: Factory, robot: Robot, register: int) -> tuple | None:
    """Radio Control (RR-OPT-08 #19): the shooter's card of this register
    and its priority less 5, when the target's register is open and the
    shooter runs a card there."""
    seat = robot.radio.get(register)
    if seat is None or robot.locked(register):
        return None
    shooter = f.robot(seat)
    entry = shooter.registers[register - 1] if shooter.active else None
    if entry is None:
        return None
    return entry, priority_of(entry) - 5


def reveal(f: Factory, register: int) -> list[tuple[int, Robot, object]]:
    """Step A: every active robot shows its card (RR-REG-02, -03); a robot
    under Radio Control runs the shooter's copy instead (RR-OPT-07)."""
    f.step = "A"
    shown = []
    for robot in f.robots:
        robot.executed = None
        entry = robot.registers[register - 1] if robot.active else None
        if entry is None:
            continue
        robot.shown.add(register)
        cards = cards_in(entry)
        more = {"cards": cards} if len(cards) > 1 else {}
        f.emit("card_revealed", robot.seat, card=cards[0], priority=cards[0], **more)
        copy = radio_copy(f, robot, register)
        if copy is not None:
            entry, priority = copy
            f.emit("radio_controlled", robot.seat, card=priority_of(entry), priority=priority,
                   by=robot.radio[register])  # fmt: skip
        else:
            priority = priority_of(entry)
        robot.executed = priority
        shown.append((priority, robot, entry))
    return shown


def move_robots(f: Factory, shown: list[tuple[int, Robot, object]]) -> Flow:
    """Step B: highest priority first, each card to its end (RR-MOVE-01,
    -02); equal priorities (Radio Control copies) in dock order."""
    f.step = "B"
    for _, robot, entry in sorted(shown, key=lambda item: -item[0]):
        if robot.on_board:
            yield from card_run(f, robot, entry)


def flags_touch(f: Factory, register: int) -> None:
    """Step E: the next flag in order, and the archive (RR-FLAG-01..05)."""
    f.step = "E"
    total = len(f.course.flags)
    for robot in f.robots:
        if not robot.on_board:
            continue
        touch = arm_site(f, robot, ("next_flag",))  # its own square, or Mechanical Arm's reach
        if robot.flags < total and touch is not None:
            arm_used(f, robot, touch)
            robot.flags += 1
            robot.last_flag_at = (f.turn, register)
            f.emit("flag_touched", robot.seat, flag=robot.flags, flags_touched=robot.flags)
            if robot.flags == total:
                robot.finished_at = (f.turn, register)
                robot.finish_priority = robot.executed if robot.active else None
                f.emit("robot_finished", robot.seat, turn=f.turn)
        site = arm_site(f, robot, ("own", "next_flag", "upgrade", "repair", "flag"))
        if site is not None and robot.archive != site:  # RR-FLAG-04: automatic
            arm_used(f, robot, site)
            robot.archive = site
            f.emit("archive_updated", robot.seat, square=list(site))


def all_out(f: Factory) -> bool:
    """RR-END-02: the last robot is eliminated, the race ends with no winner."""
    if all(r.eliminated for r in f.robots):
        f.ended = "all_eliminated"
        return True
    return False


def register_run(f: Factory, register: int) -> Flow:
    """One register phase (RR-REG-01); sets `f.ended` when the race ends."""
    f.register = register
    f.step = None
    f.emit("register_started")
    if register == 1:
        yield from gyroscopes(f)
    yield from step_a_options(f, register)
    shown = reveal(f, register)
    yield from move_robots(f, shown)
    if all_out(f):
        return
    for name, act in (
        ("C1", lambda: conveyors(f, express_only=True)),
        ("C2", lambda: conveyors(f, express_only=False)),
        ("C3", lambda: pushers(f, register)),
        ("C4", lambda: gears(f)),
        ("D", lambda: lasers_fire(f)),
    ):
        f.step = name
        yield from act()
        if all_out(f):
            return
    flags_touch(f, register)
    if any(r.finished_at for r in f.robots):  # RR-END-01
        f.ended = "final_flag"
