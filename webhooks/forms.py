from django import forms

from webhooks.models import EVENTS, Webhook


class WebhookForm(forms.Form):
    url = forms.CharField(
        label="Address",
        max_length=500,
        help_text="https, on the public internet (a Discord channel's webhook address works).",
    )
    form = forms.ChoiceField(
        label="Message form", choices=Webhook.Form.choices, initial=Webhook.Form.PADDOCK
    )
    events = forms.MultipleChoiceField(
        label="Post when",
        choices=EVENTS,
        widget=forms.CheckboxSelectMultiple,
        initial=[key for key, _ in EVENTS],
    )
