"""Building test races on the spec's `test20` track with forced cards (section 14)."""

from __future__ import annotations

import json
from pathlib import Path

from races.rules import Action, Seat
from races.rules.heat.chance import ScriptedChance
from races.rules.heat.race import HeatRace
from races.rules.heat.rules.cards import heat_card, stress_card
from races.rules.heat.rules.track import track_from_data
from races.rules.heat.state import Car

TEST20 = track_from_data(json.loads((Path(__file__).with_name("test20.json")).read_text()))


def seats(*bots: str | None) -> list[Seat]:
    return [
        Seat(f"car{i + 1}", f"Car {i + 1}", "bot" if bot else "human", bot)
        for i, bot in enumerate(bots)
    ]


def race(*bots: str | None, script=None, seed="t", track=TEST20, **config) -> HeatRace:
    """A race whose grid follows seat order (slot 1 = car1) unless a script says otherwise."""
    players = seats(*(bots or (None,)))
    colours = ["red", "blue", "green", "yellow", "black", "grey"][: len(players)]
    script = {"grid": [colours], **(script or {})}
    return HeatRace(config, players, seed, track, ScriptedChance(seed, script))


def cards(car: Car, *codes: str) -> list[str]:
    """Card ids from short codes: S1..S4, U0, U5, UH, H (a Heat card), X (a Stress card)."""
    out = []
    copies: dict[str, int] = {}
    for code in codes:
        if code == "H":
            car.heat_made += 1
            out.append(heat_card(car.colour, car.heat_made + 50))
        elif code == "X":
            car.stress_made += 1
            out.append(stress_card(car.colour, car.stress_made + 50))
        elif code in ("U0", "U5", "UH"):
            out.append(f"{car.colour}.{code}")
        else:
            copies[code] = copies.get(code, 0) + 1
            out.append(f"{car.colour}.{code}.{copies[code]}")
    return out


def put(r: HeatRace, seat: str, p: int, rl: bool = True) -> Car:
    car = r.state.by_seat[seat]
    r.state.board.lift(car)
    r.state.board.put(car, p, rl)
    r.views.dirty.add(seat)
    r.ask_again()
    return car


def setup_car(
    r: HeatRace, seat: str, *, p=None, rl=True, gear=None, hand=(), deck=(), discard=(), engine=None
) -> Car:
    """Force one car's state; the codes of hand, deck and discard become fresh card ids."""
    car = r.state.by_seat[seat]
    if p is not None:
        put(r, seat, p, rl)
    if gear is not None:
        car.gear = gear
    everything = cards(car, *hand, *deck, *discard)
    car.hand = everything[: len(hand)]
    car.deck = everything[len(hand) : len(hand) + len(deck)]
    car.discard = everything[len(hand) + len(deck) :]
    if engine is not None:
        car.engine = [heat_card(car.colour, n) for n in range(1, engine + 1)]
    r.views.dirty.add(seat)
    r.ask_again()
    return car


def plan(r: HeatRace, seat: str, gear: int, played: list[str]) -> None:
    r.apply(seat, Action("shift_gear", {"gear": gear}))
    r.apply(seat, Action("play_cards", {"cards": played}))


def pending_kinds(r: HeatRace) -> list[tuple[str, str]]:
    return [(d.seat, d.kind) for d in r.pending]


def events_of(r: HeatRace, type_: str, seat: str | None = None) -> list[dict]:
    return [e.data for e in r.events if e.type == type_ and (seat is None or e.seat == seat)]


def park(r: HeatRace, seat: str) -> None:
    """A car that stays where it is this round: gear 1, plays its U0."""
    car = setup_car(r, seat, gear=1, hand=["U0", "S1"], engine=0)
    plan(r, seat, 1, [car.hand[0]])


def answer_defaults(r: HeatRace, *seats: str, stop_at: str | None = None) -> None:
    """Let the given seats take the default of every decision they are asked this round,
    up to a decision of kind `stop_at`."""
    start = r.state.round
    while r.state.round == start and r.state.phase != "plan":
        decision = next((d for d in r.pending if d.seat in seats), None)
        if decision is None or decision.kind == stop_at:
            return
        r.apply(decision.seat, decision.default or Action("end_react"))
