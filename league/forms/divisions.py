"""The form that splits a season's drivers into divisions (issue 26, item 2)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from league.forms.common import WholeNumberField
from league.models import MAX_DIVISIONS


class DivisionsForm(forms.Form):
    count = WholeNumberField(
        label=_("Divisions"),
        min_value=1,
        max_value=MAX_DIVISIONS,
        initial=2,
        help_text=_("1: no divisions, everyone on one grid."),
    )
    by = forms.ChoiceField(
        label=_("Split the drivers"),
        choices=[
            ("rating", _("By rating, the highest in the top division")),
            ("round", _("By a round's result (its qualifying, else its race)")),
            ("hand", _("By hand")),
        ],
    )
    round_number = WholeNumberField(label=_("Round"), min_value=1, required=False)
    cars = forms.CharField(
        label=_("By hand: the car numbers of each division"),
        widget=forms.Textarea(attrs={"rows": 4}),
        required=False,
        max_length=2000,
        help_text=_("One line a division, the top one first, e.g. 1, 4, 7."),
    )
    names = forms.CharField(
        label=_("Names"),
        required=False,
        max_length=500,
        help_text=_("The divisions' names, top first, separated by commas (empty: numbered)."),
    )

    def clean(self):
        data = super().clean()
        if data.get("by") == "round" and not data.get("round_number"):
            self.add_error("round_number", _("Say which round's result splits the drivers."))
        lines = [line for line in (data.get("cars") or "").splitlines() if line.strip()]
        if data.get("by") == "hand" and len(lines) < 2 and data.get("count", 1) > 1:
            self.add_error("cars", _("Give at least two lines: one a division."))
        data["lines"] = lines
        data["name_list"] = [n.strip() for n in (data.get("names") or "").split(",")]
        return data
