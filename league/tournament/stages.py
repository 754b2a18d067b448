"""Stages: a first stage everyone plays (Swiss rounds, or rounds of heats),
then a knockout of the best N of its standings."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .field import FillPolicy, Pairing, Seats
from .knockout import KnockoutRound, knockout_heats, knockout_plan
from .standings import Standing

FIRST_STAGES = ("swiss", "heats", "round_robin")


@dataclass(frozen=True)
class Stage:
    """One stage: its kind ('swiss', 'heats', 'round_robin' or 'knockout'),
    the players who start it, its number of rounds and, for a knockout,
    its rounds' plan."""

    kind: str
    entrants: int
    rounds: int
    knockout: tuple[KnockoutRound, ...] = ()


def stage_plan(
    entrants: int,
    seats: Seats,
    *,
    first: str = "swiss",
    rounds: int,
    best: int,
    advance: int,
    repechage: int = 0,
) -> tuple[Stage, Stage]:
    """A first stage of `rounds` rounds for all `entrants`, then a knockout
    of the `best` of its standings (top `advance` of each table through)."""
    if first not in FIRST_STAGES:
        raise ValueError(f"a first stage is one of {', '.join(FIRST_STAGES)}, not {first!r}")
    if rounds < 1:
        raise ValueError("a first stage has at least one round")
    if not 1 <= best <= entrants:
        raise ValueError(f"the knockout takes between 1 and {entrants} players, not {best}")
    plan = knockout_plan(best, seats, advance, repechage=repechage)
    return (
        Stage(first, entrants, rounds),
        Stage("knockout", best, len(plan), plan),
    )


def cut(lines: Sequence[Standing], best: int, *, dropped: Sequence[str] = ()) -> list[str]:
    """The `best` players of a stage's standings (best first, the knockout's
    seeding), passing over players who dropped out."""
    gone = set(dropped)
    return [line.key for line in lines if line.key not in gone][:best]


def heats_round(players_ranked: Sequence[str], seats: Seats, *, fill: FillPolicy) -> Pairing:
    """A round of a heats stage: nobody is knocked out; the field is dealt
    in a snake over as many tables of the preferred size as it needs, so
    every table mixes strong and weak. Short tables take bots (FillPolicy.
    BOTS) or are played short; a field smaller than the least seats is
    topped up with bots either way."""
    tables = max(1, math.ceil(len(players_ranked) / seats.preferred))
    return knockout_heats(players_ranked, seats, tables=tables, advance=0, fill=fill)
