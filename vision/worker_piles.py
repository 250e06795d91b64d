"""Workers counted by colour in a counted zone (a layout region with ``"pile": true``): how many of each player's
standing pieces lie there, from 0 to a dozen, side by side and touching.

A standing piece seen at an angle covers more of the board than its footprint, and a piece in front hides part of the
one behind. But every piece of a pile stands as tall as the others, and nothing of a piece rises above its top: so a
top is never hidden. Each zone is therefore read in a top-down picture of the plane of the pieces' **tops**
(:func:`top_plane_pose`): there every top is a whole disc at the piece's own place, tops never overlap, and each
body shows as a smear from its top toward the camera (which a piece in front may hide).

1. Each pixel is a player's colour or background: background when it did not change since the empty table (the setup
   capture, light matched: :func:`vision.cubes.changed_mask`) or when no player's colour lies near it
   (:class:`vision.colours.ColourModel`, the colours seeded at setup or learned from confirmed pieces).
2. Pieces are placed one at a time where a piece's picture (:func:`piece_kernels`: the top disc and its smear)
   explains most pixels of one colour not yet explained (matching pursuit): the top must be wholly that colour, the
   smear may lie on another colour (a piece in front) but not on background. No two tops overlap, whatever their
   colours. It stops when the best place explains less than :data:`STOP_SCORE` of a top's area.
3. A piece counts in the zone its top's centre lies in; the picture reaches :data:`MARGIN_MM` round the zone so a
   neighbour's piece leaning in is explained by a piece outside it, not counted.

Each piece placed has a score (the share of a top it explains, penalties taken off); :func:`piece_probability` makes
it the probability that the piece is real (fitted on train-look tables). A zone's label (``worker:blue+worker:red``,
as :func:`vision.observation.label_for` names it) gets the product of its pieces' probabilities and of the best
unplaced place's doubt per colour; the labels one piece more or less share the rest. A zone a hand covers any part
of is not read (reported hidden).

>>> import numpy as np
>>> top, smear = piece_kernels(6.5, (4.0, 0.0), 1.0)
>>> top.shape == smear.shape, int(top.sum()) > 100, bool((top * smear).any())
(True, True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

import cv2
import numpy as np

from .colours import ColourModel, to_lab
from .crops import rectify
from .cubes import changed_mask, relit_difference
from .layout import Layout, Region
from .registration import Pose, camera_position_mm
from .vocabulary import Vocabulary

PX_PER_MM = 1.0          # the zones' top-plane pictures: the camera gives 0.5–0.8 px/mm there
MARGIN_MM = 24.0         # round each zone: a neighbour's pieces leaning in are explained there, not counted
COUNT_INSIDE_MM = 5.0    # a top's centre counts in the zone when it lies within the zone grown by this much
COLOUR_REACH = 60.0      # weighted Lab distance beyond which a changed pixel is no player's colour
SHADOW_WEIGHTS = np.array([0.2, 1.0, 1.0])   # Lab weights of a pixel's distance to the empty table's colour there
BLUR_PX = 0.5            # a top looks this many camera pixels wider than it is (the lens's and sensor's blur)
LEARN_SHARE = 0.5        # a colour is learned from as many pixels as this share of its pieces' tops …
LEARN_SAMPLES = 12       # … in each of the last this many zones confirmed holding that colour alone
CHANGE_LEVEL = 45.0      # B+G+R change from the empty table (light matched) below which a pixel is background
MISFIT_COST = 0.6        # what a top pixel of another colour, or a smear pixel on background, takes off a place's score
TOP_SPACING = 0.85       # two tops' centres lie at least this many of the piece's diameters apart
STOP_SCORE = 0.25        # placing stops below this score (share of a top's area explained)
REAL_SCORE = 0.55        # a piece whose score is this is as likely real as not (piece_probability) …
SCORE_WIDTH = 0.06       # … and the logistic's width
EDGE_MM = 6.0            # a zone is doubtful with more than EDGE_COLOUR of a top's area of colour this near its edge,
EDGE_COLOUR = 0.1
UNEXPLAINED = 0.3        # … more than this share of a top's area of colour no piece explains,
LOOK_ALIKE = 0.7         # … or more than LOOK_ALIKE_SHARE of its coloured pixels nearly (this ratio of distances)
LOOK_ALIKE_SHARE = 0.05  # as near the second nearest player's colour as the nearest
DOUBTFUL_MOST = 0.6      # the most a doubtful zone's counts may be believed
MAX_PIECES = 40          # per zone picture, a bound on the placing loop
MIN_PROBABILITY = 1e-4


def pile_zones(layout: Layout, terms: Vocabulary) -> dict[str, Region]:
    """The counted zones this reader reads: pile regions that accept only standing coloured pieces (workers), not
    flat ones (markers on a track, coins)."""
    return {name: region for name, region in layout.regions.items()
            if region.pile and region.accepts and all(kind in terms.coloured and kind in terms.hiding
                                                      for kind in region.accepts)}


def top_plane_pose(pose: Pose, camera_mm: np.ndarray, height_mm: float) -> Pose:
    """The pose of the plane ``height_mm`` above the board: a point there is seen where the board point on the same
    ray from the camera is, ``Z / (Z − h)`` times as far from the camera's foot."""
    k = float(camera_mm[2]) / max(float(camera_mm[2]) - height_mm, 1.0)
    cx, cy = float(camera_mm[0]), float(camera_mm[1])
    scale = np.array([[k, 0.0, cx * (1 - k)], [0.0, k, cy * (1 - k)], [0.0, 0.0, 1.0]])
    return Pose(pose.image_from_board @ scale, pose.board_size_mm, pose.method, pose.markers_seen,
                pose.reprojection_px, pose.lens)


