"""The end rows the pro bot's face weighing reads (FD-E-24): for each end of a
search layer, its score before the approach price and the approach price by
gear, priced as `EndValues._base` and `score` price it, with the same sums in
the same order.

A mixin of `Outlook`, beside `FaceWeighing`, which reads these rows.
"""

from __future__ import annotations

from ..rules.steps import HAZARDS, LAP, ON_TRACK, OVERS, PIT, SPACE, TO_BOX
from ..rules.track import PIT_BOX, TRACK
from .prices import ELIMINATION, NO_PRICE, WEIGHTS, approach_row


class EndRows:
    """`_layer_rows` and the rows of single ends."""

    __slots__ = ()  # the fields are `Outlook`'s

    def _end_row(self, d: int, state, terminal: bool, floor: float) -> tuple[float, tuple]:
        """(score before the approach price, approach price by gear) of ending on
        `state` after d steps unbraked: `score(end, g)` is their difference."""
        if state[OVERS] or self._fatal_now or self._street:
            value, spun, end_corner = self._base((d, state, (), "none", 0, terminal), True)
        else:
            value, spun, end_corner = self._clean_base(state, terminal), False, -2
        if value <= floor:
            return value, NO_PRICE
        space = state[SPACE]
        if spun or end_corner != -2:
            context = self._approach_context(space, end_corner, state[OVERS])
            if context is None:
                return value, NO_PRICE
            row = approach_row(context)
            # a spun car restarts in gear 1 whatever it selected (FD-A-4.4)
            return value, ((row[1],) * 7 if spun else row)
        return value, self._clean_row(space)

    def _clean_row(self, space: int) -> tuple:
        """Approach prices by gear of an end on `space` that overshot nothing."""
        rows = self._clean_rows
        row = rows[space]
        if row is None:
            context = self._approach_context(space, self.t.corner[space], ())
            row = rows[space] = NO_PRICE if context is None else approach_row(context)
        return row

    def _overshot_rows_into(self, owed: list, floor: float) -> None:
        """Fill in the rows `_layer_rows` left for ends that overshot a corner,
        in the advanced game with no fatal wear and no street rules: each
        `_end_row(d, state, False, floor)`, which is `_base` with only the tyres
        worn (FD-A-4), its sums in the same order. `owed` holds (rows of the
        layer, index there, d, state, trail, on the main track) of each: one
        call a `_layer_rows` call, so the set-up is read once, not once an end."""
        setup = self._overshoot_setup
        if setup is None:
            t, wear = self.t, self.wear
            setup = self._overshoot_setup = (
                _rank_floats(t),
                _lap_parts(t.L, self.start_progress, self.laps),
                t.kind_of,
                _misses_two(t, self.corner, self.stops),
                wear["T"],
                self._tyre_multiplier or self._multiplier(),
                self.bga,
                (wear.get("Br"), wear.get("WP")),
                0.25 if self.wet else 0.2,
                WEIGHTS["Su"] if wear["Su"] > 1 else 200,
                0.1 if self.wet else 0.05,
                WEIGHTS["Bo"] if wear["Bo"] > 1 else 600,
                self.pit_mode == ON_TRACK,
            )
        (
            rank_floats,
            lap_parts,
            kinds,
            misses_two,
            before,
            multiplier,
            bga,
            brakes_left,
            p_fail,
            suspension_price,
            p_hit,
            body_price,
            boxing,
        ) = setup
        price_t = WEIGHTS["T"]
        for out, at, d, state, trail, on_track in owed:
            space = state[SPACE]
            value = lap_parts[state[LAP]] + rank_floats[space]  # `_layer_rows` says why
            tyres = before
            lost = 0.0
            spun = False
            for corner, k in state[OVERS]:
                if misses_two[corner]:
                    tyres = -1  # eliminated (FD-B-8.6)
                    break
                distance = d - k + 1
                p = distance * multiplier
                if p < tyres:
                    tyres -= p
                    lost += p * price_t
                elif p == tyres or (tyres == 0 and distance == 1 and not bga):
                    lost += tyres * price_t + 25
                    tyres = 0
                    spun = True  # FD-A-4.4
                else:
                    tyres = -1  # eliminated (FD-A-4.3)
                    break
            if tyres < 0:
                value = ELIMINATION + value
                if value <= floor:
                    out[at] = (value, NO_PRICE, on_track, state, trail)
                else:
                    value, row = self._end_row(d, state, False, floor)
                    out[at] = (value, row, on_track, state, trail)
                continue
            if tyres != before:
                skey = (tyres, *brakes_left)
                scarce = self._scarce_prices()
                extra = scarce.get(skey)
                if extra is None:
                    worn = dict(self.wear)
                    worn["T"] = tyres
                    extra = scarce[skey] = self._scarcity(worn)
                lost += extra
            hazards = len(state[HAZARDS])
            if hazards:
                lost += hazards * p_fail * suspension_price
            kind = kinds[space]
            if kind == TRACK:
                near = self._near[space]
                if near:
                    lost += near * 2 * p_hit * body_price
            value -= lost
            if boxing and state[PIT] == TO_BOX:
                value += 30 if self.wants_pit() else -30
            if kind == PIT_BOX:
                value += 5
            if value <= floor:
                out[at] = (value, NO_PRICE, on_track, state, trail)
                continue
            rows = self._overshot_rows
            row = rows.get(space)
            if row is None:
                context = self._approach_context(space, self.t.corner[space], state[OVERS])
                row = rows[space] = NO_PRICE if context is None else approach_row(context)
            if row is not NO_PRICE and spun:
                row = (row[1],) * 7  # a spun car restarts in gear 1 whatever it selected (FD-A-4.4)
            out[at] = (value, row, on_track, state, trail)

    def _layer_rows(self, layers: list, ds, floor: float, rows: list) -> None:
        """For each layer d in `ds`, rows[d]: (value, row, on the main track,
        state, trail) of each end of the layer, value and row as `_end_row`
        gives them; its common case (`_clean_base`) inlined, with the same sums
        in the same order. Several layers a call: the set-up is read once."""
        setup = self._row_setup
        if setup is None:
            t = self.t
            slow = self._fatal_now or self._street
            setup = self._row_setup = (
                t.kind_of,
                _on_track(t),
                t.rank,
                _rank_floats(t),
                _lap_parts(t.L, self.start_progress, self.laps),
                _stop_counts(t, self.corner, self.stops),
                t.corners,
                t.L,
                self.start_progress,
                self.corner,
                self.stops,
                self._near,
                self._near_price,
                self._hazard_price if self.advanced else 0.0,
                self._clean_rows,
                slow,
                self.pit_mode == ON_TRACK,
                self.advanced and not slow,
            )
        (
            kinds,
            on_tracks,
            ranks,
            rank_floats,
            lap_parts,
            stop_counts,
            corners,
            L,
            start,
            own_corner,
            stops,
            near,
            near_price,
            hazard_price,
            clean_rows,
            slow,
            boxing,
            overshoots_fast,
        ) = setup
        owed = []  # the ends that overshot, priced together below
        for d in ds:
            out = rows[d] = []
            for trail in layers[d]:  # a layer's entry is its own trail, its state first
                state = trail[0]
                # the fields read, unpacked once rather than subscripted
                space, _s, _c, _l, _k, lap, pit, overs, hazards, _sl = state
                kind = kinds[space]
                # read, not compared: a compare whose result is kept, not
                # jumped on, is one 3.11 does not specialise
                on_track = on_tracks[space]
                if overs:
                    if overshoots_fast:
                        owed.append((out, len(out), d, state, trail, on_track))
                        out.append(None)
                        continue
                    row = None
                    for corner, _k in overs:
                        if corners[corner].stops - (stops if corner == own_corner else 0) >= 2:
                            # missed two stops or more: eliminated (FD-B-8.6), as `_base` says
                            value = ELIMINATION + float((lap - 1) * L + ranks[space] - start)
                            if value <= floor:
                                row = NO_PRICE
                            break
                    if row is None:
                        value, row = self._end_row(d, state, False, floor)
                    out.append((value, row, on_track, state, trail))
                    continue
                if slow:
                    value, row = self._end_row(d, state, False, floor)
                    out.append((value, row, on_track, state, trail))
                    continue
                value = lap_parts[lap] + rank_floats[space]
                lost = 0.0
                if hazards and hazard_price:
                    lost += len(hazards) * hazard_price
                if on_track:
                    hits = near[space]  # cars it could hit
                    if hits:
                        lost += hits * near_price
                if stop_counts[space]:
                    # a stop the corner still counts; 6.0, as value is a float:
                    # 3.11 specialises float + float, not float + int
                    value += 6.0
                value -= lost
                if pit == TO_BOX and boxing:
                    value += 30 if self.wants_pit() else -30
                if kind == PIT_BOX:
                    value += 5
                if value <= floor:
                    row = NO_PRICE
                else:
                    row = clean_rows[space]
                    if row is None:
                        row = self._clean_row(space)
                out.append((value, row, on_track, state, trail))
        if owed:
            self._overshot_rows_into(owed, floor)

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
            near = self._near[space]
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


