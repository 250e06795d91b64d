"""Stacks of discs read from the side: how many discs stand on a space, and their colours.

The discs are the game's stacking kind (its pack's ``stacks`` role: :attr:`Vocabulary.stack
<vision.vocabulary.Vocabulary.stack>`, with its height ``H₁`` and radius ``R``). Several players' discs share
a space on a track. From above only the top disc
shows; a camera at an angle also sees the stack's side, each disc a band of its colour, and the
stack's picture reaches further from its base the taller it is. Both are read on a *profile*: the
board's picture along the line from the camera's foot through the space (``t`` mm, away from the
camera), a few mm wide. Seen from a camera ``Z`` mm above the board and ``d`` mm from the space
(along the board), a point of the stack's near side at height ``h`` lies on the board's picture at
``t = -R + (d - R)·h / (Z - h)``, and the far edge of its top face at ``t = R + (d + R)·H / (Z - H)``.
So, bottom up, ``n`` discs show ``n`` bands of side, then the top face of the top disc, then the
board as it was at setup.

Every count ``n`` and every order of ``n`` distinct player colours is scored by how far each row of
the profile lies from what it predicts (a disc's side colour, the top disc's top colour, or the board
at setup, allowing for a shadow); the labels' probabilities (``disc:blue+disc:red``, sorted) add up
the counts and orders that name them. A disc's side and top colours are learned from discs the rules
confirmed (the turn-order track at setup): a side is darker or lighter than a top depending on the
lamp, and read against the top's colour a red side looks black.

>>> geometry = StackGeometry(centre=(0.0, 0.0), away=(1.0, 0.0), distance=600.0, height=700.0,
...                          disc_height=4.5, disc_radius=7.5)
>>> round(geometry.far_edge(2 * 4.5), 1), round(geometry.near_side(4.5), 1)
(15.4, -3.7)
>>> label_for_colours(["red", "blue"], "disc")
'disc:blue+disc:red'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations
from typing import Mapping, Sequence

import cv2
import numpy as np

from .colours import ColourModel, to_lab
from .registration import Pose

STEP_MM = 0.5                 # the profile's row spacing along the line from the camera
LATERAL_MM = (-3.0, -2.0, -1.0, 0.0, 1.0, 2.0, 3.0)   # its columns: across the stack, inside its round end
BEFORE_MM = 4.0               # profile rows in front of the stack's near edge
AFTER_MM = 4.0                # and beyond the tallest stack's far edge
REFERENCE_PX_PER_MM = 2.0     # the setup picture of the board the profiles compare with
SHADE_RANGE = (0.7, 1.15)     # the board darkened or brightened this much (a shadow, a glint) is still the board
ROW_CAP = 20.0                # a row's Lab distance counts at most this much (a neighbour's disc, glare, a hand)
TEMPERATURE = 60.0            # Lab distance (summed over 0.5 mm rows) by which a story is e× less likely
BLUR_PX = 2.0                 # the picture's blur (lens, sensor, compression, resampling): Gaussian sigma, pixels
SIDE_GAIN = (0.8, 0.8, 0.8)   # a side's colour ÷ its top's (B, G, R) until a confirmed disc shows it
BAND_TRIM = 0.25              # share of a band left out at each end when learning its colour
MIN_LABEL = 1e-4
TOP_MARGIN = 4.0              # top colours left out: their top face alone fits e^4 times worse than the best


@dataclass(frozen=True)
class StackGeometry:
    """Where one space's stack appears on the board's picture, for one camera position."""

    centre: tuple[float, float]
    away: tuple[float, float]          # unit vector on the board, from the camera's foot through the space
    distance: float                    # mm from the camera's foot to the space
    height: float                      # the camera's height above the board, mm
    disc_height: float                 # one disc's height and radius, mm
    disc_radius: float
    px_per_mm: float = 1.0             # the picture's pixels per mm along the profile there

    def near_side(self, h: float) -> float:
        """``t`` of the stack's near side at height ``h`` on the board's picture."""
        return -self.disc_radius + (self.distance - self.disc_radius) * h / max(self.height - h, 1.0)

    def far_edge(self, top: float) -> float:
        """``t`` of the far edge of a stack's top face ``top`` mm high."""
        return self.disc_radius + (self.distance + self.disc_radius) * top / max(self.height - top, 1.0)

    def board_points(self, ts: np.ndarray) -> np.ndarray:
        """(len(ts), len(LATERAL_MM), 2) board mm of the profile's pixels."""
        away = np.asarray(self.away)
        across = np.array([-away[1], away[0]])
        return (np.asarray(self.centre)[None, None] + ts[:, None, None] * away
                + np.asarray(LATERAL_MM)[None, :, None] * across)

    def rows(self, ts: np.ndarray, n: int, shift: float = 0.0) -> tuple[list[np.ndarray], np.ndarray, np.ndarray]:
        """Masks over ``ts`` of ``n`` discs' side bands (bottom up), of the top face, and of the board round
        them, for a stack ``shift`` mm further from the camera than the space's centre."""
        cuts = [self.near_side(k * self.disc_height) + shift for k in range(n + 1)]
        bands = [(ts >= cuts[k]) & (ts < cuts[k + 1]) for k in range(n)]
        top = (ts >= cuts[n]) & (ts < self.far_edge(n * self.disc_height) + shift)
        return bands, top, ~(top | np.logical_or.reduce(bands))


