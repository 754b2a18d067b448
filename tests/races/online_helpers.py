"""Helpers for driving a live race in tests: what a person would choose."""

from races.table.live_races import live_race


def a_legal_choice(session, seat):
    """What the pro bot would do in this seat: a legal action."""
    session.refresh_from_db()
    with live_race(session) as (game, race):
        decision = next(d for d in race.pending if d.seat == seat)
        bot = game.bot("pro", seed=session.seed, seat=seat)
        return bot.choose(race.view(seat), decision)
