"""The simulated table: camera frames of a table view, with exact ground truth.

>>> from vision.layout import load_layout
>>> from companion.games.table_view import TableView, Piece
>>> layout = load_layout()
>>> slot = next(name for name in layout.slot_names() if layout.region(name).accepts == ("worker",))
>>> view = TableView(layout.game, ("red", "blue"))
>>> view.put(slot, Piece("worker", "red"))
>>> table = SimulatedTable(layout, sample_style("train", 1), size=(320, 180))
>>> frame, truth = table.render(view)
>>> frame.shape, truth["slots"][slot]["pieces"][0]["colour"]
((180, 320, 3), 'red')

The table draws the game of its layout (:func:`vision.layout.layout_pack`), as that game's pack says
(``render.json``, :mod:`vision.render.drawing`). Per episode (one :class:`RenderStyle`) the board texture, camera, light and sensor are made once;
per table view the tiles are pasted, the board warped and the pieces drawn once (cached); per frame
only hands, light, lens and sensor are applied, so a still scene or a hand animation renders fast.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any, Sequence

import cv2
import numpy as np

from companion.games.pack import GamePack
from companion.games.table_view import TableView

from ..layout import Layout, layout_pack
from .board_art import draw_markers, draw_tiles, table_topdown
from .cards import draw_cards
from .camera import Camera, fit_camera
from .domains import RenderStyle, sample_style
from .drawing import COIN, drawing_of
from .effects import Sensor
from .hands import Hand, draw_hand, draw_hand_shadow
from .printing import BoardPrint, print_board, printing_of
from .pieces import Solid, draw_shadows, draw_solids, image_box, light_vector, make_solid
from .scene import Placed, piece_colour, place_view

__all__ = ["SimulatedTable", "Hand", "sample_style"]

OCCLUSION_FRACTION = 0.15   # a slot counts as hidden once this share of its sample points is under a hand


@dataclass
class _StateRender:
    clean: np.ndarray
    placed: list[Placed]
    pieces_truth: list[dict[str, Any]]
    pieces_in_image: list[tuple[str, dict[str, Any]]] | None = None   # filled by the first frame's truth


class SimulatedTable:
    """Renders frames of table views for one episode style."""

    def __init__(self, layout: Layout, style: RenderStyle, size: tuple[int, int] = (1280, 720),
                 px_per_mm: float = 2.0, pack: GamePack | None = None) -> None:
        self.layout = layout
        self.pack = pack or layout_pack(layout)
        self.drawing = drawing_of(self.pack)
        self.style = style
        self.size = size
        x0, y0, x1, y1 = layout.table_bounds(margin=0.0)
        outline = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])
        self.camera: Camera = fit_camera(size, style.hfov_deg, outline, style.tilt_deg, style.azimuth_deg,
                                         style.roll_deg, style.fill, style.distortion)
        self.light = light_vector(style.light_azimuth_deg, style.light_elevation_deg)
        self.topdown = table_topdown(layout, style.board_style, style.background, style.seed, px_per_mm)
        # the copy of the board on this table, printed a little otherwise than its layout (None: exactly as it)
        self.printing: BoardPrint | None = printing_of(layout, style.board_print) if layout.board_printed else None
        if self.printing is not None:
            td = self.topdown
            print_board(td.image, td.table, td.bounds[:2], td.px_per_mm, self.printing, layout.board_size)
            draw_markers(td, layout)
        self.sensor = Sensor(self.camera, style)
        rng = np.random.default_rng([style.seed, 31])
        self._tint = {}
        self._tint_rng_seed = int(rng.integers(1 << 31))
        self._warp = self.camera.homography() @ np.linalg.inv(self.topdown.to_texture_matrix())
        scale = np.sqrt(abs(np.linalg.det(self._warp[:2, :2] / self._warp[2, 2])))
        self._antialias = float(np.clip(0.5 / max(scale, 1e-6), 0.3, 2.0))   # sigma in texture px
        # the bare table continues (mirrored) beyond the texture; the board texture is laid over it
        self._table_image = cv2.warpPerspective(self.topdown.table, self._warp, size, flags=cv2.INTER_LINEAR,
                                                borderMode=cv2.BORDER_REFLECT)
        self._tiles_key: tuple | None = None
        self._board_image: np.ndarray | None = None
        self._state_key: str | None = None
        self._state: _StateRender | None = None
        self._samples = self._slot_samples()
        self._outlines: dict[str, dict[str, Any]] | None = None
        self._markers: list[tuple[int, np.ndarray, bool]] | None = None

    # -- per table view ------------------------------------------------------------------------------
    def _tint_for(self, key: str) -> np.ndarray:
        if key not in self._tint:
            rng = np.random.default_rng([self._tint_rng_seed, len(key), sum(map(ord, key))])
            t = self.style.piece_tint
            self._tint[key] = rng.uniform(1 - t, 1 + t, 3)
        return self._tint[key]

    def _board(self, tiles: dict[str, tuple[str, float, tuple[float, float]]],
               cards: tuple[tuple[str, str | None, float, tuple[float, float]], ...] = ()) -> np.ndarray:
        key = tuple(sorted((s, n, round(a, 3), c) for s, (n, a, c) in tiles.items()))
        if cards:
            key += (tuple((k, n, round(a, 3), c) for k, n, a, c in cards),)
        if key != self._tiles_key:
            td = self.topdown
            saved = td.image
            td.image = saved.copy()
            draw_tiles(td, self.layout, tiles, self.style.board_style, self.drawing)
            if cards:
                draw_cards(td.image, td.px, td.px_per_mm, list(cards), self.drawing)
            # the texture is finer than the frame: low-pass it first, as a lens would, so edges don't alias
            texture, td.image = cv2.GaussianBlur(td.image, (0, 0), self._antialias), saved
            self._board_image = cv2.warpPerspective(texture, self._warp, self.size, dst=self._table_image.copy(),
                                                    flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_TRANSPARENT)
            self._tiles_key = key
        return self._board_image

    def compose(self, view: TableView) -> _StateRender:
        """The clean (no light, lens or hands) render of a view, cached while the view stays the same."""
        key = json.dumps(view.to_json(), sort_keys=True)
        if key == self._state_key and self._state is not None:
            return self._state
        placed = place_view(self.layout, view, self.style.seed, self.style.jitter_mm, self.style.heaped_supplies,
                            self.drawing)
        if self.printing is not None:
            placed = [self._as_printed(p) for p in placed]
        tile = self.drawing.terms.tile
        tiles = {p.slot: (p.piece.name or "", p.angle, (p.x, p.y)) for p in placed if p.piece.kind == tile}
        cards = tuple((p.piece.kind, p.piece.name, p.angle, (p.x, p.y))
                      for p in sorted((p for p in placed if p.piece.kind in self.drawing.cards), key=_card_order))
        board = self._board(tiles, cards)
        solids: list[Solid] = []
        truth: list[dict[str, Any]] = []
        cam = self.camera
        for p in placed:
            if p.piece.kind == tile or p.piece.kind in self.drawing.cards:
                if p.piece.kind in self.drawing.cards:
                    hx, hy = np.array(self.drawing.cards[p.piece.kind]) / 2
                else:
                    region = self.layout.region(p.slot)
                    hx = hy = min(region.size) * 0.47 if region.shape == "rect" else region.radius * 0.7
                a = np.radians(p.angle)
                corners = np.array([[-hx, -hy], [hx, -hy], [hx, hy], [-hx, hy]]) @ \
                    np.array([[np.cos(a), np.sin(a)], [-np.sin(a), np.cos(a)]]) + [p.x, p.y]
                uv = cam.project(np.column_stack([corners, np.zeros(4)]))
                centre = cam.project(np.array([[p.x, p.y, 0.0]]))[0]
                truth.append(self._piece_truth(p, centre, np.array([*uv.min(0), *uv.max(0)]), centre))
                continue
            tint_key = p.piece.colour or p.piece.kind
            solid = make_solid(self.drawing.solids[p.kind3d], p.x, p.y, p.z, np.radians(p.angle),
                               piece_colour(p.piece, self._tint_for(tint_key), self.drawing))
            solids.append(solid)
            centre, box = image_box(cam, solid)
            ground = cam.project(np.array([[p.x, p.y, 0.0]]))[0]
            truth.append(self._piece_truth(p, centre, box, ground))
        shadow = np.zeros(board.shape[:2], np.float32)
        draw_shadows(shadow, cam, solids, self.light)
        shadow = cv2.GaussianBlur(shadow, (0, 0), 1.5 + 0.004 * self.size[0])
        clean = (board.astype(np.float32) * (1.0 - np.clip(shadow, 0, 0.8))[..., None]).astype(np.uint8)
        draw_solids(clean, cam, solids, self.light)
        self._state = _StateRender(clean, placed, truth)
        self._state_key = key
        return self._state

    def _as_printed(self, p: Placed) -> Placed:
        """A piece on the board stands where its place is printed; one on the table where the layout says."""
        printing = self.printing
        if p.slot.startswith("supply.") or not printing.on_board(self.layout.region(p.slot).center):
            return p
        x, y = printing.to_printed([[p.x, p.y]])[0]
        return replace(p, x=float(x), y=float(y), angle=p.angle + printing.turn_deg((p.x, p.y)))

    def _printed_outline(self, name: str, points: np.ndarray) -> np.ndarray:
        """A slot's outline points (board mm) where this table's board prints them."""
        printing = self.printing
        if printing is None or not printing.on_board(self.layout.region(name).center):
            return points
        return printing.to_printed(points)

    @staticmethod
    def _piece_truth(p: Placed, centre: np.ndarray, box: np.ndarray, ground: np.ndarray) -> dict[str, Any]:
        data = p.piece.to_json()
        if p.piece.kind == COIN:
            data = {"kind": COIN, "value": int(p.piece.name or 1)}
        return {"slot": p.slot, **data, "board_mm": [round(p.x, 2), round(p.y, 2), round(p.z, 2)],
                "image": centre.tolist(), "ground": ground.tolist(), "bbox": box.tolist()}

    # -- per frame ---------------------------------------------------------------------------------------
    def _slot_samples(self) -> dict[str, np.ndarray]:
        """Image points covering each slot (every 4th pixel inside it, at least its centre), to test hand cover."""
        out = {}
        w, h = self.size
        step = 4
        for name in self.layout.slot_names():
            region = self.layout.region(name)
            outline = self._printed_outline(name, region.polygon(segments=16))
            poly = self.camera.project(np.column_stack([outline, np.zeros(len(outline))]))
            x0, y0 = np.floor(poly.min(axis=0)).astype(int)
            x1, y1 = np.ceil(poly.max(axis=0)).astype(int)
            gx, gy = np.meshgrid(np.arange(x0, x1 + 1, step) + step / 2, np.arange(y0, y1 + 1, step) + step / 2)
            pts = np.stack([gx.ravel(), gy.ravel()], axis=1)
            contour = poly.astype(np.float32)
            inside = [cv2.pointPolygonTest(contour, (float(x), float(y)), False) >= 0 for x, y in pts]
            centre = self.camera.project(np.column_stack([self._printed_outline(name, np.array([region.center])), [0.0]]))
            out[name] = np.vstack([centre, pts[np.array(inside, bool)]]) if len(pts) else centre
        return out

    def render(self, view: TableView, hands: Sequence[Hand] = (), frame_seed: int = 0,
               compact: bool = False) -> tuple[np.ndarray, dict[str, Any]]:
        """A camera frame of ``view`` with ``hands`` over it, and its ground truth.

        ``compact`` truth lists only occupied or hidden slots (for long videos); otherwise every
        slot of the layout is listed with its image outline.
        """
        state = self.compose(view)
        hand_mask = np.zeros(state.clean.shape[:2], np.uint8)
        img = state.clean
        if hands:
            img = img.copy()
            shadow = np.zeros(img.shape[:2], np.float32)
            for hand in hands:
                draw_hand_shadow(shadow, self.camera, hand, self.light)
            shadow = cv2.GaussianBlur(shadow, (0, 0), 0.012 * self.size[0])
            keep = cv2.merge([((1.0 - shadow) * 255).astype(np.uint8)] * 3)
            img = cv2.multiply(img, keep, scale=1 / 255)
            for hand in hands:
                draw_hand(img, hand_mask, self.camera, hand)
        frame = self.sensor.develop(img, np.random.default_rng([self.style.seed, frame_seed]))
        return frame, self._truth(view, state, hand_mask, hands, compact)

    def _truth(self, view: TableView, state: _StateRender, hand_mask: np.ndarray, hands: Sequence[Hand],
               compact: bool) -> dict[str, Any]:
        """The frame's ground truth: the camera's geometry is fixed per table and the pieces' per view,
        so only what the hands cover is worked out per frame."""
        w, h = self.size
        any_hand = bool(hands) and bool(hand_mask.any())
        covered = self._covered(hand_mask) if any_hand else dict.fromkeys(self._samples, False)
        by_slot: dict[str, list[dict[str, Any]]] = {}
        supplies: dict[str, list[dict[str, Any]]] = {}
        for slot, piece in self._pieces_in_image(state):
            bx, by = piece["ground"]
            in_frame = 0 <= bx < w and 0 <= by < h
            entry = {**piece, "occluded": bool(any_hand and in_frame and hand_mask[int(by), int(bx)] > 0),
                     "in_frame": bool(in_frame)}
            (supplies if slot.startswith("supply.") else by_slot).setdefault(slot, []).append(entry)
        slots: dict[str, Any] = {}
        for name, outline in self._slot_outlines().items():
            pieces = by_slot.get(name, [])
            if compact and not pieces and not covered[name]:
                continue
            if not pieces and name.startswith("score.") and not covered[name]:
                continue
            entry = {"pieces": pieces, "occluded": covered[name], "center": outline["center"]}
            if self.layout.region(name).pile:
                entry["counts"] = pile_counts(pieces)
            if not compact:
                entry["polygon"] = outline["polygon"]
            slots[name] = entry
        markers = []
        for marker_id, corners, inside in self._marker_corners():
            xi = np.clip(np.round(corners[:, 0]).astype(int), 0, w - 1)
            yi = np.clip(np.round(corners[:, 1]).astype(int), 0, h - 1)
            centre = corners.mean(axis=0).round().astype(int)
            hidden = any_hand and (bool(np.any(hand_mask[yi, xi] > 0))
                                   or bool(hand_mask[np.clip(centre[1], 0, h - 1), np.clip(centre[0], 0, w - 1)] > 0))
            markers.append({"id": marker_id, "corners": np.round(corners, 3).tolist(), "visible": inside and not hidden})
        supply_truth = {}
        for seat, colour in enumerate(view.players):
            if colour in view.supplies:
                supply_truth[str(seat)] = {"colour": colour, "counts": dict(view.supplies[colour]),
                                           "pieces": supplies.get(f"supply.{seat}", [])}
        return {
            "size": [w, h],
            "slots": slots,
            "supplies": supply_truth,
            "tracks": {name: dict(values) for name, values in view.tracks.items()},
            "markers": markers,
            "hands": [{"target": list(hand.target), "reach": hand.reach} for hand in hands],
            "hand_pixels": int(np.count_nonzero(hand_mask)),
            "homography_mm_to_image": np.round(self.camera.homography(), 9).tolist(),
            "distorted": self.camera.distorted,
            "camera": self.camera.to_json(),
            "style": self.style.to_json(),
            "layout": self.layout.name,
            **({"board_print": self.printing.to_json()} if self.printing is not None else {}),
        }

    def _covered(self, hand_mask: np.ndarray) -> dict[str, bool]:
        """Whether each slot is hidden: at least OCCLUSION_FRACTION of its sample points under a hand."""
        w, h = self.size
        pts = np.vstack(list(self._samples.values()))
        xi = np.clip(np.round(pts[:, 0]).astype(int), 0, w - 1)
        yi = np.clip(np.round(pts[:, 1]).astype(int), 0, h - 1)
        inside = (pts[:, 0] >= 0) & (pts[:, 0] < w) & (pts[:, 1] >= 0) & (pts[:, 1] < h)
        under = (hand_mask[yi, xi] > 0) & inside
        counts = [len(p) for p in self._samples.values()]
        starts = np.cumsum([0, *counts[:-1]])
        share = np.add.reduceat(under.astype(np.int64), starts) / np.array(counts)
        return {name: bool(f >= OCCLUSION_FRACTION) for name, f in zip(self._samples, share)}

    def _pieces_in_image(self, state: _StateRender) -> list[tuple[str, dict[str, Any]]]:
        """Each piece's truth with its points moved where the lens puts them (once per table view)."""
        if state.pieces_in_image is None:
            cam = self.camera
            out = []
            for piece in state.pieces_truth:
                entry = dict(piece)
                for key in ("image", "ground"):
                    entry[key] = [round(v, 2) for v in cam.distort_pixels(np.array(entry[key]))[0]]
                box = cam.distort_pixels(np.array(entry["bbox"]).reshape(2, 2))
                entry["bbox"] = [round(v, 2) for v in box.ravel()]
                out.append((entry.pop("slot"), entry))
            state.pieces_in_image = out
        return state.pieces_in_image

    def _slot_outlines(self) -> dict[str, dict[str, Any]]:
        """Each slot's centre and outline in the image (the camera does not move: worked out once)."""
        if self._outlines is None:
            cam = self.camera
            self._outlines = {}
            for name in self.layout.slot_names():
                region = self.layout.region(name)
                centre_mm = self._printed_outline(name, np.array([region.center]))
                centre = cam.distort_pixels(cam.project(np.column_stack([centre_mm, [0.0]])))[0]
                poly = self._printed_outline(name, region.polygon(segments=16))
                uv = cam.distort_pixels(cam.project(np.column_stack([poly, np.zeros(len(poly))])))
                self._outlines[name] = {"center": [round(v, 2) for v in centre], "polygon": np.round(uv, 1).tolist()}
        return self._outlines

    def _marker_corners(self) -> list[tuple[int, np.ndarray, bool]]:
        """Each marker's id, corners in the image and whether all four are in the frame (worked out once)."""
        if self._markers is None:
            cam = self.camera
            w, h = self.size
            self._markers = []
            for marker in self.layout.markers:
                corners = cam.distort_pixels(cam.project(np.column_stack([marker.corners(), np.zeros(4)])))
                inside = bool(np.all((corners[:, 0] >= 0) & (corners[:, 0] < w) & (corners[:, 1] >= 0) & (corners[:, 1] < h)))
                self._markers.append((marker.id, corners, inside))
        return self._markers


def pile_counts(pieces: list[dict[str, Any]]) -> dict[str, int]:
    """A counted zone's pieces per colour (a piece with no colour counted by its kind), as its truth gives them."""
    counts: dict[str, int] = {}
    for piece in pieces:
        key = piece.get("colour") or piece["kind"]
        counts[key] = counts.get(key, 0) + 1
    return dict(sorted(counts.items()))


def _card_order(p: Placed) -> tuple:
    """Cards are laid in place order, numbers compared as numbers: a city's 10th card lies on its 9th."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part) for part in p.slot.split("."))


def render_view(view: TableView, layout: Layout, domain: str = "train", seed: int = 0,
                size: tuple[int, int] = (1280, 720), undistorted: bool = False,
                hands: Sequence[Hand] = ()) -> tuple[np.ndarray, dict[str, Any]]:
    """One-shot convenience: a frame of ``view`` in a style drawn from ``domain`` with ``seed``."""
    table = SimulatedTable(layout, sample_style(domain, seed, undistorted=undistorted), size)
    return table.render(view, hands, frame_seed=seed)
