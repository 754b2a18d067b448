"""Street races (FD-V-9 nitro, FD-V-10 basic night street race).

Published only (FD-BGA-16: bga races a street track as a circuit; nitro is
then an option of its own). Zones live on track spaces (FD-T-10).
"""

from __future__ import annotations

from ....contract import Action, Decision
from ...state import CATEGORIES, Car
from .. import damage
from .abilities import nitro_bonus

RESIDENTIAL_BASIC = 10  # FD-V-10.4: 11-20 costs 2 WP
# FD-V-11.5: black die -> category photographed (none up to 15)
RESIDENTIAL_ADVANCED = ((15, None), (18, "T"), (19, "Bo"), (20, "En"))
DANGER_BASIC = 4  # FD-V-10.5: 1-4 costs 1 WP


def nitro_spaces(car: Car) -> int:
    """FD-V-9.2 plus Montoya Cadena's three (FD-V-12.10)."""
    return car.gear + nitro_bonus(car)


def nitro_available(rs, car: Car, kind: str, great: bool) -> bool:
    """FD-V-9.2, FD-V-9.6: one charge, a gear-die move only."""
    return rs.nitro_on and car.nitro > 0 and kind in ("main", "start") and not great


def lap_completed(rs, emit, car: Car) -> None:
    """Line crossing that completes a lap: nitro recharge (FD-V-9.4) and the
    street lap repair (FD-V-10.3)."""
    if car.lap < 2:
        return  # the start crossing from the grid completes no lap
    if rs.nitro_on and car.nitro < 1:
        car.nitro = 1
        emit("nitro_restored", car.seat, lap=car.lap)
    if car.lap - 1 >= rs.laps:
        return
    if rs.street_rules and not rs.advanced:
        gained = damage.repair(emit, car, "WP", 10, "street_lap")
        emit("repair", car.seat, source="street_lap", changes={"WP": gained})
    elif rs.street_rules and car.lap - 1 == 1:  # FD-V-11.4: tyres, then 2 points
        gained = damage.repair(emit, car, "T", car.maxima["T"], "street_lap")
        emit("repair", car.seat, source="street_lap", changes={"T": gained})
        rs.repairs.append((car, "street_lap", 2, CATEGORIES[1:], 2))
    if car.driver == "jenny_slivers":  # FD-V-12.5
        rs.repairs.append((car, "jenny", 4, CATEGORIES, 6))
    if car.driver == "temana_matahi":
        car.extra["debris"] = 1  # FD-V-12.8: once a lap


def police_entry(rs, emit, car: Car, space: int) -> None:
    """FD-V-10.6: first entry of a lap records gear x 10."""
    if not rs.street_rules or rs.track.zone[space] != "police":
        return
    records = rs.police.setdefault(car.lap, {})
    if car.seat in records:
        return
    records[car.seat] = (car.gear * 10, rs.turn_seq)
    emit("police_speed", car.seat, lap=car.lap, speed=car.gear * 10)


def police_awards(rs, emit) -> None:
    """FD-V-10.6, FD-AMB-45: once every racing car has a speed for lap k, the fastest
    (earliest on equal speeds) gains 2 WP; at the end of the turn."""
    for lap in sorted(rs.police):
        if lap in rs.police_awarded:
            continue
        records = rs.police[lap]
        if any(c.racing and c.seat not in records for c in rs.cars):
            continue
        rs.police_awarded.add(lap)
        seat = min(records, key=lambda s: (-records[s][0], records[s][1]))
        car = rs.by_seat[seat]
        if car.racing and rs.advanced:  # FD-V-11.7: two points, one or two categories
            rs.repairs.append((car, "police", 2, CATEGORIES, 2))
        elif car.racing:
            gained = damage.repair(emit, car, "WP", 2, "police")
            emit("repair", seat, source="police", changes={"WP": gained}, lap=lap)


def danger_entered(rs, chance, emit, car: Car, space: int) -> bool:
    """Step 7 (R7), FD-V-11.6: entering an advanced danger space; True if eliminated."""
    if not rs.street_rules or not rs.advanced or rs.qualifying:
        return False
    if rs.track.zone[space] != "danger":
        return False
    threshold = 5 if damage.wet(rs) else 4  # FD-AMB-47
    failed = damage.check(
        chance,
        emit,
        car,
        threshold,
        "danger",
        event="zone_check",
        space=rs.track.ids[space],
        zone="danger",
    )
    return failed and damage.lose(rs, emit, car, "Su", 1, "zone", own_turn=True)


