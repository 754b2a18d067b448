"""What Galaxy Trucker runs, for the forms that set a season and a round up
(the presentation's capabilities part, races/rules/face/capabilities.py):
2 to 4 players (GT-CMP-14), games only, the random, rookie and pro bots,
team play (GT-VAR-04), the result and live-table columns, and each option
in words (option_words.py)."""

from __future__ import annotations

from ...face.capabilities import FINISHED, Capabilities, Column, GameCapabilities, whole
from ...speech import _
from ..option_words import OPTION_TEXTS


def _flight_words(pos) -> str:
    """Where a ship flies, said in the reader's language when the page is
    drawn (the worker keeps the day number, never words)."""
    if pos is None or pos == "":
        return _("not flying")
    if isinstance(pos, str):  # progress stored before the day number was kept
        return pos
    return _("space %(space)s") % {"space": pos}


def _rounds(value) -> str:
    if not value:
        return ""
    return ", ".join(
        (
            _("round %(round)d: %(change)+d")
            if r["arrived"]
            else _("round %(round)d: %(change)+d (gave up)")
        )
        % {"round": r["round"], "change": r["credits_after"] - r["credits_before"]}
        for r in value
    )


class GalaxyTruckerCapabilities(GameCapabilities):
    option_texts = OPTION_TEXTS

    def capabilities(self, rules):
        return Capabilities(
            min_seats=2,
            max_seats=4,  # GT-CMP-14
            modes=("race",),
            bots=(
                ("random", _("Random (for testing)")),
                ("rookie", _("Rookie")),
                ("pro", _("Pro")),
            ),
            autopilots=(("rookie", _("Rookie")), ("pro", _("Pro"))),
            statuses=(FINISHED,),
            team_race_option="team_race",  # GT-VAR-04
            result_columns=(
                Column("credits", _("Credits"), whole),
                Column("rounds", _("Rounds"), _rounds),
            ),
            live_columns=(
                Column("credits", _("Credits"), whole),
                Column("where", _("Flight"), _flight_words),
            ),
        )
