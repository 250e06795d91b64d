"""Board layouts: where every slot, track, supply zone and fiducial marker is, in board millimetres.

A layout is data shipped in a game pack (``companion/games/<game>/layouts/<name>.json``, format in
docs/layout-format.md) or any file a user gives by path: another edition
or a home-made board needs a new file, not new code. A layout belongs to one game (``Layout.game``): the
file's optional ``"game"`` field, else the pack that ships a layout of its name, else the default game.
Its slots accept only that game's piece kinds (its pack's ``table.json``), and :func:`layout_pack` gives
vision and the renderer the pack to ask for everything else. Board millimetres have their origin at the
board's top-left corner, x to the right, y down (as the board is read), so a region may lie off
the board (supply zones, markers) with negative or large coordinates.

>>> from companion.games.registry import default_pack
>>> layout = load_layout(default_pack().table.default_layout)
>>> layout.game == default_pack().name and layout_pack(layout) is default_pack()
True
>>> round(layout.region("score.0").center[0], 1) >= 0
True
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable, Mapping

import numpy as np

from companion.games.pack import GamePack
from companion.games.registry import all_packs, default_pack, get_pack

FORMAT = "companion-layout/1"
# the same format as files written before game packs name it: the game's name, a dash, then FORMAT
EARLIER_FORMAT_SUFFIX = "-" + FORMAT
SHAPES = ("rect", "circle", "polygon")


class LayoutError(ValueError):
    """A layout file that can't be used, with the file and the offending field named."""

    def __init__(self, source: str, field_path: str, problem: str) -> None:
        super().__init__(f"{source}: {field_path or 'the file'}: {problem}")
        self.source = source
        self.field_path = field_path
        self.problem = problem


@dataclass(frozen=True)
class Region:
    """A slot's area on the board and the piece kinds it accepts."""

    name: str
    shape: str
    center: tuple[float, float]
    size: tuple[float, float] = (0.0, 0.0)       # rect: width, height
    angle: float = 0.0                           # rect: degrees, clockwise as the board is read
    radius: float = 0.0                          # circle
    points: tuple[tuple[float, float], ...] = () # polygon
    accepts: tuple[str, ...] = ()
    pile: bool = False                           # a counted zone: any number of pieces, counted per colour

    def polygon(self, segments: int = 24) -> np.ndarray:
        """The outline as an (N, 2) float array in board mm (circles as a regular polygon)."""
        cx, cy = self.center
        if self.shape == "circle":
            t = np.linspace(0, 2 * np.pi, segments, endpoint=False)
            return np.stack([cx + self.radius * np.cos(t), cy + self.radius * np.sin(t)], axis=1)
        if self.shape == "polygon":
            return np.array(self.points, dtype=float)
        w, h = self.size
        corners = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
        a = math.radians(self.angle)
        rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
        return corners @ rot.T + [cx, cy]

    @property
    def inner_radius(self) -> float:
        """A radius around the centre that surely lies inside the region (room to place pieces)."""
        if self.shape == "circle":
            return self.radius
        if self.shape == "rect":
            return min(self.size) / 2
        pts = self.polygon()
        c = np.array(self.center)
        edges = np.roll(pts, -1, axis=0) - pts
        rel = c - pts
        cross = np.abs(edges[:, 0] * rel[:, 1] - edges[:, 1] * rel[:, 0])
        return float(np.min(cross / np.maximum(np.linalg.norm(edges, axis=1), 1e-9)))

    def contains(self, point: Iterable[float]) -> bool:
        x, y = point
        if self.shape == "circle":
            return math.hypot(x - self.center[0], y - self.center[1]) <= self.radius
        import cv2
        return cv2.pointPolygonTest(self.polygon().astype(np.float32), (float(x), float(y)), False) >= 0


@dataclass(frozen=True)
class Marker:
    """A printed ArUco marker stuck on the table: its id, centre and side length in board mm."""

    id: int
    center: tuple[float, float]
    size: float

    def corners(self) -> np.ndarray:
        """Outer corners in ArUco order (top-left, top-right, bottom-right, bottom-left) in board mm."""
        cx, cy = self.center
        s = self.size / 2
        return np.array([[cx - s, cy - s], [cx + s, cy - s], [cx + s, cy + s], [cx - s, cy + s]])


@dataclass(frozen=True)
class SupplyZone:
    """Where one seat keeps cubes, coins and spare pieces (a rectangle on the table, board mm)."""

    seat: int
    origin: tuple[float, float]
    size: tuple[float, float]

    def polygon(self) -> np.ndarray:
        x, y = self.origin
        w, h = self.size
        return np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], dtype=float)


