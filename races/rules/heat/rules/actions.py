"""Applying a driver's action (HEAT-B-ENG-05); the checks come first, in decisions.py, so
nothing here can fail half-way."""

from __future__ import annotations

from ...contract import Action
from ..chance import Chance
from ..state import Car, Draft, Emit, Market, RaceState
from .championship.championship import market_pick, market_swap
from .championship.garage import (
    accelerate,
    convert,
    direct_play,
    draft_take,
    pay_heat_cost,
    reduce_stress,
    refresh,
    salvage,
    scrap,
    super_cool,
)
from .cleanup import discard
from .react import adrenaline_move, boost, cooldown
from .slipstream import slipstream


def plan_apply(s: RaceState, car: Car, action: Action) -> None:
    """Steps 1-2: the choice is stored hidden until every car has chosen (HEAT-B-ENG-03)."""
    params = action.params
    if action.kind == "shift_gear":
        car.shift_to = params["gear"]
    else:
        if s.tournament:
            car.shift_to = len(params["cards"])
        car.played = list(params["cards"])


def draft_apply(emit: Emit, draft: Draft | Market, car: Car, action: Action) -> None:
    """D3: a pick of the upgrade draft, or of the car design market and its exchange."""
    params = action.params
    if action.kind == "draft_pick":
        draft_take(emit, draft, car, params["card"])
    elif action.kind == "market_pick":
        market_pick(emit, draft, car, params["card"])
    else:
        market_swap(emit, draft, car, params.get("owned"), params.get("market"))


def choose_speed(emit: Emit, car: Car, action: Action) -> None:
    """D4 (HEAT-GARAGE-18)."""
    params = action.params
    car.chosen[params["card"]] = params["value"]
    emit("speed_chosen", car.seat, card=params["card"], value=params["value"])


def convert_unpayable(chance: Chance, emit: Emit, car: Car, action: Action) -> None:
    """D5 (HEAT-GARAGE-07)."""
    convert(chance, emit, car, action.params["card"])


def react_apply(s: RaceState, chance: Chance, emit: Emit, car: Car, action: Action) -> None:
    """Step 5: one React or upgrade symbol (HEAT-B-034..038, HEAT-GARAGE-08..15, HEAT-RAIN-09)."""
    kind, params = action.kind, action.params
    if kind == "adrenaline_move":
        adrenaline_move(s, chance, emit, car)
    elif kind == "cooldown":
        cooldown(s, emit, car, params["count"])
    elif kind == "boost":
        boost(s, chance, emit, car)
    elif kind == "pay_heat_cost":
        pay_heat_cost(emit, car, params["count"])
    elif kind == "scrap":
        scrap(chance, emit, car, params["card"])
    elif kind == "reduce_stress":
        reduce_stress(emit, car, params["card"], list(params["stress"]))
    elif kind == "salvage":
        salvage(chance, emit, car, params["card"], list(params["cards"]))
    elif kind == "accelerate":
        accelerate(s, chance, emit, car, params["card"])
    elif kind == "direct_play":
        direct_play(s, chance, emit, car, params["card"])
    elif kind == "super_cool":
        super_cool(emit, car, params["card"], params["count"])


def end_react(emit: Emit, car: Car) -> None:
    """Step 5 ends; a Heat cost that can no longer be met is paid from what the engine
    holds (garage.heat_owed_lapses)."""
    if car.heat_owed:
        pay_heat_cost(emit, car, min(car.heat_owed, len(car.engine)))
        car.heat_owed = 0


def slipstream_apply(s: RaceState, chance: Chance, emit: Emit, car: Car, action: Action) -> None:
    """D6 (HEAT-B-041..043)."""
    params = action.params
    if params.get("take"):
        slipstream(s, chance, emit, car, params.get("extra", True))
    else:
        car.slipstreamed = True


def discard_apply(emit: Emit, car: Car, action: Action) -> None:
    """D7 (HEAT-B-047)."""
    if action.params["cards"]:
        discard(emit, car, list(action.params["cards"]))


def refresh_apply(emit: Emit, car: Car, action: Action) -> None:
    """D9 (HEAT-GARAGE-12)."""
    car.refreshed = True
    if action.params["cards"]:
        refresh(emit, car, list(action.params["cards"]))
