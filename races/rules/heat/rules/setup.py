"""Race setup in the order of HEAT-B-012: grid, weather and road, Garage, Legends, cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..state import Car
from . import turn
from .cards import heat_card, starting_cards, stress_card
from .legends import LegendDeck
from .weather import set_up_conditions, starting_heat_and_stress

if TYPE_CHECKING:
    from ..race import HeatRace

COLOURS = ("red", "blue", "green", "yellow", "black", "grey", "orange")  # HEAT-B-001


def set_up_grid(race: HeatRace) -> None:
    """HEAT-B-011: a random grid (stream `grid`, index 0 = slot 1), or the order the config
    gives (a championship grid by points, HEAT-CHAMP-06)."""
    colours = [s.setup.get("colour") or COLOURS[i] for i, s in enumerate(race.seats)]
    seat_of = {colour: seat for colour, seat in zip(colours, race.seats, strict=True)}
    if race.config.get("grid"):
        colour_of = {seat.id: colour for colour, seat in seat_of.items()}
        grid = [colour_of[seat_id] for seat_id in race.config["grid"]]
    else:
        grid, _ = race.chance.shuffle("grid", colours)
    race.cars = []
    race.by_seat = {}
    for slot, colour in enumerate(grid, start=1):
        seat = seat_of[colour]
        space, race_line = race.track.grid[slot - 1]
        p = space - race.track.length  # HEAT-B-TRK-03: grid slots have negative progress
        car = Car(
            seat=seat.id, colour=colour, slot=slot, legend=seat.bot == "legend", p=p, rl=race_line
        )
        carried = seat.setup.get("carry_in") or {}
        car.upgrades = list(carried.get("upgrades") or [])
        car.sponsorships = list(carried.get("sponsorships") or [])
        race.board.put(car, p, race_line)
        race.cars.append(car)
        race.by_seat[seat.id] = car
    race.emit(
        "grid_assigned", None, grid=[[c.slot, c.seat, c.colour, c.p, c.spot] for c in race.cars]
    )
    if not race.config.get("championship"):
        set_up_weather(race)  # HEAT-B-012: after the grid, before the Garage draft
    # HEAT-B-034: one Adrenaline slot, two with five or more cars, fixed at the start.
    race.adrenaline_slots = 2 if len(race.cars) >= 5 else 1


def set_up_weather(race: HeatRace) -> None:
    race.conditions = set_up_conditions(race) if race.config.get("weather") else None
    race.public_corners = [[c.id, c.position, race.limit(c)] for c in race.track.corners]


def deal_cards(race: HeatRace) -> None:
    """HEAT-B-012 (4)-(6): the Legend deck, every player's cards, the opening hands."""
    race.legend_deck = LegendDeck(race) if any(c.legend for c in race.cars) else None
    rules = race.event_rules  # section 12.7: events change the starting Heat and Stress
    heat, stress, heat_discarded, heat_in_deck = starting_heat_and_stress(
        race.conditions,
        max(0, race.track.heat + rules.get("heat", 0)),
        max(0, race.track.stress + rules.get("stress", 0)),
    )
    for car in race.cars:
        if car.legend:
            continue
        # HEAT-CHAMP-13: carried-over sponsorship cards are shuffled into the deck.
        deck = starting_cards(car.colour, garage=race.garage) + car.upgrades + car.sponsorships
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
        car.deck, counter = race.chance.shuffle(stream, deck)
        race.emit(
            "deck_shuffled",
            car.seat,
            pile="deck",
            stream=stream,
            counter=counter,
            order=list(car.deck),
            engine=len(car.engine),
            discard=list(car.discard),
        )
    for car in race.cars:
        if race.sponsors and not car.legend:  # HEAT-CHAMP-09: part of the opening hand
            race.sponsors.gain(race, car, "setup", count=race.event.sponsors)
        if not car.legend:
            drawn = turn.draw(race, car, race.hand_size - len(car.hand), "setup")
            race.emit("hand_replenished", car.seat, drawn=len(drawn))
