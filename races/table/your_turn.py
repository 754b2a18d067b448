from django.utils.functional import SimpleLazyObject

from races.table.online import turns_for


def your_turn(request):
    """The decisions the logged-in driver owes now, for the site header:
    looked up only when a page draws the header (never for a polled piece)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"your_turns": SimpleLazyObject(lambda: turns_for(user))}
