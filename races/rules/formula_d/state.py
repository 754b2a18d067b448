"""Plain race state: cars and their dashboards (FD-E-4)."""

from __future__ import annotations

from dataclasses import dataclass, field

CATEGORIES = ("T", "Br", "Gb", "Bo", "En", "Su")
STANDARD_CAR = {"T": 6, "Br": 3, "Gb": 3, "Bo": 3, "En": 3, "Su": 2}  # FD-C-5
BASIC_WP = 18  # FD-B-1.1
# Categories whose zero eliminates (FD-A-12); basic mode's pool too (FD-B-14.1).
FATAL_AT_ZERO = ("Bo", "En", "Su", "WP")

RACING, FINISHED, ELIMINATED = "racing", "finished", "eliminated"
# Pit states (FD-E-4): entered the lane, waiting in the box, or leaving after service.
PIT_NONE, PIT_LANE, PIT_EXIT = "none", "lane", "exit"
BOX_STATES = ("box_basic", "box_long", "box_technical")


@dataclass(slots=True, eq=False)
class Car:
    seat: str
    number: int  # seat-list position
    colour: str
    team: str | None
    wear: dict[str, int]
    maxima: dict[str, int]
    space: int = -1
    lap: int = 0
    gear: int = 1
    status: str = RACING
    corner: int = -1
    stops: int = 0
    spun: bool = False
    stalled: bool = False
    exit_cap: int | None = None
    pit: str = PIT_NONE
    entry_gear: int = 0
    entry_progress: int = 0
    pitted_on_lap: int = 0
    pit_stops: int = 0
    arrival: int = 0
    turn_start_progress: int = 0
    tires: str | None = None
    fit_lap: int = 1
    reserve: int = 0
    nitro: int = 0
    driver: str | None = None
    finished_at: dict | None = None
    eliminated_at: dict | None = None
    q_turns: int = 0
    q_seconds: int = 0
    q_overshoot: int = 0
    q_failed: bool = False
    q_done: bool = False
    pending_markers: int = 0
    extra: dict = field(default_factory=dict)

    @property
    def racing(self) -> bool:
        return self.status == RACING

    @property
    def in_pit_area(self) -> bool:
        return self.pit != PIT_NONE

    def dashboard(self) -> dict:
        return dict(self.wear)