def piece_kernels(radius_mm: float, smear_mm: tuple[float, float], px_per_mm: float) -> tuple[np.ndarray, np.ndarray]:
    """A standing piece's picture in the top plane, anchored at the kernel's centre (its top's centre): the top disc,
    and the smear its body makes (``smear_mm``: from the top's centre to where its base's centre is seen), both
    float32 0/1 of one square size, disjoint."""
    r = radius_mm * px_per_mm
    dx, dy = smear_mm[0] * px_per_mm, smear_mm[1] * px_per_mm
    half = int(np.ceil(r + max(abs(dx), abs(dy)))) + 1
    size = 2 * half + 1
    top = np.zeros((size, size), np.uint8)
    cv2.circle(top, (half * 8, half * 8), int(round(r * 8)), 1, -1, cv2.LINE_8, 3)
    body = np.zeros_like(top)
    cv2.line(body, (half * 8, half * 8), (int(round((half + dx) * 8)), int(round((half + dy) * 8))), 1,
             max(1, int(round(2 * r))), cv2.LINE_8, 3)
    cv2.circle(body, (int(round((half + dx) * 8)), int(round((half + dy) * 8))), int(round(r * 8)), 1, -1,
               cv2.LINE_8, 3)
    smear = (body > 0) & (top == 0)
    return top.astype(np.float32), smear.astype(np.float32)


def piece_probability(score: float) -> float:
    """How likely a piece placed with this score is real (a logistic fitted on train-look tables)."""
    return float(1.0 / (1.0 + np.exp(-(score - REAL_SCORE) / SCORE_WIDTH)))


@dataclass
class Placed:
    """One piece the matching pursuit placed: its colour, its top's centre (px of the zone picture), its score."""

    colour: str
    x: int
    y: int
    score: float


@dataclass
class ZonePicture:
    """One zone's geometry in the top plane: the picture's bounds (board mm), the piece's kernels, where a top's
    centre counts in the zone, and the empty table's picture."""

    bounds: tuple[float, float, float, float]
    top: np.ndarray
    smear: np.ndarray
    inside: np.ndarray        # bool, the picture's size: a top centred here counts in the zone
    empty: np.ndarray
    edge: np.ndarray          # float32, each pixel's distance (px) to the edge of ``inside``


