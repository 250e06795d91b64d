"""Whole games as moving pictures: a hand reaches in, the pieces change, the hand leaves, the table rests.

:func:`game_frames` turns a sequence of table views (one per decision, with the seat that acted)
into (frame, truth) pairs; :class:`LiveTable` paces them at a frame rate, as a live camera for the
demo; :func:`write_video` stores them as JPEG files, one truth JSON line per frame, and a video file.
"""

from __future__ import annotations

import itertools
import json
import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator

import cv2
import numpy as np

from companion.games.table_view import TableView

from .hands import Hand
from .renderer import SimulatedTable


@dataclass(frozen=True)
class Pacing:
    """Frames per move: the hand coming in, going out, then the table still."""

    reach_in: int = 4
    reach_out: int = 4
    still: int = 4


def changed_slots(before: TableView, after: TableView) -> list[str]:
    slots = set(before.slots) | set(after.slots)
    return sorted(s for s in slots if before.pieces(s) != after.pieces(s))


def _hand_for(table: SimulatedTable, before: TableView, after: TableView, seat: int | None,
              rng: np.random.Generator) -> Hand | None:
    """A hand from the acting seat's side toward what changed (a board slot first, else its supply)."""
    layout = table.layout
    changed = _put_down_first([s for s in changed_slots(before, after) if not s.startswith("score.")],
                              before, after, seat, table.drawing.terms.armed)
    w, h = layout.board_size
    centre = np.array([w / 2, h / 2])
    if changed:
        target = np.array(layout.region(changed[0]).center)
    elif before.supplies != after.supplies and seat is not None:
        target = layout.supply(seat).polygon().mean(axis=0)
    else:
        return None
    if seat is not None:
        side = layout.supply(seat).polygon().mean(axis=0) - centre
    else:
        side = target - centre
    direction = math.degrees(math.atan2(side[0], side[1])) + rng.uniform(-15, 15)
    return Hand((float(target[0]), float(target[1])), direction, height=float(rng.uniform(40, 70)),
                spread=float(rng.uniform(0.0, 0.4)), skin=table.style.skin_tone)


def _put_down_first(changed: list[str], before: TableView, after: TableView, seat: int | None,
                    armed: tuple[str, ...]) -> list[str]:
    """``changed`` with the slots where a new piece of the acting seat of the ``armed`` kinds appears first, in the
    order of those kinds: the hand puts them down. A move may also change slots by the rules alone (a disc moved
    on a track), and ``changed`` may sort those first: the hand did not go there."""
    if seat is None:
        return changed
    colour = after.players[seat]

    def rank(slot: str) -> int:
        new = [piece for piece in after.pieces(slot) if piece not in before.pieces(slot) and piece.colour == colour]
        kinds = {piece.kind for piece in new}
        return next((order for order, kind in enumerate(armed) if kind in kinds), len(armed))
    return sorted(changed, key=rank)


def game_frames(table: SimulatedTable, steps: Iterable[tuple[TableView, int | None]], pacing: Pacing = Pacing(),
                compact: bool = True, setup_frames: int = 0) -> Iterator[tuple[np.ndarray, dict[str, Any]]]:
    """Frames of a game: ``steps`` yields (view after a decision, seat that decided).

    ``setup_frames`` frames of the empty board come first (truth ``move`` −1), as a real recording starts
    with the setup: the camera pipeline takes its reference from them.
    """
    rng = np.random.default_rng([table.style.seed, 41])
    frame_no = 0
    previous: TableView | None = None
    steps = iter(steps)
    first = next(steps, None)
    if first is None:
        return
    steps = itertools.chain([first], steps)
    empty = TableView(first[0].game, first[0].players)
    for _ in range(setup_frames):
        frame, truth = table.render(empty, (), frame_seed=frame_no, compact=compact)
        truth["frame"], truth["move"] = frame_no, -1
        frame_no += 1
        yield frame, truth

    def shot(view: TableView, hands: tuple[Hand, ...], move: int) -> tuple[np.ndarray, dict[str, Any]]:
        nonlocal frame_no
        frame, truth = table.render(view, hands, frame_seed=frame_no, compact=compact)
        truth["frame"], truth["move"] = frame_no, move
        frame_no += 1
        return frame, truth

    for move, (view, seat) in enumerate(steps):
        if previous is None:
            for _ in range(pacing.still):
                yield shot(view, (), move)
            previous = view
            continue
        hand = _hand_for(table, previous, view, seat, rng)
        if hand is None:          # nothing visible changed (a choice kept in the head)
            previous = view
            continue
        for k in range(1, pacing.reach_in + 1):
            yield shot(previous, (_at(hand, k / pacing.reach_in),), move)
        for k in range(pacing.reach_out, 0, -1):
            yield shot(view, (_at(hand, (k - 1) / pacing.reach_out),), move)
        for _ in range(pacing.still):
            yield shot(view, (), move)
        previous = view


def _at(hand: Hand, reach: float) -> Hand:
    eased = 0.5 - 0.5 * math.cos(math.pi * reach)
    return Hand(hand.target, hand.from_direction, hand.height, eased, hand.spread, hand.skin)


class LiveTable:
    """A live frame source: iterate to get (frame, truth) no faster than ``fps`` (the demo's camera)."""

    def __init__(self, frames: Iterable[tuple[np.ndarray, dict[str, Any]]], fps: float = 10.0) -> None:
        self.frames = iter(frames)
        self.period = 1.0 / fps if fps > 0 else 0.0
        self._next = 0.0

    def __iter__(self) -> "LiveTable":
        return self

    def __next__(self) -> tuple[np.ndarray, dict[str, Any]]:
        item = next(self.frames)
        now = time.monotonic()
        if self._next > now:
            time.sleep(self._next - now)
        self._next = max(now, self._next) + self.period
        return item

    def read(self) -> tuple[bool, np.ndarray | None]:
        """cv2.VideoCapture-style reading, so code written for a real camera takes this too."""
        try:
            return True, next(self)[0]
        except StopIteration:
            return False, None


def write_video(frames: Iterable[tuple[np.ndarray, dict[str, Any]]], out_dir: Path, fps: float = 10.0,
                video_name: str | None = "game.avi", jpeg_quality: int = 90) -> int:
    """Write frames as ``frames/NNNNNN.jpg``, ``truth.jsonl`` (one line per frame) and a video; returns the count."""
    frames_dir = out_dir / "frames"
    frames_dir.mkdir(parents=True, exist_ok=True)
    writer = None
    count = 0
    with open(out_dir / "truth.jsonl", "w", encoding="utf-8") as truth_file:
        for frame, truth in frames:
            name = f"{count:06d}.jpg"
            cv2.imwrite(str(frames_dir / name), frame, [cv2.IMWRITE_JPEG_QUALITY, jpeg_quality])
            truth["image"] = f"frames/{name}"
            truth_file.write(json.dumps(truth, separators=(",", ":")) + "\n")
            if video_name:
                if writer is None:
                    h, w = frame.shape[:2]
                    writer = cv2.VideoWriter(str(out_dir / video_name), cv2.VideoWriter_fourcc(*"MJPG"), fps, (w, h))
                writer.write(frame)
            count += 1
    if writer is not None:
        writer.release()
    return count
