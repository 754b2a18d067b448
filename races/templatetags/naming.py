"""Names in pages: a round's track by its name, never its id."""

from django import template

from races.replay.names import track_name
from races.rounds.qualifying import error_words as stored_error_words

register = template.Library()


@register.filter
def error_words(error: str) -> str:
    """`{{ session.error|error_words }}`: the runner's stored sentence in the
    reader's language (races/rounds/qualifying.py)."""
    return stored_error_words(error)


@register.filter
def track_words(rnd) -> str:
    """`{{ round|track_words }}`: the round's track as the game names it."""
    return track_name(rnd.season.game, rnd.track)
