"""Driver ratings: the Plackett–Luce model of the `openskill` library over
plain data, no ORM.

A rating is a skill estimate `mu` with its uncertainty `sigma`; what a
ladder ranks by is the conservative `mu - 3 sigma` (the library's ordinal):
a newcomer starts at 0 and climbs as the results make the estimate surer.

A race is a ranking of every car that took the start. Several cars of one
race may be the same player: all the bots of one level are one algorithm,
so they share one rating (`rate_race` merges their updates, below).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from openskill.models import PlackettLuce

CONSERVATIVE_SIGMAS = 3


@cache
def model() -> PlackettLuce:
    return PlackettLuce()


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - CONSERVATIVE_SIGMAS * self.sigma


def initial() -> Skill:
    m = model()
    return Skill(m.mu, m.sigma)


@dataclass(frozen=True)
class Finisher:
    """One car of a race: who drove it (a rating key) and where it placed.
    Equal places are a tie."""

    key: Hashable
    place: int


def rate_race(
    skills: Mapping[Hashable, Skill], finishers: Sequence[Finisher]
) -> dict[Hashable, Skill]:
    """The new skill of every key that raced. Keys missing from `skills` start
    at the model's default.

    A key that drove several cars (a bot level) takes the mean of its cars'
    updates: the race told us about that algorithm several times over, but
    it is one player whose rating moves once per race, not once per car.
    """
    if len(finishers) < 2:
        return {}
    m = model()
    teams = []
    for finisher in finishers:
        skill = skills.get(finisher.key) or initial()
        teams.append([m.rating(mu=skill.mu, sigma=skill.sigma)])
    rated = m.rate(teams, ranks=[f.place for f in finishers])
    updates: dict[Hashable, list] = defaultdict(list)
    for finisher, team in zip(finishers, rated, strict=True):
        updates[finisher.key].append(team[0])
    return {
        key: Skill(
            mu=sum(r.mu for r in ratings) / len(ratings),
            sigma=sum(r.sigma for r in ratings) / len(ratings),
        )
        for key, ratings in updates.items()
    }


def win_strengths(skills: Sequence[Skill]) -> list[float]:
    """Plackett–Luce strengths exp(mu / c), c = sqrt(sum(sigma^2 + beta^2))
    over the field, as the model scores a race: the weights with which a
    simulation draws a finishing order (the first car is drawn with
    probability proportional to its strength, then the next among the rest,
    and so on)."""
    m = model()
    if not skills:
        return []
    c = math.sqrt(sum(s.sigma**2 + m.beta**2 for s in skills))
    top = max(s.mu for s in skills)
    return [math.exp((s.mu - top) / c) for s in skills]
