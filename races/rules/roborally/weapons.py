"""Optional weapons (RR-OPT-04, RR-OPT-08, RR-OPT-10, RR-DEC-08): instead
of its main laser, a robot whose laser would hit another may fire Mini
Howitzer, Pressor Beam, Scrambler or Tractor Beam at that robot. The choice
is made in step D before any damage; the pushes, pulls and scrambles come
after all the damage, shooters in dock order."""

from __future__ import annotations

from ..contract import Action, Decision
from .course import manhattan, turn
from .movement import step
from .options import options_discard
from .state import REGISTERS, Factory, Flow, Robot

WEAPONS = ("Mini Howitzer", "Pressor Beam", "Scrambler", "Tractor Beam")
HOWITZER_SHOTS = 5  # RR-OPT-08 #16 (PROJECT DESIGN)


def weapon_choice(f: Factory, robot: Robot, target: Robot) -> Flow:
    """The `weapon` decision: the main laser or one optional weapon."""
    held = [w for w in WEAPONS if w in robot.options]
    if "Tractor Beam" in held and manhattan(robot.square, target.square) <= 1:
        held.remove("Tractor Beam")  # only against a robot that is not adjacent
    if not held:
        return "main"
    prompt = "Your laser would hit a robot: fire the main laser or a weapon?"
    options = {"weapons": ["main", *held], "target": target.seat}
    default = Action("weapon", {"weapon": "main"})
    _, action = yield [Decision(robot.seat, "weapon", prompt, options, default)]
    return action.params["weapon"]


def weapon_effect(f: Factory, robot: Robot, weapon: str, target: Robot) -> Flow:
    f.emit("option_used", robot.seat, option=weapon,
           details={"weapon": weapon, "target": target.seat})  # fmt: skip
    if weapon == "Mini Howitzer":
        robot.howitzer_shots += 1
        if robot.howitzer_shots >= HOWITZER_SHOTS:
            options_discard(f, robot, ["Mini Howitzer"], "used_up")
    if not target.on_board:
        return
    if weapon in ("Mini Howitzer", "Pressor Beam"):  # away from the shooter, no push damage
        yield from step(f, target, robot.facing, "weapon")
    elif weapon == "Tractor Beam":  # toward the shooter
        yield from step(f, target, turn(robot.facing, 2), "weapon")
    elif weapon == "Scrambler":
        scramble(f, target)


def scramble(f: Factory, target: Robot) -> None:
    """The card of register r + 1, if open, is replaced from the deck."""
    nxt = (f.register or REGISTERS) + 1
    if nxt > REGISTERS or target.locked(nxt) or target.registers[nxt - 1] is None:
        return
    old = target.registers[nxt - 1]
    card = f.draw()
    if card is None:
        return
    f.discard.append(old)
    target.registers[nxt - 1] = card
    f.emit("register_scrambled", target.seat, scrambled=nxt, card=old,
           private={"new_card": card})  # fmt: skip


def weapon_problem(decision: Decision, action: Action) -> str | None:
    return (
        None
        if action.params.get("weapon") in decision.options["weapons"]
        else ("fire the main laser or a weapon you hold")
    )
