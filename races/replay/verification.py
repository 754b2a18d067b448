"""Anyone can check a finished session: replay it from its seed, seats,
config and actions, and compare the log hash with the stored one."""

from __future__ import annotations

from dataclasses import dataclass

from races.models import Session
from races.rules import get_game, log_hash, replay
from races.running.seats import seat_records


@dataclass(frozen=True)
class Verdict:
    matches: bool
    stored: str
    replayed: str


def session_verify(*, session: Session) -> Verdict:
    if session.status != Session.Status.FINISHED:
        raise ValueError(f"session {session.pk} has not finished; there is nothing to verify")
    game = get_game(session.round.season.game)
    seats = [record.seat() for record in seat_records(session.seats)]
    race = replay(game, session.config, seats, session.seed, session.actions)
    replayed = log_hash(race.events)
    return Verdict(replayed == session.log_sha256, session.log_sha256, replayed)
