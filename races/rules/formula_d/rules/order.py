"""Who goes first: the grid and its roll-off (FD-B-2), roll-offs for ties
(FD-B-2.2, FD-B-2.3, FD-V-4.8), and the turn order of a round (FD-B-3)."""

from __future__ import annotations

from ..state import BOX_STATES, PIT_NONE, RACING, Car, RaceState


def grid(rs: RaceState, chance, emit) -> None:
    """FD-B-2: the given grid, or the black-die roll-off (R2)."""
    if rs.cfg.get("grid"):
        cars = [rs.by_seat[s] for s in rs.cfg["grid"]]
    else:
        cars = roll_off(chance, emit, list(rs.cars), "grid")
    for k, car in enumerate(cars):
        car.space = rs.track.grid_slots[k]
        rs.arrivals += 1
        car.arrival = rs.arrivals
    rs.order = cars
    emit(
        "grid_set",
        None,
        order=[c.seat for c in cars],
        spaces=[rs.track.ids[c.space] for c in cars],
    )


def roll_off(chance, emit, group: list[Car], purpose: str, depth: int = 0) -> list[Car]:
    """Highest first; equal results reroll among themselves (FD-B-2.2, FD-B-2.3)."""
    rolls = []
    for car in group:
        value = chance.roll("black")
        emit(
            f"{purpose}_roll",
            car.seat,
            die="black",
            value=value,
            purpose=purpose,
            tie_group=depth,
        )
        rolls.append((value, car))
    ordered: list[Car] = []
    values = sorted({v for v, _ in rolls}, reverse=True)
    for v in values:
        tied = [c for value, c in rolls if value == v]
        # FD-V-12.6 (b): Diane wins a tie without rerolling
        diane = [c for c in tied if c.driver == "diane_montfort"]
        if diane and len(tied) > 1:
            ordered.extend(diane)
            tied = [c for c in tied if c not in diane]
        ordered.extend(tied if len(tied) <= 1 else roll_off(chance, emit, tied, purpose, depth + 1))
    return ordered


def turn_order(rs: RaceState) -> list[Car]:
    """FD-B-3: the grid order in round 1, then by progress (FD-B-3.2 to FD-B-3.4)."""
    if rs.round == 1:
        return [c for c in rs.order if c.racing]  # FD-B-3.1: grid order
    t, bga = rs.track, rs.bga

    def key(car: Car) -> tuple:
        if car.pit != PIT_NONE:
            # FD-B-3.4: as if at E - 0.5; larger pit index first; lane before box
            on_lane = 1 if car.pit not in BOX_STATES else 0
            return (2 * car.entry_progress - 1, t.pit_index[car.space] * 2 + on_lane, 0, 0)
        if bga:
            tie = -car.arrival  # FD-BGA-1
        else:
            corner = t.corners[t.reference_corner[t.rank[car.space]]]
            tie = -abs(t.lane[car.space] - corner.inside_lane)
        diane = 1 if car.driver == "diane_montfort" else 0  # FD-V-12.6 (a)
        rank = t.rank[car.space]
        progress = (car.lap - 1) * t.L + rank if car.lap >= 1 else rank - t.L  # rs.progress
        return (2 * progress, diane, car.gear, tie)

    return sorted((c for c in rs.cars if c.status == RACING), key=key, reverse=True)