@dataclass(frozen=True)
class Layout:
    name: str
    title: str
    board_size: tuple[float, float]
    marker_dictionary: str
    markers: tuple[Marker, ...]
    regions: Mapping[str, Region]
    score_spaces: tuple[tuple[float, float], ...]
    score_radius: float
    supplies: tuple[SupplyZone, ...]
    decor: Mapping[str, Any] = field(default_factory=dict)
    source: str = ""
    game: str = ""                   # the game the board is for (a registered pack's name)
    board_printed: bool = True       # False: no board (a card game); ``board.size`` is the table's middle
    players: tuple[int, ...] = ()    # the player counts the layout is for (empty: any)

    # -- slots -------------------------------------------------------------------------------------
    def region(self, slot: str) -> Region:
        """The region of a slot name, including the score spaces ``score.K``."""
        if slot in self.regions:
            return self.regions[slot]
        if slot.startswith("score.") and slot[6:].isdigit() and int(slot[6:]) < len(self.score_spaces):
            k = int(slot[6:])
            return Region(slot, "circle", self.score_spaces[k], radius=self.score_radius, accepts=("disc",))
        raise KeyError(f"layout {self.name!r} has no slot {slot!r}")

    def slot_names(self, with_score: bool = True) -> list[str]:
        names = list(self.regions)
        if with_score:
            names += [f"score.{k}" for k in range(len(self.score_spaces))]
        return names

    def score_slot(self, points: int) -> str:
        """The score space a prestige total sits on (the track loops: 104 on a 100-space track is 4)."""
        return f"score.{points % len(self.score_spaces)}"

    def supply(self, seat: int) -> SupplyZone:
        for zone in self.supplies:
            if zone.seat == seat:
                return zone
        raise KeyError(f"layout {self.name!r} has no supply zone for seat {seat}")

    def marker(self, marker_id: int) -> Marker:
        for marker in self.markers:
            if marker.id == marker_id:
                return marker
        raise KeyError(f"layout {self.name!r} has no marker {marker_id}")

    def table_bounds(self, margin: float = 40.0) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) in mm enclosing board, supply zones and markers, plus ``margin``."""
        pts = [np.array([[0, 0], self.board_size])]
        pts += [zone.polygon() for zone in self.supplies]
        pts += [marker.corners() for marker in self.markers]
        allpts = np.concatenate(pts)
        x0, y0 = allpts.min(axis=0) - margin
        x1, y1 = allpts.max(axis=0) + margin
        return float(x0), float(y0), float(x1), float(y1)

    # -- board pixels ------------------------------------------------------------------------------
    @staticmethod
    def mm_to_px(points_mm: np.ndarray, px_per_mm: float, origin_mm: tuple[float, float] = (0.0, 0.0)) -> np.ndarray:
        """Board mm → pixel coordinates of a top-down board image (pixel centres at integers)."""
        return (np.asarray(points_mm, dtype=float) - origin_mm) * px_per_mm - 0.5

    @staticmethod
    def px_to_mm(points_px: np.ndarray, px_per_mm: float, origin_mm: tuple[float, float] = (0.0, 0.0)) -> np.ndarray:
        return (np.asarray(points_px, dtype=float) + 0.5) / px_per_mm + origin_mm

    @staticmethod
    def mm_to_px_matrix(px_per_mm: float, origin_mm: tuple[float, float] = (0.0, 0.0)) -> np.ndarray:
        """The 3×3 homography form of :meth:`mm_to_px` (compose it with a camera homography)."""
        s = px_per_mm
        return np.array([[s, 0, -origin_mm[0] * s - 0.5], [0, s, -origin_mm[1] * s - 0.5], [0, 0, 1]])

    # -- JSON ----------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        slots = {}
        for name, r in self.regions.items():
            entry: dict[str, Any] = {"shape": r.shape, "accepts": list(r.accepts)}
            if r.shape == "polygon":
                entry["points"] = [list(p) for p in r.points]
            else:
                entry["center"] = list(r.center)
            if r.shape == "rect":
                entry["size"] = list(r.size)
                if r.angle:
                    entry["angle"] = r.angle
            if r.shape == "circle":
                entry["radius"] = r.radius
            if r.pile:
                entry["pile"] = True
            slots[name] = entry
        return {
            "format": FORMAT, "name": self.name, "title": self.title, **({"game": self.game} if self.game else {}),
            "units": "mm",
            **({"players": list(self.players)} if self.players else {}),
            "board": {"size": list(self.board_size), **({} if self.board_printed else {"printed": False})},
            "source": self.source,
            "markers": {"dictionary": self.marker_dictionary,
                        "items": [{"id": m.id, "center": list(m.center), "size": m.size} for m in self.markers]},
            "slots": slots,
            **({"score_track": {"spaces": [list(p) for p in self.score_spaces], "radius": self.score_radius}}
               if self.score_spaces else {}),
            "supplies": [{"seat": z.seat, "origin": list(z.origin), "size": list(z.size)} for z in self.supplies],
            "decor": dict(self.decor),
        }

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")


# -- loading and validation ------------------------------------------------------------------------------

class _Checker:
    """Reads typed fields out of parsed JSON, raising a LayoutError that names the file and field."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, problem: str) -> LayoutError:
        return LayoutError(self.source, where, problem)

    def get(self, data: Any, key: str, where: str) -> Any:
        if not isinstance(data, Mapping):
            raise self.fail(where, "must be a JSON object")
        if key not in data:
            raise self.fail(f"{where}.{key}" if where else key, "is missing")
        return data[key]

    def number(self, value: Any, where: str, positive: bool = False) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise self.fail(where, f"must be a number, not {json.dumps(value)}")
        if positive and value <= 0:
            raise self.fail(where, f"must be greater than 0, not {value}")
        return float(value)

    def pair(self, value: Any, where: str, positive: bool = False) -> tuple[float, float]:
        if not isinstance(value, list) or len(value) != 2:
            raise self.fail(where, f"must be a list of two numbers [x, y], not {json.dumps(value)}")
        return (self.number(value[0], f"{where}[0]", positive), self.number(value[1], f"{where}[1]", positive))


