"""Tall pieces seen in their neighbours' windows, and the doubt that puts on the neighbour's reading.

A camera that looks at the board at an angle sees a standing piece's top beyond its base, away from
the camera: a 15 mm piece seen at 40° covers some 12 mm of board behind it. Where slots lie close, the
piece then fills its neighbour's crop, and the slot model reads a piece there too. Which kinds stand how
tall, which hide what is behind them, which stand beside a place, and which kind stacks, is the game's
(:class:`~vision.vocabulary.Vocabulary`, from its pack's ``table.json``): every function here takes it as
``terms`` (the default game's when left out; the pipeline always passes its own).

* :func:`shadows` says, from where the camera stands, which slots' centres a tall piece on each slot
  may cover (its *shadow*, in the sense of the camera's line of sight);
* :func:`doubt_leaning` takes a reading of a piece on a slot in the shadow of a same-coloured piece
  read next to it, and moves part of it to "empty": the rules then decide. When two slots lie in each
  other's shadow, the weaker reading is the one doubted.
* a stack of two or more discs stands as high as a standing piece: :func:`stack_shadows` says which
  slots the stack on a space covers from how many discs up, and :func:`doubt_leaning` doubts discs
  read beside a stack whose discs from that height up could be them (as many, and of their colours).
* :func:`one_disc_each` reads a stack and the space its picture covers on the same track as one story:
  a player has one disc on a track, so a colour read on both is explained once.
* :func:`hidden_behind` names the slots read empty, or as the piece in front leaning in, that a hiding
  piece read in front of them covers (or one their reference took in, looking as it did then): the camera
  cannot tell what stands there, so they are reported as hidden, as under a hand, and the rules keep what
  they know; :func:`doubt_behind_hidden` then doubts a piece read just beyond such a slot: it may be the
  unseen piece's top.
* :func:`leaning_in` says how much of the slot model's belief in a kind a slot can't hold is a
  neighbour's piece of that kind leaning in, so that it goes to "empty" rather than to the pieces the
  slot can hold.
* :func:`leaning_over` names the neighbours whose confirmed pieces stood in a slot's picture when its reference
  was taken: the reference holds them, and once they change it is no longer the board there.
* :func:`own_pixels` sets aside, from a slot's changed pixels, those of the colour of a piece standing
  in front of it, so that a piece behind another is read in its own colour.
* :func:`unlearned_tiles` hides a window on a tile whose reference predates the tile while it reads a piece.
* :func:`beside` names, whatever the camera, the spots of the ``beside`` kinds next to a window of the kinds they
  stand beside (their body and the shadows a low lamp casts fall in it); :func:`unlearned_beside` hides such a
  window read as a piece until its reference holds them (:func:`leaning_over` lists them too), and
  :func:`unlearned_houses` one read as a piece of the colour of a ``shows_beside`` piece next to it.

>>> slots = {"a": {"worker:blue": 0.9, "": 0.1}, "b": {"house:blue": 0.95, "": 0.05}}
>>> doubted = doubt_leaning(slots, {"b": ("a",)})
>>> round(doubted["b"]["house:blue"], 3), doubted["a"] == slots["a"]
(0.522, True)
>>> slots = {"a": {"disc:blue+disc:green+disc:red": 0.9, "": 0.1}, "b": {"disc:green": 0.8, "": 0.2}}
>>> round(doubt_leaning(slots, {}, {"b": (("a", 3),)})["b"]["disc:green"], 2)   # a 3-disc stack reaches b
0.44
>>> doubt_leaning(slots, {}, {"b": (("a", 4),)})["b"] == slots["b"]             # it takes 4 discs to reach b
True
>>> slots["b"] = {"disc:blue+disc:green+disc:red": 0.9, "": 0.1}                 # a stack as tall as a's: not a's top
>>> doubt_leaning(slots, {}, {"b": (("a", 2),)})["b"] == slots["b"]
True
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Collection, Iterator, Mapping, Sequence

import numpy as np

from companion.games.table_view import Piece

from .observation import pieces_for
from .recognizer import KINDS
from .stacks import distance_to_segment
from .vocabulary import Vocabulary, default_vocabulary

_pieces_of = lru_cache(maxsize=4096)(pieces_for)   # a frame parses the same few labels thousands of times

PIECE_RADIUS_MM = 7.0         # how far beside its lean line a standing piece still covers
CORE_SHARE = 0.6              # the part of a slot's own circle the model judges occupancy by
LEAN_DOUBT = 0.5              # share of the leaning-in piece's probability taken off the neighbour's reading
# the most a piece read beyond a slot the camera can't see keeps: still the likeliest label if it was, but not sure
# enough to contradict the rules (the reconciler's 0.7)
BEHIND_HIDDEN_MOST = 0.6
HIDING_PIECE = 0.7            # how sure a tall piece in front must be read to hide what is behind it
OWN_COLOUR_SHARE = 0.3        # of a slot's changed pixels, the share not of the colour in front that is its own piece
IN_FRONT = 0.5                # how surely a coloured piece must be read in front for its colour to be set aside
LAMP_REACH_MM = 20.0          # how far from its spot's centre a piece beside a place and its shadow (lamp at ~30°) reach
BESIDE_READ = 0.5             # a piece read this likely beside an unlearned piece next door: the slot is hidden


def _terms(terms: Vocabulary | None) -> Vocabulary:
    return terms if terms is not None else default_vocabulary()


def shadows(centres: Sequence[tuple[float, float]], radii: Sequence[float], accepts: Sequence[Sequence[str]],
            camera_mm: np.ndarray, *, terms: Vocabulary | None = None) -> dict[int, tuple[int, ...]]:
    """For each slot index, the slots whose tallest piece, seen from ``camera_mm``, covers its centre."""
    heights = _terms(terms).heights_mm
    centre = np.asarray(centres, float)
    camera_xy, camera_height = camera_mm[:2], max(float(camera_mm[2]), 1.0)
    covered: dict[int, list[int]] = {}
    for a, kinds in enumerate(accepts):
        tallest = max((heights.get(kind, 0.0) for kind in kinds), default=0.0)
        if tallest <= 0.0:
            continue
        lean = (centre[a] - camera_xy) * tallest / max(camera_height - tallest, 1.0)
        for b in np.flatnonzero(distance_to_segment(centre, centre[a], centre[a] + lean)
                                <= PIECE_RADIUS_MM + CORE_SHARE * np.asarray(radii, float)):
            if b != a:
                covered.setdefault(int(b), []).append(a)
    return {b: tuple(a) for b, a in covered.items()}


def leaning_in(probabilities: np.ndarray, allowed: np.ndarray, covered_by: Sequence[Sequence[int]], *,
               terms: Vocabulary | None = None) -> np.ndarray:
    """(N, len(KINDS)): per slot and kind the slot model can't hold, the share of its belief a neighbour's
    standing piece of that kind explains: ``LEAN_DOUBT`` × the chance that a neighbour covering it
    (``covered_by[i]``, rows of the batch) holds one, as the model reads it (the likeliest neighbour
    counts). A spot beside a tall piece reads that piece (its top is seen over the spot): that belief is
    the neighbour's, though not wholly: a piece standing there too looks like it.

    >>> probabilities = np.array([[0.1, 0.0, 0.9, 0, 0, 0, 0], [0.2, 0.0, 0.8, 0, 0, 0, 0]])  # empty, worker, house
    >>> allowed = np.array([[1, 0, 1, 0, 0, 0, 0], [1, 1, 0, 0, 0, 0, 0]], bool)
    >>> leaning_in(probabilities, allowed, [(), (0,)])[1].round(2).tolist()   # slot 1 can't hold a house
    [0.0, 0.0, 0.45, 0.0, 0.0, 0.0, 0.0]
    """
    tall = np.array([kind in _terms(terms).heights_mm for kind in KINDS])
    held = np.where(allowed & tall, probabilities, 0.0)
    leaning = np.zeros_like(probabilities)
    for i, rows in enumerate(covered_by):
        if len(rows):
            leaning[i] = held[list(rows)].max(axis=0)
    return np.where(allowed, 0.0, LEAN_DOUBT * leaning)


def colours_in_front(slot: int, shadowed_by: Mapping[int, Sequence[int]], coloured: Mapping[int, float],
                     colour_of: Callable[[int], str]) -> tuple[str, ...]:
    """The colours of the coloured pieces read (at least ``IN_FRONT``) on the slots whose picture covers
    ``slot``; ``coloured``: slot → chance it holds a coloured piece; ``colour_of``: its likeliest colour."""
    return tuple(colour_of(a) for a in shadowed_by.get(slot, ()) if coloured.get(a, 0.0) >= IN_FRONT)


def own_pixels(pixels: np.ndarray, in_front: Collection[str], nearest: Callable[[np.ndarray], Sequence[str]]) -> np.ndarray:
    """A slot's changed pixels without those of the colours of the pieces leaning in front of it
    (``nearest``: each pixel's nearest piece colour), when enough are left to be a piece of its own: a
    red worker behind a blue house was read blue (the house's top fills most of its crop), and then
    doubted as the house leaning in. With too few left, the pixels are the piece in front's, as before.

    >>> pixels = np.array([[0, 0, 200]] * 6 + [[200, 0, 0]] * 4)                 # BGR: 6 red, 4 blue
    >>> nearest = lambda p: np.where(p[:, 2] > 100, "red", "blue")
    >>> len(own_pixels(pixels, ("red",), nearest)), len(own_pixels(pixels[:8], ("red",), nearest))
    (4, 8)
    """
    if not in_front or len(pixels) == 0:
        return pixels
    keep = ~np.isin(np.asarray(nearest(pixels)), list(in_front))
    return pixels[keep] if keep.mean() >= OWN_COLOUR_SHARE else pixels


def stack_shadows(centres: Sequence[tuple[float, float]], radii: Sequence[float], most_discs: Sequence[int],
                  camera_mm: np.ndarray, *, terms: Vocabulary | None = None) -> dict[int, tuple[tuple[int, int], ...]]:
    """For each slot index, the spaces whose stack, seen from ``camera_mm``, covers its centre, each with the
    fewest discs that reach it: ``{slot: ((space, discs), ...)}``. ``most_discs[i]``: the most discs that
    can stand on slot i (below 2 it holds no stack)."""
    terms = _terms(terms)
    centre = np.asarray(centres, float)
    camera_xy, camera_height = camera_mm[:2], max(float(camera_mm[2]), 1.0)
    reach = terms.stack_radius_mm + CORE_SHARE * np.asarray(radii, float)
    covered: dict[int, dict[int, int]] = {}
    for a, most in enumerate(most_discs):
        for discs in range(2, most + 1):
            height = discs * terms.stack_height_mm
            lean = (centre[a] - camera_xy) * height / max(camera_height - height, 1.0)
            for b in np.flatnonzero(distance_to_segment(centre, centre[a], centre[a] + lean) <= reach):
                if b != a:
                    covered.setdefault(int(b), {}).setdefault(a, discs)
    return {b: tuple(over.items()) for b, over in covered.items()}


def leaning_over(pieces: Callable[[str], Sequence[Piece]], shadowed_by: Mapping[str, Sequence[str]],
                 stacked_over: Mapping[str, Sequence[tuple[str, int]]], *,
                 terms: Vocabulary | None = None) -> dict[str, tuple[str, ...]]:
    """Per slot, the neighbours whose pieces (``pieces(slot)``, e.g. a confirmed state's) the camera sees over
    its centre: a standing piece (:func:`shadows` by name) or a stack of enough discs (:func:`stack_shadows`).

    >>> on = {"a": (Piece("worker", "red"),), "s": (Piece("disc", "red"), Piece("disc", "blue"))}.get
    >>> leaning_over(lambda slot: on(slot, ()), {"b": ("a",), "c": ("d",)}, {"t": (("s", 2),), "u": (("s", 3),)})
    {'b': ('a',), 't': ('s',)}
    """
    terms = _terms(terms)
    over: dict[str, list[str]] = {}
    for slot, neighbours in shadowed_by.items():
        for neighbour in neighbours:
            if any(piece.kind in terms.heights_mm for piece in pieces(neighbour)):
                over.setdefault(slot, []).append(neighbour)
    for slot, stacks in stacked_over.items():
        for space, discs in stacks:
            if sum(piece.kind == terms.stack for piece in pieces(space)) >= discs:
                over.setdefault(slot, []).append(space)
    return {slot: tuple(dict.fromkeys(neighbours)) for slot, neighbours in over.items()}


def beside(centres: Sequence[tuple[float, float]], accepts: Sequence[Sequence[str]],
           kinds: Collection[str] | None = None, *, terms: Vocabulary | None = None) -> dict[int, tuple[int, ...]]:
    """For each slot index that takes one of the ``beside_takers`` kinds, the spots for ``kinds`` (the ``beside``
    kinds when None) within ``LAMP_REACH_MM`` of it: whatever the camera, what stands there shows in its window
    (a wide piece's body, a tall one's shadow under a low lamp, a house standing next to its square).

    >>> terms = Vocabulary(beside=("king",), beside_takers=("pawn",))
    >>> beside([(0.0, 0.0), (11.6, 15.1), (30.0, 30.0)], [("pawn",), ("king",), ("king",)], terms=terms)
    {0: (1,)}
    """
    terms = _terms(terms)
    kinds = terms.beside if kinds is None else kinds
    centre = np.asarray(centres, float)
    spots = [a for a, takes in enumerate(accepts) if any(kind in kinds for kind in takes)]
    near: dict[int, tuple[int, ...]] = {}
    for b, takes in enumerate(accepts):
        if any(kind in terms.beside_takers for kind in takes):
            close = tuple(a for a in spots if a != b and np.hypot(*(centre[a] - centre[b])) <= LAMP_REACH_MM)
            if close:
                near[b] = close
    return near


def unlearned_beside(slots: Mapping[str, Mapping[str, float]], beside_of: Mapping[str, Sequence[str]],
                     held: Callable[[str], Collection[str]], *, terms: Vocabulary | None = None) -> frozenset[str]:
    """Slots read more likely than not as a standing piece (all colours together) that lie :func:`beside` a ``beside``
    piece surely read (``HIDING_PIECE``) which their reference doesn't hold (``held(slot)``: the neighbours whose
    confirmed pieces stood in it): the camera can't yet tell a piece there from their look, so the slot is reported
    as hidden and its reading kept. Once the rules confirm the place with them on it, the reference holds them and a
    piece put there reads as surely as anywhere.

    >>> terms = Vocabulary(beside=("king",), heights_mm={"pawn": 15.0, "king": 7.0})
    >>> reading = {"r.pawn": {"pawn:red": 0.6, "pawn:blue": 0.3, "": 0.1}, "r.king": {"king": 0.96}}
    >>> sorted(unlearned_beside(reading, {"r.pawn": ("r.king",)}, lambda slot: (), terms=terms))
    ['r.pawn']
    >>> sorted(unlearned_beside(reading, {"r.pawn": ("r.king",)}, lambda slot: ("r.king",), terms=terms))
    []
    """
    terms = _terms(terms)
    hidden = set()
    for slot, spots in beside_of.items():
        labels = slots.get(slot)
        if not labels or sum(p for _, p in _standing(labels, terms.heights_mm)) < BESIDE_READ:
            continue
        if any(sum(p for _, p in _standing(slots.get(spot, {}), terms.beside)) >= HIDING_PIECE
               and spot not in held(slot) for spot in spots):
            hidden.add(slot)
    return frozenset(hidden)


def unlearned_houses(slots: Mapping[str, Mapping[str, float]], houses_of: Mapping[str, Sequence[str]],
                     held: Callable[[str], Collection[str]], house_colour: Callable[[str], str | None], *,
                     terms: Vocabulary | None = None) -> frozenset[str]:
    """Windows of the ``beside_takers`` kinds read more likely than not as such a piece of the colour of a confirmed
    ``shows_beside`` piece beside them (``houses_of``: :func:`beside` for those kinds; ``house_colour(spot)``: the
    colour of the piece the rules have there) that their reference doesn't hold (``held``): that piece showing in the
    window, not one standing on it. Reported hidden, the reading kept, until the rules confirm the place with it and
    nothing on the window, when the reference learns it. Only that colour is hidden: another colour's piece there
    reads as itself.

    >>> terms = Vocabulary(beside_takers=("pawn",))
    >>> reading = {"r.pawn": {"pawn:red": 0.9, "": 0.1}, "r.owner": {"house:red": 0.55, "": 0.45}}
    >>> red_house = {"r.owner": "red"}.get
    >>> sorted(unlearned_houses(reading, {"r.pawn": ("r.owner",)}, lambda slot: (), red_house, terms=terms))
    ['r.pawn']
    >>> sorted(unlearned_houses(reading, {"r.pawn": ("r.owner",)}, lambda slot: ("r.owner",), red_house, terms=terms))
    []
    >>> sorted(unlearned_houses(reading, {"r.pawn": ("r.owner",)}, lambda slot: (), {"r.owner": "blue"}.get, terms=terms))
    []
    """
    takers = _terms(terms).beside_takers
    hidden = set()
    for slot, spots in houses_of.items():
        labels = slots.get(slot, {})
        for spot in spots:
            colour = house_colour(spot)
            if colour and spot not in held(slot) and sum(
                    p for piece, p in _standing(labels, takers) if piece.colour == colour) >= BESIDE_READ:
                hidden.add(slot)
    return frozenset(hidden)


def unlearned_tiles(slots: Mapping[str, Mapping[str, float]], stale: Collection[str]) -> frozenset[str]:
    """Slots of ``stale`` (windows on a tile whose reference predates it: a piece stood there when the rules confirmed
    the tile) read more likely than not as a piece: compared with the bare board, the tile's art may be read as one.
    Reported hidden, the reading kept, until the rules confirm the window empty, when the reference learns the tile
    there.

    >>> sorted(unlearned_tiles({"r.worker": {"worker:red": 0.85, "": 0.15}, "s.worker": {"": 0.9}}, {"r.worker"}))
    ['r.worker']
    >>> sorted(unlearned_tiles({"r.worker": {"worker:red": 0.85, "": 0.15}}, set()))
    []
    """
    return frozenset(slot for slot in stale
                     if sum(p for label, p in slots.get(slot, {"": 1.0}).items() if label) >= BESIDE_READ)


def doubt_leaning(slots: Mapping[str, Mapping[str, float]], shadowed_by: Mapping[str, Sequence[str]],
                  stacked_over: Mapping[str, Sequence[tuple[str, int]]] | None = None,
                  top_colours: Mapping[str, Mapping[str, float]] | None = None,
                  held: Mapping[str, Collection[str]] | None = None, *,
                  terms: Vocabulary | None = None) -> dict[str, dict[str, float]]:
    """Readings with the part a same-coloured standing piece next door explains moved to "empty"; with
    ``stacked_over`` (:func:`stack_shadows` by name), also discs a tall enough stack next door explains,
    after reading each stack and the space it covers as one story (:func:`one_disc_each`).

    ``held`` (slot → neighbours) names the pieces next door a slot's reference already holds (an owner's house, for
    good): their lean is in the picture the slot is read against, so they explain nothing read there.

    >>> slots = {"r.worker": {"worker:blue": 0.96, "": 0.04}, "r.owner": {"house:blue": 1.0}}
    >>> round(doubt_leaning(slots, {"r.worker": ("r.owner",)})["r.worker"]["worker:blue"], 2)
    0.48
    >>> doubt_leaning(slots, {"r.worker": ("r.owner",)}, held={"r.worker": ("r.owner",)})["r.worker"]["worker:blue"]
    0.96
    """
    terms = _terms(terms)
    held = held or {}
    slots = one_disc_each(slots, stacked_over or {}, top_colours or {}, terms=terms)
    result = {slot: dict(labels) for slot, labels in slots.items()}
    stacked = f"{terms.stack}:"
    for slot, stacks in (stacked_over or {}).items():
        labels = slots.get(slot)
        for space, discs in stacks if labels else ():
            theirs = slots.get(space)
            if not theirs:
                continue
            for key, probability in list(result[slot].items()):
                shared = _stack_probability(key, theirs, discs, terms.stack, (top_colours or {}).get(space)) \
                    if key.startswith(stacked) else 0.0
                if shared > 0.0:
                    taken = probability * LEAN_DOUBT * shared
                    result[slot][key] -= taken
                    result[slot][""] = result[slot].get("", 0.0) + taken
    for slot, neighbours in shadowed_by.items():
        labels = slots.get(slot)
        if not labels:
            continue
        for neighbour in neighbours:
            theirs = slots.get(neighbour)
            if not theirs or neighbour in held.get(slot, ()) or (
                    slot in shadowed_by.get(neighbour, ()) and _piece_probability(theirs) < _piece_probability(labels)):
                continue        # nothing next door, its lean is in the reference, or each leans into the other and
                                # this one is read more surely
            for key, probability in list(result[slot].items()):
                shared = _same_piece_probability(key, theirs, terms.heights_mm) if key else 0.0
                if shared > 0.0:
                    taken = probability * LEAN_DOUBT * shared
                    result[slot][key] = probability - taken
                    result[slot][""] = result[slot].get("", 0.0) + taken
    return result


def _piece_probability(labels: Mapping[str, float]) -> float:
    return 1.0 - labels.get("", 0.0)


def _standing(labels: Mapping[str, float], kinds: Collection[str]) -> Iterator[tuple[Piece, float]]:
    """The single standing pieces of ``kinds`` a reading names, with their probabilities."""
    for label, probability in labels.items():
        pieces = _pieces_of(label) if label else ()
        if len(pieces) == 1 and pieces[0].kind in kinds:
            yield pieces[0], probability


def _same_piece_probability(label: str, neighbour: Mapping[str, float], heights: Collection[str]) -> float:
    """How likely the neighbour holds a standing piece (of a kind in ``heights``) that would look like ``label``
    leaning in: of the same colour (or, for a neutral piece, the same kind)."""
    pieces = _pieces_of(label)
    if len(pieces) != 1 or pieces[0].kind not in heights:
        return 0.0
    piece = pieces[0]
    return sum(probability for other, probability in _standing(neighbour, heights)
               if (other.colour == piece.colour if piece.colour else other.kind == piece.kind))


def _stack_probability(label: str, neighbour: Mapping[str, float], reaching: int, kind: str | None,
                       top: Mapping[str, float] | None = None) -> float:
    """How likely the discs (pieces of ``kind``) ``label`` names are the top of the neighbour's stack leaning in: a
    stack whose discs from the ``reaching``-th up are at least as many, with every colour ``label`` names."""
    discs = _pieces_of(label)
    if any(piece.kind != kind for piece in discs):
        return 0.0
    colours = {piece.colour for piece in discs}
    total = 0.0
    for other, probability in neighbour.items():
        pieces = _pieces_of(other) if other else ()
        if (len(pieces) - reaching + 1 >= len(discs) and all(p.kind == kind for p in pieces)
                and colours <= {p.colour for p in pieces}):
            # where only the top disc reaches, its top face is what leans in: a disc of another colour is not it
            only_top = len(pieces) == reaching and top
            total += probability * (sum(top.get(c, 0.0) for c in colours) if only_top else 1.0)
    return total


def hidden_behind(slots: Mapping[str, Mapping[str, float]], shadowed_by: Mapping[str, Sequence[str]],
                  standing: Mapping[str, Collection[str]] | None = None,
                  held: Mapping[str, Collection[str]] | None = None, *,
                  terms: Vocabulary | None = None) -> frozenset[str]:
    """Slots whose reading a hiding piece (the ``hiding`` kinds) on a neighbouring slot in front explains: read
    (mostly) empty, or as that piece leaning in. The camera cannot tell what stands behind it. The piece in front is
    one surely read there, or one the slot's reference took in that still looks as it did then (``standing``: slot →
    such neighbours), whatever the slot model makes of it now. A piece whose lean the slot's reference holds for good
    (``held``, as in :func:`doubt_leaning`) explains only "empty" there: a piece of its colour read against that
    reference is another piece.

    >>> front = {"t.1": {"house:blue": 0.98, "": 0.02}}
    >>> sorted(hidden_behind({**front, "t.2": {"house:blue": 0.52, "": 0.48}}, {"t.2": ("t.1",)}))
    ['t.2']
    >>> sorted(hidden_behind({**front, "t.2": {"house:red": 0.9, "": 0.1}}, {"t.2": ("t.1",)}))   # its own colour
    []
    >>> faint = {"t.1": {"": 0.55, "house:blue": 0.45}, "t.2": {"": 0.98, "house:blue": 0.02}}
    >>> sorted(hidden_behind(faint, {"t.2": ("t.1",)})), sorted(hidden_behind(faint, {"t.2": ("t.1",)}, {"t.2": ["t.1"]}))
    ([], ['t.2'])
    """
    terms = _terms(terms)
    hidden = set()
    standing, held = standing or {}, held or {}
    for slot, neighbours in shadowed_by.items():
        labels = slots.get(slot)
        if not labels:
            continue
        for neighbour in neighbours:
            theirs = slots.get(neighbour, {})
            if (sum(p for _, p in _standing(theirs, terms.hiding)) < HIDING_PIECE
                    and neighbour not in standing.get(slot, ())):
                continue
            explained = labels.get("", 0.0) + (0.0 if neighbour in held.get(slot, ()) else sum(
                p * _same_piece_probability(label, theirs, terms.heights_mm) for label, p in labels.items() if label))
            if explained >= 0.5:
                hidden.add(slot)
                break
    return frozenset(hidden)


def doubt_behind_hidden(slots: Mapping[str, dict[str, float]], shadowed_by: Mapping[str, Sequence[str]],
                        hidden: Collection[str], *, terms: Vocabulary | None = None) -> dict[str, dict[str, float]]:
    """Readings of a standing piece capped at ``BEHIND_HIDDEN_MOST`` (the rest moved to "empty") where a slot in front
    is ``hidden`` (:func:`hidden_behind`): what stands there, unseen, would lean into this window.

    >>> doubted = doubt_behind_hidden({"t.3": {"house:red": 1.0}}, {"t.3": ("t.2",)}, {"t.2"})
    >>> doubted["t.3"]
    {'house:red': 0.6, '': 0.4}
    """
    heights = _terms(terms).heights_mm
    result = dict(slots)        # most frames hide nothing: only the slots beyond a hidden one are copied and changed
    for slot, neighbours in shadowed_by.items():
        if not slots.get(slot) or not any(neighbour in hidden for neighbour in neighbours):
            continue
        labels = result[slot] = dict(slots[slot])
        for label, probability in slots[slot].items():
            pieces = _pieces_of(label) if label else ()
            if len(pieces) == 1 and pieces[0].kind in heights and probability > BEHIND_HIDDEN_MOST:
                labels[label] = BEHIND_HIDDEN_MOST
                labels[""] = labels.get("", 0.0) + probability - BEHIND_HIDDEN_MOST
    return result


def one_disc_each(slots: Mapping[str, Mapping[str, float]], stacked_over: Mapping[str, Sequence[tuple[str, int]]],
                  top_colours: Mapping[str, Mapping[str, float]] | None = None, *,
                  terms: Vocabulary | None = None) -> dict[str, dict[str, float]]:
    """A stack and the space its picture covers on the same track, read as one story: a player has one disc on
    a track, so the colours read on the two are disjoint.

    Emptiness is not what settles a clash: the stack's space keeps its chance of holding nothing, and so does
    the covered space unless the stack is tall enough to reach it: then a colour read there may be the stack's
    top leaning in (``LEAN_DOUBT`` × the chance its top disc is of that colour, ``top_colours`` per stack space;
    1 where unknown), not a disc of its own.

    >>> slots = {"favour.x.0": {"disc:blue+disc:red": 0.6, "disc:red": 0.4}, "favour.x.1": {"disc:blue": 0.9, "": 0.1}}
    >>> story = one_disc_each(slots, {"favour.x.1": (("favour.x.0", 2),)}, {"favour.x.0": {"red": 1.0}})
    >>> {slot: {label: round(p, 2) for label, p in labels.items()} for slot, labels in story.items()}
    {'favour.x.0': {'disc:blue+disc:red': 0.13, 'disc:red': 0.87}, 'favour.x.1': {'': 0.22, 'disc:blue': 0.78}}
    >>> story = one_disc_each(slots, {"favour.x.1": (("favour.x.0", 2),)}, {"favour.x.0": {"blue": 1.0}})
    >>> round(story["favour.x.0"]["disc:blue+disc:red"], 2)          # blue on top: the blue read next door may be it
    0.45
    """
    stacked = f"{_terms(terms).stack}:"
    result = {slot: dict(labels) for slot, labels in slots.items()}
    for slot, stacks in stacked_over.items():
        for space, reaching in stacks:
            if slot.rsplit(".", 1)[0] != space.rsplit(".", 1)[0] or slot not in result or space not in result:
                continue
            result[space], result[slot] = _one_story(result[space], result[slot], reaching, stacked,
                                                     (top_colours or {}).get(space), (top_colours or {}).get(slot))
    return result


def _same_top(colours: Collection[str], top: Mapping[str, float] | None, far_top: Mapping[str, float] | None) -> float:
    """The chance that the top disc of a reading naming ``colours`` is of the stack's top colour (``top``), with the
    reading's own top colours (``far_top``) when known."""
    if not top:
        return 1.0
    if not far_top or sum(far_top.get(c, 0.0) for c in colours) <= 0.0:
        return max(top.get(c, 0.0) for c in colours)
    return sum(far_top.get(c, 0.0) * top.get(c, 0.0) for c in colours) / sum(far_top.get(c, 0.0) for c in colours)


