"""Team clinch, exactly: the answer is compared with brute force over every
completion of small seasons, each completion scored by league/scoring/championship.py
itself (the standings' own entry point): teams changing per round, a team's
best car only, drop rounds, multipliers, qualifying points (a qualifier may
be left unclassified: nothing scored, FD-BGA-4), bonus points,
driver and team-only penalties, unclassified cars, cars that do not finish or
start in the rounds to come, ties by countback."""

import itertools
import math
from dataclasses import replace
from decimal import Decimal

from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from league.scoring import tables as scoring
from league.scoring.championship import QUALIFYING, PenaltyRow, ResultRow, championship
from league.title.clinch import CAN_WIN, CHAMPION, OUT, team_outlooks
from league.title.completions import RoundToCome, season_from_results

TABLES = [(10, 6, 4, 3), (3, 2, 1, 0), (5, 5, 1, 0), (2, 1, 1, 1), (4, 2, 0, 0)]


ENDINGS = ("finished", "not_classified", "did_not_start")


def race_endings(cars):
    """Every way a race can end: an order of the cars, finishers first, then
    the cars not classified, then those that did not start."""
    for race in itertools.permutations(cars):
        for cut in itertools.combinations_with_replacement(range(len(cars) + 1), 2):
            yield [
                (car, ENDINGS[0] if i < cut[0] else ENDINGS[1] if i < cut[1] else ENDINGS[2])
                for i, car in enumerate(race)
            ]


def completions(case):
    """Every way the rounds to come can go: race order and endings, scoring
    qualifying order, and which cars earn the bonus, as result rows."""
    cars = case["cars"]
    table = case["table"]
    per_round = []
    for rnd in case["to_come"]:
        lineup = rnd.teams if rnd.teams is not None else case["lineup"]
        team_of = {car: team for team, members in lineup.items() for car in members}
        bonus_sets = (
            [set(s) for k in range(len(cars) + 1) for s in itertools.combinations(cars, k)]
            if table.bonus
            else [set()]
        )
        # A qualifying order, its classified cars first: an unclassified
        # qualifier scores nothing (FD-BGA-4).
        qualis = (
            [
                (order, classified)
                for order in itertools.permutations(cars)
                for classified in range(len(cars) + 1)
            ]
            if rnd.qualifying and table.qualifying_points
            else [None]
        )
        options = []
        for race in race_endings(cars):
            for quali in qualis:
                for flagged in bonus_sets:
                    rows = [
                        ResultRow(
                            rnd.number,
                            car,
                            place,
                            status=status,
                            team=team_of.get(car),
                            multiplier=Decimal(rnd.multiplier),
                            figures={"fastest_lap": True} if car in flagged else {},
                        )
                        for place, (car, status) in enumerate(race, start=1)
                    ]
                    if quali is not None:
                        order, classified = quali
                        rows += [
                            ResultRow(
                                rnd.number,
                                car,
                                place,
                                status="finished" if place <= classified else "not_classified",
                                session=QUALIFYING,
                                team=team_of.get(car),
                                multiplier=Decimal(rnd.multiplier),
                            )
                            for place, car in enumerate(order, start=1)
                        ]
                    options.append(rows)
        per_round.append(options)
    for combination in itertools.product(*per_round):
        yield [row for rows in combination for row in rows]


def brute_force(case):
    """Each team's set of final places, and whether it is always first alone."""
    places = {t: set() for t in case["teams"]}
    alone = {t: True for t in case["teams"]}
    for future in completions(case):
        lines = championship(
            case["table"],
            case["rows"] + future,
            penalties=case["penalties"],
            entries=case["cars"],
            teams=case["teams"],
        ).teams
        firsts = [line.key for line in lines if line.rank == 1]
        for line in lines:
            places[line.key].add(line.rank)
            if not (line.rank == 1 and len(firsts) == 1):
                alone[line.key] = False
    return places, alone


def check(case):
    season = season_from_results(
        case["table"],
        case["rows"],
        to_come=case["to_come"],
        penalties=case["penalties"],
        entries=case["cars"],
        teams=case["teams"],
        lineup=case["lineup"],
    )
    places, alone = brute_force(case)
    got = team_outlooks(season)
    assert set(got) == set(case["teams"])
    for team, outlook in got.items():
        expected = CHAMPION if alone[team] else CAN_WIN if 1 in places[team] else OUT
        assert outlook.exact and outlook.proven, outlook
        assert outlook.state == expected, (team, outlook, places)
        assert (outlook.best, outlook.worst) == (min(places[team]), max(places[team])), (
            team,
            outlook,
            places,
        )


