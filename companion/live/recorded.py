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
from companion.games.table_view import TableView
from companion.reconciler.replay import ReplayRun, TrueGame
from companion.session import Session
from companion.web.desk import Desk
from vision.pipeline import VisionPipeline
from vision.sources import Frame
from vision.stability import MotionGate

from .loop import TableLoop

SET_UP_PICTURES = 2    # pictures without motion showing the pieces set out before reconciling begins


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
    loop = TableLoop(Desk(None, session), _Pictures(_from_set_up(frames, empty, pipeline, session.state.table_view())),
                     pipeline, live_source=False, keep_timings=True, reconciler=reconciler)
    loop.set_reference(empty, corners)      # ValueError in words when the board isn't found
    truth = TrueGame(session.history()[0], answers)
    result = ReplayRun(session, loop.reconciler)
    seen = 0
    while loop.step():
        if loop.timings:
            result.seconds[loop.timings[-1].frame_index] = loop.timings[-1].reconcile_ms / 1000.0
        result.note(loop.outcomes[seen:])
        seen = len(loop.outcomes)
        result.reconciler = loop.reconciler
        if answers and result.reconciler is not None:
            result.answer_hidden(truth, loop.last_observation.frame_index)
    return result


def _from_set_up(frames: Iterator[np.ndarray], empty: np.ndarray, pipeline: VisionPipeline,
                 start: TableView) -> Iterator[tuple[int, np.ndarray]]:
    """The recording's (index, picture) after the one showing the pieces set out, which vision takes as ``start``:
    the first picture that has not moved for ``SET_UP_PICTURES`` pictures (no hand setting pieces out) since the
    empty board changed. The pictures before it are read (the pipeline's hand and motion watch needs them) but not
    reconciled. The pipeline's own hand watch can't say when this is: against the empty board it may take the pieces
    set out for a hand."""
    motion = MotionGate(quiet_frames=SET_UP_PICTURES)
    motion.update(empty)
    changed = set_out = False
    for index, picture in enumerate(frames, start=1):
        if set_out:
            yield index, picture
            continue
        observation = pipeline.observe(picture, index)
        still = motion.update(picture)
        changed = changed or motion.moving
        if observation.registered and changed and still:
            pipeline.confirm(picture, start)
            set_out = True


class _Pictures:
    """A recording's pictures as a camera (:class:`vision.sources.FrameSource`) that ends with them."""

    name = "recording"

    def __init__(self, pictures: Iterator[tuple[int, np.ndarray]]) -> None:
        self._pictures = pictures

    def read(self) -> Frame | None:
        item = next(self._pictures, None)
        return None if item is None else Frame(item[0], item[1], time.monotonic())