def colour_planes(picture: np.ndarray, empty: np.ndarray, colours: ColourModel,
                  players: Sequence[str]) -> np.ndarray:
    """(players + 1, H, W) float32 0/1: each player's colour, then background. A pixel is background when it did
    not change since the empty table, or when the empty table's own colour there (light matched, lightness counting
    little: a shadow) or no player's colour lies nearer than :data:`COLOUR_REACH`."""
    difference, relit = relit_difference(empty, picture)
    changed = changed_mask(empty, picture, CHANGE_LEVEL, difference) > 0
    planes = np.zeros((len(players) + 1, *picture.shape[:2]), np.float32)
    planes[-1] = 1.0
    if changed.any():
        lab = to_lab(picture[changed])
        columns = [colours.names.index(colour) for colour in players]
        distances = colours.distances(lab)[:, columns]
        nearest = distances.argmin(axis=1)
        closest = distances[np.arange(len(nearest)), nearest]
        board = _shadow_distance(picture[changed], relit[changed], lab)
        near = (closest <= COLOUR_REACH) & (closest < board)
        ys, xs = np.nonzero(changed)
        planes[nearest[near], ys[near], xs[near]] = 1.0
        planes[-1, ys[near], xs[near]] = 0.0
    return planes


def _shadow_distance(pixels: np.ndarray, relit: np.ndarray, lab: np.ndarray) -> np.ndarray:
    """Per pixel (N, 3 BGR; ``lab`` its Lab): the Lab distance to the empty table's colour there, lightness counting
    little (a shadow or a glint keeps the board's hue)."""
    return np.linalg.norm((lab - to_lab(np.clip(relit, 0, 255))) * SHADOW_WEIGHTS, axis=1)


def place_pieces(planes: np.ndarray, top: np.ndarray, smear: np.ndarray, players: Sequence[str], spacing: int
                 ) -> tuple[list[Placed], np.ndarray, np.ndarray]:
    """The matching pursuit (module docstring, step 2) on one zone picture's colour planes: the pieces placed, the
    best score left per colour at each pixel after the last (−inf where no top may go), and each colour's pixels no
    piece placed explains. No top is placed within ``spacing`` px of another."""
    background = planes[-1]
    area = float(top.sum())
    penalty_top = [cv2.filter2D(1.0 - planes[c], -1, top, borderType=cv2.BORDER_CONSTANT) for c in range(len(players))]
    penalty_smear = cv2.filter2D(background, -1, smear, borderType=cv2.BORDER_CONSTANT)
    remaining = planes[:-1].copy()
    allowed = _room_for_tops(background.shape, top)
    scores = np.stack([_scores(remaining[c], top, smear, penalty_top[c], penalty_smear, area)
                       for c in range(len(players))])
    placed: list[Placed] = []
    while len(placed) < MAX_PIECES:
        masked = np.where(allowed[None], scores, -np.inf)
        c, y, x = np.unravel_index(int(np.argmax(masked)), masked.shape)
        best = float(masked[c, y, x])
        if best < STOP_SCORE:
            return placed, masked, remaining
        placed.append(Placed(players[c], int(x), int(y), best))
        _explain(remaining[c], top, smear, int(x), int(y))
        cv2.circle(allowed, (int(x), int(y)), spacing, 0, -1)
        scores[c] = _scores(remaining[c], top, smear, penalty_top[c], penalty_smear, area)
    return placed, np.where(allowed[None], scores, -np.inf), remaining


def _scores(remaining: np.ndarray, top: np.ndarray, smear: np.ndarray, penalty_top: np.ndarray,
            penalty_smear: np.ndarray, area: float) -> np.ndarray:
    """Per pixel: the share of a top's area a piece of this colour with its top there would explain."""
    gain = cv2.filter2D(remaining, -1, top + smear, borderType=cv2.BORDER_CONSTANT)
    return (gain - MISFIT_COST * (penalty_top + penalty_smear)) / area