def size_of(n, to_come, table):
    total = 1
    for rnd in to_come:
        total *= math.factorial(n) * math.comb(n + 2, 2)
        if rnd.qualifying and table.qualifying_points:
            total *= math.factorial(n) * (n + 1)
        if table.bonus:
            total *= 2**n
    return total


@st.composite
def cases(draw):
    n = draw(st.integers(3, 5))
    cars = [f"c{i}" for i in range(n)]
    teams = ["red", "blue", "gold"][: draw(st.integers(2, 3))]
    table = scoring.PointsTable(
        race_points=tuple(Decimal(p) for p in draw(st.sampled_from(TABLES))),
        qualifying_points=draw(st.sampled_from([(), (Decimal(1),)])),
        drop_worst=draw(st.integers(0, 1)),
        team_points=draw(st.sampled_from(["sum", "sum", "best_n"])),
        team_best_n=1,
        bonus=draw(st.sampled_from([{}, {}, {"fastest_lap": 1}])),
    )
    held = draw(st.integers(0, 3))

    def lineup_draw():
        # Each car races for one of the teams or for none.
        owners = [draw(st.sampled_from([*teams, *teams, None])) for _ in cars]
        return {t: tuple(c for c, o in zip(cars, owners, strict=True) if o == t) for t in teams}

    rows = []
    for number in range(1, held + 1):
        lineup = lineup_draw()
        team_of = {c: t for t, members in lineup.items() for c in members}
        order = draw(st.permutations(cars))
        statuses = [
            draw(st.sampled_from(["finished"] * 4 + ["eliminated", "not_classified"])) for _ in cars
        ]
        for place, (car, status) in enumerate(zip(order, statuses, strict=True), start=1):
            rows.append(ResultRow(number, car, place, status=status, team=team_of.get(car)))
        if table.qualifying_points and draw(st.booleans()):
            for place, car in enumerate(draw(st.permutations(cars)), start=1):
                rows.append(
                    ResultRow(number, car, place, session=QUALIFYING, team=team_of.get(car))
                )
    lineup = lineup_draw()
    rounds = draw(st.integers(1, 2))
    to_come = []
    for i in range(1, rounds + 1):
        own = lineup_draw() if i > 1 and draw(st.booleans()) else None
        to_come.append(
            RoundToCome(
                held + i,
                multiplier=draw(st.sampled_from([1, 1, 2])),
                qualifying=bool(table.qualifying_points) and draw(st.booleans()),
                teams=own,
            )
        )
    # Sometimes the next round's qualifying is already over.
    if table.qualifying_points and draw(st.booleans()):
        first = to_come[0]
        team_of = {c: t for t, members in lineup.items() for c in members}
        classified = draw(st.integers(0, n))
        for place, car in enumerate(draw(st.permutations(cars)), start=1):
            status = "finished" if place <= classified else "not_classified"
            rows.append(
                ResultRow(
                    first.number,
                    car,
                    place,
                    status=status,
                    session=QUALIFYING,
                    team=team_of.get(car),
                    multiplier=Decimal(first.multiplier),
                )
            )
        to_come[0] = RoundToCome(first.number, first.multiplier, qualifying=False)
    penalties = []
    if held and draw(st.booleans()):  # stewards judge a round once it is run
        penalties.append(PenaltyRow(1, entry=draw(st.sampled_from(cars)), points=Decimal(2)))
    if draw(st.booleans()):
        penalties.append(PenaltyRow(1, team=draw(st.sampled_from(teams)), points=Decimal(3)))
    assume(size_of(n, to_come, table) <= 2500)
    return {
        "cars": cars,
        "teams": teams,
        "table": table,
        "rows": rows,
        "penalties": penalties,
        "lineup": lineup,
        "to_come": tuple(to_come),
    }


def pinned(first_round, second_round):
    """A falsifying example of the property test, kept: three cars, all of
    them red's in round 3 with its qualifying to come (one point for its
    winner), blue's and gold's rounds held in `first_round` and
    `second_round` as (car, team) in finishing order."""
    rows = [
        ResultRow(number, car, place, team=team)
        for number, order in ((1, first_round), (2, second_round))
        for place, (car, team) in enumerate(order, start=1)
    ]
    return {
        "cars": ["c0", "c1", "c2"],
        "teams": ["red", "blue", "gold"],
        "table": scoring.PointsTable(
            race_points=tuple(Decimal(p) for p in TABLES[0]), qualifying_points=(Decimal(1),)
        ),
        "rows": rows,
        "penalties": [],
        "lineup": {"red": ("c0", "c1", "c2"), "blue": (), "gold": ()},
        "to_come": (RoundToCome(3, qualifying=True),),
    }


