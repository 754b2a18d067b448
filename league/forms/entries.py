"""Teams, entries added by an organiser and a driver's own sign-up."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from league.forms.common import WholeNumberField
from league.models import Team
from league.season_settings.checks import (
    autopilot_choices,
    autopilot_default,
    setup_check,
    setup_fields,
)


class TeamForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=60)
    colour = forms.CharField(
        label=_("Colour"),
        max_length=7,
        initial="#c0392b",
        widget=forms.TextInput(attrs={"type": "color"}),
    )


class EntryAddForm(forms.Form):
    driver_name = forms.CharField(
        max_length=60,
        label=_("Driver"),
        help_text=_("A person's login name (their account is entered), or a driver's name."),
    )
    car_number = WholeNumberField(label=_("Car number"), min_value=1, max_value=999)
    team = forms.ModelChoiceField(label=_("Team"), queryset=Team.objects.none(), required=False)
    bot = forms.BooleanField(
        required=False,
        label=_("A new bot of this name"),
        help_text=_("Only when you want a bot: a person is entered by their login name."),
    )

    def __init__(self, *args, season, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = season.teams.all()
        if not season.team_mode:
            del self.fields["team"]


class InvitationForm(forms.Form):
    days = WholeNumberField(
        label=_("Good for (days)"),
        min_value=1,
        max_value=60,
        initial=14,
        help_text=_("Whoever opens the link in that time may enter the season."),
    )


class JoinForm(forms.Form):
    car_number = WholeNumberField(label=_("Car number"), min_value=1, max_value=999)
    team = forms.ModelChoiceField(
        label=_("Team"), queryset=Team.objects.none(), required=False, empty_label=_("(no team)")
    )
    new_team = forms.CharField(max_length=60, required=False, label=_("…or found a team"))
    autopilot = forms.ChoiceField(
        choices=(),
        initial="pro",
        label=_("Autopilot style"),
        help_text=_("The bot that drives your car when you do not."),
    )

    def __init__(self, *args, season, **kwargs):
        super().__init__(*args, **kwargs)
        self.season = season
        if season.team_mode:
            self.fields["team"].queryset = season.teams.all()
        else:
            del self.fields["team"]
            del self.fields["new_team"]
        self.fields["autopilot"].choices = autopilot_choices(season.game, season.rules)
        self.fields["autopilot"].initial = autopilot_default(
            season.game, season.rules, season.bot_level
        )
        self.setup = setup_fields(season.game, season.rules)
        for index, field in enumerate(self.setup.fields if self.setup else ()):
            self.fields[f"setup_{field.key}"] = WholeNumberField(
                required=False,
                min_value=field.min,
                max_value=field.max,
                label=field.label,
                help_text=self.setup.help if index == 0 else "",
            )

    def clean(self):
        data = super().clean()
        data["setup"] = {}
        if self.setup:
            values = {f.key: data.get(f"setup_{f.key}") for f in self.setup.fields}
            try:
                data["setup"] = setup_check(self.season.game, self.season.rules, values)
            except ValidationError as error:
                self.add_error(f"setup_{self.setup.fields[0].key}", error)
        return data
