from races.online import turns_for


def your_turn(request):
    """The decisions the logged-in driver owes now, for the site header."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"your_turns": turns_for(user)}
