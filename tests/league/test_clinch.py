"""Clinch, exactly: the answer is compared with brute force over every
completion of small seasons (3-4 drivers, 1-3 rounds to come), each
completion scored by league/scoring/championship.py itself (the standings' own entry
point): drop rounds, multipliers, bonus points (pole, fastest lap), scoring
qualifying, cars that do not finish or do not start, driver penalties and
ties settled by countback."""

import itertools
import math
from decimal import Decimal

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from league.scoring import tables as scoring
from league.scoring.championship import QUALIFYING, PenaltyRow, ResultRow, championship, rows_score
from league.title.clinch import CAN_WIN, CHAMPION, OUT, driver_outlooks
from league.title.completions import RoundToCome, SeasonSoFar, season_from_results

# Statuses a car may end a race to come with (eliminated scores as not
# classified; disqualified as did not start, listed just ahead of those).
ENDINGS = (scoring.FINISHED, scoring.NOT_CLASSIFIED, scoring.DID_NOT_START)


def race_results(cars, rnd, table):
    """Every way a race can end: an order of the cars, finishers first, then
    the cars not classified, then those that did not start, each racing car
    flagged or not for each bonus read from the race's figures."""
    flags = [k for k in ("fastest_lap", "pole") if k in table.bonus]
    for order in itertools.permutations(cars):
        for cut in itertools.combinations_with_replacement(range(len(cars) + 1), 2):
            statuses = [
                ENDINGS[0] if i < cut[0] else ENDINGS[1] if i < cut[1] else ENDINGS[2]
                for i in range(len(cars))
            ]
            racing = [c for c, st_ in zip(order, statuses, strict=True) if st_ != ENDINGS[2]]
            subsets = [
                set(s) for k in range(len(racing) + 1) for s in itertools.combinations(racing, k)
            ]
            for marks in itertools.product(subsets, repeat=len(flags)):
                yield [
                    ResultRow(
                        rnd.number,
                        car,
                        place,
                        status=status,
                        multiplier=Decimal(rnd.multiplier),
                        figures={f: True for f, m in zip(flags, marks, strict=True) if car in m},
                    )
                    for place, (car, status) in enumerate(zip(order, statuses, strict=True), 1)
                ]


def qualifying_results(cars, rnd, table):
    """Every way a qualifying to come can end (classified first)."""
    if not (rnd.qualifying and (table.qualifying_points or "pole" in table.bonus)):
        yield []
        return
    for order in itertools.permutations(cars):
        for classified in range(len(cars) + 1):
            yield [
                ResultRow(
                    rnd.number,
                    car,
                    place,
                    status=scoring.FINISHED if place <= classified else scoring.NOT_CLASSIFIED,
                    session=QUALIFYING,
                    multiplier=Decimal(rnd.multiplier),
                )
                for place, car in enumerate(order, start=1)
            ]


def raw_size(case, rnd):
    """How many ways of ending the round `round_outcomes` goes through."""
    n, table = len(case["cars"]), case["table"]
    flags = len([k for k in ("fastest_lap", "pole") if k in table.bonus])
    size = math.factorial(n) * math.comb(n + 2, 2) * 2 ** (n * flags)
    if rnd.qualifying and (table.qualifying_points or "pole" in table.bonus):
        size *= math.factorial(n) * (n + 1)
    return size


def round_outcomes(case, rnd):
    """One set of rows for each different way the round can score its cars
    (points, countback place, latest place), by league/scoring/championship.py."""
    cars, table = case["cars"], case["table"]
    kept = {}
    for quali in qualifying_results(cars, rnd, table):
        for race in race_results(cars, rnd, table):
            scored = rows_score(table, quali + race)
            outcome = {}
            for s in scored:
                points, place, latest = outcome.get(s.row.entry, (0, None, None))
                if s.row.session == "race":
                    place = s.position if s.status == scoring.FINISHED else None
                    latest = s.position
                outcome[s.row.entry] = (points + s.points, place, latest)
            kept.setdefault(tuple(sorted(outcome.items())), quali + race)
    return list(kept.values())


def brute_force(case, per_round):
    """Every completion: each driver's set of final places, and whether it
    is always first alone."""
    ranks = {k: set() for k in case["cars"]}
    alone_first = {k: True for k in case["cars"]}
    for combination in itertools.product(*per_round):
        lines = championship(
            case["table"],
            case["rows"] + [row for rows in combination for row in rows],
            penalties=case["penalties"],
            entries=case["cars"],
        ).drivers
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


