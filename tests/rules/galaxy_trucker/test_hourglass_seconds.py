"""The hourglass in real seconds at a live table (GT-TBB-03 with
`hourglass_seconds`, GT-BLD-07/08, GT-TBB-09/10): a scripted time source
stands in for the table's clock; the sand running out reaches the engine
only as recorded actions (the open decisions' defaults, marked), so a
replay of the same actions gives the same log (GT-LOG-03)."""

from races.rules import Action, Seat, log_hash, replay
from races.rules.galaxy_trucker import GAME
from races.rules.galaxy_trucker.rules.sand import SAFETY

SEATS = [Seat("a", "Ann"), Seat("b", "Ben")]
LIVE = {"laps": 1, "build_mode": "simultaneous", "hourglass_seconds": 90}


class Table:
    """A live table in miniature: each decision takes `step_seconds` of
    scripted time; a run's sand starts when the first decision under it is
    asked and, once its seconds are gone, the open decisions get the game's
    timer's `out` action (as races/clocks/ does)."""

    def __init__(self, race, step_seconds: float):
        self.race, self.step, self.now = race, step_seconds, 0.0
        self.started: dict[str, float] = {}
        self.actions: list[tuple[str, Action]] = []

    def timer(self):
        timers = [GAME.table_timer(d) for d in self.race.pending]
        timer = next((t for t in timers if t is not None), None)
        if timer is not None:
            self.started.setdefault(timer.run, self.now)
        return timer

    def play(self, choose) -> None:
        timer = self.timer()
        if timer is not None and self.now >= self.started[timer.run] + timer.seconds:
            for d in list(self.race.pending):
                self.do(d.seat, GAME.table_timer(d).out)
            return
        self.now += self.step
        d = self.race.pending[0]
        self.do(d.seat, choose(d))

    def do(self, seat, action) -> None:
        self.actions.append((seat, action))
        self.race.apply(seat, action)


def passing(d):
    return d.default


def building(table, choose=passing) -> None:
    while table.race.state.phase == "build":
        table.play(choose)


def types(race) -> list[str]:
    return [e.type for e in race.events]


def test_gt_tbb_03_live_decisions_carry_the_runs_seconds_and_a_run_name():
    race = GAME.start(LIVE, SEATS, "abc")
    timer = GAME.table_timer(race.pending[0])
    assert timer is not None and timer.seconds == 90 and timer.run == "1-0"
    assert {GAME.table_timer(d) for d in race.pending} == {timer}
    # GT-TBB-03 in ticks (no seconds given): no timer, as before
    plain = GAME.start({"laps": 1, "build_mode": "simultaneous"}, SEATS, "abc")
    assert GAME.table_timer(plain.pending[0]) is None
    assert "hourglass_seconds" not in plain.pending[0].options


def test_gt_tbb_03_the_run_lasts_its_seconds_not_its_ticks():
    """Each decision takes 3 s: the first run of round 1 (circle I) lasts
    90 s, beyond ticks_per_run (8) ticks; nobody finished, so it waits
    (step 5)."""
    race = GAME.start(LIVE, SEATS, "abc")
    table = Table(race, step_seconds=3)
    while "hourglass_waiting" not in types(race):
        table.play(passing)
    ticks = race.state.tick
    assert 8 < ticks < SAFETY * 8  # 90 s at 6 s a tick, not 8 ticks
    out = [e for e in race.events if e.type == "hourglass_ran_out"]
    assert [(e.data["pos"], e.data["by"]) for e in out] == [(1, "time")]
    assert race.events[-1].type != "building_ended"


def test_gt_bld_07_a_finished_ship_turns_the_sand_to_start_and_time_up_ends_building():
    """GT-TBB-03 steps 2 and 6, GT-BLD-08, GT-TBB-09: once Ann finishes the
    waiting hourglass goes to Start; when its 90 s run out, Ben still
    building takes the remaining token and building ends by time."""
    race = GAME.start(LIVE, SEATS, "abc")
    table = Table(race, step_seconds=3)

    def ann_finishes_late(d):
        if d.seat == "a" and race.state.hourglass.get("waiting"):
            return Action("finish")
        return d.default

    building(table, ann_finishes_late)
    flipped = [e.data["pos"] for e in race.events if e.type == "hourglass_flipped"]
    assert flipped == [0]
    out = [(e.data["pos"], e.data["by"]) for e in race.events if e.type == "hourglass_ran_out"]
    assert out == [(1, "time"), (0, "time")]  # circle I, then Start
    ended = next(e for e in race.events if e.type == "building_ended")
    assert ended.data["reason"] == "time_up"
    assert ended.data["tokens"] == {"a": 1, "b": 2}
    start_at = table.started["1-1"]
    assert table.now >= start_at + 90  # the Start run lasted its seconds


def test_gt_tbb_03_round_three_runs_down_circle_by_circle_in_seconds():
    """Round 3 starts on circle III: every run lasts its seconds, III → II
    → I (step 4), each turn logged as the sand runs out."""
    race = GAME.start({**LIVE, "laps": 3}, SEATS, "abc")
    race.state.round = 3  # only the hourglass is read here
    race.state.hourglass.update(pos=3)
    table = Table(race, step_seconds=2)
    while "hourglass_waiting" not in types(race):
        table.play(passing)
    flips = [e.data["pos"] for e in race.events if e.type == "hourglass_flipped"]
    assert flips == [2, 1]
    assert all(e.data["by"] == "time" for e in race.events if e.type == "hourglass_ran_out")


def test_gt_tbb_03_safety_valve_when_nobody_waits_in_real_time():
    """Without the host's sand (bots alone building) the ticks still end a
    run, SAFETY times the tick hourglass, so building always ends."""
    race = GAME.start(LIVE, SEATS, "abc")
    while race.state.phase == "build":
        d = race.pending[0]
        race.apply(d.seat, d.default)
    ended = next(e for e in race.events if e.type == "building_ended")
    assert ended.data["reason"] == "time_up"
    assert race.state.tick >= SAFETY * 8 * 2 - 1


def test_gt_log_03_the_recorded_actions_replay_the_same_log():
    race = GAME.start(LIVE, SEATS, "abc")
    table = Table(race, step_seconds=1)
    building(table)
    again = GAME.start(LIVE, SEATS, "abc")
    for seat, action in table.actions:
        again.apply(seat, action)
    assert log_hash(again.events) == log_hash(race.events)
    marked = [a for _, a in table.actions if a.params.get("hourglass_out")]
    assert marked and all(a.params.get("defaulted") for a in marked)


def test_gt_tbb_03_without_seconds_the_tick_hourglass_is_unchanged():
    """Bots' races: no `hourglass_seconds`, so no run timer and no new event."""
    race = GAME.start({"laps": 1}, SEATS, "abc")
    while race.state.phase == "build":
        d = race.pending[0]
        race.apply(d.seat, d.default)
    assert "hourglass_ran_out" not in types(race)
    assert replay is not None
