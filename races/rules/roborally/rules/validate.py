"""The course validator (RR-COURSE-04, RR-COURSE-05): errors refuse a course,
warnings only tell its author."""

from __future__ import annotations

from collections import deque
from functools import cache

from ...contract import ConfigError
from .course import DIRS, Course, ahead, board_data, compose, course_copy, course_file, turn

BELTS = ("conveyor", "express")


def _footprint(data: dict, boards: dict) -> list[tuple[str, int, int, int, int]]:
    out = []
    for p in data["placements"]:
        board = boards.get(p["board"]) or board_data(p["board"])
        w, h = board["width"], board["height"]
        if p.get("rotation", 0) in (90, 270):
            w, h = h, w
        out.append((p["board"], p["x"], p["y"], w, h))
    return out


def _reachable(course: Course, start) -> set:
    seen, todo = {start}, deque([start])
    while todo:
        here = todo.popleft()
        for d in DIRS:
            there = ahead(here, d)
            if there in seen or course.wall(here, d):
                continue
            if course.on_course(there) and not course.is_pit(there):
                seen.add(there)
                todo.append(there)
    return seen


def course_problems(data: dict, boards: dict | None = None) -> tuple[list[str], list[str]]:
    """(errors, warnings) of a course file, in words."""
    boards = boards or {}
    errors: list[str] = []
    warnings: list[str] = []
    try:
        prints = _footprint(data, boards)
    except ConfigError as error:
        return [str(error)], []
    covered: dict = {}
    for name, x, y, w, h in prints:
        if x < 0 or y < 0 or x + w > data["width"] or y + h > data["height"]:
            errors.append(f"board {name} lies outside the course rectangle")
        for cx in range(x, x + w):
            for cy in range(y, y + h):
                if (cx, cy) in covered:
                    errors.append(f"boards {covered[(cx, cy)]} and {name} overlap at ({cx}, {cy})")
                    break
                covered[(cx, cy)] = name
            else:
                continue
            break
    kinds = [(boards.get(p["board"]) or board_data(p["board"]))["kind"] for p in data["placements"]]
    if kinds.count("dock") != 1:
        errors.append(f"a course needs exactly one dock board, it has {kinds.count('dock')}")
    if errors:
        return errors, warnings
    try:
        course = compose(data, boards)
    except ConfigError as error:
        return [str(error)], warnings
    numbers = sorted(f["number"] for f in data.get("flags", []))
    if not numbers or numbers != list(range(1, len(numbers) + 1)) or len(numbers) > 8:
        errors.append(f"flags must be numbered 1 to N (N at most 8) without gaps: {numbers}")
    wanted = set(range(1, course.max_robots + 1))
    if set(course.docks) != wanted and not wanted <= set(course.docks):
        missing = sorted(wanted - set(course.docks))
        errors.append(f"docks {missing} are missing for {course.max_robots} robots")
    for n, dock in sorted(course.docks.items()):
        if course.is_pit((dock["x"], dock["y"])):
            errors.append(f"dock {n} is on a pit")
    for p in course.pushers:
        square = (p["x"], p["y"])
        if course.kind(square) != "floor":
            errors.append(f"the pusher at {square} is not on plain floor")
        if not course.wall(square, turn(p["dir"], 2)):
            warnings.append(f"the pusher at {square} has no wall to hang on")
    for laser in course.lasers:
        square = (laser["x"], laser["y"])
        if course.is_pit(square):
            errors.append(f"the laser at {square} is on a pit")
        if not course.wall(square, turn(laser["dir"], 2)):
            warnings.append(f"the laser at {square} has no wall to hang on")
    start = (course.docks[1]["x"], course.docks[1]["y"]) if 1 in course.docks else None
    reach = _reachable(course, start) if start else set()
    for n, square in enumerate(course.flags, start=1):
        if not course.on_course(square) or course.is_pit(square):
            errors.append(f"flag {n} is on a pit or off the course")
            continue
        for d in DIRS:
            if course.wall(square, d) and course.wall(square, turn(d, 1)):
                errors.append(f"flag {n} is in a corner with two walls")
                break
        if square not in reach:
            errors.append(f"flag {n} cannot be reached from dock 1")
        if course.kind(square) in BELTS:
            warnings.append(f"flag {n} lies on a conveyor")
    for number, dock in sorted(course.docks.items()):
        if (dock["x"], dock["y"]) not in reach:
            errors.append(f"dock {number} cannot be reached from dock 1")
    for square, spot in sorted(course.floor.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        if spot["type"] not in BELTS:
            continue
        exit_ = ahead(square, spot["dir"])
        if course.wall(square, spot["dir"]) or not course.on_course(exit_):
            warnings.append(f"the conveyor at {square} runs into a wall or off the course")
        if "entries" in spot:
            feeders = sorted(
                d
                for d in DIRS
                if course.kind(ahead(square, d)) in BELTS
                and course.floor[ahead(square, d)]["dir"] == turn(d, 2)
            )
            if sorted(spot["entries"]) != feeders:
                warnings.append(f"the conveyor at {square} draws entries its feeders do not match")
    return errors, warnings


def course_check(data: dict, boards: dict | None = None) -> Course:
    """The composed course, or ConfigError listing every error (RR-COURSE-05)."""
    _refuse(data, course_problems(data, boards)[0])
    return compose(data, boards)


def _refuse(data: dict, errors: list[str]) -> None:
    if errors:
        raise ConfigError(f"course {data.get('id')!r} is broken: " + "; ".join(errors))


@cache
def _library_errors(course_id: str) -> tuple[str, ...]:
    """A library course's errors, found once: its file is read once (course_file)."""
    return tuple(course_problems(course_file(course_id))[0])


@cache
def _library_course(course_id: str) -> Course:
    """A library course composed once, with every square's sight lines:
    the course each caller gets is a copy of it."""
    course = compose(course_file(course_id))
    for square in course.floor:
        for d in DIRS:
            course.sight(square, d)
    return course


def load_course(course_id: str) -> Course:
    """A library course, checked once and copied afresh for each caller (no
    race shares its course with another): a copy of the once-composed course
    costs a tenth of composing it, and keeps its sight lines (RR-GEO-06),
    which every race's lasers ask for."""
    data = course_file(course_id)
    _refuse(data, list(_library_errors(course_id)))
    return course_copy(_library_course(course_id))
