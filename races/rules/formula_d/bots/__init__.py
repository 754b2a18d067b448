"""Bots (FD-E-24): `rookie` and `pro`, deterministic, never touching the race's dice.

Both read only the public view and the decision; `outlook.Outlook` gives them
the legal ends of a move and their scores.
"""

from __future__ import annotations

from functools import cache
from itertools import repeat

from ...contract import Action, ConfigError, Decision
from ..chance import GEAR_ODDS, GEAR_RANGE
from ..rules.search import unwind
from ..rules.steps import LAP, ON_TRACK, OVERS, PIT, SPACE, TO_BOX
from ..rules.track import TRACK
from .outlook import ELIMINATION, WEIGHTS, Outlook


def _gear_cost(option: dict) -> float:
    costs = option["costs"]
    if not costs:
        return 0  # a free gear (the sum of no costs)
    return sum(WEIGHTS.get(cat, 4) * amount for cat, amount in costs.items())


# decision kind -> the name of the bot's method that answers it
_HANDLER_NAMES: dict[str, str] = {}


class Bot:
    name = "bot"

    def __init__(self, seed, seat: str):
        self.seed = seed
        self.seat = seat
        self.last_outlook = None  # the gear decision's search, reused by the move

    def choose(self, view: dict, decision: Decision) -> Action:
        # the handler's name built once per kind: a new string per decision
        # would be hashed and looked up through the classes afresh
        method = _HANDLER_NAMES.get(decision.kind)
        if method is None:
            method = _HANDLER_NAMES[decision.kind] = "on_" + decision.kind
        handler = getattr(self, method, None)
        if handler is None:
            raise ConfigError(f"{self.name} cannot answer a {decision.kind} decision")
        return handler(view, decision)

    # shared answers
    def on_build(self, view, decision):
        return Action("build", dict(decision.options["standard"]))

    def on_tires(self, view, decision):
        return Action("tires", {"type": "hard"})

    def on_boost(self, view, decision):
        return Action("boost", {"soft": False, "nitro": False})

    def on_slipstream(self, view, decision):
        return Action("slipstream", {"path": []})

    def on_pit_service(self, view, decision):
        return Action("pit_service", {"stop": "tyre", "repairs": {}})

    def on_repair(self, view, decision):
        return decision.default  # greedy (FD-E-9)

    def on_frogger_reroll(self, view, decision):
        return Action("frogger_reroll", {"reroll": False})

    def on_drift(self, view, decision):
        return Action("drift", {"to": None})

    def on_debris(self, view, decision):
        return Action("debris", {"space": None})

    def on_radio(self, view, decision):
        return Action("radio", {"throw": False})

    def on_move(self, view, decision):
        m = decision.options["m"]
        slide = decision.options.get("slide", 0)
        prev, self.last_outlook = self.last_outlook, None
        if (
            prev is not None
            and not slide
            and decision.kind == "move"
            and _same_board(prev.view, view, self.seat)
        ):
            # nothing but this car's gear changed since the gear decision: its
            # outlook (search, ends and scores) is this one's
            out = prev
            out.view = view
            for c in view["cars"]:
                if c["seat"] == self.seat:
                    out.me = c
                    break
        else:
            out = Outlook(view, self.seat)
            out.set_slide(m, slide)
            if not slide and decision.kind == "move":
                out.borrow_search(prev)
        # FD-V-9.3 (nitro) and FD-V-4.3 (qualifying): only forced braking
        may_brake = not decision.options.get("forced_braking_only", False)
        end = self.pick(out, m, view, may_brake=may_brake)
        # `unwind(end[2])` said in space ids, read straight off the trail
        ids, trail, path = out.t.ids, end[2], []
        while trail and trail[1] is not None:
            path.append(ids[trail[0][SPACE]])
            trail = trail[1]
        path.reverse()
        return Action(decision.kind, {"path": path})

    on_fast_exit = on_move


def _same_board(a: dict, b: dict, seat: str) -> bool:
    """Two views of one race equal in all an outlook reads but this car's gear:
    the other cars' places, the markers, the weather and this car's dashboard
    (the rest of a view is fixed for the race)."""
    if a["weather"] != b["weather"]:
        return False
    if a["markers"] is not b["markers"] and a["markers"] != b["markers"]:
        return False  # (the race shares the markers' dictionary while they are unchanged)
    for x, y in zip(a["cars"], b["cars"], strict=True):
        if x is y:
            continue  # the race shares a car's unchanged dictionary between views
        if x["space"] != y["space"] or x["status"] != y["status"]:
            return False
        if x["seat"] == seat:
            for k in _DASHBOARD:
                if x[k] != y[k]:
                    return False
    return True


