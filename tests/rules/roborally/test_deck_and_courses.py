"""The program deck, dealing, the demo courses and the validator
(RR-DECK, RR-DEAL, RR-COURSE; scenarios RR-TEST-01..03, 46, 51)."""

import pytest

from races.rules import ConfigError, Seat, get_game
from races.rules.roborally.rules.cards import ALL_CARDS, KIND
from races.rules.roborally.rules.course import compose, course_file, course_ids
from races.rules.roborally.rules.validate import course_check, course_problems, load_course

from .scenario import blank_course, race, robot

SEATS = [Seat(id=f"r{i}", name=f"Robot {i}", kind="bot", bot="rookie") for i in range(1, 5)]


def test_the_deck_has_84_cards_with_their_priorities():  # RR-TEST-01, RR-DECK-01
    game = get_game("roborally")
    r = game.start({"track": "shakedown"}, SEATS, 1)
    cards = sorted(r.f.deck + [c for robot in r.f.robots for c in robot.hand])
    assert cards == list(ALL_CARDS) == list(range(10, 850, 10))
    by_kind = {}
    for card in ALL_CARDS:
        by_kind.setdefault(KIND[card], []).append(card)
    assert by_kind["U_TURN"] == list(range(10, 70, 10))
    assert by_kind["ROTATE_LEFT"] == list(range(70, 420, 20))
    assert by_kind["ROTATE_RIGHT"] == list(range(80, 430, 20))
    assert by_kind["BACK_UP"] == list(range(430, 490, 10))
    assert by_kind["MOVE_1"] == list(range(490, 670, 10))
    assert by_kind["MOVE_2"] == list(range(670, 790, 10))
    assert by_kind["MOVE_3"] == list(range(790, 850, 10))


@pytest.mark.parametrize("damage", range(10))
def test_hand_size_is_nine_minus_damage(damage):  # RR-TEST-02, RR-DEAL-02, RR-DMG-02
    registers = [None] * 5
    for r in range(10 - damage, 6):
        if 1 <= r <= 5:
            registers[r - 1] = 490 + 10 * r
    r = race(blank_course(), [robot("a", (5, 5), damage=damage, registers=registers),
                              robot("b", (0, 0), "S")], seed=3)  # fmt: skip
    assert len(r.f.robot("a").hand) == 9 - damage
    locked = [n for n in range(1, 6) if r.f.robot("a").locked(n)]
    assert locked == list(range(max(10 - damage, 1), 6)) if damage >= 5 else locked == []


def test_the_same_seed_deals_the_same_hands():  # RR-TEST-03, RR-RNG-01..03
    game = get_game("roborally")

    def hands(seed):
        return [r.hand for r in game.start({"track": "shakedown"}, SEATS, seed).f.robots]

    assert hands(42) == hands(42)
    assert hands(42) != hands(43)


def test_the_demo_courses_are_valid():  # RR-TEST-51, RR-DEMO-02..06
    for course_id, flags, size in (("shakedown", 2, (12, 16)), ("twin_forge", 4, (12, 28))):
        assert course_problems(course_file(course_id)) == ([], [])
        course = load_course(course_id)
        assert len(course.flags) == flags and (course.width, course.height) == size
        assert sorted(course.docks) == list(range(1, 9))


def broken(**changes):
    return {**course_file("shakedown"), **changes}


@pytest.mark.parametrize(
    "changes, words",
    [
        ({"flags": [{"number": 1, "x": 8, "y": 4}, {"number": 3, "x": 2, "y": 2}]}, "gaps"),
        ({"flags": [{"number": 1, "x": 5, "y": 5}]}, "flag 1 is on a pit"),
        ({"placements": [{"board": "rivet_yard", "x": 0, "y": 0, "rotation": 0}]}, "dock board"),
        ({"placements": [{"board": "rivet_yard", "x": 0, "y": 0, "rotation": 0},
                         {"board": "dock_alpha", "x": 0, "y": 10, "rotation": 0}]}, "overlap"),
        ({"max_robots": 9}, "docks [9] are missing"),
        ({"width": 11}, "outside the course"),
    ],
)  # fmt: skip
def test_the_validator_refuses_a_broken_course_in_words(changes, words):  # RR-COURSE-05
    with pytest.raises(ConfigError) as error:
        course_check(broken(**changes))
    assert words in str(error.value)


def test_a_flag_in_a_two_wall_corner_is_refused():  # RR-COURSE-04, FACT [F8]
    board = {
        "id": "cornered", "name": "Cornered", "kind": "factory", "width": 12, "height": 12,
        "squares": [], "walls": [{"x": 8, "y": 4, "side": "N"}, {"x": 8, "y": 4, "side": "E"}],
        "pushers": [], "lasers": [], "docks": [],
    }  # fmt: skip
    data = broken(placements=[{"board": "cornered", "x": 0, "y": 0, "rotation": 0},
                              {"board": "dock_alpha", "x": 0, "y": 12, "rotation": 0}])  # fmt: skip
    errors, _ = course_problems(data, {"cornered": board})
    assert "flag 1 is in a corner with two walls" in errors


def test_a_rotated_board_turns_its_squares_and_directions():  # RR-BOARD-08
    data = broken(
        placements=[{"board": "rivet_yard", "x": 0, "y": 0, "rotation": 90},
                    {"board": "dock_alpha", "x": 0, "y": 12, "rotation": 0}],
        flags=[{"number": 1, "x": 7, "y": 8}],
    )  # fmt: skip
    course = course_check(data)
    # (3, 2) conveyor S -> (12 - 1 - 2, 3) = (9, 3), pointing W
    assert course.floor[(9, 3)]["type"] == "conveyor" and course.floor[(9, 3)]["dir"] == "W"


def test_the_cards_are_conserved_through_a_race():  # RR-TEST-46, RR-DECK-05
    game = get_game("roborally")
    r = game.start({"track": "shakedown", "max_turns": 6}, SEATS, 5)
    bots = {s.id: game.bot("rookie", seed=5, seat=s.id) for s in SEATS}
    while not r.finished:
        d = r.pending[0]
        r.apply(d.seat, bots[d.seat].choose(r.view(d.seat), d))
        cards = list(r.f.deck) + list(r.f.discard)
        for robot_ in r.f.robots:
            cards += robot_.hand + [c for c in robot_.registers if c is not None]
        assert sorted(cards) == list(ALL_CARDS)


def test_a_race_refuses_bad_settings_in_words():  # RR-COMP-03, RR-CFG-01
    game = get_game("roborally")
    with pytest.raises(ConfigError, match="2 to 8 robots"):
        game.start({"track": "shakedown"}, SEATS[:1], 1)
    with pytest.raises(ConfigError, match="unknown option"):
        game.start({"track": "shakedown", "crushers": True}, SEATS, 1)
    with pytest.raises(ConfigError, match="race"):
        game.start({"track": "shakedown", "mode": "qualifying"}, SEATS, 1)


def test_a_library_course_is_a_fresh_copy_of_the_composed_one():
    """load_course copies a once-composed course (issue 27): equal to composing
    the file, its squares its own, and seeing what the composed course sees."""
    for course_id in course_ids():
        course, composed = load_course(course_id), compose(course_file(course_id))
        assert course == composed and list(course.floor) == list(composed.floor)
        other = load_course(course_id)
        course.floor[next(iter(course.floor))]["type"] = "pit"
        course.walls.add((0, 0, "N"))
        assert other == composed
        assert all(other.sight(s, "E") == composed.sight(s, "E") for s in composed.floor)
