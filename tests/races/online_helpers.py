"""Helpers for driving a live race in tests: what a person would choose."""

from races.online import _rebuild
from races.rules import get_game


def a_legal_choice(session, seat):
    """What the pro bot would do in this seat: a legal action, as a dict."""
    session.refresh_from_db()
    game, race = _rebuild(session)
    decision = next(d for d in race.pending if d.seat == seat)
    bot = get_game(game.key).bot("pro", seed=session.seed, seat=seat)
    return bot.choose(race.view(seat), decision).to_dict()
