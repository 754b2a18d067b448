"""The organiser's webhook page: add, remove, and read the delivery log."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from league.models import League
from league.permissions import login_or_403, manage_or_403
from webhooks.forms import WebhookForm
from webhooks.models import Delivery, Webhook
from webhooks.services import webhook_create, webhook_remove

LOG_LENGTH = 50


def _errors_to_form(form, error: ValidationError) -> None:
    if hasattr(error, "error_dict"):
        for field, problems in error.message_dict.items():
            form.add_error(field if field in form.fields else None, problems)
    else:
        form.add_error(None, error.messages)


@login_or_403
@require_http_methods(["GET", "POST"])
def league_webhooks(request, league_slug: str):
    league = get_object_or_404(League, slug=league_slug)
    manage_or_403(request.user, league)
    form = WebhookForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            webhook_create(league=league, user=request.user, **form.cleaned_data)
        except ValidationError as error:
            _errors_to_form(form, error)
        else:
            messages.success(request, _("Webhook added."))
            return redirect("league_webhooks", league.slug)
    hooks = list(Webhook.objects.filter(league=league))
    log = list(
        Delivery.objects.filter(webhook__league=league)
        .select_related("webhook")
        .defer("body")
        .order_by("-created_at", "-pk")[:LOG_LENGTH]
    )
    context = {"league": league, "form": form, "hooks": hooks, "log": log}
    return render(request, "league_webhooks.html", context)


@login_or_403
@require_POST
def webhook_delete(request, league_slug: str, webhook_id: int):
    league = get_object_or_404(League, slug=league_slug)
    manage_or_403(request.user, league)
    webhook = get_object_or_404(Webhook, pk=webhook_id, league=league)
    webhook_remove(webhook=webhook)
    messages.success(request, _("Webhook removed."))
    return redirect("league_webhooks", league.slug)
