"""Phase 4: the five register phases, steps A to E (RR-REG, RR-FLAG, RR-END-01, -02)."""

from __future__ import annotations

from .elements import conveyors, gears, pushers
from .lasers import lasers_fire
from .movement import card_run
from .options import arm_site, gyroscopes
from .state import Factory, Flow, Robot


def reveal(f: Factory, register: int) -> list[tuple[int, Robot]]:
    """Step A: every active robot shows its card (RR-REG-02, -03)."""
    f.step = "A"
    shown = []
    for robot in f.robots:
        card = robot.registers[register - 1] if robot.active else None
        if card is None:
            continue
        robot.shown.add(register)
        f.emit("card_revealed", robot.seat, card=card, priority=card)
        shown.append((card, robot))
    return shown


def move_robots(f: Factory, shown: list[tuple[int, Robot]]) -> Flow:
    """Step B: highest priority first, each card to its end (RR-MOVE-01, -02)."""
    f.step = "B"
    for card, robot in sorted(shown, key=lambda pair: -pair[0]):
        if robot.on_board:
            yield from card_run(f, robot, card)


def flags_touch(f: Factory, register: int) -> None:
    """Step E: the next flag in order, and the archive (RR-FLAG-01..05)."""
    f.step = "E"
    total = len(f.course.flags)
    for robot in f.robots:
        if not robot.on_board:
            continue
        touch = arm_site(f, robot, ("next_flag",))  # its own square, or Mechanical Arm's reach
        if robot.flags < total and touch is not None:
            robot.flags += 1
            robot.last_flag_at = (f.turn, register)
            f.emit("flag_touched", robot.seat, flag=robot.flags, flags_touched=robot.flags)
            if robot.flags == total:
                robot.finished_at = (f.turn, register)
                robot.finish_priority = robot.registers[register - 1] if robot.active else None
                f.emit("robot_finished", robot.seat, turn=f.turn)
        site = arm_site(f, robot, ("own", "next_flag", "upgrade", "repair", "flag"))
        if site is not None and robot.archive != site:  # RR-FLAG-04: automatic
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