def stopping_zone(rs, chance, emit, car: Car) -> None:
    """Step 13 (R8): residential zones (FD-V-10.4, FD-V-11.5) and basic danger zones."""
    if not rs.street_rules:
        return
    space = car.space
    zone = rs.track.zone[space]
    where = rs.track.ids[space]
    if zone == "residential" and rs.advanced:
        value = chance.roll("black")
        cat = next(c for top, c in RESIDENTIAL_ADVANCED if value <= top)
        emit(
            "zone_check",
            car.seat,
            die="black",
            value=value,
            purpose="residential",
            space=where,
            zone=zone,
            threshold=16,
            failed=cat is not None,
            category=cat,
        )
        if cat:
            damage.lose(rs, emit, car, cat, 1, "zone", own_turn=True)
        return
    if rs.advanced:
        return
    if zone == "residential":
        value = chance.roll("black")
        failed = value > RESIDENTIAL_BASIC
        emit(
            "zone_check",
            car.seat,
            die="black",
            value=value,
            purpose="residential",
            space=where,
            zone=zone,
            threshold=RESIDENTIAL_BASIC + 1,
            failed=failed,
        )
        if failed:
            damage.lose(rs, emit, car, "WP", 2, "zone", own_turn=True)
    elif zone == "danger":
        failed = damage.check(
            chance, emit, car, DANGER_BASIC, "danger", event="zone_check", space=where, zone=zone
        )
        if failed:
            damage.lose(rs, emit, car, "WP", 1, "zone", own_turn=True)


def repair_error(car: Car, total: int, cats: tuple, max_cats: int, params) -> str | None:
    repairs = params.get("repairs") or {}
    if not isinstance(repairs, dict):
        return "repairs map categories to points"
    used = {k: v for k, v in repairs.items() if v}
    for cat, n in used.items():
        if cat not in cats:
            return f"{cat!r} cannot be repaired here; choose from {', '.join(cats)}"
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            return "repair points are whole numbers"
        if car.wear[cat] + n > car.maxima[cat]:
            return f"{cat} cannot go above its maximum {car.maxima[cat]}"
    if sum(used.values()) > total:
        return f"you have {total} repair points"
    if len(used) > max_cats:
        return f"spread the points over at most {max_cats} categories"
    return None


def greedy(car: Car, total: int, cats: tuple, max_cats: int) -> dict:
    """FD-E-9 default: a point at a time to the largest deficit, ties T, Br, Gb, Bo, En, Su."""
    out: dict[str, int] = {}
    for _ in range(total):
        open_cats = [
            c
            for c in cats
            if car.wear[c] + out.get(c, 0) < car.maxima[c] and (c in out or len(out) < max_cats)
        ]
        if not open_cats:
            break
        best = max(
            open_cats,
            key=lambda c: (car.maxima[c] - car.wear[c] - out.get(c, 0), -CATEGORIES.index(c)),
        )
        out[best] = out.get(best, 0) + 1
    return out


def repairs_due(rs, emit):
    """Step 16: `repair` decisions for lap repairs and police awards, in order."""
    while rs.repairs:
        car, source, total, cats, max_cats = rs.repairs.pop(0)
        if not car.racing:
            continue
        default = greedy(car, total, cats, max_cats)
        decision = Decision(
            car.seat,
            "repair",
            f"Spread {total} repair points ({source})",
            {
                "source": source,
                "points": total,
                "categories": list(cats),
                "max_categories": max_cats,
                "wear": dict(car.wear),
                "maxima": dict(car.maxima),
                "legal": [{"repairs": default}],
            },
            default=Action("repair", {"repairs": default}),
        )
        action = yield (
            decision,
            lambda a, c=car, n=total, k=cats, m=max_cats: repair_error(c, n, k, m, a.params),
        )
        changes = {}
        for cat, n in (action.params.get("repairs") or {}).items():
            if n:
                changes[cat] = damage.repair(emit, car, cat, n, source)
        emit("repair", car.seat, source=source, changes=changes)
