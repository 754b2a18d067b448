"""Forms for results entered by hand, imports, penalties, protests and stewards' decisions."""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from league.forms.common import NumberField, WholeNumberField
from league.models import Entry, Team
from races.models import Penalty, Result, Session
from races.models.stewarding import PENALTY_SESSIONS

POINTS_FIELD = {"max_digits": 8, "decimal_places": 2, "min_value": Decimal(0)}


class PenaltyForm(forms.Form):
    entry = forms.ModelChoiceField(
        queryset=Entry.objects.none(), required=False, label=_("Driver"), empty_label=_("(none)")
    )
    team = forms.ModelChoiceField(
        queryset=Team.objects.none(),
        required=False,
        label=_("…or the team alone"),
        empty_label=_("(none)"),
    )
    kind = forms.ChoiceField(
        label=_("Penalty"),
        choices=Penalty.Kind.choices,
        initial=Penalty.Kind.POINTS,
        required=False,
    )
    points = NumberField(
        label=_("Points"),
        required=False,
        max_digits=8,
        decimal_places=2,
        min_value=Decimal("0.5"),
        max_value=Decimal(10_000),
        help_text=_("Championship points taken off (half points allowed)."),
    )
    places = WholeNumberField(label=_("Places"), required=False, min_value=1, max_value=99)
    session_kind = forms.ChoiceField(
        choices=PENALTY_SESSIONS, initial=Session.Kind.RACE, label=_("Session"), required=False
    )
    reason = forms.CharField(label=_("Reason"), max_length=200)

    def __init__(self, *args, season, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["entry"].queryset = season.entries.select_related("driver")
        self.fields["entry"].label_from_instance = lambda e: f"#{e.car_number} {e.driver}"
        if season.team_mode:
            self.fields["team"].queryset = season.teams.all()
        else:
            del self.fields["team"]

    def clean(self):
        data = super().clean()
        if data.get("entry") and data.get("team"):
            self.add_error("team", _("Penalise a driver or a team alone, not both."))
        if not data.get("entry") and not data.get("team") and "entry" not in self.errors:
            self.add_error("entry", _("Choose the driver (or the team) penalised."))
        data["kind"] = data.get("kind") or Penalty.Kind.POINTS
        data["session_kind"] = data.get("session_kind") or Session.Kind.RACE
        data["points"] = data.get("points") or Decimal(0)
        data["places"] = data.get("places") or 0
        return data


class ProtestForm(forms.Form):
    against = forms.ModelChoiceField(
        queryset=Entry.objects.none(),
        required=False,
        label=_("Car reported"),
        empty_label=_("(none)"),
    )
    step = WholeNumberField(required=False, min_value=0, max_value=100_000, label=_("Replay step"))
    description = forms.CharField(
        max_length=2000, widget=forms.Textarea(attrs={"rows": 3}), label=_("What happened")
    )

    def __init__(self, *args, season, reporter=None, **kwargs):
        super().__init__(*args, **kwargs)
        # Another car than the reporter's own (races/results/stewarding.py).
        cars = season.entries.select_related("driver")
        if reporter is not None and reporter.is_authenticated:
            cars = cars.exclude(driver__user=reporter)
        self.fields["against"].queryset = cars
        self.fields["against"].label_from_instance = lambda e: f"#{e.car_number} {e.driver}"


class DecisionForm(forms.Form):
    OUTCOMES = [("upheld", _("Uphold the report")), ("dismissed", _("Dismiss it"))]

    outcome = forms.ChoiceField(label=_("Decision"), choices=OUTCOMES, widget=forms.RadioSelect)
    decision = forms.CharField(
        max_length=2000, widget=forms.Textarea(attrs={"rows": 2}), label=_("Reasons")
    )
    kind = forms.ChoiceField(
        choices=[("", _("no penalty")), *Penalty.Kind.choices], required=False, label=_("Penalty")
    )
    points = NumberField(
        label=_("Points"), required=False, max_value=Decimal(10_000), **POINTS_FIELD
    )
    places = WholeNumberField(label=_("Places"), required=False, min_value=1, max_value=99)

    def clean(self):
        data = super().clean()
        data["upheld"] = data.get("outcome") == "upheld"
        data["penalty"] = None
        kind = data.get("kind")
        if kind and not data["upheld"]:
            self.add_error("kind", _("A dismissed report carries no penalty."))
        elif kind:
            data["penalty"] = {
                "kind": kind,
                "points": data.get("points") or Decimal(0),
                "places": data.get("places") or 0,
            }
        return data


STATUS_CHOICES = Result.Status.choices


class ResultLineForm(forms.Form):
    """One car in a result entered by hand."""

    position = WholeNumberField(min_value=1, max_value=99, required=False, label=_("Place"))
    status = forms.ChoiceField(
        label=_("Status"), choices=STATUS_CHOICES, initial=Result.Status.FINISHED, required=False
    )
    laps = WholeNumberField(label=_("Laps"), min_value=0, max_value=999, required=False)
    laps_led = WholeNumberField(label=_("Laps led"), min_value=0, max_value=999, required=False)
    best_lap = NumberField(
        label=_("Best lap"),
        min_value=Decimal(0),
        max_value=Decimal(100_000),
        decimal_places=3,
        required=False,
    )
    fastest_lap = forms.BooleanField(label=_("Fastest lap"), required=False)
    pole = forms.BooleanField(label=_("Pole position"), required=False)

    def clean(self):
        data = super().clean()
        data["status"] = data.get("status") or Result.Status.FINISHED
        return data


ONE_EACH = {
    "pole": _("Only one car takes pole position in a session: %(cars)s are all marked."),
    "fastest_lap": _("Only one car sets the fastest lap in a session: %(cars)s are all marked."),
}


def flags_once(rows: list[tuple]) -> bool:
    """At most one car of the session on pole and one with the fastest lap;
    each car marked otherwise gets the error on its line. (entry, form)
    pairs whose forms are valid; True when they stand."""
    fine = True
    for flag, words in ONE_EACH.items():
        marked = [(e, f) for e, f in rows if f.cleaned_data.get(flag)]
        if len(marked) < 2:
            continue
        fine = False
        cars = ", ".join(f"#{e.car_number}" for e, _f in marked)
        for _entry, form in marked:
            form.add_error(flag, words % {"cars": cars})
    return fine


class ResultsImportForm(forms.Form):
    MAX_BYTES = 200_000

    file = forms.FileField(
        label=_("File"),
        required=False,
        help_text=_(
            "CSV with a header: car, position, status, laps, laps_led, best_lap, "
            "fastest_lap, pole (only car and position are needed)."
        ),
    )
    text = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 6}),
        label=_("…or paste the CSV"),
    )

    def __init__(self, *args, too_big: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.too_big = too_big

    def too_big_words(self) -> str:
        return _(
            "Pasted text is at most %(size)d kB: this paste was larger. Check it is the "
            "result of one session, or import it as a file."
        ) % {"size": self.MAX_BYTES // 1000}

    def clean_text(self):
        text = self.cleaned_data.get("text") or ""
        if len(text.encode("utf-8")) > self.MAX_BYTES:
            raise ValidationError(self.too_big_words())
        return text

    def clean(self):
        if self.too_big:
            # The request was too big to read at all (paddock/too_big.py).
            self.add_error("text", self.too_big_words())
            return {}
        data = super().clean()
        upload = data.get("file")
        if upload is not None:
            if upload.size > self.MAX_BYTES:
                self.add_error(
                    "file",
                    _("A result file is at most %(size)d kB.") % {"size": self.MAX_BYTES // 1000},
                )
                return data
            try:
                data["csv"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                self.add_error("file", _("Save the file as UTF-8 text (CSV)."))
                return data
        else:
            data["csv"] = data.get("text") or ""
        if not data["csv"].strip() and not self.errors:
            self.add_error("file", _("Choose a CSV file or paste its lines."))
        return data
