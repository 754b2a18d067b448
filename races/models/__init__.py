"""Rounds, sessions and results: what the engines ran and what they said; one
module per concept. Every model is imported here, so `from races.models import
Session` works everywhere (and the migrations' `races.models.new_seed`)."""

from races.models.arrivals import Arrival
from races.models.clocks import SeatClock, TableNote, TablePause
from races.models.results import Result
from races.models.rounds import EARLIEST, LATEST, Round, scheduled_at_error
from races.models.sessions import Session, new_seed
from races.models.stewarding import Penalty, Protest
from races.models.turns import Turn, TurnNotices

__all__ = [
    "Arrival",
    "EARLIEST",
    "LATEST",
    "Penalty",
    "Protest",
    "Result",
    "Round",
    "SeatClock",
    "Session",
    "TableNote",
    "TablePause",
    "Turn",
    "TurnNotices",
    "new_seed",
    "scheduled_at_error",
]
