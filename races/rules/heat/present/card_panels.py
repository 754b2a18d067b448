"""Heat's panels of cards: the gear stick with the Heat a two-gear shift costs,
and the hand as cards to pick (HEAT-B-005 the gear's count of cards,
HEAT-B-047 discards, the car design market), with the speed, the corner
limit reached and the Heat to pay shown before the driver confirms
(HEAT-B-040, HEAT-B-044, HEAT-B-045)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...contract import Action, Decision
from ...face.widgets import choice, panel
from ...speech import _, ngettext
from ..rules.cards import card
from .card_words import _hand, _value_words, card_name, corner_words, plural


def _where(options: Mapping) -> list[tuple[str, str]]:
    corner = options.get("next_corner") or {}
    lap = (
        _("%(lap)s of %(laps)s") % {"lap": options["lap"], "laps": options["laps"]}
        if options.get("lap")
        else ""
    )
    facts = [
        (_("Lap"), lap),
        (_("Heat in engine"), str(options.get("engine", ""))),
        (_("Heat cards in hand"), str(options.get("heat_in_hand", ""))),
    ]
    if corner and not corner.get("beyond_finish"):
        distance = corner.get("distance")
        facts.insert(
            0,
            (
                _("Next corner"),
                ngettext(
                    "Corner %(corner)s (limit %(limit)s), %(count)s space ahead",
                    "Corner %(corner)s (limit %(limit)s), %(count)s spaces ahead",
                    distance,
                )
                % {"corner": corner.get("id"), "limit": corner.get("limit"), "count": distance},
            ),
        )
    return facts


def _speed(cards: Sequence[str]) -> tuple[int, int]:
    """The speed the played cards show and how many "+" cards draw more (HEAT-B-009)."""
    total, draws = 0, 0
    for key in cards:
        c = card(key)
        if c.plus:
            draws += c.plus
        if c.speed is not None:
            total += c.speed
    return total, draws


def play_summary(cards: Sequence[str], options: Mapping) -> tuple[str, bool]:
    """The speed of these cards, the corner it reaches and the Heat it costs
    there (HEAT-B-040, HEAT-B-044), a spin-out when the engine cannot pay it
    (HEAT-B-045). A Stress card's draw is unknown until it is revealed."""
    total, draws = _speed(cards)
    if draws:
        speed = ngettext(
            "Speed %(speed)s + %(draws)s draw", "Speed %(speed)s + %(draws)s draws", draws
        ) % {"speed": total, "draws": draws}
    else:
        speed = _("Speed %(speed)s") % {"speed": total}
    corner = options.get("next_corner") or {}
    if not corner or corner.get("beyond_finish"):
        return speed, False
    limit, distance = corner.get("limit"), corner.get("distance")
    words = {"speed": speed, "corner": corner_words(corner.get("id"), limit)}
    if not isinstance(limit, int) or not isinstance(distance, int):
        return speed, False
    if total <= distance:
        if draws:  # the cards drawn may carry the car on into the corner
            return _("%(speed)s: %(corner)s if the draws carry you there") % words, False
        return _("%(speed)s: stops before %(corner)s") % words, False
    over = max(0, total - limit)
    words.update(heat=over, engine=options.get("engine"))
    if not over:
        if draws:  # the speed is only known once the draws are revealed
            return _("%(speed)s: through %(corner)s, Heat once the draws are known") % words, False
        return _("%(speed)s: through %(corner)s, no Heat") % words, False
    engine = options.get("engine")
    if isinstance(engine, int) and over > engine:  # HEAT-B-045
        return _(
            "%(speed)s: through %(corner)s, %(heat)s Heat to pay, only %(engine)s: spin-out!"
        ) % words, True
    if draws:  # a draw only adds speed, so this much Heat at least
        return _("%(speed)s: through %(corner)s, at least %(heat)s Heat to pay") % words, False
    return _("%(speed)s: through %(corner)s, %(heat)s Heat to pay") % words, False


def _shift(decision: Decision, legal: Sequence[Action]) -> dict:
    options = decision.options
    costs = {g["gear"]: g.get("heat", 0) for g in options.get("gears", [])}
    current = options.get("gear")
    choices = []
    for action in sorted(legal, key=lambda a: a.params.get("gear")):
        gear = action.params.get("gear")
        heat = costs.get(gear, 0)
        cost = _("%(count)s Heat") % {"count": heat} if heat else ""
        play = ngettext("play %(count)s card", "play %(count)s cards", gear) % {"count": gear}
        choices.append(
            choice(action, _("Gear %(gear)s") % {"gear": gear}, [play, cost or _("free")],
                   gear=gear, range=plural(gear, "card"), cost=cost, current=gear == current)
        )  # fmt: skip
    return panel(
        "gear_stick",
        decision,
        choices,
        facts=_where(options),
        confirm=_("Select this gear"),
        current=current,
        cards=_hand(options),
    )


def _play(decision: Decision, legal: Sequence[Action]) -> dict:
    options = decision.options
    choices = []
    for action in legal:
        picked = list(action.params.get("cards") or [])
        summary, danger = play_summary(picked, options)
        choices.append(choice(action, summary, danger=danger, picks=sorted(picked)))
    count = options.get("count")
    low, high = (count, count) if isinstance(count, int) else (1, 4)
    return panel(
        "cards",
        decision,
        choices,
        facts=_where(options),
        confirm=_("Play these cards"),
        cards=_hand(options),
        pick={"min": low, "max": high},
        compose={"kind": "play_cards", "param": "cards", "one": False},
    )


def _discard(decision: Decision, legal: Sequence[Action]) -> dict:
    options = decision.options
    free = set(options.get("discardable") or [])
    hand = [{**c, "fixed": c["key"] not in free} for c in _hand(options)]
    choices = [
        choice(
            a,
            _("Discard %(cards)s") % {"cards": _value_words("cards", a.params["cards"])}
            if a.params["cards"]
            else _("Keep every card"),
            picks=sorted(a.params["cards"]),
        )  # fmt: skip
        for a in legal
    ]
    return panel(
        "cards",
        decision,
        choices,
        facts=_where(options),
        confirm=_("Discard these cards"),
        cards=hand,
        pick={"min": 0, "max": len(free)},
        compose={"kind": "discard", "param": "cards", "one": False},
    )


def _take_one(decision: Decision, legal: Sequence[Action]) -> dict:
    options = decision.options
    choices = [
        choice(
            a,
            _("Take %(card)s") % {"card": card_name(a.params.get("card"))},
            picks=[a.params.get("card")],
        )
        for a in legal
    ]
    owned = _(", ").join(card_name(c.get("id")) for c in options.get("owned") or [])
    return panel(
        "cards",
        decision,
        choices,
        facts=[(_("Your upgrades"), owned)],
        confirm=_("Take this card"),
        cards=_hand(options, "row"),
        pick={"min": 1, "max": 1},
        compose={"kind": decision.kind, "param": "card", "one": True},
    )
