"""Option cards (section 16): the option deck, drawing on upgrade sites,
and the options the engine knows so far: discarding any option to prevent
damage (RR-DMG-04, RR-OPT-02), the discard on destruction and elimination
(RR-OPT-03), Ablative Coat, Brakes, Circuit Breaker, Double-Barreled Laser,
Extra Memory, Fourth Gear, Gyroscopic Stabilizer, High-Power Laser, Ramming
Gear, Mechanical Arm, Power-Down Shield, Rear-Firing Laser, Reverse Gear and
Superior Archive. The others live where they act: Abort Switch and
Conditional Program in step A (registers.py), Crab Legs and Dual Processor
in step B (movement.py, programming.py), Fire Control, Mini Howitzer,
Pressor Beam, Radio Control, Scrambler and Tractor Beam in step D
(weapons.py), Flywheel and Recompile in phases 1 and 2 (flow.py,
programming.py).
"""

from __future__ import annotations

from ...contract import Action, Decision
from ...speech import gettext, pgettext
from ..state import Factory, Flow, Robot
from .cards import BACK_UP, MOVE_1, MOVE_3
from .course import DIRS, ahead

# RR-OPT-08, the canonical order of the option deck.
OPTION_NAMES = (
    "Ablative Coat", "Abort Switch", "Brakes", "Circuit Breaker", "Conditional Program",
    "Crab Legs", "Double-Barreled Laser", "Dual Processor", "Extra Memory", "Fire Control",
    "Flywheel", "Fourth Gear", "Gyroscopic Stabilizer", "High-Power Laser", "Mechanical Arm",
    "Mini Howitzer", "Power-Down Shield", "Pressor Beam", "Radio Control", "Ramming Gear",
    "Rear-Firing Laser", "Recompile", "Reverse Gear", "Scrambler", "Superior Archive",
    "Tractor Beam",
)  # fmt: skip
ABLATIVE_POINTS = 3
FACE_DOWN = (("flywheel", "Flywheel"), ("conditional", "Conditional Program"))
SITES = ("repair", "upgrade")
# movement options (RR-DEC-07): card kind -> (option, the other number of squares)
MOVE_OPTIONS = {MOVE_1: ("Brakes", 0), MOVE_3: ("Fourth Gear", 4), BACK_UP: ("Reverse Gear", 2)}


def option_draw(f: Factory, robot: Robot) -> None:
    """RR-CLEAN-02, -05: the top option card, the discard reshuffled when
    the deck is empty; nothing when both are empty."""
    if not f.option_deck and f.option_discard:
        f.option_deck = f.chance.shuffle([o for o in OPTION_NAMES if o in f.option_discard])
        f.option_discard = []
    if not f.option_deck:
        return
    option = f.option_deck.pop(0)
    robot.options.append(option)
    f.emit("option_drawn", robot.seat, option=option)


def options_discard(f: Factory, robot: Robot, options: list[str], reason: str) -> None:
    for option in options:
        if option in robot.options:
            robot.options.remove(option)
            f.option_discard.append(option)
            if option == "Ablative Coat":
                robot.ablative = 0
            for field_, holder in FACE_DOWN:
                card = getattr(robot, field_)
                if option == holder and card is not None:  # its face-down card goes too
                    f.discard.append(card)
                    setattr(robot, field_, None)
            f.emit("option_discarded", robot.seat, option=option, reason=reason)


def prevention(f: Factory, robot: Robot, amount: int, side: str | None = None) -> Flow:
    """RR-DMG-04 items 1 to 3: Power-Down Shield, then Ablative Coat absorb,
    then the seat may discard options, one point each. Returns the points
    left. `side` is where directional damage comes from."""
    shield = "Power-Down Shield" in robot.options and robot.powered_down
    if shield and side is not None and amount > 0:  # RR-OPT-08 #17: 1 per side per register
        key = (f.turn, f.register, side)
        if key not in robot.shielded:
            robot.shielded.add(key)
            amount -= 1
            f.emit("option_used", robot.seat, option="Power-Down Shield", details={})
            f.emit("damage_prevented", robot.seat, amount=1, by="power_down_shield")
    if "Ablative Coat" in robot.options and amount > 0:
        absorbed = min(amount, ABLATIVE_POINTS - robot.ablative)
        robot.ablative += absorbed
        amount -= absorbed
        f.emit("damage_prevented", robot.seat, amount=absorbed, by="ablative_coat")
        if robot.ablative >= ABLATIVE_POINTS:
            options_discard(f, robot, ["Ablative Coat"], "used_up")
    if amount > 0 and robot.options:
        prompt = gettext("Your robot takes %(amount)d damage: discard options to prevent it?") % {
            "amount": amount}  # fmt: skip
        options = {"options": list(robot.options), "amount": amount}
        default = Action("prevent_damage", {"discard": []})
        _, action = yield [Decision(robot.seat, "prevent_damage", prompt, options, default)]
        chosen = list(action.params["discard"])
        if chosen:
            options_discard(f, robot, chosen, "prevent")
            f.emit("damage_prevented", robot.seat, amount=len(chosen), by="discard")
            amount -= len(chosen)
    return amount


