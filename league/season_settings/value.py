"""A season's settings as one value: what the season form gives, what
creating or changing a season takes (league/organise/seasons.py,
seasons/edits.py), and what the demo seeds with."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from league.models import ScoringSystem
from league.season_settings.speeds import DEFAULT_SPEED


@dataclass(frozen=True)
class SeasonSettings:
    """The name, game and rules of a season, its scoring (a preset, or the
    organiser's own points table with `drop_worst`, `eliminated_score` and
    `bonus`), teams, grid, bots and live play."""

    name: str
    game: str
    rules: Mapping[str, Any] = field(default_factory=dict)
    scoring: ScoringSystem | None = None
    own_points: Sequence[int | Decimal] = ()
    drop_worst: int = 0
    eliminated_score: bool = True
    bonus: Mapping[str, int | Decimal] = field(default_factory=dict)
    team_mode: bool = False
    team_size: int = 2
    grid_size: int = 10
    fill_with_bots: bool = True
    bot_level: str = "pro"
    live_play: bool = False
    decision_seconds: int = 300
    speed: str = DEFAULT_SPEED
    late_entries: bool = False
    no_show: str = "autopilot"
    start_when_all_in: bool = False
    promotion: int = 0

    def season_fields(self) -> dict[str, Any]:
        """The Season model's own fields these settings set (the scoring
        aside: a preset, or a table still to be stored)."""
        return {
            "name": self.name,
            "game": self.game,
            "rules": dict(self.rules),
            "team_mode": self.team_mode,
            "team_size": self.team_size,
            "grid_size": self.grid_size,
            "fill_with_bots": self.fill_with_bots,
            "bot_level": self.bot_level,
            "live_play": self.live_play,
            "decision_seconds": self.decision_seconds,
            "speed": self.speed,
            "late_entries": self.late_entries,
            "no_show": self.no_show,
            "start_when_all_in": self.start_when_all_in,
            "promotion": self.promotion,
        }
