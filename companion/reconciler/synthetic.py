"""A testing tool: noisy camera observations of a simulated table, without images.

:class:`SyntheticCamera` reads a :class:`TableView` the way a slot classifier would: mostly right with
high confidence, sometimes a confident misread, supply counts now and then off by one. :func:`record_game`
plays a game with a seeded random bot and films it: hands over the board (occluded frames), a settling
moment, then stable frames; with ``blocked_rate`` several moves are made under one hand. The result is a
:class:`Recording` that the reconciler, the benchmark and ``companion replay`` consume, and that can be
saved as a directory of observation JSON.

>>> from companion.games.registry import default_pack
>>> recording = record_game(default_pack().name, ["red", "blue"], seed=3, noise=Noise(), max_decisions=5)
>>> len(recording.actions), recording.observations[0].stable
(5, True)
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Sequence

from companion.games import Action, GameState, TableView, new_game
from vision.observation import Observation, label_for

from .evidence import VisibleView

RECORDING_FORMAT = "companion-observations/1"


@dataclass(frozen=True)
class Noise:
    """How badly the simulated camera reads, per slot and frame. ``Noise.clean()`` reads perfectly.

    The defaults are at least as harsh as the slot model on the held-out rendering domain (models/MODEL_CARD.md,
    measured 2026-11-22: 3.76 % per-slot error; of the commonest confusions ~70 % a piece read as empty — discs,
    bailiff, provost, houses, workers, tiles —, ~22 % a stack of discs read as its top disc, ~8 % a phantom
    piece on an empty slot). On a frame of the default game's board, ~218 read slots (~29 single pieces, 4 disc stacks) these
    rates give ≈ 5.8 missed pieces, 1.8 stacks seen by their top, 0.65 phantoms and 0.4 other misreads: ≈ 8.7
    wrong slots, 4.0 %. Errors are drawn independently per frame; the real model's errors are partly
    persistent (the same piece missed frame after frame), which this does not imitate. Supply counts are
    not calibrated (the vision's cube zones are far worse but mostly report low confidence).
    ``Noise.mild()`` is the earlier, much kinder camera (0.2 % misreads).
    """

    missed_rate: float = 0.20                          # an occupied slot read as empty
    top_disc_rate: float = 0.45                        # a stack of discs read as its top disc (first colour) only
    phantom_rate: float = 0.0035                       # an empty slot read as holding some piece
    misread_rate: float = 0.002                        # any slot: the best label is some other label
    true_confidence: tuple[float, float] = (0.80, 0.99)
    misread_confidence: tuple[float, float] = (0.50, 0.90)
    supply_error_rate: float = 0.02                   # per supply zone and frame: one count off by one
    supply_confidence: tuple[float, float] = (0.85, 0.99)
    wrong_supply_confidence: tuple[float, float] = (0.30, 0.80)

    @classmethod
    def clean(cls) -> "Noise":
        return cls(0.0, 0.0, 0.0, 0.0, (1.0, 1.0), (0.5, 0.5), 0.0, (1.0, 1.0), (0.5, 0.5))

    @classmethod
    def mild(cls) -> "Noise":
        """Random misreads only (0.2 % of slots): the synthetic camera before the held-out calibration."""
        return cls(missed_rate=0.0, top_disc_rate=0.0, phantom_rate=0.0)


class SyntheticCamera:
    """Turns table views into observations; seeded, so a recording is reproducible."""

    def __init__(self, slot_names: Iterable[str], vocabulary: Iterable[str], noise: Noise, seed: int) -> None:
        self.slot_names = sorted(set(slot_names))
        self.vocabulary = sorted(set(vocabulary) | {""})
        self.noise = noise
        self.random = random.Random(seed)

    def read(self, view: TableView, frame_index: int, *, stable: bool = True,
             covered: Iterable[str] = ()) -> Observation:
        visible = VisibleView.of(view)
        covered = frozenset(covered)
        slots = {}
        for slot in sorted(set(self.slot_names) | set(visible.labels)):
            truth = visible.label(slot)
            slots[slot] = self._garbage() if slot in covered else self._reading(truth)
        supplies, confidence = {}, {}
        for colour, counts in visible.supplies.items():
            supplies[colour], confidence[colour] = self._count(counts)
        return Observation(frame_index=frame_index, registered=True, occluded=bool(covered),
                           stable=stable and not covered, slots=slots, occluded_slots=covered,
                           supplies=supplies, supply_confidence=confidence)

    def _reading(self, truth: str) -> dict[str, float]:
        rng, noise = self.random, self.noise
        other = self._other(truth)
        wrong = self._error(truth, other)
        if wrong is not None:
            confidence = rng.uniform(*noise.misread_confidence)
            return {wrong: confidence, truth: 1.0 - confidence}
        right = rng.uniform(*noise.true_confidence)
        return {truth: right, other: 1.0 - right} if right < 1.0 else {truth: 1.0}

    def _error(self, truth: str, other: str) -> str | None:
        """The wrong label this frame reads for ``truth`` (None: read right), drawn as the held-out model errs."""
        rng, noise = self.random, self.noise
        draw = rng.random()
        if truth:
            discs = sorted(label for label in truth.split("+") if label.startswith("disc"))
            if len(discs) >= 2:
                if draw < noise.top_disc_rate:
                    return discs[0]
                draw -= noise.top_disc_rate
            if draw < noise.missed_rate:
                return ""
            draw -= noise.missed_rate
        else:
            if draw < noise.phantom_rate:
                return other
            draw -= noise.phantom_rate
        return other if draw < noise.misread_rate else None

    def _other(self, truth: str) -> str:
        choices = [label for label in self.vocabulary if label != truth]
        return self.random.choice(choices) if choices else "?"

    def _garbage(self) -> dict[str, float]:
        first, second = self.random.sample(self.vocabulary, 2) if len(self.vocabulary) > 1 else ("", "?")
        return {first: 0.5, second: 0.5}

    def _count(self, counts: dict[str, int]) -> tuple[dict[str, int], float]:
        rng, noise = self.random, self.noise
        goods = list(counts)            # the game's goods, in its order (VisibleView.of)
        seen = {cube: int(counts.get(cube, 0)) for cube in goods}
        if goods and rng.random() < noise.supply_error_rate:
            cube = rng.choice(goods)
            seen[cube] = max(0, seen[cube] + rng.choice((-1, 1))) if seen[cube] else 1
            return seen, round(rng.uniform(*noise.wrong_supply_confidence), 3)
        return seen, round(rng.uniform(*noise.supply_confidence), 3)


@dataclass
class Visit:
    """One hand over the board: which decisions it carried out and when it left (first uncovered frame)."""

    decisions: tuple[int, ...]
    hand_left: int


@dataclass
class Recording:
    game: str
    players: list[str]
    seed: int
    variants: dict[str, Any]
    fps: float
    actions: list[Action]
    observations: list[Observation] = field(default_factory=list)
    visits: list[Visit] = field(default_factory=list)

    def setup(self) -> dict[str, Any]:
        return {"format": RECORDING_FORMAT, "game": self.game, "players": self.players, "seed": self.seed,
                "variants": self.variants, "fps": self.fps}

    def save(self, directory: str | Path) -> Path:
        """Write ``game.json``, ``observations.jsonl``, ``answers.json`` and ``visits.json`` into ``directory``."""
        directory = Path(directory)
        directory.mkdir(parents=True, exist_ok=True)
        (directory / "game.json").write_text(json.dumps(self.setup(), indent=1))
        with open(directory / "observations.jsonl", "w") as out:
            for observation in self.observations:
                out.write(json.dumps(observation.to_json()) + "\n")
        (directory / "answers.json").write_text(json.dumps([a.to_json() for a in self.actions]))
        (directory / "visits.json").write_text(json.dumps([[list(v.decisions), v.hand_left] for v in self.visits]))
        return directory


def random_actions(game: str, players: Sequence[str], seed: int, max_decisions: int | None = None,
                   **variants: Any) -> tuple[list[Action], list[GameState]]:
    """A seeded random bot's game: its decisions and every state (the first one before any decision)."""
    chooser = random.Random(seed)
    states = [new_game(game, players, seed, **variants)]
    actions: list[Action] = []
    while not states[-1].is_over and (max_decisions is None or len(actions) < max_decisions):
        action = chooser.choice(states[-1].pending().options).action
        actions.append(action)
        states.append(states[-1].apply(action))
    return actions, states


def layout_slots(game: str) -> list[str]:
    """Every slot the game's board layout reads, so empty slots get readings too (none for a game without one)."""
    from companion.games.registry import get_pack
    from vision.layout import load_layout

    layout = get_pack(game).table.default_layout
    return load_layout(layout).slot_names(with_score=False) if layout else []


def record_game(game: str, players: Sequence[str], seed: int, *, noise: Noise | None = None,
                camera_seed: int | None = None, fps: float = 15.0, hand_frames: tuple[int, int] = (3, 8),
                settle_frames: int = 2, stable_frames: tuple[int, int] = (8, 12), idle_frames: int = 6,
                blocked_rate: float = 0.1, max_blocked: int = 3, max_decisions: int | None = None,
                actions: Sequence[Action] | None = None, **variants: Any) -> Recording:
    """Film a game (a random bot's, or ``actions``) as the camera would see it, hands and all."""
    if actions is None:
        actions, states = random_actions(game, players, seed, max_decisions, **variants)
    else:
        states = [new_game(game, players, seed, **variants)]
        for action in actions:
            states.append(states[-1].apply(action))
    views = [state.table_view() for state in states]
    keys = [VisibleView.of(view).key() for view in views]
    vocabulary = {label_for(pieces) for view in views for pieces in view.slots.values()}
    camera = SyntheticCamera(layout_slots(game) or {s for v in views for s in v.slots}, vocabulary,
                             noise or Noise(), seed if camera_seed is None else camera_seed)
    pace = random.Random(seed * 7919 + 1)
    recording = Recording(game, list(players), seed, dict(variants), fps, list(actions))
    frames = recording.observations

    def film(view: TableView, count: int, **how: Any) -> None:
        for _ in range(count):
            frames.append(camera.read(view, len(frames), **how))

    film(views[0], pace.randint(*stable_frames))
    done = 0
    while done < len(actions):
        if keys[done + 1] == keys[done]:          # a choice that leaves no trace: the player thinks, then taps
            film(views[done + 1], idle_frames)
            recording.visits.append(Visit((done,), -1))
            done += 1
            continue
        last = done + 1
        if pace.random() < blocked_rate:          # several moves under one hand
            visible = 1
            while last < len(actions) and visible < max_blocked:
                last += 1
                visible += keys[last] != keys[last - 1]
        # the hand was over every slot a move under it changed, also those the next move put back
        changed = set().union(*(_changed_slots(views[k], views[k + 1]) for k in range(done, last)))
        film(views[last], pace.randint(*hand_frames), stable=False, covered=changed or {"hand"})
        hand_left = len(frames)
        film(views[last], settle_frames, stable=False)
        film(views[last], pace.randint(*stable_frames))
        recording.visits.append(Visit(tuple(range(done, last)), hand_left))
        done = last
    return recording


def _changed_slots(before: TableView, after: TableView) -> set[str]:
    slots = set(before.slots) | set(after.slots)
    return {slot for slot in slots if label_for(before.pieces(slot)) != label_for(after.pieces(slot))}


def load_recording(directory: str | Path) -> Recording:
    """Read a directory written by :meth:`Recording.save`; ``ValueError`` with a readable message if it isn't one."""
    directory = Path(directory)
    try:
        setup = json.loads((directory / "game.json").read_text())
        if setup.get("format") != RECORDING_FORMAT:
            raise ValueError(f"{directory / 'game.json'} is not a {RECORDING_FORMAT} file")
        observations = []
        with open(directory / "observations.jsonl") as lines:
            for number, line in enumerate(lines, start=1):
                if line.strip():
                    try:
                        observations.append(Observation.from_json(json.loads(line)))
                    except (ValueError, KeyError, TypeError) as damage:
                        raise ValueError(f"line {number} of {directory / 'observations.jsonl'} is damaged "
                                         f"({damage})") from None
    except FileNotFoundError as missing:
        raise ValueError(f"{directory} has no {Path(missing.filename).name}: not a recorded game") from None
    except json.JSONDecodeError as damage:
        raise ValueError(f"{directory / 'game.json'} is not valid JSON ({damage})") from None
    return Recording(str(setup["game"]), list(setup["players"]), int(setup["seed"]), dict(setup.get("variants", {})),
                     float(setup.get("fps", 15.0)), [], observations)
