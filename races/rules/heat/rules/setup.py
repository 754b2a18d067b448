"""Race setup in the order of HEAT-B-012: grid, weather and road, Garage, Legends, cards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...contract import Seat
from ..chance import Chance
from ..state import Board, Car, Emit, RaceState
from .cards import heat_card, starting_cards, stress_card
from .championship.season import press_corners, season_event
from .championship.sponsors import gain
from .hand import draw
from .legends import new_legend_deck
from .track import Track
from .weather import set_up_conditions, starting_heat_and_stress

COLOURS = ("red", "blue", "green", "yellow", "black", "grey", "orange")  # HEAT-B-001


def race_state(config: Mapping[str, Any], seats: list[Seat], track: Track) -> RaceState:
    """The race before its setup: the options as the rules read them (HEAT-B-010)."""
    config = dict(config)
    # Section 12.7: a season race's event may change laps, hand size, Heat and Stress.
    event = season_event(config)
    event_rules = event.rules if event else {}
    laps = (config.get("laps") or track.laps) + event_rules.get("laps", 0)
    return RaceState(
        config=config,
        seats=list(seats),
        track=track,
        event=event,
        event_rules=event_rules,
        press=press_corners(track, event) if event else set(),
        laps=laps,
        hand_size=event_rules.get("hand_size") or config.get("hand_size") or 7,
        legend_bonus=config.get("legend_bonus") or 0,
        # HEAT-CHAMP-04: championship races use upgrade cards instead of starting upgrades.
        garage=bool(config.get("garage") or config.get("championship")),
        upgrade_pool=config.get("upgrade_pool") or "basic",
        tournament=bool(config.get("tournament")),
        heavy_rain=bool(config.get("heavy_rain")),
        max_rounds=config.get("max_rounds") or 200,
        board=Board(track.length, laps * track.length),
    )


def set_up_grid(s: RaceState, chance: Chance, emit: Emit) -> None:
    """HEAT-B-011: a random grid (stream `grid`, index 0 = slot 1), or the order the config
    gives (a championship grid by points, HEAT-CHAMP-06)."""
    colours = [seat.setup.get("colour") or COLOURS[i] for i, seat in enumerate(s.seats)]
    seat_of = {colour: seat for colour, seat in zip(colours, s.seats, strict=True)}
    if s.config.get("grid"):
        colour_of = {seat.id: colour for colour, seat in seat_of.items()}
        grid = [colour_of[seat_id] for seat_id in s.config["grid"]]
    else:
        grid, _ = chance.shuffle("grid", colours)
    s.cars = []
    s.by_seat = {}
    for slot, colour in enumerate(grid, start=1):
        seat = seat_of[colour]
        space, race_line = s.track.grid[slot - 1]
        p = space - s.track.length  # HEAT-B-TRK-03: grid slots have negative progress
        car = Car(
            seat=seat.id, colour=colour, slot=slot, legend=seat.bot == "legend", p=p, rl=race_line
        )
        carried = seat.setup.get("carry_in") or {}
        car.upgrades = list(carried.get("upgrades") or [])
        car.sponsorships = list(carried.get("sponsorships") or [])
        s.board.put(car, p, race_line)
        s.cars.append(car)
        s.by_seat[seat.id] = car
    emit("grid_assigned", None, grid=[[c.slot, c.seat, c.colour, c.p, c.spot] for c in s.cars])
    if not s.config.get("championship"):
        set_up_weather(s, chance, emit)  # HEAT-B-012: after the grid, before the Garage draft
    # HEAT-B-034: one Adrenaline slot, two with five or more cars, fixed at the start.
    s.adrenaline_slots = 2 if len(s.cars) >= 5 else 1


def set_up_weather(s: RaceState, chance: Chance, emit: Emit) -> None:
    s.conditions = set_up_conditions(s, chance, emit) if s.config.get("weather") else None
    s.public_corners = [[c.id, c.position, s.limit(c)] for c in s.track.corners]


def deal_cards(s: RaceState, chance: Chance, emit: Emit) -> None:
    """HEAT-B-012 (4)-(6): the Legend deck, every player's cards, the opening hands."""
    s.legend_deck = new_legend_deck(chance, emit) if any(c.legend for c in s.cars) else None
    rules = s.event_rules  # section 12.7: events change the starting Heat and Stress
    heat, stress, heat_discarded, heat_in_deck = starting_heat_and_stress(
        s.conditions,
        max(0, s.track.heat + rules.get("heat", 0)),
        max(0, s.track.stress + rules.get("stress", 0)),
    )
    for car in s.cars:
        if car.legend:
            continue
        # HEAT-CHAMP-13: carried-over sponsorship cards are shuffled into the deck.
        deck = starting_cards(car.colour, garage=s.garage) + car.upgrades + car.sponsorships
        for _ in range(stress):
            car.stress_made += 1
            deck.append(stress_card(car.colour, car.stress_made))
        for pile, count in (
            (car.engine, heat),
            (car.discard, heat_discarded),
            (deck, heat_in_deck),
        ):
            for _ in range(count):
                car.heat_made += 1
                pile.append(heat_card(car.colour, car.heat_made))
        stream = f"deck/{car.colour}"
        car.deck, counter = chance.shuffle(stream, deck)
        emit(
            "deck_shuffled",
            car.seat,
            pile="deck",
            stream=stream,
            counter=counter,
            order=list(car.deck),
            engine=len(car.engine),
            discard=list(car.discard),
        )
    for car in s.cars:
        if s.sponsors and not car.legend:  # HEAT-CHAMP-09: part of the opening hand
            gain(s, chance, emit, car, "setup", count=s.event.sponsors)
        if not car.legend:
            drawn = draw(chance, emit, car, s.hand_size - len(car.hand), "setup")
            emit("hand_replenished", car.seat, drawn=len(drawn))
