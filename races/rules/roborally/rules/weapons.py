"""Optional weapons (RR-OPT-04, RR-OPT-08, RR-OPT-10, RR-DEC-08): instead
of its main laser, a robot whose laser would hit another may fire Mini
Howitzer, Pressor Beam, Radio Control, Scrambler or Tractor Beam at that
robot; with Fire Control its main laser may, instead of damage, put an
extra lock on one of the target's registers (RR-LOCK-05) or destroy one of
its options. The choice is made in step D before any damage; the pushes,
pulls, scrambles, radio links and Fire Control effects come after all the
damage, shooters in dock order."""

from __future__ import annotations

from ...contract import Action, Decision
from ...speech import gettext
from ..state import REGISTERS, Factory, Flow, Robot
from .cards import cards_in
from .course import manhattan, turn
from .movement import step
from .option_cards import option_name, options_discard

WEAPONS = ("Mini Howitzer", "Pressor Beam", "Radio Control", "Scrambler", "Tractor Beam")
FIRE_CONTROL = "Fire Control"
HOWITZER_SHOTS = 5  # RR-OPT-08 #16 (PROJECT DESIGN)
MAIN = {"weapon": "main"}


def weapon_choice(f: Factory, robot: Robot, target: Robot) -> Flow:
    """The `weapon` decision: the main laser, one optional weapon, or a
    Fire Control effect on one of the target's open registers or options.
    Returns the chosen action's parameters."""
    held = [w for w in WEAPONS if w in robot.options]
    if "Tractor Beam" in held and manhattan(robot.square, target.square) <= 1:
        held.remove("Tractor Beam")  # only against a robot that is not adjacent
    options: dict = {"weapons": ["main", *held], "target": target.seat}
    if FIRE_CONTROL in robot.options:
        options["weapons"].append(FIRE_CONTROL)
        options["fire_control"] = {
            "registers": [r for r in range(1, REGISTERS + 1) if not target.locked(r)],
            "options": list(target.options),
        }
    if len(options["weapons"]) == 1:
        return MAIN
    prompt = gettext("Your laser would hit a robot: fire the main laser or a weapon?")
    default = Action("weapon", MAIN)
    _, action = yield [Decision(robot.seat, "weapon", prompt, options, default)]
    return dict(action.params)


def fire_control(f: Factory, robot: Robot, choice: dict, target: Robot) -> None:
    """RR-OPT-08 #10: instead of the damage, an extra lock (RR-LOCK-05:
    kept through the next wipe, ended at the one after) or an option
    destroyed; the target cannot prevent it."""
    if "register" in choice:
        register = choice["register"]
        target.extra_locks[register] = 2
        f.emit("register_locked", target.seat, locked=register,
               card=target.registers[register - 1], extra=True)  # fmt: skip
    elif choice.get("option") in target.options:
        options_discard(f, target, [choice["option"]], "fire_control")


def weapon_used(f: Factory, robot: Robot, choice: dict, target: Robot) -> None:
    """RR-EVT-05 `option_used` {"weapon", "target"} (Fire Control also names
    the register or option it takes), logged when the weapon is chosen in
    step D, before the damage and effects it causes."""
    weapon = choice["weapon"]
    details = {"weapon": weapon, "target": target.seat}
    details.update({k: choice[k] for k in ("register", "option") if k in choice})
    f.emit("option_used", robot.seat, option=weapon, details=details)


def weapon_effect(f: Factory, robot: Robot, choice: dict, target: Robot) -> Flow:
    weapon = choice["weapon"]
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
    elif weapon == "Radio Control":  # the later registers of this turn
        target.radio = {r: robot.seat for r in range((f.register or REGISTERS) + 1, REGISTERS + 1)}
    elif weapon == FIRE_CONTROL:
        fire_control(f, robot, choice, target)


def scramble(f: Factory, target: Robot) -> None:
    """The card of register r + 1, if open, is replaced from the deck."""
    nxt = (f.register or REGISTERS) + 1
    if nxt > REGISTERS or target.locked(nxt) or target.registers[nxt - 1] is None:
        return
    old = target.registers[nxt - 1]
    card = f.draw()
    if card is None:
        return
    f.discard.extend(cards_in(old))
    target.registers[nxt - 1] = card
    f.emit("register_scrambled", target.seat, scrambled=nxt, card=cards_in(old)[0],
           private={"new_card": card})  # fmt: skip


def weapon_actions(decision: Decision) -> list[Action]:
    """Every legal answer to a `weapon` decision (RR-API-04)."""
    out = []
    for weapon in decision.options["weapons"]:
        if weapon != FIRE_CONTROL:
            out.append(Action("weapon", {"weapon": weapon}))
            continue
        targets = decision.options["fire_control"]
        out += [Action("weapon", {"weapon": weapon, "register": r}) for r in targets["registers"]]
        out += [Action("weapon", {"weapon": weapon, "option": o}) for o in targets["options"]]
    return out


def weapon_problem(decision: Decision, action: Action) -> str | None:
    params = action.params
    if params.get("weapon") not in decision.options["weapons"]:
        return gettext("fire the main laser or a weapon you hold")
    if params["weapon"] == FIRE_CONTROL:
        targets = decision.options["fire_control"]
        if "register" in params and "option" not in params:
            if params["register"] in targets["registers"]:
                return None
            return gettext("%(option)s locks one of the target's open registers") % {
                "option": option_name(FIRE_CONTROL)
            }
        if "option" in params and "register" not in params:
            if params["option"] in targets["options"]:
                return None
            return gettext("%(option)s destroys one of the target's options") % {
                "option": option_name(FIRE_CONTROL)
            }
        return gettext("%(option)s names one register or one option") % {
            "option": option_name(FIRE_CONTROL)
        }
    return None
