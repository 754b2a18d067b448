"""What a seat may see (RR-API-06): the public floor plus its own hand and
registers; never another robot's hand or unrevealed cards, nor deck order."""

from __future__ import annotations

from .state import REGISTERS, Factory, Robot


def _robot(robot: Robot, mine: bool) -> dict:
    # most robots show nothing (programming, or before the first reveal)
    registers = robot.registers
    shown = (
        {
            str(r): registers[r - 1]
            for r in range(1, REGISTERS + 1)
            if r in robot.shown and registers[r - 1] is not None
        }
        if robot.shown
        else {}
    )
    square = robot.square
    out = {
        "seat": robot.seat,
        "dock": robot.dock,
        "square": list(square) if square else None,
        "facing": robot.facing,
        "archive": list(robot.archive),
        "damage": robot.damage,
        "lives": robot.lives,
        "flags": robot.flags,
        "progress": robot.flags,
        "powered_down": robot.powered_down,
        "power_down_next": robot.power_down_next,
        "destroyed": robot.destroyed,
        "eliminated": robot.eliminated,
        "submitted": robot.submitted,
        "locked": robot.locked_registers(),
        "shown": shown,
        "hand_size": len(robot.hand),
        "options": list(robot.options),
    }
    if mine:
        out["hand"] = list(robot.hand)
        out["registers"] = list(registers)
        out["placed"] = list(robot.placed)
        # the cards it keeps face down (RR-OPT-08 #5, #11), its own to see
        out["conditional"] = robot.conditional
        out["flywheel"] = robot.flywheel
    return out


def race_view(f: Factory, seat: str | None) -> dict:
    config = f.config
    return {
        "course": f.course.id,
        "turn": f.turn,
        "register": f.register,
        "step": f.step,
        "me": seat,
        "flags": [list(s) for s in f.course.flags],
        "config": {
            "push_damage": config["push_damage"],
            "flags_repair": config["flags_repair"],
            "max_turns": config["max_turns"],
        },
        "deck_size": len(f.deck),
        "discard": sorted(f.discard),
        "cars": [_robot(r, r.seat == seat) for r in f.robots],
    }
