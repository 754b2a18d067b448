"""A person's own pages: signing up, their address, their data, closing
their account."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth import login, logout
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.addresses import address_change, address_confirm
from accounts.closing import account_close, account_close_refusal
from accounts.data import account_data
from accounts.forms import AddressForm, CloseForm, SignupForm, TokenForm
from accounts.pages import account_context
from accounts.tokens import token_create, token_revoke
from league.organise import signup as sign_up
from league.permissions import login_or_403


@require_http_methods(["GET", "POST"])
def signup(request):
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            user = form.save()
            sign_up.driver_for_user(user=user)
            address_change(user=user, email=form.cleaned_data["email"])
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(
            request,
            _("Welcome to Paddock, %(name)s. We sent a link to %(email)s to confirm it.")
            % {"name": user.get_username(), "email": user.email},
        )
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form})


@login_or_403
@require_GET
def account(request):
    return render(request, "account.html", account_context(request.user))


@login_or_403
@require_POST
def address_edit(request):
    form = AddressForm(request.POST)
    if not form.is_valid():
        return render(request, "account.html", account_context(request.user, address_form=form))
    address_change(user=request.user, email=form.cleaned_data["email"])
    messages.success(
        request,
        _("We sent a link to %(email)s: follow it to confirm the address.")
        % {"email": request.user.email},
    )
    return redirect("account")


@require_GET
def address_confirm_link(request, token: str):
    try:
        user = address_confirm(token=token)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("home")
    messages.success(request, _("%(email)s is confirmed.") % {"email": user.email})
    return redirect("account" if request.user == user else "home")


@login_or_403
@require_GET
def account_download(request):
    body = json.dumps(account_data(user=request.user), ensure_ascii=False, indent=2)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="paddock-my-data.json"'
    return response


@login_or_403
@require_http_methods(["GET", "POST"])
def account_close_page(request):
    form = CloseForm(request.POST or None, user=request.user)
    refusal = account_close_refusal(user=request.user)
    if request.method == "POST" and not refusal and form.is_valid():
        account_close(user=request.user)
        logout(request)
        messages.success(request, _("Your account is closed. Thank you for racing."))
        return redirect("home")
    return render(request, "account_close.html", {"form": form, "refusal": refusal})


@login_or_403
@require_POST
def token_new(request):
    form = TokenForm(request.POST)
    if not form.is_valid():
        return render(request, "account.html", account_context(request.user, token_form=form))
    data = form.cleaned_data
    token, secret = token_create(user=request.user, name=data["name"], scopes=data["scopes"])
    # Shown on this answer only: the secret is not stored, so no later page has it.
    context = account_context(request.user, new_token=token, new_secret=secret)
    return render(request, "account.html", context)


@login_or_403
@require_POST
def token_revoke_post(request, token_id: int):
    if token_revoke(user=request.user, token_id=token_id):
        messages.success(request, _("The token is revoked: it opens nothing any more."))
    return redirect("account")