@settings(max_examples=120, deadline=None)
@given(cases())
# Red, gold and blue level on 10: red's cars not classified in round 3's
# qualifying nor starting its race leave red on 10, behind gold's win on
# countback (FD-BGA-4: an unclassified qualifier scores nothing).
@example(
    pinned(
        [("c0", "gold"), ("c2", "red"), ("c1", "blue")],
        [("c1", None), ("c0", "blue"), ("c2", "red")],
    )
)
# Blue 20, red and gold 10: the same completion puts gold second.
@example(
    pinned(
        [("c0", "gold"), ("c1", "blue"), ("c2", "red")],
        [("c0", "blue"), ("c2", "red"), ("c1", "blue")],
    )
)
def test_team_clinch_matches_brute_force_over_every_completion(case):
    """Exact state, best and worst place of every team == brute force."""
    check(case)


def test_two_rivals_who_cannot_both_stay_behind_unless_neither_starts():
    """Red can keep blue behind, or gold, but not both at once while both
    finish: second place is enough to pass red. Red can still win the title
    only through the completion where neither of them starts."""
    table = scoring.PointsTable(race_points=(Decimal(5), Decimal(3), Decimal(1)))
    teams = {"red": ("a",), "blue": ("b",), "gold": ("g",)}
    rows = [
        ResultRow(1, "b", 1, team="blue"),
        ResultRow(1, "g", 2, team="gold"),
        ResultRow(1, "a", 3, team="red"),
        ResultRow(2, "g", 1, team="gold"),
        ResultRow(2, "b", 2, team="blue"),
        ResultRow(2, "a", 3, team="red"),
    ]
    # Blue and gold each lose 3 points: 5 each, red 2. Red wins round 3: 7;
    # second place takes blue or gold to 8.
    penalties = [
        PenaltyRow(2, team="blue", points=Decimal(3)),
        PenaltyRow(2, team="gold", points=Decimal(3)),
    ]
    case = {
        "cars": ["a", "b", "g"],
        "teams": list(teams),
        "table": table,
        "rows": rows,
        "penalties": penalties,
        "lineup": teams,
        "to_come": (RoundToCome(3),),
    }
    season = season_from_results(
        table,
        rows,
        to_come=case["to_come"],
        penalties=penalties,
        entries=case["cars"],
        teams=list(teams),
        lineup=teams,
    )
    outlooks = team_outlooks(season)
    assert (outlooks["red"].state, outlooks["red"].best, outlooks["red"].worst) == (CAN_WIN, 1, 3)
    assert outlooks["blue"].state == outlooks["gold"].state == CAN_WIN
    check(case)


def test_a_qualifying_nobody_finishes_gives_every_car_the_pole():
    """Pole 2, qualifying win 1: blue's two cars gain more when nobody is
    classified in qualifying and the race's figures give both the pole (4)
    than from the first two qualifying places (3). Only then can blue pass
    red, so red has not clinched."""
    table = scoring.PointsTable(
        race_points=(Decimal(3), Decimal(2), Decimal(1), Decimal(0)),
        qualifying_points=(Decimal(1),),
        bonus={"pole": Decimal(2)},
    )
    teams = {"red": ("t1", "t2"), "blue": ("u1", "u2")}
    rows = [
        ResultRow(number, car, place, team=team)
        for number in (1, 2)
        for place, (car, team) in enumerate(
            [("t1", "red"), ("t2", "red"), ("u1", "blue"), ("u2", "blue")], start=1
        )
    ]
    # red 10, blue 2; round 3 and its qualifying to come.
    season = season_from_results(
        table,
        rows,
        to_come=(RoundToCome(3, qualifying=True),),
        entries=["t1", "t2", "u1", "u2"],
        teams=list(teams),
        lineup=teams,
    )
    assert team_outlooks(season)["red"].state == CAN_WIN
    # The completion that does it, scored by the standings' own entry point.
    future = [
        ResultRow(3, car, place, team=team, figures=figures)
        for place, (car, team, figures) in enumerate(
            [
                ("u1", "blue", {"pole": True}),
                ("u2", "blue", {"pole": True}),
                ("t1", "red", {}),
                ("t2", "red", {}),
            ],
            start=1,
        )
    ]
    future[2:] = [replace(row, status="did_not_start") for row in future[2:]]
    future += [
        ResultRow(3, car, place, session=QUALIFYING, team=team, status="not_classified")
        for place, (car, team) in enumerate(
            [("u1", "blue"), ("u2", "blue"), ("t1", "red"), ("t2", "red")], start=1
        )
    ]
    lines = championship(table, rows + future, teams=list(teams)).teams
    assert [(line.key, line.points) for line in lines] == [("blue", 11), ("red", 10)]
