"""RoboRally's decision panels at the table (the presentation's panels
part, races/rules/face/panels.py; the widgets are races/rules/face/widgets.py).

Programming (RR-PROG-01..07, RR-DEC-01) is the `registers` widget: the
dealt hand as cards, the five registers to fill (locked ones shown with
their card, RR-LOCK-01), and the robot's own path previewed on the floor
from the cards placed so far, worked out on the bot's model of its robot
alone (RR-BOT-04), so it uses nothing but what the seat may see
(RR-API-06): never another robot's program. Re-entry (RR-DEC-11) is a
square and a facing picked on the floor; the power-down questions
(RR-DEC-04, -12) and the option choices are plain forms in words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...contract import Action, Decision
from ...face.panels import Panels
from ...face.widgets import choice, numbered_form, panel
from ...speech import N_, _, word_for
from ..bots.solo import solo_for
from ..rules.cards import KIND, MOVE_1, MOVE_2, MOVE_3
from ..rules.course import course_ids
from ..rules.option_cards import option_name, option_names
from .cards import kind_name
from .floor import place
from .squares import square_words

FACINGS = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}
STYLES = {MOVE_1: "move", MOVE_2: "move", MOVE_3: "move", "BACK_UP": "back"}
DECISION_WORDS = {
    "program": N_("Program your registers"),
    "power_down": N_("Power down"),
    "stay_powered_down": N_("Stay powered down"),
    "reentry_power_down": N_("Enter powered down"),
    "respawn": N_("Re-enter"),
    "move_option": N_("Move option"),
    "weapon": N_("Weapon"),
    "prevent_damage": N_("Prevent damage"),
    "discard_on_destruction": N_("Discard an option"),
}
# Decisions named by their option card: the card's printed name, said in
# the reader's language through option_name (option_names.py), so no
# sentence to translate holds one: it comes in as `%(option)s`.
NAMED_DECISIONS = {
    "gyroscope": "Gyroscopic Stabilizer",
    "abort_switch": "Abort Switch",
    "conditional_swap": "Conditional Program",
    "flywheel_use": "Flywheel",
}


def decision_words() -> dict[str, str]:
    """Each decision kind's name in the reader's language (an option
    card's own name, translated)."""
    named = {k: option_name(v) for k, v in NAMED_DECISIONS.items()}
    return {**{k: _(v) for k, v in DECISION_WORDS.items()}, **named}


# The two answers of each yes-or-no question, yes first.
YES_NO = {
    "power_down": (N_("Power down next turn: no cards, all damage repaired"), N_("Keep running")),
    "stay_powered_down": (N_("Stay powered down next turn"), N_("Run next turn")),
    "reentry_power_down": (N_("Enter powered down next turn"), N_("Run next turn")),
    "gyroscope": (N_("Stabilizer on: gears and belts do not turn you"), N_("Stabilizer off")),
    "abort_switch": (
        N_("Abort: draw new cards for this and the later registers"),
        N_("Keep my program"),
    ),
    "conditional_swap": (
        N_("Swap in the card kept on %(option)s"),
        N_("Keep this register's card"),
    ),
    "flywheel_use": (
        N_("Take the card kept on the %(option)s into my hand"),
        N_("Leave the card on the %(option)s"),
    ),
}


def card_entry(card: int) -> dict:
    kind = KIND[card]
    return {"key": str(card), "value": str(card), "name": kind_name(kind),
            "style": STYLES.get(kind, "turn")}  # fmt: skip


def own_car(view: Mapping) -> Mapping:
    return next((c for c in view.get("cars") or [] if c["seat"] == view.get("me")), {})


def program_of(options: Mapping) -> list:
    """The five registers as far as the seat has filled them: locked cards
    where locked, else the provisional placement (RR-PROG-03)."""
    locked = options.get("locked_registers") or {}
    placed = list(options.get("placed") or [None] * 5)
    return [locked[str(r)] if str(r) in locked else placed[r - 1] for r in range(1, 6)]


def path_preview(view: Mapping, registers: Sequence) -> list[dict]:
    """Where the robot ends each register, for the cards in the registers
    from register 1 on up to the first empty one, on its own model
    (RR-BOT-04: walls, pits, belts, pushers, gears, board lasers, flags;
    no other robot). Each mark is a square on the floor with its words."""
    car = own_car(view)
    if not car.get("square") or view.get("course") not in course_ids():
        return []
    solo = solo_for(view["course"])
    state = (tuple(car["square"]), car["facing"], car["damage"], car["flags"], 0)
    marks = []
    for number, card in enumerate(registers, start=1):
        if card is None:
            break
        state = solo.register(state, number, KIND[card] if isinstance(card, int) else None)
        square, facing, damage, flags, won = state
        if square is None:
            marks.append(
                {
                    "place": None,
                    "title": _("After register %(register)d your robot is destroyed.")
                    % {"register": number},
                }
            )
            break
        words = {
            "register": number,
            "square": square_words(square, view.get("course")),
            "facing": _(FACINGS[facing]),
        }
        title = _("After register %(register)d: %(square)s, facing %(facing)s.") % words
        if won:
            title = _("After register %(register)d: %(square)s, the last flag!") % words
        marks.append({"place": place(square), "title": title})
        if won:
            break
    return marks


def program_panel(decision: Decision, view: Mapping, legal: Sequence[Action]) -> dict:
    options = decision.options
    locked = options.get("locked_registers") or {}
    placed = list(options.get("placed") or [None] * 5)
    hand = [card_entry(c["card"]) for c in options.get("hand") or []]
    slots = []
    for number in range(1, 6):
        if str(number) in locked:
            cards = locked[str(number)]
            cards = cards if isinstance(cards, list) else [cards] if cards is not None else []
            slots.append({"number": number, "locked": True,
                          "cards": [card_entry(c) for c in cards]})  # fmt: skip
        else:
            cards = placed[number - 1] if isinstance(placed[number - 1], list) else [placed[
                number - 1]]  # fmt: skip
            keys = [str(c) if c is not None else "" for c in cards] + [""]
            slots.append({"number": number, "locked": False, "placed": keys[0],
                          "second": keys[1]})  # fmt: skip
    car = own_car(view)
    facts = [
        (_("Damage"), str(car.get("damage", 0))),
        (_("Cards dealt"), str(len(hand))),
        (_("Locked registers"), ", ".join(str(n) for n in sorted(int(r) for r in locked))),
        (_("Flags touched"), _("%(flags)d of %(total)d") % {
            "flags": car.get("flags", 0), "total": len(view.get("flags") or [])}),
    ]  # fmt: skip
    if options.get("timer"):
        facts.append(
            (
                _("Timer"),
                _(
                    "You are the last to program: when your time runs out, "
                    "your unplaced cards fill the empty registers at random."
                ),
            )
        )
    marks = path_preview(view, program_of(options))
    asides = []
    if options.get("conditional"):
        asides.append({"param": "conditional",
                       "label": _("A card face down on %(option)s") % {
                           "option": option_name("Conditional Program")}})  # fmt: skip
    if options.get("flywheel"):
        asides.append({"param": "flywheel",
                       "label": _("A card face down on the %(option)s") % {
                           "option": option_name("Flywheel")}})  # fmt: skip
    pairs = options.get("pairs") or []
    extra = [
        choice(
            a,
            _("%(option)s: discard your hand and draw a new one (1 damage)")
            % {"option": option_name("Recompile")},
            danger=True,
        )  # fmt: skip
        for a in legal
        if a.kind == "recompile"
    ]
    return panel(
        "registers",
        decision,
        extra,
        title=_("Program your five registers"),
        facts=facts,
        confirm=_("Submit my program"),
        cards=hand,
        slots=slots,
        compose={"kind": "program", "param": "registers", "draft": "place"},
        marks=[m for m in marks if m["place"]],
        path=[m["title"] for m in marks],
        asides=asides,
        second=_("with a turn (%(options)s)") % {"options": option_names(pairs)} if pairs else "",
    )


def respawn_panel(decision: Decision, view: Mapping, legal: Sequence[Action]) -> dict:
    choices = []
    for action in legal:
        where = action.params["square"]
        words = {
            "square": square_words(where, view.get("course")),
            "facing": word_for(FACINGS, action.params["facing"]),
        }
        label = _("Re-enter at %(square)s facing %(facing)s") % words
        choices.append(choice(action, label, place=place(where)))
    return panel("spaces", decision, choices, title=_("Choose where your robot re-enters"),
                 confirm=_("Re-enter here"))  # fmt: skip


def answer_panel(decision: Decision, legal: Sequence[Action]) -> dict:
    yes, no = YES_NO[decision.kind]
    ordered = sorted(legal, key=lambda a: a.params.get("answer") != "yes")
    named = {"option": option_name(NAMED_DECISIONS.get(decision.kind, ""))}
    choices = [
        choice(a, (_(yes) if a.params.get("answer") == "yes" else _(no)) % named) for a in ordered
    ]
    return panel("form", decision, choices)


def option_label(decision: Decision, action: Action, names: Mapping[str, str]) -> str:
    params = action.params
    if decision.kind == "move_option":
        n = params["squares"]
        return _("Move %(squares)d squares") % {"squares": n} if n != 1 else _("Move 1 square")
    if decision.kind == "weapon":
        weapon = params.get("weapon")
        if weapon == "main":
            return _("Fire the main laser")
        if weapon == "Fire Control" and "register" in params:
            return _("%(weapon)s: lock register %(register)d of the robot hit") % {
                "weapon": option_name(weapon), "register": params["register"]}  # fmt: skip
        if weapon == "Fire Control":
            return _("%(weapon)s: destroy the %(option)s of the robot hit") % {
                "weapon": option_name(weapon), "option": option_name(params["option"])}  # fmt: skip
        return _("Fire %(weapon)s instead") % {"weapon": option_name(weapon)}
    if decision.kind == "prevent_damage":
        chosen = params.get("discard") or []
        if not chosen:
            return _("Take the damage, discard nothing")
        return _("Discard %(options)s") % {"options": option_names(chosen)}
    if decision.kind == "discard_on_destruction":
        return _("Discard %(option)s") % {"option": option_name(params["option"])}
    return ""


def roborally_panel(decision: Decision, view: Mapping, legal: Sequence[Action]) -> dict:
    if decision.kind == "program":
        return program_panel(decision, view, legal)
    if decision.kind == "respawn":
        return respawn_panel(decision, view, legal)
    if decision.kind in YES_NO:
        return answer_panel(decision, legal)
    labels = [option_label(decision, a, {}) for a in legal]
    if legal and all(labels):
        return panel("form", decision, [choice(a, t) for a, t in zip(legal, labels, strict=True)])
    return numbered_form(decision, legal, decision_words())


class RoboRallyPanels(Panels):
    @property
    def decision_words(self):
        return decision_words()

    def panel(self, decision, view, *, legal):
        return roborally_panel(decision, view, legal)
