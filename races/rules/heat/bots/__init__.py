"""Bots that drive player cars with the full rules, from what a player can see.

`rookie` picks a gear from the next corner and plays its highest or lowest cards; `pro`
weighs every gear and every distinct hand of cards against the Heat each corner would cost,
with a margin for the Stress cards it cannot predict, and spends Heat on Boosts only when
the corners ahead leave room. `legend` is the Legend car: the engine moves it by the Legend
rules (HEAT-LEGEND-03) and never asks it anything.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ...contract import Action, Decision
from .estimates import (
    CLASS_BY_ID,
    HEAT_CLASS,
    REACH,
    STRESS_CLASS,
    STRESS_MAX,
    answer,
    card_class,
    card_estimate,
    cluttered_play,
    crossed_limits,
    garage_duty,
    heat_due,
    heat_due_table,
    limits_by_id,
    plan_tables,
    playable,
    upgrade_worth,
)

GEAR_COOLDOWN = {1: 3, 2: 1}  # HEAT-B-006: Cooldown of gears 1 and 2 (0 above)


@lru_cache(maxsize=2048)
def _plays(values: tuple[int, ...]) -> list:
    """gear -> _hands(values, gear), filled as asked: one cache lookup a plan, not a gear."""
    return [None] * 5


def _hands(values: tuple[int, ...], gear: int) -> tuple[tuple, ...]:
    """Each sum's first hand in `combinations` order (see _best_plan), with what it says."""
    firsts: dict[int, tuple] = {}
    # The sums: a second, identical run of the combinations, summed in C. No strict= (a
    # keyword sends zip down its slow call, and the two runs are the same length by make).
    sums = map(sum, combinations(values, gear))
    for total, combo in zip(sums, combinations(values, gear)):  # noqa: B905
        if total not in firsts:
            firsts[total] = combo
    return tuple([(combo,) + _SUM_SAYS[total] for total, combo in firsts.items()])


class _SumSays(dict):
    """Sum of a hand's classes -> (Heat cost, Stress cards, expected Speed, worst Speed),
    Speeds capped at REACH; a dict's own lookup, cheaper than lru_cache's (_hands asks it)."""

    def __missing__(self, total: int) -> tuple[int, int, int, int]:
        card_heat, rest = divmod(total, HEAT_CLASS)
        stress, fixed = divmod(rest, STRESS_CLASS)
        mean = fixed + (5 * stress + 1) // 2  # STRESS_MEAN per Stress, half up
        worst = fixed + STRESS_MAX * stress
        return self.setdefault(total, (card_heat, stress, min(mean, REACH), min(worst, REACH)))


_SUM_SAYS = _SumSays()


def _hand_classes(hand: list[dict]) -> tuple[tuple[int, ...], dict[int, list[str]]]:
    """The classes of the playable cards, sorted, and the card ids of each class in hand
    order. A Stress card is class STRESS_CLASS; every other card its speed."""
    groups: dict[int, list[str]] = {}
    classes: list[int] = []
    by_id = CLASS_BY_ID
    for c in hand:
        if c["kind"] != "HEAT":  # playable(o), inline
            card_id = c["id"]
            cls = by_id.get(card_id)
            if cls is None:
                cls = by_id[card_id] = card_class(c)
            groups.setdefault(cls, []).append(card_id)
            classes.append(cls)
    classes.sort()
    return tuple(classes), groups


def _speed_worth(
    mean: int,
    due: tuple,
    room: tuple,
    progress: int,
    finish: int,
    weight: float,
    cost: int,
    slowest: float,
) -> float:
    """What an expected Speed is worth in spaces, less the Heat its corners and the shift
    cost, and less the overshoot of the next corner when the car slows down next round."""
    to_finish = finish - progress
    value = (mean if mean < to_finish + 4 else to_finish + 4) - weight * (due[mean] + cost)
    if progress + mean < finish:
        distance, limit = room[mean]
        if slowest > distance and slowest > limit:
            value -= weight * (slowest - limit)
    return value


def _cards_of(combo: tuple[int, ...], groups: dict[int, list[str]]) -> list[str]:
    """The card ids of a planned hand: the lowest ids of each class it plays."""
    # A hand lists its classes in ascending order (combinations keep the sorted order of
    # `values`), so its distinct classes come in ascending order as they first appear.
    cards: list[str] = []
    for cls in dict.fromkeys(combo):
        ids = groups[cls]
        cards += sorted(ids)[: combo.count(cls)] if len(ids) > 1 else ids
    return cards


