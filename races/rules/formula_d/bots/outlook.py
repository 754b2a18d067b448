"""A bot's view of one car: its possible ends and their scores (FD-E-24).

Rebuilt from the public view for each decision; it runs the engine's own
movement search (`search.search`, merged states) so a gear can be weighed
over its die faces without copying the race.
"""

from __future__ import annotations

from ..rules.search import search
from ..rules.steps import (
    LAP,
    LEAVING,
    ON_TRACK,
    OVERS,
    SLIDE,
    SPACE,
    TO_BOX,
    MoveRules,
    start_state,
)
from ..rules.track import TRACK, load_track
from .end_rows import EndRows
from .end_values import EndValues
from .faces import FaceWeighing
from .prices import ELIMINATION, FATAL, ROWS, WEIGHTS

__all__ = ["ELIMINATION", "FATAL", "WEIGHTS", "Outlook"]


class Outlook(EndValues, FaceWeighing, EndRows):
    """One car's situation, rebuilt from the view, and the scores of its possible ends."""

    # An outlook has 40 fields, more than an instance dict shares its keys
    # for; slots keep them fast to set and read (one outlook a decision).
    __slots__ = (
        "view",
        "t",
        "me",
        "space",
        "advanced",
        "bga",
        "laps",
        "wet",
        "markers",
        "corner",
        "stops",
        "pit_mode",
        "rules",
        "start",
        "start_progress",
        "may_brake",
        "slide",
        "wear",
        "maxima",
        "_layers",
        "_depth",
        "_best",
        "face_ends",
        "_face_rows",
        "_row_setup",
        "_overshoot_setup",
        "_bases",
        "_ends",
        "_end_bases",
        "_approaches",
        "_near",
        "_scarce",
        "_tyre_multiplier",
        "_situation",
        "_clean_rows",
        "_overshot_rows",
        "_fatal_now",
        "_street",
        "_hazard_price",
        "_near_price",
    )

    def __init__(self, view: dict, seat: str):
        self.view = view
        self.t = t = load_track(view["track"])
        index = t.index
        occupied = set()
        me = None
        for c in view["cars"]:
            if c["seat"] == seat:
                me = c
            elif c["status"] == "racing" and c["space"]:
                occupied.add(index[c["space"]])
        self.me = me
        self.space = space = index[me["space"]]
        self.advanced = advanced = view["level"] == "advanced"
        self.bga = view["ruleset"] == "bga"
        self.laps = laps = view["laps"]
        self.wet = wet = view["weather"] in ("RAIN", "RAIN_VAR", "CLOUDY_WET")
        self.markers = _marker_spaces(t, view["markers"])
        corner = _corner_index(t)[me["corner"]] if me["corner"] else -1
        self.corner, self.stops = corner, stops = corner, me["stops"]
        cleared = corner if corner >= 0 and stops >= t.corners[corner].stops else -1
        pit = me["pit"]
        self.pit_mode = pit_mode = (
            TO_BOX if pit == "lane" else (LEAVING if pit != "none" else ON_TRACK)
        )
        lap = me["lap"]
        # positional (see `MoveRules`): by keyword, a class call gathers them
        # in a dict for __init__ and spreads them out again
        self.rules = MoveRules(
            t,
            occupied,
            laps,
            view["pit_stops_allowed"] and 1 <= lap < laps,  # can_pit
            index[me["box"]] if me["box"] else -1,  # own_box
            cleared,
            False,  # slipstream
            self.markers,  # hazard_spaces
        )
        self.rules.li_row = me.get("li_row", False)
        self.start = start_state(t, space, lap, pit_mode)
        rank = t.rank[space]  # `progress`, without a call
        self.start_progress = (lap - 1) * t.L + rank if lap >= 1 else rank - t.L
        self.may_brake = view["mode"] != "qualifying"  # FD-V-4.3
        self.slide = 0
        self.wear = wear = dict(me["wear"])
        self.maxima = me["maxima"]
        self._layers = None
        self._depth = 0
        self._best: dict = {}
        # total * 8 + gear (gears run 1 to 6) -> the end `face_values` chose;
        # an int key, as a tuple key cost a tuple and its hash per face weighed
        self.face_ends: dict = {}
        self._face_rows: list | None = None  # by layer: end rows of `face_values`
        self._row_setup: tuple | None = None  # what `_layer_rows` reads of the outlook
        self._overshoot_setup: tuple | None = None  # and what `_overshot_rows_into` reads
        self._bases: dict = {}
        self._ends: dict = {}
        self._end_bases: dict = {}  # id of a list in _ends -> the bases of its ends
        self._approaches: dict = {}  # (space, gear, end corner, no overshoot) -> price
        # by space: the cars ahead of and beside it (the collision check of
        # FD-A-7); a list, as counting into it costs a third of a dict's
        near = [0] * len(t.ids)
        hit_from = _hit_from(t)
        for o in occupied:
            for s in hit_from[o]:
                near[s] += 1
        self._near = near
        self._scarce = None  # see `_scarce_prices`
        self._tyre_multiplier: int | None = None  # see `_multiplier`
        # what `_approach_uncached` reads of the car besides the end
        self._situation = situation = (
            t.id,
            stops,
            corner,
            advanced,
            wear.get("Br") if advanced else wear.get("WP"),
        )
        rows = ROWS.get(situation)
        if rows is None:
            rows = ROWS[situation] = ([None] * len(t.ids), {})
        # by space: `_clean_row`, or None; and space -> approach prices of an
        # end there that overshot (`_overshot_rows_into`)
        self._clean_rows, self._overshot_rows = rows
        fatal = False
        for c in FATAL:
            if wear.get(c, 1) <= 0:
                fatal = True
                break
        self._fatal_now = fatal
        self._street = bool(view.get("street"))
        # expected wear of a marked space entered and of a car beside the end
        # (FD-A-9, FD-A-7); `_base` prices them the same way
        if advanced:
            self._hazard_price = (0.25 if wet else 0.2) * (WEIGHTS["Su"] if wear["Su"] > 1 else 200)
            p_hit = 0.1 if wet else 0.05
            self._near_price = 2 * p_hit * (WEIGHTS["Bo"] if wear["Bo"] > 1 else 600)
        else:
            self._hazard_price = 0.0
            self._near_price = 2 * 0.2 * (WEIGHTS["WP"] if wear["WP"] > 2 else 300)

    def progress(self, space: int, lap: int) -> int:
        rank = self.t.rank[space]
        return (lap - 1) * self.t.L + rank if lap >= 1 else rank - self.t.L

    def wants_pit(self, rookie: bool = False) -> bool:
        """Pro: tyres at 2 or less, or another category at 1, with a lap to go.
        Rookie: any category at half its maximum or less (basic: WP 9 or less)."""
        if self.me["lap"] >= self.laps:
            return False
        if not self.advanced:
            return self.wear["WP"] <= 9
        if rookie:
            return any(2 * self.wear[c] <= self.maxima[c] for c in self.wear)
        return self.wear["T"] <= 2 or any(self.wear[c] <= 1 for c in ("Br", "Gb", "Bo", "En", "Su"))

    def layers(self, depth: int):
        if self._layers is None or depth > self._depth:
            self._layers = search(self.rules, self.start, depth, merge=True)
            self._depth = depth
            # the caches key on state identity: a new search invalidates them
            self._bases.clear()
            self._ends.clear()
            self._end_bases.clear()
            self._best.clear()
            self.face_ends = {}
            self._face_rows = None
        return self._layers

    def ends(self, m: int, may_brake: bool = True, free_only: bool = False):
        """(d, state, trail, brake_kind, b, terminal) of every legal end for a total m
        (`search.unwind` gives a trail's path).

        With a rain slide armed (`set_slide`), a path whose first m spaces
        trigger it must travel m + slide (FD-V-7.7).
        """
        may_brake = may_brake and self.may_brake
        memo = (m, may_brake, free_only, self._depth if self._layers is not None else -1)
        if memo in self._ends:
            return self._ends[memo]
        self._ends[memo] = out = self._find_ends(m, may_brake, free_only)
        return out

    def _find_ends(self, m: int, may_brake: bool, free_only: bool = False):
        slide = self.slide if self.rules.slide_b == m else 0
        top = m + slide
        layers, terminals = self.layers(top)

        def m_of(state):
            return top if state[SLIDE] else m

        if top == m:
            # no slide: every state m steps out is an end (a layer's entry is
            # its own trail, its state first)
            out = (
                [(m, trail[0], trail, "none", 0, False) for trail in layers[m]]
                if m < len(layers)
                else []
            )
        else:
            out = []
            for d in {m, top}:
                if d < len(layers):
                    for trail in layers[d]:
                        if m_of(trail[0]) == d:
                            out.append((d, trail[0], trail, "none", 0, False))
        for d, state, trail in terminals:
            if d <= m_of(state):
                out.append((d, state, trail, "none", 0, True))
        if out and (free_only or not may_brake):
            return out
        kinds = self.t.kind_of
        blocked = not out
        # voluntary braking beyond 6 spaces is never worth its price to these bots
        budget = min(6, self.wear["Br"] if self.advanced else self.wear["WP"] - 1)
        if not blocked and top == m:
            # the loop below without a slide or a forced stop: layer d brakes m - d
            if may_brake:
                for d in range(min(m - 1, len(layers) - 1), -1, -1):
                    b = m - d
                    if b > budget:
                        break
                    for trail in layers[d]:
                        state = trail[0]
                        if kinds[state[SPACE]] == TRACK:
                            out.append((d, state, trail, "voluntary", b, False))
            return out
        d_max = 0
        for d in range(min(top, len(layers) - 1), 0, -1):
            if any(kinds[s[SPACE]] == TRACK and d < m_of(s) for s, *_ in layers[d]):
                d_max = d
                break
        for d in range(min(top, len(layers) - 1), -1, -1):
            for trail in layers[d]:
                state = trail[0]
                b = m_of(state) - d
                if b <= 0 or kinds[state[SPACE]] != TRACK:
                    continue
                forced = blocked and d == d_max
                if not forced and (b > budget or not may_brake):
                    continue
                out.append((d, state, trail, "forced" if forced else "voluntary", b, False))
            if d < top - budget - 1 and (not blocked or d < d_max):
                break
        if not out and kinds[self.space] != TRACK:
            out.append((0, self.start, (), "none", 0, True))  # stuck in the pit area: free
        return out

    def position_key(self) -> tuple:
        r = self.rules
        return (
            self.start,
            frozenset(r.occupied),
            frozenset(self.markers),
            r.can_pit,
            r.cleared,
            r.slide_b,
            self.slide,
        )

    def borrow_search(self, other) -> None:
        """Reuse another outlook's search when the car and the board are unchanged
        (the gear decision searched the same position just before the move)."""
        if other is None or other._layers is None or other.slide:
            return
        if other.position_key() == self.position_key():
            self._layers, self._depth = other._layers, other._depth

    def slide_if_wet(self) -> int:
        """S of FD-V-7.7 for this car now (0 when dry or without tyre effects)."""
        if not self.view["tire_effects"] or not self.wet or not self.me["tires"]:
            return 0
        return 1 if self.me["tires"] == "rain" else 3

    def set_slide(self, m: int, slide: int) -> None:
        """Arm the rain slide for a move of total m (the engine's MovePlan does the same)."""
        if not slide:
            return
        self.slide = slide
        self.rules.slide_b = m
        self.rules.slide_owing_only = self.bga
        owing = self.corner >= 0 and self.corner != self.rules.cleared
        self.start = start_state(
            self.t, self.space, self.me["lap"], self.pit_mode, slide=self.bga and owing
        )
        self._layers = None

    def best(self, m: int, gear: int, may_brake: bool = True):
        """The best end for a total m: braking ends are weighed only when every
        unbraked end scores below zero (they cost points and rarely pay)."""
        memo = (m, gear, may_brake)
        got = self._best.get(memo)
        if got is not None:
            return got
        best, best_end = None, None
        approaches = self._approaches
        ends = self.ends(m, may_brake, free_only=True)
        for attempt in (0, 1):
            for end, base in zip(ends, self._bases_of(ends, attempt), strict=True):
                if base is None:
                    continue  # an unbraked end in the second attempt: already weighed
                state = end[1]
                # `score(end, gear)`, inlined
                s, spun, end_corner = base
                if s > ELIMINATION / 2:
                    g = 1 if spun else gear
                    akey = (state[SPACE], g, end_corner, not state[OVERS])
                    price = approaches.get(akey)
                    if price is None:
                        price = approaches[akey] = self._approach(
                            state[SPACE], state[LAP], g, end_corner, state
                        )
                    s = s - price
                if best is None or s > best:
                    best, best_end = s, end
            if best is not None and best >= 0:
                break
            ends = self.ends(m, may_brake)
        self._best[memo] = out = (best if best is not None else ELIMINATION, best_end)
        return out