def _room_for_tops(shape: tuple[int, int], top: np.ndarray) -> np.ndarray:
    """uint8 mask of the pixels a top's centre may lie on: its whole disc inside the picture."""
    allowed = np.zeros(shape, np.uint8)
    r = int(np.ceil(np.sqrt(top.sum() / np.pi)))
    allowed[r:shape[0] - r, r:shape[1] - r] = 1
    return allowed


def _explain(remaining: np.ndarray, top: np.ndarray, smear: np.ndarray, x: int, y: int) -> None:
    """The pixels a piece placed at (x, y) covers are explained: off the colour's remaining plane."""
    half = top.shape[0] // 2
    covered = (top + smear) > 0
    y0, x0 = y - half, x - half
    ys, xs = np.nonzero(covered)
    ys, xs = ys + y0, xs + x0
    keep = (ys >= 0) & (ys < remaining.shape[0]) & (xs >= 0) & (xs < remaining.shape[1])
    remaining[ys[keep], xs[keep]] = 0.0


def zone_labels(placed: Sequence[Placed], left: np.ndarray, inside: np.ndarray, players: Sequence[str],
                kind: str, doubtful: bool = False) -> dict[str, float]:
    """The zone's labels and their probabilities, from the pieces placed with their top inside it and the best score
    left per colour there: the counts of the pieces likelier real than not, then each count one piece more or less
    (a doubtful piece dropped or added, or one more at the best place left) with its odds. A ``doubtful`` zone
    (:func:`doubtful`) gives its counts at most :data:`DOUBTFUL_MOST`, the rest to the counts one piece off."""
    mine = [(piece.colour, piece_probability(piece.score)) for piece in placed if inside[piece.y, piece.x]]
    for c, colour in enumerate(players):
        best = left[c][inside]
        best = best[np.isfinite(best)]
        if best.size:
            mine.append((colour, piece_probability(float(best.max()))))
    counts = {colour: sum(p >= 0.5 for c, p in mine if c == colour) for colour in players}
    sure = float(np.prod([max(p, 1 - p) for _, p in mine])) if mine else 1.0
    weights = {_label(counts, kind): sure}
    for colour, p in mine:
        other = dict(counts)
        other[colour] += -1 if p >= 0.5 else 1
        label = _label(other, kind)
        weights[label] = weights.get(label, 0.0) + sure * min(p, 1 - p) / max(p, 1 - p, 1e-6)
    best = _label(counts, kind)
    total = sum(weights.values())
    if doubtful and weights[best] / total > DOUBTFUL_MOST:
        others = total - weights[best]
        for colour in players:        # the counts one piece off, each colour both ways, share what the cap takes
            for step in (-1, 1):
                other = dict(counts)
                other[colour] = max(0, other[colour] + step)
                if other != counts:
                    weights[_label(other, kind)] = weights.get(_label(other, kind), 0.0) + others / 2 + 1e-3
        others = sum(weights.values()) - weights[best]
        weights[best] = others * DOUBTFUL_MOST / (1 - DOUBTFUL_MOST)
        total = sum(weights.values())
    return {label: round(w / total, 5) for label, w in weights.items() if w / total >= MIN_PROBABILITY}


def doubtful(planes: np.ndarray, remaining: np.ndarray, zone: "ZonePicture", colours: ColourModel,
             players: Sequence[str], picture: np.ndarray) -> bool:
    """True when a zone's reading can't be sure, whatever its pieces' scores (limits fitted on train-look and
    tuning tables): pieces' colour lies near the zone's edge (:data:`EDGE_MM`: a piece there may be the neighbour's,
    the pose being a few mm off), colour no piece placed explains, or colour nearly as near two players' colours."""
    area = float(zone.top.sum())
    coloured = planes[:-1].sum(axis=0) > 0
    if float((coloured & (zone.edge < EDGE_MM * PX_PER_MM)).sum()) > EDGE_COLOUR * area:
        return True
    if float(remaining[:, zone.inside].sum()) > UNEXPLAINED * area:
        return True
    if len(players) < 2 or not coloured.any():
        return False
    distances = np.sort(colours.distances(to_lab(picture[coloured]))[:, [colours.names.index(c) for c in players]],
                        axis=1)
    return float((distances[:, 0] > LOOK_ALIKE * distances[:, 1]).mean()) > LOOK_ALIKE_SHARE


