"""What a person's own page shows."""

from __future__ import annotations

from accounts.forms import AddressForm, TokenForm
from league.models import Driver, address_confirmed


def account_context(
    user,
    *,
    address_form: AddressForm | None = None,
    token_form: TokenForm | None = None,
    **extra,
) -> dict:
    driver = Driver.objects.filter(user=user).first()
    return {
        "driver": driver,
        "address_form": address_form or AddressForm(initial={"email": user.email}),
        "address_confirmed": address_confirmed(user),
        "tokens": list(user.access_tokens.all()),
        "token_form": token_form or TokenForm(),
        **extra,
    }
