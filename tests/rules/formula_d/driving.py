"""Driving a scenario race in tests: short calls for gear and move actions."""

from __future__ import annotations

from races.rules import Action

from .scenario import scenario

__all__ = ["scenario", "gear", "move", "lane", "events_of", "act"]


def act(race, seat: str, kind: str, **params):
    return race.apply(seat, Action(kind, params))


def gear(race, seat: str, to: int):
    return act(race, seat, "gear", gear=to)


def move(race, seat: str, path: list[str], **params):
    return act(race, seat, "move", path=path, **params)


def lane(lane_no: int, first: int, last: int) -> list[str]:
    """Spaces r{first}..r{last} of one lane."""
    return [f"r{r}l{lane_no}" for r in range(first, last + 1)]


def events_of(race, kind: str) -> list[dict]:
    return [dict(e.data, seat=e.seat) for e in race.events if e.type == kind]