# what an outlook reads of its own car besides the space and status
_DASHBOARD = ("lap", "wear", "maxima", "corner", "stops", "pit", "tires", "fit_lap", "li_row")


class Rookie(Bot):
    """Sensible but simple: the racing line and a gear that cannot overshoot."""

    name = "rookie"

    def on_gear(self, view, decision):
        """The highest free gear that cannot overshoot the next corner where the car
        owes stops, even if each later turn shifts down only one gear; else one down."""
        out = Outlook(view, self.seat)
        free = [o for o in decision.options["gears"] if not o["costs"]]
        if not free:
            free = decision.options["gears"][:1]
        to_first, room, need = _owed_corner(out)
        fitting = [o for o in free if _cannot_overshoot(to_first, room, need, o["gear"])]
        if fitting:
            choice = max(fitting, key=lambda o: o["gear"])
        else:
            choice = min(free, key=lambda o: o["gear"])
        return Action("gear", {"gear": choice["gear"]})

    def pick(self, out: Outlook, m: int, view, *, may_brake: bool = True):
        ends = out.ends(m, may_brake)
        wants_pit = out.wants_pit(rookie=True)

        def key(end):
            d, state, trail, brake_kind, b, terminal = end
            path = unwind(trail)
            dead = out.score(end, out.me["gear"], weigh_pit=False) <= ELIMINATION / 2
            space = state[SPACE]
            c = out.t.corner[space]
            owed = (
                c >= 0
                and not state[OVERS]
                and (c != out.corner or out.stops < out.t.corners[c].stops)
            )
            pit = state[PIT] == TO_BOX and out.pit_mode == ON_TRACK
            return (
                dead,
                brake_kind == "voluntary",
                pit != wants_pit,
                not owed,
                bool(state[OVERS]),
                -out.progress(space, state[LAP]),
                sum(1 for s in path if s in out.markers),
                [out.t.lane[s] for s in path],
            )

        return min(ends, key=key)


def _owed_corner(out: Outlook) -> tuple[int, int, int]:
    """(ranks to the first space, ranks to the last space, stops owed) of the next
    corner where the car owes stops."""
    t = out.t
    if t.kind_of[out.space] != TRACK:
        return 0, 12, 0
    rank = t.rank[out.space]
    if out.corner >= 0 and out.stops < t.corners[out.corner].stops:
        c = t.corners[out.corner]
        return 0, (c.last - rank) % t.L, c.stops - out.stops
    c = t.corners[t.reference_corner[rank]]
    if out.corner == c.index:
        c = t.corners[(c.index + 1) % len(t.corners)]
    return (c.first - rank) % t.L, (c.last - rank) % t.L, c.stops


@cache
def _cannot_overshoot(to_first: int, room: int, need: int, gear: int) -> bool:
    """No roll of this gear, nor of one gear lower each later turn, passes the last
    space of the corner before the stops owed are made (blocking aside)."""
    if need <= 0:
        return True
    if GEAR_RANGE[gear][1] > room:
        return False
    lower = max(1, gear - 1)
    for value, _p in GEAR_ODDS[gear]:
        if value >= to_first:  # stops in the corner
            if need > 1 and not _cannot_overshoot(0, room - value, need - 1, lower):
                return False
        elif not _cannot_overshoot(to_first - value, room - value, need, lower):
            return False
    return True