def check(case, per_round=None):
    per_round = per_round or [round_outcomes(case, rnd) for rnd in case["to_come"]]
    ranks, alone_first = brute_force(case, per_round)
    season = season_from_results(
        case["table"],
        case["rows"],
        to_come=case["to_come"],
        penalties=case["penalties"],
        entries=case["cars"],
    )
    outlooks = driver_outlooks(season)
    for key in case["cars"]:
        got = outlooks[key]
        assert got.state == expected_state(ranks, alone_first, key), (key, got, ranks)
        assert got.exact and got.proven
        assert (got.best, got.worst) == (min(ranks[key]), max(ranks[key])), (key, got, ranks)


TABLES = [(10, 6, 4, 3), (3, 2, 1, 0), (5, 5, 1, 0), (2, 1, 1, 1), (4, 2, 0, 0)]


@st.composite
def cases(draw):
    n = draw(st.integers(3, 4))
    cars = [f"d{i}" for i in range(n)]
    table = scoring.PointsTable(
        race_points=tuple(Decimal(p) for p in draw(st.sampled_from(TABLES))),
        qualifying_points=draw(st.sampled_from([(), (), (Decimal(1),)])),
        eliminated_score=draw(st.booleans()),
        drop_worst=draw(st.integers(0, 1)),
        bonus=draw(
            st.sampled_from(
                [{}, {}, {"fastest_lap": 1}, {"pole": 1}, {"pole": 2, "fastest_lap": 1}]
            )
        ),
    )
    held = draw(st.integers(0, 3))
    rows = []
    for number in range(1, held + 1):
        order = draw(st.permutations(cars))
        statuses = [draw(st.sampled_from([scoring.FINISHED] * 4 + list(ENDINGS[1:]))) for _ in cars]
        fastest = draw(st.sampled_from(cars))
        for place, (car, status) in enumerate(zip(order, statuses, strict=True), start=1):
            figures = {"fastest_lap": True} if car == fastest else {}
            rows.append(ResultRow(number, car, place, status=status, figures=figures))
        if table.qualifying_points and draw(st.booleans()):
            for place, car in enumerate(draw(st.permutations(cars)), start=1):
                rows.append(ResultRow(number, car, place, session=QUALIFYING))
    to_come = [
        RoundToCome(
            held + i,
            multiplier=draw(st.sampled_from([1, 1, 2])),
            qualifying=draw(st.booleans()),
        )
        for i in range(1, draw(st.integers(1, 3)) + 1)
    ]
    # Sometimes the next round's qualifying is already over (its pole, if
    # any, is taken: nobody else can earn it).
    if (table.qualifying_points or "pole" in table.bonus) and draw(st.booleans()):
        first = to_come[0]
        classified = draw(st.integers(0, n))
        for place, car in enumerate(draw(st.permutations(cars)), start=1):
            status = scoring.FINISHED if place <= classified else scoring.NOT_CLASSIFIED
            mult = Decimal(first.multiplier)
            rows.append(
                ResultRow(
                    first.number, car, place, status=status, session=QUALIFYING, multiplier=mult
                )
            )
        to_come[0] = RoundToCome(first.number, first.multiplier, qualifying=False)
    penalties = []
    if held and draw(st.booleans()):  # stewards judge a round once it is run
        points = Decimal(draw(st.sampled_from([1, 3])))
        penalties.append(PenaltyRow(1, entry=draw(st.sampled_from(cars)), points=points))
    case = {"cars": cars, "table": table, "rows": rows, "penalties": penalties, "to_come": to_come}
    assume(math.prod(raw_size(case, rnd) for rnd in to_come) <= 4000)
    per_round = [round_outcomes(case, rnd) for rnd in to_come]
    total = 1
    for outcomes in per_round:
        total *= len(outcomes)
    assume(total <= 6000)
    return case, per_round


@settings(max_examples=120, deadline=None)
@given(cases())
def test_clinch_matches_brute_force_over_every_completion(drawn):
    """State, best and worst place of every driver == brute force over every
    completion, non-finishers and bonus points included."""
    case, per_round = drawn
    check(case, per_round)


@st.composite
def seasons(draw):
    """Small seasons as plain data, every car finishing (tests/league/test_odds.py)."""
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


def rows_case(cars, orders, table, to_come):
    rows = [
        ResultRow(number, car, place)
        for number, order in enumerate(orders, start=1)
        for place, car in enumerate(order, start=1)
    ]
    rounds = [RoundToCome(len(orders) + i) for i in range(1, to_come + 1)]
    return {"cars": cars, "table": table, "rows": rows, "penalties": [], "to_come": rounds}


def outlooks_of(case):
    return driver_outlooks(
        season_from_results(
            case["table"], case["rows"], to_come=case["to_come"], entries=case["cars"]
        )
    )


