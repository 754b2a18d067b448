"""Building by ticks (GT-TBB-01..12, GT-BLD) through the real engine, and
the hourglass procedure step by step (GT-TST-04..08, 46, 49)."""

import pytest

from races.rules import Action, IllegalAction, Seat
from races.rules.galaxy_trucker import GAME
from races.rules.galaxy_trucker.race import GalaxyTruckerRace
from races.rules.galaxy_trucker.rules.building import building_ended, hourglass_turn

from .table import Table, ship

SEATS = [Seat("a", "Ann", "bot", "rookie"), Seat("b", "Ben", "bot", "rookie")]


def start(config=None, seats=SEATS) -> GalaxyTruckerRace:
    return GAME.start({"laps": 1, **(config or {})}, seats, "abc")


def last_move(race: GalaxyTruckerRace):
    """The last event other than a decision being asked or made (GT-LOG-02)."""
    return [e for e in race.events if e.type not in ("decision_requested", "decision_made")][-1]


def test_the_first_tick_starts_with_seat_zero_and_draws_a_tile():
    """GT-TBB-02, GT-TBB-04."""
    race = start()
    (decision,) = race.pending
    assert (decision.seat, decision.kind) == ("a", "build_step")
    race.apply("a", Action("draw"))
    (decision,) = race.pending
    assert decision.kind == "resolve_tile" and decision.seat == "a"
    assert last_move(race).type == "tile_drawn"


def test_a_tile_is_placed_once_and_welded():
    """GT-TST-03, GT-BLD-03."""
    race = start()
    race.apply("a", Action("draw"))
    with pytest.raises(IllegalAction, match="not part of the ship"):
        race.apply("a", Action("place", {"cell": [5, 5], "rot": 0}))
    race.apply("a", Action("place", {"cell": [7, 6], "rot": 0}))
    assert last_move(race).type == "tile_placed" and last_move(race).data["seq"] == 1
    race.apply("b", Action("draw"))
    race.apply("b", Action("return"))
    race.apply("b", Action("pass"))  # tick 1: seat b acts first
    race.apply("a", Action("draw"))
    with pytest.raises(IllegalAction, match="already holds"):
        race.apply("a", Action("place", {"cell": [7, 6], "rot": 0}))


def test_the_reserve_holds_two_and_a_reserved_tile_must_be_placed():
    """GT-TST-04, GT-TBB-05."""
    race = start()
    race.apply("a", Action("draw"))
    race.apply("a", Action("reserve"))
    race.apply("b", Action("pass"))
    race.apply("b", Action("pass"))  # tick 1: seat b first
    race.apply("a", Action("draw"))
    race.apply("a", Action("reserve"))
    race.apply("a", Action("draw"))
    with pytest.raises(IllegalAction, match="already holds two"):
        race.apply("a", Action("reserve"))
    race.apply("a", Action("return"))
    race.apply("b", Action("pass"))
    reserved = race.state.by_id["a"].ship.reserved
    race.apply("b", Action("pass"))
    race.apply("a", Action("take_reserved", {"tile": reserved[0]}))
    with pytest.raises(IllegalAction, match="must be built"):
        race.apply("a", Action("return"))


def test_board_iiia_has_no_reserve():
    """GT-VAR-02: with the IIIa board no RESERVE is legal (checked on the ship's board)."""
    t = Table({"a": ship(ship_class="IIIa")})
    assert t.players[0].ship.board.reserve == 0


