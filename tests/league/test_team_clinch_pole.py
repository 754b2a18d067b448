"""Team clinch with a pole at stake, exactly: the pole goes to the car first
in a qualifying to come, or, when no car is classified there, by the race's
figures to any number of cars (league/scoring/championship.py). The answer
is compared with brute force over every completion of the next round,
scored by the standings' own entry point; the drivers' side of the same is
in tests/league/test_clinch.py.

The enumeration leaves out only what cannot score differently: with a car
classified first in qualifying the race's pole flags are not read, and with
no car classified the qualifying order scores nothing."""

import itertools
from decimal import Decimal

from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from league.scoring import tables as scoring
from league.scoring.championship import (
    QUALIFYING,
    PenaltyRow,
    ResultRow,
    championship,
    rows_score,
)
from league.title.clinch import CAN_WIN, CHAMPION, OUT, team_outlooks
from league.title.completions import RoundToCome, season_from_results
from tests.league.test_team_clinch import TABLES, race_endings

NOT_CLASSIFIED = "not_classified"


def round_rows(case, rnd):
    """Every way the round can end, as result rows."""
    cars, team_of = case["cars"], case["team_of"]
    mult = Decimal(rnd.multiplier)

    def quali(order, classified):
        return [
            ResultRow(
                rnd.number,
                car,
                place,
                status="finished" if place <= classified else NOT_CLASSIFIED,
                session=QUALIFYING,
                team=team_of.get(car),
                multiplier=mult,
            )
            for place, car in enumerate(order, start=1)
        ]

    for race in race_endings(cars):
        racing = [car for car, status in race if status != "did_not_start"]
        orders = itertools.permutations(cars)
        ways = [(quali(o, c), set()) for o in orders for c in range(1, len(cars) + 1)]
        ways += [
            (quali(cars, 0), set(flags))
            for k in range(len(racing) + 1)
            for flags in itertools.combinations(racing, k)
        ]
        for qualifying, flagged in ways:
            yield qualifying + [
                ResultRow(
                    rnd.number,
                    car,
                    place,
                    status=status,
                    team=team_of.get(car),
                    multiplier=mult,
                    figures={"pole": True} if car in flagged else {},
                )
                for place, (car, status) in enumerate(race, start=1)
            ]


def distinct_rows(case, rnd):
    """One set of rows for each different way the round scores its cars."""
    kept = {}
    for rows in round_rows(case, rnd):
        outcome = {}
        for s in rows_score(case["table"], rows):
            points, place, latest = outcome.get(s.row.entry, (0, None, None))
            if s.row.session == "race":
                place = s.position if s.status == scoring.FINISHED else None
                latest = s.position
            outcome[s.row.entry] = (points + s.points, place, latest)
        kept.setdefault(tuple(sorted(outcome.items())), rows)
    return list(kept.values())


@st.composite
def cases(draw):
    n = draw(st.sampled_from([3, 3, 3, 4]))
    cars = [f"c{i}" for i in range(n)]
    teams = ["red", "blue", "gold"][: draw(st.integers(2, 3))]
    table = scoring.PointsTable(
        race_points=tuple(Decimal(p) for p in draw(st.sampled_from(TABLES))),
        qualifying_points=draw(st.sampled_from([(), (Decimal(1),)])),
        team_points=draw(st.sampled_from(["sum", "sum", "best_n"])),
        team_best_n=1,
        bonus={"pole": Decimal(draw(st.integers(1, 3)))},
    )
    owners = [draw(st.sampled_from([*teams, *teams, None])) for _ in cars]
    team_of = {c: o for c, o in zip(cars, owners, strict=True) if o is not None}
    lineup = {t: tuple(c for c in cars if team_of.get(c) == t) for t in teams}
    held = draw(st.integers(0, 3))
    rows = []
    for number in range(1, held + 1):
        order = draw(st.permutations(cars))
        statuses = [draw(st.sampled_from(["finished"] * 4 + [NOT_CLASSIFIED])) for _ in cars]
        for place, (car, status) in enumerate(zip(order, statuses, strict=True), start=1):
            rows.append(ResultRow(number, car, place, status=status, team=team_of.get(car)))
    penalties = []
    if held and draw(st.booleans()):
        penalties.append(PenaltyRow(1, team=draw(st.sampled_from(teams)), points=Decimal(2)))
    to_come = (RoundToCome(held + 1, multiplier=draw(st.sampled_from([1, 2])), qualifying=True),)
    case = {"cars": cars, "teams": teams, "table": table, "rows": rows, "team_of": team_of}
    case.update(penalties=penalties, lineup=lineup, to_come=to_come)
    assume(n == 3 or len(lineup[teams[0]]) > 1)  # four cars: a team of two or more
    return case


def brute_force(case):
    """Each team's set of final places, and whether it is always first alone."""
    places = {t: set() for t in case["teams"]}
    alone = {t: True for t in case["teams"]}
    for future in distinct_rows(case, case["to_come"][0]):
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
            alone[line.key] = alone[line.key] and line.rank == 1 and len(firsts) == 1
    return places, alone


def teams_of_one_car():
    """tests/league/test_clinch.py's drivers as teams of one car each: red
    3 (three wins), blue 2 after its penalty, gold 2; with nobody classified
    in round 5's qualifying, blue and gold both take the pole and pass red."""
    table = scoring.PointsTable(race_points=(Decimal(1), Decimal(1), Decimal(0)), bonus={"pole": 1})
    team_of = {"ana": "red", "ben": "blue", "cid": "gold"}
    orders = [("ana", "ben", "cid"), ("ana", "cid", "ben"), ("ben", "cid", "ana")]
    orders.append(("ana", "ben", "cid"))
    rows = [
        ResultRow(number, car, place, team=team_of[car])
        for number, order in enumerate(orders, start=1)
        for place, car in enumerate(order, start=1)
    ]
    return {
        "cars": ["ana", "ben", "cid"],
        "teams": ["red", "blue", "gold"],
        "table": table,
        "rows": rows,
        "team_of": team_of,
        "penalties": [PenaltyRow(4, team="blue", points=Decimal(1))],
        "lineup": {team: (car,) for car, team in team_of.items()},
        "to_come": (RoundToCome(5, qualifying=True),),
    }


@settings(max_examples=40, deadline=None)
@given(cases())
@example(teams_of_one_car())
def test_team_clinch_with_a_pole_at_stake_matches_brute_force(case):
    """Exact state, best and worst place of every team == brute force."""
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
    for team, outlook in team_outlooks(season).items():
        expected = CHAMPION if alone[team] else CAN_WIN if 1 in places[team] else OUT
        assert outlook.exact, outlook
        assert outlook.state == expected, (team, outlook, places)
        assert (outlook.best, outlook.worst) == (min(places[team]), max(places[team])), (
            team,
            outlook,
            places,
        )