class RookieBot:
    """A cautious beginner: one gear at a time, no planning across corners."""

    def __init__(self, seed: int | str, seat: str) -> None:
        self.seat = seat

    def choose(self, view: dict, decision: Decision) -> Action:
        o = decision.options
        kind = decision.kind
        if kind == "shift_gear":
            return answer("shift_gear", "gear", self._gear(o, o["gears"]))
        if kind == "play_cards":
            if decision.default is not None:
                return decision.default
            count = o["count"] if "count" in o else self._gear(o, o["counts"], "count")
            cards = sorted(playable(o), key=lambda c: (card_estimate(c), c["id"]))
            if len(cards) < count:  # HEAT-B-025: a hand cluttered with Heat
                return Action("play_cards", {"cards": cluttered_play(o, count)})
            corner = o["next_corner"]
            near = not corner["beyond_finish"] and corner["distance"] < 3 * count
            chosen = cards[:count] if near else cards[-count:]
            return Action("play_cards", {"cards": [c["id"] for c in chosen]})
        if kind == "react":
            cool = min(o["cooldown_left"], o["heat_in_hand"])
            if cool:
                return answer("cooldown", "count", cool)
            duty = garage_duty(o)
            if duty is not None:
                return duty
            if o["adrenaline_move"] and not o["crossed"]:
                return answer("adrenaline_move")
            corner = o["next_corner"]
            if o["boost"] and o["engine"] >= 3 and not o["crossed"] and corner["distance"] > 4:
                return answer("boost")
            return answer("end_react")
        if kind == "slipstream":
            safe = all(limit >= o["speed"] for _, limit in o["crosses"])
            return answer("slipstream", "take", safe)
        if kind == "discard":
            weak = [
                c["id"] for c in o["hand"] if c["kind"] == "STARTING_UPGRADE" and c["speed"] == 0
            ]
            return Action("discard", {"cards": weak})
        if kind in ("draft_pick", "market_pick"):
            best = max(o["row"], key=lambda c: (c["speed"] or 0, c["id"]))
            return Action(kind, {"card": best["id"]})
        if kind == "choose_speed":
            return Action("choose_speed", {"card": o["card"]["id"], "value": max(o["choices"])})
        return decision.default or answer("end_react")

    def _gear(self, o: dict, choices: list[dict], key: str = "gear") -> int:
        """One gear towards what the next corner asks for, free shifts preferred."""
        corner = o["next_corner"]
        gear = o["gear"]
        if corner["beyond_finish"] or corner["distance"] > 12:
            target = 4
        elif corner["distance"] <= 6:
            target = max(1, min(3, (corner["limit"] + 1) // 2))
        else:
            target = 3
        step = 1 if target > gear else -1 if target < gear else 0
        free = [g[key] for g in choices if g["heat"] == 0]
        return min(free or [g[key] for g in choices], key=lambda g: (abs(g - gear - step), g))


class ProBot:
    """Plans gear and cards together and manages Heat across the corners ahead."""

    ENGINE_FLOOR = 3  # Heat to keep in the engine for the corner after next
    LOW_ENGINE = 1.0
    SLOW_CARD = 1.5
    BOOST_RESERVE = 2
    DISCARD_UP_TO = 1  # speed cards this weak are discarded in step 8
    HEAT = 1.0  # spaces one Heat card is worth
    LATE_HEAT = 0.4  # ... in the last half lap
    STRESS_BONUS = 0.6  # playing a Stress card clears the hand

    def __init__(self, seed: int | str, seat: str) -> None:
        self.seat = seat
        self.plan: tuple[int, list[str]] | None = None

    # ------------------------------------------------------------ steps 1-2
    def _heat_weight(self, view: dict, progress: int) -> float:
        left = view["finish"] - progress
        return self.LATE_HEAT if left <= view["length"] // 2 else self.HEAT

    def _best_plan(self, view: dict, o: dict) -> tuple[int, list[str]]:
        progress, engine, cool_in_hand = o["progress"], o["engine"], o["heat_in_hand"]
        due, room, worths = plan_tables(view, progress)
        weight = self._heat_weight(view, progress)
        values, groups = _hand_classes(o["hand"])
        finish = view["finish"]
        floor, low, stress_bonus = self.ENGINE_FLOOR, self.LOW_ENGINE, self.STRESS_BONUS
        best, best_score = None, -1e9
        plays = _plays(values)
        for choice in o["gears"]:
            gear, cost = choice["gear"], choice["heat"]
            if len(values) < gear:
                score = -50.0 - gear
                if score > best_score:
                    best_score, best = score, (gear, ())
                continue
            avail = engine - cost
            cool = GEAR_COOLDOWN.get(gear, 0)
            bonus = 0.3 * (cool if cool <= cool_in_hand else cool_in_hand)
            # The score depends only on the fixed sum and the Stress count, which the sum of
            # the classes encodes (STRESS_CLASS exceeds any fixed sum); the first hand of each
            # sum in sorted order plays the lowest cards.
            hands = plays[gear]
            if hands is None:
                hands = plays[gear] = _hands(values, gear)
            # Next round the car can drop one gear for free; its slowest likely Speed then
            # must not overshoot the next corner by much.
            slowest = self.SLOW_CARD * (gear - 1 if gear > 2 else 1)
            # The worth of each expected Speed, kept with the tables of the progress (they fix
            # the weight, the gear fixes `slowest`) by one int of the gear and its Heat cost.
            reach = worths.get(cost * 8 + gear)
            if reach is None:
                reach = worths[cost * 8 + gear] = [None] * (REACH + 1)
            for combo, card_heat, stress, mean, worst in hands:
                value = reach[mean]
                if value is None:
                    value = reach[mean] = _speed_worth(
                        mean, due, room, progress, finish, weight, cost, slowest
                    )
                if card_heat or stress:
                    score = value - weight * card_heat + stress_bonus * stress + bonus
                else:
                    # The same score without adding two zeros (-0.0 may come out as 0.0,
                    # which compares the same).
                    score = value + bonus
                if score <= best_score:
                    continue  # what follows only lowers the score, and a tie keeps the first
                expected_due = due[mean] + card_heat
                if expected_due > avail:
                    score -= 25
                elif stress or card_heat:
                    if due[worst] + card_heat > avail:
                        score -= 8
                left = avail - expected_due
                if left < floor:
                    score -= low * (floor - left)
                if score > best_score:
                    best_score, best = score, (gear, combo)
        gear, combo = best
        return gear, _cards_of(combo, groups)

    # ------------------------------------------------------------ step 5
    def _react(self, view: dict, o: dict) -> Action:
        cool = min(o["cooldown_left"], o["heat_in_hand"])
        if cool:
            return answer("cooldown", "count", cool)
        if "heat_owed" in o:  # only a Garage race's React lists upgrade symbols (HEAT-GARAGE-08)
            chosen = self._symbols(o)
            if chosen is not None:
                return chosen
        progress, speed, engine = o["progress"], o["speed"], o["engine"]
        crossed = self._limits_of(view, o["crossed"])
        if o["adrenaline_move"]:
            after = crossed + crossed_limits(view, progress, progress + 1)
            extra = heat_due(after, speed + 1) - heat_due(crossed, speed)
            if extra == 0 or (
                extra <= engine - heat_due(crossed, speed) - 1
                and self._heat_weight(view, progress) < self.HEAT
            ):
                return answer("adrenaline_move")
        if "accelerate" in o or "direct_play" in o:  # a Garage race's React only (HEAT-GARAGE-11)
            for name, extra in self._free_moves(o):
                after = crossed + crossed_limits(view, progress, progress + extra)
                if heat_due(after, speed + extra) - heat_due(crossed, speed) == 0:
                    return Action(*name)
        if o["boost"]:
            after = crossed + crossed_limits(view, progress, progress + STRESS_MAX)
            worst = heat_due(after, speed + STRESS_MAX)
            reserve = 0 if self._heat_weight(view, progress) < self.HEAT else self.BOOST_RESERVE
            if engine - 1 - worst >= reserve:
                return answer("boost")
        return answer("end_react")

    def _symbols(self, o: dict) -> Action | None:
        """The upgrade symbols of step 5 the bot uses before anything else."""
        duty = garage_duty(o)
        if duty is not None:
            return duty
        if o.get("salvage"):
            name, n = o["salvage"][0]
            best = sorted(
                (c for c in o["discard_pile"] if c["kind"] == "SPEED"),
                key=lambda c: (-c["speed"], c["id"]),
            )[:n]
            if best and best[0]["speed"] >= 3:
                return Action("salvage", {"card": name, "cards": [c["id"] for c in best]})
        return None

    def _free_moves(self, o: dict):
        """Accelerate and direct-play cards, with the spaces they would add."""
        for name in o.get("accelerate", []):
            if o["plus_count"]:
                yield ("accelerate", {"card": name}), o["plus_count"]
        for c in o.get("direct_play", []):
            if not c.get("heat_cost") and not c["plus"]:
                yield ("direct_play", {"card": c["id"]}), c["speed"] or 0

    def _limits_of(self, view: dict, crossed: list) -> list[int]:
        if not crossed:  # no corner line crossed yet this turn: no lookup
            return []
        limits = limits_by_id(view)
        return [limits[cid] for cid, q in crossed if q < view["finish"]]

    def choose(self, view: dict, decision: Decision) -> Action:
        o = decision.options
        kind = decision.kind
        if kind == "shift_gear":
            self.plan = self._best_plan(view, o)
            return answer("shift_gear", "gear", self.plan[0])
        if kind == "play_cards":
            if decision.default is not None:
                return decision.default
            if "counts" in o:  # tournament: the plan picks the number of cards too
                gears = [{"gear": c["count"], "heat": c["heat"]} for c in o["counts"]]
                self.plan = self._best_plan(view, {**o, "gears": gears})
            elif self.plan is None or self.plan[0] != o["count"]:
                self.plan = self._best_plan(view, {**o, "gears": [{"gear": o["count"], "heat": 0}]})
            gear, cards = self.plan
            self.plan = None
            return Action("play_cards", {"cards": cards or cluttered_play(o, gear)})
        if kind == "react":
            return self._react(view, o)
        if kind == "slipstream":
            crossed = self._limits_of(view, o["crossed"]) + [lim for _, lim in o["crosses"]]
            return answer("slipstream", "take", heat_due(crossed, o["speed"]) <= o["engine"])
        if kind == "discard":
            weak = [
                c["id"]
                for c in o["hand"]
                if c["kind"] in ("SPEED", "STARTING_UPGRADE") and c["speed"] <= self.DISCARD_UP_TO
            ]
            return Action("discard", {"cards": weak}) if weak else answer("discard", "cards", ())
        if kind in ("draft_pick", "market_pick"):
            best = max(o["row"], key=lambda c: (upgrade_worth(c), c["id"]))
            return Action(kind, {"card": best["id"]})
        if kind == "market_swap":
            best = max(o["row"], key=lambda c: (upgrade_worth(c), c["id"]), default=None)
            worst = min(o["owned"], key=lambda c: (upgrade_worth(c), c["id"]), default=None)
            if best and worst and upgrade_worth(best) > upgrade_worth(worst) + 1:
                return Action(kind, {"owned": worst["id"], "market": best["id"]})
            return decision.default
        if kind == "choose_speed":
            return Action(
                "choose_speed", {"card": o["card"]["id"], "value": self._speed_choice(view, o)}
            )
        if kind == "refresh":
            keep = [c["id"] for c in o["cards"] if (c["speed"] or 0) >= 3]
            return Action("refresh", {"cards": keep})
        return decision.default or answer("end_react")

    def _speed_choice(self, view: dict, o: dict) -> int:
        """The highest speed whose corners the engine can pay, else the lowest."""
        me = next(c for c in view["cars"] if c["seat"] == self.seat)
        due = heat_due_table(view, me["progress"])
        base = o["speed_so_far"]
        for value in sorted(o["choices"], reverse=True):
            if due[min(REACH, base + value)] <= max(0, me["engine"] - 1):
                return value
        return min(o["choices"])


class LegendBot:
    """The Legend car. The engine moves Legends by their cards and never opens a decision
    for them (HEAT-LEGEND-03); as the autopilot of a player car it drives like `rookie`."""

    def __init__(self, seed: int | str, seat: str) -> None:
        self.fallback = RookieBot(seed, seat)

    def choose(self, view: dict, decision: Decision) -> Action:
        return self.fallback.choose(view, decision)


BOTS = {"legend": LegendBot, "rookie": RookieBot, "pro": ProBot}
