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


def band(race, value: int) -> int:
    """0 rain, 1 variable, 2 sun by the track's table (FD-T-11)."""
    if value <= race.track.rain_max:
        return 0
    return 1 if value <= race.track.variable_max else 2


def roll(race, phase: str, trigger: str | None = None):
    """One weather die, rolled again once if Frogger's seat asks (FD-V-12.2, FD-AMB-50).

    Returns (value, rerolled). A roll Frogger has rolled again is logged on its own
    (`weather_rerolled`, by Frogger's seat) before the second roll, so every die is
    in the log (FD-E-15); the second is the caller's `weather_rolled`."""
    value = race.roll("black")
    if race.drivers_on:
        frog = yield from frogger_reroll(race, value)
        if frog is not None:
            race.emit(
                "weather_rerolled",
                frog,
                die="black",
                value=value,
                purpose="weather",
                phase=phase,
                trigger=trigger,
                result=RESULTS[band(race, value)],
            )
            return race.roll("black"), True
    return value, False


def race_roll(race):
    """FD-V-6.3 (R3)."""
    if not race.cfg.get("weather"):
        return
    value, rerolled = yield from roll(race, "race")
    result = RESULTS[band(race, value)]
    if result == "rain":
        state = "RAIN"
    elif result == "sun":
        state = "SUNNY"
    elif race.bga and race.cfg.get("qualifying_weather") == "wet":
        state = "CLOUDY_WET"  # FD-BGA-7
    else:
        state = "CLOUDY"
    race.emit(
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
    race.weather = race.weather_start = state


def change(race, trigger: str):
    """One weather roll after a maximum roll (R6)."""
    if race.weather not in CHANGING:
        return
    value, rerolled = yield from roll(race, "change", trigger)
    b = band(race, value)
    before = race.weather
    race.weather = LADDER[before][b]
    race.weather_changes += race.weather != before
    race.emit(
        "weather_rolled",
        trigger,
        die="black",
        value=value,
        purpose="weather",
        phase="change",
        result=RESULTS[b],
        before=before,
        after=race.weather,
        rerolled=rerolled,
    )


def on_maximum(race, car):
    """Step 4: published rolls now, before the move; bga queues it (FD-BGA-6)."""
    if not race.cfg.get("weather") or race.weather not in CHANGING:
        return
    if race.bga:
        race.weather_queue.append(car.seat)
        race.emit("weather_queued", car.seat)
    else:
        yield from change(race, car.seat)


def end_of_round(race):
    queue, race.weather_queue = race.weather_queue, []
    for seat in queue:
        yield from change(race, seat)
