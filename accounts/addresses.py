"""Confirming a person's e-mail address (issue 28): a signed link, sent to
the address itself, that proves the person reads it. Until they follow it
the address gets no notice (league/models/people.py, `address_confirmed`)."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from league.models import ConfirmedAddress

SALT = "paddock.accounts.address"


def address_link(*, user, email: str) -> str:
    """The site's address of the link that confirms `email` for `user`."""
    token = signing.dumps({"user": user.pk, "email": email}, salt=SALT)
    return settings.SITE_URL + reverse("address_confirm", args=[token])


@transaction.atomic
def address_change(*, user, email: str) -> None:
    """Take `email` as the person's address, unconfirmed, and send it the
    link. A changed address is confirmed again before any notice goes to it;
    the same address again keeps its confirmation."""
    email = email.strip()
    user.email = email
    user.save(update_fields=["email"])
    if ConfirmedAddress.objects.filter(user=user, email__iexact=email).exists():
        return
    link = address_link(user=user, email=email)
    # Sent in the language the page speaks: the person's own. Inside the
    # transaction: an address whose link could not be sent is not taken.
    send_mail(
        subject=_("Paddock: confirm your e-mail address"),
        message=_(
            "Hello %(name)s,\n\nfollow this link to confirm that %(email)s is your "
            "address, so Paddock may tell you when a race waits for you:\n\n%(link)s\n\n"
            "The link works for %(days)s days. If you did not ask for it, ignore this "
            "message.\n"
        )
        % {
            "name": user.get_username(),
            "email": email,
            "link": link,
            "days": settings.ADDRESS_CONFIRM_SECONDS // (24 * 3600),
        },
        from_email=None,
        recipient_list=[email],
    )


@transaction.atomic
def address_confirm(*, token: str):
    """Confirm the address a link was sent for, and return its person.
    A link that is forged, expired, or for an address the person has since
    changed is refused with words."""
    try:
        data = signing.loads(token, salt=SALT, max_age=settings.ADDRESS_CONFIRM_SECONDS)
    except signing.SignatureExpired:
        raise ValidationError(_("This link has expired; ask for a new one.")) from None
    except signing.BadSignature:
        raise ValidationError(_("This link is not valid.")) from None
    user = get_user_model().objects.filter(pk=data.get("user"), is_active=True).first()
    if user is None or user.email.lower() != str(data.get("email", "")).lower():
        raise ValidationError(_("This link is for an address that is no longer yours here."))
    ConfirmedAddress.objects.update_or_create(
        user=user, defaults={"email": user.email, "confirmed_at": timezone.now()}
    )
    return user
