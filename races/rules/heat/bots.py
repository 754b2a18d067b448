"""Bots that drive player cars with the full rules, from what a player can see.

`rookie` picks a gear from the next corner and plays its highest or lowest cards; `pro`
weighs every gear and every distinct hand of cards against the Heat each corner would cost,
with a margin for the Stress cards it cannot predict, and spends Heat on Boosts only when
the corners ahead leave room. `legend` is the Legend car: the engine moves it by the Legend
rules (HEAT-LEGEND-03) and never asks it anything.
"""

from __future__ import annotations

from itertools import combinations

from ..contract import Action, Decision

STRESS_MEAN = 2.5  # a Stress card turns into one of the 1-4 speed cards (HEAT-B-031)
STRESS_MAX = 4
REACH = 30  # beyond any Speed a car reaches in one turn


def _heat_due_table(view: dict, progress: int, speed_cap: int = REACH) -> list[int]:
    """due[s]: Heat the corners would cost if the car moved s spaces at Speed s
    (HEAT-B-044); crossings beyond the final finish line are free."""
    length = view["length"]
    finish = view["finish"]
    limits = {pos: limit for _, pos, limit in view["corners"]}
    due = [0] * (speed_cap + 1)
    crossed: list[int] = []
    for s in range(1, speed_cap + 1):
        q = progress + s
        if q < finish and q % length in limits:
            crossed.append(limits[q % length])
        due[s] = sum(s - lim for lim in crossed if s > lim)
    return due


def _crossed_limits(view: dict, start: int, end: int) -> list[int]:
    length = view["length"]
    limits = {pos: limit for _, pos, limit in view["corners"]}
    return [
        limits[q % length]
        for q in range(start + 1, end + 1)
        if q < view["finish"] and q % length in limits
    ]


def _hand(options: dict) -> list[dict]:
    return [c for c in options["hand"] if c["kind"] != "HEAT"]


def _value(c: dict, mean: float = STRESS_MEAN) -> float:
    return mean if c["kind"] == "STRESS" else c["speed"]


class RookieBot:
    """A cautious beginner: one gear at a time, no planning across corners."""

    def __init__(self, seed: int | str, seat: str) -> None:
        self.seat = seat

    def choose(self, view: dict, decision: Decision) -> Action:
        o = decision.options
        kind = decision.kind
        if kind == "shift_gear":
            corner = o["next_corner"]
            gear = o["gear"]
            if corner["beyond_finish"] or corner["distance"] > 12:
                target = 4
            elif corner["limit"] <= 3 and corner["distance"] <= 6:
                target = 2
            else:
                target = 3
            step = 1 if target > gear else -1 if target < gear else 0
            return Action("shift_gear", {"gear": gear + step})
        if kind == "play_cards":
            if decision.default is not None:
                return decision.default
            cards = sorted(_hand(o), key=lambda c: (_value(c), c["id"]))
            corner = o["next_corner"]
            near = not corner["beyond_finish"] and corner["distance"] < 3 * o["count"]
            chosen = cards[: o["count"]] if near else cards[-o["count"] :]
            return Action("play_cards", {"cards": [c["id"] for c in chosen]})
        if kind == "react":
            cool = min(o["cooldown_left"], o["heat_in_hand"])
            if cool:
                return Action("cooldown", {"count": cool})
            if o["adrenaline_move"] and not o["crossed"]:
                return Action("adrenaline_move")
            corner = o["next_corner"]
            if o["boost"] and o["engine"] >= 3 and not o["crossed"] and corner["distance"] > 4:
                return Action("boost")
            return Action("end_react")
        if kind == "slipstream":
            safe = all(limit >= o["speed"] for _, limit in o["crosses"])
            return Action("slipstream", {"take": safe})
        if kind == "discard":
            weak = [
                c["id"] for c in o["hand"] if c["kind"] == "STARTING_UPGRADE" and c["speed"] == 0
            ]
            return Action("discard", {"cards": weak})
        return decision.default or Action("end_react")


