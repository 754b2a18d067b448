"""The forms that set a round up and move its sessions."""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from league.forms.common import OPTION_PREFIX, game_options, option_words
from league.season_settings.options import track_ids
from races.rules import ConfigError, get_game


class RoundForm(forms.Form):
    """A round's settings; the qualifying formats and grid rules come from
    the round model (races/models/rounds.py) through the view, as the league's
    forms know no race models."""

    VARIANT_CHOICES = [
        ("", _("as the season")),
        ("on", pgettext_lazy("switch", "on")),
        ("off", pgettext_lazy("switch", "off")),
    ]

    number = forms.IntegerField(label=_("Number"), min_value=1)
    name = forms.CharField(label=_("Name"), max_length=100)
    track = forms.ChoiceField(label=_("Track"), choices=())
    laps = forms.IntegerField(label=_("Laps"), min_value=1, max_value=10, required=False)
    scheduled_at = forms.DateTimeField(
        required=False,
        label=_("Date and time"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S"],
    )
    qualifying_format = forms.ChoiceField(label=_("Qualifying"), choices=())
    grid_rule = forms.ChoiceField(
        label=_("Grid"),
        choices=(),
        initial="entry",
        help_text=_(
            "With a timed qualifying lap: the grid the race falls back on if the "
            "qualifying fails (championship order when this says from qualifying)."
        ),
    )
    points_multiplier = forms.DecimalField(
        min_value=Decimal(0),
        max_value=Decimal(10),
        max_digits=4,
        decimal_places=2,
        initial=Decimal(1),
        required=False,
        label=_("Points multiplier"),
        help_text=_("2 for a double-points finale, 0.5 for a half-points round."),
    )

    def __init__(self, *args, season, qualifying_formats=(), grid_rules=(), **kwargs):
        super().__init__(*args, **kwargs)
        try:
            tracks = {t["id"]: t.get("name", t["id"]) for t in get_game(season.game).tracks()}
        except ConfigError:
            tracks = {t: t for t in track_ids(season.game)}
        self.fields["track"].choices = [(k, v) for k, v in tracks.items()]
        self.fields["qualifying_format"].choices = qualifying_formats
        self.fields["grid_rule"].choices = grid_rules
        self.variant_keys = []
        for option in game_options(season.game):
            if option.type == "bool":
                self.variant_keys.append(option.key)
                words = option_words(season.game, option.key)
                self.fields[OPTION_PREFIX + option.key] = forms.ChoiceField(
                    choices=self.VARIANT_CHOICES,
                    required=False,
                    label=words.label,
                    help_text=words.help,
                )

    def clean(self):
        data = super().clean()
        if data.get("points_multiplier") is None and "points_multiplier" not in self.errors:
            data["points_multiplier"] = Decimal(1)
        data["options"] = {
            key: data.get(OPTION_PREFIX + key) == "on"
            for key in self.variant_keys
            if data.get(OPTION_PREFIX + key)
        }
        return data

    SETTINGS = (
        "name",
        "track",
        "laps",
        "options",
        "scheduled_at",
        "qualifying_format",
        "grid_rule",
        "points_multiplier",
    )

    def settings(self) -> dict:
        """The round's settings as the round services take them (the number apart)."""
        return {key: self.cleaned_data[key] for key in self.SETTINGS}


class RescheduleForm(forms.Form):
    when = forms.DateTimeField(
        label=_("New date and time"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S"],
    )