def _label(counts: Mapping[str, int], kind: str) -> str:
    return "+".join(sorted(f"{kind}:{colour}" for colour, n in counts.items() for _ in range(n)))


class PileReader:
    """Reads the counted zones of standing coloured pieces (:func:`pile_zones`) of one table: set up on the empty
    table's picture, then every frame read against it (module docstring)."""

    def __init__(self, zones: Mapping[str, Region], kind: str, radius_mm: float, height_mm: float) -> None:
        self.zones = dict(zones)
        self.kind = kind
        self.radius_mm, self.height_mm = radius_mm, height_mm
        self.pictures: dict[str, ZonePicture] = {}
        self.spacing = max(1, int(round(TOP_SPACING * 2 * radius_mm * PX_PER_MM)))
        self.unseen: frozenset[str] = frozenset()     # zones not wholly in the camera's view: never read
        self._samples: dict[str, list[np.ndarray]] = {}     # colour → pixels of its pieces in confirmed zones
        self._top_pose: Pose | None = None

    @classmethod
    def of(cls, layout: Layout, terms: Vocabulary) -> "PileReader | None":
        """The reader of ``layout``'s counted zones of standing pieces, None when it has none (or they accept
        pieces of more than one kind)."""
        zones = pile_zones(layout, terms)
        kinds = {kind for region in zones.values() for kind in region.accepts}
        if len(kinds) != 1:
            return None
        kind = kinds.pop()
        return cls(zones, kind, terms.radii_mm[kind], terms.heights_mm[kind])

    def set_reference(self, empty: np.ndarray, pose: Pose) -> None:
        """Learn the empty table: each zone's top-plane picture and the piece's kernels there, from this pose."""
        camera = camera_position_mm(pose.image_from_board, (empty.shape[1], empty.shape[0]))
        self._top_pose = top_plane_pose(pose, camera, self.height_mm)
        self.pictures = {}
        in_view = np.full(empty.shape[:2], 255, np.uint8)
        unseen = set()
        for name, region in self.zones.items():
            x0, y0, x1, y1 = _bounds(region)
            bounds = (x0 - MARGIN_MM, y0 - MARGIN_MM, x1 + MARGIN_MM, y1 + MARGIN_MM)
            middle = np.array(region.center, float)
            # from the top's centre to where the base's centre is seen, in the top plane: toward the camera's foot
            smear = (camera[:2] - middle) * self.height_mm / max(float(camera[2]), 1.0)
            seen = self.radius_mm + BLUR_PX * _mm_per_camera_px(pose, region.center)
            top, body = piece_kernels(seen, (float(smear[0]), float(smear[1])), PX_PER_MM)
            empty_picture = rectify(empty, self._top_pose, bounds, PX_PER_MM)
            inside = _inside(region, bounds, empty_picture.shape[:2])
            self.pictures[name] = ZonePicture(bounds, top, body, inside, empty_picture, _edge_distance(inside))
            if (rectify(in_view, self._top_pose, bounds, PX_PER_MM)[inside] < 255).any():
                unseen.add(name)
        self.unseen = frozenset(unseen)

    def picture(self, frame: np.ndarray, name: str) -> np.ndarray:
        """Zone ``name``'s top-plane picture in ``frame`` (the pose of the setup)."""
        return rectify(frame, self._top_pose, self.pictures[name].bounds, PX_PER_MM)

    def read(self, frame: np.ndarray, colours: ColourModel, players: Sequence[str],
             hidden: frozenset[str] = frozenset()) -> dict[str, dict[str, float]]:
        """Every zone not in ``hidden`` nor :attr:`unseen`: label → probability (module docstring)."""
        out = {}
        for name, zone in self.pictures.items():
            if name in hidden or name in self.unseen:
                continue
            picture = self.picture(frame, name)
            planes = colour_planes(picture, zone.empty, colours, players)
            placed, left, remaining = place_pieces(planes, zone.top, zone.smear, players, self.spacing)
            out[name] = zone_labels(placed, left, zone.inside, players, self.kind,
                                    doubtful(planes, remaining, zone, colours, players, picture))
        return out

    def learn(self, frame: np.ndarray, counts: Mapping[str, Mapping[str, int]], colours: ColourModel) -> list[str]:
        """Learn a player's real colour from zones the rules confirm holding that player's pieces only (``counts``:
        zone → colour → pieces): there, the pixels that changed most since the empty table, as many as half the
        pieces' tops cover (a shadow or the board between changes less). The pixels of the last
        :data:`LEARN_SAMPLES` such zones make each colour's. Returns the colours learned."""
        learned = []
        for name, held in counts.items():
            present = [colour for colour, n in held.items() if n > 0]
            if name not in self.pictures or name in self.unseen or len(present) != 1:
                continue
            zone, picture = self.pictures[name], self.picture(frame, name)
            difference, _ = relit_difference(zone.empty, picture)
            difference[~zone.inside] = 0.0
            share = int(LEARN_SHARE * zone.top.sum() * held[present[0]])
            most = np.argsort(difference, axis=None)[-share:]
            samples = self._samples.setdefault(present[0], [])
            samples.append(picture.reshape(-1, 3)[most])
            del samples[:-LEARN_SAMPLES]
            learned.append(present[0])
        for colour in set(learned):
            colours.learn(colour, np.concatenate(self._samples[colour]))
        return sorted(set(learned))