def destruction_discard(f: Factory, robot: Robot) -> Flow:
    """RR-DESTR-02: a destroyed robot's seat discards one of its options
    (default: the one drawn last, RR-DEC-10)."""
    if not robot.options:
        return
    prompt = gettext("Your robot is destroyed: choose the option card to discard.")
    default = Action("discard_on_destruction", {"option": robot.options[-1]})
    options = {"options": list(robot.options)}
    _, action = yield [Decision(robot.seat, "discard_on_destruction", prompt, options, default)]
    options_discard(f, robot, [action.params["option"]], "destroyed")


def move_choice(f: Factory, robot: Robot, kind: str, printed: int) -> Flow:
    """RR-DEC-07: Brakes, Fourth Gear or Reverse Gear offer another number
    of squares when their card executes. Returns the squares to move."""
    squares = abs(printed)
    option, other = MOVE_OPTIONS.get(kind, (None, None))
    if option is None or option not in robot.options or robot.powered_down:
        return squares
    prompt = gettext("%(option)s: move %(squares)d or %(other)d squares?") % {
        "option": option_name(option), "squares": squares, "other": other}  # fmt: skip
    options = {"option": option, "squares": [squares, other]}
    default = Action("move_option", {"squares": squares})
    _, action = yield [Decision(robot.seat, "move_option", prompt, options, default)]
    chosen = action.params["squares"]
    if chosen != squares:
        f.emit("option_used", robot.seat, option=option, details={"squares": chosen})
    return chosen


def gyroscopes(f: Factory) -> Flow:
    """Gyroscopic Stabilizer (RR-OPT-08 #13, RR-DEC-05): in step A of
    register 1, dock order, each active holder declares it on or off."""
    f.step = "A"
    for robot in f.robots:
        if robot.active and "Gyroscopic Stabilizer" in robot.options:
            prompt = gettext("%(option)s: keep gears and belts from turning you this turn?") % {
                "option": option_name("Gyroscopic Stabilizer")
            }
            default = Action("gyroscope", {"answer": "no"})
            options = {"answers": ["no", "yes"]}
            _, action = yield [Decision(robot.seat, "gyroscope", prompt, options, default)]
            robot.gyroscope = action.params["answer"] == "yes"
            f.emit("option_used", robot.seat, option="Gyroscopic Stabilizer",
                   details={"active": robot.gyroscope})  # fmt: skip


def arm_reach(f: Factory, robot: Robot) -> list:
    """Mechanical Arm (RR-OPT-08 #15): its own square and the course squares
    1 away, orthogonally with no wall between, diagonally when one of the two
    L-shaped paths crosses no wall."""
    here = robot.square
    out = [here]
    for d in DIRS:
        if not f.course.wall(here, d) and f.course.on_course(ahead(here, d)):
            out.append(ahead(here, d))
    for across in ("E", "W"):
        for down in ("N", "S"):
            corner = ahead(ahead(here, across), down)
            if not f.course.on_course(corner):
                continue
            via_across, via_down = ahead(here, across), ahead(here, down)
            one = not f.course.wall(here, across) and not f.course.wall(via_across, down)
            two = not f.course.wall(here, down) and not f.course.wall(via_down, across)
            if one or two:
                out.append(corner)
    return out


def arm_site(f: Factory, robot: Robot, kinds: tuple[str, ...]) -> tuple | None:
    """The reachable square of the first kind in `kinds` ("own", "next_flag",
    "flag", "upgrade", "repair"), row-major among equals."""
    nxt = f.course.flags[robot.flags] if robot.flags < len(f.course.flags) else None
    if "Mechanical Arm" not in robot.options:  # its own square alone: nothing to order
        # _is for the robot's own square, its floor and flag looked up once
        # (every robot asks twice a register)
        here = robot.square
        spot = f.course.floor.get(here)
        floor = spot["type"] if spot else "off"
        flag = here in f.course.flags
        for kind in kinds:
            if kind == "own":
                found = flag or floor in SITES
            elif kind == "next_flag":
                found = here == nxt
            else:
                found = flag if kind == "flag" else floor == kind
            if found:
                return here
        return None
    reach = arm_reach(f, robot)
    for kind in kinds:
        found = sorted(
            (s for s in reach if _is(f, s, kind, robot.square, nxt)), key=lambda s: (s[1], s[0])
        )
        if found:
            return found[0]
    return None


