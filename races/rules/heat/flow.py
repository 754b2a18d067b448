"""The race as a generator (HEAT-B-010..064): it yields the decisions it waits for and
receives each answer as `(seat, action)`, already checked (race.py checks it).

The race runs by itself through every automatic step and stops where a driver decides: the
upgrade draft, then each round steps 1-2 for every car at once, then the decisions of the car
whose turn it is (HEAT-B-ENG-03, HEAT-B-ENG-05). An answer of None asks the flow to build what
it waits for again from the state as it is now (a test that forces a car's state sends it).
"""

from __future__ import annotations

from collections.abc import Callable

from ..contract import Decision
from .chance import Chance
from .result import ranking
from .rules.actions import (
    choose_speed,
    convert_unpayable,
    discard_apply,
    draft_apply,
    end_react,
    plan_apply,
    react_apply,
    refresh_apply,
    slipstream_apply,
)
from .rules.cards import is_upgrade
from .rules.championship.championship import new_market
from .rules.championship.garage import (
    begin_symbols,
    new_draft,
    play_speed,
    quick_deal,
    refreshable,
    resolve_reveal_plus,
    unchosen,
    unpayable,
)
from .rules.championship.garage_decisions import (
    choose_speed_decision,
    convert_decision,
    draft_decision,
    refresh_decision,
)
from .rules.championship.sponsors import after_turn, new_sponsor_deck
from .rules.cleanup import discardable, replenish
from .rules.corners import check_corners
from .rules.decisions import (
    discard_decision,
    plan_decision,
    react_decision,
    react_open,
    slipstream_decision,
)
from .rules.finish import leave_track, note_laps, race_over
from .rules.legends import legend_turn
from .rules.movement import move
from .rules.plan import cluttered_turn, fix_turn_order, resolve_plans, shift_now
from .rules.react import begin_react
from .rules.setup import deal_cards, set_up_grid, set_up_weather
from .rules.slipstream import slipstream_eligible
from .state import Car, Emit, Flow, RaceState


def race_flow(s: RaceState, chance: Chance, emit: Emit) -> Flow:
    """Setup (HEAT-B-012), then round after round until the race is over (HEAT-B-062)."""
    emit(
        "race_created",
        None,
        config=s.config,
        track=s.track.id,
        laps=s.laps,
        cars=[seat.id for seat in s.seats],
    )
    set_up_grid(s, chance, emit)
    yield from upgrades(s, chance, emit)
    if s.config.get("championship"):
        # HEAT-CHAMP-07: car design, sponsorship, press corners, weather and road.
        if s.event:
            s.sponsors = new_sponsor_deck(s, chance, emit)  # HEAT-CHAMP-05, -09
        set_up_weather(s, chance, emit)
    deal_cards(s, chance, emit)
    while True:
        start_round(s)
        yield from plans(s, emit)
        fix_turn_order(s, emit)
        while s.turn_index < len(s.order):
            yield from car_turn(s, chance, emit, s.order[s.turn_index])
            s.turn_index += 1
        if end_round(s, emit):
            return


def ask(decide: Callable[[RaceState, Car], Decision], s: RaceState, car: Car) -> Flow:
    """Wait for the car's answer to one decision; returns `(seat, action)`."""
    while True:
        answer = yield [decide(s, car)]
        if answer is not None:
            return answer


def upgrades(s: RaceState, chance: Chance, emit: Emit) -> Flow:
    """The car design market of a championship race (HEAT-CHAMP-08), the upgrade draft
    (HEAT-GARAGE-02, -03) or the quick deal (HEAT-GARAGE-04)."""
    players = [c for c in s.cars if not c.legend]
    s.draft = None
    if s.config.get("championship"):
        s.draft = new_market(s, chance, emit, players)
    elif s.garage and not any(c.upgrades for c in players):
        if not s.config.get("garage_draft", True):
            quick_deal(s, chance, emit, players)
            return
        s.draft = new_draft(s, chance, emit, players)
    else:
        return
    s.phase = "draft"
    draft = s.draft
    while draft.waiting:
        seat, action = yield from ask(draft_decision, s, draft.waiting)
        draft_apply(emit, draft, s.by_seat[seat], action)
    s.phase = "setup"


