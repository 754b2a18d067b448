"""The tournament's picture (SVG): one column per round, one box per table
with its players in finishing order (who went through marked), lines from
each table to the tables its players went on to. Plain numbers for the one
template that draws it (templates/tournaments/_bracket.html); it is drawn
from the tables as they stand, so the page's poll follows the event live."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

COLUMN = 220
BOX_WIDTH = 180
LINE = 18
TITLE = 22
GAP = 16
TOP = 30


@dataclass
class Box:
    x: int
    y: int
    height: int
    title: str
    status: str
    words: str
    names: list[tuple[int, str, bool]] = field(default_factory=list)  # (y, words, through)
    href: str = ""


@dataclass
class Picture:
    width: int
    height: int
    headings: list[tuple[int, str]]
    boxes: list[Box]
    links: list[tuple[int, int, int, int]]
    title: str


def bracket(rounds: list) -> Picture:
    """`rounds`: the page's rounds (pages.RoundView), first round first."""
    boxes: list[Box] = []
    headings = []
    where: dict[tuple[int, str], tuple[int, int]] = {}  # (round, player) -> box edge
    links = []
    height = TOP
    for column, rnd in enumerate(rounds):
        x = GAP + column * COLUMN
        headings.append((x, rnd.title))
        y = TOP
        for table in rnd.tables:
            box_height = TITLE + LINE * max(1, len(table.seats)) + 6
            box = Box(
                x=x,
                y=y,
                height=box_height,
                title=table.title,
                status=table.status,
                words=table.status_words,
            )
            box.href = table.live_href
            for n, seat in enumerate(table.seats):
                line_y = y + TITLE + LINE * n + 13
                mark = f"{seat.place}. " if seat.place else ""
                box.names.append((line_y, f"{mark}{seat.name}", seat.through))
                if seat.player_key:
                    before = where.get((column - 1, seat.player_key))
                    if before is not None and column > 0:
                        links.append((before[0], before[1], x, line_y - 4))
                    where[(column, seat.player_key)] = (x + BOX_WIDTH, line_y - 4)
            boxes.append(box)
            y += box_height + GAP
        height = max(height, y)
    return Picture(
        width=GAP + max(1, len(rounds)) * COLUMN,
        height=height + GAP,
        headings=headings,
        boxes=boxes,
        links=links,
        title=_("How the tournament went, round by round"),
    )
