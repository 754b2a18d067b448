"""What the results page and the live table list: the cells of a result
line, pictures of how the game was played, the running order after every
round (the lap chart) and a live race's progress."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from .capabilities import GameCapabilities


class Tables(ABC):
    """The tables part of a presentation. A game sets the event types that
    carry a round's running order (`round_openers`, with `order`), and that
    say a car finished (`finish_types`), is out (`out_types`) or that the
    race ended with a final order (`end_types`); and it says its progress."""

    round_openers: frozenset[str] = frozenset()
    finish_types: frozenset[str] = frozenset()
    out_types: frozenset[str] = frozenset()
    end_types: frozenset[str] = frozenset()

    def __init__(self, capabilities: GameCapabilities) -> None:
        self.capabilities = capabilities

    def result_figures(self, figures: Mapping[str, Any], rules: Mapping) -> list[str]:
        """A result line's figures as the cells of the results columns."""
        columns = self.capabilities.capabilities(rules).result_columns
        return [column.show(figures.get(column.key)) for column in columns]

    def result_pictures(
        self, config: Mapping, events: Sequence[Mapping], people: Mapping[str, Mapping[str, str]]
    ) -> list[dict]:
        """What the results page shows of how the game was played beyond its
        table: pictures, each a `title` and `grids` (a `label` and `rows` of
        cells with `text`, `title` and `style`, as a tile panel's grids).
        None by default."""
        return []

    def running_orders(self, events: Iterable[Mapping]) -> list[dict]:
        """The order of the cars after every round (the lap chart), from
        each round's opening order. Finished cars keep their places ahead,
        cars out of the race the last places in the order they went out."""
        rounds: list[dict] = []
        done: list[str] = []
        out: list[str] = []
        for event in events:
            kind, seat, data = event["type"], event.get("seat"), event.get("data") or {}
            if kind in self.finish_types and seat and seat not in done:
                done.append(seat)
            if kind in self.out_types and seat and seat not in out:
                out.append(seat)
            if kind in self.end_types:
                final = data.get("order")
                if isinstance(final, list) and final:
                    rounds.append({"round": "F", "order": [s for s in final if s]})
                    return rounds
            if kind in self.round_openers:
                order = self.round_order(data)
                if order:
                    rest = [s for s in order if s not in done and s not in out]
                    rounds.append({"round": event.get("round") or len(rounds) + 1,
                                   "order": done + rest + out})  # fmt: skip
        return rounds

    def round_order(self, data: Mapping) -> list[str]:
        order = data.get("order")
        return list(order) if isinstance(order, list) else []

    @abstractmethod
    def progress(self, view: Mapping, events: Sequence, finished: bool) -> dict:
        """{"percent", "order", "cars"}: the share of the race done, the
        running order and each car's public state, from the engine's public
        view (spectators may see all of it)."""


def loop_progress(
    tables: Tables,
    view: Mapping,
    events: Sequence,
    finished: bool,
    *,
    length: int,
    public: Callable[[Mapping], dict],
) -> dict:
    """`Tables.progress` for a race round a loop: cars that finished first
    in the order they did, then the cars racing by how far they have gone
    (`progress` in the view), then the cars out, the last out last.
    `public(car)` picks what spectators see of a car, with its `space` as
    the board's anchor for it."""
    cars = view.get("cars", [])
    done = [e.seat for e in events if e.type in tables.finish_types]
    out = [e.seat for e in events if e.type in tables.out_types]
    racing = sorted(
        (c for c in cars if c["seat"] not in done and c["seat"] not in out),
        key=lambda c: -(c.get("progress") or 0),
    )
    leader = max((c.get("progress") or 0 for c in cars), default=0)
    percent = 100 if finished else 0
    if not finished and length > 0:
        percent = max(0, min(99, round(100 * leader / length)))
    return {
        "percent": percent,
        "order": done + [c["seat"] for c in racing] + list(reversed(out)),
        "cars": {
            c["seat"]: {
                **public(c),
                "status": "out"
                if c["seat"] in out
                else ("finished" if c["seat"] in done else "racing"),
            }
            for c in cars
        },
    }
