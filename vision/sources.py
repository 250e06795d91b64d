"""Camera sources: where frames come from, chosen by one ``--camera`` string.

* ``0``, ``1`` … — a USB webcam by index;
* ``rtsp://…``, ``http://…``, ``https://…`` — a network stream (a phone camera app, an IP camera);
* a folder — its images in name order (a recorded session, a rendered set);
* a file — a video file, or a single image;
* ``sim`` or ``sim:ARGS`` — the simulated table, through a factory registered by the renderer
  (``sim:game=NAME,seed=3,…``: the default game when no ``game`` is named).

Live sources (webcam, stream) drop: a cable is pulled, Wi-Fi hiccups. :class:`ReconnectingSource`
reports the drop through a callback and reopens with a back-off instead of ending the session.

>>> describe_camera("0"), describe_camera("rtsp://10.0.0.2/live"), describe_camera("sim:seed=3")
('webcam', 'stream', 'sim')
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator, Protocol

import cv2
import numpy as np

from companion.games.registry import default_pack, get_pack

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp")
STREAM_SCHEMES = ("rtsp://", "rtsps://", "http://", "https://", "udp://", "tcp://")

# ``sim`` sources come from the renderer (vision/render), which registers a factory here so that
# this module does not import it: game name → factory(argument string) → FrameSource; the factory under
# ANY_GAME serves every game that has none of its own.
ANY_GAME = ""
SIM_FACTORIES: dict[str, Callable[[str], "FrameSource"]] = {}


class CameraError(Exception):
    """A camera that cannot be opened or read; the message says which and why, for the user."""


@dataclass
class Frame:
    index: int
    image: np.ndarray
    timestamp: float


class FrameSource(Protocol):
    name: str

    def read(self) -> Frame | None:
        """The next frame, or None when the source has none now (ended, or dropped)."""

    def close(self) -> None: ...


def describe_camera(spec: str) -> str:
    """Which kind of source a ``--camera`` string names (without opening it)."""
    spec = spec.strip()
    if spec.isdigit():
        return "webcam"
    if spec.lower().startswith(STREAM_SCHEMES):
        return "stream"
    if spec == "sim" or spec.startswith("sim:"):
        return "sim"
    path = Path(spec)
    if path.is_dir():
        return "folder"
    if path.suffix.lower() in IMAGE_SUFFIXES:
        return "image"
    return "video"


def open_camera(spec: str, on_event: Callable[[str], None] | None = None) -> FrameSource:
    """Open the source a ``--camera`` string names; live ones reconnect after a drop."""
    kind = describe_camera(spec)
    if kind == "webcam":
        index = int(spec)
        return ReconnectingSource(lambda: CaptureSource(f"webcam {index}", index), on_event=on_event)
    if kind == "stream":
        return ReconnectingSource(lambda: CaptureSource(spec, spec), on_event=on_event)
    if kind == "sim":
        _, _, argument = spec.partition(":")
        game = _sim_options(argument).get("game") or default_pack().name
        factory = SIM_FACTORIES.get(game) or SIM_FACTORIES.get(ANY_GAME)
        if factory is None:
            raise CameraError("the simulated table is not available (vision.render is not installed)")
        return factory(argument)
    if kind == "folder":
        return ImageFolderSource(Path(spec))
    if kind == "image":
        return ImageFolderSource.single(Path(spec))
    return CaptureSource(spec, spec)


class CaptureSource:
    """Anything OpenCV's VideoCapture reads: a webcam index, a video file, a stream URL."""

    def __init__(self, name: str, target: int | str) -> None:
        self.name = name
        if isinstance(target, str) and describe_camera(target) == "video" and not Path(target).exists():
            raise CameraError(f"camera {name}: no such file")
        self._capture = cv2.VideoCapture(target)
        if not self._capture.isOpened():
            self._capture.release()
            raise CameraError(f"camera {name}: could not be opened")
        self._index = 0

    def read(self) -> Frame | None:
        ok, image = self._capture.read()
        if not ok or image is None:
            return None
        frame = Frame(self._index, image, time.monotonic())
        self._index += 1
        return frame

    def close(self) -> None:
        self._capture.release()


class ImageFolderSource:
    """The images of a folder in name order; unreadable files are skipped with a report, not a crash."""

    def __init__(self, folder: Path, files: list[Path] | None = None,
                 on_event: Callable[[str], None] | None = None) -> None:
        self.name = str(folder)
        if files is None:
            if not folder.is_dir():
                raise CameraError(f"camera {folder}: no such folder")
            files = sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
            if not files:
                raise CameraError(f"camera {folder}: the folder holds no images")
        self._files = files
        self._position = 0
        self._on_event = on_event or (lambda _message: None)

    @classmethod
    def single(cls, path: Path) -> "ImageFolderSource":
        if not path.is_file():
            raise CameraError(f"camera {path}: no such file")
        return cls(path, [path])

    def read(self) -> Frame | None:
        while self._position < len(self._files):
            path = self._files[self._position]
            index = self._position
            self._position += 1
            image = cv2.imread(str(path), cv2.IMREAD_COLOR)
            if image is not None:
                return Frame(index, image, time.monotonic())
            self._on_event(f"skipped {path.name}: not a readable image")
        return None

    def close(self) -> None:
        self._position = len(self._files)


