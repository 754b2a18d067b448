"""The scenario constructor of FD-E-25: a race placed mid-session, for tests.

Not used by the product. Cars are given as dicts:

    {"seat": "A", "space": "r5l0", "lap": 1, "gear": 3, "wear": {"T": 2},
     "corner": "T1", "stops": 0, "spun": False, "pit": "none", "colour": "red",
     "tires": "soft", "fit_lap": 1, "arrival": 30, "entry_progress": 48}
"""

from __future__ import annotations

from races.rules.contract import Seat
from races.rules.formula_d import GAME
from races.rules.formula_d.chance import ScriptedDice
from races.rules.formula_d.flow import qualifying_lap, rounds
from races.rules.formula_d.race import FormulaDRace
from races.rules.formula_d.rules.variants.abilities import DRIVERS
from races.rules.formula_d.state import RaceState


def scenario(
    cars: list[dict],
    *,
    track: str = "paddock_ring",
    dice: list | None = None,
    round: int = 2,
    order: list[str] | None = None,
    markers: dict[str, int] | None = None,
    weather: str | bool = "SUNNY",
    weather_state: str | None = None,
    turns: int | None = 1,
    **config,
) -> FormulaDRace:
    """`weather` is the weather state; `weather=True` with `weather_state` also
    switches the weather option on (FD-V-6)."""
    if weather is True:
        config["weather"] = True
        weather = weather_state or "CLOUDY"
    cfg = GAME.options.validate({"track": track, **config})
    seats = [
        Seat(c["seat"], c["seat"], setup={"box_colour": c["colour"]} if "colour" in c else {})
        for c in cars
    ]
    if len(seats) == 1:  # the contract needs two cars; a parked car far away
        seats.append(Seat("parked", "parked"))
        cars = [*cars, {"seat": "parked", "space": "r30l0", "lap": 0, "parked": True}]
    race = FormulaDRace(cfg, seats, 0, dice=ScriptedDice(dice or []), begin=False)
    rs = race.state
    rs.weather = rs.weather_start = weather
    rs.round = round - 1
    place(rs, cars)
    rs.markers = {rs.track.index[s]: n for s, n in (markers or {}).items()}
    first = [rs.by_seat[s] for s in order] if order else None
    race.run(rounds(rs, race.dice, race.emit, first, halt_after_turns=turns))
    return race


def qualifying_scenario(
    car: dict,
    *,
    track: str = "lakeside_gp",
    dice: list | None = None,
    weather: str = "SUNNY",
    **config,
) -> FormulaDRace:
    """One car in the middle of its qualifying lap (FD-P-4); `q_turns` turns done."""
    cfg = GAME.options.validate({"track": track, "mode": "qualifying", **config})
    seats = [Seat(car["seat"], car["seat"]), Seat("other", "other")]
    race = FormulaDRace(cfg, seats, 0, dice=ScriptedDice(dice or []), begin=False)
    rs = race.state
    rs.weather = weather
    place(rs, [car])
    me = rs.by_seat[car["seat"]]
    me.q_turns = car.get("q_turns", 1)
    rs.by_seat["other"].space = -1
    race.run(qualifying_lap(rs, race.dice, race.emit, me, fresh=False))
    return race


def place(rs: RaceState, cars: list[dict]) -> None:
    t = rs.track
    for spec in cars:
        car = rs.by_seat[spec["seat"]]
        car.space = t.index[spec["space"]]
        rank = t.rank[car.space]
        car.lap = spec.get("lap", 1 if rank < t.L - 10 else 0)
        car.gear = spec.get("gear", 1)
        if spec.get("driver"):
            car.driver = spec["driver"]
            car.maxima = dict(DRIVERS[car.driver])
            car.wear = dict(car.maxima)
        if "maxima" in spec:
            car.maxima = dict(spec["maxima"])
            car.wear = dict(car.maxima)
        car.wear.update(spec.get("wear", {}))
        if spec.get("corner"):
            car.corner = t.index_corner(spec["corner"])
            car.stops = spec.get("stops", 0)
        elif t.corner[car.space] >= 0 and t.kind_of[car.space] == 0:
            car.corner = t.corner[car.space]
            car.stops = spec.get("stops", 0)
        car.spun = spec.get("spun", False)
        car.stalled = spec.get("stalled", False)
        car.pit = spec.get("pit", "none")
        car.entry_progress = spec.get("entry_progress", 0)
        car.exit_cap = spec.get("exit_cap")
        car.tires = spec.get("tires")
        car.fit_lap = spec.get("fit_lap", 1)
        car.arrival = spec.get("arrival", 0)
        car.reserve = spec.get("reserve", car.reserve)
        if spec.get("parked"):
            car.status = "finished"  # off the board, takes no turn
