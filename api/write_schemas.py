"""The shapes of the API's writes: the fields of the organiser's forms, by
the same names."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from ninja import Field, Schema


class FormProblem(Schema):
    detail: str
    errors: dict[str, list[str]] = Field(
        default_factory=dict, description="Each field's errors, as the form shows them."
    )


class ResultLineIn(Schema):
    car: int = Field(description="The car number.")
    position: int | None = Field(None, description="Empty: the car is left out of the result.")
    status: str | None = Field(
        None, description="finished, not_classified, eliminated, disqualified, did_not_start"
    )
    laps: int | None = None
    laps_led: int | None = None
    best_lap: Decimal | None = None
    fastest_lap: bool = False
    pole: bool = False


class ResultIn(Schema):
    lines: list[ResultLineIn]


class ResultImportIn(Schema):
    csv: str = Field(
        description="As the import page takes it: a header line, then "
        "car,position,status,laps,laps_led,best_lap,fastest_lap,pole."
    )


class ResultOut(Schema):
    session: int
    cars: int


class EntryIn(Schema):
    driver_name: str = Field(
        description="A person's login name, an existing driver's name, or (with bot) a new "
        "bot persona's."
    )
    car_number: int
    bot: bool = Field(False, description="Enter a new bot of this name (never a person).")
    team: int | None = Field(None, description="A team of the season (team seasons).")


class EntryOut(Schema):
    id: int
    car_number: int
    driver: str
    withdrawn: bool
    reserve: bool


class WithdrawOut(Schema):
    entry: EntryOut
    seat_taken_by: EntryOut | None = Field(None, description="The reserve who takes the seat.")


class RoundIn(Schema):
    number: int | None = Field(None, description="Empty: the next number.")
    name: str
    track: str
    laps: int | None = None
    scheduled_at: datetime | None = None
    qualifying_format: str
    grid_rule: str = "entry"
    points_multiplier: Decimal | None = None
    variants: dict[str, bool] = Field(
        default_factory=dict, description="The game's switches this round sets (else the season's)."
    )


class RoundOut(Schema):
    number: int
    name: str
    track: str
    url: str


class MeOut(Schema):
    username: str
    scopes: list[str]
    leagues: list[str] = Field(description="The leagues this token may change (their slugs).")
