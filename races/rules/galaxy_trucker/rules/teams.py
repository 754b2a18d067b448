"""Team play (GT-VAR-04/05, GT-OUT-05, GT-AMB-30): four players in two teams
of two. A swap changes only who is asked for a ship's decisions: after
building each player flies the teammate's ship, and in expert teams
(rounds 2 and 3) teammates also swap ships at every turn of the hourglass
while building. Credits are earned per ship under the GT-SCR rules and kept
on the team's account; both members report it and share the team's rank
(the team order is in result.py)."""

from __future__ import annotations

from collections.abc import Sequence

from ...contract import ConfigError, Seat
from ...speech import _


def teammates(config: dict, seats: Sequence[Seat]) -> dict[str, str]:
    """Each seat's teammate, or {} without team play; a ConfigError when the
    seats do not make two teams of two (GT-VAR-04)."""
    if not config.get("team_race"):
        return {}
    teams: dict[str, list[str]] = {}
    for seat in seats:
        teams.setdefault(seat.team or "", []).append(seat.id)
    if len(seats) != 4 or "" in teams or sorted(len(m) for m in teams.values()) != [2, 2]:
        raise ConfigError(_("Team play needs four players in two teams of two (GT-VAR-04)."))
    return {a: b for a, b in teams.values()} | {b: a for a, b in teams.values()}


class Crews:
    """Who decides for each ship now (GT-AMB-30)."""

    def __init__(self, mates: dict[str, str], expert: bool):
        self.mates = mates
        self.expert = expert
        self.swapped = False  # while building: the teammate builds this ship

    def round_started(self) -> None:
        self.swapped = False

    def hourglass_turned(self, round_number: int) -> None:
        if self.mates and self.expert and round_number >= 2:
            self.swapped = not self.swapped  # GT-VAR-05

    def controller(self, ship: str, phase: str) -> str:
        mate = self.mates.get(ship)
        if mate is None or phase == "setup":
            return ship
        if phase == "build":
            return mate if self.swapped else ship
        return mate  # GT-VAR-04: each flies the ship the teammate built
