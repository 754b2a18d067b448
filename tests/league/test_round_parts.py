"""Standings kept round by round (league/scoring/rounds.py) are exactly the
championship's: every round scored alone, its parts kept as the store keeps
them (through their plain JSON form) and combined, give the same driver and
team tables as `championship()` over all rows, for seasons with qualifying,
bonuses, multipliers, drop rounds, teams changing per round, penalties of
every kind and every status."""

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from league.scoring.championship import QUALIFYING, PenaltyRow, ResultRow, championship
from league.scoring.rounds import DriverRound, TeamRound, round_parts, standings_combine
from league.scoring.tables import PointsTable

STATUSES = ("finished", "finished", "not_classified", "eliminated", "did_not_start")


@st.composite
def seasons(draw):
    cars = list(range(1, draw(st.integers(2, 6)) + 1))
    teams = ["red", "blue", "gold"]
    table = PointsTable(
        race_points=tuple(draw(st.lists(st.integers(0, 25), min_size=1, max_size=6))),
        qualifying_points=tuple(draw(st.lists(st.integers(0, 3), max_size=3))),
        bonus={k: draw(st.sampled_from([0, 1, 2])) for k in ("pole", "fastest_lap")},
        drop_worst=draw(st.integers(0, 2)),
        team_points=draw(st.sampled_from(["sum", "best_n"])),
        team_best_n=draw(st.integers(1, 2)),
    )
    rows, penalties = [], []
    for number in range(1, draw(st.integers(1, 5)) + 1):
        multiplier = draw(st.sampled_from([1, 1, 2, 0.5]))
        team_of = {car: draw(st.sampled_from([None, *teams])) for car in cars}
        racing = draw(st.permutations(cars))[: draw(st.integers(1, len(cars)))]
        for place, car in enumerate(racing, 1):
            figures = {"best_lap": draw(st.integers(60, 65))}
            rows.append(ResultRow(number, car, place, status=draw(st.sampled_from(STATUSES)),
                                  team=team_of[car], multiplier=multiplier,
                                  distance=10 - place, figures=figures))  # fmt: skip
        if draw(st.booleans()):
            for place, car in enumerate(draw(st.permutations(cars)), 1):
                rows.append(ResultRow(number, car, place, session=QUALIFYING,
                                      team=team_of[car], multiplier=multiplier))  # fmt: skip
        for _ in range(draw(st.integers(0, 2))):
            kind = draw(st.sampled_from(["points", "places", "dsq", "team"]))
            car = draw(st.sampled_from(cars))
            penalties.append(
                PenaltyRow(
                    number,
                    entry=None if kind == "team" else car,
                    team=draw(st.sampled_from([None, *teams])) if kind != "team" else "red",
                    points=Decimal(2) if kind in ("points", "team") else Decimal(0),
                    places=2 if kind == "places" else 0,
                    disqualify=kind == "dsq",
                )
            )
    return table, rows, penalties, cars, teams


def kept(parts: dict, kind) -> dict:
    """Parts through the JSON form the standings rows keep them in."""
    return {
        key: {n: kind.of(p.plain()) for n, p in by_round.items()} for key, by_round in parts.items()
    }


def line_of(line):
    return (line.key, line.rank, line.points, line.penalty, dict(line.rounds),
            list(line.dropped), dict(line.positions), line.latest)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(seasons())
def test_rounds_scored_alone_and_combined_give_the_championship(season):
    table, rows, penalties, cars, teams = season
    whole = championship(table, rows, penalties=penalties, entries=cars, teams=teams)
    drivers, team_parts, scored = {}, {}, []
    for number in sorted({r.round for r in rows}):
        parts = round_parts(
            table,
            [r for r in rows if r.round == number],
            [p for p in penalties if p.round == number],
        )
        scored += parts.scored
        for entry, part in parts.drivers.items():
            drivers.setdefault(entry, {})[number] = part
        for team, part in parts.teams.items():
            team_parts.setdefault(team, {})[number] = part
    driver_lines, team_lines, held = standings_combine(
        table,
        kept(drivers, DriverRound),
        kept(team_parts, TeamRound),
        penalties=penalties,
        entries=cars,
        team_keys=teams,
    )
    assert held == whole.held
    assert [line_of(x) for x in driver_lines] == [line_of(x) for x in whole.drivers]
    assert [line_of(x) for x in team_lines] == [line_of(x) for x in whole.teams]
    key = lambda s: (s.row.round, s.row.session, s.row.entry)  # noqa: E731
    assert sorted((key(s), s.points, s.position, s.status) for s in scored) == sorted(
        (key(s), s.points, s.position, s.status) for s in whole.results
    )
