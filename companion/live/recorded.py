"""A recorded game through the live table loop, as if its pictures came from the camera (``companion replay``).

A recording starts with the setup, like a real one: its first picture is taken as the empty board (the
pipeline's reference); the pictures after it are read but not reconciled until the pieces are set out (two
pictures in a row still and no longer the empty board), which is the start the rules vouch for. From that picture on
the :class:`~companion.live.loop.TableLoop` takes every picture exactly as it takes a camera's frames: vision, the
reconciler, and vision learning from each state the rules vouch for — so a replay measures what a table with a
camera would do.

Sources: a directory written by ``companion render GAME --game`` (its ``frames/*.jpg``) or a video file.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence

import cv2
import numpy as np

from companion.games import Action
from companion.games.registry import default_pack
from companion.reconciler.replay import ReplayRun, TrueGame, answer_if_hidden
from companion.session import Session
from companion.web.desk import Desk
from vision.pipeline import VisionPipeline
from vision.sources import Frame

from .loop import TableLoop

SET_UP_PICTURES = 2    # still pictures in a row showing the pieces set out before reconciling begins
MOVED_LEVEL = 25       # grey levels a quarter-size, blurred picture's pixel must change by to count as moved
MOVED_SHARE = 0.001    # share of its pixels that must move for a picture to have moved


def pictures(source: Path) -> Iterator[np.ndarray]:
    """The pictures of a recording in order; ``ValueError`` in words when there are none to read."""
    if source.is_dir():
        names = sorted((source / "frames").glob("*.jpg"))
        if not names:
            raise ValueError(f"{source / 'frames'} holds no .jpg pictures")
        return (_read_picture(name) for name in names)
    capture = cv2.VideoCapture(str(source))
    ok, first = capture.read() if capture.isOpened() else (False, None)
    if not ok or first is None:
        capture.release()
        raise ValueError(f"{source} is not a video this machine can read")
    return _video(capture, first)


def _read_picture(path: Path) -> np.ndarray:
    picture = cv2.imread(str(path))
    if picture is None:
        raise ValueError(f"{path} is not a picture this machine can read")
    return picture


def _video(capture: cv2.VideoCapture, first: np.ndarray) -> Iterator[np.ndarray]:
    try:
        yield first
        while True:
            ok, picture = capture.read()
            if not ok:
                return
            yield picture
    finally:
        capture.release()


def game_setup(source: Path) -> dict[str, Any] | None:
    """Game, players, seed and variants from the render's ``game.json`` (in the directory, or beside the video; a
    file that names no game is the default game's)."""
    path = (source if source.is_dir() else source.parent) / "game.json"
    if not path.exists():
        return None
    try:
        game = json.loads(path.read_text())
        return {"game": str(game.get("game") or default_pack().name), "players": list(game["players"]), "seed": int(game["seed"]),
                "variants": dict(game.get("variants", {}))}
    except (json.JSONDecodeError, KeyError, TypeError, ValueError) as damage:
        raise ValueError(f"{path} is not a rendered game's description ({damage})") from None


def replay_pictures(frames: Iterable[np.ndarray], pipeline: VisionPipeline, session: Session, *,
                    answers: Sequence[Action] = (), reconciler: Callable[[Session], Any] | None = None,
                    corners: Any = None) -> ReplayRun:
    """Follow a recording of ``session``'s game (the first picture is the empty board) through the live table loop
    (:class:`TableLoop`, as a camera would be), answering its questions from ``answers`` where a player would have
    to; ``reconciler(session)`` makes the reconciler (default: the rule-based one)."""
    frames = iter(frames)
    empty = next(frames, None)
    if empty is None:
        raise ValueError("the recording holds no picture")
    loop = TableLoop(Desk(None, session), _Pictures(iter(())), pipeline, live_source=False, keep_timings=True,
                     reconciler=reconciler)
    loop.set_reference(empty, corners)      # ValueError in words when the board isn't found
    loop.source = _Pictures(_from_set_up(frames, pipeline, empty, loop.confirm_start))
    truth = TrueGame(session.history()[0], answers)
    commit_frames: dict[int, int] = {}
    seconds: dict[int, float] = {}
    seen = 0
    while loop.step():
        if loop.timings:
            seconds[loop.timings[-1].frame_index] = loop.timings[-1].reconcile_ms / 1000.0
        for outcome in loop.outcomes[seen:]:
            if outcome.kind == "commit":
                commit_frames.update({outcome.decision + offset: outcome.frame_index
                                      for offset in range(len(outcome.actions))})
        seen = len(loop.outcomes)
        while answers and loop.reconciler is not None and answer_if_hidden(loop.reconciler, truth) is not None:
            commit_frames[len(session.actions) - 1] = loop.last_observation.frame_index
    return ReplayRun(session, loop.reconciler, list(loop.outcomes), commit_frames, seconds)


def _from_set_up(frames: Iterator[np.ndarray], pipeline: VisionPipeline, empty: np.ndarray,
                 confirm_start: Callable[[np.ndarray], None]) -> Iterator[tuple[int, np.ndarray]]:
    """The recording's (index, picture) after the one showing the pieces set out, which is given to
    ``confirm_start``: the picture ``SET_UP_PICTURES`` pictures in a row have not moved from the one before (no hand
    setting pieces out) and it is no longer the empty board. The pictures before it are read (the pipeline's hand and
    motion watch needs them) but not reconciled. The pipeline's own hand watch can't say when this is: against the
    empty board it may take the pieces set out for a hand."""
    before, board = _coarse(empty), _coarse(empty)
    still = 0
    for index, picture in enumerate(frames, start=1):
        if still < SET_UP_PICTURES:
            observation = pipeline.observe(picture, index)
            now = _coarse(picture)
            set_out = observation.registered and _moved(now, board) and not _moved(now, before)
            still, before = (still + 1 if set_out else 0), now
            if still == SET_UP_PICTURES:
                confirm_start(picture)
            continue
        yield index, picture


def _coarse(picture: np.ndarray) -> np.ndarray:
    grey = cv2.cvtColor(picture, cv2.COLOR_BGR2GRAY) if picture.ndim == 3 else picture
    small = cv2.resize(grey, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    return cv2.GaussianBlur(small, (3, 3), 0).astype(np.int16)


def _moved(picture: np.ndarray, other: np.ndarray) -> bool:
    """More than ``MOVED_SHARE`` of the coarse picture changed by more than ``MOVED_LEVEL`` (sensor noise does not)."""
    return picture.shape == other.shape and \
        np.count_nonzero(np.abs(picture - other) > MOVED_LEVEL) > MOVED_SHARE * picture.size


class _Pictures:
    """A recording's pictures as a camera (:class:`vision.sources.FrameSource`) that ends with them."""

    name = "recording"

    def __init__(self, pictures: Iterator[tuple[int, np.ndarray]]) -> None:
        self._pictures = pictures

    def read(self) -> Frame | None:
        item = next(self._pictures, None)
        return None if item is None else Frame(item[0], item[1], time.monotonic())
