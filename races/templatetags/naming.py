"""Names in pages: a round's track by its name, never its id."""

from django import template

from races.names import track_name

register = template.Library()


@register.filter
def track_words(rnd) -> str:
    """`{{ round|track_words }}`: the round's track as the game names it."""
    return track_name(rnd.season.game, rnd.track)
