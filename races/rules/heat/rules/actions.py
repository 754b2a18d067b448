"""Applying a driver's action to the race (HEAT-B-ENG-05); the checks come first, in
decisions.py, so nothing here can fail half-way."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...contract import Action
from ..state import Car
from . import garage, turn

if TYPE_CHECKING:
    from ..race import HeatRace

REACT_ACTIONS = {
    "adrenaline_move": lambda race, car, params: turn.adrenaline_move(race, car),
    "cooldown": lambda race, car, params: turn.cooldown(race, car, params["count"]),
    "boost": lambda race, car, params: turn.boost(race, car),
    "pay_heat_cost": lambda race, car, params: garage.pay_heat_cost(race, car, params["count"]),
    "scrap": lambda race, car, params: garage.scrap(race, car, params["card"]),
    "reduce_stress": lambda race, car, params: garage.reduce_stress(
        race, car, params["card"], list(params["stress"])
    ),
    "salvage": lambda race, car, params: garage.salvage(
        race, car, params["card"], list(params["cards"])
    ),
    "accelerate": lambda race, car, params: garage.accelerate(race, car, params["card"]),
    "direct_play": lambda race, car, params: garage.direct_play(race, car, params["card"]),
    "super_cool": lambda race, car, params: garage.super_cool(
        race, car, params["card"], params["count"]
    ),
}


def act(race: HeatRace, car: Car, action: Action) -> None:
    kind = action.kind
    params = action.params
    if kind == "shift_gear":
        car.shift_to = params["gear"]
        race._decisions.pop(car.seat, None)
    elif kind == "play_cards":
        if race.tournament:
            car.shift_to = len(params["cards"])
        car.played = list(params["cards"])
        race._decisions.pop(car.seat, None)
    elif kind == "draft_pick":
        race.draft.take(race, car, params["card"])
    elif kind == "market_pick":
        race.draft.pick(race, car, params["card"])
    elif kind == "market_swap":
        race.draft.swap(race, car, params.get("owned"), params.get("market"))
    elif kind == "choose_speed":
        car.chosen[params["card"]] = params["value"]
        race.emit("speed_chosen", car.seat, card=params["card"], value=params["value"])
    elif kind == "convert_unpayable":
        garage.convert(race, car, params["card"])
    elif kind == "end_react":
        if car.heat_owed:  # only when it can no longer be met (garage.heat_owed_lapses)
            garage.pay_heat_cost(race, car, min(car.heat_owed, len(car.engine)))
            car.heat_owed = 0
        race.phase = "slipstream"
    elif kind in REACT_ACTIONS:
        REACT_ACTIONS[kind](race, car, params)
    elif kind == "slipstream":
        if params.get("take"):
            turn.slipstream(race, car, params.get("extra", True))
        else:
            car.slipstreamed = True
        race.phase = "corners"
    elif kind == "discard":
        if params["cards"]:
            turn.discard(race, car, list(params["cards"]))
        race.phase = "refresh"
    elif kind == "refresh":
        car.refreshed = True
        if params["cards"]:
            garage.refresh(race, car, list(params["cards"]))