def zone_points(region: Region, margin_mm: float, steps: int = 5) -> list[tuple[int, int, tuple[float, float]]]:
    """A ``steps`` × ``steps`` grid of board points over ``region``'s bounds grown by ``margin_mm``: (i, j, point)."""
    x0, y0, x1, y1 = _bounds(region)
    xs = np.linspace(x0 - margin_mm, x1 + margin_mm, steps)
    ys = np.linspace(y0 - margin_mm, y1 + margin_mm, steps)
    return [(i, j, (float(x), float(y))) for i, x in enumerate(xs) for j, y in enumerate(ys)]


def _edge_distance(inside: np.ndarray) -> np.ndarray:
    """Each pixel's distance (px) to the edge of the ``inside`` mask, on either side."""
    mask = inside.astype(np.uint8)
    return cv2.distanceTransform(mask, cv2.DIST_L2, 3) + cv2.distanceTransform(1 - mask, cv2.DIST_L2, 3)


def _mm_per_camera_px(pose: Pose, at_mm: tuple[float, float]) -> float:
    """How many board mm one camera pixel spans at ``at_mm`` (the mean over both axes)."""
    x, y = at_mm
    pixels = pose.to_image([(x, y), (x + 10.0, y), (x, y + 10.0)])
    return 20.0 / float(np.linalg.norm(pixels[1] - pixels[0]) + np.linalg.norm(pixels[2] - pixels[0]))


def _bounds(region: Region) -> tuple[float, float, float, float]:
    outline = region.polygon(segments=16)
    return (float(outline[:, 0].min()), float(outline[:, 1].min()), float(outline[:, 0].max()),
            float(outline[:, 1].max()))


def _inside(region: Region, bounds: tuple[float, float, float, float], shape: tuple[int, int]) -> np.ndarray:
    """bool mask of the zone picture's pixels lying within the zone grown by :data:`COUNT_INSIDE_MM`."""
    outline = (region.polygon(segments=32) - np.array(bounds[:2])) * PX_PER_MM
    mask = np.zeros(shape, np.uint8)
    cv2.fillPoly(mask, [np.round(outline).astype(np.int32)], 1)
    grow = int(round(2 * COUNT_INSIDE_MM * PX_PER_MM)) + 1
    return cv2.dilate(mask, np.ones((grow, grow), np.uint8)) > 0
