"""Street races (FD-V-9 nitro, FD-V-10 basic night street race).

Published only (FD-BGA-16: bga races a street track as a circuit; nitro is
then an option of its own). Zones live on track spaces (FD-T-10).
"""

from __future__ import annotations

from . import damage
from .state import Car

RESIDENTIAL_BASIC = 10  # FD-V-10.4: 11-20 costs 2 WP
DANGER_BASIC = 4  # FD-V-10.5: 1-4 costs 1 WP


def nitro_available(race, car: Car, kind: str, great: bool) -> bool:
    """FD-V-9.2, FD-V-9.6: one charge, a gear-die move only."""
    return race.nitro_on and car.nitro > 0 and kind in ("main", "start") and not great


def lap_completed(race, car: Car) -> None:
    """Line crossing that completes a lap: nitro recharge (FD-V-9.4) and the
    street lap repair (FD-V-10.3)."""
    if car.lap < 2:
        return  # the start crossing from the grid completes no lap
    if race.nitro_on and car.nitro < 1:
        car.nitro = 1
        race.emit("nitro_restored", car.seat, lap=car.lap)
    if race.street_rules and car.lap - 1 < race.laps:
        gained = damage.repair(race, car, "WP", 10, "street_lap")
        race.emit("repair", car.seat, source="street_lap", changes={"WP": gained})


def police_entry(race, car: Car, space: int) -> None:
    """FD-V-10.6: first entry of a lap records gear x 10."""
    if not race.street_rules or race.track.zone[space] != "police":
        return
    records = race.police.setdefault(car.lap, {})
    if car.seat in records:
        return
    records[car.seat] = (car.gear * 10, race.turn_seq)
    race.emit("police_speed", car.seat, lap=car.lap, speed=car.gear * 10)


def police_awards(race) -> None:
    """FD-V-10.6, FD-AMB-45: once every racing car has a speed for lap k, the fastest
    (earliest on equal speeds) gains 2 WP; at the end of the turn."""
    for lap in sorted(race.police):
        if lap in race.police_awarded:
            continue
        records = race.police[lap]
        if any(c.racing and c.seat not in records for c in race.cars):
            continue
        race.police_awarded.add(lap)
        seat = min(records, key=lambda s: (-records[s][0], records[s][1]))
        car = race.by_seat[seat]
        if car.racing:
            gained = damage.repair(race, car, "WP", 2, "police")
            race.emit("repair", seat, source="police", changes={"WP": gained}, lap=lap)


def stopping_zone(race, car: Car) -> None:
    """Step 13 (R8): basic residential and danger zones of the stopping space."""
    if not race.street_rules or race.advanced:
        return
    space = car.space
    zone = race.track.zone[space]
    where = race.track.ids[space]
    if zone == "residential":
        value = race.roll("black")
        failed = value > RESIDENTIAL_BASIC
        race.emit(
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
            damage.lose(race, car, "WP", 2, "zone", own_turn=True)
    elif zone == "danger":
        failed = damage.check(
            race, car, DANGER_BASIC, "danger", event="zone_check", space=where, zone=zone
        )
        if failed:
            damage.lose(race, car, "WP", 1, "zone", own_turn=True)
