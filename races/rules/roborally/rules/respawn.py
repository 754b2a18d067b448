"""Re-entry of destroyed robots at their archive (RR-RESPAWN-01..08)."""

from __future__ import annotations

from ..state import Factory, Robot
from .course import DIRS, Square

# RR-RESPAWN-07: the ring around the archive, N first, clockwise
RING = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


def _ring(centre: Square, radius: int) -> list[Square]:
    if radius == 1:
        return [(centre[0] + dx, centre[1] + dy) for dx, dy in RING]
    cx, cy = centre
    return [
        (x, y)
        for y in range(cy - radius, cy + radius + 1)
        for x in range(cx - radius, cx + radius + 1)
        if max(abs(x - cx), abs(y - cy)) == radius
    ]  # row-major on the wider rings (RR-RESPAWN-04)


def clear_sight(f: Factory, square: Square, facing: str) -> bool:
    """No robot in the first 3 squares of the line of sight (RR-RESPAWN-03)."""
    return all(f.at(s) is None for s in f.course.sight(square, facing, 3))


def respawn_choices(f: Factory, robot: Robot) -> list[tuple[Square, list[str]]]:
    """Legal (square, facings) in the default order (RR-RESPAWN-02..04, -07)."""
    archive = robot.archive
    if f.at(archive) is None:
        return [(archive, list(DIRS))]
    size = max(f.course.width, f.course.height)
    for radius in range(1, size + 1):
        free = [
            s
            for s in _ring(archive, radius)
            if f.course.on_course(s) and not f.course.is_pit(s) and f.at(s) is None
        ]
        if not free:
            continue
        seen = [(s, [d for d in DIRS if clear_sight(f, s, d)]) for s in free]
        seen = [(s, ds) for s, ds in seen if ds]
        if seen:
            return seen
        return [(s, list(DIRS)) for s in free]  # any facing on these squares
    return []