def test_a_tie_on_points_settled_by_countback_clinches():
    # Ana won twice: level on points with Ben after the last round at best,
    # she still wins on countback (more wins).
    table = scoring.PointsTable(race_points=(Decimal(3), Decimal(2), Decimal(0)))
    case = rows_case(
        ["ana", "ben", "cid"], [("ana", "cid", "ben"), ("ana", "cid", "ben")], table, 1
    )
    # ana 6, ben 0, cid 4: last round, cid wins and ana is last → ana 6, cid 7.
    assert outlooks_of(case)["ana"].state == CAN_WIN
    check(case)
    case = rows_case(
        ["ana", "ben", "cid"],
        [("ana", "cid", "ben"), ("ana", "cid", "ben"), ("ana", "ben", "cid")],
        table,
        1,
    )
    # ana 9, cid 4, ben 2: cid can reach 7, ben 5 → ana has clinched.
    outlook = outlooks_of(case)
    assert outlook["ana"].state == CHAMPION and outlook["ben"].state == OUT
    check(case)


def test_a_rival_who_does_not_start_scores_less_than_last():
    """Every place scores (Formula D style): Cid is behind Ana by more than
    a win is worth over last place, yet Ana can still win the title only if
    Cid does not start, and Ben can pass Ana only while she does not start."""
    table = scoring.PointsTable(race_points=(Decimal(5), Decimal(4), Decimal(3)))
    case = rows_case(
        ["ana", "ben", "cid"], [("cid", "ben", "ana"), ("cid", "ana", "ben")], table, 1
    )
    # cid 10, ana 7, ben 7: ana wins (12) and cid last (13) → out if every car
    # finishes; cid not starting keeps him at 10.
    outlooks = outlooks_of(case)
    assert outlooks["ana"].state == CAN_WIN and outlooks["cid"].worst == 3
    check(case)


def test_bonus_points_to_come_keep_a_rival_in_the_hunt():
    """A fastest-lap point to come: Ben, three behind with a two-point win,
    can still tie Ana and win on the latest round."""
    table = scoring.PointsTable(
        race_points=(Decimal(2), Decimal(0), Decimal(0)), bonus={"fastest_lap": 1}
    )
    case = rows_case(
        ["ana", "ben", "cid"], [("ana", "ben", "cid"), ("ana", "cid", "ben")], table, 1
    )
    case["rows"][0] = ResultRow(1, "ana", 1, figures={"fastest_lap": True})
    case["rows"][3] = ResultRow(2, "ana", 1, figures={"fastest_lap": True})
    # ana 6, ben 0: no, ben cannot (3 at most). Ana has clinched.
    assert outlooks_of(case)["ana"].state == CHAMPION
    check(case)
    case = rows_case(
        ["ana", "ben", "cid"], [("ana", "ben", "cid"), ("ben", "cid", "ana")], table, 1
    )
    case["rows"][0] = ResultRow(1, "ana", 1, figures={"fastest_lap": True})
    # ana 3, ben 2: ben wins with the fastest lap (5), ana does not start.
    outlooks = outlooks_of(case)
    assert outlooks["ana"].state == CAN_WIN == outlooks["ben"].state
    check(case)


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


def test_a_qualifying_nobody_finishes_gives_every_car_the_pole():
    """The pole goes to the car first in qualifying; when no car is
    classified there, the race's figures give it, to any number of cars:
    both rivals then pass Ana, who is third at worst, not second."""
    table = scoring.PointsTable(race_points=(Decimal(1), Decimal(1), Decimal(0)), bonus={"pole": 1})
    orders = [("ana", "ben", "cid"), ("ana", "cid", "ben"), ("ben", "cid", "ana")]
    case = rows_case(["ana", "ben", "cid"], [*orders, ("ana", "ben", "cid")], table, 1)
    case["penalties"] = [PenaltyRow(4, entry="ben", points=Decimal(1))]
    case["to_come"] = [RoundToCome(5, qualifying=True)]
    # ana 3 (three wins), ben 2, cid 2; the last round's qualifying is to come.
    season = season_from_results(
        table,
        case["rows"],
        to_come=case["to_come"],
        penalties=case["penalties"],
        entries=case["cars"],
    )
    assert driver_outlooks(season)["ana"].worst == 3
    check(case)


def test_a_pole_already_taken_is_nobody_elses_to_earn():
    """Ana took the last round's pole (2) before its race: Ben, a point
    behind before it, can win the race (2) but not the pole as well."""
    table = scoring.PointsTable(
        race_points=(Decimal(2), Decimal(1), Decimal(0)), bonus={"pole": Decimal(2)}
    )
    case = rows_case(["ana", "ben", "cid"], [("ana", "ben", "cid")], table, 1)
    case["rows"] += [
        ResultRow(2, car, place, session=QUALIFYING)
        for place, car in enumerate(["ana", "ben", "cid"], start=1)
    ]
    # ana 2 + 2 (pole) = 4, ben 1 + 2 at most = 3.
    assert outlooks_of(case)["ana"].state == CHAMPION
    check(case)
