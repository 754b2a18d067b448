"""Template filters for championship figures, built into every template
(paddock/settings.py): `{{ standing.points|points }}` shows 25, 12.5 or
−3, never 25.00."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django import template
from django.template.defaultfilters import date
from django.utils import timezone
from django.utils.formats import get_format
from django.utils.timesince import timeuntil
from django.utils.translation import pgettext

register = template.Library()


@register.filter
def points(value) -> str:
    if value is None or value == "":
        return ""
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        return str(value)
    if number == 0:
        return "0"
    # The decimal mark of the reader's language (12.5, 12,5).
    text = f"{number.normalize():f}".replace(".", get_format("DECIMAL_SEPARATOR"))
    return text.replace("-", "−")


@register.filter(expects_localtime=True)
def when(value) -> str:
    """A date with weekday, day, month, year, time and time zone, in the
    viewer's time zone: "Fri 31 Dec 2027, 20:00 CET"."""
    if not value:
        return ""
    # Translators: a date format (Django's `date` filter letters) for the language.
    return date(value, pgettext("date format", "D j M Y, H:i T"))


@register.filter
def countdown(value) -> str:
    """How long until a date, as the page first shows it (the script keeps
    it ticking): "in 2 days, 3 hours", "started"."""
    if not value:
        return ""
    if value <= timezone.now():
        return pgettext("countdown", "started")
    return pgettext("countdown", "in %(time)s") % {"time": timeuntil(value, depth=2)}
