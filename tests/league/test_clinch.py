"""Clinch, exactly: the answer is compared with brute force over every
completion of small seasons (3-4 drivers, 1-3 rounds to come), with drop
rounds, multipliers, penalties, qualifying points and ties settled by
countback."""

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from league import scoring
from league.clinch import CAN_WIN, CHAMPION, OUT, driver_outlooks
from league.completions import RoundToCome, SeasonSoFar, standings_after


def brute_force(season: SeasonSoFar):
    """Every completion: each driver's set of final places, and whether it is
    always first alone. (Teams: tests/league/test_team_clinch.py.)"""
    drivers = list(season.drivers)
    sessions = []
    for rnd in season.to_come:
        sessions.append(("race", rnd))
        if rnd.qualifying and season.table.qualifying_points:
            sessions.append(("qualifying", rnd))
    orders = list(itertools.permutations(drivers))
    ranks = {k: set() for k in drivers}
    alone_first = {k: True for k in drivers}
    for combination in itertools.product(orders, repeat=len(sessions)):
        races, qualifyings, i = [], [], 0
        for rnd in season.to_come:
            races.append(combination[i])
            i += 1
            if rnd.qualifying and season.table.qualifying_points:
                qualifyings.append(combination[i])
                i += 1
            else:
                qualifyings.append(None)
        lines = standings_after(season, races, qualifyings)
        firsts = [line.key for line in lines if line.rank == 1]
        for line in lines:
            ranks[line.key].add(line.rank)
            if not (line.rank == 1 and len(firsts) == 1):
                alone_first[line.key] = False
    return ranks, alone_first


def expected_state(ranks, alone_first, key):
    if alone_first[key]:
        return CHAMPION
    return CAN_WIN if 1 in ranks[key] else OUT


def check(season: SeasonSoFar):
    ranks, alone_first = brute_force(season)
    outlooks = driver_outlooks(season)
    for key in season.drivers:
        got = outlooks[key]
        assert got.state == expected_state(ranks, alone_first, key), (key, got, ranks)
        assert got.exact and got.proven
        assert (got.best, got.worst) == (min(ranks[key]), max(ranks[key])), (key, got, ranks)


TABLES = [(10, 6, 4, 3), (3, 2, 1, 0), (5, 5, 1, 0), (2, 1, 1, 1)]


@st.composite
def seasons(draw):
    n = draw(st.integers(3, 4))
    drivers = tuple(f"d{i}" for i in range(n))
    held_count = draw(st.integers(0, 3))
    max_to_come = 3 if n == 3 else 2
    to_come_count = draw(st.integers(1, max_to_come))
    drop = draw(st.integers(0, 1))
    quali_points = draw(st.sampled_from([(), (1,)])) if n == 3 and to_come_count <= 2 else ()
    table = scoring.PointsTable(
        race_points=draw(st.sampled_from(TABLES)), qualifying_points=quali_points, drop_worst=drop
    )
    scores = {k: [] for k in drivers}
    for number in range(1, held_count + 1):
        order = draw(st.permutations(drivers))
        for place, key in enumerate(order, start=1):
            points = scoring.race_points(table, position=place, status="finished")
            scores[key].append(scoring.RoundScore(number, points, place))
    to_come = tuple(
        RoundToCome(
            number=held_count + i,
            multiplier=draw(st.sampled_from([1, 1, 2])),
            qualifying=bool(quali_points) and draw(st.booleans()),
        )
        for i in range(1, to_come_count + 1)
    )
    penalties = {k: draw(st.sampled_from([0, 0, 0, 1, 3])) for k in drivers}
    teams = {"red": drivers[:2], "blue": drivers[2:]} if draw(st.booleans()) else {}  # for the odds
    return SeasonSoFar(
        table=table,
        drivers=drivers,
        scores={k: tuple(v) for k, v in scores.items()},
        held=tuple(range(1, held_count + 1)),
        to_come=to_come,
        penalties={k: v for k, v in penalties.items() if v},
        teams=teams,
    )


@settings(max_examples=150, deadline=None)
@given(seasons())
def test_clinch_matches_brute_force_over_every_completion(season):
    check(season)


def plain(drivers, rounds, table, to_come, **fields):
    scores = {k: [] for k in drivers}
    for number, order in enumerate(rounds, start=1):
        for place, key in enumerate(order, start=1):
            points = scoring.race_points(table, position=place, status="finished")
            scores[key].append(scoring.RoundScore(number, points, place))
    return SeasonSoFar(
        table=table,
        drivers=tuple(drivers),
        scores={k: tuple(v) for k, v in scores.items()},
        held=tuple(range(1, len(rounds) + 1)),
        to_come=tuple(RoundToCome(len(rounds) + i) for i in range(1, to_come + 1)),
        **fields,
    )


def test_a_tie_on_points_settled_by_countback_clinches():
    # Ana won twice: level on points with Ben after the last round at best,
    # she still wins on countback (more wins).
    table = scoring.PointsTable(race_points=(3, 2, 0))
    season = plain(["ana", "ben", "cid"], [("ana", "cid", "ben"), ("ana", "cid", "ben")], table, 1)
    # ana 6, ben 0, cid 4: last round, cid wins and ana is last → ana 6, cid 7.
    assert driver_outlooks(season)["ana"].state == CAN_WIN
    season = plain(
        ["ana", "ben", "cid"],
        [("ana", "cid", "ben"), ("ana", "cid", "ben"), ("ana", "ben", "cid")],
        table,
        1,
    )
    # ana 9, cid 4, ben 2: cid can reach 7, ben 5 → ana has clinched.
    outlook = driver_outlooks(season)
    assert outlook["ana"].state == CHAMPION and outlook["ben"].state == OUT
    check(season)


def test_in_a_big_field_the_threat_search_decides_exactly():
    # 12 drivers, 2 rounds to come: too many completions to enumerate; the
    # search still proves who is out.
    table = scoring.PointsTable(race_points=(25, 18, 15, 12, 10, 8, 6, 4, 2, 1))
    drivers = [f"d{i:02d}" for i in range(12)]
    season = plain(drivers, [tuple(drivers)] * 4, table, 2)
    outlooks = driver_outlooks(season)
    # d00 has 100, d01 72: d01 can reach 122 against d00's 100 + 0 + 0.
    assert outlooks["d00"].state == CAN_WIN
    assert outlooks["d01"].state == CAN_WIN  # 72 + 50 = 122 > 100 + 36 with d00 second
    # d03 has 48 + 50 = 98 < d00's 100 even when d00 scores nothing more.
    assert outlooks["d03"].state == OUT
    assert all(o.state != CHAMPION for o in outlooks.values())
