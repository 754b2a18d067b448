"""What the bots estimate from a view: the Heat the corners ahead would cost, the room before
the next corner, what a card or an upgrade is worth. Plain functions of what a player sees."""

from __future__ import annotations

from functools import cache, lru_cache

from ...contract import Action

STRESS_MEAN = 2.5  # a Stress card turns into one of the 1-4 speed cards (HEAT-B-031)
STRESS_MAX = 4
REACH = 24  # beyond any Speed a car reaches in one turn (5 + 4 + 4 + 4, Stress at 4)
STRESS_CLASS = 100  # one "+" in a planned hand (above any sum of fixed speeds)
HEAT_CLASS = 10000  # one Heat of cost in a planned hand (above any sum of "+")


def card_class(c: dict) -> int:
    """A card as one number: fixed speed + "+" symbols + Heat cost (see _best_plan)."""
    fixed = c["speed"] if c["speed"] is not None else max(c.get("speed_choices") or [0])
    return fixed + STRESS_CLASS * c["plus"] + HEAT_CLASS * c.get("heat_cost", 0)


# card id -> card_class: an id always names the same card (HEAT-B-ENG-07), and the pro bot
# classes its whole hand at every plan
CLASS_BY_ID: dict[str, int] = {}


def upgrade_worth(c: dict) -> float:
    """How much a drafted upgrade helps, in spaces (a rough guide for the draft)."""
    if c["kind"] == "HEAT":
        return -5.0
    speed = c["speed"] if c["speed"] is not None else max(c.get("speed_choices") or [0])
    return (
        speed
        + STRESS_MEAN * c["plus"]
        + 0.8 * c.get("cooldown", 0)
        - 1.5 * c.get("heat_cost", 0)
        + 0.5 * c.get("reduce_stress", 0)
        + 0.3 * c.get("slipstream_bonus", 0)
        + 0.4 * c.get("adjust_limit", 0)
        + (0.5 if c.get("speed_choices") else 0)
        + (0.5 if c.get("direct_play") else 0)
        - 0.1 * c.get("scrap", 0)
    )


@lru_cache(maxsize=None, typed=True)
def answer(kind: str, name: str | None = None, value: int | bool | None = None) -> Action:
    """An Action with no parameter or one plain one, made once: a bot gives the same few
    answers hundreds of times a race (keep a gear, end the React, cool down 1), an Action is
    frozen, and each one kept in a race's list of actions is one more object for the
    garbage collector."""
    return Action(kind) if name is None else Action(kind, {name: value})


def garage_duty(o: dict) -> Action | None:
    """The mandatory upgrade symbols, and the ones that never hurt (HEAT-GARAGE-08)."""
    if o.get("heat_owed") and o["engine"]:
        return Action("pay_heat_cost", {"count": min(o["heat_owed"], o["engine"])})
    if o.get("scrap"):
        return Action("scrap", {"card": o["scrap"][0][0]})
    if o.get("super_cool"):
        name, n = o["super_cool"][0]
        return Action("super_cool", {"card": name, "count": min(n, o["heat_in_discard"])})
    if o.get("reduce_stress"):
        name, n = o["reduce_stress"][0]
        return Action("reduce_stress", {"card": name, "stress": o["stress_in_hand"][:n]})
    return None


# The last corners list seen and its key: the list is shared by every view of a race and
# never changed in place (a new race makes a new one), and holding it keeps its id unique.
_last_corners: list = [None, ()]


def corners_key(view: dict) -> tuple:
    """The view's corners as a hashable key (the list is shared by every view of a race)."""
    corners = view["corners"]
    last = _last_corners
    if corners is last[0]:
        return last[1]
    key = tuple((pos, limit) for _, pos, limit in corners)
    last[0], last[1] = corners, key
    return key


def heat_due_table(view: dict, progress: int) -> tuple[int, ...]:
    """due[s]: Heat the corners would cost if the car moved s spaces at Speed s
    (HEAT-B-044); crossings beyond the final finish line are free."""
    return _heat_due(view["length"], view["finish"], corners_key(view), progress)


@lru_cache(maxsize=8192)
def _heat_due(length: int, finish: int, corners: tuple, progress: int) -> tuple[int, ...]:
    limits = dict(corners)
    due = [0] * (REACH + 1)
    crossed: list[int] = []
    for s in range(1, REACH + 1):
        q = progress + s
        if q < finish and q % length in limits:
            crossed.append(limits[q % length])
        due[s] = sum(s - lim for lim in crossed if s > lim)
    return tuple(due)


