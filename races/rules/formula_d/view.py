"""What a seat sees of a Formula D race: everything, as Formula D hides nothing (FD-E-1).

A car's dictionary is rebuilt only when something it shows has changed; views
are read-only, so an unchanged one is shared between views.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .rules.abilities import li_blocks

if TYPE_CHECKING:
    from .race import FormulaDRace


def race_view(race: FormulaDRace, seat: str | None) -> dict:
    t = race.track
    L, rank = t.L, t.rank
    # names by index, where index -1 (no space, no corner) reads None
    space_names, corner_names = race._space_names, race._corner_names
    box_names = race._box_names
    # li_blocks is False for every car unless special drivers race (FD-V-12.1)
    li = race.drivers_on and not race.qualifying
    shown = race._car_views
    cars = []
    for c in race.cars:
        space = c.space
        li_row = li and space >= 0 and li_blocks(race, c)
        key = (
            c.status,
            space,
            c.lap,
            c.gear,
            c.corner,
            c.stops,
            c.pit,
            c.tires,
            c.fit_lap,
            c.reserve,
            c.nitro,
            c.driver,
            li_row,
            c.spun,
        )
        old = shown.get(c.seat)
        if old is not None and old[0] == key and old[2] == c.wear and old[3] == c.maxima:
            cars.append(old[1])
            continue
        if space >= 0:
            r = rank[space]
            progress = (c.lap - 1) * L + r if c.lap >= 1 else r - L  # race.progress(c)
        else:
            progress = None
        car = {
            "seat": c.seat,
            "status": c.status,
            "space": space_names[space],
            "lap": c.lap,
            "gear": c.gear,
            "wear": c.wear.copy(),
            "maxima": c.maxima.copy(),
            "corner": corner_names[c.corner],
            "stops": c.stops,
            "pit": c.pit,
            "box": box_names.get(c.colour),
            "tires": c.tires,
            "fit_lap": c.fit_lap,
            "reserve": c.reserve,
            "nitro": c.nitro,
            "driver": c.driver,
            "li_row": li_row,
            "spun": c.spun,
            "progress": progress,
        }
        shown[c.seat] = (key, car, car["wear"], car["maxima"])
        cars.append(car)
    return {
        "track": t.id,
        "round": race.round,
        "laps": race.laps,
        "level": race.cfg["level"],
        "ruleset": race.cfg["ruleset"],
        "mode": race.cfg["mode"],
        "weather": race.weather,
        "markers": _markers(race),
        "pit_stops_allowed": race.pit_stops_allowed,
        "tire_effects": race.tire_effects,
        "street": race.street_rules,
        "me": seat,
        "cars": cars,
        "pending": [{"seat": d.seat, "kind": d.kind, "prompt": d.prompt} for d in race.pending],
    }


def _markers(race: FormulaDRace) -> dict:
    """Damage markers by space name; the last one is shared while the markers
    are unchanged (views are read-only)."""
    last = race._markers_view
    if last is not None and last[0] == race.markers:
        return last[1]
    names = race._space_names
    shown = {names[s]: n for s, n in sorted(race.markers.items())}
    race._markers_view = (dict(race.markers), shown)
    return shown
