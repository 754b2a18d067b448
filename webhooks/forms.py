from django import forms
from django.utils.translation import gettext_lazy as _

from webhooks.models import EVENTS, Webhook


class WebhookForm(forms.Form):
    url = forms.CharField(
        label=_("Address"),
        max_length=500,
        help_text=_("https, on the public internet (a Discord channel's webhook address works)."),
    )
    form = forms.ChoiceField(
        label=_("Message form"), choices=Webhook.Form.choices, initial=Webhook.Form.PADDOCK
    )
    events = forms.MultipleChoiceField(
        label=_("Post when"),
        choices=EVENTS,
        widget=forms.CheckboxSelectMultiple,
        initial=[key for key, _ in EVENTS],
    )
