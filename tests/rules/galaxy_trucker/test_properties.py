"""Properties over whole games (GT-BOT-05, GT-TST-44, GT-TST-51): tiles and
goods are conserved, every flying ship is sound, credits never go below
zero, every game ends, the replay gives the same hash and RandomBot never
has an action refused."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from races.rules import Seat, log_hash, replay
from races.rules.galaxy_trucker import GAME
from races.rules.galaxy_trucker.rules.flight import TRACK, in_flight
from races.rules.galaxy_trucker.state import SUPPLY

BOTS = ("random", "rookie", "pro")


def seats_for(bots, teams: bool = False) -> list[Seat]:
    """With `teams`, seats 0 and 2 against 1 and 3 (GT-VAR-04)."""
    return [
        Seat(f"s{i}", f"Pilot {i}", "bot", b, team=("Red", "Blue")[i % 2] if teams else None)
        for i, b in enumerate(bots)
    ]


def check_invariants(race) -> None:
    """GT-BOT-05 after a step."""
    for p in race.state.players:
        ship = p.ship
        if ship is None:
            continue
        assert all(cell in ship.board.cells for cell in ship.cells)
        assert len(ship.reserved) <= ship.board.reserve
        for placed in ship.cells.values():
            assert 0 <= placed.humans <= 2
            if placed.goods:
                assert placed.kind in ("cargo", "special_cargo")
                assert "R" not in placed.goods or placed.kind == "special_cargo"
        assert sum(1 for c in ship.cells.values() if c.alien == "brown") <= 1
        assert sum(1 for c in ship.cells.values() if c.alien == "purple") <= 1
        # credits never below zero: the ship's own, or in team play the
        # team's one account (GT-SCR-06, GT-AMB-30)
        mate = race.state.by_id[race.state.mates[p.id]] if race.state.mates else None
        assert p.credits + (mate.credits if mate else 0) >= 0
    # tiles are conserved whenever no tile is in a builder's hand (in
    # simultaneous building nothing changes before every answer of a phase is in)
    in_hand = any(d.kind == "resolve_tile" for d in race.pending)
    if race.state.phase in ("build", "flight") and not in_hand:
        on_ships = sum(len(p.ship.cells) - 1 + len(p.ship.reserved) + len(p.ship.lost)
                       for p in race.state.players)  # fmt: skip
        assert len(race.state.face_down) + len(race.state.face_up) + on_ships == 140
    asked = race.ask.kind if race.ask else None
    # goods being loaded (arrange) and a broken ship (keep_fragment) wait for
    # their owner's decision
    for colour, count in SUPPLY.items() if asked != "arrange" else ():
        aboard = sum(p.ship.goods().count(colour) for p in race.state.players if p.ship)
        assert race.state.supply[colour] + aboard == count
    if race.state.phase == "flight" and asked != "keep_fragment":
        flying = in_flight(race.state)
        assert len({p.pos % TRACK for p in flying}) == len(flying)
        for p in flying:
            assert p.ship.violations() == [] and len(p.ship.fragments()) == 1


def play(config, bots, seed, check=True, offered=False):
    """A whole game; with `offered`, every action `legal_actions` offers any
    seat asked must pass `validate` (GT-TST-51)."""
    seats = seats_for(bots, teams=bool(config.get("team_race")))
    race = GAME.start(config, seats, seed)
    players = {s.id: GAME.bot(s.bot, seed=seed, seat=s.id) for s in seats}
    actions = []
    while not race.finished:
        if offered:
            for asked in race.pending:
                for action in race.legal_actions(asked.seat):
                    assert race.validate(asked.seat, action) is None, (asked.kind, action)
        decision = race.pending[0]
        action = players[decision.seat].choose(race.view(decision.seat), decision)
        race.apply(decision.seat, action)  # raises if a bot's action is refused
        actions.append((decision.seat, action))
        if check:
            check_invariants(race)
    return race, seats, actions


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=10**6),
    bots=st.lists(st.sampled_from(BOTS), min_size=2, max_size=4),
    mode=st.sampled_from(["sequential", "simultaneous"]),
    team=st.sampled_from([None, "teams", "expert"]),
    laps=st.integers(min_value=1, max_value=2),
)
def test_every_build_mode_and_team_game_keeps_the_invariants_and_replays(
    seed, bots, mode, team, laps
):
    """GT-BOT-05, GT-TST-44, GT-TST-51 over both ways of building (GT-TBB-02,
    GT-TBB-12) and team play (GT-VAR-04/05): tiles and goods conserved, every
    flying ship sound, credits (the team's account) never below zero, the game
    ends with every seat finished, the replay gives the same hash, and nothing
    `legal_actions` offers is refused."""
    config = {"laps": laps, "build_mode": mode}
    if team:
        bots = (bots * 4)[:4]
        config |= {"team_race": True, "expert_teams": team == "expert"}
    race, seats, actions = play(config, bots, seed, offered=True)
    result = race.result()
    assert sorted(p.seat for p in result.order) == sorted(s.id for s in seats)
    assert all(p.status == "finished" and p.figures["credits"] >= 0 for p in result.order)
    assert all(len(p.figures["rounds"]) == laps for p in result.order)
    again = replay(GAME, config, seats, seed, actions)
    assert log_hash(again.events) == result.log_sha256


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=10**6),
    bots=st.lists(st.sampled_from(BOTS), min_size=2, max_size=4),
    strict=st.booleans(),
)
def test_a_one_round_game_keeps_every_invariant_and_replays(seed, bots, strict):
    config = {"laps": 1, "strict_build": strict}
    race, seats, actions = play(config, bots, seed)
    result = race.result()
    assert sorted(p.seat for p in result.order) == sorted(s.id for s in seats)
    assert all(p.status == "finished" and p.figures["credits"] >= 0 for p in result.order)
    again = replay(GAME, config, seats, seed, actions)
    assert log_hash(again.events) == result.log_sha256


def test_random_bots_only_take_offered_actions():
    """GT-TST-51: every action in legal_actions is accepted by validate."""
    seats = seats_for(["random", "random", "random"])
    race = GAME.start({"laps": 2}, seats, 11)
    players = {s.id: GAME.bot("random", seed=11, seat=s.id) for s in seats}
    while not race.finished:
        decision = race.pending[0]
        for action in race.legal_actions(decision.seat):
            assert race.validate(decision.seat, action) is None, (decision.kind, action)
        race.apply(decision.seat, players[decision.seat].choose(race.view(decision.seat), decision))


def test_the_same_seed_gives_the_same_log_and_another_seed_another_pool():
    """GT-TST-44, GT-RNG-01..04."""
    config = {"laps": 1}
    first, _, _ = play(config, ["rookie"] * 3, "abc", check=False)
    second, _, _ = play(config, ["rookie"] * 3, "abc", check=False)
    other, _, _ = play(config, ["rookie"] * 3, "abd", check=False)
    assert log_hash(first.events) == log_hash(second.events)
    digest = [e.data["digest"] for e in first.events if e.type == "tile_pool_shuffled"]
    assert digest != [e.data["digest"] for e in other.events if e.type == "tile_pool_shuffled"]


def test_a_full_game_credits_add_up_round_by_round():
    """GT-OUT-02: credits_after of each round follows from its parts, and the
    next round starts from it; the order follows credits (GT-OUT-04)."""
    race, _, _ = play({}, ["rookie", "pro", "random", "rookie"], 3, check=False)
    result = race.result()
    for placing in result.order:
        rounds = placing.figures["rounds"]
        assert [r["round"] for r in rounds] == [1, 2, 3]
        before = 0
        for r in rounds:
            assert r["credits_before"] == before
            gained = r["card_credits"] + r["arrival_reward"] + r["best_looking_bonus"]
            assert r["credits_after"] == before + gained + r["cargo_sale"] - r["penalty_applied"]
            before = r["credits_after"]
        assert placing.figures["credits"] == before
    credits = [p.figures["credits"] for p in result.order]
    assert credits == sorted(credits, reverse=True)


def test_many_seeds_with_every_bot_mix_end_without_error():
    """Smoke, kept short here (bench/galaxy_trucker.py runs more)."""
    for seed in range(8):
        bots = [BOTS[(seed + k) % 3] for k in range(2 + seed % 3)]
        race, _, _ = play({"laps": 1 + seed % 3}, bots, seed, check=False)
        assert race.finished
