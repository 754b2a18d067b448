"""Resolving each adventure card (GT-CRD-OS .. GT-CRD-SB)."""

from __future__ import annotations

from functools import partial

from ...contract import Action
from ...speech import _, ngettext
from ..chance import Chance
from ..state import Ask, Emit, GameState
from . import policy
from .cards import Card
from .cargo import gain, receive
from .damage import destroy, lose_crew, lose_goods
from .flight import declare, give_up, in_flight, move
from .hits import roll, strike
from .ship import order
from .tiles import DOUBLE_CANNON, DOUBLE_ENGINE


def resolve(state: GameState, chance: Chance, emit: Emit, card: Card):
    """Play one adventure card out: every decision it asks, every event it logs."""
    yield from HANDLERS[card.type](state, chance, emit, card.params)


def open_space(state: GameState, chance: Chance, emit: Emit, params):
    """GT-CRD-OS-01..03."""
    for p in in_flight(state):
        power = yield from declare(
            emit, p, DOUBLE_ENGINE, policy.engines_open_space(p.ship), "open_space", {}
        )
        if power == 0:
            give_up(state, emit, p, "open_space_zero")
        else:
            move(state, emit, p, power)


def planets(state: GameState, chance: Chance, emit: Emit, params):
    """GT-CRD-PL-01..03."""
    worlds, days = params["planets"], params["days"]
    landed: dict[int, object] = {}
    for p in in_flight(state):
        free = [i for i in range(1, len(worlds) + 1) if i not in landed]
        gains = {i: gain(p.ship, worlds[i - 1]) for i in free}
        best = max(free, key=lambda i: (gains[i], -i), default=None)
        default = (
            Action("land", {"planet": best})
            if best is not None and gains[best] >= 2 * days
            else Action("stay")
        )
        actions = [Action("land", {"planet": i}) for i in free] + [Action("stay")]
        options = {
            "planets": [
                {"planet": i, "goods": worlds[i - 1], "free": i in free}
                for i in range(1, len(worlds) + 1)
            ],
            "days": days,
        }

        def problem(action, free=free):
            if action.kind == "stay":
                return None
            if action.kind == "land" and action.params.get("planet") in free:
                return None
            return _("Choose a planet nobody has landed on, or stay in space.")

        action = yield Ask(
            p.id, "choose_planet", _("Land on a planet?"), options, actions, problem, default
        )
        if action.kind == "land":
            landed[action.params["planet"]] = p
            emit("planet_chosen", p.id, index=action.params["planet"])
        else:
            emit("planet_chosen", p.id, index=None)
    visitors = [(i, p) for i, p in landed.items()]
    for i, p in sorted(visitors, key=lambda item: -item[1].pos):
        yield from receive(state, emit, p, list(worlds[i - 1]))
    for _planet, p in sorted(visitors, key=lambda item: item[1].pos):
        move(state, emit, p, -days)


def ask_accept(emit: Emit, p, offer: str, default: bool, words: str):
    action = yield Ask(
        p.id,
        "accept",
        words,
        {"offer": offer},
        [Action("accept"), Action("decline")],
        lambda a: None if a.kind in ("accept", "decline") else _("Accept or decline."),
        Action("accept" if default else "decline"),
    )
    accepted = action.kind == "accept"
    emit("offer_answered", p.id, offer=offer, accepted=accepted)
    return accepted


def abandoned_ship(state: GameState, chance: Chance, emit: Emit, params):
    """GT-CRD-ASH-01."""
    loss, credits, days = params["crew_loss"], params["credits"], params["days"]
    for p in in_flight(state):
        if p.ship.crew() < loss:
            continue
        default = p.ship.crew() - loss >= 2 and credits >= loss + days
        words = ngettext(
            "Give %(crew)d crew for %(credits)d credits and %(days)d day?",
            "Give %(crew)d crew for %(credits)d credits and %(days)d days?",
            days,
        ) % {"crew": loss, "credits": credits, "days": days}
        if (yield from ask_accept(emit, p, "abandoned_ship", default, words)):
            yield from lose_crew(emit, p, loss)
            earn(emit, p, credits, "abandoned_ship")
            move(state, emit, p, -days)
            return