def _region(check: _Checker, name: str, data: Any, kinds: tuple[str, ...]) -> Region:
    where = f"slots.{name}"
    shape = check.get(data, "shape", where)
    if shape not in SHAPES:
        raise check.fail(f"{where}.shape", f"must be one of {', '.join(SHAPES)}, not {json.dumps(shape)}")
    accepts = check.get(data, "accepts", where)
    if not isinstance(accepts, list) or not accepts or any(k not in kinds for k in accepts):
        raise check.fail(f"{where}.accepts", f"must be a non-empty list of piece kinds from {', '.join(kinds)}")
    pile = data.get("pile", False)
    if not isinstance(pile, bool):
        raise check.fail(f"{where}.pile", f"must be true or false, not {json.dumps(pile)}")
    region = _shaped_region(check, name, data, shape, tuple(accepts), where)
    return replace(region, pile=True) if pile else region


def _shaped_region(check: _Checker, name: str, data: Any, shape: str, accepts: tuple[str, ...],
                   where: str) -> Region:
    if shape == "polygon":
        raw = check.get(data, "points", where)
        if not isinstance(raw, list) or len(raw) < 3:
            raise check.fail(f"{where}.points", "must list at least 3 points")
        points = tuple(check.pair(p, f"{where}.points[{i}]") for i, p in enumerate(raw))
        center = tuple(np.mean(points, axis=0).tolist())
        return Region(name, shape, center, points=points, accepts=tuple(accepts))
    center = check.pair(check.get(data, "center", where), f"{where}.center")
    if shape == "circle":
        radius = check.number(check.get(data, "radius", where), f"{where}.radius", positive=True)
        return Region(name, shape, center, radius=radius, accepts=tuple(accepts))
    size = check.pair(check.get(data, "size", where), f"{where}.size", positive=True)
    angle = check.number(data.get("angle", 0.0), f"{where}.angle")
    return Region(name, shape, center, size=size, angle=angle, accepts=tuple(accepts))


