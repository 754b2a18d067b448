"""Every Galaxy Trucker event in words (the presentation's sentences).

Names come from the `names` map; tiles, cards and sides are said in the
game's words, never as ids."""

from __future__ import annotations

from .cards import CARDS, TYPE_NAMES
from .tiles import KIND_NAMES, SIDE_NAMES, TILES

GOODS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
REASONS = {
    "no_crew": "no crew is left aboard",
    "no_engine_power": "the ship has no engine power",
    "lapped": "the leader lapped the ship",
    "voluntary": "choosing to land",
    "open_space_zero": "no engine power in open space",
}
OUTCOMES = {
    "missed": "misses",
    "bounced": "bounces off a smooth side",
    "deflected": "is deflected by a shield",
    "shot_down": "is shot down",
    "destroyed": "destroys a component",
}
OFFERS = {
    "abandoned_ship": "the abandoned ship",
    "abandoned_station": "the abandoned station",
    "smugglers": "the smugglers' goods",
    "slavers": "the slavers' reward",
    "pirates": "the pirates' reward",
}
CRITERIA = {
    "crew": "fewest crew",
    "engine": "weakest engines",
    "firepower": "weakest firepower",
}
HOURGLASS = {3: "circle III", 2: "circle II", 1: "circle I", 0: "the Start circle"}


def tile(tile_id) -> str:
    try:
        return f"a {KIND_NAMES[TILES[int(tile_id)].kind]}"
    except (KeyError, ValueError, TypeError):
        return "a tile"


def tiles(ids) -> str:
    return plural(len(ids or []), "component")


