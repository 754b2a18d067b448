"""Server-side SVG geometry for the season's points chart: plain numbers for
the template to draw, no JavaScript."""

from __future__ import annotations

from django.utils.translation import gettext

PALETTE = ["#c0392b", "#2471a3", "#229954", "#b7950b", "#7d3c98", "#ca6f1e", "#17a589"]


def points_chart(data: dict, *, width: int = 640, height: int = 260, pad: int = 36) -> dict:
    """Turn `points_after_each_round` into polylines inside a width×height box."""
    rounds, series = data["rounds"], data["series"]
    top = max((max(s["points"], default=0) for s in series), default=0) or 1
    inner_w, inner_h = width - 2 * pad, height - 2 * pad
    step = inner_w / max(len(rounds) - 1, 1)

    def x(i: int) -> float:
        return round(pad + i * step, 1)

    def y(value: int) -> float:
        return round(height - pad - value / top * inner_h, 1)

    lines = []
    for index, s in enumerate(series):
        coords = [(x(i), y(v)) for i, v in enumerate(s["points"])]
        lines.append(
            {
                "standing": s["standing"],
                "colour": PALETTE[index % len(PALETTE)],
                "points": " ".join(f"{a},{b}" for a, b in coords),
                "last": coords[-1] if coords else (pad, height - pad),
                "total": s["points"][-1] if s["points"] else 0,
            }
        )
    ticks = [
        {"x": x(i), "label": gettext("R%(number)s") % {"number": n}} for i, n in enumerate(rounds)
    ]
    grid = [{"y": y(top * k // 4), "label": top * k // 4} for k in range(5)]
    return {
        "width": width,
        "height": height,
        "pad": pad,
        "lines": lines,
        "ticks": ticks,
        "grid": grid,
        "bottom": height - pad,
        "right": width - pad,
    }