def layout_from_json(data: Any, source: str = "<layout>", game: str | None = None) -> Layout:
    """Build and validate a layout from parsed JSON; raises :class:`LayoutError` on any bad field.

    The layout's game is the file's ``"game"`` field, else ``game``, else the pack shipping a layout of its name,
    else the default game; its slots may accept that game's piece kinds only."""
    check = _Checker(source)
    fmt = check.get(data, "format", "")
    if fmt != FORMAT and not (isinstance(fmt, str) and fmt.endswith(EARLIER_FORMAT_SUFFIX)):
        raise check.fail("format", f"must be {json.dumps(FORMAT)}, not {json.dumps(fmt)}")
    name = check.get(data, "name", "")
    if not isinstance(name, str) or not name:
        raise check.fail("name", "must be a non-empty text")
    game = data.get("game") or game or _shipping_pack(name)
    try:
        pack = get_pack(game) if game else default_pack()
    except ValueError as unknown:           # RuleError: no such game
        raise check.fail("game", str(unknown)) from None
    kinds = pack.table.kind_names
    board_size = check.pair(check.get(check.get(data, "board", ""), "size", "board"), "board.size", positive=True)

    markers_data = check.get(data, "markers", "")
    dictionary = check.get(markers_data, "dictionary", "markers")
    import cv2
    if not isinstance(dictionary, str) or not hasattr(cv2.aruco, dictionary):
        raise check.fail("markers.dictionary", f"must name an OpenCV ArUco dictionary such as \"DICT_4X4_50\", "
                                              f"not {json.dumps(dictionary)}")
    items = check.get(markers_data, "items", "markers")
    if not isinstance(items, list) or len(items) < 4:
        raise check.fail("markers.items", "must list at least 4 markers (6-8 recommended)")
    markers = []
    for i, item in enumerate(items):
        where = f"markers.items[{i}]"
        marker_id = check.get(item, "id", where)
        if not isinstance(marker_id, int) or isinstance(marker_id, bool) or marker_id < 0:
            raise check.fail(f"{where}.id", f"must be a marker number >= 0, not {json.dumps(marker_id)}")
        markers.append(Marker(marker_id, check.pair(check.get(item, "center", where), f"{where}.center"),
                              check.number(check.get(item, "size", where), f"{where}.size", positive=True)))
    ids = [m.id for m in markers]
    if len(set(ids)) != len(ids):
        raise check.fail("markers.items", f"marker ids must be different, got {ids}")

    slots_data = check.get(data, "slots", "")
    if not isinstance(slots_data, Mapping) or not slots_data:
        raise check.fail("slots", "must be a non-empty JSON object of slot name → region")
    regions = {name: _region(check, name, entry, kinds) for name, entry in slots_data.items()}

    spaces, score_radius = (), 0.0          # a game whose score is kept hidden has no track on its board
    if "score_track" in data:
        track = data["score_track"]
        spaces_raw = check.get(track, "spaces", "score_track")
        if not isinstance(spaces_raw, list) or not spaces_raw:
            raise check.fail("score_track.spaces", "must list the centre of every score space, from 0 up")
        spaces = tuple(check.pair(p, f"score_track.spaces[{i}]") for i, p in enumerate(spaces_raw))
        score_radius = check.number(check.get(track, "radius", "score_track"), "score_track.radius", positive=True)

    supplies_raw = check.get(data, "supplies", "")
    if not isinstance(supplies_raw, list) or not supplies_raw:
        raise check.fail("supplies", "must list one supply zone per seat")
    supplies = []
    for i, item in enumerate(supplies_raw):
        where = f"supplies[{i}]"
        seat = check.get(item, "seat", where)
        if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
            raise check.fail(f"{where}.seat", f"must be a seat number >= 0, not {json.dumps(seat)}")
        supplies.append(SupplyZone(seat, check.pair(check.get(item, "origin", where), f"{where}.origin"),
                                   check.pair(check.get(item, "size", where), f"{where}.size", positive=True)))
    printed = data["board"].get("printed", True)
    if not isinstance(printed, bool):
        raise check.fail("board.printed", f"must be true or false, not {json.dumps(printed)}")
    players = data.get("players", [])
    if not isinstance(players, list) or not all(isinstance(n, int) and not isinstance(n, bool) and n > 0
                                                for n in players):
        raise check.fail("players", f"must list player counts such as [2, 3], not {json.dumps(players)}")
    decor = data.get("decor", {})
    if not isinstance(decor, Mapping):
        raise check.fail("decor", "must be a JSON object")
    return Layout(name=name, title=str(data.get("title", name)), board_size=board_size,
                  marker_dictionary=dictionary, markers=tuple(markers), regions=regions,
                  score_spaces=spaces, score_radius=score_radius, supplies=tuple(supplies),
                  decor=dict(decor), source=str(data.get("source", "")), game=pack.name,
                  board_printed=printed, players=tuple(players))


def _shipping_pack(layout_name: str) -> str | None:
    """The name of the pack that ships a layout called ``layout_name`` (None when none does)."""
    return next((pack.name for pack in all_packs() if layout_name in pack.table.layouts), None)


def layout_pack(layout: Layout) -> GamePack:
    """The pack of the game ``layout`` is for: what vision and the renderer ask for the game's pieces."""
    return get_pack(layout.game) if layout.game else default_pack()


def shipped_layouts() -> dict[str, Any]:
    """Every layout the game packs ship: name → its file (a ``Traversable``)."""
    return {name: pack.layout_path(name) for pack in all_packs() for name in pack.table.layouts
            if pack.layout_path(name).is_file()}


def default_layout_name() -> str:
    """The default game's default layout (where a command needs a board and none is named)."""
    return default_pack().table.default_layout or ""


def load_layout(name_or_path: str | Path | None = None) -> Layout:
    """Load a layout a game pack ships, by name, or any layout file by path (the default game's layout if None)."""
    name_or_path = name_or_path or default_layout_name()
    path: Any = Path(name_or_path)
    shipped = shipped_layouts()
    if not path.suffix and not path.exists() and str(name_or_path) in shipped:
        path = shipped[str(name_or_path)]
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise LayoutError(str(path), "file", f"not found (shipped layouts: {', '.join(sorted(shipped))})") from None
    except (OSError, UnicodeDecodeError) as err:
        raise LayoutError(str(path), "file", f"can't be read: {err}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise LayoutError(str(path), f"line {err.lineno} column {err.colno}", f"not valid JSON: {err.msg}") from None
    return layout_from_json(data, str(path))
