"""Forms about people: an organiser's change to an entry, and a person's
time zone (signing up and a person's account: accounts/forms.py)."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from league.forms.common import WholeNumberField
from league.models import Team
from league.season_settings.checks import autopilot_choices, bot_choices
from paddock.timezones import zone_names


class EntryEditForm(forms.Form):
    car_number = WholeNumberField(label=_("Car number"), min_value=1, max_value=999)
    team = forms.ModelChoiceField(
        label=_("Team"), queryset=Team.objects.none(), required=False, empty_label=_("(no team)")
    )
    from_round = WholeNumberField(
        min_value=1,
        max_value=999,
        required=False,
        label=_("Team from round"),
        help_text=_(
            "A team change counts from this round on; earlier rounds keep the old "
            "team. Empty: the change counts for the whole season."
        ),
    )
    autopilot = forms.ChoiceField(label=_("Autopilot"), choices=())
    reserve = forms.BooleanField(
        required=False,
        label=_("Reserve"),
        help_text=_("Waits for a seat; takes one when a driver withdraws."),
    )

    def __init__(self, *args, season, bot: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        # Its own season's game only: a bot persona any of the game's bots,
        # a person's car the bots a person may hand it to.
        choices = bot_choices if bot else autopilot_choices
        self.fields["autopilot"].choices = choices(season.game, season.rules)
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
