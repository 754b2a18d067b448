"""The session as a generator (FD-P-1 to FD-P-4): the setup steps, the rounds,
each car's turn in the canonical order of FD-P-3, and the qualifying lap.

The flow and the rules it calls take the race state (state.py), the chance
(chance.py) and an emitter, `emit(type, seat, **data)`, which appends an event
to the log. Whenever a choice is needed, they yield:

    action = yield (decision, check)        one seat's decision
    answers = yield [(decision, check), ...]  several seats at once (setup)

where `check(action)` returns why an action is illegal, or None; the one who
runs the flow (race.py) sends back the action, or a dict seat -> action. The
flow knows nothing of the contract's Race.
"""

from __future__ import annotations

from .chance import MAXIMUM
from .result import race_order
from .rules import damage, gears, order, pit, qualifying, setup, slipstream
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
from .rules.variants import abilities, drivers, street, weather
from .state import BOX_STATES, PIT_LANE, RACING, Car, RaceState


def session(rs: RaceState, chance, emit):
    """The whole session of the configuration: a race or a qualifying."""
    if rs.qualifying:
        return qualifying_session(rs, chance, emit)
    return race_session(rs, chance, emit)


# ----- a race -----------------------------------------------------------------
def race_session(rs: RaceState, chance, emit):
    """FD-P-1.1 then rounds (FD-P-2)."""
    abilities.deal(rs, chance, emit)  # R1, before anything is announced
    emit("session_started", None, **setup.session_data(rs))
    yield from setup.build_choices(rs, emit)
    order.grid(rs, chance, emit)
    yield from weather.race_roll(rs, chance, emit)
    yield from pit.tyre_choices(rs, emit)
    yield from rounds(rs, chance, emit)


def rounds(
    rs: RaceState,
    chance,
    emit,
    first_order: list[Car] | None = None,
    *,
    halt_after_turns: int | None = None,
):
    """Rounds until every car has finished or is out (FD-P-2). A test starts
    them from a state it placed, in `first_order`, and may stop after a few
    turns (`halt_after_turns`, FD-E-25)."""
    rs.with_drivers = any(c.driver for c in rs.cars)
    while any(c.racing for c in rs.cars):
        rs.round += 1
        rs.order = first_order or order.turn_order(rs)
        first_order = None
        emit("round_started", None, order=[c.seat for c in rs.order])
        for car in rs.order:
            if car.status == RACING:
                yield from take_turn(rs, chance, emit, car)
                if halt_after_turns is not None:
                    halt_after_turns -= 1
                    if halt_after_turns <= 0:
                        return
        yield from weather.end_of_round(rs, chance, emit)
        emit("round_ended", None)
    rs.end_reason = "all_cars_done"
    emit("session_ended", None, order=[p.seat for p in race_order(rs)])


def take_turn(rs: RaceState, chance, emit, car: Car):
    """One car's turn, steps 1 to 19 of FD-P-3."""
    t = rs.track
    rs.turn_seq += 1
    turn = Turn(car)
    car.turn_start_progress = rs.progress(car)
    emit(
        "turn_started",
        car.seat,
        space=t.ids[car.space],
        gear=car.gear,
        progress=car.turn_start_progress,
        exit_turn=car.pit in BOX_STATES,
    )
    car.extra.pop("soft_unused", None)
    car.extra.pop("soft_slip", None)
    if rs.round == 1:
        base, great = gears.start(rs, chance, emit, car)
        kind = "start"
    else:
        yield from gears.select(rs, emit, car)
        base, great = gears.roll_gear(chance, emit, car), False
        turn.trigger = car.gear in MAXIMUM and base == MAXIMUM[car.gear]
        if turn.trigger:
            yield from weather.on_maximum(rs, chance, emit, car)
        kind = "main"
    if base is not None:
        if rs.tire_effects or rs.nitro_on:
            bonus, nitro = yield from pit.boost(rs, emit, car, kind, great=great, m=base)
        else:  # neither soft tyres nor nitro race: nothing to offer (FD-V-7.6, FD-V-9)
            bonus, nitro = pit.no_boost(car)
        # FD-V-9.3: with nitro only forced braking
        yield from drive(
            rs,
            chance,
            emit,
            turn,
            base + bonus,
            kind,
            slide=pit.slide(rs, car),
            may_brake=not nitro,
        )
        racing = car.status == RACING
        if racing and turn.steps and not turn.crossed_final and slipstream.eligible(rs, turn):
            yield from slipstream.offer(rs, chance, emit, turn)
        if rs.with_drivers:
            yield from drivers.drift(rs, chance, emit, turn)
        resolve_corners(rs, emit, turn)
        pay_braking(rs, emit, turn)
        check_finish(rs, emit, turn)
        if rs.street_rules and car.status == RACING and t.kind_of[car.space] == TRACK:
            street.stopping_zone(rs, chance, emit, car)
        if car.status == RACING and turn.moved and t.kind_of[car.space] == TRACK:
            collisions(rs, chance, emit, car)
        if car.status == RACING and t.kind_of[car.space] == PIT_BOX and car.pit == PIT_LANE:
            yield from pit.service(rs, chance, emit, turn)
    if turn.trigger:
        engine_checks(rs, chance, emit, car)
    yield from end_turn(rs, chance, emit, turn)


