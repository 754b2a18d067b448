"""The one way a destructive action runs: GET shows its confirmation page,
naming every change (seasons/confirmations.py); a POST from that page runs
the service. A refused action is said in words and changes nothing."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render

from league.caching import season_changed
from seasons.confirmations import Confirmation


def confirm_or_run(
    request,
    *,
    season,
    confirmation: Confirmation,
    run: Callable[[], str],
    back: str,
    then: str,
    hidden: dict | None = None,
):
    """`run` changes and returns the words said afterwards; `back` is where
    "keep it" leads, `then` where the page goes once it ran."""
    if request.method == "POST" and request.POST.get("confirm") == "yes":
        try:
            said = run()
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
            return redirect(back)
        season_changed(season_id=season.pk)
        messages.success(request, said)
        return redirect(then)
    context = {
        "season": season,
        "confirmation": confirmation,
        "back": back,
        "hidden": hidden or {},
    }
    return render(request, "confirm.html", context)
