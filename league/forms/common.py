"""What every league form shares: field errors from a service, a game's
options as fields, the confirmation of a deletion."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from league.season_settings.options import ROUND_KEYS
from races.rules import ConfigError, get_game, get_presentation

OPTION_PREFIX = "opt_"

NOT_FINITE_WORDS = {"nan", "snan", "inf", "infinity"}
NOT_FINITE = _("NaN and infinity are not numbers here: give a number such as 12.5.")


class FiniteMixin:
    """A number field that tells NaN or infinity as such (Django's own
    answer, "Enter a number.", leaves a person wondering what is wrong)."""

    def to_python(self, value):
        if value not in self.empty_values and str(value).strip().lower().lstrip("+-") in (
            NOT_FINITE_WORDS
        ):
            raise forms.ValidationError(NOT_FINITE, code="not_finite")
        return super().to_python(value)


class NumberField(FiniteMixin, forms.DecimalField):
    pass


class WholeNumberField(FiniteMixin, forms.IntegerField):
    pass


def errors_to_form(form: forms.Form, error: ValidationError) -> None:
    """Show a service's ValidationError next to the fields it names."""
    if hasattr(error, "error_dict"):
        for field, errors in error.error_dict.items():
            target = field if field in form.fields else None
            for e in errors:
                form.add_error(target, e.messages)
    else:
        form.add_error(None, error.messages)


def game_options(game_key: str) -> list:
    """The options a season may set for this game (none if its engine is
    not installed)."""
    try:
        schema = get_game(game_key).options
    except ConfigError:
        return []
    return [o for o in schema.options if o.season and o.key not in ROUND_KEYS]


def option_words(game_key: str, key: str):
    """How the game says one of its options (label, help, a word per
    choice), in the reader's language."""
    return get_presentation(game_key).capabilities.option_words(key)


class DeleteForm(forms.Form):
    """The confirmation a delete asks for when finished results would go."""

    confirm = forms.BooleanField(label=_("Yes, delete it"), required=False)
