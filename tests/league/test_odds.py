"""Title odds by simulation: known strengths are recovered within the stated
margin, clinched cases are exactly 0 or 1, the same seed gives the same
odds, and every completion is scored as the standings score it."""

from hypothesis import given, settings

from league.scoring import tables as scoring
from league.title.clinch import CHAMPION, OUT, driver_outlooks, team_outlooks
from league.title.completions import RoundToCome, SeasonSoFar, standings_after
from league.title.odds import margin_of_error, title_odds
from tests.league.test_clinch import plain, seasons

TABLE = scoring.PointsTable(race_points=(10, 6, 4))


def test_known_strengths_are_recovered_within_the_margin():
    # One round to come, nobody has points: the title goes to its winner,
    # whose chance under Plackett-Luce is strength / total strength.
    season = plain(["ana", "ben", "cid"], [], TABLE, 1)
    strengths = {"ana": 1.0, "ben": 2.0, "cid": 5.0}
    odds = title_odds(season, strengths, simulations=20_000, seed="known")
    for key, strength in strengths.items():
        chance = odds.drivers[key]
        assert abs(chance.title - strength / 8) <= chance.margin, (key, chance)
        assert 0 < chance.margin < 0.01


def test_the_same_seed_gives_the_same_odds_and_another_seed_other_odds():
    season = plain(["ana", "ben", "cid", "dan"], [("ana", "ben", "cid", "dan")], TABLE, 2)
    strengths = {"ana": 1.0, "ben": 1.5, "cid": 2.0, "dan": 0.5}
    first = title_odds(season, strengths, simulations=2000, seed=7)
    assert title_odds(season, strengths, simulations=2000, seed=7) == first
    assert title_odds(season, strengths, simulations=2000, seed=8) != first


def test_a_clinched_title_is_exactly_certain():
    season = plain(
        ["ana", "ben", "cid"],
        [("ana", "cid", "ben"), ("ana", "cid", "ben"), ("ana", "ben", "cid")],
        scoring.PointsTable(race_points=(3, 2, 0)),
        1,
    )
    odds = title_odds(season, {"ana": 0.01, "ben": 50.0, "cid": 50.0}, simulations=3000)
    assert odds.drivers["ana"].title == 1.0 and odds.drivers["ana"].margin == 0.0
    assert odds.drivers["ben"].title == 0.0 == odds.drivers["cid"].title


@settings(max_examples=60, deadline=None)
@given(seasons())
def test_odds_agree_with_the_exact_clinch(season):
    strengths = {k: 1.0 + i for i, k in enumerate(season.drivers)}
    odds = title_odds(season, strengths, simulations=300, seed=1)
    for key, outlook in driver_outlooks(season).items():
        if outlook.state == CHAMPION:
            assert odds.drivers[key].title == 1.0
        if outlook.state == OUT:
            assert odds.drivers[key].title == 0.0
        assert outlook.best <= odds.drivers[key].expected_position <= outlook.worst
    for team, outlook in team_outlooks(season).items():
        if outlook.state == CHAMPION:
            assert odds.teams[team].title == 1.0
        if outlook.state == OUT:
            assert odds.teams[team].title == 0.0
        assert outlook.best <= odds.teams[team].expected_position <= outlook.worst


@settings(max_examples=60, deadline=None)
@given(seasons())
def test_a_certain_completion_is_scored_as_the_standings_score_it(season):
    # Strengths so far apart that every draw is the same order: d0, d1, …
    strengths = {k: 10.0 ** (40 * (len(season.drivers) - i)) for i, k in enumerate(season.drivers)}
    odds = title_odds(season, strengths, simulations=3, seed=2)
    order = list(season.drivers)
    lines = standings_after(season, [order] * len(season.to_come))
    for line in lines:
        assert odds.drivers[line.key].expected_position == line.rank
        assert odds.drivers[line.key].title == (1 / sum(x.rank == 1 for x in lines)) * (
            line.rank == 1
        )


def test_the_margin_of_error_is_the_95_percent_half_width():
    assert margin_of_error(0.5, 10_000) == 1.96 * 0.005
    assert margin_of_error(0.0, 10_000) == 0.0 == margin_of_error(1.0, 10_000)


def test_teams_have_odds_too():
    season = SeasonSoFar(
        table=TABLE,
        drivers=("ana", "ben", "cid", "dan"),
        scores={},
        held=(),
        to_come=(RoundToCome(1), RoundToCome(2, multiplier=2)),
        teams={"red": ("ana", "ben"), "blue": ("cid", "dan")},
    )
    odds = title_odds(season, {"ana": 5.0, "ben": 5.0, "cid": 1.0, "dan": 1.0}, simulations=4000)
    assert odds.teams["red"].title > 0.8
    assert abs(sum(c.title for c in odds.teams.values()) - 1.0) < 1e-9