class ReconnectingSource:
    """Wraps a live source: a failed read is reported as a drop, then the source is reopened.

    ``open_source`` is called again after each drop, waiting ``retry_delays`` seconds in turn (the
    last delay repeats) up to ``max_attempts`` times per read; the frame index keeps counting so
    the pipeline sees one continuous stream.
    """

    def __init__(self, open_source: Callable[[], FrameSource], *, on_event: Callable[[str], None] | None = None,
                 retry_delays: tuple[float, ...] = (0.2, 0.5, 1.0, 2.0), max_attempts: int = 5,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self._open_source = open_source
        self._on_event = on_event or (lambda _message: None)
        self._retry_delays = retry_delays
        self._max_attempts = max_attempts
        self._sleep = sleep
        self._source: FrameSource | None = None
        self._next_index = 0
        self.drops = 0
        self.name = "camera"
        self._source = self._try_open()
        if self._source is None:
            raise CameraError(f"camera could not be opened after {max_attempts} attempts")
        self.name = self._source.name

    def _try_open(self) -> FrameSource | None:
        for attempt in range(self._max_attempts):
            try:
                return self._open_source()
            except CameraError as error:
                self._on_event(f"{error} (attempt {attempt + 1} of {self._max_attempts})")
                self._sleep(self._retry_delays[min(attempt, len(self._retry_delays) - 1)])
        return None

    def read(self) -> Frame | None:
        frame = self._source.read() if self._source is not None else None
        if frame is None:
            self.drops += 1
            self._on_event(f"camera {self.name} dropped; reopening")
            if self._source is not None:
                self._source.close()
            self._source = self._try_open()
            if self._source is None:
                self._on_event(f"camera {self.name} is gone")
                return None
            self._on_event(f"camera {self.name} reopened")
            frame = self._source.read()
            if frame is None:
                return None
        frame.index = self._next_index
        self._next_index += 1
        return frame

    def close(self) -> None:
        if self._source is not None:
            self._source.close()


class SimulatedSource:
    """The simulated table as a camera: a bot-played game, rendered frame by frame (hands included).

    ``sim:game=NAME,seed=3,domain=holdout,players=3,fps=10,layout=NAME`` — every option may be left out (the
    default game, on its own layout; 3 players, or the nearest count the game takes).
    """

    def __init__(self, argument: str = "") -> None:
        options = _sim_options(argument)
        from companion.games.playout import bot_game
        from vision.layout import load_layout
        from vision.render.domains import sample_style
        from vision.render.renderer import SimulatedTable
        from vision.render.video import LiveTable, game_frames

        try:
            pack = get_pack(options["game"]) if "game" in options else default_pack()
        except ValueError as unknown:
            raise CameraError(f"sim: {unknown}") from None
        info = pack.info
        seed = int(options.get("seed", 1))
        players = int(options.get("players", min(max(3, info.min_players), info.max_players)))
        size = tuple(int(v) for v in options.get("size", "1280x720").split("x"))
        steps, _answers, _final = bot_game(pack, list(info.colours[:players]), seed)
        table = SimulatedTable(load_layout(options.get("layout") or pack.table.default_layout),
                               sample_style(options.get("domain", "holdout"), seed), size, pack=pack)
        self.name = f"sim:{argument}" if argument else "sim"
        self._live = LiveTable(game_frames(table, steps), float(options.get("fps", 10)))
        self._index = 0
        self.truth: dict | None = None

    def read(self) -> Frame | None:
        try:
            image, self.truth = next(self._live)
        except StopIteration:
            return None
        frame = Frame(self._index, image, time.monotonic())
        self._index += 1
        return frame

    def close(self) -> None:
        self._live = iter(())


def _sim_options(argument: str) -> dict[str, str]:
    options = {}
    for part in filter(None, argument.split(",")):
        key, sep, value = part.partition("=")
        if not sep:
            raise CameraError(f"sim option {part!r} must look like key=value (e.g. sim:seed=3,domain=holdout)")
        options[key.strip()] = value.strip()
    return options


def _simulated_source(argument: str) -> FrameSource:
    try:
        import vision.render  # noqa: F401
    except ImportError:
        raise CameraError("the simulated table is not available (vision.render is not installed)") from None
    return SimulatedSource(argument)


SIM_FACTORIES.setdefault(ANY_GAME, _simulated_source)


def frames(source: FrameSource, limit: int | None = None) -> Iterator[Frame]:
    """Iterate a source until it ends (or ``limit`` frames)."""
    count = 0
    while limit is None or count < limit:
        frame = source.read()
        if frame is None:
            return
        yield frame
        count += 1
