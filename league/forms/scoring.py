"""The scoring parts of the season form: points tables with half points,
bonus points, and which tables an organiser is offered."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from league.models import POINTS_TABLE_MAX, ScoringSystem, points_value_error


def points_list(text: str) -> list[Decimal]:
    """25, 18, 15 … or half points 12.5; at most POINTS_TABLE_MAX places."""
    parts = [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
    if len(parts) > POINTS_TABLE_MAX:
        raise ValidationError(
            _("A points table has at most %(most)d places.") % {"most": POINTS_TABLE_MAX}
        )
    try:
        points = [Decimal(p) for p in parts]
    except InvalidOperation:
        raise ValidationError(_("Give numbers separated by commas: 25, 18, 15 or 12.5.")) from None
    for value in points:
        error = points_value_error(value)
        if error:
            raise ValidationError(f"{value}: {error}")
    return points


def scoring_choices(user, season=None):
    """The presets, and the organiser's own tables: theirs and those of the
    leagues they run, never another organiser's."""
    visible = Q(owner__isnull=True)
    if user is not None and user.is_authenticated:
        visible |= Q(owner=user) | Q(seasons__league__owner=user)
        visible |= Q(seasons__league__stewards=user)
    if season is not None:
        visible |= Q(pk=season.scoring_id)
    return ScoringSystem.objects.filter(visible).distinct().order_by("owner_id", "name")


BONUS_FIELD = {
    "required": False,
    "min_value": Decimal(0),
    "max_value": Decimal(1000),
    "max_digits": 6,
    "decimal_places": 2,
}
BONUS_NAMES = ("pole", "fastest_lap", "most_laps_led", "lap_led")
