"""What one seat may see (HEAT-B-007, HEAT-B-ENG-09): public board, own hand only."""

from __future__ import annotations

from .rules.cards import card_view
from .state import OUT, RL, Car, RaceState


class Views:
    """The public part of the last view and each car's entry in it, for speed: a car's entry
    changes only with an event about it (or about every car), so the others are reused, which
    keeps a view cheap enough to build at every decision."""

    def __init__(self) -> None:
        self.public: tuple | None = None  # (key, public part of every view)
        self.cars: dict[str, tuple] = {}  # seat -> (revealed, its entry in the view)
        self.listed: list[dict] = []  # every car's entry in the last public part, grid order
        self.shown: tuple = ()  # what said whose cards those entries show (see _cars)
        self.index: dict[str, int] = {}  # seat -> its place in that list
        self.grid: list | None = None  # the cars list that index was made from
        self.dirty: set[str] = set()  # seats whose entry must be rebuilt
        self.frame: dict | None = None  # the public part's keys, its race-long fields filled

    def touch(self, s: RaceState, seat: str | None) -> None:
        """An event about `seat` (None: about every car) was logged."""
        if seat is None:
            self.dirty.update(s.by_seat)
        else:
            self.dirty.add(seat)


def race_view(s: RaceState, views: Views, logged: int, seat: str | None) -> dict:
    """`logged` is the number of events in the log so far."""
    key = (logged, s.phase, s.turn_index)
    cached = views.public
    if cached is None or cached[0] != key:
        cached = views.public = (key, _public(s, views))
    view = dict(cached[1])
    me = s.by_seat.get(seat) if seat else None
    if me is not None and not me.legend:
        view["you"] = {
            "seat": me.seat,
            "hand": list(map(card_view, me.hand)),
            "gear": me.gear,
            "shift_to": me.shift_to,
            "played": list(me.play) or me.played,
            "engine": len(me.engine),
            "speed": me.speed,
            "cooldown_left": me.cooldown_left,
        }
    return view


def _public(s: RaceState, views: Views) -> dict:
    """The public part: a copy of the race's frame (the keys in their order, the fields that
    never change in a race filled) with the others written in; a race makes it again after
    most decisions, and a copy costs less than a dict of thirteen keys built anew."""
    length = s.track.length
    frame = views.frame
    if frame is None:
        frame = views.frame = {
            "game": "heat",
            "round": 0,
            "step": 0,
            "phase": "",
            "track": s.track.id,
            "length": length,
            "laps": s.laps,
            "finish": s.board.finish,
            "corners": None,
            "weather": None,
            "turn": None,
            "cars": None,
            "legend_card": None,
        }
    public = frame.copy()
    public["round"] = s.round
    public["step"] = s.step
    public["phase"] = s.phase
    public["corners"] = s.public_corners
    if s.conditions is not None:
        public["weather"] = _conditions(s)
    if s.current:
        public["turn"] = s.current.seat
    public["cars"] = _cars(s, views, length)
    if s.legend_deck and s.legend_deck.round_card:
        public["legend_card"] = s.legend_deck.round_card[1]
    return public


def _cars(s: RaceState, views: Views, length: int) -> list[dict]:
    """Every car's entry: the last one again unless an event was about the car since, or its
    cards were turned face up."""
    hidden = s.phase in ("plan", "setup")
    dirty = views.dirty
    cache = views.cars
    last = views.shown
    turn = s.turn_index
    if last and last[0] == hidden and last[2] is s.order and last[1] <= turn <= last[1] + 1:
        # Whose cards are face up has not changed, or the next car's turn has come and its
        # cards alone are turned face up (HEAT-B-030): only the touched cars are looked at.
        turned = None  # the seat whose cards were just turned face up
        if turn != last[1]:
            views.shown = (hidden, turn, s.order)
            if not hidden and turn < len(s.order):
                turned = s.order[turn].seat
                dirty.add(turned)
        cars = list(views.listed)
        index = views.index
        for seat in dirty:
            i = index.get(seat)
            if i is not None:
                shown = seat == turned or cache[seat][0]
                entry = cars[i] = _car(s.cars[i], length, shown)
                cache[seat] = (shown, entry)
    else:
        revealed = () if hidden else {c.seat for c in s.order[: turn + 1]}
        cars = []
        for car in s.cars:
            seat = car.seat
            shown = seat in revealed
            entry = cache.get(seat)
            if entry is None or seat in dirty or entry[0] != shown:
                entry = cache[seat] = (shown, _car(car, length, shown))
            cars.append(entry[1])
        if views.grid is not s.cars:  # the grid list is made once, at the start
            views.index = {car.seat: i for i, car in enumerate(s.cars)}
            views.grid = s.cars
        # The turn order list is held here, so no other list can take its id.
        views.shown = (hidden, turn, s.order)
    dirty.clear()
    views.listed = cars
    return cars


def _conditions(s: RaceState) -> dict | None:
    c = s.conditions
    if c is None:
        return None
    return {
        "weather": c.weather,
        "limit_change": {str(k): v for k, v in sorted(c.limit_change.items())},
        "overheat": sorted(c.overheat),
        "sectors": {str(k): v for k, v in sorted(c.sectors.items())},
    }


def _car(car: Car, length: int, shown: bool) -> dict:
    return {
        "seat": car.seat,
        "colour": car.colour,
        "legend": car.legend,
        "progress": car.p,
        "space": car.p % length,
        "spot": RL if car.rl else OUT,  # car.spot, inline: a view rebuilds an entry or more
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