def start_round(s: RaceState) -> None:
    s.round += 1
    s.step = 1
    s.phase = "plan"
    for car in s.cars:
        car.shift_to = None
        car.played = None
        car.cluttered = False


def plans(s: RaceState, emit: Emit) -> Flow:
    """Steps 1-2: every racing player chooses at once, in any order; the choices are
    resolved together once all are in (HEAT-B-020..025, HEAT-B-ENG-03)."""
    players = s.racing_players()  # no car leaves the race while they choose
    waiting = [c for c in players if c.played is None]
    # A car's decision stands until it answers; the list of the decisions, in the order of
    # `waiting`, is changed in place at each answer (the race copies it for whoever asks).
    asked: list[Decision] = [plan_decision(s, car) for car in waiting]
    while waiting:
        answer = yield asked
        if answer is None:
            players = s.racing_players()  # the state may have been forced (a test)
            waiting = [c for c in players if c.played is None]
            asked = [plan_decision(s, car) for car in waiting]
            continue
        seat, action = answer
        car = s.by_seat[seat]
        plan_apply(s, car, action)
        i = waiting.index(car)
        if car.played is None:  # it shifted: the cards are asked next (D1, then D2)
            asked[i] = plan_decision(s, car)
        else:  # an answer changes no other car's choice
            del asked[i], waiting[i]
    resolve_plans(s, emit)


def car_turn(s: RaceState, chance: Chance, emit: Emit, car: Car) -> Flow:
    """Steps 3 to 9 for one car (HEAT-B-030..048); a Legend only moves (HEAT-LEGEND-03)."""
    start_turn(s, car)
    if car.legend:
        legend_turn(s, chance, emit, car)
        note_laps(s, chance, emit, car)
        return
    if s.tournament:
        # HEAT-B-TOURN-03: show the number of cards, shift to it, then reveal.
        emit("cards_shown", car.seat, count=len(car.play))
        shift_now(s, emit, car, car.shift_to)
    if car.cluttered:
        cluttered_turn(emit, car)
    else:
        # A step's generator is made only when the step may ask the car something: most turns
        # play no upgrade and ask no slipstream, and some hundred turns a race each made and
        # ran a generator of reveal, slipstream and Refresh that asked nothing.
        if turn_up(s, chance, emit, car):
            yield from upgrade_choices(s, chance, emit, car)
        reveal_move(s, chance, emit, car)
        yield from react(s, chance, emit, car)
        if not car.slipstreamed and slipstream_eligible(s, car):
            yield from slipstream(s, chance, emit, car)
        s.phase = "corners"
        s.step = 7
        check_corners(s, chance, emit, car)
        if car.eliminated is not None:
            return
        note_laps(s, chance, emit, car)
        if s.event_rules:
            after_turn(s, chance, emit, car, s.ahead)
        # `car.finished`, inline (a property read is a slow lookup), asked once: steps 8 and 9
        # move cards, never the car (HEAT-B-064)
        racing = car.finish_round is None and car.eliminated is None
        s.phase = "discard"
        if racing and discardable(s, car):
            yield from discard(s, emit, car)
        s.phase = "refresh"
        if racing and not car.refreshed and refreshable(car):
            yield from refresh(s, emit, car)
    s.phase = "replenish"
    if car.finish_round is None and car.eliminated is None:  # not car.finished, inline
        s.step = 9
        replenish(s, chance, emit, car)


def start_turn(s: RaceState, car: Car) -> None:
    """The car's turn begins with nothing of the last one left."""
    s.current = car
    s.step = 3
    car.speed = 0
    car.crossings = []
    car.boosted = car.slipstreamed = car.adrenaline_moved = car.sector_cool_used = False
    car.adrenaline_cooled = False
    car.cooldown_left = car.plus_count = car.heat_owed = 0
    car.adrenaline = car.refreshed = False
    car.chosen, car.converted, car.scrap_owed, car.used = {}, [], [], []
    car.slip_crossings, car.pressed, car.speed_award = [], [], False
    if s.event_rules.get("overtake_sponsor"):  # event 1963.2: who is ahead now
        key = (-car.p, not car.rl)
        s.ahead = {c.seat for c in s.racing() if (-c.p, not c.rl) < key}


