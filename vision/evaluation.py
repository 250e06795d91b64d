"""Score the pipeline against a rendered set's ground truth (``companion render`` output).

Protocol, per frame (each rendered still is its own table: its own board art, light and camera):

1. **setup capture** — the same table rendered empty (what the user photographs at setup);
2. **placement learning** — the same table with only the frame's tiles, one disc per
   player on the turn-order track and every supply as it was one move earlier (0–3 goods and 0–2
   coins different), confirmed as the rules would confirm it: this is when a real game enrols
   each tile's look and the pieces' colours, before any worker stands on them, and when the supply
   zones learn the cubes' colours and size from the last committed state;
3. the frame itself is observed and every slot not hidden by a hand is compared with the truth.

A frame with a hand over the board must not be reported stable (``occluded_false_reports`` counts
those that were). Supply zones are right when every good's count is exact. The goods, the coin and the
stacking kind are the game's (:class:`~vision.vocabulary.Vocabulary` of the layout's pack).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import cv2
import numpy as np

from companion.games.table_view import Piece, TableView

from .cards import BACK, enrolment_places, enrolment_rounds
from .layout import Layout, layout_pack, load_layout
from .observation import Observation, label_for, piece_label
from .pipeline import VisionPipeline
from .recognizer import SlotModel
from .vocabulary import Vocabulary, default_vocabulary


CONFIDENT_ZONE = 0.9        # supply confidence at which a reader may take the counts as read


class EvaluationError(Exception):
    """A folder that is not a rendered set (the message says what is missing)."""


def rendered_frames(folder: Path) -> Iterator[tuple[Path, dict[str, Any]]]:
    if not folder.is_dir():
        raise EvaluationError(f"{folder}: no such folder")
    pairs = sorted(folder.glob("frame_*.json"))
    if not pairs:
        raise EvaluationError(f"{folder}: no frame_*.json truth files; make a set with "
                              "`companion render GAME --frames N --out DIR --domain holdout`")
    for truth_path in pairs:
        image_path = truth_path.with_suffix(".jpg")
        if not image_path.exists():
            image_path = truth_path.with_suffix(".png")
        try:
            truth = json.loads(truth_path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as error:
            raise EvaluationError(f"{truth_path}: unreadable truth ({error})") from None
        yield image_path, truth


def truth_label(entry: dict[str, Any] | None) -> str:
    if not entry:
        return ""
    return label_for(Piece.from_json(p) for p in entry.get("pieces", []))


def visible_from_above(entry: dict[str, Any] | None, seen: str, stack: str | None = None) -> bool:
    """True when ``seen`` is what a camera above the table can see of the slot: the label itself, or for
    discs (the ``stack`` kind; the default game's when None) stacked on one space, any part of the stack that
    includes its top disc (the ones under it show, at most, as a thin edge of colour)."""
    expected = truth_label(entry)
    if seen == expected:
        return True
    stack = stack if stack is not None else default_vocabulary().stack
    pieces = [Piece.from_json(p) for p in (entry or {}).get("pieces", [])]
    if len(pieces) < 2 or any(p.kind != stack for p in pieces) or not seen:
        return False
    stack = {piece_label(p) for p in pieces}
    parts = set(seen.split("+"))
    return parts <= stack and piece_label(pieces[-1]) in parts


def previous_supplies(view: TableView, rng: np.random.Generator,
                      terms: Vocabulary | None = None) -> dict[str, dict[str, int]]:
    """The supplies one move before ``view``: each player's differ by 0–3 goods and 0–2 coins (the goods and
    coin of ``terms``, the default game's when None)."""
    terms = terms if terms is not None else default_vocabulary()
    goods, coin = terms.goods, terms.coin
    previous = {}
    for colour, counts in view.supplies.items():
        before = dict(counts)
        for _ in range(int(rng.integers(0, 4)) if goods else 0):
            good = goods[int(rng.integers(len(goods)))]
            change = 1 if before.get(good, 0) == 0 or rng.random() < 0.5 else -1
            before[good] = before.get(good, 0) + change
        if coin in before:
            before[coin] = max(0, before[coin] + int(rng.integers(-2, 3)))
        previous[colour] = before
    return previous


TURN_ORDER = "turn_order"      # the layout's track where each player's disc shows their colour at setup


def calibration_view(view: TableView, rng: np.random.Generator | None = None,
                     terms: Vocabulary | None = None) -> TableView:
    """The frame's tiles alone, plus one disc (the stacking kind) per player on the turn-order track
    (``turn_order.1`` …, where the layout has it); with ``rng``, also the supplies the rules confirmed one move
    earlier (:func:`previous_supplies`)."""
    terms = terms if terms is not None else default_vocabulary()
    calibration = TableView(view.game, view.players)
    if rng is not None:
        calibration.supplies = previous_supplies(view, rng, terms)
    for slot, pieces in view.slots.items():
        for piece in pieces:
            if piece.kind == terms.tile:
                calibration.put(slot, piece)
    if terms.stack:
        for position, colour in enumerate(view.players, start=1):
            calibration.put(f"{TURN_ORDER}.{position}", Piece(terms.stack, colour))
    return calibration


@dataclass
class Scores:
    slots_total: int = 0
    slots_right: int = 0
    slots_visible_right: int = 0         # right "as seen from above": a stack read by its visible top
    boards_total: int = 0
    boards_right: int = 0
    boards_visible_right: int = 0
    zones_total: int = 0
    zones_right: int = 0
    zones_confident: int = 0
    zones_confident_right: int = 0
    hand_frames: int = 0
    occluded_false_reports: int = 0
    clear_frames_flagged_occluded: int = 0
    unregistered_frames: int = 0
    elapsed_ms: list[float] = field(default_factory=list)
    first_ms: list[float] = field(default_factory=list)
    stage_ms: list[dict[str, float]] = field(default_factory=list)     # per timed frame: stage → ms
    errors: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        def ratio(a: int, b: int) -> float | None:
            return round(a / b, 5) if b else None
        return {
            "frames": self.boards_total + self.hand_frames,
            "per_slot_accuracy": ratio(self.slots_right, self.slots_total),
            "per_slot_error": ratio(self.slots_total - self.slots_right, self.slots_total),
            "board_accuracy": ratio(self.boards_right, self.boards_total),
            "per_slot_error_seen_from_above": ratio(self.slots_total - self.slots_visible_right, self.slots_total),
            "board_accuracy_seen_from_above": ratio(self.boards_visible_right, self.boards_total),
            "cube_zone_accuracy": ratio(self.zones_right, self.zones_total),
            "cube_zones_confident": ratio(self.zones_confident, self.zones_total),
            "cube_zone_confident_accuracy": ratio(self.zones_confident_right, self.zones_confident),
            "occluded_false_reports": self.occluded_false_reports,
            "hand_frames": self.hand_frames,
            "clear_frames_flagged_occluded": self.clear_frames_flagged_occluded,
            "unregistered_frames": self.unregistered_frames,
            "median_ms": round(float(np.median(self.elapsed_ms)), 2) if self.elapsed_ms else None,
            "median_first_frame_ms": round(float(np.median(self.first_ms)), 2) if self.first_ms else None,
            "slots_scored": self.slots_total,
            "top_confusions": dict(sorted(self.errors.items(), key=lambda kv: -kv[1])[:12]),
        }

    def stage_medians(self) -> dict[str, float]:
        """Median milliseconds per stage of the timed frames (a stage a frame skipped counts 0 there)."""
        stages = list(dict.fromkeys(stage for frame in self.stage_ms for stage in frame))
        return {stage: round(float(np.median([frame.get(stage, 0.0) for frame in self.stage_ms])), 2)
                for stage in stages}


def enrol_rendered_cards(pipeline: VisionPipeline, table: Any, game: str, players: tuple[str, ...]) -> int:
    """Show the simulated table's camera every face of the game's cards once (and each card kind's back), dealt
    onto places no two of which overlap, a few frames' worth, as a user does at setup. Returns the frames shown."""
    faces = [(kind, name) for kind, names in pipeline.terms.cards.items() for name in names]
    faces += [(kind, BACK) for kind in pipeline.terms.cards]
    rounds = enrolment_rounds(faces, enrolment_places(pipeline.card_places))
    for k, dealt in enumerate(rounds):
        placements = {place: Piece(kind, name=name or None) for place, (kind, name) in dealt.items()}
        view = TableView(game, players)
        for place, piece in placements.items():
            view.put(place, piece)
        frame, _ = table.render(view, frame_seed=10_100 + k)
        pipeline.enrol_cards(frame, placements)
    return len(rounds)


def setup_pipeline(truth: dict[str, Any], layout: Layout, model: SlotModel | None) -> VisionPipeline:
    """A pipeline set up on the frame's own table as a user would set it up (steps 1–2 above)."""
    return setup_table(truth, layout, model)[0]


def setup_table(truth: dict[str, Any], layout: Layout, model: SlotModel | None,
                fit_board: bool = True) -> tuple[VisionPipeline, Any]:
    """:func:`setup_pipeline`, also returning the simulated table (to render more frames of it). ``fit_board``
    False reads the slots where the shipped layout puts them, not fitted to the board on the table."""
    from .render.domains import recorded_style
    from .render.renderer import SimulatedTable

    view = TableView.from_json(truth["view"])
    style = truth["style"]
    table = SimulatedTable(layout, recorded_style(style), tuple(truth["size"]))
    pipeline = VisionPipeline(layout, view.players, model=model, fit_board=fit_board)
    empty, _ = table.render(TableView(view.game, view.players), frame_seed=10_001)
    pipeline.set_reference(empty)
    if pipeline.card_places:
        enrol_rendered_cards(pipeline, table, view.game, view.players)
    calibration = calibration_view(view, np.random.default_rng([int(style["seed"]), 3]), pipeline.terms)
    calibration.slots = {slot: pieces for slot, pieces in calibration.slots.items() if slot in layout.regions}
    calibration_frame, _ = table.render(calibration, frame_seed=10_002)
    pipeline.observe(calibration_frame, still=True)
    pipeline.confirm(calibration_frame, calibration)
    return pipeline, table


def hand_trial(pipeline: VisionPipeline, table: Any, truth: dict[str, Any], layout: Layout,
               rng: np.random.Generator) -> tuple[bool, bool] | None:
    """Render the frame's table again with a hand reaching for a random slot; (hand over the board per
    the truth, reported stable). None when the hand ended up over no slot."""
    from .render.hands import Hand

    view = TableView.from_json(truth["view"])
    slots = layout.slot_names(with_score=False)
    target = layout.region(slots[int(rng.integers(len(slots)))]).center
    hand = Hand(target, float(rng.uniform(0, 360)), float(rng.uniform(35, 80)), float(rng.uniform(0.6, 1.0)),
                float(rng.uniform(0, 0.4)), table.style.skin_tone)
    frame, hand_truth = table.render(view, (hand,), frame_seed=10_003)
    if not any(e.get("occluded") for e in hand_truth["slots"].values()):
        return None
    observation = pipeline.observe(frame, still=True)
    return True, observation.stable


def score_frame(scores: Scores, observation: Observation, truth: dict[str, Any], layout: Layout,
                terms: Vocabulary | None = None) -> None:
    """Add one frame's reading to ``scores`` (``terms``: the game's vocabulary, the layout's pack's when None)."""
    terms = terms if terms is not None else Vocabulary.of(layout_pack(layout).table)
    stack, goods = terms.stack, terms.goods
    # Any hand in the picture (over slots, or over a supply zone) means it is no resting state.
    hand = bool(truth.get("hand_pixels", 0))
    if not observation.registered:
        scores.unregistered_frames += 1
    if hand:
        scores.hand_frames += 1
        if observation.stable:
            scores.occluded_false_reports += 1
    else:
        scores.boards_total += 1
        if observation.occluded:
            scores.clear_frames_flagged_occluded += 1
    board_right = board_visible_right = observation.registered
    for slot in layout.slot_names():
        entry = truth["slots"].get(slot)
        if entry is not None and entry.get("occluded"):
            continue
        if slot not in observation.slots:
            board_right = board_visible_right = False
            continue
        expected = truth_label(entry)
        seen, _ = observation.best(slot)
        scores.slots_total += 1
        visible = visible_from_above(entry, seen, stack)
        scores.slots_visible_right += visible
        board_visible_right &= visible
        if seen == expected:
            scores.slots_right += 1
        else:
            board_right = False
            key = f"{expected or 'empty'} -> {seen or 'empty'}" + ("" if visible else " !")
            scores.errors[key] = scores.errors.get(key, 0) + 1
    if not hand:
        scores.boards_right += board_right
        scores.boards_visible_right += board_visible_right
    for seat, zone in truth.get("supplies", {}).items():
        colour = zone["colour"]
        if colour not in observation.supplies:
            continue
        if any(p.get("occluded") for p in zone.get("pieces", [])):
            continue
        scores.zones_total += 1
        expected = {name: int(zone["counts"].get(name, 0)) for name in goods}
        right = observation.supplies[colour] == expected
        scores.zones_right += right
        if observation.supply_confidence.get(colour, 0.0) >= CONFIDENT_ZONE:
            scores.zones_confident += 1
            scores.zones_confident_right += right


def evaluate(folder: Path, layout_name: str | None = None, model_path: str | Path | None = None,
             limit: int | None = None, hand_trials: bool = False, empty_bias: float | None = None,
             stages: bool = False, fit_board: bool = True) -> dict[str, Any]:
    """Score every frame of a rendered set; ``hand_trials`` also renders each table once more with a
    hand over the board (the sets have few hands; the no-report-under-a-hand target needs many);
    ``stages`` adds the median time of each stage of the timed readings (``median_stage_ms``). ``layout_name``
    None: the default game's layout. ``fit_board`` False: the slots read where the shipped layout puts them."""
    layout = load_layout(layout_name)
    model = SlotModel(model_path, empty_bias=empty_bias) if model_path else SlotModel(empty_bias=empty_bias)
    scores = Scores()
    for count, (image_path, truth) in enumerate(rendered_frames(folder)):
        if limit is not None and count >= limit:
            break
        frame = cv2.imread(str(image_path), cv2.IMREAD_COLOR)
        if frame is None:
            raise EvaluationError(f"{image_path}: missing or unreadable image")
        pipeline, table = setup_table(truth, layout, model, fit_board)
        observation = pipeline.observe(frame, frame_index=count, still=True)
        scores.first_ms.append(observation.elapsed_ms)
        # Live, the pose is tracked from the previous frame and the slot warps are cached: the second
        # reading of the frame is what every frame after the first costs.
        scores.elapsed_ms.append(pipeline.observe(frame, frame_index=count, still=True).elapsed_ms)
        scores.stage_ms.append(dict(pipeline.stage_ms))
        score_frame(scores, observation, truth, layout, pipeline.terms)
        if hand_trials:
            trial = hand_trial(pipeline, table, truth, layout, np.random.default_rng([count, 7]))
            if trial is not None:
                scores.hand_frames += 1
                scores.occluded_false_reports += int(trial[1])
    result = scores.to_json()
    if stages:
        result["median_stage_ms"] = scores.stage_medians()
    return result
