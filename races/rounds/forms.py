"""Forms for a season's schedule: a run of rounds and a copy of the season."""

from __future__ import annotations

from datetime import datetime

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from races.models import scheduled_at_error

DATETIME_INPUT = {
    "widget": forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    "input_formats": ["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S"],
}


class ScheduleForm(forms.Form):
    """A run of rounds: a first date and a rhythm, or a list of dates."""

    name = forms.CharField(
        label=_("Name"), max_length=80, initial="Round", help_text=_("Each round: name and number.")
    )
    tracks = forms.MultipleChoiceField(
        label=_("Tracks"), choices=(), help_text=_("Used in turn, round after round.")
    )
    laps = forms.IntegerField(label=_("Laps"), min_value=1, max_value=10, required=False)
    first_at = forms.DateTimeField(label=_("First round"), required=False, **DATETIME_INPUT)
    count = forms.IntegerField(min_value=1, max_value=52, initial=8, label=_("How many rounds"))
    every_days = forms.IntegerField(
        min_value=1,
        max_value=365,
        initial=7,
        label=_("Days between rounds"),
        help_text=_("7: weekly."),
    )
    dates = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=2000,
        label=_("…or these dates"),
        help_text=_("One a line, as 2031-03-14 20:00 (in your time zone); instead of the rhythm."),
    )

    def clean_first_at(self):
        return _sane_date(self.cleaned_data.get("first_at"))

    def __init__(self, *args, tracks: list[tuple[str, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["tracks"].choices = tracks

    def clean(self):
        data = super().clean()
        text = (data.get("dates") or "").strip()
        if text:
            dates = []
            for number, line in enumerate(text.splitlines(), start=1):
                line = line.strip()
                if not line:
                    continue
                try:
                    naive = datetime.strptime(line.replace("T", " "), "%Y-%m-%d %H:%M")
                except ValueError:
                    self.add_error(
                        "dates",
                        _("Line %(line)d: give a date as 2031-03-14 20:00.") % {"line": number},
                    )
                    return data
                when = timezone.make_aware(naive)
                if scheduled_at_error(when):
                    self.add_error(
                        "dates",
                        _("Line %(line)d: %(error)s")
                        % {"line": number, "error": scheduled_at_error(when)},
                    )
                    return data
                dates.append(when)
            if len(dates) > 52:
                self.add_error("dates", _("Add at most 52 rounds at a time."))
            data["date_list"] = dates
        elif data.get("first_at") is None and "first_at" not in self.errors:
            self.add_error("first_at", _("Give the first round's date, or a list of dates."))
        return data


class SeasonCopyForm(forms.Form):
    name = forms.CharField(max_length=100, label=_("New season's name"))
    first_at = forms.DateTimeField(
        label=_("First round on"),
        required=False,
        help_text=_("Every round moves by the same amount; empty: the same dates."),
        **DATETIME_INPUT,
    )
    with_entries = forms.BooleanField(
        required=False, label=_("Copy the teams and entries too"), initial=True
    )

    def clean_first_at(self):
        return _sane_date(self.cleaned_data.get("first_at"))


def _sane_date(when):
    error = scheduled_at_error(when)
    if error:
        raise forms.ValidationError(error)
    return when
