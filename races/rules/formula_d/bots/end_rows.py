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
        row = rows.get(space)
        if row is None:
            context = self._approach_context(space, self.t.corner[space], ())
            row = rows[space] = NO_PRICE if context is None else approach_row(context)
        return row

    def _overshot_row(self, d: int, state, floor: float) -> tuple[float, tuple]:
        """`_end_row(d, state, False, floor)` of an end that overshot a corner, in
        the advanced game with no fatal wear and no street rules: `_base` with
        only the tyres worn (FD-A-4), its sums in the same order."""
        setup = self._overshoot_setup
        if setup is None:
            t, wear = self.t, self.wear
            setup = self._overshoot_setup = (
                t.L,
                t.rank,
                t.kind_of,
                t.corners,
                self.start_progress,
                self.corner,
                self.stops,
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
            L,
            ranks,
            kinds,
            corners,
            start,
            own_corner,
            stops,
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
        space = state[SPACE]
        value = float((state[LAP] - 1) * L + ranks[space] - start)
        tyres = before
        lost = 0.0
        spun = False
        for corner, k in state[OVERS]:
            distance = d - k + 1
            if corners[corner].stops - (stops if corner == own_corner else 0) >= 2:
                tyres = -1  # eliminated (FD-B-8.6)
                break
            p = distance * multiplier
            if p < tyres:
                tyres -= p
                lost += p * WEIGHTS["T"]
            elif p == tyres or (tyres == 0 and distance == 1 and not bga):
                lost += tyres * WEIGHTS["T"] + 25
                tyres = 0
                spun = True  # FD-A-4.4
            else:
                tyres = -1  # eliminated (FD-A-4.3)
                break
        if tyres < 0:
            value = ELIMINATION + value
            return (value, NO_PRICE) if value <= floor else self._end_row(d, state, False, floor)
        if tyres != before:
            skey = (tyres, *brakes_left)
            extra = self._scarce.get(skey)
            if extra is None:
                worn = dict(self.wear)
                worn["T"] = tyres
                extra = self._scarce[skey] = self._scarcity(worn)
            lost += extra
        hazards = len(state[HAZARDS])
        if hazards:
            lost += hazards * p_fail * suspension_price
        kind = kinds[space]
        if kind == TRACK:
            near = self._near.get(space)
            if near:
                lost += near * 2 * p_hit * body_price
        value -= lost
        if boxing and state[PIT] == TO_BOX:
            value += 30 if self.wants_pit() else -30
        if kind == PIT_BOX:
            value += 5
        if value <= floor:
            return value, NO_PRICE
        rows = self._overshot_rows
        row = rows.get(space)
        if row is None:
            context = self._approach_context(space, self.t.corner[space], state[OVERS])
            row = rows[space] = NO_PRICE if context is None else approach_row(context)
        if row is NO_PRICE:
            return value, NO_PRICE
        # a spun car restarts in gear 1 whatever it selected (FD-A-4.4)
        return value, ((row[1],) * 7 if spun else row)

    def _layer_rows(self, layer: list, d: int, floor: float) -> list:
        """(value, row, on the main track, state, trail) of each end of a layer,
        value and row as `_end_row` gives them; its common case (`_clean_base`)
        inlined, with the same sums in the same order."""
        setup = self._row_setup
        if setup is None:
            t = self.t
            slow = self._fatal_now or self._street
            setup = self._row_setup = (
                t.kind_of,
                t.rank,
                t.corner,
                t.corners,
                t.L,
                self.start_progress,
                self.corner,
                self.stops,
                self._near.get,
                self._near_price,
                self._hazard_price if self.advanced else 0.0,
                self._clean_rows.get,
                slow,
                self.pit_mode == ON_TRACK,
                self.advanced and not slow,
            )
        (
            kinds,
            ranks,
            corner_of,
            corners,
            L,
            start,
            own_corner,
            stops,
            near_get,
            near_price,
            hazard_price,
            rows_get,
            slow,
            boxing,
            overshoots_fast,
        ) = setup
        out = []
        for state, trail, _r, _b, _r0 in layer:
            space = state[0]
            kind = kinds[space]
            lap = state[LAP]
            overs = state[OVERS]
            if overs:
                if overshoots_fast:
                    value, row = self._overshot_row(d, state, floor)
                    out.append((value, row, kind == TRACK, state, trail))
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
                out.append((value, row, kind == TRACK, state, trail))
                continue
            if slow:
                value, row = self._end_row(d, state, False, floor)
                out.append((value, row, kind == TRACK, state, trail))
                continue
            value = float((lap - 1) * L + ranks[space] - start)
            lost = 0.0
            if state[HAZARDS] and hazard_price:
                lost += len(state[HAZARDS]) * hazard_price
            if kind == TRACK:
                near = near_get(space)
                if near:
                    lost += near * near_price
            end_corner = corner_of[space]
            if end_corner >= 0 and (end_corner != own_corner or stops < corners[end_corner].stops):
                value += 6  # a stop the corner still counts
            value -= lost
            if state[PIT] == TO_BOX and boxing:
                value += 30 if self.wants_pit() else -30
            if kind == PIT_BOX:
                value += 5
            if value <= floor:
                row = NO_PRICE
            else:
                row = rows_get(space)
                if row is None:
                    row = self._clean_row(space)
            out.append((value, row, kind == TRACK, state, trail))
        return out

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
