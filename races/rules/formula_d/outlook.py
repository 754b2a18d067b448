"""A bot's view of one car: its possible ends and their scores (FD-E-24).

Rebuilt from the public view for each decision; it runs the engine's own
movement search (`movement.search`, merged states) so a gear can be weighed
over its die faces without copying the race.
"""

from __future__ import annotations

from functools import cache

from .damage import FORCED_BRAKING
from .dice import GEAR_ODDS, GEAR_RANGE
from .movement import (
    HAZARDS,
    LAP,
    LEAVING,
    ON_TRACK,
    OVERS,
    PIT,
    SLIDE,
    SPACE,
    TO_BOX,
    MoveRules,
    search,
    start_state,
)
from .track import PIT_BOX, TRACK, load_track

WEIGHTS = {"T": 3, "Br": 2, "Gb": 2, "Bo": 8, "En": 8, "Su": 8, "WP": 4}
ELIMINATION = -1000.0
FATAL = ("Bo", "En", "Su", "WP")


class Outlook:
    """One car's situation, rebuilt from the view, and the scores of its possible ends."""

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
        self.space = index[me["space"]]
        self.advanced = view["level"] == "advanced"
        self.bga = view["ruleset"] == "bga"
        self.laps = laps = view["laps"]
        self.wet = view["weather"] in ("RAIN", "RAIN_VAR", "CLOUDY_WET")
        self.markers = {index[s] for s in view["markers"]}
        corner = _corner_index(t)[me["corner"]] if me["corner"] else -1
        self.corner, self.stops = corner, me["stops"]
        cleared = corner if corner >= 0 and me["stops"] >= t.corners[corner].stops else -1
        pit = me["pit"]
        self.pit_mode = TO_BOX if pit == "lane" else (LEAVING if pit != "none" else ON_TRACK)
        lap = me["lap"]
        self.rules = MoveRules(
            t,
            occupied,
            laps=laps,
            can_pit=view["pit_stops_allowed"] and 1 <= lap < laps,
            own_box=index[me["box"]] if me["box"] else -1,
            cleared=cleared,
            hazard_spaces=self.markers,
        )
        self.rules.li_row = me.get("li_row", False)
        self.start = start_state(t, self.space, lap, self.pit_mode)
        self.start_progress = self.progress(self.space, lap)
        self.may_brake = view["mode"] != "qualifying"  # FD-V-4.3
        self.slide = 0
        self.wear = wear = dict(me["wear"])
        self.maxima = me["maxima"]
        self._layers = None
        self._depth = 0
        self._best: dict = {}
        self.face_ends: dict = {}  # (total, gear) -> the end `face_values` chose
        self._bases: dict = {}
        self._ends: dict = {}
        self._end_bases: dict = {}  # id of a list in _ends -> the bases of its ends
        self._approaches: dict = {}  # (space, gear, end corner, no overshoot) -> price
        self._near: dict = {}  # space -> cars ahead and beside it
        self._scarce: dict = {}  # (T, Br, WP) after the move -> scarcity price
        # what `_approach_uncached` reads of the car besides the end
        self._situation = (
            t.id,
            self.stops,
            corner,
            self.advanced,
            wear.get("Br") if self.advanced else wear.get("WP"),
        )
        self._fatal_now = any(wear.get(c, 1) <= 0 for c in FATAL)
        self._street = bool(view.get("street"))
        # expected wear of a marked space entered and of a car beside the end
        # (FD-A-9, FD-A-7); `_base` prices them the same way
        if self.advanced:
            self._hazard_price = (0.25 if self.wet else 0.2) * (
                WEIGHTS["Su"] if wear["Su"] > 1 else 200
            )
            p_hit = 0.1 if self.wet else 0.05
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
        return self._layers

    def ends(self, m: int, may_brake: bool = True, free_only: bool = False):
        """(d, state, trail, brake_kind, b, terminal) of every legal end for a total m
        (`movement.unwind` gives a trail's path).

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
            # no slide: every state m steps out is an end
            out = (
                [(m, state, trail, "none", 0, False) for state, trail in layers[m]]
                if m < len(layers)
                else []
            )
        else:
            out = []
            for d in {m, top}:
                if d < len(layers):
                    for state, trail in layers[d]:
                        if m_of(state) == d:
                            out.append((d, state, trail, "none", 0, False))
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
                    for state, trail in layers[d]:
                        if kinds[state[SPACE]] == TRACK:
                            out.append((d, state, trail, "voluntary", b, False))
            return out
        d_max = 0
        for d in range(min(top, len(layers) - 1), 0, -1):
            if any(kinds[s[SPACE]] == TRACK and d < m_of(s) for s, _ in layers[d]):
                d_max = d
                break
        for d in range(min(top, len(layers) - 1), -1, -1):
            for state, trail in layers[d]:
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

    def score(self, end, gear: int, weigh_pit: bool = True) -> float:
        """Progress minus weighted wear and risk, plus corner stops; the part that
        does not depend on the gear is cached per end."""
        key = (id(end[1]), end[0], end[3], end[4], end[5], weigh_pit)
        base = self._bases.get(key)
        if base is None:
            base = self._bases[key] = self._base(end, weigh_pit)
        value, spun, end_corner = base
        if value <= ELIMINATION / 2:
            return value
        state = end[1]
        g = 1 if spun else gear
        akey = (state[SPACE], g, end_corner, not state[OVERS])
        price = self._approaches.get(akey)
        if price is None:
            price = self._approaches[akey] = self._approach(
                state[SPACE], state[LAP], g, end_corner, state
            )
        return value - price

    def _bases_of(self, ends: list, attempt: int) -> list:
        """`_base(end, True)` of each end of a list that `ends` returned (None for
        the unbraked ends in the second attempt of `best`, which skips them)."""
        memo = (id(ends), attempt)
        got = self._end_bases.get(memo)
        if got is None:
            base = self._base
            got = self._end_bases[memo] = [
                None if attempt and end[3] == "none" else base(end, True) for end in ends
            ]
        return got

    def _base(self, end, weigh_pit: bool) -> tuple[float, bool, int]:
        d, state, path, brake_kind, b, terminal = end
        t = self.t
        space, lap = state[SPACE], state[LAP]
        rank = t.rank[space]
        progress = (lap - 1) * t.L + rank if lap >= 1 else rank - t.L
        value = float(progress - self.start_progress)
        finished = terminal and lap > self.laps
        if finished:
            value += 40
        overs = state[OVERS]
        lost = 0.0
        spun = False
        if not overs and brake_kind == "none":
            # nothing is worn: the wear is the car's own
            wear = self.wear
            if self._fatal_now:
                return ELIMINATION + value, False, -1
        else:
            wear = dict(self.wear)
            for corner, k in overs:
                c = t.corners[corner]
                missing = c.stops - (self.stops if corner == self.corner else 0)
                distance = d - k + 1
                if missing >= 2:
                    return ELIMINATION + value, False, -1
                if not self.advanced:
                    wear["WP"] -= distance
                    lost += distance * WEIGHTS["WP"]
                else:
                    p = distance * self._multiplier()
                    if p < wear["T"]:
                        wear["T"] -= p
                        lost += p * WEIGHTS["T"]
                    elif p == wear["T"] or (wear["T"] == 0 and distance == 1 and not self.bga):
                        lost += wear["T"] * WEIGHTS["T"] + 25
                        wear["T"] = 0
                        spun = True
                    else:
                        return ELIMINATION + value, False, -1
            if brake_kind != "none":
                if not self.advanced:
                    wear["WP"] -= b
                    lost += b * WEIGHTS["WP"]
                elif brake_kind == "voluntary":
                    wear["Br"] -= b
                    lost += b * WEIGHTS["Br"]
                else:
                    br, tyres = (
                        FORCED_BRAKING.get(b, (99, 99))
                        if not self.bga
                        else (min(3, b) + max(0, min(b - 3, wear["Br"] - 3)), 0)
                    )
                    if self.bga:
                        tyres = b - br
                    if br > wear["Br"] or tyres > wear["T"]:
                        return ELIMINATION + value, False, -1
                    wear["Br"] -= br
                    wear["T"] -= tyres
                    lost += br * WEIGHTS["Br"] + tyres * WEIGHTS["T"]
            for c in FATAL:
                if wear.get(c, 1) <= 0:
                    return ELIMINATION + value, False, -1
            if wear != self.wear:
                # only T, Br and WP are worn here
                skey = (wear.get("T"), wear.get("Br"), wear.get("WP"))
                extra = self._scarce.get(skey)
                if extra is None:
                    extra = self._scarce[skey] = self._scarcity(wear)
                lost += extra
        hazards = len(state[HAZARDS])
        if hazards and self.advanced:
            p_fail = 0.25 if self.wet else 0.2
            su = wear["Su"]
            lost += hazards * p_fail * (WEIGHTS["Su"] if su > 1 else 200)
        if not finished and t.kind_of[space] == TRACK:
            near = self._near.get(space)
            if near is None:
                near = self._near[space] = self._cars_near(space)
            if near:
                if self.advanced:
                    p_hit = 0.1 if self.wet else 0.05
                    bo = wear["Bo"]
                    lost += near * 2 * p_hit * (WEIGHTS["Bo"] if bo > 1 else 600)
                else:
                    lost += near * 2 * 0.2 * (WEIGHTS["WP"] if wear["WP"] > 2 else 300)
        if self._street and not self.advanced and not finished:
            zone = t.zone[space]  # FD-V-10.4, FD-V-10.5: expected wear of the stop
            if zone == "residential":
                lost += 1.0 * WEIGHTS["WP"] + (300 if wear["WP"] <= 2 else 0)
            elif zone == "danger":
                lost += 0.2 * WEIGHTS["WP"] + (150 if wear["WP"] <= 1 else 0)
        end_corner = t.corner[space]
        if end_corner >= 0 and not overs and not spun:
            stops = self.stops + 1 if end_corner == self.corner else 1
            if stops <= t.corners[end_corner].stops:
                value += 6
        value -= lost
        if weigh_pit and self.pit_mode == ON_TRACK and state[PIT] == TO_BOX:
            value += 30 if self.wants_pit() else -30
        if t.kind_of[space] == PIT_BOX:
            value += 5
        return value, spun, end_corner

    def _scarcity(self, wear: dict) -> float:
        """Points lost matter more as a category runs low (brakes are never restored
        by a tyre stop); the base weights are already in `lost`."""
        extra = 0.0
        for cat, before in self.wear.items():
            after = wear[cat]
            for left in range(after, before):
                if cat == "T" and self.me["lap"] < self.laps:
                    continue
                extra += WEIGHTS[cat] * ((1.0 if cat == "WP" else 3.0) / (left + 1))
        return extra

    def _multiplier(self) -> int:
        tires = self.me["tires"]
        if (
            not self.view["tire_effects"]
            or tires in (None, "hard")
            or (tires == "rain" and self.wet)
        ):
            return 1
        lap = max(1, self.me["lap"] - self.me["fit_lap"] + 1)
        return 3 if lap >= 3 else 2

    def _approach(self, space: int, lap: int, gear: int, end_corner: int, state) -> float:
        """`_approach_uncached`, shared by every outlook of the same car situation."""
        key = (self._situation, space, gear, end_corner, not state[OVERS])
        price = _APPROACH.get(key)
        if price is None:
            price = _APPROACH[key] = self._approach_uncached(space, lap, gear, end_corner, state)
        return price

    def _approach_uncached(self, space: int, lap: int, gear: int, end_corner: int, state) -> float:
        """Cost of arriving too fast at the next corner owing stops."""
        context = self._approach_context(space, end_corner, state[OVERS])
        return 0.0 if context is None else _approach_price((*context[:3], gear, context[3]))

    def _approach_context(self, space: int, end_corner: int, overs) -> tuple | None:
        """What the approach price of an end reads besides the gear: (ranks to the
        next owed corner, ranks to its last space, stops owed, brake budget), or
        None when no corner is near enough to price.

        The price plays the next turns out with one free downshift a turn, once
        with the slowest rolls and once with average rolls, spending the brake
        points left to stay in the corner, and prices the stops that would be missed.
        """
        t = self.t
        if t.kind_of[space] != TRACK:
            return None
        rank = t.rank[space]
        if end_corner >= 0:
            c = t.corners[end_corner]
            if overs:
                made = 0
            else:
                made = self.stops + 1 if end_corner == self.corner else 1
            if made >= c.stops:
                c = t.corners[(end_corner + 1) % len(t.corners)]
                made = 0
        else:
            c = t.corners[t.reference_corner[rank]]
            made = 0
        to_first = (c.first - rank) % t.L if t.corner[space] != c.index else 0
        if to_first > 30:
            return None
        room = (c.last - rank) % t.L
        budget = self.wear["Br"] if self.advanced else max(0, self.wear["WP"] - 6)
        return to_first, room, c.stops - made, budget

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

    def face_values(self, top: int, gears) -> dict[tuple[int, int], float]:
        """`best(v, g)[0]` for each gear g in `gears` and each face v of its die,
        sharing the work between totals and gears instead of one pass per (v, g).
        The winning ends are kept in `face_ends`, so the move after the roll
        needs no second look.

        Without a rain slide only (the caller checks). A voluntary brake of b
        spaces mostly costs the same on every end (brake or wear points and
        their scarcity, FD-A-5, FD-B-9), so a braked end is an end of an earlier
        layer less that cost (`_braked` says when not). Totals with no end at all
        are left out: the caller asks `best` for those.
        """
        layers, terminals = self.layers(top)
        n = len(layers)
        floor = ELIMINATION / 2
        kinds = self.t.kind_of
        rows: dict[int, list] = {}

        def row_of(d: int) -> list:
            got = rows.get(d)
            if got is None:
                got = rows[d] = [
                    (
                        *self._end_row(d, state, False, floor),
                        kinds[state[SPACE]] == TRACK,
                        state,
                        trail,
                    )
                    for state, trail in layers[d]
                ]
            return got

        # terminals come in search order, so by steps taken
        early = [
            (d, *self._end_row(d, state, True, floor), state, trail)
            for d, state, trail in terminals
        ]
        brakes = self._brake_costs() if self.may_brake else ()
        # a blocked car starting off the main track is `best`'s case (a free stop)
        blocked_ok = kinds[self.space] == TRACK
        out: dict[tuple[int, int], float] = {}
        ends = self.face_ends = {}
        for g in gears:
            for v, _p in GEAR_ODDS[g]:
                best = end = None
                if v < n:
                    for value, row, _track, state, trail in row_of(v):
                        x = value - row[g]
                        if best is None or x > best:
                            best, end = x, (v, state, trail, "none", 0, False)
                for d, value, row, state, trail in early:
                    if d > v:
                        break
                    x = value - row[g]
                    if best is None or x > best:
                        best, end = x, (d, state, trail, "none", 0, True)
                if best is None:
                    if blocked_ok:
                        got = self._blocked_best(v, g, row_of, brakes, floor)
                        if got is not None:
                            out[v, g], ends[v, g] = got
                    continue
                if best < 0:
                    for b in range(1, min(len(brakes), v + 1)):
                        d = v - b
                        if d >= n:
                            continue
                        for value, row, track, state, trail in row_of(d):
                            if track:
                                x = self._braked(value, row, g, state, trail, d, b, brakes)
                                if x > best:
                                    best, end = x, (d, state, trail, "voluntary", b, False)
                out[v, g] = best
                ends[v, g] = end
        return out

    def _blocked_best(self, v: int, g: int, row_of, brakes: tuple, floor: float):
        """(value, end) of `best(v, g)` when every path of v steps is blocked: the
        car stops in the deepest layer it can (forced braking, FD-A-5.2) or
        brakes voluntarily within its budget (`_find_ends`' blocked case)."""
        layers = self._layers[0]
        kinds = self.t.kind_of
        d_max = 0
        for d in range(min(v, len(layers) - 1), 0, -1):
            if any(kinds[s[SPACE]] == TRACK for s, _trail in layers[d]):
                d_max = d
                break
        best = end = None
        budget = len(brakes) - 1
        for d in range(min(v, len(layers) - 1), -1, -1):
            b = v - d
            if b > 0:
                for value, row, track, state, trail in row_of(d):
                    if not track:
                        continue
                    if d == d_max:
                        x = self.score((d, state, trail, "forced", b, False), g)
                        kind = "forced"
                    elif b <= budget:
                        x = self._braked(value, row, g, state, trail, d, b, brakes)
                        kind = "voluntary"
                    else:
                        continue
                    if best is None or x > best:
                        best, end = x, (d, state, trail, kind, b, False)
            if d < v - budget - 1 and d < d_max:
                break
        return None if best is None else (best, end)

    def face_end(self, m: int, gear: int):
        """The end `face_values` chose for total m in `gear`, as `best` returns it."""
        return self.face_ends.get((m, gear))

    def _end_row(self, d: int, state, terminal: bool, floor: float) -> tuple[float, tuple]:
        """(score before the approach price, approach price by gear) of ending on
        `state` after d steps unbraked: `score(end, g)` is their difference."""
        if state[OVERS] or self._fatal_now or self._street:
            value, spun, end_corner = self._base((d, state, (), "none", 0, terminal), True)
        else:
            value, spun, end_corner = self._clean_base(state, terminal), False, -2
        if value <= floor:
            return value, _NO_PRICE
        space = state[SPACE]
        if spun or end_corner != -2:
            context = self._approach_context(space, end_corner, state[OVERS])
            if context is None:
                return value, _NO_PRICE
            row = _approach_row(context)
            # a spun car restarts in gear 1 whatever it selected (FD-A-4.4)
            return value, ((row[1],) * 7 if spun else row)
        key = (self._situation, space)
        row = _ROWS.get(key)
        if row is None:
            context = self._approach_context(space, self.t.corner[space], ())
            row = _ROWS[key] = _NO_PRICE if context is None else _approach_row(context)
        return value, row

    def _clean_base(self, state, terminal: bool) -> float:
        """`_base` of an unbraked end that overshot nothing (most ends), with the
        same sums in the same order."""
        t = self.t
        space, lap = state[SPACE], state[LAP]
        rank = t.rank[space]
        value = float(((lap - 1) * t.L + rank if lap >= 1 else rank - t.L) - self.start_progress)
        finished = terminal and lap > self.laps
        if finished:
            value += 40
        lost = 0.0
        if state[HAZARDS] and self.advanced:
            lost += len(state[HAZARDS]) * self._hazard_price
        kind = t.kind_of[space]
        if not finished and kind == TRACK:
            near = self._near.get(space)
            if near is None:
                near = self._near[space] = self._cars_near(space)
            if near:
                lost += near * self._near_price
        end_corner = t.corner[space]
        if end_corner >= 0 and (
            end_corner != self.corner or self.stops < t.corners[end_corner].stops
        ):
            value += 6  # a stop the corner still counts
        value -= lost
        if state[PIT] == TO_BOX and self.pit_mode == ON_TRACK:
            value += 30 if self.wants_pit() else -30
        if kind == PIT_BOX:
            value += 5
        return value

    def _cars_near(self, space: int) -> int:
        """Cars ahead of and beside a space (the collision check of FD-A-7)."""
        t, occupied = self.t, self.rules.occupied
        n = 1 if t.ahead[space] in occupied else 0
        for s in t.sides[space]:
            if s in occupied:
                n += 1
        return n

    def _braked(self, value, row, g, state, trail, d: int, b: int, brakes: tuple) -> float:
        """`score` of ending on `state` (value and row from `_end_row`) with a
        voluntary brake of b spaces."""
        if value <= ELIMINATION / 2:
            return value
        if self.advanced or not (
            state[OVERS] or self._street or self._near.get(state[SPACE]) or self._fatal_now
        ):
            return value - row[g] - brakes[b]
        # basic: overshoots, near cars and zones are priced on the wear points
        # left after braking
        return self.score((d, state, trail, "voluntary", b, False), g)

    def _brake_costs(self) -> tuple[float, ...]:
        """Cost of braking b spaces voluntarily, indexed by b, within the budget of
        `_find_ends`, as `_base` prices it: brake points (advanced) or wear points,
        one of which must remain (basic), and their scarcity."""
        if self.advanced:
            return _brake_costs(self.wear["Br"], min(6, self.wear["Br"]), "Br")
        return _brake_costs(self.wear["WP"], min(6, self.wear["WP"] - 1), "WP")


@cache
def _brake_costs(have: int, budget: int, category: str) -> tuple[float, ...]:
    weight, scarcity = WEIGHTS[category], (1.0 if category == "WP" else 3.0)
    costs = [0.0]
    for b in range(1, budget + 1):
        costs.append(
            b * weight + sum(weight * scarcity / (left + 1) for left in range(have - b, have))
        )
    return tuple(costs)


def _corner_index(track) -> dict[str, int]:
    """Corner id -> index, built once per track."""
    got = track.__dict__.get("_corner_index")
    if got is None:
        got = track._corner_index = {c.id: c.index for c in track.corners}
    return got


# (car situation, space, gear, end corner, no overshoot) -> approach price; bounded
# by the tracks' sizes
_APPROACH: dict = {}

MEAN = {g: sum(v * p for v, p in GEAR_ODDS[g]) for g in GEAR_ODDS}


@cache
def _approach_price(key: tuple) -> float:
    """Slowest and average plays weighed 0.6 / 0.4; a pure function of the key."""
    return 0.6 * _missed_price(_missed(key, 0)) + 0.4 * _missed_price(_missed(key, 1))


_NO_PRICE = (0.0,) * 7
# (car situation, space) -> approach prices by gear of an end there that overshot
# nothing; bounded by the tracks' sizes, like _APPROACH
_ROWS: dict = {}


@cache
def _approach_row(context: tuple) -> tuple[float, ...]:
    """`_approach_price` for gears 0..6 (0 unused) of one approach context."""
    to_first, room, need, budget = context
    return tuple(_approach_price((to_first, room, need, g, budget)) for g in range(7))


def _missed(key: tuple, average: int) -> int:
    """Stops missed by playing slow: one free downshift a turn, brakes to stay in."""
    to_first, room, need, gear, budget = key
    pos = stops = 0
    g = gear
    for _ in range(40):
        g = max(1, g - 1)
        pos += MEAN[g] if average else GEAR_RANGE[g][0]
        if pos > room:
            over = pos - room
            if over > budget:
                return need - stops
            budget -= over
            pos = room
        if pos >= to_first:
            stops += 1
            if stops >= need:
                return 0
    return 0


def _missed_price(missing: int) -> float:
    if missing <= 0:
        return 0.0
    return 15.0 if missing == 1 else 400.0