def plural(count, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def goods(items) -> str:
    names = [GOODS.get(g, "unknown") for g in items or []]
    if not names:
        return "no goods"
    return ", ".join(names) + (" good" if len(names) == 1 else " goods")


def cell(value) -> str:
    try:
        return f"column {value[0]}, row {value[1]}"
    except (TypeError, IndexError):
        return "the ship"


def card(card_id) -> str:
    found = CARDS.get(card_id)
    return found.name if found else "a card"


def names_of(ids, names) -> str:
    return ", ".join(names.get(i, "a player") for i in ids or []) or "nobody"


def _revealed(c, d, n, k):
    kind = TYPE_NAMES.get(d.get("type"), "an adventure")
    return f"Card {d['card_index']} is revealed: {kind}."


def _hit(c, d, n, k):
    if d.get("source") == "sabotage":
        outcome = "destroys a component" if d.get("outcome") == "destroyed" else "finds nothing"
        return f"Sabotage aims at {cell(d.get('target_cell'))} of {c}'s ship and {outcome}."
    thing = "meteor" if d.get("source") == "meteor" else "shot"
    side = d.get("from") if d.get("from") in SIDE_NAMES else "side"
    return (
        f"A {d.get('size')} {thing} from the {side} on line {d.get('line')} "
        f"{OUTCOMES.get(d.get('outcome'), 'passes')} on {c}'s ship."
    )


def _moved(c, d, n, k):
    days = d.get("days", 0)
    if days > 0:
        return f"{c} loses {plural(days, 'flight day')}, to space {d['to']}."
    return f"{c} gains {plural(-days, 'flight day')}, to space {d['to']}."


def _declared(c, d, n, k):
    what = "engine power" if d.get("kind") == "engines" else "firepower"
    on = len(d.get("activated") or [])
    extra = f", switching on {plural(on, 'double device')}" if on else ""
    return f"{c} declares {what} {d.get('value')}{extra}."


def _scored(c, d, n, k):
    parts = [
        f"{n.get(b['player'], 'a player')} {b['credits_after']}" for b in d.get("breakdowns") or []
    ]
    return "The round is scored. Credits: " + ", ".join(parts) + "."


def _ended(c, d, n, k):
    return "The game ends. Finishing order: " + names_of(d.get("ranking"), n) + "."


def _crew_lost(c, d, n, k):
    lost = []
    if d.get("humans"):
        lost.append(plural(d["humans"], "human"))
    if d.get("alien"):
        lost.append(f"the {d['alien']} alien")
    return f"{c} loses {' and '.join(lost) or 'no crew'} in the cabin at {cell(d.get('cell'))}."


def _violations(c, d, n, k):
    found = d.get("violations") or []
    if not found:
        return f"{c}'s ship passes the structural check."
    return f"{c}'s ship breaks the building rules in {plural(len(found), 'place')}."


DECISIONS = {
    "repair": "chooses the tiles to remove",
    "keep_fragment": "chooses the part of the ship to keep",
    "place_aliens": "chooses the cabins for the aliens",
    "give_up": "decides whether to fly on",
    "declare_engines": "declares engine power",
    "declare_cannons": "declares firepower",
    "defend": "decides on a defence",
    "choose_planet": "chooses a planet",
    "arrange": "loads the holds",
    "accept": "answers the offer",
    "choose_crew_loss": "chooses the crew to lose",
    "choose_goods_loss": "chooses the goods to lose",
}


def _decided(c, d, n, k):
    said = DECISIONS.get(d.get("kind"), "decides")
    return f"{c} {said}" + (" (the default was taken)." if d.get("defaulted") else ".")


WORDS = {
    "decision_made": _decided,
    "game_started": lambda c, d, n, k: (
        "The game starts: " + names_of([p["id"] for p in d["players"]], n) + "."
    ),
    "round_started": lambda c, d, n, k: (
        f"Round {d['round']} starts on ship board {d['ship_class']}."
    ),
    "tile_pool_shuffled": lambda c, d, n, k: f"{d['count']} components are shuffled face down.",
    "stacks_formed": lambda c, d, n, k: "The adventure cards are dealt into four stacks.",
    "tick_started": lambda c, d, n, k: (
        f"Building step {d['tick'] + 1}, the hourglass on "
        f"{HOURGLASS.get(d['hourglass_pos'], 'its circle')}."
    ),
    "tile_drawn": lambda c, d, n, k: f"{c} draws {tile(d['tile'])}.",
    "tile_taken_face_up": lambda c, d, n, k: f"{c} takes {tile(d['tile'])} from the face-up tiles.",
    "tile_taken_reserved": lambda c, d, n, k: f"{c} takes {tile(d['tile'])} from the reserve.",
    "tile_placed": lambda c, d, n, k: f"{c} welds {tile(d['tile'])} at {cell(d['cell'])}.",
    "tile_reserved": lambda c, d, n, k: f"{c} puts {tile(d['tile'])} in the reserve.",
    "tile_returned": lambda c, d, n, k: f"{c} puts {tile(d['tile'])} back face up.",
    "stack_peeked": lambda c, d, n, k: f"{c} looks at stack {d['stack']}.",
    "stack_contents": lambda c, d, n, k: f"{c} sees the cards of stack {d['stack']}.",
    "build_passed": lambda c, d, n, k: f"{c} waits.",
    "intent_failed": lambda c, d, n, k: (
        f"{c} finds the tile gone and waits."
        if d.get("intent") == "take_face_up"
        else f"{c} finds no face-down tile left and waits."
    ),
    "tile_kept_reserved": lambda c, d, n, k: f"{c} leaves {tile(d['tile'])} in the reserve.",
    "build_finished": lambda c, d, n, k: (
        f"{c} finishes the ship and takes order token {d['token']}."
    ),
    "hourglass_flipped": lambda c, d, n, k: (
        f"The hourglass is turned onto {HOURGLASS.get(d['pos'], 'the next circle')}."
    ),
    "hourglass_waiting": lambda c, d, n, k: (
        "The hourglass has run out on circle I: it waits for a finished ship."
    ),
    "building_ended": lambda c, d, n, k: "Building ends.",
    "reserve_forfeited": lambda c, d, n, k: f"{c} loses {tiles(d['tiles'])} left in the reserve.",
    "ship_checked": _violations,
    "tiles_removed": lambda c, d, n, k: f"{c} removes {tiles(d['tiles'])}.",
    "ship_split": lambda c, d, n, k: (
        f"{c}'s ship breaks into {plural(len(d['fragments']), 'part')}."
    ),
    "fragment_kept": lambda c, d, n, k: (
        f"{c} keeps the part with {cell(d['cell'])} and loses {tiles(d['lost_tiles'])}."
    ),
    "alien_lost": lambda c, d, n, k: f"{c}'s {d['colour']} alien dies without its life support.",
    "rockets_placed": lambda c, d, n, k: (
        "The rockets take off: "
        + ", ".join(f"{n.get(s, 'a player')} on space {p}" for s, p in d["positions"].items())
        + "."
    ),
    "crew_placed": lambda c, d, n, k: (
        f"{c} boards "
        f"{plural(sum(d['humans_by_cell'].values()), 'human')}"
        + (" and " + " and ".join(f"a {a} alien" for a in d["aliens"]) if d["aliens"] else "")
        + "."
    ),
    "batteries_loaded": lambda c, d, n, k: f"{c} loads {plural(d['total'], 'battery token')}.",
    "deck_shuffled": lambda c, d, n, k: "The adventure cards are shuffled into the flight deck.",
    "checkpoint": lambda c, d, n, k: "Before the next card, every ship is checked.",
    "player_gave_up": lambda c, d, n, k: (
        f"{c} gives up the flight: {REASONS.get(d['reason'], 'landing')}."
    ),
    "card_revealed": _revealed,
    "declared": _declared,
    "battery_spent": lambda c, d, n, k: (
        f"{c} spends a battery token ({d['remaining']} left there)."
    ),
    "dice_rolled": lambda c, d, n, k: (
        f"{n.get(d.get('roller'), 'The leader')} rolls {d['d1']} and {d['d2']}: {d['sum']}."
    ),
    "hit_resolved": _hit,
    "component_destroyed": lambda c, d, n, k: f"{c} loses {tile(d['tile'])} at {cell(d['cell'])}.",
    "crew_lost": _crew_lost,
    "goods_gained": lambda c, d, n, k: (
        f"{c} gains {goods(d['goods'])}"
        + (f"; the supply lacks {goods(d['shortfall'])}" if d.get("shortfall") else "")
        + "."
    ),
    "cargo_arranged": lambda c, d, n, k: (
        f"{c} loads the holds"
        + (f" and throws away {goods(d['discarded'])}" if d.get("discarded") else "")
        + "."
    ),
    "goods_lost": lambda c, d, n, k: (
        f"{c} loses "
        f"{goods([g for item in d['goods_by_cell'] for g in item[2]])}"
        + (
            f" and {plural(sum(i[2] for i in d['batteries_by_cell']), 'battery token')}"
            if d.get("batteries_by_cell")
            else ""
        )
        + "."
    ),
    "credits_gained": lambda c, d, n, k: f"{c} gains {plural(d['amount'], 'credit')}.",
    "ship_moved": _moved,
    "planet_chosen": lambda c, d, n, k: (
        f"{c} lands on planet {d['index']}." if d.get("index") else f"{c} stays in space."
    ),
    "offer_answered": lambda c, d, n, k: (
        f"{c} {'accepts' if d['accepted'] else 'declines'} {OFFERS.get(d['offer'], 'the offer')}."
    ),
    "enemy_outcome": lambda c, d, n, k: {
        "won": f"{c} beats the enemy.",
        "tied": f"{c} holds the enemy off.",
        "lost": f"{c} is defeated.",
    }[d["result"]],
    "line_penalty": lambda c, d, n, k: (
        f"Combat zone line {d['line']} ({CRITERIA[d['criterion']]}): {c} pays the penalty."
    ),
    "card_resolved": lambda c, d, n, k: f"Card {d['card_index']} is done.",
    "flight_ended": lambda c, d, n, k: (
        "The flight ends: "
        + ("every card is played." if d["reason"] == "deck_exhausted" else "no ship is flying.")
        + ""
    ),
    "round_scored": _scored,
    "game_ended": _ended,
}
