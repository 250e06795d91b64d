"""Card reading: which card lies on each card place, matched against the looks enrolled from the user's own copy.

A game played with cards on a bare table lays them on the layout's ``card`` places (rect regions turned as the card
lies). Each distinct face is shown once to the camera at setup (:meth:`CardLibrary.enrol`: the face rectified to
the card's own frame, a small picture kept in the setup data, :meth:`CardLibrary.save`). During play each place is
rectified the same way and read as **empty**, one of the enrolled faces, or **a card whose face was never enrolled**
(``kind:?``), with probabilities.

Rows of cards overlap: a place that sorts later in the layout (names compared part by part, numbers as numbers, as
cards are laid) lies on an earlier one it overlaps. So a place is identified only on the part of it no later place
covers (:attr:`CardPlace.visible`), and whether anything lies there at all is judged on the part no earlier place
covers either (:attr:`CardPlace.own`), against the empty table of the setup capture.

Matching is template matching with the enrolled picture: each colour channel standardised over the picture (the
lamp's gain and tint taken out), then one normalised cross-correlation over shifts of a few mm and turns of a few
degrees (a card is laid a little askew), the face and the place compared at the coarser of their two resolutions. A
shortlist by the same match at half resolution keeps it cheap. A card is named only when its best face matches well
enough and lies clearly ahead of the runner-up (:mod:`vision.card_odds`, with measured odds); otherwise the reading
says so, as a face never enrolled or two faces undecided. Where the cards really lie on the table is
:mod:`vision.card_fit`'s.

>>> library = CardLibrary()
>>> library.faces
[]
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Collection, Iterable, Mapping, Sequence

import cv2
import numpy as np

from .card_odds import CardOdds, load_odds, odds_group
from .layout import Layout, Region
from .crops import _pose_key
from .registration import Pose

PX_PER_MM = 1.0             # the cards' own frame: a camera over a table sees about 0.6-1.2 px/mm
SLACK_MM = 6.0              # search room round the visible part: a card lies up to 2 mm off and 4° askew, the pose a few mm off
EDGE_MM = 3.0               # the template is the visible part shrunk this much (its edges are another card's)
TURNS = (-3.0, 0.0, 3.0)    # degrees: the enrolled face matched turned so
SHORTLIST = 4               # faces matched in full after the half-resolution shortlist
COARSE = 0.5                # the shortlist matches every face unturned at this share of the resolution
BLUR_PX = 1.0               # both pictures blurred so, besides matching their resolutions (FOOTPRINT)
FOOTPRINT = 0.6             # blur (mm) per mm a camera pixel spans: the sharper of a face and a place is blurred so
                            # to the other's resolution (a face enrolled near the camera, read at the far side)
SCALE_STEP = 0.2            # mm per pixel: resolutions matched in steps of this
OWN_SHRINK_MM = 5.0         # the own part shrunk: an earlier card laid askew reaches this far into it
PRESENT_LEVEL = 30.0        # own part's change level (0..765) at which a card is as likely there as not
PRESENT_WIDTH = 3.0         # … and the logistic's width
UNKNOWN = "?"               # the name in ``kind:?``: a card whose face was never enrolled
BACK = ""                   # the name a face-down card (its back) is enrolled under
JPEG_QUALITY = 92           # the enrolled faces as saved with the setup

Box = tuple[float, float, float, float]      # (u0, v0, u1, v1) in the card's own mm, origin at its top-left


def place_order(name: str) -> tuple:
    """The order cards are laid in: names compared part by part, numbers as numbers (a row's 10th place after its
    9th); a place later in this order lies on an earlier one it overlaps."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part) for part in name.split("."))


@dataclass(frozen=True)
class CardPlace:
    """One card place: its region, the part of it always visible (no later place covers it) and its own part (no
    earlier place covers it either), as boxes in the card's own mm."""

    name: str
    region: Region
    visible: Box
    own: Box
    covered_by: tuple[str, ...] = ()      # the later places that lie over part of it

    def board_from_card(self, px_per_mm: float = PX_PER_MM, margin_mm: float = 0.0) -> np.ndarray:
        """3×3 map from the pixels of the card's own picture (with ``margin_mm`` round it) to table mm."""
        w, h = self.region.size
        a = np.radians(self.region.angle)
        rotation = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]]) / px_per_mm
        origin = -np.array([w / 2 + margin_mm, h / 2 + margin_mm]) + 0.5 / px_per_mm
        offset = np.array(self.region.center) + rotation @ (origin * px_per_mm)
        return np.array([[*rotation[0], offset[0]], [*rotation[1], offset[1]], [0, 0, 1]])


