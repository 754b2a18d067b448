"""The public API's shapes: what an anonymous visitor may see, no more."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ninja import Field, Schema


class Page(Schema):
    count: int = Field(description="Items in all pages.")
    page: int
    page_size: int


class LeagueOut(Schema):
    slug: str
    name: str
    description: str
    organiser: str = Field(description="The owner's user name, as the league page shows it.")
    url: str


class LeaguePage(Page):
    items: list[LeagueOut]


class SeasonOut(Schema):
    league: str
    slug: str
    name: str
    game: str
    game_name: str
    status: str
    team_mode: bool
    grid_size: int
    scoring: str
    rules: dict[str, Any]
    url: str


class SeasonPage(Page):
    items: list[SeasonOut]


class SessionOut(Schema):
    id: int
    kind: str
    race: str = Field("main", description="main, or sprint (a race weekend's sprint).")
    division: str | None = Field(None, description="The division, in a season with divisions.")
    status: str
    scheduled_at: datetime | None
    started_at: datetime | None
    finished_at: datetime | None
    seed: str | None = Field(description="Only once the session has finished.")
    log_sha256: str | None = Field(description="Only once the session has finished.")


class RoundOut(Schema):
    number: int
    name: str
    track: str
    laps: int | None
    scheduled_at: datetime | None
    sessions: list[SessionOut]
    url: str


class RoundPage(Page):
    items: list[RoundOut]


class ResultOut(Schema):
    position: int
    car_number: int
    driver: str
    driver_id: int
    is_bot: bool
    team: str | None
    status: str
    laps: int
    points: float
    figures: dict[str, Any]


class SessionDetail(SessionOut):
    league: str
    season: str
    round: int
    results: list[ResultOut]
    replay_url: str | None


class RecordStep(Schema):
    seat: str
    action: dict[str, Any] = Field(description="The action: its kind and parameters.")


class SessionRecord(Schema):
    format: str = Field(description="paddock-session-record/1")
    game: str
    config: dict[str, Any] = Field(description="The engine config the session ran.")
    seats: list[dict[str, Any]] = Field(description="The engine's seats, in grid order.")
    seed: str
    actions: list[RecordStep] = Field(description="Every action, in the order applied.")
    log_sha256: str = Field(description="The sha256 of the canonical event log.")
    about: dict[str, Any] = Field(description="Which session it is; not part of the check.")


class StandingOut(Schema):
    rank: int
    name: str
    car_number: int | None = None
    driver_id: int | None = None
    team: str | None = None
    division: str | None = Field(None, description="Rank is within the division.")
    points: float
    penalty_points: float
    rounds: dict[str, float]
    dropped: list[int] = []


class StandingsOut(Schema):
    season: str
    drivers: list[StandingOut]
    teams: list[StandingOut]


class OddsLine(Schema):
    name: str
    title: float = Field(description="Chance of the title, 0 to 1.")
    top_three: float
    expected_position: float
    margin: float = Field(description="95% margin of error of the title chance.")
    state: str = Field(
        description="champion, can still win, out, or undecided (too many finishes left to prove)"
    )
    best: int | None = Field(None, description="Best final place any finish of the season gives.")
    worst: int | None = Field(None, description="Worst final place any finish gives.")
    exact: bool | None = Field(None, description="False: best and worst are bounds.")


class OddsOut(Schema):
    season: str
    after_round: int | None
    computed_at: datetime | None
    simulations: int
    drivers: list[OddsLine]
    teams: list[OddsLine]


class RatingOut(Schema):
    rank: int
    holder: str
    driver_id: int | None
    bot_level: str | None
    rating: float = Field(description="mu - 3 sigma")
    mu: float
    sigma: float
    races: int


class RatingPage(Page):
    game: str
    items: list[RatingOut]


class Problem(Schema):
    detail: str
