"""The Galaxy Trucker options a season or a round may set, said in words for
the forms: a label, a sentence of help and a word for each choice."""

from __future__ import annotations

from ..options import OptionText
from ..speech import N_

OPTION_TEXTS = {
    "team_race": OptionText(
        N_("Teams"),
        N_(
            "Two teams of two share their credits; after building, teammates swap "
            "and each flies the ship the other built."
        ),
    ),
    "expert_teams": OptionText(
        N_("Expert teams"),
        N_("In rounds 2 and 3 teammates also swap ships every time the hourglass is turned."),
    ),
    "ticks_per_run": OptionText(
        N_("Hourglass length"),
        N_("How many building moves one run of the hourglass lasts."),
    ),
    "strict_build": OptionText(
        N_("Strict building"),
        N_("A tile may only be placed where it joins the ship and breaks no building rule."),
    ),
    "start_spacing": OptionText(
        N_("Gap between ships at the start"),
        N_("How far apart the ships start on the flight board."),
        {
            "source": N_("one empty space in every round"),
            "published": N_("a gap that grows with the round"),
        },
    ),
    "movement": OptionText(
        N_("Passing other ships"),
        N_("How a ship moves past the spaces other ships take on the flight board."),
        {
            "skip": N_("taken spaces are jumped and not counted"),
            "slide": N_("the ship lands, then slides on to the next free space"),
        },
    ),
    "epidemic_mode": OptionText(
        N_("Epidemic"),
        N_("How many crew members an epidemic costs."),
        {
            "per_cabin": N_("one for every occupied cabin joined to another"),
            "per_pair": N_("one for every joined pair of occupied cabins"),
        },
    ),
    "shield_scope": OptionText(
        N_("Shields"),
        N_("Which shield protects a ship from a hit."),
        {
            "ship": N_("any shield covering that side"),
            "line": N_("only a shield in the line of the hit"),
        },
    ),
    "no_crew_rule": OptionText(
        N_("Ship without crew"),
        N_("When a ship must give up for lack of crew."),
        {
            "any_crew": N_("when nobody is left aboard"),
            "no_humans": N_("when no humans are left aboard"),
        },
    ),
    "token_pick": OptionText(
        N_("Finishing building"),
        N_("Which position token a ship takes when its builder finishes."),
        {"lowest": N_("the lowest token left"), "any": N_("any token left")},
    ),
    "open_stacks": OptionText(
        N_("Open stacks"),
        N_("After building, everyone may look at the adventure card stacks."),
    ),
    "finite_goods": OptionText(
        N_("Limited goods"),
        N_("Goods of a colour run out when the box has none left; off, goods never run out."),
    ),
    "half_sale_rounding": OptionText(
        N_("Half price after giving up"),
        N_("A ship that gave up sells its goods for half: how the half is rounded."),
        {"up": N_("rounded up"), "down": N_("rounded down")},
    ),
    "penalty_caps": OptionText(
        N_("Cap on lost components"),
        N_(
            "Lost components cost at most 5 credits in round I, 10 in round II "
            "and 15 in round III; off, there is no cap."
        ),
    ),
}