def _box_in(place: Region, other: Region) -> Box:
    """``other``'s bounding box in ``place``'s own mm."""
    w, h = other.size
    a = np.radians(other.angle)
    corners = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
    turn = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    table = corners @ turn.T + other.center
    b = np.radians(place.angle)
    back = np.array([[np.cos(b), np.sin(b)], [-np.sin(b), np.cos(b)]])
    local = (table - place.center) @ back.T + np.array(place.size) / 2
    return (*local.min(axis=0), *local.max(axis=0))


def _cut(box: Box, cover: Box) -> Box:
    """``box`` with the side ``cover`` lies over cut away (the cut that keeps the most of it)."""
    u0, v0, u1, v1 = box
    c0, d0, c1, d1 = cover
    if c1 <= u0 or c0 >= u1 or d1 <= v0 or d0 >= v1:
        return box
    options = [(u0, v0, min(u1, c0), v1), (max(u0, c1), v0, u1, v1), (u0, v0, u1, min(v1, d0)), (u0, max(v0, d1), u1, v1)]
    return max(options, key=lambda b: max(0.0, b[2] - b[0]) * max(0.0, b[3] - b[1]))


def card_places(layout: Layout, card_kinds: Collection[str]) -> dict[str, CardPlace]:
    """Every rect place of ``layout`` that accepts one of ``card_kinds``, with its visible and own parts."""
    regions = {name: r for name, r in layout.regions.items()
               if r.shape == "rect" and set(r.accepts) & set(card_kinds)}
    order = sorted(regions, key=place_order)
    places = {}
    for k, name in enumerate(order):
        region = regions[name]
        whole: Box = (0.0, 0.0, *region.size)
        visible, covered_by = whole, []
        for later in order[k + 1:]:
            visible = _cut(visible, _box_in(region, regions[later]))
            if _cut(whole, _box_in(region, regions[later])) != whole:
                covered_by.append(later)
        own = visible
        for earlier in order[:k]:
            own = _cut(own, _box_in(region, regions[earlier]))
        places[name] = CardPlace(name, region, visible, own, tuple(covered_by))
    return places


