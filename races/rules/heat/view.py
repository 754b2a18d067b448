"""What one seat may see (HEAT-B-007, HEAT-B-ENG-09): public board, own hand only."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .rules.cards import card_view

if TYPE_CHECKING:
    from .race import HeatRace


def race_view(race: HeatRace, seat: str | None) -> dict:
    key = (len(race.events), race.phase, race.turn_index)
    cached = race.public_view
    if cached is None or cached[0] != key:
        cached = race.public_view = (key, _public(race))
    view = dict(cached[1])
    me = race.by_seat.get(seat) if seat else None
    if me is not None and not me.legend:
        view["you"] = {
            "seat": me.seat,
            "hand": [card_view(c) for c in me.hand],
            "gear": me.gear,
            "shift_to": me.shift_to,
            "played": list(me.play) or me.played,
            "engine": len(me.engine),
            "speed": me.speed,
            "cooldown_left": me.cooldown_left,
        }
    return view


def _public(race: HeatRace) -> dict:
    length = race.track.length
    revealed = set()
    if race.phase not in ("plan", "setup"):
        revealed = {c.seat for c in race.order[: race.turn_index + 1]}
    # A car's entry changes only with an event about it (or about every car); the others are
    # reused, which keeps a view cheap enough to build at every decision.
    dirty = race.dirty_views
    cache = race.car_views
    cars = []
    for car in race.cars:
        shown = car.seat in revealed
        entry = cache.get(car.seat)
        if entry is None or car.seat in dirty or entry[0] != shown:
            entry = cache[car.seat] = (shown, _car(car, length, shown))
        cars.append(entry[1])
    dirty.clear()
    return {
        "game": "heat",
        "round": race.round,
        "step": race.step,
        "phase": race.phase,
        "track": race.track.id,
        "length": length,
        "laps": race.laps,
        "finish": race.board.finish,
        "corners": race.public_corners,
        "weather": _conditions(race),
        "turn": race.current.seat if race.current else None,
        "cars": cars,
        "legend_card": race.legend_deck.round_card[1]
        if race.legend_deck and race.legend_deck.round_card
        else None,
    }


def _conditions(race: HeatRace) -> dict | None:
    c = race.conditions
    if c is None:
        return None
    return {
        "weather": c.weather,
        "limit_change": {str(k): v for k, v in sorted(c.limit_change.items())},
        "overheat": sorted(c.overheat),
        "sectors": {str(k): v for k, v in sorted(c.sectors.items())},
    }


def _car(car, length: int, shown: bool) -> dict:
    return {
        "seat": car.seat,
        "colour": car.colour,
        "legend": car.legend,
        "progress": car.p,
        "space": car.p % length,
        "spot": car.spot,
        "gear": car.gear,
        "engine": len(car.engine),
        "hand": len(car.hand),
        "deck": len(car.deck),
        "discard": len(car.discard),
        "discard_top": car.discard[-1] if car.discard else None,
        "played": len(car.play),
        "play": list(car.play) if shown else None,
        "speed": car.speed if shown else None,
        "finish_round": car.finish_round,
        "eliminated": car.eliminated is not None,
        "spinouts": car.spinouts,
    }
