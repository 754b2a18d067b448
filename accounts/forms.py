"""A person's own forms: signing up with an address, changing it, closing
the account."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from accounts.models import AccessToken


class SignupForm(UserCreationForm):
    email = forms.EmailField(
        label=_("E-mail address"),
        max_length=254,
        help_text=_("We send a link to confirm it; notices go to it only once confirmed."),
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username",)


class AddressForm(forms.Form):
    email = forms.EmailField(
        label=_("E-mail address"),
        max_length=254,
        help_text=_("A new address is confirmed by a link before any notice goes to it."),
    )


class CloseForm(forms.Form):
    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self):
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("That is not your password."))
        return password


class TokenForm(forms.Form):
    name = forms.CharField(
        label=_("Token name"),
        max_length=60,
        help_text=_("What it is for, e.g. “results from the club night”."),
    )
    scopes = forms.MultipleChoiceField(
        label=_("It may"),
        choices=AccessToken.Scope.choices,
        widget=forms.CheckboxSelectMultiple,
    )
