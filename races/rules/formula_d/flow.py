"""The turn of one car, in the canonical order of FD-P-3, and the session's setup steps."""

from __future__ import annotations

from .chance import MAXIMUM
from .rules import abilities, damage, drivers, gears, pit, slipstream, street, weather
from .rules.driving import (
    Turn,
    check_finish,
    collisions,
    drive,
    engine_checks,
    pay_braking,
    resolve_corners,
)
from .rules.track import PIT_BOX, TRACK
from .state import BOX_STATES, PIT_LANE, Car

START_BASIC = ((1, "stall"), (16, "normal"), (20, "great"))  # FD-B-4.1
START_ADVANCED = ((1, "stall"), (19, "normal"), (20, "great"))  # FD-A-2.1

setup_choices = gears.build_choices
race_weather = weather.race_roll
tyre_choices = pit.tyre_choices
end_of_round = weather.end_of_round


def take_turn(race, car: Car):
    t = race.track
    race.turn_seq += 1
    turn = Turn(car)
    car.turn_start_progress = race.progress(car)
    race.emit(
        "turn_started",
        car.seat,
        space=t.ids[car.space],
        gear=car.gear,
        progress=car.turn_start_progress,
        exit_turn=car.pit in BOX_STATES,
    )
    base = None
    great = False
    car.extra.pop("soft_unused", None)
    car.extra.pop("soft_slip", None)
    if race.round == 1:
        value = race.roll("black")
        table = START_ADVANCED if race.advanced else START_BASIC
        outcome = next(name for top, name in table if value <= top)
        race.emit(
            "start_roll", car.seat, die="black", value=value, purpose="start", outcome=outcome
        )
        if outcome == "stall":
            car.stalled = True  # FD-B-4.2
        elif outcome == "great":
            base, great = 4, True
        else:
            base = gears.roll_gear(race, car)
        kind = "start"
    else:
        yield from gears.select(race, car)
        base = gears.roll_gear(race, car)
        turn.trigger = car.gear in MAXIMUM and base == MAXIMUM[car.gear]
        if turn.trigger:
            yield from weather.on_maximum(race, car)
        kind = "main"
    if base is not None:
        if race.tire_effects or race.nitro_on:
            bonus, nitro = yield from pit.boost(race, car, kind, great=great, m=base)
        else:  # neither soft tyres nor nitro race: nothing to offer (FD-V-7.6, FD-V-9)
            bonus, nitro = pit.no_boost(car)
        # FD-V-9.3: with nitro only forced braking
        yield from drive(
            race, turn, base + bonus, kind, slide=pit.slide(race, car), may_brake=not nitro
        )
        if car.racing and turn.steps and not turn.crossed_final and slipstream.eligible(race, turn):
            yield from slipstream.offer(race, turn)
        if race.with_drivers:
            yield from drivers.drift(race, turn)
        resolve_corners(race, turn)
        pay_braking(race, turn)
        check_finish(race, turn)
        if race.street_rules and car.racing and t.kind_of[car.space] == TRACK:
            street.stopping_zone(race, car)
        if car.racing and turn.moved and t.kind_of[car.space] == TRACK:
            collisions(race, car)
        if car.racing and t.kind_of[car.space] == PIT_BOX and car.pit == PIT_LANE:
            yield from pit.service(race, turn)
    if turn.trigger:
        engine_checks(race, car)
    yield from end_turn(race, turn)


def end_turn(race, turn: Turn):
    car = turn.car
    for _ in range(car.pending_markers):  # step 15
        damage.place_marker(race, car.space, "damage", car.seat)
    car.pending_markers = 0
    if race.police:
        street.police_awards(race)  # step 16
    if race.repairs:
        yield from street.repairs_due(race)
    if race.with_drivers:
        yield from drivers.debris(race, turn)  # step 17
        yield from drivers.radio(race, turn)  # step 18
        if car.racing:
            abilities.li_stop(race, car)
    if car.space != turn.start:  # step 19, FD-E-6
        race.arrivals += 1
        car.arrival = race.arrivals
    race.emit("turn_ended", car.seat, space=race.track.ids[car.space], gear=car.gear)
