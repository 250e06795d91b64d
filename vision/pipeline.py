"""Frame → Observation: registration, stability gates, slot model, colours, tiles, cubes.

The pipeline names no game's pieces: what it needs of the game (which kinds stand how tall, hide, pass, stack,
carry a colour; the goods and the coin) is its :class:`~vision.vocabulary.Vocabulary`, built from the
:class:`~companion.games.table_spec.TableSpec` it is given, or from the pack of the layout's game.

>>> from vision.layout import load_layout
>>> pipeline = VisionPipeline(load_layout(), ("red", "blue"), model=None)
>>> pipeline.observe(np.zeros((72, 128, 3), np.uint8)).registered
False

Setup, in the order a first game goes:

1. :meth:`VisionPipeline.set_reference` with a picture of the empty board (markers in view, or the
   four corners tapped): every slot's reference crop, the supply zones' empty look, the board picture
   the hand detector compares with.
2. :meth:`VisionPipeline.confirm` whenever the rules have confirmed a state: the slots the state says
   are empty take their current crop as the new reference (a tile placed under a worker's circle
   becomes part of "the board" there), placed tiles are enrolled by name, piece colours are learned
   from the pieces on the board.
3. :meth:`VisionPipeline.observe` for every frame.
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Callable, Collection, Mapping, Sequence

import numpy as np

from companion.games.table_spec import TableSpec
from companion.games.table_view import Piece, TableView

from .colours import ColourModel, added_pixels, added_pixels_batch, quantile_within, relit_change, row_means
from .crops import CROP_PX, crop_slots, own_space, rectify, slot_windows
from .cubes import cube_colour_model, cube_footprint_mm2
from .hand_side import ArmTracker, SeatSides
from .board_fit import BoardFit, fit_board
from .card_fit import PlaceShifts, card_offset, refit_pose, shifted, table_shift
from .coin_piles import CoinCount, CoinPile, layer_shift_px
from .cards import (BACK, CardLibrary, CardPlace, card_places, change_within, labels as card_labels, place_scale,
                    read_place, rectify_place)
from .layout import Layout, layout_pack
from .leaning import (LAMP_REACH_MM, beside, colours_in_front, doubt_behind_hidden,
                      doubt_leaning, hidden_behind, leaning_in, leaning_over, own_pixels, shadows, stack_shadows,
                      unlearned_beside, unlearned_houses, unlearned_tiles)
from .observation import Observation
from .recognizer import KINDS, SlotModel
from .registration import MarkerBoard, Pose, RegistrationTracker, camera_position_mm
from .stacks import REFERENCE_PX_PER_MM, StackReader
from .stability import HandDetector, MotionGate
from .supplies import SupplyZone
from .tiles import TileLibrary
from .unique_pieces import at_most_one
from .vocabulary import Vocabulary
from .worker_piles import MARGIN_MM, PileReader, zone_points

import cv2

HAND_PX_PER_MM = 0.35         # the hand detector's picture of the play area: coarse is enough for an arm
PLAY_AREA_MARGIN_MM = 40.0    # round the board, its markers and the supply zones: where an arm reaches in
MIN_MARKER_SPREAD = 0.25      # share of the board the markers seen at setup must enclose
RESTING_ROOM_MM = 15.0        # round the board and supply zones: pieces resting there (a pile leans toward the camera)
SUPPLY_PX_PER_MM = 1.2        # supply zones: a 10 mm cube is 12 px wide (the camera gives less)
MULTI_DISC_PREFIXES = ("favour.", "score.")   # slots where several players' discs can sit together
OWN_SPACE_SCALE = 0.8          # their colours are counted on the space shrunk this much: a stack next door leans in
                              # (favour slot-frames read wrong on 11 rendered states: 31 whole crop, 2 space, 0 at 0.8)
MIN_LABEL_PROBABILITY = 1e-4
COLOUR_WORTH = 0.01           # below this chance of a coloured piece, the slot's colour is not measured
STACK_WORTH = 0.05            # below this chance of a disc, a stack space's discs are not counted (one disc's colour)
GAIN_SAMPLE = 4               # every 4th slot measures the lamp's change for the stacks' profiles
UNCHANGED_BELOW = 24.0        # change level (see change_level) under which a slot is read empty directly
UNCHANGED_DOUBT = 0.002       # probability left to the slot's other kinds when it is read empty directly
NEW_TILE_SHARE = 0.5         # belief that a tile on a square with no confirmed building is a building never seen
FRESH_TILE_DOUBT = 0.9       # how much a slot's reading is doubted while an unconfirmed tile lies under it
PRESENT_CHANGE = 60.0         # a unique piece the slot model has no kind for: change level at which it is as likely
PRESENT_CHANGE_WIDTH = 8.0    # there as not, and the logistic's width (read_by_change)
OWN_SHIFT_KEPT_MM = 2.5      # a face shown at setup is cut at its own centre when that lies this close to its neighbours'
CARD_UNCHANGED_BELOW = 24.0  # a card place whose picture changed less than this since it was last read keeps its reading
COVERED_TILE_KEPT = 0.95      # belief that a tile with a piece on it is still there, and still the building confirmed

# The supply zones are read on this thread while the slots are read on the caller's: the two share nothing, both
# spend most of their time in cv2, numpy and onnxruntime (which let go of the GIL), and the machine has two cores
# (held-out frames, 1280×720: 6-12 ms a frame saved, timed beside the serial code). One thread for every pipeline of the process: a second
# pipeline observing at the same time waits its turn.
_SUPPLY_READER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="supply-zones")


def _tile_name(view: TableView, slot: str, tile: str | None) -> str | None:
    """The name of the ``tile`` piece the view places on ``slot`` (None without a named tile)."""
    return next((piece.name for piece in view.pieces(slot) if piece.kind == tile and piece.name), None)


class StageTimes:
    """Milliseconds spent in each stage of one :meth:`VisionPipeline.observe` (``bench_vision.py --stages``)."""

    def __init__(self) -> None:
        self.ms: dict[str, float] = {}
        self._last = time.perf_counter()

    def __call__(self, stage: str) -> None:
        """The time since the last call was spent in ``stage``."""
        now = time.perf_counter()
        self.ms[stage] = self.ms.get(stage, 0.0) + (now - self._last) * 1000
        self._last = now


@dataclass
class Reference:
    """What the empty table looked like (and what the rules have since confirmed)."""

    crops: np.ndarray                       # (slots, 32, 32, 3) in the pipeline's slot order
    hand_picture: np.ndarray                # top-down board picture for the hand detector
    supplies: dict[int, SupplyZone] = field(default_factory=dict)
    bare: np.ndarray | None = None          # each slot's crop as last confirmed with no piece leaning over it
    confirmed: np.ndarray | None = None     # each slot's crop as last confirmed, whatever stood on it (Observation.changes)
    # slot → {neighbour: its crop then}: the confirmed pieces next door that stood in the slot's reference crop
    leaning: dict[int, dict[int, np.ndarray]] = field(default_factory=dict)
    # slot → {neighbour in ``leaning``: {a slot in front of that neighbour: its crop then}} (``VisionPipeline._fronts``)
    fronting: dict[int, dict[int, dict[int, np.ndarray]]] = field(default_factory=dict)
    piles: dict[int, CoinPile] = field(default_factory=dict)     # seat → its coins counted (vision.coin_piles)


def change_level(references: np.ndarray, currents: np.ndarray) -> np.ndarray:
    """Per crop pair: the 90th percentile of the (light-matched, 3×3-smoothed) colour change, 0…765."""
    if len(currents) == 0:
        return np.zeros(0)
    count, side = len(currents), currents.shape[1]
    gains = (row_means(currents) + 1) / (row_means(references) + 1)
    change = relit_change(references, currents, gains)
    smooth = cv2.blur(change.reshape(count * side, -1), (3, 3)).reshape(count, -1)
    return quantile_within(smooth, None, 0.9)


def play_area(layout: Layout, margin_mm: float) -> tuple[float, float, float, float]:
    """Board-mm bounds of the board, its markers and the supply zones, with ``margin_mm`` round them."""
    corners = [(0.0, 0.0), layout.board_size]
    corners += [point for marker in layout.markers for point in marker.corners().tolist()]
    corners += [corner for zone in layout.supplies
                for corner in (zone.origin, (zone.origin[0] + zone.size[0], zone.origin[1] + zone.size[1]))]
    xs, ys = zip(*corners)
    return min(xs) - margin_mm, min(ys) - margin_mm, max(xs) + margin_mm, max(ys) + margin_mm


class VisionPipeline:
    """Reads frames of one game's table. ``spec`` is the game's table (``get_pack(game).table``); left out, the
    table of the pack the layout's game names (:func:`vision.layout.layout_pack`)."""

    def __init__(self, layout: Layout, players: Sequence[str], model: SlotModel | str | Path | None = "default",
                 use_markers: bool = True, slots: Sequence[str] | None = None, spec: TableSpec | None = None,
                 fit_board: bool = True) -> None:
        self.layout = layout
        self.shipped_layout = layout        # the layout as the pack ships it; ``layout`` is it fitted to the board
        self.fits_board = fit_board          # fit the layout to the board at setup (vision.board_fit)
        self.board_fit: BoardFit | None = None
        spec = spec if spec is not None else layout_pack(layout).table
        self.terms = Vocabulary.of(spec)
        # coins counted in a zone of their own, for a game with no goods (vision.coin_piles): stacks, a coin's thickness
        self._coin_pile = spec.extra.get("coin_pile") if spec.coin and not spec.goods else None
        terms = self.terms
        self.players = tuple(players)
        # Card places (rect places of a card kind read by its face) are read by the card reader (vision.cards), the
        # other slots by the slot model.
        wanted = layout.slot_names() if slots is None else list(slots)
        self.card_places: dict[str, CardPlace] = {}
        self._pick_card_places(layout, wanted)
        # Counted zones of standing pieces (a pile of workers) are counted by colour (vision.worker_piles).
        self.worker_piles: PileReader | None = PileReader.of(layout, terms)
        counted = self.worker_piles.zones if self.worker_piles else {}
        self.windows = slot_windows(layout, [name for name in wanted if name not in self.card_places
                                             and name not in counted])
        self.slot_names = list(self.windows)
        self.cards = CardLibrary()                   # the faces enrolled (enrol_cards, or learned at confirm)
        self._empty_cards: dict[str, np.ndarray] = {}       # each card place's picture at setup (the bare table)
        self._card_seen: dict[str, tuple[np.ndarray, dict[str, float]]] = {}   # last picture read and its labels
        self.card_shifts = PlaceShifts()             # where the cards shown at setup lay against their places
        self._empty_frame: np.ndarray | None = None
        self._card_pose: Pose | None = None          # the pose refitted to the markers and the cards shown at setup
        self._card_points: list[tuple[tuple[float, float], tuple[float, float]]] = []   # (table mm, image px)
        self._shown: list[tuple[np.ndarray, dict[str, Piece], dict[str, tuple[float, float]]]] = []  # setup frames
        self.accepts = [layout.region(name).accepts for name in self.slot_names]
        if model == "default":
            model = SlotModel()
        elif isinstance(model, (str, Path)):
            model = SlotModel(model)
        self.model: SlotModel | None = model
        markers = None
        if use_markers:
            markers = MarkerBoard({m.id: m.corners().astype(np.float32) for m in layout.markers}, layout.board_size,
                                  getattr(cv2.aruco, layout.marker_dictionary))
        self.tracker = RegistrationTracker(markers)
        self.motion = MotionGate()
        self.colours = ColourModel.nominal([p for p in self.players])
        self.setup_colours: dict[str, tuple[float, ...]] = {}     # seeded from the setup wizard (seed_colours)
        self.cube_colours = cube_colour_model(terms)
        self.tiles = TileLibrary()
        self.placed_tiles: dict[str, str] = {}       # road square's tile slot → building confirmed there
        # worker circles on a building whose reference predates it (a piece stood there when the rules confirmed it)
        self._before_tile: set[str] = set()
        self._use_layout(layout)                     # the slots' windows and every neighbourhood they make
        self._tile_leans: dict[int, frozenset[int]] = {}     # … those that held a piece when its look was last enrolled
        self._unchanged_kinds, self._unchanged_labels = self._unchanged_readings()
        # the spots of the pieces the game has one of (pale ones the slot model misses most) and of the passing pieces
        # (Observation.changes)
        self._watched_changes = [i for i, accepts in enumerate(self.accepts)
                                 if set(accepts) & {*terms.unique, *terms.passing}]
        self.reference: Reference | None = None
        self.hands: HandDetector | None = None
        self.arms = ArmTracker(SeatSides.of(layout, self.players))    # which seat's side a hand came from
        self._shadow: dict[str, tuple[str, ...]] = {}
        self._shadow_index: dict[int, tuple[int, ...]] = {}                 # the same by slot index
        self._stack_shadow: dict[str, tuple[tuple[str, int], ...]] = {}     # slot → (stack space, discs that reach it)
        self._shadow_key: tuple | None = None
        self._houses: dict[str, str] = {}
        # slot → the neighbours whose confirmed pieces stood in its picture when its reference was last taken (empty
        # until the first confirm), and the slots the last confirm held back. Before the first confirmed state, and on
        # the held-back slots (the game's first still frame may already show a move there), a window beside the provost
        # or bailiff is read as it is: hidden, it would agree with the state and the loop would learn a worker standing
        # there as the square's look.
        self._in_reference: dict[str, tuple[str, ...]] = {}
        self._held_back: frozenset[str] = frozenset()
        self._standing_leans: dict[str, list[str]] = {}    # this frame's: see _references_now
        self._hand_bounds = play_area(layout, PLAY_AREA_MARGIN_MM)
        self._in_view_mask: tuple[tuple, np.ndarray] | None = None    # (hand pose, frame size) → the mask
        # The pose the hand detector's pictures are taken with: the one its resting picture was taken with.
        # The camera is still; a refined pose would shift the picture (by pixels at the table's edge, far
        # from the markers) and a patterned table cloth would change everywhere. A bump replaces it.
        self._hand_pose: Pose | None = None
        # The pose the slots are cut with: the one their references were cut with, for the same reason; a bump
        # replaces it. A refit after a hand hid some markers can move the pose by a pixel or two with nothing moved:
        # the marks printed on empty squares would then shift in their crops and read as pieces.
        self._crop_pose: Pose | None = None
        self._piles_cut: Pose | None = None          # the pose the coin piles' empty table was cut through
        self.stage_ms: dict[str, float] = {}     # the last observe's time per stage

    # -- setup ---------------------------------------------------------------------------------------
    def _use_layout(self, layout: Layout) -> None:
        """Read the slots where ``layout`` puts them: their windows, and the neighbourhoods their places make (the
        pipeline's own layout, or the shipped one fitted to the board at setup)."""
        terms = self.terms
        self.layout = layout
        self._pick_card_places(layout, list(self.card_places))
        self.worker_piles = PileReader.of(layout, terms)
        self.windows = slot_windows(layout, self.slot_names)
        self.covering = self._covering_slots()       # tile slot index → slots standing on that tile
        self._tile_beside = self._spots_beside_tiles()   # tile slot index → provost and bailiff spots next door
        # Where several discs may share a space, a colour counts only on the space itself, not on the next
        # row's disc at the crop's edge (green's favour on prestige read as green on the deniers row below).
        self._colour_area = np.ones((len(self.slot_names), CROP_PX, CROP_PX), bool)
        for i, name in enumerate(self.slot_names):
            if name.startswith(MULTI_DISC_PREFIXES):
                self._colour_area[i] = own_space(self.windows[name], layout.region(name), scale=OWN_SPACE_SCALE)
        # Stacks of discs are read from their side, in the frame itself (their picture outgrows a slot's crop).
        self.stacks = StackReader({name: self.windows[name].center for name, accepts in zip(self.slot_names, self.accepts)
                                   if terms.stack in accepts}, len(self.players), layout.board_size,
                                  (terms.stack or "", terms.stack_height_mm, terms.stack_radius_mm))
        centres = [self.windows[name].center for name in self.slot_names]
        spots_beside = beside(centres, self.accepts, terms=terms)
        # slot → the spots of the ``beside`` kinds whose pieces show in its window whatever the camera (leaning.beside)
        self._beside = {self.slot_names[b]: tuple(self.slot_names[a] for a in spots) for b, spots in spots_beside.items()}
        # … and the spots of the ``shows_beside`` kinds whose piece shows in it (leaning.unlearned_houses); their
        # confirmed pieces' colours
        self._houses_beside = {self.slot_names[b]: tuple(self.slot_names[a] for a in spots) for b, spots in
                               beside(centres, self.accepts, terms.shows_beside, terms=terms).items()}
        # ``beside`` spot index → the windows it stands beside: a piece put there stands in front of it
        self._fronts: dict[int, tuple[int, ...]] = {}
        for b, spots in spots_beside.items():
            for a in spots:
                self._fronts[a] = self._fronts.get(a, ()) + (b,)
        self._shadow_key = None                      # the lean geometry is worked out again for the new places

    def _pick_card_places(self, layout: Layout, names: Sequence[str]) -> None:
        places = card_places(layout, self.terms.cards) if self.terms.cards else {}
        self._laid_places = {name: places[name] for name in names if name in places}    # as the layout puts them
        self.card_places = dict(self._laid_places)                                       # as they are read

    def _fit_card_places(self, pose: Pose) -> None:
        """Read every card place shifted as the cards shown at setup lay (:mod:`vision.card_fit`)."""
        self.card_places = {name: shifted(place, self.card_shifts.at(place.region.center))
                            for name, place in self._laid_places.items()}
        if self._empty_frame is not None:
            self._empty_cards = {name: rectify_place(self._empty_frame, pose, place)
                                 for name, place in self.card_places.items()}
        self._card_seen.clear()

    @property
    def read_places(self) -> list[str]:
        """Every place an observation reads: the slot model's slots, the card places, then the counted zones."""
        return self.slot_names + list(self.card_places) + (list(self.worker_piles.zones) if self.worker_piles else [])

    def enrol_cards(self, frame: np.ndarray, placements: Mapping[str, Piece]) -> None:
        """Learn card faces from a setup frame where each card of ``placements`` (place → the card) lies alone on
        its place (nothing over it): :func:`vision.cards.enrolment_places` are such places. A card with no name is
        its kind's back."""
        pose = self._crop_pose or self.tracker.pose
        if pose is None:
            raise ValueError("set the reference (the empty table) before enrolling cards")
        seen: dict[str, tuple[float, float]] = {}        # place → where the picture shows its card's centre
        for place in placements:
            laid = self._laid_places[place]
            offset = card_offset(frame, self._empty_frame, pose, laid) if self._empty_frame is not None else None
            if offset is not None:
                at = pose.to_image([np.add(laid.region.center, table_shift(laid, offset))])[0]
                seen[place] = (float(at[0]), float(at[1]))
                self._card_points.append((laid.region.center, seen[place]))
        self._shown.append((frame, dict(placements), seen))
        self._refit_card_pose(pose, (frame.shape[1], frame.shape[0]))
        card_pose = self._card_pose or pose
        for shown, laid_out, found in self._shown:       # every face shown so far, cut where its card lies
            for place, piece in laid_out.items():
                laid, where = self._laid_places[place], self.card_places[place]
                if place in found:      # its own centre, unless it strays from its neighbours' (a misread edge)
                    own = self._shift_in(card_pose, laid.region.center, found[place])
                    if np.hypot(*np.subtract(own, self.card_shifts.at(laid.region.center))) <= OWN_SHIFT_KEPT_MM:
                        where = shifted(laid, own)
                self.cards.enrol(piece.kind, piece.name or BACK, shown, card_pose, where)

    def _refit_card_pose(self, pose: Pose, size: tuple[int, int]) -> None:
        """Refit the pose the card places are read with to the markers' corners and the cards shown so far
        (:func:`vision.card_fit.refit_pose`), then the shifts that pose still leaves (:class:`PlaceShifts`)."""
        markers = self.tracker.average.means() if self.tracker.markers is not None else {}
        corners = {i: self.tracker.markers.corners_mm[i] for i in markers} if markers else {}
        table = [point for i in markers for point in corners[i].tolist()] + [p for p, _ in self._card_points]
        image = [point for i in markers for point in np.asarray(markers[i]).tolist()] + [q for _, q in self._card_points]
        refitted = refit_pose(pose, size, np.array(table), np.array(image)) if len(self._card_points) >= 8 else None
        self._card_pose = refitted or pose
        self.card_shifts = PlaceShifts()
        for centre, seen_at in self._card_points:
            self.card_shifts.add(centre, self._shift_in(self._card_pose, centre, seen_at))
        self._fit_card_places(self._card_pose)
        if self.reference is not None and self._empty_frame is not None:
            for seat, pile in self.reference.piles.items():      # the coins are read through this pose too
                pile.set_empty(self._supply_picture(self._empty_frame, self._card_pose, seat))
            self._piles_cut = self._card_pose

    @staticmethod
    def _shift_in(pose: Pose, centre: tuple[float, float], seen_at: tuple[float, float]) -> tuple[float, float]:
        """The table mm shift that takes ``centre`` to where ``pose`` puts the picture point ``seen_at``."""
        here = pose.to_image([centre])[0]
        step = pose.to_image([np.add(centre, (1.0, 0.0)), np.add(centre, (0.0, 1.0))]) - here
        return tuple(float(v) for v in np.linalg.solve(step.T, np.subtract(seen_at, here)))

    def use_cards(self, library: CardLibrary) -> None:
        """Read the card places against ``library`` (faces enrolled at an earlier setup: :meth:`CardLibrary.load`)."""
        self.cards = library
        self._card_seen.clear()

    def set_reference(self, empty_board: np.ndarray | Sequence[np.ndarray],
                      corners_px: Sequence[Sequence[float]] | None = None, board_fit: BoardFit | None = None) -> Pose:
        """Learn the empty table from a picture of it (the setup capture), or from a few successive
        pictures of it: their markers are averaged into the pose (on a noisy camera one frame's pose
        can be pixels off) and the last picture is the reference. Raises ValueError if the board
        cannot be found.

        The shipped layout is then fitted to the board in the picture (:func:`vision.board_fit.fit_board`, unless
        the pipeline was made with ``fit_board=False``), or ``board_fit`` (one saved with the setup) is used:
        :attr:`board_fit` holds the fit and its residual, and an accepted fit moves every slot's window to where
        this board prints it. A refused fit keeps the layout as shipped."""
        pictures = [empty_board] if isinstance(empty_board, np.ndarray) else list(empty_board)
        empty_board = pictures[-1]
        if corners_px is not None:
            pose = self.tracker.set_corners(corners_px, self.layout.board_size)
        else:
            for picture in pictures:
                pose = self.tracker.update(picture)
            if pose is None:
                raise ValueError("the board was not found in the setup picture: are at least two markers in view?")
            if self.tracker.spread() < MIN_MARKER_SPREAD:
                seen = ", ".join(str(i) for i in sorted(self.tracker.average.means()))
                raise ValueError(f"only markers {seen} are in view, all on one side of the board: the board can't "
                                 "be placed precisely. Move the camera (or the markers) so that markers on at "
                                 "least three sides of the board are in the picture.")
        if board_fit is None and self.fits_board:
            board_fit = fit_board(self.shipped_layout, empty_board, pose)
        self.board_fit = board_fit
        fitted = board_fit.apply(self.shipped_layout) if board_fit is not None else self.shipped_layout
        if fitted is not self.layout:
            self._use_layout(fitted)
        crops = crop_slots(empty_board, pose, self.windows)
        self._empty_frame = empty_board if self.card_places else None
        self.card_shifts = PlaceShifts()
        self._card_pose, self._card_points, self._shown = None, [], []
        self._fit_card_places(pose)
        if self.worker_piles is not None:
            self.worker_piles.set_reference(empty_board, pose)
        hand_picture = rectify(empty_board, pose, self._hand_bounds, HAND_PX_PER_MM)
        self.stacks.set_reference(rectify(empty_board, pose, self.stacks.reference_bounds(), REFERENCE_PX_PER_MM))
        self._hand_pose = self._crop_pose = pose
        size = (empty_board.shape[1], empty_board.shape[0])
        supplies = {seat: SupplyZone(self._supply_picture(empty_board, pose, seat), self.cube_colours,
                                     self._cube_unit_px(pose, size, seat), terms=self.terms)
                    for seat in range(len(self.players)) if self._has_zone(seat)}
        self.reference = Reference(crops, hand_picture, supplies, bare=crops.copy(), confirmed=crops.copy(),
                                   piles=self._coin_piles(empty_board, pose))
        self._in_reference = {}
        tile_area = 45 * 45 * HAND_PX_PER_MM ** 2
        self.hands = HandDetector(hand_picture, min_area_px=int(tile_area * 1.6),
                                  resting=self._resting_places(hand_picture))
        self.motion.reset()
        return pose

    def confirm(self, frame: np.ndarray, view: TableView, *, doubted: Collection[str] = ()) -> None:
        """Learn from a frame whose contents the rules have confirmed (see the module docstring).

        Slots in ``doubted`` (read as something else than ``view`` says) teach nothing: at the start of a game
        the first still frame may already show a move the rules don't know of yet. Nor do the supply zones named
        there (``"supply.red"``): a zone confirmed with counts its picture doesn't show reads those counts, sure,
        for as long as the picture stays.
        """
        pose = self.tracker.pose
        if pose is None or self.reference is None:
            return
        crops = crop_slots(frame, self._crop_pose or pose, self.windows)
        self._shadows(pose, frame.shape)
        self._held_back = frozenset(doubted)
        near = {slot: self._shadow.get(slot, ()) + self._beside.get(slot, ()) + self._houses_beside.get(slot, ())
                for slot in {*self._shadow, *self._beside, *self._houses_beside}}
        terms = self.terms
        self._houses = {spot: piece.colour for spots in self._houses_beside.values() for spot in spots
                        for piece in view.pieces(spot) if piece.kind in terms.shows_beside and piece.colour}
        over = leaning_over(view.pieces, near, self._stack_shadow, terms=terms)
        retiled = {k for i, on_it in self.covering.items()
                   if _tile_name(view, self.slot_names[i], terms.tile) != self.placed_tiles.get(self.slot_names[i])
                   for k in on_it}
        self._before_tile |= {self.slot_names[k] for k in retiled
                              if set(terms.beside_takers) & set(self.accepts[k]) and (
                                  self.slot_names[k] in doubted or view.pieces(self.slot_names[k]))}
        learned: dict[str, list[np.ndarray]] = {}
        for i, name in enumerate(self.slot_names):
            if name in doubted:
                continue
            self.reference.confirmed[i] = crops[i]
            pieces = view.pieces(name)
            if not pieces:
                self._before_tile.discard(name)
                self.reference.crops[i] = crops[i]
                self._in_reference[name] = over.get(name, ())
                # A neighbour's piece standing in the crop is part of this reference only while it stays as it is;
                # a ``shows_beside`` piece (an owner's house) stays for good: it is part of the board there, bare or
                # not (its crop changes more with the sensor's noise than the leaning test allows, so it is not
                # watched).
                passing = [slot for slot in over.get(name, ()) if slot not in self._houses]
                if passing and i not in retiled:
                    self.reference.leaning[i] = {k: crops[k] for k in map(self.slot_names.index, passing)}
                    self.reference.fronting[i] = {k: {j: crops[j] for j in self._fronts.get(k, ()) if j != i}
                                                  for k in self.reference.leaning[i]}
                else:
                    self.reference.bare[i] = crops[i]
                    self.reference.leaning.pop(i, None)
                    self.reference.fronting.pop(i, None)
                continue
            for piece in pieces:
                if piece.kind == terms.tile and piece.name:
                    self.placed_tiles[name] = piece.name
                    # A passing piece standing on the tile would become part of its look (a piece that stays
                    # on it for good is part of it).
                    if not any(p.kind in terms.passing for k in self.covering.get(i, ())
                               for p in view.pieces(self.slot_names[k])):
                        self.tiles.enrol(piece.name, crops[i])
                        self._tile_leans[i] = frozenset(k for k in self._tile_beside.get(i, ())
                                                        if view.pieces(self.slot_names[k]))
            if len(pieces) == 1 and pieces[0].kind in terms.coloured and pieces[0].colour in self.players:
                learned.setdefault(pieces[0].colour, []).append(added_pixels(self.reference.crops[i], crops[i]))
        for colour, pixels in learned.items():
            self.colours.learn(colour, np.concatenate(pixels))
        self._learn_faces(frame, view, doubted)
        if self.worker_piles is not None:
            self.worker_piles.learn(frame, {zone: {colour: sum(p.colour == colour for p in view.pieces(zone))
                                            for colour in self.players}
                                     for zone in self.worker_piles.zones if zone not in doubted}, self.colours)
        discs = {name: pieces[0].colour for name in self.stacks.centres if name not in doubted
                 and len(pieces := view.pieces(name)) == 1 and pieces[0].colour in self.players}
        self.stacks.learn(frame, pose, camera_position_mm(pose.image_from_board, (frame.shape[1], frame.shape[0])), discs)
        self._share_light_with_cubes()
        for seat, zone in self.reference.supplies.items():
            if self.players[seat] in view.supplies and f"supply.{self.players[seat]}" not in doubted:
                zone.confirm(self._supply_picture(frame, pose, seat), view.supplies[self.players[seat]])
        for seat, pile in self.reference.piles.items():
            counts = view.supplies.get(self.players[seat], {})
            if terms.coin in counts and f"supply.{self.players[seat]}" not in doubted:
                pile.confirm(self._supply_picture(frame, self._pile_pose(), seat), counts[terms.coin])
        if self.hands is not None:
            self.hands.accept(rectify(frame, pose, self._hand_bounds, HAND_PX_PER_MM))
            self._hand_pose = pose

    def _learn_faces(self, frame: np.ndarray, view: TableView, doubted: Collection[str]) -> None:
        """A card the rules confirm on a place, whose face was never enrolled, is enrolled from this frame when no
        card lies over it (learned when first played)."""
        for name, place in self.card_places.items():
            pieces = view.pieces(name)
            if name in doubted or len(pieces) != 1 or (pieces[0].kind, pieces[0].name or BACK) in self.cards:
                continue
            if pieces[0].kind in self.terms.cards and not any(view.pieces(later) for later in place.covered_by):
                self.cards.enrol(pieces[0].kind, pieces[0].name or BACK, frame,
                                 self._card_pose or self._crop_pose or self.tracker.pose, place)
                self._card_seen.clear()

    def seed_colours(self, samples_bgr: Mapping[str, Sequence[float]]) -> list[str]:
        """Take the players' piece colours measured at setup (the wizard's taps: one BGR colour each) as
        if learned from their pieces; a confirmed piece of that colour later replaces it. Colours of no
        player of this game are left out; returns the colours taken."""
        self.setup_colours = {name: tuple(map(float, bgr)) for name, bgr in samples_bgr.items()}   # for a new game's pipeline
        taken = [name for name in self.players if name in samples_bgr]
        for name in taken:
            self.colours.learn(name, np.asarray(samples_bgr[name], np.float32).reshape(1, 3))
        if taken:
            self._share_light_with_cubes()
        return taken

    def _share_light_with_cubes(self) -> None:
        """The cubes and the pieces lying in supply zones are seen under the same lamp as the pieces."""
        self.cube_colours.relight(self.colours.light_gains())
        for colour in self.players:
            other = f"other:{colour}"
            if colour in self.colours.seen_bgr and other in self.cube_colours.names:
                self.cube_colours.lab[self.cube_colours.names.index(other)] = self.colours.lab[
                    self.colours.names.index(colour)]
                self.cube_colours.seen_bgr[other] = self.colours.seen_bgr[colour]
                self.cube_colours._lut = None

    # -- every frame ---------------------------------------------------------------------------------
    def observe(self, frame: np.ndarray, frame_index: int = 0, still: bool | None = None) -> Observation:
        """Read one frame. ``still`` overrides the motion gate (a single photo is still by definition)."""
        started = time.perf_counter()
        lap = StageTimes()
        self.stage_ms = lap.ms
        pose = self.tracker.update(frame) if self.tracker.markers is not None or self.tracker.pose is not None else None
        lap("registration")
        moving_ok = self.motion.update(frame)
        lap("motion")
        if still is not None:
            moving_ok = still
        if pose is None or self.reference is None:
            return Observation(frame_index=frame_index, registered=False,
                               elapsed_ms=(time.perf_counter() - started) * 1000)
        occluded_slots: frozenset[str] = frozenset()
        occluded = False
        hand_near: frozenset[str] = frozenset()
        if self.hands is not None:
            if self._hand_pose is None or self.tracker.bumped:
                self._hand_pose = pose
            reading = self.hands.read(rectify(frame, self._hand_pose, self._hand_bounds, HAND_PX_PER_MM),
                                      self._in_view(frame, self._hand_pose))
            occluded = reading.occluded
            hand_near = self.arms.read(reading.mask, reading.edge, reading.arm)
            if occluded:
                occluded_slots = self._slots_under(reading.mask)
            lap("hands")
        if self._crop_pose is None or self.tracker.bumped:
            self._crop_pose = pose
        supplies_read = _SUPPLY_READER.submit(self._read_supplies, frame, pose,
                                              moving_ok and not occluded and not self.tracker.bumped)
        crops = crop_slots(frame, self._crop_pose, self.windows)
        lap("crops")
        shadowed_by = self._shadows(pose, frame.shape)
        read = self._read_slots(crops, occluded_slots, lap, (frame, pose))
        read.update(self._read_by_change(crops, occluded_slots))
        changes = self._changes_since_confirmed(crops, occluded_slots)
        houses_held = self._houses_held()
        terms = self.terms
        slots = at_most_one(doubt_leaning(read, shadowed_by, self._stack_shadow, self.stacks.top_colours, houses_held,
                                          terms=terms), terms.unique)
        held = lambda slot: self._in_reference.get(slot, ())      # noqa: E731
        unlearned = (unlearned_beside(slots, self._beside, held, terms=terms)
                     | unlearned_houses(slots, self._houses_beside, held, self._houses.get, terms=terms)
                     | unlearned_tiles(slots, self._before_tile)) - self._held_back if self._in_reference else frozenset()
        # a piece read in a hidden window hides nothing behind it
        behind = hidden_behind({slot: labels for slot, labels in slots.items() if slot not in unlearned}
                               if unlearned else slots, shadowed_by, self._standing_leans, houses_held, terms=terms)
        slots = doubt_behind_hidden(slots, shadowed_by, behind, terms=terms)
        occluded_slots = occluded_slots | behind | unlearned
        lap("leaning")
        if self.card_places:
            hidden_cards = self._places_under(reading.mask) if occluded else frozenset()
            slots.update(self._read_cards(frame, hidden_cards))
            occluded_slots = occluded_slots | hidden_cards
            lap("cards")
        if self.worker_piles is not None:
            hidden_piles = (self._zones_under(reading.mask) if occluded else frozenset()) | self.worker_piles.unseen
            slots.update(self.worker_piles.read(frame, self.colours, self.players, hidden_piles))
            occluded_slots = occluded_slots | hidden_piles
            lap("piles")
        supplies, confidence, coins, coin_counts = supplies_read.result()
        lap("supplies")          # the wait for them, once the slots are read
        return Observation(
            frame_index=frame_index, registered=True, occluded=occluded,
            stable=bool(moving_ok and not occluded and not self.tracker.bumped),
            slots=slots, occluded_slots=occluded_slots, behind=behind, supplies=supplies, supply_confidence=confidence,
            coins=coins, coin_counts=coin_counts, hand_from=next(iter(hand_near)) if len(hand_near) == 1 else None, hand_near=hand_near, elapsed_ms=(time.perf_counter() - started) * 1000, leaning_in=shadowed_by,
            changes=changes)

    def _read_by_change(self, crops: np.ndarray, hidden: frozenset[str]) -> dict[str, dict[str, float]]:
        """The spots of a piece the game has one of that the slot model has no kind for (a crown): each is read by
        how far its picture is from its last confirmed empty look, as likely there as not at :data:`PRESENT_CHANGE`;
        :func:`vision.unique_pieces.at_most_one` then puts the piece on at most one spot."""
        out = {}
        for kind in self.terms.unique:
            if kind in KINDS:
                continue
            spots = [i for i, accepts in enumerate(self.accepts) if kind in accepts and self.slot_names[i] not in hidden]
            if not spots:
                continue
            levels = change_level(self.reference.crops[spots], crops[spots])
            for i, level in zip(spots, levels.tolist()):
                p = float(np.clip(1.0 / (1.0 + np.exp(-(level - PRESENT_CHANGE) / PRESENT_CHANGE_WIDTH)), 1e-3, 1 - 1e-3))
                out[self.slot_names[i]] = {kind: round(p, 5), "": round(1.0 - p, 5)}
        return out

    def _changes_since_confirmed(self, crops: np.ndarray, hidden: frozenset[str]) -> dict[str, float]:
        """Per spot of a unique or passing kind, not under a hand: how far its picture is from the one the rules last
        confirmed (only these spots: on every slot it would cost some 9 ms a frame)."""
        visible = [i for i in self._watched_changes if self.slot_names[i] not in hidden]
        levels = change_level(self.reference.confirmed[visible], crops[visible])
        return {self.slot_names[i]: float(level) for i, level in zip(visible, levels)}

    def _covering_slots(self) -> dict[int, list[int]]:
        """For each slot that accepts tiles, the other slots whose centre lies on it (a worker's circle)."""
        covering = {}
        for i, name in enumerate(self.slot_names):
            if self.terms.tile not in self.accepts[i]:
                continue
            window = self.windows[name]
            covering[i] = [k for k, other in enumerate(self.slot_names) if k != i and
                           max(abs(a - b) for a, b in zip(self.windows[other].center, window.center)) < window.side_mm / 2]
        return covering

    def _spots_beside_tiles(self) -> dict[int, tuple[int, ...]]:
        """For each slot that accepts tiles, the spots of the ``beside`` kinds next door whose piece reaches into its
        window (within ``LAMP_REACH_MM`` of its edge): a tall one leans over the neighbouring tile."""
        near = {}
        for i, covered_by in self.covering.items():
            window = self.windows[self.slot_names[i]]
            reach = window.side_mm / 2 + LAMP_REACH_MM
            near[i] = tuple(k for k, other in enumerate(self.slot_names) if k != i and k not in covered_by
                            and any(kind in self.terms.beside for kind in self.accepts[k])
                            and max(abs(a - b) for a, b in zip(self.windows[other].center, window.center)) <= reach)
        return {i: spots for i, spots in near.items() if spots}

    def _leaned_on(self, tile: int, kinds: np.ndarray, row_of: Mapping[int, int]) -> float:
        """How likely a ``beside`` piece stands next door that did not when the tile's look was last enrolled: the
        tile's picture then holds a piece its learned looks never had. It counts as a piece standing on the tile: the
        tile confirmed there keeps most of the belief."""
        learned = self._tile_leans.get(tile, frozenset())
        return max((1.0 - float(kinds[row_of[k], 0]) for k in self._tile_beside.get(tile, ())
                    if k in row_of and k not in learned), default=0.0)

    def _resting_places(self, hand_picture: np.ndarray) -> np.ndarray:
        """Where pieces rest in the hand detector's picture (255): the board and the supply zones, with
        room for a pile of cubes leaning toward the camera."""
        mask = np.zeros(hand_picture.shape[:2], np.uint8)
        x0, y0 = self._hand_bounds[:2]
        areas = [((0.0, 0.0), self.layout.board_size)] + [(zone.origin, zone.size) for zone in self.layout.supplies]
        for (x, y), (w, h) in areas:
            corners = [(x - RESTING_ROOM_MM, y - RESTING_ROOM_MM), (x + w + RESTING_ROOM_MM, y + h + RESTING_ROOM_MM)]
            (ax, ay), (bx, by) = [(round((cx - x0) * HAND_PX_PER_MM), round((cy - y0) * HAND_PX_PER_MM))
                                  for cx, cy in corners]
            mask[max(ay, 0):max(by, 0), max(ax, 0):max(bx, 0)] = 255
        return mask

    def _in_view(self, frame: np.ndarray, pose: Pose) -> np.ndarray:
        """Where the camera sees the hand detector's picture (255) and where the play area leaves its view
        (the same until the hand detector's pose changes: made once per pose)."""
        key = (pose.image_from_board.tobytes(), frame.shape[:2])
        if self._in_view_mask is None or self._in_view_mask[0] != key:
            white = np.full(frame.shape[:2], 255, np.uint8)
            self._in_view_mask = (key, rectify(white, pose, self._hand_bounds, HAND_PX_PER_MM))
        return self._in_view_mask[1]

    def _shadows(self, pose: Pose, frame_shape: tuple[int, ...]) -> dict[str, tuple[str, ...]]:
        """Per slot, the slots whose standing piece the camera sees over its centre (for this pose); the stacks
        of discs that do, from how many discs up, are kept in ``_stack_shadow``."""
        key = (pose.image_from_board.tobytes(), frame_shape[:2])
        if self._shadow_key != key:
            regions = [self.layout.region(name) for name in self.slot_names]
            radii = [r.radius if r.shape == "circle" else min(r.size) / 2 for r in regions]
            camera = camera_position_mm(pose.image_from_board, (frame_shape[1], frame_shape[0]))
            found = shadows([self.windows[name].center for name in self.slot_names], radii, self.accepts, camera,
                            terms=self.terms)
            self._shadow = {self.slot_names[b]: tuple(self.slot_names[a] for a in over) for b, over in found.items()}
            self._shadow_index = found
            most = [len(self.players) if name.startswith(MULTI_DISC_PREFIXES) else 1 for name in self.slot_names]
            stacked = stack_shadows([self.windows[name].center for name in self.slot_names], radii, most, camera,
                                    terms=self.terms)
            self._stack_shadow = {self.slot_names[b]: tuple((self.slot_names[a], n) for a, n in over)
                                  for b, over in stacked.items()}
            self._shadow_key = key
        return self._shadow

    def _slots_under(self, hand_mask: np.ndarray) -> frozenset[str]:
        return self._under(hand_mask, {name: window.center for name, window in self.windows.items()})

    def _places_under(self, hand_mask: np.ndarray) -> frozenset[str]:
        """The card places a hand covers any part of (a card's face is read whole: a finger on it spoils it)."""
        points = {}
        for name, place in self.card_places.items():
            w, h = place.region.size
            for fx in (-0.4, 0.0, 0.4):
                for fy in (-0.4, 0.0, 0.4):
                    a = np.radians(place.region.angle)
                    dx, dy = fx * w, fy * h
                    points[(name, fx, fy)] = (place.region.center[0] + dx * np.cos(a) - dy * np.sin(a),
                                              place.region.center[1] + dx * np.sin(a) + dy * np.cos(a))
        return frozenset(key[0] for key in self._under(hand_mask, points))

    def _zones_under(self, hand_mask: np.ndarray) -> frozenset[str]:
        """The counted zones a hand covers any part of, or reaches over (a grid of points over each zone and the
        margin its pieces lean into)."""
        points = {(name, i, j): point for name, region in self.worker_piles.zones.items()
                  for i, j, point in zone_points(region, MARGIN_MM / 2)}
        return frozenset(key[0] for key in self._under(hand_mask, points))

    def _under(self, hand_mask: np.ndarray, points: Mapping) -> set:
        hidden = set()
        for name, (cx, cy) in points.items():
            x = int((cx - self._hand_bounds[0]) * HAND_PX_PER_MM)
            y = int((cy - self._hand_bounds[1]) * HAND_PX_PER_MM)
            if 0 <= y < hand_mask.shape[0] and 0 <= x < hand_mask.shape[1] and hand_mask[y, x]:
                hidden.add(name)
        return hidden

    def _read_cards(self, frame: np.ndarray, hidden: frozenset[str]) -> dict[str, dict[str, float]]:
        """Every card place not under a hand, as labels (:func:`vision.cards.labels`). A place whose picture has
        not changed since it was last read keeps that reading."""
        if self.tracker.bumped:            # the camera moved: the cards shown at setup say nothing of the new pose
            self._card_pose, self._card_points, self._shown, self.card_shifts = None, [], [], PlaceShifts()
            self._fit_card_places(self._crop_pose)
        pose = self._card_pose or self._crop_pose
        out = {}
        for name, place in self.card_places.items():
            if name in hidden:
                continue
            picture = rectify_place(frame, pose, place)
            seen = self._card_seen.get(name)
            if seen is not None and change_within(picture, seen[0], place.visible) < CARD_UNCHANGED_BELOW:
                out[name] = seen[1]
                continue
            kind = next(kind for kind in place.region.accepts if kind in self.terms.cards)
            reading = read_place(picture, self._empty_cards[name], place, self.cards, place.region.accepts,
                                 place_scale(pose, place))
            out[name] = card_labels(reading, kind)
            self._card_seen[name] = (picture, out[name])
        return out

    def _read_slots(self, crops: np.ndarray, hidden: frozenset[str], lap: Callable[[str], None] = lambda stage: None,
                    seen: tuple[np.ndarray, Pose] | None = None) -> dict[str, dict[str, float]]:
        if self.model is None:
            return {}
        visible = np.array([i for i, name in enumerate(self.slot_names) if name not in hidden], dtype=int)
        references = self._references_now(crops, visible)
        # Slots whose crop is the reference up to light and noise are empty without asking the model:
        # most of the board, most of the time. The bar sits well below the smallest change a piece makes,
        # though not below a confirmed building's: a pale tile on a pale square changes the picture less
        # (held-out: five neutral buildings read as bare road, p 1.0), so those slots are always asked.
        changed = change_level(references[visible], crops[visible]) >= UNCHANGED_BELOW
        changed |= np.array([self.slot_names[i] in self.placed_tiles for i in visible], bool)
        lap("change levels")
        kinds = self._unchanged_kinds[visible]
        asked = visible[changed]
        if len(asked):
            row_of_asked = {int(i): row for row, i in enumerate(asked)}
            covered_by = [[row_of_asked[a] for a in self._shadow_index.get(int(i), ()) if a in row_of_asked]
                          for i in asked]
            kinds[changed] = self.model.kind_probabilities(references[asked], crops[asked],
                                                           [self.accepts[i] for i in asked],
                                                           partial(leaning_in, covered_by=covered_by, terms=self.terms))
        lap("slot model")
        read = changed | self._doubt_slots_on_fresh_tiles(visible, kinds)
        # Colours are measured only where a coloured piece is a real possibility (most slots are empty).
        coloured = [KINDS.index(k) for k in self.terms.coloured if k in KINDS]
        needs_colour = np.flatnonzero(read & (kinds[:, coloured].sum(axis=1) >= COLOUR_WORTH))
        rows = visible[needs_colour]
        added = dict(zip(needs_colour.tolist(), added_pixels_batch(references[rows], crops[rows],
                                                                   within=self._colour_area[rows])))
        self._set_aside_colours_in_front(visible, kinds, added)
        lap("piece pixels")
        stack = KINDS.index(self.terms.stack) if self.terms.stack in KINDS else None
        stacks = self._read_stacks(seen, visible[needs_colour[kinds[needs_colour, stack] >= STACK_WORTH]], crops,
                                   visible) if stack is not None else {}
        lap("stacks")
        slots = {}
        row_of = {int(i): row for row, i in enumerate(visible)}
        for row, i in enumerate(visible):
            if not read[row]:
                slots[self.slot_names[i]] = dict(self._unchanged_labels[i])
                continue
            row_kinds = kinds[row]
            if row not in added:
                row_kinds = row_kinds.copy()
                row_kinds[coloured] = 0.0
            # How likely something stands on this tile (a hidden slot on it counts as covered).
            covered = max((1.0 - kinds[row_of[k], 0] if k in row_of else 1.0 for k in self.covering.get(int(i), ())),
                          default=0.0)
            if self.slot_names[i] in self.placed_tiles:
                covered = max(covered, self._leaned_on(int(i), kinds, row_of))
            if self.slot_names[i] in self.placed_tiles and covered > 0.0:
                # a building stays where it was built: under a provost and a bailiff it may look like bare road
                kept = COVERED_TILE_KEPT * covered
                row_kinds = (1.0 - kept) * row_kinds
                row_kinds[KINDS.index(self.terms.tile)] += kept
            slots[self.slot_names[i]] = self._labels(i, row_kinds, crops[i], added.get(row, np.empty((0, 3), np.uint8)),
                                                     covered, stacks.get(self.slot_names[i]))
        lap("labels")
        return slots

    def _houses_held(self) -> dict[str, tuple[str, ...]]:
        """Per worker circle, the confirmed owners' houses beside it that its reference holds: a house stays for good,
        so its lean is part of what the circle is read against (vision.leaning.doubt_leaning's ``held``)."""
        held = {}
        for circle in self._houses_beside:
            spots = tuple(spot for spot in self._in_reference.get(circle, ()) if spot in self._houses)
            if spots:
                held[circle] = spots
        return held

    def _references_now(self, crops: np.ndarray, visible: np.ndarray) -> np.ndarray:
        """The reference crops to read ``crops`` against: a slot whose reference holds a neighbour's piece that has
        changed since is read against its last bare crop: read against a reference holding a lean that is no longer
        there, a piece put in the slot since can differ from it too little to be seen (a disc moved from a favour
        track's start stack onto the next space, whose reference held the stack's top, would read as nothing).

        Also notes in ``_standing_leans`` the neighbours in a slot's shadow that look as they did when its reference
        took their piece in: that piece stands in front of the slot again, whatever the slot model makes of it."""
        self._standing_leans = {}
        leaning = self.reference.leaning
        pairs = [(i, k) for i in visible.tolist() if i in leaning for k in leaning[i]]
        if not pairs:
            return self.reference.crops
        then = np.stack([leaning[i][k] for i, k in pairs])
        moved = change_level(then, crops[[k for _, k in pairs]]) >= UNCHANGED_BELOW
        for (i, k), changed in zip(pairs, moved):
            if not changed and k in self._shadow_index.get(i, ()):
                self._standing_leans.setdefault(self.slot_names[i], []).append(self.slot_names[k])
        stale = sorted({i for (i, k), changed in zip(pairs, moved) if changed and not self._put_in_front(i, k, crops)})
        if not stale:
            return self.reference.crops
        references = self.reference.crops.copy()
        references[stale] = self.reference.bare[stale]
        return references

    def _put_in_front(self, slot: int, neighbour: int, crops: np.ndarray) -> bool:
        """True when a worker window in front of ``neighbour`` (``_fronts``; not ``slot`` itself) has changed since
        ``slot``'s reference was taken: a piece put there, not the neighbour's leaning piece gone, is what changed the
        neighbour's crop, so the lean ``slot``'s reference holds is still there.

        Without this, a worker put in front of the bailiff changes the bailiff's crop, the provost window its top
        leans into is read against its bare crop, and the bailiff's top, still there, reads as the provost."""
        fronts = self.reference.fronting.get(slot, {}).get(neighbour, {})
        if not fronts:
            return False
        then = np.stack(list(fronts.values()))
        return bool((change_level(then, crops[list(fronts)]) >= UNCHANGED_BELOW).any())

    def _set_aside_colours_in_front(self, visible: np.ndarray, kinds: np.ndarray, added: dict[int, np.ndarray]) -> None:
        """In ``added`` (row → changed pixels), a slot's pixels of the colour of a piece leaning in front of it
        are set aside when enough others remain (:func:`vision.leaning.own_pixels`)."""
        slot_of = {row: int(visible[row]) for row in added}
        columns = [KINDS.index(k) for k in self.terms.coloured if k in KINDS]
        coloured = {slot_of[row]: float(kinds[row, columns].sum()) for row in added}
        row_of = {slot: row for row, slot in slot_of.items()}
        names, measured = self.colours.names, dict(added)

        def colour_of(slot: int) -> str:
            odds = self.colours.probabilities(measured[row_of[slot]])
            return max(odds, key=odds.__getitem__)

        def nearest(pixels: np.ndarray) -> np.ndarray:
            return np.array(names)[self.colours.nearest(pixels)]

        for row, slot in slot_of.items():
            in_front = colours_in_front(slot, self._shadow_index, coloured, colour_of)
            if in_front:
                added[row] = own_pixels(added[row], in_front, nearest)

    def _unchanged_readings(self) -> tuple[np.ndarray, list[dict[str, float]]]:
        """Per slot, the kind probabilities and labels of a slot read empty directly (its crop is the
        reference's): "empty", with a little doubt left to the kinds it accepts (computed once)."""
        kinds = np.zeros((len(self.slot_names), len(KINDS)))
        kinds[:, 0] = 1.0 - UNCHANGED_DOUBT
        labels = []
        for i, accepts in enumerate(self.accepts):
            others = [k for k in accepts if k in KINDS and k != "empty"]
            for kind in others:
                kinds[i, KINDS.index(kind)] = UNCHANGED_DOUBT / len(others)
            # no colour is measured on such a slot: its coloured kinds carry no label
            reading = {"": 1.0 - UNCHANGED_DOUBT, **{k: UNCHANGED_DOUBT / len(others) for k in others
                                                      if k not in self.terms.coloured}}
            total = sum(reading.values())
            labels.append({label: round(v / total, 5) for label, v in reading.items() if v / total >= MIN_LABEL_PROBABILITY})
        return kinds, labels

    def _doubt_slots_on_fresh_tiles(self, visible: np.ndarray, kinds: np.ndarray) -> np.ndarray:
        """A tile laid since the last confirmed state lies under the slots on it (worker circle, house
        spot) whose reference still shows the bare road: compared with it, a new tile (and the house on
        it, leaning into the worker's circle) looks like a piece. Their readings are blended with "any
        kind" in proportion to the chance a new tile is there, until the rules confirm the tile."""
        row_of = {int(i): row for row, i in enumerate(visible)}
        doubted = np.zeros(len(visible), bool)
        if self.terms.tile not in KINDS:
            return doubted
        tile = KINDS.index(self.terms.tile)
        for i, on_it in self.covering.items():
            if i not in row_of or self.slot_names[i] in self.placed_tiles:
                continue
            doubt = FRESH_TILE_DOUBT * kinds[row_of[i], tile]
            for k in on_it:
                if k in row_of and doubt > 0.01:
                    accepted = [0] + [KINDS.index(kind) for kind in self.accepts[k] if kind in KINDS and kind != "empty"]
                    uniform = np.zeros(len(KINDS))
                    uniform[accepted] = 1.0 / len(accepted)
                    kinds[row_of[k]] = (1 - doubt) * kinds[row_of[k]] + doubt * uniform
                    doubted[row_of[k]] = True
        return doubted

    def _read_stacks(self, seen: tuple[np.ndarray, Pose] | None, rows: np.ndarray, crops: np.ndarray,
                     visible: np.ndarray) -> dict[str, dict[str, float]]:
        """The discs on each multi-disc space of ``rows`` (slot indices) where a disc may stand."""
        names = [self.slot_names[i] for i in rows if self.slot_names[i].startswith(MULTI_DISC_PREFIXES)]
        if seen is None or not names:
            return {}
        frame, pose = seen
        sample = visible[::GAIN_SAMPLE]      # the lamp's change since setup, over a spread of the board's slots
        gain = np.median((row_means(crops[sample]) + 1.0) / (row_means(self.reference.crops[sample]) + 1.0), axis=0)
        camera = camera_position_mm(pose.image_from_board, (frame.shape[1], frame.shape[0]))
        return self.stacks.read(frame, pose, camera, names, self.colours, gain, self.players)

    def _labels(self, index: int, kind_probabilities: np.ndarray, crop: np.ndarray,
                pixels: np.ndarray, covered: float = 0.0, stack: dict[str, float] | None = None) -> dict[str, float]:
        """Kind probabilities × colour (or building) probabilities → label probabilities."""
        name = self.slot_names[index]
        terms = self.terms
        labels: dict[str, float] = {}
        colour_odds: dict[str, float] | None = None      # the same pixels for every coloured kind: measured once
        for kind, p in zip(KINDS, kind_probabilities.tolist()):
            if p < MIN_LABEL_PROBABILITY:
                continue
            if kind == "empty":
                labels[""] = labels.get("", 0.0) + p
            elif kind in terms.coloured:
                if colour_odds is None:
                    colour_odds = self.colours.probabilities(pixels)
                if kind == terms.stack and stack:
                    for label, q in stack.items():
                        labels[label] = labels.get(label, 0.0) + p * q
                    continue
                for colour, q in colour_odds.items():
                    label = f"{kind}:{colour}"
                    labels[label] = labels.get(label, 0.0) + p * q
            elif kind == terms.tile:
                names = self._tile_identity(crop, self.placed_tiles.get(name), covered) or {"": 1.0}
                for building, q in names.items():
                    label = f"{kind}:{building}" if building else kind
                    labels[label] = labels.get(label, 0.0) + p * q
            else:
                labels[kind] = labels.get(kind, 0.0) + p
        total = sum(labels.values()) or 1.0
        return {label: round(v / total, 5) for label, v in labels.items() if v / total >= MIN_LABEL_PROBABILITY}

    def _tile_identity(self, crop: np.ndarray, expected: str | None, covered: float) -> dict[str, float]:
        """Which building a tile is. A piece standing on it hides much of its look (a worker covers the
        icon at a steep camera), so under a piece the building confirmed there keeps most of the belief;
        an uncovered tile is judged by its look (a replaced building shows itself)."""
        looks = self.tiles.identify(crop, expected=expected)
        if expected is None:
            # No building was confirmed here: most likely one the camera has never seen (each building
            # is built once), so "a tile" keeps a share beside the nearest learned looks.
            return {"": NEW_TILE_SHARE, **{name: (1 - NEW_TILE_SHARE) * p for name, p in looks.items()}} \
                if looks else {}
        if expected not in self.tiles:
            covered = 1.0          # confirmed here but never seen bare (the bailiff stood on it): no look to judge by
        if covered <= 0.0 or not looks:
            return looks
        under = {name: (1 - COVERED_TILE_KEPT) * p for name, p in looks.items()}
        under[expected] = under.get(expected, 0.0) + COVERED_TILE_KEPT
        return {name: covered * q + (1 - covered) * looks.get(name, 0.0) for name, q in under.items()}

    # -- supplies ------------------------------------------------------------------------------------
    def _has_zone(self, seat: int) -> bool:
        """A seat's supply zone is read as goods (:class:`SupplyZone`) when the game has goods to count."""
        return bool(self.terms.goods) and any(zone.seat == seat for zone in self.layout.supplies)

    def _supply_picture(self, frame: np.ndarray, pose: Pose, seat: int) -> np.ndarray:
        zone = self.layout.supply(seat)
        x, y = zone.origin
        w, h = zone.size
        return rectify(frame, pose, (x, y, x + w, y + h), SUPPLY_PX_PER_MM)

    def _cube_unit_px(self, pose: Pose, size: tuple[int, int], seat: int) -> float:
        """One good's area in the zone's picture, from the camera pose (until the zone learns it)."""
        zone = self.layout.supply(seat)
        middle = (zone.origin[0] + zone.size[0] / 2, zone.origin[1] + zone.size[1] / 2)
        return cube_footprint_mm2(pose.image_from_board, size, middle, self.terms.goods_side_mm) * SUPPLY_PX_PER_MM ** 2

    def _pile_pose(self) -> Pose:
        """The pose coins counted in their zones are read with: the card places' (refitted to the cards shown at
        setup, or the slots'), fixed while the camera stays, so a refit of the markers' pose shifts no pile."""
        return self._card_pose or self._crop_pose or self.tracker.pose

    def _coin_piles(self, empty_board: np.ndarray, pose: Pose) -> dict[int, CoinPile]:
        """Each seat's coins counted in its zone (:mod:`vision.coin_piles`), for a game whose zones hold only coins."""
        if not self._coin_pile:
            return {}
        camera = camera_position_mm(pose.image_from_board, (empty_board.shape[1], empty_board.shape[0]))
        self._piles_cut = pose          # the pose the piles' empty table was cut through
        piles = {}
        for zone in self.layout.supplies:
            if zone.seat < len(self.players):
                centre = (zone.origin[0] + zone.size[0] / 2, zone.origin[1] + zone.size[1] / 2)
                layer = layer_shift_px(float(self._coin_pile["thickness_mm"]), camera, centre, SUPPLY_PX_PER_MM)
                piles[zone.seat] = CoinPile(self._supply_picture(empty_board, pose, zone.seat), layer,
                                            int(self._coin_pile["stacks"]))
        return piles

    def _read_supplies(self, frame: np.ndarray, pose: Pose, with_coins: bool
                       ) -> tuple[dict[str, dict[str, int]], dict[str, float],
                                  dict[str, tuple[int, tuple[float, float, float]]],
                                  dict[str, tuple[int | None, float]]]:
        """Each seat's cube counts and their confidence; and, ``with_coins`` (a still frame: the reconciler weighs no
        other), what its coins' strip shows; each seat's coins counted where its zone holds only coins (unsure,
        ``(None, 0.0)``, on a frame that is not still, and after a bump until the empty table is seen again)."""
        supplies, confidence, coins = {}, {}, {}
        coin_counts = {}
        cut_alike = self._pile_pose() is self._piles_cut     # after a bump, the empty table was seen through another
        for seat, pile in self.reference.piles.items():
            if with_coins and cut_alike:
                read = pile.read(self._supply_picture(frame, self._pile_pose(), seat))
            else:
                pile.moved()
                read = CoinCount(None, 0.0)
            coin_counts[self.players[seat]] = (read.count, read.probability)
        for seat, zone in self.reference.supplies.items():
            colour = self.players[seat]
            picture = self._supply_picture(frame, pose, seat)
            if with_coins:
                counts, sure, seen = zone.read_with_coins(picture)
            else:
                zone.moved()
                counts, sure, seen = *zone.read(picture), None
            supplies[colour] = {name: counts[name] for name in self.terms.goods}
            confidence[colour] = round(sure, 3)
            if seen is not None:
                coins[colour] = seen
        return supplies, confidence, coins, coin_counts