def test_peeking_needs_a_placed_tile_and_stays_private():
    """GT-TST-05, GT-BLD-06, GT-TBB-11."""
    race = start()
    with pytest.raises(IllegalAction, match="Build one tile"):
        race.apply("a", Action("peek", {"stack": 1}))
    race.apply("a", Action("draw"))
    race.apply("a", Action("place", {"cell": [7, 6], "rot": 0}))
    race.apply("b", Action("pass"))
    race.apply("b", Action("pass"))
    with pytest.raises(IllegalAction, match="stacks 1 to 3"):
        race.apply("a", Action("peek", {"stack": 4}))
    race.apply("a", Action("peek", {"stack": 1}))
    mine = race.view("a")["peeked"]
    assert mine[0]["stack"] == 1 and len(mine[0]["cards"]) == 2
    assert race.view("b")["peeked"] == [] and race.view(None)["peeked"] == []
    contents = next(e for e in race.events if e.type == "stack_contents")
    assert contents.type == "stack_contents" and contents.data["visibility"] == "private:a"
    race.apply("a", Action("finish"))  # tick 2: seat a first
    assert race.state.by_id["a"].token == 1
    with pytest.raises(IllegalAction):
        race.apply("a", Action("draw"))


class Glass(Table):
    """The hourglass alone: players finish at the ticks a test names."""

    def __init__(self, players: int, number: int):
        super().__init__({k: ship() for k in "abcd"[:players]}, number=number)
        self.state.hourglass = {"pos": number, "ticks_left": 8, "waiting": False, "waited": 0}
        self.state.tokens_left = list(range(1, players + 1))

    def play(self, finishes: dict) -> tuple[str, int]:
        while True:
            for pid, tick in finishes.items():
                if tick == self.state.tick:
                    self.by[pid].finished_building = True
                    self.by[pid].token = self.state.tokens_left.pop(0)
            ended = hourglass_turn(self.state, self.emit, 8)
            if ended:
                building_ended(self.state, self.emit, ended)
                return ended, self.state.tick
            self.state.tick += 1

    def flips(self):
        return [(e.data.get("pos"), e.type) for e in self.events if "hourglass" in e.type]


def test_the_hourglass_runs_down_its_circles_then_the_final_run():
    """GT-TST-06, GT-TBB-03."""
    glass = Glass(3, 2)
    ended, tick = glass.play({"a": 11, "b": 18})
    assert (ended, tick) == ("time_up", 23)
    assert glass.flips() == [(1, "hourglass_flipped"), (0, "hourglass_flipped")]
    assert [glass.by[p].token for p in "abc"] == [1, 2, 3]


def test_the_hourglass_waits_on_circle_one_for_a_finished_ship():
    """GT-TST-07: waiting, flip at the first finish, and the safety valve."""
    glass = Glass(2, 1)
    ended, tick = glass.play({"b": 10})
    assert glass.flips() == [(None, "hourglass_waiting"), (0, "hourglass_flipped")]
    assert (ended, tick) == ("time_up", 18)
    assert glass.by["a"].token == 2
    valve = Glass(2, 1)
    assert valve.play({}) == ("time_up", 23)


def test_tokens_at_time_up_go_in_next_tick_order():
    """GT-TST-08, GT-TBB-09."""
    glass = Glass(4, 1)
    glass.by["a"].finished_building, glass.by["a"].token = True, 1
    glass.state.tokens_left = [2, 3, 4]
    glass.state.tick = 17
    building_ended(glass.state, glass.emit, "time_up")
    assert [glass.by[p].token for p in "abcd"] == [1, 4, 2, 3]


def test_tiles_left_in_the_reserve_are_forfeited():
    """GT-TST-46, GT-TBB-10."""
    glass = Glass(2, 1)
    glass.by["a"].ship.reserved = [64, 88]
    building_ended(glass.state, glass.emit, "time_up")
    assert glass.by["a"].ship.lost == [64, 88]
    assert glass.of("reserve_forfeited") == [{"tiles": [64, 88], "seat": "a"}]


def test_strict_building_refuses_a_placement_that_breaks_a_rule():
    """GT-TST-49, GT-TBB-06."""
    s = ship("10@8,7/0")
    assert s.safe(25, (9, 7), 0)[0] is False
    race = start({"strict_build": True})
    race.apply("a", Action("draw"))
    spots = race.pending[0].options["placements"]
    tile = race.pending[0].options["tile"]
    assert all(race.state.by_id["a"].ship.safe(tile, (c, r), q)[0] for c, r, q in spots)
