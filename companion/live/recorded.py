"""A recorded game through the whole camera pipeline: pictures → ``VisionPipeline`` → observations.

``companion replay`` feeds these observations to the reconciler, as the live loop does with a camera.
A recording starts with the setup, like a real one: its first picture is taken as the empty board (the
pipeline's reference); the pictures after it are read but not reconciled until the board shows the
starting position (at least half of its pieces read as there, twice in a row) — the players setting the
pieces out —, which the pipeline then learns as the first confirmed state. From then on every picture is an
observation, and whenever the session has moved on (a commit or an
answered prompt) the pipeline learns from the picture the rules vouched for (``VisionPipeline.confirm``).

Sources: a directory written by ``companion render GAME --game`` (its ``frames/*.jpg``) or a video file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable, Iterator

import cv2
import numpy as np

from companion.games.registry import default_pack
from companion.session import Session
from vision.observation import Observation
from vision.pipeline import VisionPipeline

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


def camera_observations(frames: Iterable[np.ndarray], pipeline: VisionPipeline, session: Session,
                        *, corners: Any = None) -> Iterator[Observation]:
    """Observations of a recording for ``session``'s game; the first picture is the empty board."""
    frames = iter(frames)
    empty = next(frames, None)
    if empty is None:
        raise ValueError("the recording holds no picture")
    pipeline.set_reference(empty, corners)      # ValueError in words when the board isn't found
    start = session.state.table_view()
    pieces = [slot for slot in start.slots if slot in set(pipeline.slot_names)]
    set_up = 0                                  # pictures in a row showing the starting position
    confirmed: int | None = None
    previous: np.ndarray | None = None
    for index, picture in enumerate(frames, start=1):
        if confirmed is not None and confirmed != len(session.actions):
            pipeline.confirm(previous, session.state.table_view())     # the rules vouch for what it showed
            confirmed = len(session.actions)
        observation = pipeline.observe(picture, index)
        if confirmed is None:
            # Setting out the pieces: the hand detector still compares with the empty board, so it can't say
            # when the table rests; two pictures in a row showing most of the starting position do.
            seen = sum(1 for slot in pieces if observation.best(slot)[0])
            set_up = set_up + 1 if seen >= SET_UP_SHARE * max(1, len(pieces)) else 0
            if set_up >= SET_UP_PICTURES:
                pipeline.confirm(picture, start)        # the starting position is what the rules vouch for first
                confirmed = len(session.actions)
            continue
        previous = picture
        yield observation
