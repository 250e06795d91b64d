"""How one copy of the board is printed, compared with its layout: the simulated table's board that the layout only
roughly fits.

Real boards differ from the layout a user is given: another printing is a few millimetres shorter (a 2005 Caylus
board is 545 × 730 mm where the layout scaled to 545 wide is 737 mm tall), the board lies a little shifted and
turned against the markers stuck round it, and the print itself is off by a millimetre or two here and there. A
:class:`BoardPrint` is one such copy: layout mm → where that point is printed on the table (the markers' frame),

    printed = centre + R(rotation) · S(scale) · (p − centre) + shift + Σ bumps(p)

with a few smooth sinusoidal bumps for the print's own offsets. The looks ``holdout-printed`` and ``demo-printed``
draw one per seed from their look's ``board_print`` ranges in ``domains.json`` (the same tables as ``holdout`` and
``demo`` otherwise); every other look prints its board exactly as the layout, so its renders are unchanged.

Only the board moves: a region whose centre lies off the board (supply rows, a player's spots before them) and the
markers stay where the layout says.

>>> printing = BoardPrint((400.0, 500.0), scale=(1.0, 0.99))
>>> [round(float(v), 2) for v in printing.to_printed([[200.0, 0.0]])[0]]
[200.0, 2.5]
>>> [round(float(v), 2) for v in printing.to_layout(printing.to_printed([[50.0, 60.0]]))[0]]
[50.0, 60.0]
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

import cv2
import numpy as np

from ..layout import Layout

ON_BOARD_MARGIN_MM = 2.0      # a region whose centre lies this far inside the board's edge, or closer, is printed


@dataclass(frozen=True)
class BoardPrint:
    """One printed copy of a board: layout mm → printed mm (see the module's formula)."""

    board_size: tuple[float, float]
    scale: tuple[float, float] = (1.0, 1.0)
    shift_mm: tuple[float, float] = (0.0, 0.0)
    rotation_deg: float = 0.0
    # each bump: (amplitude x mm, amplitude y mm, wave vector x, wave vector y (cycles per board), phase rad)
    bumps: tuple[tuple[float, float, float, float, float], ...] = ()

    # -- the map --------------------------------------------------------------------------------------------
    def _bumps(self, points: np.ndarray) -> np.ndarray:
        out = np.zeros_like(points)
        width, height = self.board_size
        for ax, ay, kx, ky, phase in self.bumps:
            wave = np.sin(2 * math.pi * (kx * points[:, 0] / width + ky * points[:, 1] / height) + phase)
            out[:, 0] += ax * wave
            out[:, 1] += ay * wave
        return out

    def _affine(self) -> np.ndarray:
        """The 2×3 map of scale, turn and shift about the board's centre."""
        centre = np.array(self.board_size) / 2
        a = math.radians(self.rotation_deg)
        linear = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]]) @ np.diag(self.scale)
        return np.column_stack([linear, centre + np.array(self.shift_mm) - linear @ centre])

    def to_printed(self, points_mm: Sequence[Sequence[float]] | np.ndarray) -> np.ndarray:
        """Layout mm → where that point of the board is printed on the table."""
        points = np.asarray(points_mm, dtype=np.float64).reshape(-1, 2)
        affine = self._affine()
        return points @ affine[:, :2].T + affine[:, 2] + self._bumps(points)

    def to_layout(self, printed_mm: Sequence[Sequence[float]] | np.ndarray, iterations: int = 8) -> np.ndarray:
        """The inverse: the layout point printed at ``printed_mm`` (the bumps are small and smooth, so a few
        fixed-point steps converge to far below a pixel)."""
        printed = np.asarray(printed_mm, dtype=np.float64).reshape(-1, 2)
        affine = self._affine()
        inverse = np.linalg.inv(affine[:, :2])
        points = (printed - affine[:, 2]) @ inverse.T
        for _ in range(iterations):
            points = (printed - affine[:, 2] - self._bumps(points)) @ inverse.T
        return points

    def turn_deg(self, point_mm: Sequence[float]) -> float:
        """How far the print turns a piece's square at ``point_mm`` (degrees, clockwise as the board is read)."""
        p = np.array([point_mm, [point_mm[0] + 1.0, point_mm[1]]], dtype=float)
        q = self.to_printed(p)
        return math.degrees(math.atan2(q[1, 1] - q[0, 1], q[1, 0] - q[0, 0]))

    def on_board(self, point_mm: Sequence[float]) -> bool:
        """Whether a layout point lies on the printed board (anything else lies on the table and keeps its place)."""
        width, height = self.board_size
        x, y = point_mm
        return -ON_BOARD_MARGIN_MM <= x <= width + ON_BOARD_MARGIN_MM and \
            -ON_BOARD_MARGIN_MM <= y <= height + ON_BOARD_MARGIN_MM

    def slot_offsets(self, layout: Layout, slots: Sequence[str] | None = None) -> dict[str, tuple[float, float]]:
        """Each on-board slot's centre: printed minus layout, mm."""
        names = [n for n in (layout.slot_names() if slots is None else slots) if self.on_board(layout.region(n).center)]
        centres = np.array([layout.region(n).center for n in names], dtype=float).reshape(-1, 2)
        moved = self.to_printed(centres) - centres
        return {name: (float(dx), float(dy)) for name, (dx, dy) in zip(names, moved)}

    @property
    def params(self) -> tuple[float, ...]:
        """Everything but the board's size, flat: scale x, y, shift x, y, turn, then five numbers per bump."""
        return (*self.scale, *self.shift_mm, self.rotation_deg, *(v for bump in self.bumps for v in bump))

    @classmethod
    def from_params(cls, board_size: Sequence[float], params: Sequence[float]) -> "BoardPrint":
        p = [float(v) for v in params]
        bumps = tuple(tuple(p[k:k + 5]) for k in range(5, len(p), 5))
        return cls((float(board_size[0]), float(board_size[1])), (p[0], p[1]), (p[2], p[3]), p[4], bumps)

    # -- JSON -------------------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {"board_size": list(self.board_size), "scale": list(self.scale), "shift_mm": list(self.shift_mm),
                "rotation_deg": self.rotation_deg, "bumps": [list(b) for b in self.bumps]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "BoardPrint":
        return cls(tuple(data["board_size"]), tuple(data["scale"]), tuple(data["shift_mm"]),
                   float(data["rotation_deg"]), tuple(tuple(float(v) for v in b) for b in data["bumps"]))


