"""The RoboRally options a season or a round may set, said in words for the
forms: a label, a sentence of help and a word for each choice."""

from __future__ import annotations

from ..options import OptionText
from ..speech import N_

OPTION_TEXTS = {
    "lives": OptionText(N_("Lives"), N_("How many lives each robot starts with.")),
    "max_turns": OptionText(
        N_("Turn limit"),
        N_("The race ends after this many turns if nobody has touched the last flag."),
    ),
    "push_damage": OptionText(
        N_("Pushing damages"),
        N_("A robot pushed by another takes 1 damage."),
    ),
    "options": OptionText(
        N_("Option cards"),
        N_("A robot ending a turn on an upgrade site draws an option card."),
    ),
    "flags_repair": OptionText(
        N_("Flags repair"),
        N_("A robot ending a turn on a flag repairs 1 damage, as on a wrench."),
    ),
    "program_timer_seconds": OptionText(
        N_("Programming timer"),
        N_(
            "Seconds a robot has to finish programming once the timer starts (the last to program)."
        ),
    ),
}