def earn(emit: Emit, p, amount: int, source: str) -> None:
    p.credits += amount
    p.card_credits += amount
    emit("credits_gained", p.id, amount=amount, source=source)


def abandoned_station(state: GameState, chance: Chance, emit: Emit, params):
    """GT-CRD-AST-01."""
    need, goods, days = params["crew_required"], params["goods"], params["days"]
    for p in in_flight(state):
        if p.ship.crew() < need:
            continue
        default = gain(p.ship, goods) >= 2 * days
        words = ngettext(
            "Take the station's goods for %(days)d day?",
            "Take the station's goods for %(days)d days?",
            days,
        ) % {"days": days}
        if (yield from ask_accept(emit, p, "abandoned_station", default, words)):
            yield from receive(state, emit, p, list(goods))
            move(state, emit, p, -days)
            return


def meteor_swarm(state: GameState, chance: Chance, emit: Emit, params):
    """GT-CRD-MS-01, GT-HIT-06."""
    for size, side in params["meteors"]:
        flying = in_flight(state)
        if not flying:
            return
        line = roll(state, chance, emit, flying[0].id, "meteor")
        for p in flying:
            yield from strike(state, emit, p, "meteor", size, side, line)


def shots(state: GameState, chance: Chance, emit: Emit, p, fired, victims):
    """GT-HIT-09: one roll per shot by `p`, applied to every victim."""
    for size, side in fired:
        line = roll(state, chance, emit, p.id, "shot")
        for victim in victims:
            yield from strike(state, emit, victim, "shot", size, side, line)


def combat_zone(state: GameState, chance: Chance, emit: Emit, params):
    """GT-CRD-CZ-01..04."""
    if len(in_flight(state)) < 2:
        return
    for number, (criterion, penalty) in enumerate(params["lines"], start=1):
        flying = in_flight(state)
        values = {}
        for p in flying:
            if criterion == "crew":
                values[p.id] = p.ship.crew()
                continue
            rest = [q for q in flying if q.id not in values and q is not p]
            if criterion == "engine":
                target = min(
                    [*values.values(), *(q.ship.engine_power(0) for q in rest)],
                    default=p.ship.engine_power(0),
                )
                default = policy.engines_line(p.ship, target)
                kind = DOUBLE_ENGINE
            else:
                target = min(
                    [*values.values(), *(q.ship.firepower_hp([]) for q in rest)],
                    default=p.ship.firepower_hp([]),
                )
                default = policy.cannons_line(p.ship, target)
                kind = DOUBLE_CANNON
            values[p.id] = yield from declare(
                emit, p, kind, default, f"combat_zone_{criterion}", {"declared": dict(values)}
            )
        low = min(values.values())
        loser = next(p for p in flying if values[p.id] == low)  # ties: furthest ahead
        shown = {k: (v / 2 if criterion == "firepower" else v) for k, v in values.items()}
        emit(
            "line_penalty",
            loser.id,
            line=number,
            criterion=criterion,
            values=shown,
            penalised=loser.id,
        )
        yield from penalty_of(state, chance, emit, loser, penalty)


def penalty_of(state: GameState, chance: Chance, emit: Emit, p, penalty: dict):
    if "days" in penalty:
        move(state, emit, p, -penalty["days"])
    elif "crew" in penalty:
        yield from lose_crew(emit, p, penalty["crew"])
    elif "goods" in penalty:
        yield from lose_goods(state, emit, p, penalty["goods"])
    else:
        yield from shots(state, chance, emit, p, penalty["shots"], [p])


