"""Celery tasks for ratings and title odds: adapters that take ids and call
one service each."""

from celery import shared_task

from ratings.updates import session_rate
from seasons.title_odds import title_odds_after_session


@shared_task(acks_late=True)
def rate_session(session_id: int) -> int:
    """Rate the race, then the season's title odds, which draw from the
    ratings just updated."""
    rated = session_rate(session_id=session_id)
    title_odds_after_session(session_id=session_id)
    return rated