class ProBot:
    """Plans gear and cards together and manages Heat across the corners ahead."""

    def __init__(self, seed: int | str, seat: str) -> None:
        self.seat = seat
        self.plan: tuple[int, list[str]] | None = None

    # ------------------------------------------------------------ steps 1-2
    def _heat_weight(self, view: dict, progress: int) -> float:
        left = view["finish"] - progress
        return 0.4 if left <= view["length"] // 2 else 1.0

    def _best_plan(self, view: dict, o: dict) -> tuple[int, list[str]]:
        progress = o["progress"]
        engine = o["engine"]
        due = _heat_due_table(view, progress)
        weight = self._heat_weight(view, progress)
        cards = _hand(o)
        to_finish = view["finish"] - progress
        best = None
        for choice in o["gears"]:
            gear, cost = choice["gear"], choice["heat"]
            if len(cards) < gear:
                score = -50.0 - gear
                plan = [c["id"] for c in o["hand"]]
                if best is None or score > best[0]:
                    best = (score, gear, plan)
                continue
            seen = set()
            avail = engine - cost
            cool = {1: 3, 2: 1}.get(gear, 0)
            for combo in combinations(cards, gear):
                key = tuple(sorted((c["kind"], c["speed"]) for c in combo))
                if key in seen:
                    continue
                seen.add(key)
                fixed = sum(c["speed"] for c in combo if c["kind"] != "STRESS")
                stress = sum(1 for c in combo if c["kind"] == "STRESS")
                mean = fixed + STRESS_MEAN * stress
                worst = min(REACH, fixed + STRESS_MAX * stress)
                expected_due = due[min(REACH, round(mean))]
                worst_due = due[worst]
                score = min(mean, to_finish + 4) - weight * (expected_due + cost)
                score += 0.6 * stress + 0.3 * min(cool, o["heat_in_hand"])
                if expected_due > avail:
                    score -= 25
                elif worst_due > avail:
                    score -= 8
                score += self._next_corner_room(view, progress + round(mean), gear)
                if best is None or score > best[0]:
                    best = (score, gear, [c["id"] for c in combo])
        return best[1], best[2]

    def _next_corner_room(self, view: dict, landing: int, gear: int) -> float:
        """Landing close before a slow corner in a high gear forces an expensive shift."""
        length = view["length"]
        if landing >= view["finish"]:
            return 0.0
        for _, pos, limit in sorted(view["corners"], key=lambda c: (c[1] - landing - 1) % length):
            distance = (pos - landing - 1) % length
            need = max(1, (limit + 1) // 2)
            if distance < 2 * limit and gear - need > 2:
                return -2.0
            return 0.0
        return 0.0

    # ------------------------------------------------------------ step 5
    def _react(self, view: dict, o: dict) -> Action:
        cool = min(o["cooldown_left"], o["heat_in_hand"])
        if cool:
            return Action("cooldown", {"count": cool})
        progress, speed, engine = o["progress"], o["speed"], o["engine"]
        crossed = self._limits_of(view, o["crossed"])
        if o["adrenaline_move"]:
            after = crossed + _crossed_limits(view, progress, progress + 1)
            extra = _due(after, speed + 1) - _due(crossed, speed)
            if extra == 0 or (
                extra <= engine - _due(crossed, speed) - 1 and self._heat_weight(view, progress) < 1
            ):
                return Action("adrenaline_move")
        if o["boost"]:
            after = crossed + _crossed_limits(view, progress, progress + STRESS_MAX)
            worst = _due(after, speed + STRESS_MAX)
            reserve = 0 if self._heat_weight(view, progress) < 1 else 2
            if engine - 1 - worst >= reserve:
                return Action("boost")
        return Action("end_react")

    def _limits_of(self, view: dict, crossed: list) -> list[int]:
        limits = {cid: limit for cid, _, limit in view["corners"]}
        return [limits[cid] for cid, q in crossed if q < view["finish"]]

    def choose(self, view: dict, decision: Decision) -> Action:
        o = decision.options
        kind = decision.kind
        if kind == "shift_gear":
            self.plan = self._best_plan(view, o)
            return Action("shift_gear", {"gear": self.plan[0]})
        if kind == "play_cards":
            if decision.default is not None:
                return decision.default
            if self.plan is None or self.plan[0] != o["count"]:
                self.plan = self._best_plan(view, {**o, "gears": [{"gear": o["count"], "heat": 0}]})
            cards = self.plan[1]
            self.plan = None
            return Action("play_cards", {"cards": cards})
        if kind == "react":
            return self._react(view, o)
        if kind == "slipstream":
            crossed = self._limits_of(view, o["crossed"]) + [lim for _, lim in o["crosses"]]
            return Action("slipstream", {"take": _due(crossed, o["speed"]) <= o["engine"]})
        if kind == "discard":
            weak = [
                c["id"]
                for c in o["hand"]
                if c["kind"] in ("SPEED", "STARTING_UPGRADE") and c["speed"] <= 1
            ]
            return Action("discard", {"cards": weak})
        return decision.default or Action("end_react")


def _due(limits: list[int], speed: int) -> int:
    return sum(speed - lim for lim in limits if speed > lim)


class LegendBot:
    """The Legend car. The engine moves Legends by their cards and never opens a decision
    for them (HEAT-LEGEND-03); as the autopilot of a player car it drives like `rookie`."""

    def __init__(self, seed: int | str, seat: str) -> None:
        self.fallback = RookieBot(seed, seat)

    def choose(self, view: dict, decision: Decision) -> Action:
        return self.fallback.choose(view, decision)


BOTS = {"legend": LegendBot, "rookie": RookieBot, "pro": ProBot}