def sample_print(ranges: Mapping[str, Any] | None, seed: int, stream: int) -> tuple[float, ...]:
    """A printing drawn from a look's ``board_print`` ranges with ``seed``, as :meth:`BoardPrint.params` (``()``
    when the look has none). Its own random stream: the look's other choices for the seed stay what they were."""
    if not ranges:
        return ()
    rng = np.random.default_rng([seed, stream, 73])
    height = rng.uniform(*ranges["height_ratio"])
    width = rng.uniform(*ranges["width_ratio"])
    shift = rng.uniform(-ranges["shift_mm"], ranges["shift_mm"], 2)
    turn = rng.uniform(-ranges["rotation_deg"], ranges["rotation_deg"])
    params = [width, height, *shift, turn]
    for _ in range(int(ranges["bumps"])):
        amplitude = rng.uniform(*ranges["bump_mm"])
        direction = rng.uniform(0, 2 * math.pi)
        kx, ky = rng.uniform(-ranges["bump_cycles"], ranges["bump_cycles"], 2)
        params += [amplitude * math.cos(direction), amplitude * math.sin(direction), kx, ky,
                   rng.uniform(0, 2 * math.pi)]
    return tuple(round(float(v), 6) for v in params)


def printing_of(layout: Layout, params: Sequence[float]) -> BoardPrint | None:
    """The printing of ``layout``'s board that a style's ``board_print`` parameters describe (None for none)."""
    if not params:
        return None
    return BoardPrint.from_params(layout.board_size, params)


def print_board(image: np.ndarray, table: np.ndarray, bounds_px: tuple[float, float], px_per_mm: float,
                printing: BoardPrint, board_size: tuple[float, float], margin_mm: float = 14.0) -> None:
    """Move the board painted at its layout place in a top-down ``image`` to where ``printing`` puts it, in place:
    table (``table``) shows where the board no longer lies. ``bounds_px`` is the image's origin in mm."""
    width, height = board_size
    x0, y0 = bounds_px
    lo = np.floor((np.array([-margin_mm, -margin_mm]) - (x0, y0)) * px_per_mm).astype(int)
    hi = np.ceil((np.array([width + margin_mm, height + margin_mm]) - (x0, y0)) * px_per_mm).astype(int)
    lo = np.maximum(lo, 0)
    hi = np.minimum(hi, [image.shape[1], image.shape[0]])
    xs = np.arange(lo[0], hi[0])
    ys = np.arange(lo[1], hi[1])
    grid = np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 2).astype(np.float64)
    printed_mm = (grid + 0.5) / px_per_mm + (x0, y0)
    source_mm = printing.to_layout(printed_mm)
    inside = ((source_mm[:, 0] >= 0) & (source_mm[:, 0] <= width) & (source_mm[:, 1] >= 0)
              & (source_mm[:, 1] <= height)).reshape(len(ys), len(xs))
    source_px = ((source_mm - (x0, y0)) * px_per_mm - 0.5).astype(np.float32).reshape(len(ys), len(xs), 2)
    moved = cv2.remap(image, source_px[..., 0], source_px[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    window = image[lo[1]:hi[1], lo[0]:hi[0]]
    window[:] = np.where(inside[..., None], moved, table[lo[1]:hi[1], lo[0]:hi[0]])