def _on_track(track) -> tuple[bool, ...]:
    """Each space's `kind == TRACK`, built once per track."""
    got = track.__dict__.get("_on_track")
    if got is None:
        got = track._on_track = tuple(kind == TRACK for kind in track.kind_of)
    return got


def _rank_floats(track) -> tuple[float, ...]:
    """Each space's rank as a float, built once per track."""
    got = track.__dict__.get("_rank_floats")
    if got is None:
        got = track._rank_floats = tuple(float(r) for r in track.rank)
    return got


_LAP_PARTS: dict[tuple[int, int, int], tuple[float, ...]] = {}


def _lap_parts(L: int, start: int, laps: int) -> tuple[float, ...]:
    """By lap, the lap's part of an end's progress less the start's, as a float:
    with `_rank_floats`, whole numbers both, their sum is exactly the float
    of the progress less the start's, without a float() call per end. Kept
    per (L, start, laps): two outlooks a decision ask, from few starts."""
    got = _LAP_PARTS.get((L, start, laps))
    if got is None:
        got = _LAP_PARTS[L, start, laps] = _lap_parts_of(L, start, laps)
    return got


# The tables below are built apart from their lookups: a comprehension in a
# lookup would make closure cells of its arguments on every call, hit or miss.
def _lap_parts_of(L: int, start: int, laps: int) -> tuple[float, ...]:
    return tuple(float((lap - 1) * L - start) for lap in range(laps + 2))


