"""Step E, the race end and the finishing order (RR-FLAG, RR-END, RR-RANK;
scenarios RR-TEST-29, 30, 36, 37, 43)."""

from races.rules import Action
from races.rules.roborally.result import race_result, ranking
from races.rules.roborally.rules.damage import destroy
from races.rules.roborally.rules.respawn import respawn_choices

from .scenario import blank_course, factory, race, robot, settle
from .steps import step_e, types
from .test_turns import ROTATIONS, of, program


def test_flags_count_in_order_and_any_flag_moves_the_archive():  # RR-TEST-29
    f = factory(blank_course(flags=[(3, 3), (8, 8)]), [robot("a", (8, 8))])
    step_e(f)
    assert f.robot("a").flags == 0 and f.robot("a").archive == (8, 8)
    f.robot("a").square = (3, 3)
    step_e(f, 2)
    assert f.robot("a").flags == 1 and f.robot("a").archive == (3, 3)
    assert [e.data["flag"] for e in types(f, "flag_touched")] == [1]


def test_the_last_flag_ends_the_race_at_once():  # RR-TEST-30, RR-END-01
    course = blank_course(flags=[(5, 5), (5, 2)])
    a = robot("a", (5, 5), "N", flags=1)
    r = race(
        course,
        [a, robot("b", (0, 11), "N")],
        decks=[[800, 140, 150, 160, 170, 180, 190, 200, 210, *ROTATIONS]],
    )
    program(r, "a", [800, 140, 150, 160, 170])
    program(r, "b", ROTATIONS[:5])
    assert r.finished and r.pending == []
    end = r.events[-1]
    assert end.type == "race_finished"
    assert (end.data["reason"], end.data["winner"]) == ("final_flag", "a")
    assert [e.data["register"] for e in of(r, "register_started")] == [1]
    result = r.result()
    assert [(p.seat, p.status) for p in result.order] == [("a", "finished"), ("b", "not_finished")]
    assert result.order[0].figures["finished_at"] == [1, 1]


def test_an_eliminated_robot_never_returns_and_ranks_last():  # RR-TEST-36, RR-LIFE-01
    course = blank_course(flags=[(5, 5)])
    a = robot("a", (5, 1), "N", lives=1)
    r = race(
        course,
        [a, robot("b", (0, 11), "N")],
        decks=[[800, 140, 150, 160, 170, 180, 190, 200, 210, *ROTATIONS]],
    )
    program(r, "a", [800, 140, 150, 160, 170])
    program(r, "b", ROTATIONS[:5])
    assert [e.seat for e in of(r, "robot_eliminated")] == ["a"]
    assert not [d for d in r.pending if d.seat == "a"]
    assert r.f.turn == 2 and r.f.robot("a").square is None
    assert [robot.seat for robot in ranking(r.f)] == ["b", "a"]


def test_a_shared_archive_places_the_second_robot_beside_it():  # RR-TEST-37, RR-RESPAWN-03
    f = factory(
        blank_course(),
        [robot("a", (5, 5), "N"), robot("b", (5, 2), archive=(5, 5)), robot("c", (5, 8))],
    )
    b = f.robot("b")
    settle(destroy(f, b, "pit"))
    legal = dict((s, ds) for s, ds in respawn_choices(f, b))
    assert "S" not in legal[(5, 6)]  # C in sight
    assert "S" not in legal[(5, 4)] and "N" in legal[(5, 4)]  # A in sight to the south
    assert list(legal)[0] == (5, 4)  # RR-RESPAWN-07: N first


def test_an_empty_archive_takes_the_robot_with_any_facing():  # RR-RESPAWN-02
    f = factory(blank_course(), [robot("a", (1, 1), archive=(5, 5))])
    settle(destroy(f, f.robot("a"), "pit"))
    assert respawn_choices(f, f.robot("a")) == [((5, 5), ["N", "E", "S", "W"])]


def test_reentry_in_destruction_order_through_the_race():  # RR-RESPAWN-01, RR-PRIO-04
    course = blank_course(
        squares=[{"x": 5, "y": 4, "type": "pit"}, {"x": 6, "y": 4, "type": "pit"}]
    )
    a = robot("a", (5, 6), "N", archive=(5, 9))
    b = robot("b", (6, 5), "N", archive=(5, 9))
    # B (700) falls in register 1 before A (490 then 500) falls in register 2
    r = race(course, [a, b], decks=[[490, 500, 140, 150, 160, 170, 180, 190, 200,
                                     700, 210, 220, 230, 240, 250, 260, 270, 280]])  # fmt: skip
    program(r, "a", [490, 500, 140, 150, 160])
    program(r, "b", [700, 210, 220, 230, 240])
    assert r.pending[0].seat == "b"
    r.apply("b", Action("respawn", {"square": [5, 9], "facing": "N"}))
    assert r.pending[0].seat == "a" and r.pending[0].kind == "respawn"
    squares = [c["square"] for c in r.pending[0].options["squares"]]
    assert [5, 9] not in squares and squares[0] == [5, 8]


def test_the_ranking_of_robots_still_racing_and_eliminated():  # RR-TEST-43, RR-RANK-01..04
    f = factory(
        blank_course(flags=[(1, 1), (10, 10)]),
        [
            robot("r1", (6, 6), flags=1, last_flag_at=(2, 1)),
            robot("r2", (9, 9), flags=1, last_flag_at=(4, 1)),
            robot("r3", (0, 0)),
            robot("r4", None, flags=1, archive=(8, 10), last_flag_at=(3, 2), destroyed=True),
            robot("r5", None, flags=1, eliminated=True, eliminated_at=(5, 3, "B"), lives=0),
            robot("r6", None, eliminated=True, eliminated_at=(2, 1, "B"), lives=0),
        ],
    )
    f.ended, f.turn = "turn_limit", 20
    assert [r.seat for r in ranking(f)] == ["r4", "r2", "r1", "r3", "r5", "r6"]
    result = race_result(f, 7)
    assert result.details["winner"] is None
    assert [p.status for p in result.order][-2:] == ["eliminated", "eliminated"]
    assert result.order[0].figures["distance_to_next_flag"] == 2
    assert [p.distance for p in result.order] == [5, 4, 3, 2, 1, 0]  # keeps the order
    assert [p.laps for p in result.order] == [1, 1, 1, 0, 1, 0]  # flags touched
