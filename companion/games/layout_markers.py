"""The printed markers round a table a layout generator lays out (the camera finds the table by them).

>>> [m["center"] for m in markers_around([(0.0, 0.0), (100.0, 50.0)], margin=10.0, size=20.0)][:3]
[[-10.0, -10.0], [50.0, -10.0], [110.0, -10.0]]
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence


def markers_around(points: Iterable[Sequence[float]], *, margin: float, size: float) -> list[dict[str, Any]]:
    """8 markers of ``size`` mm: the corners and edge middles of the points' bounding box, ``margin`` mm outside it,
    clockwise from the top left; ids 0–7."""
    points = list(points)
    x0, y0 = min(p[0] for p in points) - margin, min(p[1] for p in points) - margin
    x1, y1 = max(p[0] for p in points) + margin, max(p[1] for p in points) + margin
    xm, ym = (x0 + x1) / 2, (y0 + y1) / 2
    spots = [(x0, y0), (xm, y0), (x1, y0), (x1, ym), (x1, y1), (xm, y1), (x0, y1), (x0, ym)]
    return [{"id": k, "center": [round(x, 1), round(y, 1)], "size": size} for k, (x, y) in enumerate(spots)]
