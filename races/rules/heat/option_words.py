"""The Heat options a season or a round may set, said in words for the
forms: a label, a sentence of help and a word for each choice."""

from __future__ import annotations

from ..options import OptionText
from ..speech import N_

OPTION_TEXTS = {
    "legends": OptionText(
        N_("Legends"),
        N_("Bots may drive as Legend cars; a seat given to a Legend switches the module on."),
    ),
    "legend_bonus": OptionText(
        N_("Legend bonus"),
        N_("Added to the number on every Legend helmet, to make the Legends harder to beat."),
    ),
    "garage": OptionText(
        N_("Garage"),
        N_("Cars race with upgrade cards added to their decks."),
    ),
    "garage_draft": OptionText(
        N_("Draft the upgrades"),
        N_("Drivers draft their upgrade cards in turn; off, each driver is dealt 3."),
    ),
    "upgrade_pool": OptionText(
        N_("Upgrade cards"),
        N_("Which upgrade cards are used."),
        {
            "basic": N_("the basic upgrades"),
            "basic_and_advanced": N_("the basic and the advanced upgrades"),
            "advanced": N_("the advanced upgrades"),
        },
    ),
    "tournament": OptionText(
        N_("Tournament mode"),
        N_("Nobody shifts gear: the number of cards a driver plays is the car's new gear."),
    ),
    "season": OptionText(
        N_("Championship season"),
        N_(
            "Each race of the season follows its event card: the track, the "
            "sponsorship cards, the press corners and a special rule."
        ),
        {"custom": N_("a season of its own")},
    ),
    "season_seed": OptionText(
        N_("Season's seed"),
        N_("For a season of its own: any word; the same for every race of the season."),
    ),
    "heavy_rain": OptionText(
        N_("Heavy Rain"),
        N_(
            "The Heavy Rain expansion: super cool upgrades and sponsorship cards, a "
            "seventh car, bolder Legends and the 1964 season."
        ),
    ),
    "championship": OptionText(
        N_("Championship race"),
        N_(
            "Upgrades are bought at the car design market instead of drafted, and "
            "they carry over from race to race."
        ),
    ),
    "weather": OptionText(
        N_("Weather and road conditions"),
        N_("A weather tile and road conditions change the race."),
    ),
    "hand_size": OptionText(N_("Cards in hand"), N_("How many cards each driver holds.")),
    "slipstream_any_spot_ahead": OptionText(
        N_("Slipstream behind either spot"),
        N_("A car may slipstream behind a car on either spot of the next space."),
    ),
}