def _by_situation(track, name: str, own_corner: int, stops: int, build) -> tuple[bool, ...]:
    """`build(track, own_corner, stops)`, kept on the track under `name` per
    car situation (its corner, -1 for none, and the stops made there)."""
    tables = track.__dict__.get(name)
    if tables is None:
        tables = track.__dict__[name] = {}
    got = tables.get((own_corner, stops))
    if got is None:
        got = tables[own_corner, stops] = build(track, own_corner, stops)
    return got


def _stop_counts(track, own_corner: int, stops: int) -> tuple[bool, ...]:
    """By space: whether ending there makes a stop its corner still counts,
    for a car in `own_corner` (-1: none) with `stops` made there (as
    `_clean_base` says); built once per track and car situation."""
    return _by_situation(track, "_stop_counts", own_corner, stops, _stop_counts_of)


def _stop_counts_of(track, own_corner: int, stops: int) -> tuple[bool, ...]:
    corners = track.corners
    return tuple(c >= 0 and (c != own_corner or stops < corners[c].stops) for c in track.corner)


def _misses_two(track, own_corner: int, stops: int) -> tuple[bool, ...]:
    """By corner: whether overshooting it misses two stops or more (FD-B-8.6)
    for a car in `own_corner` with `stops` made there; built once per track
    and car situation."""
    return _by_situation(track, "_misses_two", own_corner, stops, _misses_two_of)


def _misses_two_of(track, own_corner: int, stops: int) -> tuple[bool, ...]:
    return tuple(
        c.stops - (stops if i == own_corner else 0) >= 2 for i, c in enumerate(track.corners)
    )