@cache
def corners_ahead(length: int, corners: tuple) -> tuple[tuple[int, int], ...]:
    """For each space: (countdown, limit) of the next corner (HEAT-B-TRK-05)."""
    positions = sorted(corners)
    out = []
    for space in range(length):
        pos, limit = next(((p, lim) for p, lim in positions if p > space), positions[0])
        out.append(((pos - space - 1) % length, limit))
    return tuple(out)


def corner_room(view: dict, progress: int) -> tuple[tuple[int, int], ...]:
    """room[s]: (countdown, limit) of the next corner after landing s spaces ahead."""
    length = view["length"]
    return _corner_room(length, corners_key(view), progress % length)


@lru_cache(maxsize=4096)
def _corner_room(length: int, corners: tuple, start: int) -> tuple[tuple[int, int], ...]:
    table = corners_ahead(length, corners)
    return tuple(table[(start + s) % length] for s in range(REACH + 1))


def plan_tables(view: dict, progress: int) -> tuple[tuple, tuple, dict]:
    """(heat_due_table, corner_room, the pro bot's worth of each Speed by gear) of the
    progress: the pro bot asks them at every plan. The tables of a track layout are kept by
    progress, and the layout's are found once per race, so a plan's lookup hashes one int
    instead of the corners; they depend on nothing else, so a car that plans from the same
    progress in another race finds them all."""
    corners, length, finish = view["corners"], view["length"], view["finish"]
    last = _last_tables
    if corners is not last[0] or length != last[1] or finish != last[2]:
        if len(_TABLES) > 16:  # weather makes new layouts: keep the memory bounded
            _TABLES.clear()
        layout = (length, finish, corners_key(view))
        # The corners list is shared by every view of a race (see corners_key), and holding
        # it here keeps its id unique.
        last[:] = [corners, length, finish, _TABLES.setdefault(layout, {})]
    tables = last[3]
    found = tables.get(progress)
    if found is None:
        due, room = heat_due_table(view, progress), corner_room(view, progress)
        found = tables[progress] = (due, room, {})
    return found


# (length, finish, corners_key) -> progress -> plan_tables; and the last race's corners list,
# length, finish and tables
_TABLES: dict[tuple, dict[int, tuple[tuple, tuple, dict]]] = {}
_last_tables: list = [None, 0, 0, {}]


def limits_by_id(view: dict) -> dict[int, int]:
    """Corner id -> limit, made once per race (the corners list is kept as corners_key's)."""
    corners = view["corners"]
    last = _last_limits
    if corners is not last[0]:
        last[0] = corners
        last[1] = {cid: limit for cid, _, limit in corners}
        last[2] = {pos: limit for _, pos, limit in corners}
    return last[1]


def limits_by_position(view: dict) -> dict[int, int]:
    """Corner position -> limit, made once per race."""
    limits_by_id(view)
    return _last_limits[2]


_last_limits: list = [None, {}, {}]


def crossed_limits(view: dict, start: int, end: int) -> list[int]:
    """The limits of the corner lines from `start` to `end`, none beyond the final finish
    line; in a loop, as a bot asks it at every React for a space or a few."""
    length = view["length"]
    limits = limits_by_position(view)
    out = []
    for q in range(start + 1, min(end + 1, view["finish"])):
        limit = limits.get(q % length)
        if limit is not None:
            out.append(limit)
    return out


def playable(options: dict) -> list[dict]:
    return [c for c in options["hand"] if c["kind"] != "HEAT"]


def card_estimate(c: dict, mean: float = STRESS_MEAN) -> float:
    fixed = c["speed"] if c["speed"] is not None else max(c.get("speed_choices") or [0])
    return fixed + mean * c["plus"]


def cluttered_play(o: dict, count: int) -> list[str]:
    """HEAT-B-025: every non-Heat card, then Heat cards, lowest id first."""
    playable = [c["id"] for c in o["hand"] if c["kind"] != "HEAT"]
    heat = sorted(c["id"] for c in o["hand"] if c["kind"] == "HEAT")
    return playable + heat[: count - len(playable)]


def heat_due(limits: list[int], speed: int) -> int:
    """The Heat the corners of `limits` cost at `speed` (HEAT-B-044), summed in a loop: a bot
    asks it a few times at every React, mostly of a corner or none, where a generator of its
    own would cost more than the sum."""
    due = 0
    for limit in limits:
        if speed > limit:
            due += speed - limit
    return due