class Pro(Bot):
    """Weighs each gear over its die faces: progress against wear, risk and position."""

    name = "pro"

    def on_gear(self, view, decision):
        out = Outlook(view, self.seat)
        options = decision.options["gears"]
        # in one pass: the largest roll of any gear offered, and the gears that
        # cost a skip, weighed only when no free gear scores well
        top = 0
        free, costly, free_gears, costly_gears = [], [], [], []
        for o in options:
            g = o["gear"]
            if GEAR_RANGE[g][1] > top:
                top = GEAR_RANGE[g][1]
            if o["costs"]:
                costly.append(o)
                costly_gears.append(g)
            else:
                free.append(o)
                free_gears.append(g)
        slide = out.slide_if_wet()
        out.layers(top + slide)
        per_value: dict[int, Outlook] = {}  # see `_value_outlook`
        # face_values takes the gears in any order (the offered gears are distinct)
        faces = None if slide else out.face_values(top, free_gears)
        best, best_gear = None, options[0]["gear"]
        for group in (free, costly):
            if group is costly and best is not None and best >= 0.0:  # floats, as `faces` says
                break
            if group is costly and faces is not None and costly:
                faces.update(out.face_values(top, costly_gears, more=True))
            for o in group:
                g = o["gear"]
                expected = -_gear_cost(o) if group is costly else 0  # a free gear costs 0
                # `best(value, g)[0]` by face, weighed with the others by `face_values`
                weighed = faces[g] if faces is not None else repeat(None)
                for (value, p), got in zip(GEAR_ODDS[g], weighed, strict=False):  # repeat: endless
                    if got is None:
                        weigher = self._value_outlook(out, per_value, view, value, slide)
                        got = weigher.best(value, g)[0]
                    expected += p * got
                if g >= 5:
                    expected -= 0.1 * 0.55 * WEIGHTS["En" if out.advanced else "WP"]
                if best is None or expected > best + 1e-9:
                    best, best_gear = expected, g
        self.last_outlook = out
        return Action("gear", {"gear": best_gear})

    def _value_outlook(self, out: Outlook, per_value: dict, view, value: int, slide: int):
        """The outlook that weighs a roll of `value`: `out` when no rain slide is
        armed; else one per value, since the slide depends on B (a method, not
        a closure made on every gear decision)."""
        if not slide:
            return out
        got = per_value.get(value)
        if got is None:
            got = per_value[value] = Outlook(view, self.seat)
            got.set_slide(value, slide)
        return got

    def pick(self, out: Outlook, m: int, view, *, may_brake: bool = True):
        gear = out.me["gear"]
        if not may_brake:  # the gear decision weighed ends that brake at will
            return out.best(m, gear, may_brake=False)[1]
        return out.face_end(m, gear) or out.best(m, gear)[1]

    def on_boost(self, view, decision):
        """Soft bonus and nitro when the extra spaces score better (FD-V-7.6, FD-V-9)."""
        opts = decision.options
        out = Outlook(view, self.seat)
        m, gear = opts["m"], out.me["gear"]
        best, choice = None, {"soft": False, "nitro": False}
        for soft in (False, True)[: 1 + bool(opts["soft"])]:
            for nitro in (False, True)[: 1 + bool(opts["nitro"])]:
                total = m + soft + (opts["nitro_spaces"] if nitro else 0)
                score = out.best(total, gear, may_brake=not nitro)[0]
                if best is None or score > best + 0.5:
                    best, choice = score, {"soft": soft, "nitro": nitro}
        return Action("boost", choice)

    def on_frogger_reroll(self, view, decision):
        """Reroll a die that means rain."""
        return Action("frogger_reroll", {"reroll": decision.options["value"] <= 7})

    def on_drift(self, view, decision):
        """Drift back when that undoes an overshoot and the tyres can spare it."""
        me = next(c for c in view["cars"] if c["seat"] == self.seat)
        for option in decision.options["options"]:
            if option.get("undoes_overshoot") and me["wear"]["T"] >= 2:
                return Action("drift", {"to": option["to"]})
        return Action("drift", {"to": None})

    def on_tires(self, view, decision):
        weather = view["weather"]
        if weather in ("RAIN", "RAIN_VAR", "CLOUDY_WET"):
            kind = "rain"
        elif weather == "SUNNY":
            kind = "soft"
        else:
            kind = "hard"
        return Action("tires", {"type": kind})

    def on_slipstream(self, view, decision):
        best, choice = 0.0, []
        markers = set(view["markers"])
        for option in decision.options["paths"]:
            gain = len(option["path"]) - 2 * option["brake_points"]
            gain -= 2 * sum(1 for s in option["path"] if s in markers)
            if gain > best:
                best, choice = gain, option["path"]
        return Action("slipstream", {"path": list(choice)})

    def on_pit_service(self, view, decision):
        opts = decision.options
        params = {"stop": "tyre", "repairs": {}}
        if opts.get("tires"):
            params["tires"] = "rain" if view["weather"] in ("RAIN", "RAIN_VAR") else "hard"
        budget = opts.get("budget") or 0
        wear, maxima = opts["wear"], opts["maxima"]
        repairs: dict[str, int] = {}
        if "technical" in opts["stops"] and budget:
            limit = min(2, budget)
            for cat in sorted(("Br", "Gb", "Bo", "En", "Su"), key=lambda c: -WEIGHTS[c]):
                gap = maxima[cat] - wear[cat]
                while (
                    gap > 0 and limit > 0 and len(repairs) < 2 or (cat in repairs and gap and limit)
                ):
                    repairs[cat] = repairs.get(cat, 0) + 1
                    gap -= 1
                    limit -= 1
                    if limit == 0 or gap == 0:
                        break
            if repairs and any(wear[c] <= 1 for c in ("Bo", "En", "Su")):
                params["stop"] = "technical"
                params["repairs"] = repairs
        return Action("pit_service", params)


BOTS = {"rookie": Rookie, "pro": Pro, "greedy": Pro}


def make(name: str, *, seed, seat: str) -> Bot:
    if name not in BOTS:
        raise ConfigError(f"unknown bot {name!r}; bots: rookie, pro")
    return BOTS[name](seed, seat)
