"""A recorded game through the live table loop, as if its pictures came from the camera (``companion replay``).

A recording starts with the setup, like a real one: its first picture is taken as the empty board (the
pipeline's reference); the pictures after it are read but not reconciled until the board shows the
starting position (at least half of its pieces read as there, twice in a row) — the players setting the
pieces out. From that picture on the :class:`~companion.live.loop.TableLoop` takes every picture exactly as it
takes a camera's frames: vision, the reconciler, and vision learning from each state the rules vouch for — so a
replay measures what a table with a camera would do.

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

SET_UP_SHARE = 0.5     # share of the starting position's pieces that must be read before reconciling begins
SET_UP_PICTURES = 2    # … in this many pictures in a row


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
    loop.source = _Pictures(_from_set_up(frames, pipeline, session, loop.confirm_start))
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


def _from_set_up(frames: Iterator[np.ndarray], pipeline: VisionPipeline, session: Session,
                 confirm_start: Callable[[np.ndarray], None]) -> Iterator[tuple[int, np.ndarray]]:
    """The recording's (index, picture) after the one showing the starting position set out (at least
    ``SET_UP_SHARE`` of its pieces read, ``SET_UP_PICTURES`` pictures in a row), which is given to ``confirm_start``:
    the pictures of the players setting the pieces out before it are read (the pipeline's hand and motion watch
    needs them) but not reconciled. (Against the empty board, a hand watch may take the pieces set out for a hand.)"""
    start = session.state.table_view()
    pieces = [slot for slot in start.slots if slot in set(pipeline.slot_names)]
    set_up = 0
    for index, picture in enumerate(frames, start=1):
        if set_up < SET_UP_PICTURES:
            observation = pipeline.observe(picture, index)
            seen = sum(1 for slot in pieces if observation.best(slot)[0])
            set_up = set_up + 1 if seen >= SET_UP_SHARE * max(1, len(pieces)) else 0
            if set_up == SET_UP_PICTURES:
                confirm_start(picture)
            continue
        yield index, picture


class _Pictures:
    """A recording's pictures as a camera (:class:`vision.sources.FrameSource`) that ends with them."""

    name = "recording"

    def __init__(self, pictures: Iterator[tuple[int, np.ndarray]]) -> None:
        self._pictures = pictures

    def read(self) -> Frame | None:
        item = next(self._pictures, None)
        return None if item is None else Frame(item[0], item[1], time.monotonic())
