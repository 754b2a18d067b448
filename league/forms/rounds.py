"""The forms that set a round up and move its sessions."""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from league.forms.common import (
    OPTION_PREFIX,
    NumberField,
    WholeNumberField,
    game_options,
    option_words,
)
from league.forms.scoring import BONUS_FIELD, BONUS_NAMES, scoring_choices
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

    number = WholeNumberField(label=_("Number"), min_value=1)
    name = forms.CharField(label=_("Name"), max_length=100)
    track = forms.ChoiceField(label=_("Track"), choices=())
    laps = WholeNumberField(label=_("Laps"), min_value=1, max_value=10, required=False)
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
    points_multiplier = NumberField(
        min_value=Decimal(0),
        max_value=Decimal(10),
        max_digits=4,
        decimal_places=2,
        initial=Decimal(1),
        required=False,
        label=_("Points multiplier"),
        help_text=_("2 for a double-points finale, 0.5 for a half-points round."),
    )

    # A race weekend (issue 26, item 3): a sprint before the main race.
    sprint_scoring = forms.ModelChoiceField(
        queryset=None,
        required=False,
        label=_("Sprint race before the main race, scored by"),
        empty_label=_("No sprint"),
    )
    feature_grid = forms.ChoiceField(
        label=_("Main race grid after a sprint"),
        choices=[
            ("sprint", _("From the sprint's result")),
            ("round", _("By the round's grid rule")),
        ],
        initial="sprint",
        required=False,
    )
    reverse_top = WholeNumberField(
        label=_("Reversed top places"),
        min_value=0,
        max_value=12,
        required=False,
        help_text=_("The sprint's top this many start the main race in reverse order (0: none)."),
    )

    bonus_pole = NumberField(**BONUS_FIELD, label=_("This round: pole position bonus"))
    bonus_fastest_lap = NumberField(**BONUS_FIELD, label=_("This round: fastest lap bonus"))
    bonus_most_laps_led = NumberField(**BONUS_FIELD, label=_("This round: most laps led bonus"))
    bonus_lap_led = NumberField(**BONUS_FIELD, label=_("This round: leading a lap bonus"))

    # What a round that has run keeps as raced; the rest (name, date, grid
    # rule, points multiplier, bonus points) may still change, and the
    # season is scored again (races/rounds/edits.py).
    AS_RACED = (
        "track",
        "laps",
        "qualifying_format",
        "sprint_scoring",
        "feature_grid",
        "reverse_top",
    )

    def __init__(
        self, *args, season, qualifying_formats=(), grid_rules=(), ran: bool = False, **kwargs
    ):
        super().__init__(*args, **kwargs)
        try:
            tracks = {t["id"]: t.get("name", t["id"]) for t in get_game(season.game).tracks()}
        except ConfigError:
            tracks = {t: t for t in track_ids(season.game)}
        self.fields["track"].choices = [(k, v) for k, v in tracks.items()]
        self.fields["qualifying_format"].choices = qualifying_formats
        self.fields["grid_rule"].choices = grid_rules
        self.fields["sprint_scoring"].queryset = scoring_choices(season.league.owner, season)
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
        for name in BONUS_NAMES:
            self.fields[f"bonus_{name}"].help_text = _("Empty: the season's bonus; 0: none.")
        if ran:
            for name in (*self.AS_RACED, *(OPTION_PREFIX + k for k in self.variant_keys)):
                self.fields[name].disabled = True
                self.fields[name].help_text = _("This round has run: it stays as raced.")

    def clean(self):
        data = super().clean()
        if data.get("points_multiplier") is None and "points_multiplier" not in self.errors:
            data["points_multiplier"] = Decimal(1)
        data["reverse_top"] = data.get("reverse_top") or 0
        data["feature_grid"] = data.get("feature_grid") or "sprint"
        data["bonus"] = {
            name: data[f"bonus_{name}"]
            for name in BONUS_NAMES
            if data.get(f"bonus_{name}") is not None
        }
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
        "bonus",
        "sprint_scoring",
        "feature_grid",
        "reverse_top",
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
