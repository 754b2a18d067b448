"""The lap chart: each car's position after every round, as SVG geometry."""

from __future__ import annotations

from django.utils.translation import pgettext

from races.replay.names import seat_people
from races.rules.face import Presentation
from races.running.seats import SeatRecord


def lap_chart(
    presentation: Presentation, events: list[dict], seats: list[SeatRecord],
    *, width: int = 640, pad: int = 28, row: int = 22,
) -> dict | None:  # fmt: skip
    orders = presentation.tables.running_orders(events)
    if not orders:
        return None
    people = seat_people(seats)
    cars = list(dict.fromkeys([s.id for s in seats] + [c for o in orders for c in o["order"]]))
    height = pad * 2 + row * max(len(cars) - 1, 1)
    step = (width - 2 * pad - 60) / max(len(orders) - 1, 1)
    lines = []
    for car in cars:
        coords = [
            (round(pad + i * step, 1), round(pad + o["order"].index(car) * row, 1))
            for i, o in enumerate(orders)
            if car in o["order"]
        ]
        person = people.get(car)
        if coords and person:
            lines.append(
                {
                    "name": person["name"],
                    "colour": person["colour"],
                    "points": " ".join(f"{x},{y}" for x, y in coords),
                    "last": coords[-1],
                }
            )
    ticks = [
        {
            "x": round(pad + i * step, 1),
            "label": pgettext("lap chart: the final order", "F")
            if o["round"] == "F"
            else o["round"],
        }
        for i, o in enumerate(orders)
        if len(orders) <= 20 or i % max(len(orders) // 10, 1) == 0
    ]
    rows = [{"y": pad + i * row, "label": i + 1} for i in range(len(cars))]
    return {
        "width": width,
        "height": height + 10,
        "lines": lines,
        "ticks": ticks,
        "rows": rows,
        "bottom": height - pad + 18,
        "pad": pad,
    }
