"""Who may change a league: its owner and its stewards; who may delete
it, or change the league itself: its owner."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _


def can_manage(user, league) -> bool:
    if not user.is_authenticated:
        return False
    if league.owner_id == user.pk:
        return True
    return league.stewards.filter(pk=user.pk).exists()


def manage_or_403(user, league) -> None:
    if not can_manage(user, league):
        raise PermissionDenied(_("Only the league's owner and stewards can do that."))


def is_owner(user, league) -> bool:
    """Changing or deleting the league itself, and deleting a season, are
    for its owner alone: stewards run the seasons."""
    return user.is_authenticated and league.owner_id == user.pk


def owner_or_403(user, league) -> None:
    if not is_owner(user, league):
        raise PermissionDenied(_("Only the league's owner can do that."))


def login_or_403(view):
    """Anonymous visitors are sent to log in to see a form, and refused (403)
    when they post to a write."""
    from functools import wraps

    from django.contrib.auth.views import redirect_to_login

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not request.user.is_authenticated:
            if request.method in ("GET", "HEAD"):
                return redirect_to_login(request.get_full_path())
            raise PermissionDenied(_("Log in first."))
        return view(request, *args, **kwargs)

    return wrapper
