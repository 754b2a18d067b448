"""A season's game rules said in words for its pages (issue 24): each
option by the label the forms give it, each value by the game's word for
it, a yes or no for a switch and a duration for a time limit, never a raw
key, True/False or a count of seconds."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from django.utils.timesince import timeuntil
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from races.rules import get_presentation

EPOCH = datetime(2000, 1, 1)


def duration_words(seconds: int) -> str:
    """A time limit as people say it: "30 seconds", "1 day", "2 hours, 30 minutes"."""
    if seconds < 60:
        return ngettext("%(count)d second", "%(count)d seconds", seconds) % {"count": seconds}
    return timeuntil(EPOCH + timedelta(seconds=seconds), EPOCH, depth=2)


def value_words(key: str, value: Any, words) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, int) and key.endswith("_seconds"):
        return duration_words(value)
    if isinstance(value, list | tuple):
        return ", ".join(words.value(item) for item in value) or _("none")
    return words.value(value)


def season_rules_words(game: str, rules: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(label, value) for every option the season sets, in the form's order
    of labels, in the reader's language."""
    shown = []
    for key, value in rules.items():
        words = get_presentation(game).capabilities.option_words(key)
        shown.append((words.label, value_words(key, value, words)))
    return sorted(shown)