def arm_used(f: Factory, robot: Robot, site: tuple | None) -> None:
    """RR-EVT-05: Mechanical Arm is logged when what it reaches is not the
    robot's own square, before the touch, archive, repair or draw it gives."""
    if site is not None and site != robot.square:
        f.emit("option_used", robot.seat, option="Mechanical Arm", details={})


def _is(f: Factory, square, kind: str, own, nxt) -> bool:
    if kind == "own":
        return square == own and (square in f.course.flags or f.course.kind(square) in SITES)
    if kind == "next_flag":
        return square == nxt
    if kind == "flag":
        return square in f.course.flags
    return f.course.kind(square) == kind


def option_problem(decision: Decision, action: Action) -> str | None:
    """Why an answer to an option decision is illegal (RR-DEC-07, -09, -10)."""
    params, options = action.params, decision.options
    if decision.kind == "prevent_damage":
        chosen = params.get("discard")
        if not isinstance(chosen, list) or len(set(chosen)) != len(chosen):
            return gettext("name the options to discard once each")
        if any(o not in options["options"] for o in chosen):
            return gettext("you can only discard options you hold")
        if len(chosen) > options["amount"]:
            return gettext("at most %(amount)d options prevent this damage") % {
                "amount": options["amount"]
            }
        return None
    if decision.kind == "discard_on_destruction":
        return (
            None
            if params.get("option") in options["options"]
            else gettext("discard an option you hold")
        )
    if decision.kind in ("gyroscope", "flywheel_use", "abort_switch", "conditional_swap"):
        return None if params.get("answer") in ("yes", "no") else gettext("answer yes or no")
    if decision.kind == "move_option":
        return (
            None
            if params.get("squares") in options["squares"]
            else gettext("choose one of the two")
        )
    return gettext("unknown action")


# The 26 option cards' names (RR-OPT-08, section 16) in the reader's
# language: the engine knows each card by its printed English name; a page
# or a log line says it through `option_name`, so no card is left in English.
def translated_names() -> dict[str, str]:
    """Each card's name translated now (in the reader's language)."""
    return {
        "Ablative Coat": pgettext("option card", "Ablative Coat"),
        "Abort Switch": pgettext("option card", "Abort Switch"),
        "Brakes": pgettext("option card", "Brakes"),
        "Circuit Breaker": pgettext("option card", "Circuit Breaker"),
        "Conditional Program": pgettext("option card", "Conditional Program"),
        "Crab Legs": pgettext("option card", "Crab Legs"),
        "Double-Barreled Laser": pgettext("option card", "Double-Barreled Laser"),
        "Dual Processor": pgettext("option card", "Dual Processor"),
        "Extra Memory": pgettext("option card", "Extra Memory"),
        "Fire Control": pgettext("option card", "Fire Control"),
        "Flywheel": pgettext("option card", "Flywheel"),
        "Fourth Gear": pgettext("option card", "Fourth Gear"),
        "Gyroscopic Stabilizer": pgettext("option card", "Gyroscopic Stabilizer"),
        "High-Power Laser": pgettext("option card", "High-Power Laser"),
        "Mechanical Arm": pgettext("option card", "Mechanical Arm"),
        "Mini Howitzer": pgettext("option card", "Mini Howitzer"),
        "Power-Down Shield": pgettext("option card", "Power-Down Shield"),
        "Pressor Beam": pgettext("option card", "Pressor Beam"),
        "Radio Control": pgettext("option card", "Radio Control"),
        "Ramming Gear": pgettext("option card", "Ramming Gear"),
        "Rear-Firing Laser": pgettext("option card", "Rear-Firing Laser"),
        "Recompile": pgettext("option card", "Recompile"),
        "Reverse Gear": pgettext("option card", "Reverse Gear"),
        "Scrambler": pgettext("option card", "Scrambler"),
        "Superior Archive": pgettext("option card", "Superior Archive"),
        "Tractor Beam": pgettext("option card", "Tractor Beam"),
    }


def option_name(name: str) -> str:
    """An option card's name in the reader's language (a name the engine
    does not know is said as it is)."""
    return translated_names().get(name, name)


def option_names(names) -> str:
    """Several cards' names, in the reader's language, as a list in words."""
    return ", ".join(option_name(n) for n in names)
