"""An organiser's changes to a league's webhooks."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from league.models import League
from webhooks.addresses import Resolver, destination, system_resolve
from webhooks.models import EVENTS, Webhook

MAX_HOOKS = 10


@transaction.atomic
def webhook_create(
    *,
    league: League,
    url: str,
    form: str,
    events: list[str],
    user,
    resolve: Resolver = system_resolve,
) -> Webhook:
    """Add a hook; its address is checked now (https, public) and again at
    every delivery. A refusal stores nothing."""
    url = url.strip()
    known = {key for key, _ in EVENTS}
    if not events or not set(events) <= known:
        raise ValidationError({"events": _("Choose at least one event.")})
    if form not in Webhook.Form.values:
        raise ValidationError({"form": _("Choose the form of the message.")})
    if len(url) > 500:
        raise ValidationError({"url": _("That address is too long (500 characters at most).")})
    destination(url, resolve=resolve)
    if Webhook.objects.filter(league=league).count() >= MAX_HOOKS:
        raise ValidationError(_("A league has at most %(most)s webhooks.") % {"most": MAX_HOOKS})
    webhook = Webhook(league=league, url=url, form=form, events=sorted(events), created_by=user)
    webhook.full_clean()
    webhook.save()
    return webhook


@transaction.atomic
def webhook_remove(*, webhook: Webhook) -> None:
    webhook.delete()
