"""Weather (FD-V-6, FD-BGA-6, FD-BGA-7) and Frogger's reroll (FD-V-12.2)."""

from __future__ import annotations

from .abilities import frogger_reroll

CHANGING = ("CLOUDY", "CLOUDY_WET", "RAIN_VAR", "SUN_VAR")
# FD-V-6.5: state -> (after rain, after variable, after sun)
LADDER = {
    "CLOUDY": ("RAIN_VAR", "CLOUDY", "SUN_VAR"),
    "CLOUDY_WET": ("RAIN_VAR", "CLOUDY_WET", "SUN_VAR"),
    "RAIN_VAR": ("RAIN", "RAIN_VAR", "SUN_VAR"),
    "SUN_VAR": ("RAIN_VAR", "SUN_VAR", "SUNNY"),
}
RESULTS = ("rain", "variable", "sun")


def band(rs, value: int) -> int:
    """0 rain, 1 variable, 2 sun by the track's table (FD-T-11)."""
    if value <= rs.track.rain_max:
        return 0
    return 1 if value <= rs.track.variable_max else 2


def roll(rs, chance, emit, phase: str):
    """One weather die, rolled again once if Frogger's seat asks (FD-V-12.2, FD-AMB-50).

    Returns (value, rerolled). A roll Frogger has rolled again is logged on its own
    (`weather_rerolled`, by Frogger's seat) before the second roll, so every die is
    in the log (FD-E-15); the second is the caller's `weather_rolled`. Its data
    are exactly the table's: die, phase, purpose, value, result."""
    value = chance.roll("black")
    if rs.drivers_on:
        frog = yield from frogger_reroll(rs, value)
        if frog is not None:
            emit(
                "weather_rerolled",
                frog,
                die="black",
                value=value,
                purpose="weather",
                phase=phase,
                result=RESULTS[band(rs, value)],
            )
            return chance.roll("black"), True
    return value, False


def race_roll(rs, chance, emit):
    """FD-V-6.3 (R3)."""
    if not rs.cfg.get("weather"):
        return
    value, rerolled = yield from roll(rs, chance, emit, "race")
    result = RESULTS[band(rs, value)]
    if result == "rain":
        state = "RAIN"
    elif result == "sun":
        state = "SUNNY"
    elif rs.bga and rs.cfg.get("qualifying_weather") == "wet":
        state = "CLOUDY_WET"  # FD-BGA-7
    else:
        state = "CLOUDY"
    emit(
        "weather_rolled",
        None,
        die="black",
        value=value,
        purpose="weather",
        phase="race",
        result=result,
        before=None,
        after=state,
        rerolled=rerolled,
    )
    rs.weather = rs.weather_start = state


def qualifying_roll(rs, chance, emit):
    """The qualifying's surface (R3, FD-V-6.2): wet on a rain result, dry otherwise."""
    if not rs.cfg.get("weather"):
        return
    value, rerolled = yield from roll(rs, chance, emit, "qualifying")
    wet = band(rs, value) == 0
    rs.surface_qualifying = "wet" if wet else "dry"
    rs.weather = rs.weather_start = "RAIN" if wet else "SUNNY"
    emit(
        "weather_rolled",
        None,
        die="black",
        value=value,
        purpose="weather",
        phase="qualifying",
        result=RESULTS[band(rs, value)],
        before=None,
        after=rs.surface_qualifying,
        rerolled=rerolled,
    )


def change(rs, chance, emit, trigger: str):
    """One weather roll after a maximum roll (R6)."""
    if rs.weather not in CHANGING:
        return
    value, rerolled = yield from roll(rs, chance, emit, "change")
    b = band(rs, value)
    before = rs.weather
    rs.weather = LADDER[before][b]
    rs.weather_changes += rs.weather != before
    emit(
        "weather_rolled",
        trigger,
        die="black",
        value=value,
        purpose="weather",
        phase="change",
        result=RESULTS[b],
        before=before,
        after=rs.weather,
        rerolled=rerolled,
    )


def on_maximum(rs, chance, emit, car):
    """Step 4: published rolls now, before the move; bga queues it (FD-BGA-6)."""
    if not rs.cfg.get("weather") or rs.weather not in CHANGING:
        return
    if rs.bga:
        rs.weather_queue.append(car.seat)
        emit("weather_queued", car.seat)
    else:
        yield from change(rs, chance, emit, car.seat)


def end_of_round(rs, chance, emit):
    queue, rs.weather_queue = rs.weather_queue, []
    for seat in queue:
        yield from change(rs, chance, emit, seat)
