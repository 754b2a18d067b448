"""Celery tasks for webhooks: adapters that take ids and call one service."""

from celery import shared_task

from webhooks.announcements import (
    result_stored_announce,
    season_finished_announce,
    session_started_announce,
)
from webhooks.delivery import delivery_attempt
from webhooks.tournaments import round_drawn_announce, tournament_finished_announce


@shared_task(acks_late=True)
def deliver(delivery_id: int) -> str:
    """Try a delivery; a failure sends this task again after the backoff."""
    wait = delivery_attempt(delivery_id=delivery_id)
    if wait is None:
        return "done"
    deliver.apply_async((delivery_id,), countdown=wait)
    return f"retry in {wait:g} s"


def _send(delivery_ids: list[int]) -> int:
    for delivery_id in delivery_ids:
        deliver.delay(delivery_id)
    return len(delivery_ids)


@shared_task(acks_late=True)
def announce_result(session_id: int) -> int:
    return _send(result_stored_announce(session_id=session_id))


@shared_task(acks_late=True)
def announce_session_started(session_id: int) -> int:
    return _send(session_started_announce(session_id=session_id))


@shared_task(acks_late=True)
def announce_season_finished(season_id: int) -> int:
    return _send(season_finished_announce(season_id=season_id))


@shared_task(acks_late=True)
def announce_tournament_round(round_id: int) -> int:
    return _send(round_drawn_announce(round_id=round_id))


@shared_task(acks_late=True)
def announce_tournament_finished(tournament_id: int) -> int:
    return _send(tournament_finished_announce(tournament_id=tournament_id))