def enemy(state: GameState, chance: Chance, emit: Emit, params, kind: str):
    """GT-CRD-EN-01/02 and the three enemies."""
    strength = 2 * params["strength"]
    defeated = []
    for p in in_flight(state):
        fire = yield from declare(
            emit,
            p,
            DOUBLE_CANNON,
            policy.cannons_against(p.ship, strength),
            kind,
            {"strength": params["strength"]},
        )
        if fire < strength:
            emit("enemy_outcome", p.id, result="lost")
            if kind == "smugglers":
                yield from lose_goods(state, emit, p, params["goods_loss"])
            elif kind == "slavers":
                yield from lose_crew(emit, p, params["crew_loss"])
            else:
                defeated.append(p)
            continue
        if fire == strength:
            emit("enemy_outcome", p.id, result="tied")
            continue
        emit("enemy_outcome", p.id, result="won")
        days = params["days"]
        if kind == "smugglers":
            goods = params["reward_goods"]
            default = gain(p.ship, goods) >= 2 * days
            words = ngettext(
                "Take the goods for %(days)d day?", "Take the goods for %(days)d days?", days
            ) % {"days": days}
            if (yield from ask_accept(emit, p, kind, default, words)):
                yield from receive(state, emit, p, list(goods))
                move(state, emit, p, -days)
        else:
            words = ngettext(
                "Take %(credits)d credits for %(days)d day?",
                "Take %(credits)d credits for %(days)d days?",
                days,
            ) % {"credits": params["credits"], "days": days}
            if (yield from ask_accept(emit, p, kind, True, words)):
                earn(emit, p, params["credits"], kind)
                move(state, emit, p, -days)
        break  # GT-CRD-EN-02: a beaten enemy leaves
    if defeated:  # GT-CRD-PI-02
        yield from shots(state, chance, emit, defeated[0], params["shots"], defeated)


def stardust(state: GameState, chance: Chance, emit: Emit, params):
    """GT-CRD-SD-01: rear-first."""
    for p in reversed(in_flight(state)):
        move(state, emit, p, -p.ship.exposed())
    return
    yield


def epidemic(state: GameState, chance: Chance, emit: Emit, params):
    """GT-CRD-EP-01."""
    for p in in_flight(state):
        ship = p.ship
        occupied = set(ship.cabins_with_crew())
        if state.config["epidemic_mode"] == "per_pair":  # GT-AMB-06
            infected = []
            for cell in sorted(occupied, key=order):
                for other in ship.joined_cells(cell):
                    if other in occupied and order(other) > order(cell):
                        fuller = max(
                            (cell, other), key=lambda c: (ship.cells[c].crew(), -order(c)[0])
                        )
                        infected.append(fuller)
        else:
            infected = [
                c
                for c in sorted(occupied, key=order)
                if any(o in occupied for o in ship.joined_cells(c))
            ]
        for cell in infected:
            placed = ship.cells[cell]
            if placed.alien:
                colour, placed.alien = placed.alien, None
                emit("crew_lost", p.id, cell=list(cell), humans=0, alien=colour)
            elif placed.humans:
                placed.humans -= 1
                emit("crew_lost", p.id, cell=list(cell), humans=1, alien=None)
    return
    yield


def sabotage(state: GameState, chance: Chance, emit: Emit, params):
    """GT-CRD-SB-01..03."""
    flying = in_flight(state)
    if len(flying) < 2:
        return
    target = min(flying, key=lambda p: p.ship.crew())  # ties: the first, furthest ahead
    for _attempt in range(3):
        col = roll(state, chance, emit, target.id, "sabotage_column")
        row = roll(state, chance, emit, target.id, "sabotage_row")
        hit = (col, row) in target.ship.cells
        emit(
            "hit_resolved",
            target.id,
            source="sabotage",
            size=None,
            **{"from": None},
            line=None,
            target_cell=[col, row],
            outcome="destroyed" if hit else "missed",
        )
        if hit:
            yield from destroy(state, emit, target, (col, row))
            return


HANDLERS = {
    "open_space": open_space,
    "planets": planets,
    "abandoned_ship": abandoned_ship,
    "abandoned_station": abandoned_station,
    "meteor_swarm": meteor_swarm,
    "combat_zone": combat_zone,
    "smugglers": partial(enemy, kind="smugglers"),
    "slavers": partial(enemy, kind="slavers"),
    "pirates": partial(enemy, kind="pirates"),
    "stardust": stardust,
    "epidemic": epidemic,
    "sabotage": sabotage,
}
