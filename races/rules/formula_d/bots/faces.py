"""Weighing every gear over its die faces in one pass (FD-E-24, the `pro` bot).

A mixin of `Outlook`: it reads the outlook's search layers and the end rows of
`EndRows` (priced as `Outlook._base` prices ends), sharing the work between
totals and gears.
"""

from __future__ import annotations

from ..chance import GEAR_ODDS, GEAR_RANGE
from ..rules.steps import OVERS, SPACE
from ..rules.track import TRACK
from .prices import ELIMINATION, brake_costs

NO_END = float("-inf")  # the best score before any end is weighed


class FaceWeighing:
    """`face_values`, `face_end` and the braking they weigh."""

    __slots__ = ()  # the fields are `Outlook`'s

    def face_values(self, top: int, gears, *, more: bool = False) -> dict[int, list]:
        """`best(v, g)[0]` for each gear g in `gears` (distinct, in any order)
        and each face v of its die, as gear -> values in the order of the die's
        faces (None for a total with no end at all: the caller asks `best` for
        those),
        sharing the work between totals and gears instead of one pass per (v, g).
        The winning ends are kept in `face_ends`, so the move after the roll
        needs no second look.

        Without a rain slide only (the caller checks). A voluntary brake of b
        spaces mostly costs the same on every end (brake or wear points and
        their scarcity, FD-A-5, FD-B-9), so a braked end is an end of an earlier
        layer less that cost (`_braked` says when not).

        `more` weighs further gears of the same position (the skip-cost gears,
        weighed only when they can matter): the end rows already built and the
        ends already chosen are kept.
        """
        layers, terminals = self.layers(top)
        n = len(layers)
        floor = ELIMINATION / 2
        kinds = self.t.kind_of
        if not more or self._face_rows is None:
            self._face_rows = [None] * n
        rows: list = self._face_rows  # by layer: its end rows, once built
        # terminals come in search order, so by steps taken
        early = ()
        if terminals:  # a plain loop: a comprehension would make cells of its names
            early = []
            for d, s, trail in terminals:
                value, row = self._end_row(d, s, True, floor)
                early.append((d, value, row, s, trail))
        brakes = self._brake_costs() if self.may_brake else ()
        n_brakes = len(brakes)
        # a blocked car starting off the main track is `best`'s case (a free stop)
        blocked_ok = kinds[self.space] == TRACK
        advanced = self.advanced
        out: dict[int, list] = {}
        if not more:
            self.face_ends = {}
        ends = self.face_ends
        # the rows of every face's layer, in one pass (each face is weighed):
        # the layers from the lowest gear's lowest face to the highest gear's
        # highest (a die's faces run without a gap, and a higher gear's dice
        # start and end higher; rows are pure, so one between two dice would
        # cost only time)
        if gears:
            low, high = GEAR_RANGE[min(gears)][0], min(n, GEAR_RANGE[max(gears)][1] + 1)
            if more:  # some layers' rows are built already
                wanted = []
                for v in range(low, high):
                    if rows[v] is None:
                        wanted.append(v)
            else:  # fresh rows: every layer is wanted (a range, not a list)
                wanted = range(low, high)
            self._layer_rows(layers, wanted, floor, rows)
        for g in gears:
            values = out[g] = []
            for v, _p in GEAR_ODDS[g]:
                # every score is finite, so the first end beats -inf (as the
                # first end is taken when best is None) and later ones must
                # beat the best so far
                best, end = NO_END, None
                if v < n:
                    # the layer's rows are built above; the best is kept as its
                    # row: `face_end` makes the end of it
                    for item in rows[v]:  # (value, row, on the track, state, trail)
                        x = item[0] - item[1][g]
                        if x > best:
                            best, end = x, item
                if early:  # (most searches meet no terminal)
                    for d, value, row, state, trail in early:
                        if d > v:
                            break
                        x = value - row[g]
                        if x > best:
                            best, end = x, (d, state, trail, "none", 0, True)
                if end is None:
                    got = self._blocked_best(v, g, brakes, floor) if blocked_ok else None
                    if got is not None:
                        ends[v * 8 + g] = got[1]
                    values.append(None if got is None else got[0])
                    continue
                if best < 0.0:  # a float: 3.11 specialises a compare of two floats only
                    pick = None
                    # b up to min(len(brakes), v + 1), without a call
                    for b in range(1, n_brakes if n_brakes <= v else v + 1):
                        d = v - b
                        if d >= n:
                            continue
                        layer_rows = rows[d]
                        if layer_rows is None:
                            layer_rows = self._rows_of(d, floor)
                        for item in layer_rows:
                            if item[2]:  # on the main track
                                value = item[0]
                                if value <= floor:
                                    x = value
                                elif advanced:
                                    x = value - item[1][g] - brakes[b]  # `_braked`, inlined
                                else:
                                    x = self._braked(
                                        value, item[1], g, item[3], item[4], d, b, brakes
                                    )
                                if x > best:
                                    best, pick, picked_b = x, item, b
                    if pick is not None:
                        end = (v - picked_b, pick[3], pick[4], "voluntary", picked_b, False)
                values.append(best)
                ends[v * 8 + g] = end
        return out

    def _rows_of(self, d: int, floor: float) -> list:
        """The end rows of layer d of the search `face_values` weighs, built
        on first use (a method, not a closure made on every call)."""
        rows = self._face_rows
        got = rows[d]
        if got is None:
            self._layer_rows(self._layers[0], (d,), floor, rows)
            got = rows[d]
        return got

    def _blocked_best(self, v: int, g: int, brakes: tuple, floor: float):
        """(value, end) of `best(v, g)` when every path of v steps is blocked: the
        car stops in the deepest layer it can (forced braking, FD-A-5.2) or
        brakes voluntarily within its budget (`_find_ends`' blocked case)."""
        layers = self._layers[0]
        kinds = self.t.kind_of
        d_max = 0
        for d in range(min(v, len(layers) - 1), 0, -1):
            for entry in layers[d]:
                if kinds[entry[0][SPACE]] == TRACK:
                    d_max = d
                    break
            if d_max:
                break
        best = end = None
        budget = len(brakes) - 1
        for d in range(min(v, len(layers) - 1), -1, -1):
            b = v - d
            if b > 0:
                for value, row, track, state, trail in self._rows_of(d, floor):
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
        """The end `face_values` chose for total m in `gear`, as `best` returns it.
        An unbraked end of layer m is kept as its row (five items, an end has
        six): most faces are never rolled, so their ends are made on demand."""
        end = self.face_ends.get(m * 8 + gear)
        if end is not None and len(end) == 5:
            return (m, end[3], end[4], "none", 0, False)
        return end

    def _braked(self, value, row, g, state, trail, d: int, b: int, brakes: tuple) -> float:
        """`score` of ending on `state` (value and row from `_end_row`) with a
        voluntary brake of b spaces."""
        if value <= ELIMINATION / 2:
            return value
        if self.advanced or not (
            state[OVERS] or self._street or self._near[state[SPACE]] or self._fatal_now
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
            # by the brake points left, an int key: no call building a key of
            # three arguments on every face weighing
            have = self.wear["Br"]
            got = _ADVANCED_BRAKE_COSTS.get(have)
            if got is None:
                got = _ADVANCED_BRAKE_COSTS[have] = brake_costs(have, min(6, have), "Br")
            return got
        return brake_costs(self.wear["WP"], min(6, self.wear["WP"] - 1), "WP")


# brake points left -> `_brake_costs` of the advanced game; bounded by the
# few values a car's brake points take
_ADVANCED_BRAKE_COSTS: dict[int, tuple[float, ...]] = {}