def geometry_for(centre: Sequence[float], camera_mm: np.ndarray, pose: Pose, disc_height: float,
                 disc_radius: float) -> StackGeometry:
    offset = np.asarray(centre, float) - camera_mm[:2]
    distance = float(np.linalg.norm(offset))
    away = offset / distance if distance > 1e-6 else np.array([0.0, 1.0])
    ends = pose.to_image(np.array([centre, np.asarray(centre, float) + away]))
    return StackGeometry((float(centre[0]), float(centre[1])), (float(away[0]), float(away[1])), distance,
                         float(max(camera_mm[2], 1.0)), disc_height, disc_radius,
                         float(max(np.linalg.norm(ends[1] - ends[0]), 1e-3)))


class StackReader:
    """Reads the discs on spaces where several may stand (:meth:`read`), against a top-down picture of the
    empty board taken at setup (:meth:`set_reference`; those tracks never get tiles), with side and top
    colours learned from confirmed discs (:meth:`learn`). ``disc`` is the stacking kind's (name, height, radius)."""

    def __init__(self, centres: Mapping[str, Sequence[float]], most: int, board_size: tuple[float, float],
                 disc: tuple[str, float, float]) -> None:
        self.centres = dict(centres)       # every disc space (learning may use any; reading, the stack spaces)
        self.most = max(1, most)
        self.board_size = board_size
        self.kind, self.disc_height, self.disc_radius = disc
        self.reference: np.ndarray | None = None
        self.top_bgr: dict[str, np.ndarray] = {}
        self.side_bgr: dict[str, np.ndarray] = {}
        self._key: tuple | None = None
        self._geometry: dict[str, StackGeometry] = {}
        self._ts = np.zeros(0)
        self.top_colours: dict[str, dict[str, float]] = {}   # per space last read: {colour: chance its top disc is it}

    def set_reference(self, picture: np.ndarray) -> None:
        """The empty board, top down at :data:`REFERENCE_PX_PER_MM` over :meth:`reference_bounds`."""
        self.reference = picture

    def reference_bounds(self) -> tuple[float, float, float, float]:
        return 0.0, 0.0, float(self.board_size[0]), float(self.board_size[1])

    def _prepare(self, pose: Pose, camera_mm: np.ndarray) -> None:
        key = (pose.image_from_board.tobytes(), camera_mm.round(1).tobytes())
        if key == self._key:
            return
        self._geometry = {name: geometry_for(centre, camera_mm, pose, self.disc_height, self.disc_radius)
                          for name, centre in self.centres.items()}
        top = self.most * self.disc_height
        longest = max((g.far_edge(top) for g in self._geometry.values()), default=self.disc_radius)
        self._ts = np.arange(-self.disc_radius - BEFORE_MM, longest + AFTER_MM, STEP_MM)
        self._key = key

    def profiles(self, frame: np.ndarray, pose: Pose, names: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        """(N, rows, columns, 3) float32 profiles of ``names`` now and in the setup picture."""
        board = np.stack([self._geometry[name].board_points(self._ts) for name in names])
        shape = board.shape[:3]
        flat = board.reshape(-1, 2)
        image = pose.to_image(flat).astype(np.float32).reshape(-1, shape[2], 2)
        now = cv2.remap(frame, image[..., 0], image[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        ref_px = (flat * REFERENCE_PX_PER_MM - 0.5).astype(np.float32).reshape(-1, shape[2], 2)
        then = cv2.remap(self.reference, ref_px[..., 0], ref_px[..., 1], cv2.INTER_LINEAR,
                         borderMode=cv2.BORDER_REPLICATE)
        return now.reshape(*shape, 3).astype(np.float32), then.reshape(*shape, 3).astype(np.float32)

    def learn(self, frame: np.ndarray, pose: Pose, camera_mm: np.ndarray, discs: Mapping[str, str]) -> None:
        """Side and top colours of single discs the rules confirmed (space → colour)."""
        names = [name for name in discs if name in self.centres]
        if not names or self.reference is None:
            return
        self._prepare(pose, camera_mm)
        now, _ = self.profiles(frame, pose, names)
        for name, profile in zip(names, now):
            bands, top, _ = self._geometry[name].rows(self._ts, 1)
            side, face = _trimmed(bands[0], BAND_TRIM), _trimmed(top, BAND_TRIM)
            if side.any() and face.any():
                self.side_bgr[discs[name]] = np.median(profile[side].reshape(-1, 3), axis=0)
                self.top_bgr[discs[name]] = np.median(profile[face].reshape(-1, 3), axis=0)

    def colours_lab(self, colours: ColourModel, players: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        """(players, 3) Lab of each player's disc top and side: learned, else the colour model's top and a
        side made from it by the side/top ratio seen on the discs learned (:data:`SIDE_GAIN` if none)."""
        gains = [(self.side_bgr[c] + 1) / (self.top_bgr[c] + 1) for c in self.side_bgr if c in self.top_bgr]
        gain = np.median(gains, axis=0) if gains else np.array(SIDE_GAIN)
        tops, sides = [], []
        for colour in players:
            if colour in self.top_bgr and colour in self.side_bgr:
                tops.append(self.top_bgr[colour])
                sides.append(self.side_bgr[colour])
                continue
            top_lab = colours.lab[colours.names.index(colour)]
            top = cv2.cvtColor(top_lab.reshape(1, 1, 3).astype(np.float32), cv2.COLOR_Lab2BGR).reshape(3) * 255
            tops.append(top)
            sides.append(np.clip(top * gain, 0, 255))
        return to_lab(np.array(tops)), to_lab(np.array(sides))

    def read(self, frame: np.ndarray, pose: Pose, camera_mm: np.ndarray, names: Sequence[str],
             colours: ColourModel, gain: np.ndarray, players: Sequence[str]) -> dict[str, dict[str, float]]:
        """Per space in ``names``: {label: probability} of the discs on it, given that discs are there (and in
        :attr:`top_colours`, the chances of its top disc's colour)."""
        self.top_colours = {}
        if not names or self.reference is None:
            return {}
        self._prepare(pose, camera_mm)
        now, then = self.profiles(frame, pose, names)
        then = then * gain.reshape(1, 1, 1, 3)
        fit = (now * then).sum(axis=3) / np.maximum((then * then).sum(axis=3), 1.0)
        board = then * np.clip(fit, *SHADE_RANGE)[..., None]          # the board, shadowed as well as it can be
        now_lab = np.median(_lab(now), axis=2).astype(np.float32)   # (N, rows, 3): one colour per row
        board_lab = np.median(_lab(board), axis=2).astype(np.float32)
        tops, sides = (lab.astype(np.float32) for lab in self.colours_lab(colours, players))
        most = min(self.most, len(players))
        # Nearest the camera first: a stack leans away from it, so a space's readable rows are known once
        # every space nearer has been read (rows where a neighbour's stack stands in the picture say nothing).
        readings: dict[str, dict[str, float]] = {}
        for i in sorted(range(len(names)), key=lambda i: self._geometry[names[i]].distance):
            geometry = self._geometry[names[i]]
            free = self._free_rows(geometry, readings)
            readings[names[i]], self.top_colours[names[i]] = self._read_one(geometry, now_lab[i], board_lab[i], tops,
                                                                            sides, players, most, free)
        return {name: readings[name] for name in names}

    def _free_rows(self, geometry: StackGeometry, read: Mapping[str, Mapping[str, float]]) -> np.ndarray:
        """Rows of ``geometry``'s profile that no neighbour's stack (read: as many discs as most likely) covers."""
        points = geometry.board_points(self._ts)[:, len(LATERAL_MM) // 2]
        free = np.ones(len(self._ts), bool)
        for name, labels in read.items():
            other = self._geometry[name]
            if abs(other.centre[0] - geometry.centre[0]) + abs(other.centre[1] - geometry.centre[1]) > 60.0:
                continue
            discs = max(labels, key=labels.get).count(f"{self.kind}:") if labels else 0
            top = discs * self.disc_height
            start = np.asarray(other.centre)
            end = start + np.asarray(other.away) * (other.far_edge(top) - self.disc_radius)
            reach = self.disc_radius + BLUR_PX / other.px_per_mm
            free &= distance_to_segment(points, start, end) > reach
        return free

    def _read_one(self, geometry: StackGeometry, now: np.ndarray, board: np.ndarray, tops: np.ndarray,
                  sides: np.ndarray, players: Sequence[str], most: int,
                  free: np.ndarray | None = None) -> tuple[dict[str, float], dict[str, float]]:
        """Every count and order of colours scored by how far the profile's ``free`` rows lie from what it
        predicts (blurred as the picture is: a band may be under two pixels tall); the labels' probabilities and
        the top disc's colour's."""
        ts = self._ts
        weight = np.ones(len(ts), np.float32) if free is None else free.astype(np.float32)
        blur = _blur_matrix(len(ts), round(max(BLUR_PX / geometry.px_per_mm, STEP_MM) / STEP_MM, 1))
        labels, costs, top_disc = [], [], []
        for n in range(1, most + 1):
            orders, named = _orders(len(players), n)
            bands, top, board_rows = geometry.rows(ts, n)
            # a top colour far from the top face makes every order under it negligible: left out
            face = (_distance(now[top][:, None], tops[None]) * weight[top][:, None]).sum(axis=0)
            likely = face <= face.min() + TOP_MARGIN * TEMPERATURE
            if not likely.all():
                keep = likely[orders[:, -1]]
                orders, named = orders[keep], [kept for kept, k in zip(named, keep) if k]
            # blurring is linear: the blurred picture of a story is the blurred board plus each part's blurred
            # extent times its colour
            parts = blur @ np.array(bands + [top], np.float32).T                          # (rows, n + 1)
            colours = np.concatenate([sides[orders], tops[orders[:, -1]][:, None]], axis=1)   # (orders, n + 1, 3)
            unexplained = now - blur @ (board * board_rows[:, None])       # the profile less the board's share
            # each count equally likely before looking, its orders sharing that belief
            prior = TEMPERATURE * np.log(len(_orders(len(players), n)[0]))
            costs.append(_distance(unexplained[None], np.matmul(parts[None], colours)) @ weight + prior)
            labels += [label_of(players, kept, self.kind) for kept in named]
            top_disc.append(orders[:, -1])
        scores = np.exp(-(np.concatenate(costs) - min(c.min() for c in costs)) / TEMPERATURE)
        odds: dict[str, float] = {}
        for label, p in zip(labels, scores.tolist()):
            odds[label] = odds.get(label, 0.0) + p
        total = sum(odds.values())
        on_top = np.bincount(np.concatenate(top_disc), weights=scores, minlength=len(players)) / total
        return ({label: p / total for label, p in odds.items() if p / total >= MIN_LABEL},
                {colour: float(p) for colour, p in zip(players, on_top)})


def label_for_colours(colours: Sequence[str], kind: str) -> str:
    """``disc:blue+disc:red``: the observation's label of these ``kind`` pieces (sorted, whatever their order)."""
    return "+".join(sorted(f"{kind}:{colour}" for colour in colours))


def label_of(players: Sequence[str], kept: tuple[int, ...], kind: str) -> str:
    return _label_cache(tuple(players), kept, kind)


@lru_cache(maxsize=4096)
def _label_cache(players: tuple[str, ...], kept: tuple[int, ...], kind: str) -> str:
    return label_for_colours([players[i] for i in kept], kind)


@lru_cache(maxsize=64)
def _orders(players: int, n: int) -> tuple[np.ndarray, list[tuple[int, ...]]]:
    """Every order of ``n`` of ``players`` distinct colours, bottom up, and the set each names (sorted)."""
    orders = np.array(list(permutations(range(players), n)), dtype=int).reshape(-1, n)
    return orders, [tuple(sorted(order)) for order in orders.tolist()]


@lru_cache(maxsize=64)
def _blur_matrix(rows: int, sigma: float) -> np.ndarray:
    """(rows, rows) Gaussian smoothing along the profile, ``sigma`` in rows; each row's weights sum to 1."""
    offsets = np.arange(rows)[:, None] - np.arange(rows)[None, :]
    weights = np.exp(-0.5 * (offsets / sigma) ** 2)
    return (weights / weights.sum(axis=1, keepdims=True)).astype(np.float32)


def distance_to_segment(points: np.ndarray, start: np.ndarray, end: np.ndarray) -> np.ndarray:
    """Each point's distance (mm) to the segment from ``start`` to ``end`` on the board."""
    along = end - start
    length2 = float(along @ along)
    t = np.zeros(len(points)) if length2 == 0 else np.clip((points - start) @ along / length2, 0.0, 1.0)
    return np.linalg.norm(points - (start + t[:, None] * along), axis=1)


def _lab(bgr: np.ndarray) -> np.ndarray:
    return to_lab(np.clip(bgr, 0, 255).reshape(-1, 3)).reshape(bgr.shape)


def _distance(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Lab distance along the last axis, at most :data:`ROW_CAP`."""
    difference = a - b
    return np.minimum(np.sqrt((difference * difference).sum(axis=-1)), ROW_CAP)


def _trimmed(mask: np.ndarray, share: float) -> np.ndarray:
    """The middle of a run of true rows, ``share`` of it left out at each end."""
    rows = np.flatnonzero(mask)
    if len(rows) == 0:
        return mask
    cut = int(len(rows) * share)
    kept = np.zeros_like(mask)
    kept[rows[cut:len(rows) - cut]] = True
    return kept