def end_turn(rs: RaceState, chance, emit, turn: Turn):
    """Steps 15 to 19 of FD-P-3."""
    car = turn.car
    for _ in range(car.pending_markers):  # step 15
        damage.place_marker(rs, emit, car.space, "damage", car.seat)
    car.pending_markers = 0
    if rs.police:
        street.police_awards(rs, emit)  # step 16
    if rs.repairs:
        yield from street.repairs_due(rs, emit)
    if rs.with_drivers:
        yield from drivers.debris(rs, emit, turn)  # step 17
        yield from drivers.radio(rs, chance, emit, turn)  # step 18
        if car.status == RACING:
            abilities.li_stop(rs, car)
    if car.space != turn.start:  # step 19, FD-E-6
        rs.arrivals += 1
        car.arrival = rs.arrivals
    emit("turn_ended", car.seat, space=rs.track.ids[car.space], gear=car.gear)


# ----- a qualifying -------------------------------------------------------------
def qualifying_session(rs: RaceState, chance, emit):
    """FD-P-1.2: every car's lap alone, one after another (FD-V-4), then the
    classification (FD-V-4.8)."""
    emit("session_started", None, **setup.session_data(rs))
    yield from setup.build_choices(rs, emit)
    yield from weather.qualifying_roll(rs, chance, emit)  # R3, FD-V-6.2
    yield from pit.tyre_choices(rs, emit)
    for car in rs.cars:
        yield from qualifying_lap(rs, chance, emit, car)
    rs.ranking = qualifying.rank(rs, chance, emit)
    rs.end_reason = "all_laps_done"
    emit("session_ended", None, order=[c.seat for c in rs.ranking])


def qualifying_lap(rs: RaceState, chance, emit, car: Car, *, fresh: bool = True):
    """FD-P-4 for one car; other cars are absent (FD-V-4.1). `fresh=False` (tests)
    continues a lap from the car's current state."""
    t = rs.track
    if fresh:
        qualifying.start_lap(rs, car)
    while not car.q_done:
        rs.round += 1
        rs.turn_seq += 1
        emit(
            "turn_started",
            car.seat,
            space=t.ids[car.space],
            gear=car.gear,
            progress=rs.progress(car),
            exit_turn=False,
        )
        seconds = None
        if car.q_turns:
            yield from gears.select(rs, emit, car)
            seconds = qualifying.add_seconds(seconds, rs.elapsed)
        base = gears.roll_gear(chance, emit, car)
        car.q_turns += 1
        bonus, _nitro = yield from pit.boost(rs, emit, car, "main", m=base)
        if bonus:
            seconds = qualifying.add_seconds(seconds, rs.elapsed)
        turn = Turn(car)
        yield from drive(
            rs,
            chance,
            emit,
            turn,
            base + bonus,
            "main",
            may_brake=False,
            slide=pit.slide(rs, car),
        )
        seconds = qualifying.add_seconds(seconds, rs.elapsed)
        qualifying.turn_seconds(rs, car, seconds)
        qualifying.corners(rs, emit, turn)
        if turn.crossed_final:
            car.q_done = True
        emit("turn_ended", car.seat, space=t.ids[car.space], gear=car.gear)
    qualifying.lap_done(emit, car)