def _corner_index(track) -> dict[str, int]:
    """Corner id -> index, built once per track."""
    got = track.__dict__.get("_corner_index")
    if got is None:
        got = track._corner_index = {c.id: c.index for c in track.corners}
    return got


def _marker_spaces(track, markers: dict) -> frozenset[int]:
    """The spaces of a view's damage markers, as indices. The race shares a
    view's markers dictionary while they are unchanged, so the last one met
    is remembered per track (held, so no other dictionary takes its id)."""
    last = track.__dict__.get("_marker_spaces")
    if last is not None and last[0] is markers:
        return last[1]
    got = frozenset(map(track.index.__getitem__, markers))
    track._marker_spaces = (markers, got)
    return got


def _hit_from(track) -> list[tuple[int, ...]]:
    """Per space, the spaces whose car would hit a car there: those it is ahead
    of or beside (FD-A-7), once per way; built once per track."""
    got = track.__dict__.get("_hit_from")
    if got is None:
        sources: list[list[int]] = [[] for _ in track.ids]
        for s in range(len(track.ids)):
            if track.ahead[s] >= 0:
                sources[track.ahead[s]].append(s)
            for side in track.sides[s]:
                sources[side].append(s)
        got = track._hit_from = [tuple(x) for x in sources]
    return got
