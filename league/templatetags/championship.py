"""Template filters for championship figures, built into every template
(paddock/settings.py): `{{ standing.points|points }}` shows 25, 12.5 or
−3, never 25.00."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django import template

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
    text = f"{number.normalize():f}"
    return text.replace("-", "−")
