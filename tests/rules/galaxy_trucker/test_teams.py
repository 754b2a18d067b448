"""Team play (GT-VAR-04/05, GT-OUT-05, GT-AMB-30): two teams of two; each
flies the ship the teammate built; expert teams swap while building;
credits on the team's account, both members share the team's rank."""

import pytest

from races.rules import ConfigError, Seat
from races.rules.galaxy_trucker import GAME

TEAMS = {"a": "Red", "b": "Blue", "c": "Red", "d": "Blue"}
MATE = {"a": "c", "c": "a", "b": "d", "d": "b"}


def seats(teams=TEAMS):
    return [Seat(k, k.upper(), "bot", "rookie", team=t) for k, t in teams.items()]


def play(race, seed, watch=None):
    bots = {s: GAME.bot("rookie", seed=seed, seat=s) for s in TEAMS}
    while not race.finished:
        decision = race.pending[0]
        view = race.view(decision.seat)
        if watch:
            watch(race, decision, view)
        race.apply(decision.seat, bots[decision.seat].choose(view, decision))
    return race


def test_gt_var_04_team_play_needs_two_teams_of_two():
    """GT-VAR-04: four players in two teams of two."""
    with pytest.raises(ConfigError, match="two teams of two"):
        GAME.start({"team_race": True}, seats({"a": "Red", "b": "Red", "c": "Red", "d": "Blue"}), 1)
    with pytest.raises(ConfigError, match="two teams of two"):
        GAME.start({"team_race": True}, seats({"a": "Red", "b": "Blue", "c": None, "d": "Blue"}), 1)


@pytest.mark.parametrize("mode", ["sequential", "simultaneous"])
def test_gt_var_04_each_flies_the_ship_the_teammate_built(mode):
    """GT-VAR-04, GT-AMB-30: building decisions for one's own ship, every
    decision after building for the teammate's ship."""
    asked = {"build": set(), "after": set()}

    def watch(race, decision, view):
        ship = view["deciding_for"]
        phase = "build" if race.state.phase == "build" else "after"
        asked[phase].add((decision.seat, ship))

    config = {"team_race": True, "laps": 1, "build_mode": mode}
    play(GAME.start(config, seats(), "t1"), "t1", watch)
    assert asked["build"] and all(seat == ship for seat, ship in asked["build"])
    assert asked["after"] and all(MATE[seat] == ship for seat, ship in asked["after"])


def test_gt_var_05_expert_teammates_swap_ships_at_every_turn_of_the_hourglass():
    """GT-VAR-05: in rounds 2 and 3, at every HourglassFlipped teammates swap
    the ships they build; round 1 as GT-VAR-04."""
    seen = []

    def watch(race, decision, view):
        if race.state.phase == "build":
            flips = sum(
                1
                for e in race.events
                if e.type == "hourglass_flipped" and e.round == race.state.round
            )
            seen.append((race.state.round, flips, decision.seat, view["deciding_for"]))

    config = {"team_race": True, "expert_teams": True, "laps": 2}
    play(GAME.start(config, seats(), "t2"), "t2", watch)
    for round_number, flips, seat, ship in seen:
        swapped = round_number >= 2 and flips % 2 == 1
        assert ship == (MATE[seat] if swapped else seat)
    assert any(r == 2 and f % 2 == 1 for r, f, _, _ in seen)


def test_gt_out_05_both_members_report_the_team_credits_and_share_its_rank():
    """GT-OUT-05: ranking by team; each member reports the team account;
    the ship's own credits are kept too."""
    race = play(GAME.start({"team_race": True, "laps": 1}, seats(), "t3"), "t3")
    result = race.result()
    lines = {p.seat: p for p in result.order}
    for seat, line in lines.items():
        own, mate = line.figures["ship_credits"], lines[MATE[seat]].figures["ship_credits"]
        assert line.figures["credits"] == own + mate
        assert line.figures["team_rank"] == lines[MATE[seat]].figures["team_rank"]
    first, second = result.order[0].seat, result.order[1].seat
    assert MATE[first] == second and result.order[0].figures["team_rank"] == 1
    assert result.order[2].figures["team_rank"] == 2
    assert result.order[0].figures["credits"] >= result.order[2].figures["credits"]
    ended = race.events[-1]
    assert (
        ended.type == "game_ended"
        and ended.data["team_credits"][first] == lines[first].figures["credits"]
    )


def test_gt_out_05_a_ship_s_penalty_is_paid_from_the_team_account():
    """GT-VAR-04 (one shared balance), GT-AMB-30, GT-SCR-06: the no-debt
    floor is the team's account, not the ship's share: a ship whose own
    credits are spent still pays its lost components from what its teammate
    earned; the account itself never goes below zero."""
    from races.rules.galaxy_trucker.rules.scoring import score_round

    from .table import Table, ship

    def scored(mates):
        t = Table({"a": ship(), "b": ship(), "c": ship()}, {})
        t.state.mates = mates
        a, b, c = t.players
        for p, n in ((a, 1), (b, 2), (c, 3)):
            p.gave_up = {"reason": "voluntary", "card_index": 1, "pos_at_give_up": 0, "seq": n}
        a.credits, b.credits, c.credits = 0, 5, 1
        a.ship.lost, b.ship.lost, c.ship.lost = [1, 2, 3], [4], [5, 6, 7, 8]
        score_round(t.state, 1)
        return t

    alone = scored({})
    assert [p.rounds[-1]["penalty_applied"] for p in alone.players] == [0, 1, 1]
    assert [p.credits for p in alone.players] == [0, 4, 0]
    team = scored({"a": "b", "b": "a"})
    a, b, c = team.players
    assert [p.rounds[-1]["penalty_applied"] for p in team.players] == [3, 1, 1]
    assert (a.credits, b.credits) == (-3, 4)
    assert a.rounds[-1]["credits_after"] == b.rounds[-1]["credits_after"] == 1
    assert (a.rounds[-1]["ship_credits_after"], b.rounds[-1]["ship_credits_after"]) == (-3, 4)
    assert c.credits == 0  # a player without a teammate keeps the ship's own floor
