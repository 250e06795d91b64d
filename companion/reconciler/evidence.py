"""How well an expected table view explains one observation, as a log-likelihood.

Views are reduced to what a camera can tell apart: a label per occupied slot and the counts it reads in
each supply zone (:class:`VisibleView`). Hypotheses are compared *relative to a base view* (the current
state's), so only the slots where they differ cost anything: unchanged slots cancel out.

>>> from companion.games import Piece, TableView
>>> from vision.observation import Observation
>>> base = VisibleView.of(TableView("nim", ("red", "blue")))
>>> moved = base.with_slots({"heap.1": "cube:gold"})
>>> seen = Observation(registered=True, stable=True, slots={"heap.1": {"cube:gold": 0.9, "": 0.1}})
>>> [round(part, 2) for part in split_loglik(seen, moved, base)]      # (slots, supplies)
[2.2, 0.0]
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Iterable, Mapping

from companion.games import RuleError, TableView
from companion.games.registry import get_pack
from vision.observation import Observation, label_for, pieces_for

# A reading never rules a label out completely: a confident misread costs log(1e-3) ≈ −6.9, not −∞.
PROBABILITY_FLOOR = 1e-3
# How confident a reading must be to count as a disagreement worth an alert or a reminder.
CONFIDENT = 0.7
# … when it reads nothing where the rules have a piece. Held-out calibration (40 tables, 6,993 empty slots): the slot
# model read an empty slot as nothing at p < 0.9 in 0.3 % of them, and read every one of 14 pieces it missed at
# p < 0.9 (0.46-0.90). Read at 0.78-0.92, a disc on the turn-order track, a worker moved on the inn and a house in the
# castle raised "The table shows nothing on …" (held-out 4 players, seeds 141 and 143).
CONFIDENT_EMPTY = 0.9
# A cube count less sure than this is no evidence at all (see supply_loglik).
UNSURE_COUNT = 0.5
# The share of one-cube changes on a pile of the cube's kind (one more or less, some left either way) whose zone read
# unchanged, sure, on held-out tables (6 of 93; 1 of 71 elsewhere: tests/benchmarks/bench_zone_band.py, session 47).
PILE_HIDES = 0.065
# The most a seat's changed coins' strip speaks for a story that pays or takes coins there (log-likelihood over a story
# that moves none). A strip also changes when a player makes change, or takes income the rules already counted; and on
# held-out tables one strip in six whose coins stayed read as changed as a payment does, beside a cube that came or
# went (tests/benchmarks/bench_coins.py). A still strip speaks against a payment in full: the coins' strong witness.
COIN_FOR_PAYMENT = 2.5


@lru_cache(maxsize=4096)
def seen_from_above(label: str) -> frozenset[str]:
    """Every reading a camera above the table may give of a slot holding ``label``.

    Discs stacked on one space (favour start spaces, shared track spaces) hide each other: the camera may
    see only the top one, or a few. So a stack of two or more discs may read as any non-empty subset of
    its discs. A building may read as just "tile" (its look is learned when the rules confirm it);
    anything else reads only as itself. An empty reading, or a colour not in the stack, is still
    evidence against it.

    >>> sorted(seen_from_above("disc:blue+disc:red"))
    ['disc:blue', 'disc:blue+disc:red', 'disc:red']
    >>> sorted(seen_from_above("worker:red"))
    ['worker:red']
    >>> sorted(seen_from_above("tile:mason"))
    ['tile', 'tile:mason']
    """
    pieces = pieces_for(label)
    if len(pieces) == 1 and pieces[0].kind == "tile" and pieces[0].name:
        return frozenset({label, "tile"})       # a building the camera has not learned yet: "a tile"
    discs = [piece for piece in pieces if piece.kind == "disc"]
    if len(discs) < 2:
        return frozenset({label})
    others = [piece for piece in pieces if piece.kind != "disc"]
    return frozenset(label_for(others + list(subset))
                     for size in range(1, len(discs) + 1) for subset in combinations(discs, size))


def looks_like(seen: str, expected: str) -> bool:
    """True when the reading ``seen`` is what the camera may see of a slot holding ``expected``."""
    return seen == expected or seen in seen_from_above(expected)


@lru_cache(maxsize=8192)
def _label(pieces: tuple) -> str:
    """:func:`label_for`, remembered: the search turns tens of thousands of views into labels per game."""
    return label_for(pieces)


@lru_cache(maxsize=None)
def goods_and_coin(game: str) -> tuple[tuple[str, ...], str | None]:
    """The goods the camera counts in each seat's supply and the coin it sees come and go, from the game's pack
    (none of either for a game no pack, or no ``table.json``, describes)."""
    try:
        table = get_pack(game).table
    except RuleError:
        return (), None
    return tuple(table.goods), table.coin

@dataclass(frozen=True)
class VisibleView:
    """What the camera can see of a table view: slot labels and the supply counts it reads; and each seat's deniers,
    which it sees only come or go (not part of the look: :class:`CoinWitness`)."""

    labels: Mapping[str, str]
    supplies: Mapping[str, Mapping[str, int]]
    coins: Mapping[str, int] = field(default_factory=dict, compare=False)    # views differing only here look alike

    @classmethod
    def of(cls, view: TableView, supply_keys: Iterable[str] | None = None) -> "VisibleView":
        """The look of ``view``: its slots' labels, each seat's ``supply_keys`` (the game's goods when None) and
        its coins (the game's coin)."""
        goods, coin = goods_and_coin(view.game)
        keys = tuple(supply_keys) if supply_keys is not None else goods
        labels = {slot: _label(pieces) for slot, pieces in view.slots.items() if pieces}
        supplies = {colour: {key: int(counts.get(key, 0)) for key in keys}
                    for colour, counts in view.supplies.items()}
        coins = {colour: int(counts[coin]) for colour, counts in view.supplies.items() if coin in counts}
        return cls(labels, supplies, coins)

    def label(self, slot: str) -> str:
        return self.labels.get(slot, "")

    def with_slots(self, changes: Mapping[str, str]) -> "VisibleView":
        labels = dict(self.labels)
        for slot, label in changes.items():
            if label:
                labels[slot] = label
            else:
                labels.pop(slot, None)
        return VisibleView(labels, self.supplies, self.coins)

    def key(self) -> tuple:
        """A hashable identity: two views with the same key look the same to the camera.

        Frozensets, not sorted tuples: cheaper to build, and they keep their hash (keys are looked up a lot).
        """
        return (frozenset(self.labels.items()),
                frozenset((c, frozenset(n.items())) for c, n in self.supplies.items()))

    def changed_slots(self, other: "VisibleView") -> set[str]:
        """The slots whose label differs between the two views."""
        return {slot for slot, _ in self.labels.items() ^ other.labels.items()}


@dataclass(frozen=True)
class ViewDiff:
    """Where a view differs from the base: changed slot labels and changed supply rows."""

    slots: Mapping[str, str]
    supplies: Mapping[str, Mapping[str, int]]

    @classmethod
    def between(cls, view: VisibleView, base: VisibleView) -> "ViewDiff":
        slots = {slot: view.label(slot) for slot in view.changed_slots(base)}
        supplies = {colour: counts for colour, counts in view.supplies.items()
                    if dict(counts) != dict(base.supplies.get(colour, {}))}
        return cls(slots, supplies)

    def __bool__(self) -> bool:
        return bool(self.slots or self.supplies)


def slot_loglik(observation: Observation, slot: str, label: str) -> float:
    """log P(reading | the slot holds ``label``); 0 for a slot that wasn't read or is covered."""
    probabilities = observation.slots.get(slot)
    if not probabilities or slot in observation.occluded_slots:
        return 0.0
    return reading_loglik(probabilities, label)


def reading_loglik(probabilities: Mapping[str, float], label: str) -> float:
    """log P(reading | the slot holds ``label``) for one reading of a slot (label → probability)."""
    readings = seen_from_above(label)
    probability = sum(probabilities.get(reading, 0.0) for reading in readings) if len(readings) > 1 \
        else probabilities.get(label, 0.0)
    return math.log(max(probability, PROBABILITY_FLOOR))


def supply_loglik(observation: Observation, colour: str, counts: Mapping[str, int]) -> float:
    """log P(counted supply | the true counts): exact match is worth the count's confidence.

    A count less sure than a coin says nothing (0 for every count): below 0.5 the formula would turn round and favour
    every count but the one read. Held-out look, 3 players, seed 23, decision 148: green's cubes read right (cloth 1)
    at confidence 0.0, which made "food and food" (off by 3) 4.9 nats likelier than the true "cloth": a wrong commit.

    >>> seen = Observation(registered=True, stable=True, supplies={"green": {"food": 0, "cloth": 1}},
    ...                    supply_confidence={"green": 0.0})
    >>> supply_loglik(seen, "green", {"food": 0, "cloth": 1}) == supply_loglik(seen, "green", {"food": 2, "cloth": 0})
    True

    A cube dropped on a pile of its kind, or taken off one, may leave the zone's picture as it was (held-out 3 players,
    seed 251, decision 70: red sold a wood off its five, the zone read unchanged, sure, and "no sale" was committed):
    a sure reading says no more against one such cube than ``PILE_HIDES``.

    >>> sure = Observation(registered=True, stable=True, supplies={"red": {"wood": 5, "cloth": 0}},
    ...                    supply_confidence={"red": 0.97})
    >>> [round(supply_loglik(sure, "red", {"wood": wood, "cloth": 0}), 2) for wood in (5, 4)]
    [-0.03, -2.73]
    >>> round(supply_loglik(sure, "red", {"wood": 5, "cloth": 1}), 2)        # a first cloth: no pile to hide on
    -3.51
    """
    seen, confidence = observation.supplies.get(colour), observation.supply_confidence.get(colour, 0.5)
    if seen is None or confidence < UNSURE_COUNT:
        return 0.0
    confidence = min(max(confidence, PROBABILITY_FLOOR), 1 - PROBABILITY_FLOOR)
    off_by = sum(abs(int(counts.get(key, 0)) - int(value)) for key, value in seen.items())
    if off_by == 0:
        return math.log(confidence)
    if off_by == 1 and _one_on_a_pile(counts, seen):     # such a cube may not show: the reading says less against it
        return max(math.log(1 - confidence), math.log(PILE_HIDES))
    return math.log(1 - confidence) - (off_by - 1)


def split_loglik(observation: Observation, view: VisibleView, base: VisibleView,
                 diff: ViewDiff | None = None) -> tuple[float, float]:
    """log P(observation | view) − log P(observation | base), summed only where the two differ, in two
    parts: (slots, supplies).

    They add up differently over a window of still frames: slot readings frame by frame, but a supply
    count is the same count (and the same miscount of a few-pixel cube) in every frame while the cubes
    lie still, so a window counts it once, as its mean (:class:`companion.reconciler.Reconciler`).
    """
    diff = diff if diff is not None else ViewDiff.between(view, base)
    slots = supplies = 0.0
    for slot, label in diff.slots.items():
        slots += slot_loglik(observation, slot, label) - slot_loglik(observation, slot, base.label(slot))
    for colour, counts in diff.supplies.items():
        supplies += supply_loglik(observation, colour, counts) - supply_loglik(
            observation, colour, base.supplies.get(colour, {}))
    return slots, supplies


def confident_mismatches(observation: Observation, view: VisibleView,
                         confident: float = CONFIDENT, empty: float = 0.0) -> ViewDiff:
    """Slots and supplies the observation confidently reads differently from ``view``; a reading of nothing where
    ``view`` has a piece must also be ``empty`` sure.

    >>> seen = Observation(registered=True, stable=True, slots={"inn.left": {"": 0.85, "worker:red": 0.15}})
    >>> table = VisibleView({"inn.left": "worker:red"}, {})
    >>> confident_mismatches(seen, table).slots, confident_mismatches(seen, table, empty=CONFIDENT_EMPTY).slots
    ({'inn.left': ''}, {})
    """
    slots = {}
    for slot in observation.slots:
        if slot in observation.occluded_slots:
            continue
        label, probability = observation.best(slot)
        if not looks_like(label, view.label(slot)) and probability >= (confident if label else max(confident, empty)):
            slots[slot] = label
    supplies = {}
    for colour, seen in observation.supplies.items():
        if observation.supply_confidence.get(colour, 0.0) < confident:
            continue
        expected = view.supplies.get(colour, {})
        if any(int(expected.get(key, 0)) != int(value) for key, value in seen.items()):
            supplies[colour] = dict(seen)
    return ViewDiff(slots, supplies)


def without_piled(mismatch: ViewDiff, view: VisibleView) -> ViewDiff:
    """``mismatch`` without the supplies that differ from ``view`` only by one cube more or less on a pile of its
    own kind, in each type that differs.

    Seen from above, a cube dropped on a cube of its colour, or taken off one, may leave the zone's picture as it was:
    its zone then reads unchanged, surely, though the cube came or went. Held-out 2 players, seed 249, decision 90:
    red took a food onto its one food, the zone read its old count (0.97) in every still frame, and "Red's supply is
    not up to date: +1 food" was reminded. Such a reading is no disagreement worth an alert or a reminder.

    >>> table = VisibleView({}, {"red": {"food": 2, "wood": 0}, "blue": {"food": 0, "wood": 1}})
    >>> seen = ViewDiff({}, {"red": {"food": 1, "wood": 0}, "blue": {"food": 0, "wood": 0}})
    >>> dict(without_piled(seen, table).supplies)          # blue's only wood can't hide on another
    {'blue': {'food': 0, 'wood': 0}}
    """
    shown = {colour: seen for colour, seen in mismatch.supplies.items()
             if not _one_on_a_pile(view.supplies.get(colour, {}), seen)}
    return mismatch if len(shown) == len(mismatch.supplies) else ViewDiff(mismatch.slots, shown)


def _one_on_a_pile(expected: Mapping[str, int], seen: Mapping[str, int]) -> bool:
    """Whether ``seen`` differs from ``expected`` only by one cube per differing type, with a cube of it on both sides."""
    differing = [(int(expected.get(key, 0)), int(count)) for key, count in seen.items()
                 if int(expected.get(key, 0)) != int(count)]
    return bool(differing) and all(abs(want - got) == 1 and min(want, got) >= 1 for want, got in differing)


class CoinWitness:
    """The seats' coins' strips over the still frames (``Observation.coins``): evidence on who paid or took coins.

    A story is weighed by how likely the strips look as they do if its coins came and went, against no coin moving:
    the mean over the frames, per seat, at most ``COIN_FOR_PAYMENT`` in favour of coins moving.

    Two stories the strips cannot weigh:

    * **A strip older than the table before the hand** (its zone confirmed at another count than the seat held when
      the hand came) says nothing: a story that ends on that old count moved coins all the same (held-out 2 players,
      seed 245, decision 14: "paid 2" ended on red's strip's count of two moves before, and its still strip decided).
    * **A story that starts a new turn** paid income to every seat: each seat's coins moved, whatever count the story
      ends on (held-out 2 players, seed 400, decision 89: red paid 3 for the provost, took 2 of income, and "paid 2"
      ended on the strip's count).

    >>> witness = CoinWitness()
    >>> still = (0.74, 0.005, 0.004)                 # the strip unchanged: likely if no coin moved
    >>> witness.add(Observation(registered=True, stable=True, coins={"red": (5, still), "blue": (7, still)}))
    >>> before = {"red": 5, "blue": 7}
    >>> witness.loglik({"red": 5, "blue": 7}, before), round(witness.loglik({"red": 4, "blue": 7}, before), 2)
    (0.0, -5.0)
    >>> witness.loglik({"red": 5, "blue": 7}, {"red": 8, "blue": 7})         # red's strip is older than the hand
    0.0
    >>> round(witness.loglik({"red": 5, "blue": 7}, before, income=True), 2)  # both seats took their income
    -10.44
    """

    def __init__(self) -> None:
        self._frames = 0
        self._sums: dict[tuple[str, int], list[float]] = {}    # (seat's colour, deniers confirmed) → logs, frames
        self._known: dict[tuple, float] = {}        # (deniers, before, income) → loglik, until the next frame

    def add(self, observation: Observation) -> None:
        self._frames += 1
        self._known = {}
        for colour, (deniers, odds) in observation.coins.items():
            sums = self._sums.setdefault((colour, deniers), [0.0, 0.0, 0.0, 0])
            for moved, probability in enumerate(odds):
                sums[moved] += math.log(max(probability, PROBABILITY_FLOOR))
            sums[3] += 1

    def loglik(self, deniers: Mapping[str, int], before: Mapping[str, int], income: bool = False) -> float:
        """Evidence for a story whose seats hold ``deniers`` (colour → count), against no coin moving. ``before``: the
        seats' counts when the hand came; ``income``: the story starts a new turn."""
        key = (frozenset(deniers.items()), frozenset(before.items()), income)
        known = self._known.get(key)
        if known is None:
            known = self._known[key] = self._loglik(deniers, before, income)
        return known

    def _loglik(self, deniers: Mapping[str, int], before: Mapping[str, int], income: bool) -> float:
        total = 0.0
        for (colour, confirmed), (*logs, frames) in self._sums.items():
            if before.get(colour, confirmed) != confirmed:
                continue            # the strip is older than the table before the hand
            moved = 2 if income else min(abs(deniers.get(colour, confirmed) - confirmed), 2)
            if moved:
                total += frames / self._frames * min((logs[moved] - logs[0]) / frames, COIN_FOR_PAYMENT)
        return total


class Consensus:
    """The table as the stable frames since it last changed read it, together: a label per slot and counts.

    Summing log-probabilities over frames lets one frame's misread be outvoted by the others; the
    result is the ``target`` the search heads for (:func:`companion.reconciler.search.explore`).
    """

    lead = 2.5           # log-odds over what the slot held before for a change to count (a misread is ≤ 2.2)
    supply_lead = 1.2    # summed count confidences over what was there (one frame is < 1)

    def __init__(self) -> None:
        self._slot_scores: dict[str, dict[str, float]] = {}
        self._slot_frames: dict[str, int] = {}
        self._slot_seen: dict[str, dict[str, int]] = {}
        self._supply_votes: dict[str, dict[tuple, float]] = {}

    def add(self, observation: Observation) -> None:
        for slot, probabilities in observation.slots.items():
            if slot in observation.occluded_slots or not probabilities:
                continue
            scores = self._slot_scores.setdefault(slot, {})
            seen = self._slot_seen.setdefault(slot, {})
            self._slot_frames[slot] = self._slot_frames.get(slot, 0) + 1
            for label, probability in probabilities.items():
                scores[label] = scores.get(label, 0.0) + math.log(max(probability, PROBABILITY_FLOOR))
                seen[label] = seen.get(label, 0) + 1
        for colour, counts in observation.supplies.items():
            votes = self._supply_votes.setdefault(colour, {})
            key = tuple(sorted((cube, int(n)) for cube, n in counts.items()))
            votes[key] = votes.get(key, 0.0) + observation.supply_confidence.get(colour, 0.5)

    @property
    def read(self) -> frozenset[str]:
        """The slots some frame read (the others say nothing about the table)."""
        return frozenset(self._slot_frames)

    def target(self, base: VisibleView) -> VisibleView:
        """The likeliest table: ``base`` wherever nothing was read."""
        labels = dict(base.labels)
        floor = math.log(PROBABILITY_FLOOR)
        for slot, scores in self._slot_scores.items():
            frames, seen = self._slot_frames[slot], self._slot_seen[slot]
            def total(label: str) -> float:
                return scores.get(label, 0.0) + (frames - seen.get(label, 0)) * floor
            best = max(scores, key=total)
            if looks_like(best, base.label(slot)):      # what a stack seen from above shows: nothing changed
                continue
            if total(best) - total(base.label(slot)) < self.lead:     # not yet clear: keep what was there
                continue
            if best:
                labels[slot] = best
            else:
                labels.pop(slot, None)
        supplies = {colour: dict(counts) for colour, counts in base.supplies.items()}
        for colour, votes in self._supply_votes.items():
            best = max(votes, key=votes.__getitem__)
            was = tuple(sorted((cube, int(n)) for cube, n in supplies.get(colour, {}).items() if cube in dict(best)))
            if votes[best] - votes.get(was, 0.0) >= self.supply_lead:
                supplies[colour] = {**supplies.get(colour, {}), **dict(best)}
        return VisibleView(labels, supplies)