def rectify_place(frame: np.ndarray, pose: Pose, place: CardPlace, margin_mm: float = SLACK_MM,
                  px_per_mm: float = PX_PER_MM) -> np.ndarray:
    """The place seen top-down in the card's own frame (band at the top as the card reads), with ``margin_mm``
    round it: (h + 2m, w + 2m) mm at ``px_per_mm``. The warp is made once per pose and place."""
    maps = _place_maps(_pose_key(pose), pose, place, margin_mm, px_per_mm)
    return cv2.remap(frame, maps[0], maps[1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


_MAPS: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}
MAPS_KEPT = 512          # a 7-seat table has 66 card places; a few poses' worth


def _place_maps(key: tuple, pose: Pose, place: CardPlace, margin_mm: float, px_per_mm: float
                ) -> tuple[np.ndarray, np.ndarray]:
    full = (key, place.name, place.region.center, place.region.angle, margin_mm, px_per_mm)
    if full not in _MAPS:
        w, h = place.region.size
        cols, rows = int(round((w + 2 * margin_mm) * px_per_mm)), int(round((h + 2 * margin_mm) * px_per_mm))
        ys, xs = np.mgrid[0:rows, 0:cols]
        pixels = np.column_stack([xs.ravel(), ys.ravel(), np.ones(xs.size)])
        board = pixels @ place.board_from_card(px_per_mm, margin_mm).T
        points = pose.to_image(board[:, :2]).astype(np.float32).reshape(rows, cols, 2)
        if len(_MAPS) >= MAPS_KEPT:
            _MAPS.pop(next(iter(_MAPS)))
        _MAPS[full] = cv2.convertMaps(points[..., 0], points[..., 1], cv2.CV_16SC2)
    return _MAPS[full]


def place_scale(pose: Pose, place: CardPlace) -> tuple[float, float]:
    """How many mm one camera pixel spans at the place, along the card's width and its height."""
    a = np.radians(place.region.angle)
    across, down = np.array([np.cos(a), np.sin(a)]), np.array([-np.sin(a), np.cos(a)])
    centre = np.array(place.region.center)
    points = pose.to_image(np.array([centre - across * 5, centre + across * 5, centre - down * 5, centre + down * 5]))
    return (float(10.0 / max(1e-6, np.linalg.norm(points[1] - points[0]))),
            float(10.0 / max(1e-6, np.linalg.norm(points[3] - points[2]))))


def _matched(picture: np.ndarray, own: tuple[float, float], target: tuple[float, float]) -> np.ndarray:
    """``picture`` (taken at ``own`` mm per pixel) blurred to look as taken at ``target``, plus :data:`BLUR_PX`."""
    sigma = [float(np.hypot(BLUR_PX, FOOTPRINT * PX_PER_MM * np.sqrt(max(0.0, t * t - o * o))))
             for o, t in zip(own, target)]
    return cv2.GaussianBlur(picture.astype(np.float32), (0, 0), sigmaX=sigma[0], sigmaY=sigma[1])


def _step(scale: tuple[float, float]) -> tuple[float, float]:
    return tuple(round(np.ceil(v / SCALE_STEP - 1e-9) * SCALE_STEP, 3) for v in scale)      # type: ignore[return-value]


def _px(box: Box, margin_mm: float, px_per_mm: float = PX_PER_MM) -> tuple[int, int, int, int]:
    u0, v0, u1, v1 = box
    return tuple(int(round((value + margin_mm) * px_per_mm)) for value in (u0, v0, u1, v1))      # type: ignore[return-value]


def _shrunk(box: Box, by: float) -> Box:
    u0, v0, u1, v1 = box
    return u0 + by, v0 + by, max(u0 + by + 1, u1 - by), max(v0 + by + 1, v1 - by)


def _coarse(picture: np.ndarray) -> np.ndarray:
    return cv2.resize(picture, (0, 0), fx=COARSE, fy=COARSE, interpolation=cv2.INTER_AREA)


def _turned(face: np.ndarray, degrees: float) -> np.ndarray:
    h, w = face.shape[:2]
    M = cv2.getRotationMatrix2D(((w - 1) / 2, (h - 1) / 2), -degrees, 1.0)
    return cv2.warpAffine(face, M, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def _standard(picture: np.ndarray) -> np.ndarray:
    """Each channel to zero mean and unit spread over the picture: the lamp's gain and tint per channel taken out,
    so that one three-channel correlation weighs the channels alike."""
    flat = picture.reshape(-1, 3)
    return ((picture - flat.mean(axis=0)) / (flat.std(axis=0) + 2.0)).astype(np.float32)


def _ncc(query: np.ndarray, template: np.ndarray) -> float:
    """The best normalised cross-correlation of ``template`` over ``query`` (both :func:`_standard`)."""
    return float(cv2.matchTemplate(query, template, cv2.TM_CCOEFF_NORMED).max())


class CardLibrary:
    """The enrolled faces: (kind, name) → the face's picture in its own frame (uint8, PX_PER_MM, no margin).
    A back is enrolled under the name :data:`BACK`."""

    def __init__(self) -> None:
        self._faces: dict[tuple[str, str], np.ndarray] = {}
        self._scales: dict[tuple[str, str], tuple[float, float]] = {}     # mm per camera pixel where it was enrolled
        self._templates: dict[tuple, tuple[np.ndarray, list[np.ndarray]]] = {}

    @property
    def faces(self) -> list[tuple[str, str]]:
        return sorted(self._faces)

    def __contains__(self, face: tuple[str, str]) -> bool:
        return face in self._faces

    def enrol(self, kind: str, name: str, frame: np.ndarray, pose: Pose, place: CardPlace) -> None:
        """Learn a face from a frame where it lies alone on ``place`` (nothing over it)."""
        picture = rectify_place(frame, pose, place, margin_mm=0.0)
        self._faces[(kind, name)] = picture
        self._scales[(kind, name)] = place_scale(pose, place)
        self._templates.clear()

    def forget(self, kind: str, name: str) -> None:
        self._faces.pop((kind, name), None)
        self._scales.pop((kind, name), None)
        self._templates.clear()

    def scale(self, face: tuple[str, str]) -> tuple[float, float]:
        return self._scales.get(face, (1.0 / PX_PER_MM, 1.0 / PX_PER_MM))

    def template(self, face: tuple[str, str], visible: Box, target: tuple[float, float]
                 ) -> tuple[np.ndarray, list[np.ndarray]]:
        """A face's coarse template (the shortlist's) and its templates per turn (:data:`TURNS`), for a place's
        visible part, blurred to the resolution ``target`` (mm per pixel): made once each."""
        key = (face, visible, target)
        if key not in self._templates:
            core = _px(_shrunk(visible, EDGE_MM), 0.0)
            picture = _matched(self._faces[face], self.scale(face), target)
            turned = [_standard(_turned(picture, t)[core[1]:core[3], core[0]:core[2]]) for t in TURNS]
            self._templates[key] = (_coarse(turned[TURNS.index(0.0)]), turned)
        return self._templates[key]

    def save(self, path: str | Path) -> None:
        """The faces as one ``.npz`` of JPEG pictures (about 3 kB a face: a deck of 40 faces in some 150 kB)."""
        arrays = {f"{kind}|{name}": cv2.imencode(".jpg", picture, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])[1]
                  for (kind, name), picture in self._faces.items()}
        arrays.update({f"scale:{kind}|{name}": np.array(scale) for (kind, name), scale in self._scales.items()})
        buffer = io.BytesIO()
        np.savez(buffer, **arrays)
        Path(path).write_bytes(buffer.getvalue())

    @classmethod
    def load(cls, path: str | Path) -> "CardLibrary":
        library = cls()
        with np.load(path) as data:
            for key in data.files:
                if key.startswith("scale:"):
                    kind, _, name = key[6:].partition("|")
                    library._scales[(kind, name)] = tuple(float(v) for v in data[key])
                    continue
                kind, _, name = key.partition("|")
                library._faces[(kind, name)] = cv2.imdecode(data[key], cv2.IMREAD_COLOR)
        return library


@dataclass(frozen=True)
class CardReading:
    """One place read: the chance it holds a card, and given a card, the chance of each enrolled face and of a face
    never enrolled (``scores``: the full match scores of the shortlist, for calibration)."""

    present: float
    faces: Mapping[tuple[str, str], float]
    unknown: float
    scores: Mapping[tuple[str, str], float]


def presence(level: float) -> float:
    """The chance a card lies on a place whose own part changed by ``level`` since the empty table."""
    return float(1.0 / (1.0 + np.exp(-(level - PRESENT_LEVEL) / PRESENT_WIDTH)))


def own_change(now: np.ndarray, empty: np.ndarray, place: CardPlace) -> float:
    """How far the place's own part is from the empty table's (:func:`change_within`)."""
    return change_within(now, empty, _shrunk(place.own, OWN_SHRINK_MM))


def change_within(now: np.ndarray, then: np.ndarray, box: Box) -> float:
    """How far two rectified pictures of a place (:func:`rectify_place`) differ within ``box``: the 80th percentile
    of the (mean-)gain-matched colour change, summed over channels (0..765; sensor noise alone about 10-20)."""
    u0, v0, u1, v1 = _px(box, SLACK_MM)
    a = now[v0:v1, u0:u1].astype(np.float32)
    b = then[v0:v1, u0:u1].astype(np.float32)
    if a.size == 0:
        return 0.0
    gain = (a.reshape(-1, 3).mean(axis=0) + 1) / (b.reshape(-1, 3).mean(axis=0) + 1)
    change = np.abs(cv2.blur(a, (3, 3)) - cv2.blur(b, (3, 3)) * gain).sum(axis=2).ravel()
    k = int(0.8 * (change.size - 1))
    return float(np.partition(change, k)[k])


def identify(picture: np.ndarray, place: CardPlace, library: CardLibrary, kinds: Collection[str],
             scale: tuple[float, float] = (1.0, 1.0)
             ) -> tuple[dict[tuple[str, str], float], float, dict[tuple[str, str], float]]:
    """Given a card on ``place`` (``picture``: :func:`rectify_place` with :data:`SLACK_MM`, taken at ``scale`` mm per
    camera pixel: :func:`place_scale`), the chance of each enrolled face of ``kinds``, the chance of a face never
    enrolled, and the shortlist's scores. Each face is compared at the coarser of its resolution and the place's."""
    faces = [face for face in library.faces if face[0] in kinds]
    if not faces:
        return {}, 1.0, {}
    search = _px(_shrunk(place.visible, EDGE_MM), SLACK_MM)
    room = int(round(SLACK_MM * PX_PER_MM))
    area = picture[max(0, search[1] - room):search[3] + room, max(0, search[0] - room):search[2] + room]
    targets = {face: _step(tuple(max(a, b) for a, b in zip(library.scale(face), scale))) for face in faces}
    queries = {target: _standard(_matched(area, scale, target)) for target in set(targets.values())}
    smalls = {target: _coarse(query) for target, query in queries.items()}
    templates = {face: library.template(face, place.visible, targets[face]) for face in faces}
    rough = np.array([_ncc(smalls[targets[face]], templates[face][0]) for face in faces])
    shortlist = [faces[i] for i in np.argsort(-rough)[:SHORTLIST]]
    scores = {face: max(_ncc(queries[targets[face]], template) for template in templates[face][1])
              for face in shortlist}
    faces_p, unknown = odds_for(max(scores, key=scores.get)).beliefs(scores)
    return {face: float(p) for face, p in faces_p.items()}, float(unknown), scores


def odds_for(face: tuple[str, str]) -> CardOdds:
    """The naming test (:mod:`vision.card_odds`) a best face is held to: its kind's, or its kind's back's."""
    return load_odds(odds_group(face))


def read_place(picture: np.ndarray, empty: np.ndarray, place: CardPlace, library: CardLibrary,
               kinds: Collection[str], scale: tuple[float, float] = (1.0, 1.0)) -> CardReading:
    """Read one place from its rectified picture now and at setup (the empty table); ``scale``: mm per camera pixel
    there (:func:`place_scale`)."""
    present = presence(own_change(picture, empty, place))
    faces, unknown, scores = identify(picture, place, library, kinds, scale) if present > 0.01 else ({}, 1.0, {})
    return CardReading(present, faces, unknown, scores)


def labels(reading: CardReading, kind: str, floor: float = 1e-4) -> dict[str, float]:
    """A reading as the observation's labels: ``""`` empty, ``kind:name`` an enrolled face, ``kind`` a back,
    ``kind:?`` a card whose face was never enrolled."""
    out: dict[str, float] = {"": 1.0 - reading.present}
    for (face_kind, name), p in reading.faces.items():
        label = f"{face_kind}:{name}" if name != BACK else face_kind
        out[label] = out.get(label, 0.0) + reading.present * p
    out[f"{kind}:{UNKNOWN}"] = out.get(f"{kind}:{UNKNOWN}", 0.0) + reading.present * reading.unknown
    total = sum(out.values())
    return {label: round(p / total, 5) for label, p in out.items() if p / total >= floor}


def enrolment_places(places: Mapping[str, CardPlace]) -> list[str]:
    """Card places no two of which overlap, in place order: where faces are laid to be shown at setup."""
    chosen: list[str] = []
    for name in sorted(places, key=place_order):
        region = places[name].region
        w, h = region.size
        if all(_cut((0.0, 0.0, w, h), _box_in(region, places[other].region)) == (0.0, 0.0, w, h)
               for other in chosen):
            chosen.append(name)
    return chosen


def enrolment_rounds(faces: Sequence[tuple[str, str]], places: Sequence[str]) -> list[dict[str, tuple[str, str]]]:
    """The faces dealt onto ``places``, as many rounds as it takes: each round is place → face."""
    rounds = []
    for start in range(0, len(faces), len(places)):
        rounds.append(dict(zip(places, faces[start:start + len(places)])))
    return rounds


def read_places(frame: np.ndarray, pose: Pose, empty: Mapping[str, np.ndarray], places: Iterable[CardPlace],
                library: CardLibrary) -> dict[str, CardReading]:
    """Every place of ``places`` read from ``frame`` (``empty``: each place's rectified picture at setup)."""
    return {place.name: read_place(rectify_place(frame, pose, place), empty[place.name], place, library,
                                   place.region.accepts, place_scale(pose, place)) for place in places}
