"""Forgotten passwords, on the site's own pages with Django's own views and
single-use tokens (a reset link stops working once the password changes, and
after PASSWORD_RESET_TIMEOUT)."""

from __future__ import annotations

from django.contrib.auth.forms import PasswordResetForm
from django.utils import translation

from league.models import ConfirmedAddress, Preferences


class ConfirmedPasswordResetForm(PasswordResetForm):
    """Sends a reset link only to a confirmed address (an unconfirmed one may
    be someone else's), in its person's language."""

    def get_users(self, email):
        confirmed = set(
            ConfirmedAddress.objects.filter(email__iexact=email).values_list("user_id", flat=True)
        )
        return (user for user in super().get_users(email) if user.pk in confirmed)

    def send_mail(self, subject_template_name, email_template_name, context, *args, **kwargs):
        user = context["user"]
        language = (
            Preferences.objects.filter(user=user).values_list("language", flat=True).first()
            or translation.get_language()
        )
        with translation.override(language):
            super().send_mail(subject_template_name, email_template_name, context, *args, **kwargs)
