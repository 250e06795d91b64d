"""The live table loop: camera frames → vision → reconciler → session, in one background thread.

Each frame is read from a ``vision.sources`` source, turned into an ``Observation`` by the
``VisionPipeline`` (:func:`watching_pipeline`: every slot but the score track) and given to the current
session's ``Reconciler``, which commits, prompts or
alerts through the session (the tablet and the LEDs follow the session). After every commit the
frame is confirmed to the pipeline, so vision keeps learning from states the rules vouch for.

The web server only ever reads what the loop publishes (``status``, ``latest_jpeg()``); the loop
never waits on the web. A missing frame from a live camera is a drop (an alert of kind ``camera``);
a finished video or folder simply ends.

>>> loop = TableLoop(desk, open_camera("0"), watching_pipeline(load_layout(), players))  # doctest: +SKIP
>>> loop.set_reference(empty_board_picture); loop.start()                               # doctest: +SKIP
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Sequence

import numpy as np

from companion.games import RuleError
from companion.reconciler import Outcome, Policy, Reconciler
from companion.reconciler.evidence import VisibleView, confident_mismatches
from companion.reconciler.explain import place_of
from companion.reconciler.fixtures import lasting_misreads, seen_otherwise
from companion.reconciler.perception import fixtures_of
from vision.layout import Layout
from vision.observation import Observation
from vision.pipeline import VisionPipeline

from .camera_watch import CameraWatch
from .overlay import draw_overlay, piece_marks

log = logging.getLogger(__name__)

JPEG_INTERVAL_S = 0.2          # the tablet polls about once a second; 5 encodes a second is plenty
RETRY_AFTER_DROP_S = 0.5
SETUP_FRAMES = 8               # frames of the empty board whose markers are averaged at setup
AGREEMENT_DOUBT = 0.5          # a reading this sure that differs from the committed state stops vision learning from a frame


def watching_pipeline(layout: Layout, players: Sequence[str], **options: Any) -> VisionPipeline:
    """The camera pipeline the reconciler reads: every slot of the layout but the score track. The
    companion keeps the score from the rules and the reconciler does not model the players' score discs
    (a disc on the track would read as a piece nothing explains); it saves reading 100 spaces a frame."""
    return VisionPipeline(layout, tuple(players), slots=layout.slot_names(with_score=False), **options)


@dataclass(frozen=True)
class LiveStatus:
    """What the tablet shows about the camera. ``camera``: starting, no_reference, watching, dropped, ended, stopped."""

    camera: str = "starting"
    camera_name: str = ""
    registered: bool = False
    occluded: bool = False
    stable: bool = False
    prompt: dict[str, Any] | None = None
    frames: int = 0
    fps: float = 0.0
    message: str = ""
    start_seen: bool = False    # the camera has taken in the starting (or resumed) position: players may move

    def to_json(self) -> dict[str, Any]:
        return {"camera": self.camera, "camera_name": self.camera_name, "registered": self.registered,
                "occluded": self.occluded, "stable": self.stable, "prompt": self.prompt, "frames": self.frames,
                "fps": round(self.fps, 1), "message": self.message, "start_seen": self.start_seen}

    def shown(self) -> tuple:
        """The part a screen draws: a change here wakes the tablets (frame counters don't)."""
        return (self.camera, self.registered, self.occluded, repr(self.prompt), self.message, self.start_seen)


@dataclass
class FrameTiming:
    """One processed frame, for the benchmark: when, how long vision and the reconciler took, what came out."""

    frame_index: int
    observe_ms: float
    reconcile_ms: float
    kinds: tuple[str, ...] = ()
    stable: bool = False
    finished_at: float = field(default_factory=time.perf_counter)


class TableLoop:
    """Watches the table; ``start()`` runs :meth:`step` in a thread, tests may call :meth:`step` directly."""

    def __init__(self, desk: Any, source: Any, pipeline: Any, *, policy: Policy | None = None, fps: float = 0.0,
                 live_source: bool = True, after_frame: Sequence[Callable[["TableLoop"], None]] = (),
                 keep_timings: bool = False, reconciler: Callable[[Any], Any] | None = None) -> None:
        self.desk = desk
        self.make_reconciler = reconciler or (lambda session: Reconciler(session, policy=self.policy))
        self.source = source
        self.pipeline = pipeline
        self.policy = policy or Policy()
        self.period = 1.0 / fps if fps > 0 else 0.0
        self.live_source = live_source
        self.after_frame = list(after_frame)
        self.camera = CameraWatch(lambda: desk.session, getattr(source, "name", "camera"))
        self.outcomes: list[Outcome] = []
        self.timings: list[FrameTiming] | None = [] if keep_timings else None
        self.last_observation: Observation | None = None
        self.occluded_frames = 0
        self.hand_seen_in_status = False
        self._reconciler: Reconciler | None = None
        self._confirmed: int | None = None          # decisions count whose state vision last confirmed
        self._hand_before_confirmed = False          # a hand came over the board before the game's first confirmation
        self._prompts: dict[int, Outcome] = {}      # decision number → the prompt as asked (with its message)
        self._status = LiveStatus(camera_name=self.camera.camera_name)
        self._vision_lock = threading.Lock()
        self._latest_frame: np.ndarray | None = None
        self._setup_frames: deque[np.ndarray] = deque(maxlen=SETUP_FRAMES)   # the last frames before setup
        self._reference: tuple[Any, Any] | None = None     # the empty board, for a new game's pipeline
        self._latest_jpeg: bytes | None = None
        self._jpeg_at = 0.0
        self._frame_times: list[float] = []
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # ---- reading (any thread) ----------------------------------------------------------------------------------

    @property
    def status(self) -> LiveStatus:
        return self._status

    def latest_jpeg(self) -> bytes | None:
        """The latest picture with the recognised pieces drawn on it (the tablet's frame-source hook)."""
        return self._latest_jpeg

    @property
    def reconciler(self) -> Reconciler | None:
        return self._reconciler

    @property
    def ended(self) -> bool:
        return self._status.camera in ("ended", "stopped")

    # ---- setup ---------------------------------------------------------------------------------------------------

    def set_reference(self, empty_board: np.ndarray | Sequence[np.ndarray],
                      corners_px: Sequence[Sequence[float]] | None = None, board_fit: Any = None) -> None:
        """The empty-board capture: one picture, or a few successive ones (the pose is averaged over
        them). Raises ValueError (in words for the user) when the board is not found. The layout is fitted to
        the board in it (:attr:`board_fit`), or ``board_fit`` (a :class:`vision.board_fit.BoardFit` saved with
        the setup) is used."""
        with self._vision_lock:
            if board_fit is None:
                self.pipeline.set_reference(empty_board, corners_px)
            else:
                self.pipeline.set_reference(empty_board, corners_px, board_fit=board_fit)
            self._reference = (empty_board, corners_px)
            self._confirmed, self._hand_before_confirmed = None, False
        self._publish(replace(self._status, camera="watching", message=""))

    def capture_reference(self, corners_fraction: Sequence[Sequence[float]] | None = None) -> np.ndarray:
        """Take the latest camera picture as the empty-board reference (the setup step; the frames just
        before it steady the pose); returns it."""
        picture = self._latest_frame
        if picture is None:
            raise ValueError("there is no camera picture yet")
        pictures = list(self._setup_frames) if self._setup_frames and self._setup_frames[-1] is picture else [picture]
        corners = None
        if corners_fraction is not None:
            height, width = picture.shape[:2]
            corners = [(x * width, y * height) for x, y in corners_fraction]
        self.set_reference(pictures if corners is None else picture, corners)
        return picture

    @property
    def board_fit(self) -> Any:
        """The layout's fit to the board at setup (:class:`vision.board_fit.BoardFit`; None before setup, or for a
        pipeline that does not fit)."""
        return getattr(self.pipeline, "board_fit", None)

    # ---- the thread ------------------------------------------------------------------------------------------------

    def start(self) -> "TableLoop":
        self._thread = threading.Thread(target=self._run, name="table-loop", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        close = getattr(self.source, "close", None)
        if close:
            close()
        self._publish(replace(self._status, camera="stopped"))

    def _run(self) -> None:
        while not self._stop.is_set() and not self.ended:
            started = time.monotonic()
            try:
                delivered = self.step()
            except Exception:          # a bad frame or a bug must not blind the companion for the rest of the game
                log.exception("the table loop failed on a frame; going on with the next")
                delivered = True
            wait = self.period - (time.monotonic() - started) if delivered else RETRY_AFTER_DROP_S
            if wait > 0:
                self._stop.wait(wait)

    # ---- one frame ---------------------------------------------------------------------------------------------------

    def step(self) -> bool:
        """Read and process one frame; False when the camera gave none (a drop, or the end of a recording)."""
        frame = self._read()
        if frame is None:
            if not self.live_source:
                self._publish(replace(self._status, camera="ended", message="the recording has ended"))
            elif self.camera.frame_missing() or self._status.camera != "dropped":
                self._publish(replace(self._status, camera="dropped", registered=False, occluded=False,
                                      stable=False, message="no picture from the camera"))
            return False
        self.camera.frame_arrived()
        self._frame_times = (self._frame_times + [time.monotonic()])[-20:]
        with self._vision_lock:
            self._latest_frame = frame.image
            if self.pipeline.reference is None:
                self._setup_frames.append(frame.image)
                self._publish(replace(self._status, camera="no_reference", frames=self._status.frames + 1,
                                      fps=self._fps(), message="take the empty-board picture in Setup"))
                self._encode(frame.image, None)
                return True
            started = time.perf_counter()
            observation = self.pipeline.observe(frame.image, frame.index)
            observed = time.perf_counter()
            outcomes = self._reconcile(frame.image, observation)
            reconciled = time.perf_counter()
        self.last_observation = observation
        self.occluded_frames += observation.occluded
        self.outcomes += outcomes
        if self.timings is not None:
            self.timings.append(FrameTiming(frame.index, (observed - started) * 1000, (reconciled - observed) * 1000,
                                            tuple(o.kind for o in outcomes), observation.stable, reconciled))
        for hook in self.after_frame:
            hook(self)
        self._publish(LiveStatus(camera="watching", camera_name=self.camera.camera_name,
                                 registered=observation.registered, occluded=observation.occluded,
                                 stable=observation.stable, prompt=self._prompt_json(),
                                 frames=self._status.frames + 1, fps=self._fps(),
                                 message="" if observation.registered else "the board is not in view",
                                 start_seen=self.start_seen))
        self.hand_seen_in_status |= self._status.occluded
        self._encode(frame.image, observation)
        return True

    @property
    def start_seen(self) -> bool:
        """True once the camera has taken in the game's starting (or resumed) position: the players' cue to move."""
        return self._confirmed is not None

    def _read(self) -> Any:
        try:
            return self.source.read()
        except Exception as problem:     # a driver error is a drop like any other
            log.warning("camera read failed: %s", problem)
            return None

    def _reconcile(self, image: np.ndarray, observation: Observation) -> list[Outcome]:
        session = self.desk.session
        if session is None:
            return []
        if self._reconciler is None or self._reconciler.session is not session:
            self._reconciler = self.make_reconciler(session)
            self._confirmed, self._prompts, self._hand_before_confirmed = None, {}, False
            if tuple(session.players) != tuple(self.pipeline.players) and self._reference is not None:
                self._repipe(tuple(session.players))
                return []
        self._hand_before_confirmed |= self._confirmed is None and observation.occluded
        starting = self._confirmed is None and observation.stable
        moved: set[str] = set()
        if starting:
            # the game's starting (or resumed) state is what the rules vouch for before any move; but the first
            # still frames may already show a move a hand was seen making: the squares read as a legal next move
            # would leave them keep their setup look (or the move would be learned as what the empty square looks
            # like, and never be seen), until the move is committed. With no hand seen, what they show is the
            # start, misread or not, and nothing is held back.
            moved = self._next_move_shown(observation) if self._hand_before_confirmed else set()
            self.pipeline.confirm(image, session.state.table_view(), doubted=moved)
            if not moved:
                self._confirmed = len(session.actions)
        try:
            outcomes = self._reconciler.observe(observation)
        except RuleError as changed:    # the tablet changed the game during this frame: read the next one afresh
            log.info("frame skipped, the game changed meanwhile: %s", changed)
            return []
        if starting:        # once the reconciler took this frame's change levels, measured before the confirm
            self._reconciler.vision_confirmed(moved)
        if any(outcome.kind in ("commit", "correction") for outcome in outcomes):
            self.pipeline.confirm(image, session.state.table_view())
            self._reconciler.vision_confirmed()
            self._confirmed = len(session.actions)
        elif (self._confirmed != len(session.actions) and observation.stable
              and not self._reconciler.hand_since_decision and self._agrees(observation)):
            # decisions made on the tablet (prompt answers, undo): confirmed once the table is seen to match, but for
            # the supplies it still reads otherwise. Once a hand came since, the table may already show the next
            # move, which vision would learn as the bare place: nothing is learned until the camera commits again.
            doubted = self._supplies_doubted(observation)
            self.pipeline.confirm(image, session.state.table_view(), doubted=doubted)
            self._reconciler.vision_confirmed(doubted)
            self._confirmed = len(session.actions)
        for outcome in outcomes:
            if outcome.kind == "prompt" and outcome.decision is not None:
                self._prompts[outcome.decision] = outcome
        return outcomes

    def _agrees(self, observation: Observation) -> bool:
        """True when no slot reads, with some confidence, other than the committed state shows: then the
        frame can teach vision (references, tile looks, colours, supplies) without learning a piece the
        state doesn't know of.

        A reading no move can make (:func:`lasting_misreads`: a building read as nothing) is a misread, not a piece
        the state doesn't know of: it does not stop the frame teaching (else vision may first learn the place on a
        later frame that already shows the next move, and learn that move's piece as the empty place)."""
        session = self.desk.session
        expected = VisibleView.of(session.state.table_view())
        doubted = self._doubted(observation) - lasting_misreads(observation, fixtures_of(session.game), expected)
        if doubted and self._confirmed is not None and self._confirmed <= len(session.actions):
            # what vision learned last reads on as the camera sees the game now (a building replaced under its new
            # house keeps its old name until vision learns it here): no doubt, or it is never learned.
            learned = VisibleView.of(session.history()[self._confirmed].table_view())
            doubted -= seen_otherwise(observation, fixtures_of(session.game), expected, learned, doubted)
        return not doubted

    def _supplies_doubted(self, observation: Observation) -> set[str]:
        """The supply zones (``"supply.red"``) read, however unsurely, with other counts than the committed state has.

        Their picture may not show the committed counts yet (a good the camera could not read left the zone): taught
        now, the zone would learn wrong counts for its picture. Held back, a zone keeps its last confirmed picture
        and counts, which still agree with each other.
        """
        expected = VisibleView.of(self.desk.session.state.table_view())
        return {f"supply.{colour}" for colour in confident_mismatches(observation, expected, confident=0.0).supplies}

    def _doubted(self, observation: Observation) -> set[str]:
        """The slots read, with some confidence, other than the committed state shows."""
        expected = VisibleView.of(self.desk.session.state.table_view())
        return set(confident_mismatches(observation, expected, confident=AGREEMENT_DOUBT).slots)

    def _next_move_shown(self, observation: Observation) -> set[str]:
        """The slots of the one legal next decision the table already shows, read with some confidence.

        Before vision has learned anything at the table, squares may read wrong (the start's neutral buildings
        were not on the board at setup): when they look like several different moves at once, none is held back;
        nor is a move onto a place where the game already has a piece (:func:`_unlearned_places`): such a place
        reads nothing vision has seen yet (a building of the start misread as a worker would otherwise be held back
        and committed as a move nobody made).
        """
        state = self.desk.session.state
        doubted, decision = self._doubted(observation), state.pending()
        if not doubted or decision is None:
            return set()
        now = VisibleView.of(state.table_view())
        unlearned = _unlearned_places(now)
        shown = []
        for option in decision.options:
            after = VisibleView.of(state.apply(option.action).table_view())
            changed = after.changed_slots(now)
            if changed and changed <= doubted and all(observation.best(slot)[0] == after.label(slot)
                                                      for slot in changed):
                shown.append(changed)
        if len(shown) != 1 or any(place_of(slot) in unlearned for slot in shown[0]):
            return set()
        return shown[0]

    def _repipe(self, players: tuple[str, ...]) -> None:
        """A new game with other colours: a pipeline for them, on the same empty board and model."""
        pipeline = type(self.pipeline)(self.pipeline.shipped_layout, players, model=self.pipeline.model,
                                       slots=self.pipeline.slot_names)
        pipeline.seed_colours(self.pipeline.setup_colours)      # the colours calibrated in Setup
        pipeline.set_reference(*self._reference, board_fit=self.pipeline.board_fit)   # the same board, fitted once
        self.pipeline = pipeline

    def _prompt_json(self) -> dict[str, Any] | None:
        reconciler = self._reconciler
        prompt = reconciler.open_prompt if reconciler is not None else None
        if prompt is None:
            return None
        asked = self._prompts.get(prompt.decision)
        return {"decision": prompt.decision, "player": prompt.player, "reason": prompt.reason,
                "message": asked.message if asked is not None else "",
                "actions": [action.to_json() for action in prompt.actions]}

    def open_prompt_decision(self) -> int | None:
        """The decision number the camera is asking about now (the tablet answers it as a prompt)."""
        prompt = self._status.prompt
        return prompt["decision"] if prompt else None

    # ---- publishing --------------------------------------------------------------------------------------------------

    def _publish(self, status: LiveStatus) -> None:
        changed = status.shown() != self._status.shown()
        self._status = status
        if changed:
            self.desk.notify("camera")

    def _fps(self) -> float:
        times = self._frame_times
        return (len(times) - 1) / (times[-1] - times[0]) if len(times) > 1 and times[-1] > times[0] else 0.0

    def _encode(self, image: np.ndarray, observation: Observation | None) -> None:
        now = time.monotonic()
        if now - self._jpeg_at < JPEG_INTERVAL_S and self._latest_jpeg is not None:
            return
        from companion.web.camera_feed import encode_jpeg
        self._jpeg_at = now
        session = getattr(self.desk, "session", None)
        marks = piece_marks(session.game) if session is not None else {}
        self._latest_jpeg = encode_jpeg(draw_overlay(image, observation, self._slot_pixels(), marks))

    def _slot_pixels(self) -> dict[str, tuple[float, float]]:
        pose = getattr(self.pipeline.tracker, "pose", None)
        if pose is None:
            return {}
        names = self.pipeline.slot_names
        centres = pose.to_image([self.pipeline.windows[name].center for name in names])
        return {name: (float(x), float(y)) for name, (x, y) in zip(names, centres)}


def _unlearned_places(view: VisibleView) -> set[str]:
    """The places holding a piece in ``view``: at the game's first confirmation vision has seen them only empty
    (the setup capture is the empty board), so what any of their slots reads is no evidence of a move yet."""
    return {place_of(slot) for slot, label in view.labels.items() if label}
