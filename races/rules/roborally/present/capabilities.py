"""What RoboRally runs, for the forms that set a season and a round up (the
presentation's capabilities part, races/rules/face/capabilities.py): 2 to 8
robots, races only, the rookie and greedy bots, the result and live-table
columns, and each option in words (option_words.py)."""

from __future__ import annotations

from ...face.capabilities import (
    ELIMINATED,
    FINISHED,
    NOT_FINISHED,
    Capabilities,
    Column,
    GameCapabilities,
    whole,
)
from ...speech import _
from ..option_words import OPTION_TEXTS
from ..options import MAX_ROBOTS, MIN_ROBOTS


class RoboRallyCapabilities(GameCapabilities):
    option_texts = OPTION_TEXTS

    def capabilities(self, rules):
        return Capabilities(
            min_seats=MIN_ROBOTS,
            max_seats=MAX_ROBOTS,
            modes=("race",),
            bots=(("rookie", _("Rookie")), ("greedy", _("Greedy"))),
            statuses=(FINISHED, NOT_FINISHED, ELIMINATED),
            result_columns=(
                Column("flags_touched", _("Flags"), whole),
                Column("lives_left", _("Lives"), whole),
                Column("damage", _("Damage"), whole),
                Column("destructions", _("Destroyed"), whole),
            ),
            live_columns=(
                Column("flags", _("Flags"), whole),
                Column("damage", _("Damage"), whole),
                Column("lives", _("Lives"), whole),
            ),
        )
