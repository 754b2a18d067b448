"""Server-side SVG geometry for a rating history chart: plain numbers for
the template to draw, no JavaScript (as seasons/charts.py does for points)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext


def rating_chart(
    values: Sequence[float], *, width: int = 560, height: int = 200, pad: int = 36
) -> dict:
    """A polyline of a rating after each race, with a band of the value axis
    that always includes 0 (a newcomer's rating)."""
    values = list(values)
    low = min([0.0, *values])
    high = max([0.0, *values])
    if high - low < 1:
        high = low + 1
    inner_w, inner_h = width - 2 * pad, height - 2 * pad
    step = inner_w / max(len(values) - 1, 1)

    def y(value: float) -> float:
        return round(height - pad - (value - low) / (high - low) * inner_h, 1)

    coords = [(round(pad + i * step, 1), y(v)) for i, v in enumerate(values)]
    grid = [
        {"y": y(low + (high - low) * k / 4), "label": f"{low + (high - low) * k / 4:.1f}"}
        for k in range(5)
    ]
    return {
        "width": width,
        "height": height,
        "pad": pad,
        "right": width - pad,
        "bottom": height - pad,
        "points": " ".join(f"{a},{b}" for a, b in coords),
        "dots": [
            {"x": a, "y": b, "value": f"{v:.2f}"} for (a, b), v in zip(coords, values, strict=True)
        ],
        "grid": grid,
        "races": len(values),
    }


PALETTE = ["#c0392b", "#2471a3", "#229954", "#b7950b", "#7d3c98", "#ca6f1e", "#17a589"]


def odds_chart(
    rounds: list[int],
    series: list[dict],
    *,
    width: int = 640,
    height: int = 240,
    pad: int = 36,
) -> dict:
    """Title chances (0 to 1) after each round as polylines: `series` holds
    {"name", "values"} with one value per round (None where unknown)."""
    inner_w, inner_h = width - 2 * pad, height - 2 * pad
    step = inner_w / max(len(rounds) - 1, 1)

    def x(i: int) -> float:
        return round(pad + i * step, 1)

    def y(value: float) -> float:
        return round(height - pad - value * inner_h, 1)

    lines = []
    for index, line in enumerate(series):
        coords = [(x(i), y(v)) for i, v in enumerate(line["values"]) if v is not None]
        lines.append(
            {
                "name": line["name"],
                "colour": PALETTE[index % len(PALETTE)],
                "points": " ".join(f"{a},{b}" for a, b in coords),
                "last": f"{line['values'][-1]:.0%}" if line["values"][-1] is not None else "",
            }
        )
    return {
        "width": width,
        "height": height,
        "pad": pad,
        "right": width - pad,
        "bottom": height - pad,
        "lines": lines,
        "ticks": [
            {"x": x(i), "label": gettext("R%(number)s") % {"number": n}}
            for i, n in enumerate(rounds)
        ],
        "grid": [{"y": y(k / 4), "label": f"{k * 25}%"} for k in range(5)],
    }