def turn_up(s: RaceState, chance: Chance, emit: Emit, car: Car) -> bool:
    """Step 3 begins: the cards face up and their "+" (HEAT-B-030..032, HEAT-GARAGE-06);
    True when an upgrade was played, which alone may choose a speed or cost Heat (no "+"
    brings one into the play area)."""
    emit("cards_revealed", car.seat, cards=list(car.play))
    resolve_reveal_plus(chance, emit, car)
    s.phase = "choose_speed"
    return any(map(is_upgrade, car.play))


def upgrade_choices(s: RaceState, chance: Chance, emit: Emit, car: Car) -> Flow:
    """Step 3's chosen speeds, then its unpayable costs (HEAT-GARAGE-18, -07)."""
    while unchosen(car):
        _, action = yield from ask(choose_speed_decision, s, car)
        choose_speed(emit, car, action)
    s.phase = "convert"
    while unpayable(s, car, car.seat in s.adrenaline):
        _, action = yield from ask(convert_decision, s, car)
        convert_unpayable(chance, emit, car, action)


def reveal_move(s: RaceState, chance: Chance, emit: Emit, car: Car) -> None:
    """Step 3 ends with the move at the Speed of the cards (HEAT-B-033, HEAT-B-040)."""
    s.phase = "convert"
    car.speed = play_speed(car)
    move(s, chance, emit, car, car.speed, "reveal")


def react(s: RaceState, chance: Chance, emit: Emit, car: Car) -> Flow:
    """Step 5: React until the car ends it or has nothing left to do (HEAT-B-034..038)."""
    s.step = 5
    begin_react(car, car.seat in s.adrenaline)
    begin_symbols(car)
    s.phase = "react"
    while react_open(s, car):
        answer = None
        while answer is None:  # as ask() waits, without a generator of its own
            answer = yield [react_decision(s, car)]
        _, action = answer
        if action.kind == "end_react":
            end_react(emit, car)
            break
        react_apply(s, chance, emit, car, action)
    s.phase = "slipstream"


def slipstream(s: RaceState, chance: Chance, emit: Emit, car: Car) -> Flow:
    """Step 6 (HEAT-B-041..043), for a car eligible to it (car_turn asks)."""
    s.step = 6
    answer = None
    while answer is None:  # as ask() waits, without a generator of its own
        answer = yield [slipstream_decision(s, car)]
    _, action = answer
    slipstream_apply(s, chance, emit, car, action)


def discard(s: RaceState, emit: Emit, car: Car) -> Flow:
    """Step 8 (HEAT-B-047), for a car with a card it may discard (car_turn asks)."""
    s.step = 8
    answer = None
    while answer is None:  # as ask() waits, without a generator of its own
        answer = yield [discard_decision(s, car)]
    _, action = answer
    discard_apply(emit, car, action)


def refresh(s: RaceState, emit: Emit, car: Car) -> Flow:
    """Step 9 begins with the Refresh cards (HEAT-GARAGE-12), for a car that played one
    (car_turn asks)."""
    s.step = 9
    _, action = yield from ask(refresh_decision, s, car)
    refresh_apply(emit, car, action)


def end_round(s: RaceState, emit: Emit) -> bool:
    """The round ends (HEAT-B-062); True when the race is over (HEAT-B-ENG-04)."""
    leave_track(s)
    s.step = 9
    emit("round_ended", None, positions=[[c.seat, c.p, c.spot, c.gear] for c in s.racing()])
    if not race_over(s):
        return False
    s.ended_early = bool(s.racing())  # the stall guard
    s.phase = "over"
    s.current = None
    emit("race_ended", None, results=[p.to_dict() for p in ranking(s)])
    return True
