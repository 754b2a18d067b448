"""What an end of a move is worth to a bot (FD-E-24): progress less the wear
and risk it costs, and the price of arriving too fast at the next corner.

A mixin of `Outlook`, which holds the car, the board and the search.
"""

from __future__ import annotations

from ..rules.damage import FORCED_BRAKING
from ..rules.steps import HAZARDS, LAP, ON_TRACK, OVERS, PIT, SPACE, TO_BOX
from ..rules.track import PIT_BOX, TRACK
from .prices import APPROACH, ELIMINATION, FATAL, SCARCITY, WEIGHTS, approach_price


class EndValues:
    """`score` and its parts."""

    __slots__ = ()  # the fields are `Outlook`'s

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
                    p = distance * (self._tyre_multiplier or self._multiplier())
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
                scarce = self._scarce_prices()
                extra = scarce.get(skey)
                if extra is None:
                    extra = scarce[skey] = self._scarcity(wear)
                lost += extra
        hazards = len(state[HAZARDS])
        if hazards and self.advanced:
            p_fail = 0.25 if self.wet else 0.2
            su = wear["Su"]
            lost += hazards * p_fail * (WEIGHTS["Su"] if su > 1 else 200)
        if not finished and t.kind_of[space] == TRACK:
            near = self._near[space]
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

    def _scarce_prices(self) -> dict:
        """(T, Br, WP) after the move -> scarcity price, shared by the outlooks
        of the same wear and lap; looked up when first asked (most outlooks
        never wear a part but by the move's own braking, priced apart)."""
        got = self._scarce
        if got is None:
            key = (tuple(self.wear.items()), self.me["lap"] < self.laps)
            got = SCARCITY.get(key)
            if got is None:
                got = SCARCITY[key] = {}
            self._scarce = got
        return got

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
        """The tyre multiplier of an overshoot (FD-V-7), worked out once per outlook."""
        got = self._tyre_multiplier
        if got is None:
            got = self._tyre_multiplier = self._multiplier_now()
        return got

    def _multiplier_now(self) -> int:
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
        price = APPROACH.get(key)
        if price is None:
            price = APPROACH[key] = self._approach_uncached(space, lap, gear, end_corner, state)
        return price

    def _approach_uncached(self, space: int, lap: int, gear: int, end_corner: int, state) -> float:
        """Cost of arriving too fast at the next corner owing stops."""
        context = self._approach_context(space, end_corner, state[OVERS])
        return 0.0 if context is None else approach_price((*context[:3], gear, context[3]))

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
