"""What a seat sees of a Formula D race: everything, as Formula D hides nothing (FD-E-1).

A car's dictionary is rebuilt only when something it shows has changed; views
are read-only, so an unchanged one is shared between views.
"""

from __future__ import annotations

from .rules.track import Track
from .rules.variants.abilities import li_blocks
from .state import RaceState


class Shown:
    """What the views of one race share: names by track index, and the last
    dictionary shown of each car and of the markers."""

    __slots__ = ("space_names", "corner_names", "box_names", "cars", "markers")

    def __init__(self, t: Track):
        # names by index, where index -1 (a car off the board, or in no corner) reads None
        self.space_names = (*t.ids, None)
        self.corner_names = (*(c.id for c in t.corners), None)
        self.box_names = {colour: t.ids[box] for colour, box in t.boxes.items()}  # FD-T-9
        # seat -> (what it shows, its view dict, that dict's wear, the car's
        # own maxima dict)
        self.cars: dict[str, tuple] = {}
        self.markers: tuple | None = None  # (markers, their view dict)


def race_view(rs: RaceState, pending: list, seat: str | None, shown: Shown) -> dict:
    """The view of `seat` (None: a spectator's) with the decisions `pending`."""
    t = rs.track
    L, rank = t.L, t.rank
    space_names, corner_names = shown.space_names, shown.corner_names
    box_names = shown.box_names
    # li_blocks is False for every car unless special drivers race (FD-V-12.1)
    li = rs.drivers_on and not rs.qualifying
    shown_cars = shown.cars
    cars = []
    for c in rs.cars:
        space = c.space
        li_row = li and space >= 0 and li_blocks(rs, c)
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
        old = shown_cars.get(c.seat)
        # a car's maxima are replaced, never changed in place (its build,
        # FD-V-3; its driver, FD-V-12.0): the same dict is the same maxima,
        # and an identity test spares a dict compare per car and view
        if old is not None and old[0] == key and old[2] == c.wear and old[3] is c.maxima:
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
        shown_cars[c.seat] = (key, car, car["wear"], c.maxima)
        cars.append(car)
    return {
        "track": t.id,
        "round": rs.round,
        "laps": rs.laps,
        "level": rs.cfg["level"],
        "ruleset": rs.cfg["ruleset"],
        "mode": rs.cfg["mode"],
        "weather": rs.weather,
        "markers": _markers(rs, shown),
        "pit_stops_allowed": rs.pit_stops_allowed,
        "tire_effects": rs.tire_effects,
        "street": rs.street_rules,
        "me": seat,
        "cars": cars,
        "pending": _pending(pending),
    }


def _pending(pending: list) -> list[dict]:
    """The decisions waiting, as a view shows them."""
    if len(pending) == 1:  # the usual case, without a comprehension's own frame
        d = pending[0]
        return [{"seat": d.seat, "kind": d.kind, "prompt": d.prompt}]
    return [{"seat": d.seat, "kind": d.kind, "prompt": d.prompt} for d in pending]


def _markers(rs: RaceState, shown: Shown) -> dict:
    """Damage markers by space name; the last one is shared while the markers
    are unchanged (views are read-only)."""
    last = shown.markers
    if last is not None and last[0] == rs.markers:
        return last[1]
    names = shown.space_names
    markers = {names[s]: n for s, n in sorted(rs.markers.items())}
    shown.markers = (dict(rs.markers), markers)
    return markers
