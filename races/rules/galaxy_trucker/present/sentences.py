"""Every Galaxy Trucker event in words: the sentences of the words part (words.py).
Building and the check are in building_sentences.py, the flight in
flight_sentences.py; decisions, the score and the game's end are here.

Names come from the `names` map; tiles, cards and sides are said in the
game's words, never as ids. Each sentence is one whole sentence with named
values, translated when it is said (races/rules/speech.py); the word
tables are marked with N_ and translated where they are used."""

from __future__ import annotations

from ...speech import N_, _
from .building_sentences import BUILDING_SENTENCES
from .flight_sentences import FLIGHT_SENTENCES
from .phrases import names_of, say

DECISIONS = {
    "repair": N_("%(name)s chooses the tiles to remove"),
    "keep_fragment": N_("%(name)s chooses the part of the ship to keep"),
    "place_aliens": N_("%(name)s chooses the cabins for the aliens"),
    "give_up": N_("%(name)s decides whether to fly on"),
    "declare_engines": N_("%(name)s declares engine power"),
    "declare_cannons": N_("%(name)s declares firepower"),
    "defend": N_("%(name)s decides on a defence"),
    "choose_planet": N_("%(name)s chooses a planet"),
    "arrange": N_("%(name)s loads the holds"),
    "accept": N_("%(name)s answers the offer"),
    "choose_crew_loss": N_("%(name)s chooses the crew to lose"),
    "choose_goods_loss": N_("%(name)s chooses the goods to lose"),
}


def _decided(c, d, n, k):
    said = DECISIONS.get(d.get("kind"))
    did = _(said) % {"name": c} if said else _("%(name)s decides") % {"name": c}
    if d.get("defaulted"):
        return say(N_("%(decision)s (the default was taken)."), decision=did)
    return say(N_("%(decision)s."), decision=did)


def _scored(c, d, n, k):
    parts = [
        _("%(name)s %(credits)s")
        % {"name": n.get(b["player"], _("a player")), "credits": b["credits_after"]}
        for b in d.get("breakdowns") or []
    ]
    return say(N_("The round is scored. Credits: %(credits)s."), credits=", ".join(parts))


def _ended(c, d, n, k):
    return say(
        N_("The game ends. Finishing order: %(order)s."), order=names_of(d.get("ranking"), n)
    )


SENTENCES = {
    "decision_requested": lambda c, d, n, k: say(N_("It is %(name)s's turn to decide."), name=c),
    "decision_made": _decided,
    "game_started": lambda c, d, n, k: say(
        N_("The game starts: %(names)s."), names=names_of([p["id"] for p in d["players"]], n)
    ),
    "round_started": lambda c, d, n, k: say(
        N_("Round %(round)s starts on ship board %(board)s."),
        round=d["round"],
        board=d["ship_class"],
    ),
    **BUILDING_SENTENCES,
    **FLIGHT_SENTENCES,
    "round_scored": _scored,
    "game_ended": _ended,
}
