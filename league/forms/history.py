"""The filters of a league's history page."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from league.models import LeagueChange, Season


class HistoryFilterForm(forms.Form):
    topic = forms.ChoiceField(
        label=_("Topic"),
        required=False,
        choices=[("", _("Every topic")), *LeagueChange.Topic.choices],
    )
    season = forms.ModelChoiceField(
        label=_("Season"),
        required=False,
        queryset=Season.objects.none(),
        empty_label=_("Every season"),
    )
    person = forms.CharField(label=_("Who"), required=False, max_length=150)

    def __init__(self, *args, league, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["season"].queryset = Season.objects.filter(league=league).order_by("name")

    def filters(self) -> dict:
        """The history's filters; an invalid filter filters nothing."""
        if not self.is_valid():
            return {}
        data = self.cleaned_data
        season = data.get("season")
        return {
            "topic": data.get("topic") or "",
            "season_id": season.pk if season else None,
            "person": data.get("person") or "",
        }
