"""Running one step of a register on a scenario floor (RR-API-09)."""

from races.rules.roborally.rules.elements import conveyors, gears, pushers
from races.rules.roborally.rules.lasers import lasers_fire
from races.rules.roborally.rules.registers import flags_touch, move_robots, reveal

from .scenario import settle


def step_b(f, register=1):
    f.register = register
    settle(move_robots(f, reveal(f, register)))


def step_c(f, register=1, upto="C4"):
    f.register = register
    for name, act in (
        ("C1", lambda: conveyors(f, express_only=True)),
        ("C2", lambda: conveyors(f, express_only=False)),
        ("C3", lambda: pushers(f, register)),
        ("C4", lambda: gears(f)),
    ):
        f.step = name
        settle(act())
        if name == upto:
            return


def step_d(f, register=1):
    f.register, f.step = register, "D"
    settle(lasers_fire(f))


def step_e(f, register=1):
    f.register = register
    flags_touch(f, register)


def types(f, kind):
    return [e for e in f.events if e.type == kind]


def where(f, seat):
    r = f.robot(seat)
    return r.square, r.facing
