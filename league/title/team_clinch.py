"""Who can still win the teams' title: exact, over every completion of the
season (league/title/completions.py), ranked as league/scoring/championship.py ranks
teams: each round the sum (or the best N) of the points of the cars that
race for the team then, the team's penalties off, no dropped rounds, ties by
countback of its cars' places, then its best car in the latest rounds.

A completion lets any car finish anywhere, earn the round's bonus, or not
start (nothing scored but what it carried into the round, no bonus, no
place on countback). The reasoning, for a team T, rests on one exchange:
a better result for a car never makes its team worse in points, countback
or latest result; and two teams' order depends on their own cars only.

- T has **clinched** when it stays strictly ahead of each rival U in the
  completion worst for T against U: U's cars first and second everywhere
  with every bonus, T's cars not starting. That completion exists, so the
  test is exact.
- T's **best place**: T's cars take the first places everywhere with every
  bonus, and no other car starts: one completion, the best for T against
  everyone at once. One plus the rivals ahead even then; best place 1 is
  **can still win**, otherwise T is **out**.
- T's **worst place**: T's cars do not start (listed last). Rivals ahead
  even when their cars do not start either are always ahead; of the
  others, the contenders who pass T when they take the first places, as
  many as can be put ahead at once (league/title/team_places.py: a greedy
  witness, a count of points that proves how many cannot, an exact search
  between the two). A search that runs out of budget, or a pole at stake
  in a qualifying to come, leaves the worst place a bound (`exact` false),
  which the standings page says.
"""

from __future__ import annotations

from collections.abc import Hashable

from league.title.clinch import CAN_WIN, CHAMPION, OUT, Outlook
from league.title.completions import SeasonSoFar
from league.title.team_places import PutAhead
from league.title.team_season import TeamSeason


def _outlook(data: TeamSeason, team) -> Outlook:
    rivals = [t for t in data.teams if t != team]
    size = data.sizes(team)
    least = data.absent(team)
    most = data.placed(team, data.start[team], 1, favour=True)
    clinched = all(data.ahead(least, data.placed(u, data.start[u], 1, favour=True)) for u in rivals)
    if clinched:
        return Outlook(team, CHAMPION, 1, 1)
    # Best place: T first everywhere, no other car starting (listed below T).
    ahead_of_best = sum(data.ahead(data.absent(u), most) for u in rivals)
    # Worst place: T last of all, not starting.
    always, contenders = 0, []
    for u in rivals:
        if data.ahead(data.absent(u, above=size), least):
            always += 1
        elif data.ahead(data.placed(u, data.start[u], 1, favour=True), least):
            contenders.append(u)
    put, exact = PutAhead(data, least).most(contenders)
    state = CAN_WIN if ahead_of_best == 0 else OUT
    return Outlook(team, state, 1 + ahead_of_best, 1 + always + put, exact=exact)


def team_outlooks(season: SeasonSoFar) -> dict[Hashable, Outlook]:
    """Every team's title state and reachable places."""
    if not season.teams and not season.team_records:
        return {}
    data = TeamSeason(season)
    return {team: _outlook(data, team) for team in data.teams}
