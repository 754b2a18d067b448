"""The Formula D options a season or a round may set, said in words for the
forms (FD-O-1): a label, a sentence of help and a word for each choice."""

from __future__ import annotations

from ..options import OptionText
from ..speech import N_

OPTION_TEXTS = {
    "level": OptionText(
        N_("Level"),
        N_(
            "Basic: each car has 18 wear points for the whole race. Advanced: "
            "wear is kept for six parts of the car."
        ),
        {"basic": N_("basic"), "advanced": N_("advanced")},
    ),
    "ruleset": OptionText(
        N_("Rules edition"),
        N_("Where the published rules and Board Game Arena's differ, which of the two applies."),
        {"published": N_("the published rules"), "bga": N_("Board Game Arena's rules")},
    ),
    "weather": OptionText(
        N_("Weather"),
        N_("The weather is rolled before the start and may make the track wet (advanced level)."),
    ),
    "tire_choice": OptionText(
        N_("Tyre choice"),
        N_("Each driver chooses soft, hard or rain tyres (advanced level)."),
    ),
    "technical_pit_stops": OptionText(
        N_("Technical pit stops"),
        N_(
            "In the pits a car may repair its parts from a reserve of repair points "
            "(advanced level)."
        ),
    ),
    "build_your_car": OptionText(
        N_("Build your car"),
        N_("Each driver shares out 20 wear points among the car's six parts (advanced level)."),
    ),
    "team_race": OptionText(
        N_("Team race"),
        N_("Cars race in teams of two; a team scores the points of both its cars."),
    ),
    "street": OptionText(
        N_("Street race"),
        N_("The rules of street races; left to the game, a street track has them."),
    ),
    "nitro": OptionText(
        N_("Nitro"),
        N_(
            "Once a lap a car may add its gear to the roll. Under the published rules "
            "it comes with street races only; on Board Game Arena it may be chosen."
        ),
    ),
    "special_drivers": OptionText(
        N_("Special drivers"),
        N_(
            "Drivers with an ability of their own; left to the game, they drive in "
            "advanced street races under the published rules."
        ),
    ),
    "qualifying_seconds_per_turn": OptionText(
        N_("Qualifying seconds per turn"),
        N_("How long a qualifying turn counts when nobody timed it."),
    ),
    "bga_eliminated_neighbour": OptionText(
        N_("A neighbour knocked out in a collision"),
        N_(
            "Board Game Arena's rules only: when a car hit in a collision is out of the "
            "race, whether the moving car fails its roll against it or does not roll."
        ),
        {"auto_fail": N_("the moving car fails its roll"), "skip": N_("no roll against it")},
    ),
}