def _one_story(near: Mapping[str, float], far: Mapping[str, float], reaching: int, stacked: str,
               top: Mapping[str, float] | None, far_top: Mapping[str, float] | None = None
               ) -> tuple[dict[str, float], dict[str, float]]:
    """The two readings given each other (see :func:`one_disc_each`); ``stacked`` is the discs' label prefix."""
    colours = {label: frozenset(p.colour for p in _pieces_of(label)) if label.startswith(stacked) else frozenset()
               for label in (*near, *far)}
    far_empty = far.get("", 0.0)
    weights: dict[str, float] = {}
    given: dict[str, dict[str, float]] = {}
    for a, p in near.items():
        allowed = {b: q for b, q in far.items() if not (colours[a] & colours[b])}
        if len(colours[a]) >= reaching:     # what the far space reads may be this stack's top leaning in
            lean = LEAN_DOUBT * sum(q * _same_top(colours[b], top, far_top)
                                    for b, q in far.items() if b not in allowed
                                    and len(colours[b]) <= len(colours[a]) - reaching + 1 and colours[b] <= colours[a])
            allowed[""] = allowed.get("", 0.0) + lean
        total = sum(allowed.values())
        if not a.startswith(stacked) or total <= 0.0:
            weights[a], given[a] = p, dict(far)
            continue
        weights[a] = p * total
        discs = total - allowed.get("", 0.0)
        if len(colours[a]) >= reaching or discs <= 0.0:
            given[a] = {b: q / total for b, q in allowed.items()}
        else:   # too short to lean over the far space: that space's emptiness stays as read
            given[a] = {b: (far_empty if b == "" else q * (1.0 - far_empty) / discs) for b, q in allowed.items()}
    near_empty = near.get("", 0.0)
    discs = sum(w for a, w in weights.items() if a.startswith(stacked))
    if discs <= 0.0:
        return dict(near), dict(far)
    posterior = {a: (w if not a.startswith(stacked) else w * (1.0 - near_empty) / discs) for a, w in weights.items()}
    mixed: dict[str, float] = {}
    for a, w in posterior.items():
        for b, q in given[a].items():
            mixed[b] = mixed.get(b, 0.0) + w * q
    return posterior, mixed
