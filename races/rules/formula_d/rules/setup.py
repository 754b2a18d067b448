"""The session's setup (FD-P-1.1): the race state as the seats come (cars,
box colours, special drivers' cars, builds, tyres, team pools), what the
session announces of it, and car builds (FD-V-3)."""

from __future__ import annotations

from ...contract import Action, ConfigError, Decision, Seat
from ..state import BASIC_WP, CATEGORIES, STANDARD_CAR, Car, RaceState
from .track import COLOURS, load_track
from .variants.abilities import DRIVERS


def new_state(config: dict, seats: list[Seat], seed: int | str) -> RaceState:
    """The state before anything is rolled or announced: the options' derived
    flags (FD-O-3) and every car as its seat sets it up."""
    track = load_track(config["track"])
    advanced = config["level"] == "advanced"
    bga = config["ruleset"] == "bga"
    qualifying = config["mode"] == "qualifying"
    laps = 1 if qualifying else config["laps"]
    street_rules = bool(config.get("street")) and not bga
    # FD-O-3: advanced street races with weather run on (hard) tyres
    street_tyres = (
        bool(config.get("street")) and not bga and bool(config.get("weather")) and advanced
    )
    rs = RaceState(
        cfg=config,
        seats=list(seats),
        seed=seed,
        track=track,
        advanced=advanced,
        bga=bga,
        qualifying=qualifying,
        laps=laps,
        street_rules=street_rules,
        nitro_on=bool(config.get("nitro")),
        drivers_on=bool(config.get("special_drivers")) and street_rules,
        pit_stops_allowed=laps >= 2 and track.has_pit and not street_rules,
        street_tyres=street_tyres,
        tire_effects=bool(config.get("tire_choice")) or street_tyres,
    )
    rs.cars = _make_cars(rs)
    rs.by_seat = {c.seat: c for c in rs.cars}
    return rs


def _make_cars(rs: RaceState) -> list[Car]:
    cfg = rs.cfg
    teams: list[str] = []
    cars = []
    for n, seat in enumerate(rs.seats):
        setup = dict(seat.setup or {})
        if seat.team and seat.team not in teams:
            teams.append(seat.team)
        if cfg.get("team_race") and seat.team:
            colour = COLOURS[teams.index(seat.team) % 5]
        else:
            colour = COLOURS[n % 5]
        colour = setup.get("box_colour", colour)
        if colour not in COLOURS:
            raise ConfigError(f"seat {seat.id}: unknown box colour {colour!r}")
        if rs.advanced:
            maxima = dict(setup.get("build") or STANDARD_CAR)
            maxima = {k: int(maxima[k]) for k in STANDARD_CAR}
        else:
            maxima = {"WP": BASIC_WP}
        car = Car(
            seat=seat.id,
            number=n,
            colour=colour,
            team=seat.team,
            wear=dict(maxima),
            maxima=maxima,
        )
        car.reserve = 2 if cfg.get("technical_pit_stops") else 0
        car.nitro = 1 if cfg.get("nitro") else 0  # FD-V-9.2
        car.driver = setup.get("driver") if cfg.get("special_drivers") else None
        if car.driver:
            car.maxima = dict(DRIVERS[car.driver])
            car.wear = dict(car.maxima)
        if rs.street_tyres:
            car.tires = "hard"  # FD-V-11.2
        if cfg.get("technical_pit_stops") and rs.bga and setup.get("build"):
            car.reserve = int(setup["build"].get("reserve", 2))
        cars.append(car)
    if cfg.get("team_race") and rs.advanced and rs.laps >= 2:
        rs.team_pools = {t: 4 for t in teams}  # FD-V-5.3, FD-AMB-34
    return cars


def session_data(rs: RaceState) -> dict:
    """What `session_started` announces: the configuration, the track and each seat's car."""
    return {
        "config": dict(rs.cfg),
        "track": rs.track.id,
        "seats": [
            {
                "seat": c.seat,
                "box_colour": c.colour,
                "team": c.team,
                "driver": c.driver,
                "maxima": dict(c.maxima),
                "reserve": c.reserve,
            }
            for c in rs.cars
        ],
    }


# ----- FD-V-3 build your car ----------------------------------------------------
def build_error(cfg: dict, build) -> str | None:
    """Why a car build breaks FD-V-3 (FD-BGA-15 under bga), or None."""
    if not isinstance(build, dict):
        return "a build maps T, Br, Gb, Bo, En, Su to points"
    values = {}
    for cat in CATEGORIES:
        v = build.get(cat)
        if not isinstance(v, int) or isinstance(v, bool) or v < 1:
            return f"build: {cat} needs a whole number of at least 1"
        values[cat] = v
    extra = set(build) - set(CATEGORIES) - {"reserve"}
    if extra:
        return f"build: unknown category {sorted(extra)[0]!r}"
    total = sum(values.values())
    technical = cfg.get("technical_pit_stops")
    if cfg["ruleset"] == "bga":  # FD-BGA-15
        reserve = build.get("reserve", 2 if technical else 0)
        if not technical and "reserve" in build:
            return "build: a repair reserve exists only with technical pit stops"
        if reserve not in (0, 1, 2):
            return "build: the repair reserve is 0, 1 or 2"
        need = 22 if technical else 20
        if total + (reserve if technical else 0) != need:
            return f"build: the points must add up to {need}; they add up to {total + reserve}"
        return None
    if "reserve" in build:
        return "build: the repair reserve is fixed at 2 under the published rules"
    if total != 20:
        return f"build: the six categories must add up to 20; they add up to {total}"
    if values["T"] > 14:
        return "build: tyres allow 1 to 14 points"
    for cat in CATEGORIES[1:]:
        if values[cat] > 7:
            return f"build: {cat} allows 1 to 7 points"
    return None


def standard_build(cfg: dict) -> dict:
    build = dict(STANDARD_CAR)
    if cfg["ruleset"] == "bga" and cfg.get("technical_pit_stops"):
        build["reserve"] = 2
    return build


def apply_build(rs: RaceState, emit, car: Car, build: dict) -> None:
    car.maxima = {c: build[c] for c in CATEGORIES}
    car.wear = dict(car.maxima)
    if rs.bga and rs.cfg.get("technical_pit_stops"):
        car.reserve = build.get("reserve", 2)
    emit("car_built", car.seat, maxima=dict(car.maxima), reserve=car.reserve)


def build_choices(rs: RaceState, emit):
    """FD-P-1.1 step 3: `build` decisions for seats without `setup.build`."""
    if not rs.cfg.get("build_your_car"):
        return
    pairs = []
    for car, seat in zip(rs.cars, rs.seats, strict=True):
        if seat.setup.get("build"):
            continue
        decision = Decision(
            car.seat,
            "build",
            "Distribute your car's points",
            {"standard": standard_build(rs.cfg), "legal": [standard_build(rs.cfg)]},
            default=Action("build", standard_build(rs.cfg)),
        )
        pairs.append((decision, lambda a: build_error(rs.cfg, _build_params(a))))
    if not pairs:
        return
    answers = yield pairs
    for car in rs.cars:
        if car.seat in answers:
            apply_build(rs, emit, car, _build_params(answers[car.seat]))


def _build_params(action) -> dict:
    return {k: v for k, v in action.params.items() if k != "elapsed_s"}
