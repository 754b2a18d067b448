from tournaments.models.entries import Player
from tournaments.models.events import Stage, Tournament
from tournaments.models.rounds import Bye, Round, Seat, Table

__all__ = ["Bye", "Player", "Round", "Seat", "Stage", "Table", "Tournament"]
