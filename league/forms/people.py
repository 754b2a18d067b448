"""Forms about people: an organiser's change to an entry, and a person's
time zone."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from league.models import Team, bot_names
from paddock.timezones import zone_names


class EntryEditForm(forms.Form):
    car_number = forms.IntegerField(label=_("Car number"), min_value=1, max_value=999)
    team = forms.ModelChoiceField(
        label=_("Team"), queryset=Team.objects.none(), required=False, empty_label=_("(no team)")
    )
    from_round = forms.IntegerField(
        min_value=1,
        max_value=999,
        required=False,
        label=_("Team from round"),
        help_text=_(
            "A team change counts from this round on; earlier rounds keep the old "
            "team. Empty: the change counts for the whole season."
        ),
    )
    autopilot = forms.ChoiceField(label=_("Autopilot"), choices=bot_names)
    reserve = forms.BooleanField(
        required=False,
        label=_("Reserve"),
        help_text=_("Waits for a seat; takes one when a driver withdraws."),
    )

    def __init__(self, *args, season, **kwargs):
        super().__init__(*args, **kwargs)
        if season.team_mode:
            self.fields["team"].queryset = season.teams.all()
        else:
            del self.fields["team"]
            del self.fields["from_round"]


class PreferencesForm(forms.Form):
    time_zone = forms.ChoiceField(
        label=_("Time zone"), choices=(), help_text=_("Every date is shown in this time zone.")
    )
    language = forms.ChoiceField(
        label=_("Language"),
        choices=(),
        required=False,
        help_text=_("Every page speaks this language; empty: your browser's."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = [(z, z.replace("_", " ")) for z in sorted(zone_names())]
        self.fields["language"].choices = [("", _("Your browser's language")), *settings.LANGUAGES]


class SignupForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username",)
