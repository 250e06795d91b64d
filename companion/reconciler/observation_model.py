"""The observation model: how likely the camera's readings are, given what a story says stands on the table.

A still spell (the frames while the table rests) is one observation: its frames show the same table, so their
errors repeat rather than add up, and each slot's readings are averaged over the spell. A slot's averaged reading is
reduced to how its two likeliest labels relate to the label a story puts there (``own``: it looks like it;
``missed``: nothing read where a piece stands; ``lean``: the top of a piece standing in front, from where the camera
is; ``colour``: the same kind in another colour; ``phantom``: a piece where there is none; ``other``), the second
only when it holds a fair share of the reading, and the likeliest label's probability in bins. The chance of each
outcome given the story's label — its kind, whether it changed since vision last confirmed the slot, how surely the
spell before read the slot as confirmed (a slot the camera reads unsurely stays so), whether another slot of its
place changed, whether a piece leans in, whether a piece in front hides it — is **measured**: counted on rendered
games whose truth is known (``tests/benchmarks/collect_readings.py``), smoothed towards coarser contexts, and
stored in the game's pack as ``reliability.json``. No probability here is chosen by hand. While a game goes on,
the reconciler adds the readings of the user's own table whose contents the game knows
(:meth:`ReadingModel.adapted`).

How far a slot's averaged reading moved since the spell before is measured too (:func:`drift`, per context: its
contents changed or not, another slot of its place changed, a piece leans in): a reading that jumps where the story
says nothing moved tells against it.

So is how far a watched spot's picture is from the one vision took when it last confirmed the table
(``Observation.changes``, :func:`change_contexts`: the spot's contents changed since then or not, another slot of its
place changed, and how its reading relates to the story's label, so that the picture and the reading it was read
from are not counted as two independent witnesses): a piece the slot model misses still changes the picture.

Supply zones are modelled the same way (how far the counts read are from a story's, and how sure the zone was);
a seat's coins by the odds vision measured for its coin strip; the arm's side by how often it names the mover.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from companion.games import RuleError
from companion.games.registry import get_pack

from .evidence import looks_like, pieces_for
from .explain import place_of

FORMAT = "companion-reliability/1"
BINS = (0.4, 0.6, 0.8, 0.9, 0.97, 0.995)          # upper edges of the likeliest label's probability bins
SECOND = 0.15            # a reading's second likeliest label counts when it holds at least this much
COUNT_BINS = (0.5, 0.7, 0.9, 0.97)
DRIFT_BINS = (0.05, 0.15, 0.3, 0.5, 0.7)     # upper edges of the bins of how far a slot's reading moved
CHANGE_BINS = (20.0, 30.0, 45.0, 70.0, 110.0, 160.0)   # upper edges of the bins of a spot's picture change level
SMOOTHING = 20.0         # pseudo-counts a context borrows from its coarser one
RELATIONS = ("own", "missed", "lean", "colour", "phantom", "other")
UNDETERMINED = ("colour", "phantom", "other")   # relations whose label a story does not fix: one of several
FILE = "reliability.json"


def probability_bin(probability: float, edges: Sequence[float] = BINS) -> int:
    return next((index for index, edge in enumerate(edges) if probability < edge), len(edges))


def kind_of(label: str) -> str:
    """``empty``, ``stack`` (several pieces on one spot) or the one piece's kind."""
    pieces = pieces_for(label)
    if not pieces:
        return "empty"
    return pieces[0].kind if len(pieces) == 1 else "stack"


def share(reading: Mapping[str, float], label: str) -> float:
    """How much of ``reading`` goes to what a camera may see of ``label``."""
    return sum(probability for seen, probability in reading.items() if looks_like(seen, label))


def relation(reading: Mapping[str, float], label: str, leaning: Iterable[str]) -> tuple[str, int]:
    """How a reading relates to ``label`` and the pieces ``leaning`` in: ``TOP/SECOND`` — how its likeliest label
    relates, then how its second likeliest does if it holds at least ``SECOND`` of the reading (``-`` if not) — and
    the likeliest label's probability bin."""
    if not reading:
        return "own/-", len(BINS)
    ranked = sorted(reading, key=lambda seen: -reading[seen])
    leaning = tuple(near for near in leaning if near)
    top = _relation(ranked[0], label, leaning)
    second = _relation(ranked[1], label, leaning) if len(ranked) > 1 and reading[ranked[1]] >= SECOND else "-"
    return f"{top}/{second}", probability_bin(reading[ranked[0]])


def top_relation(reading: Mapping[str, float], label: str, leaning: Iterable[str]) -> str:
    """How a reading's likeliest label relates to ``label`` (the first part of :func:`relation`)."""
    return relation(reading, label, leaning)[0].split("/")[0]


def _relation(seen: str, label: str, leaning: tuple[str, ...]) -> str:
    """How one label read relates to the slot's ``label``: own, missed, lean, phantom, colour or other."""
    if looks_like(seen, label):
        return "own"
    if not seen:
        return "missed"
    pieces = set(pieces_for(seen))
    if any(pieces <= set(pieces_for(near)) or _same_top(pieces, near) for near in leaning):
        return "lean"
    if not label:
        return "phantom"
    kinds = {(piece.kind, piece.colour) for piece in pieces_for(label)}
    if any(piece.kind in {kind for kind, _ in kinds} and (piece.kind, piece.colour) not in kinds for piece in pieces):
        return "colour"
    return "other"


def _same_top(seen: set, near: str) -> bool:
    """A reading of one piece whose kind and colour a piece leaning in has (a stack's top disc, a worker's top)."""
    return len(seen) == 1 and any((p.kind, p.colour) == (q.kind, q.colour) for p in seen for q in pieces_for(near))


def before_level(reading: Mapping[str, float] | None, confirmed: str) -> str:
    """How the spell before read the slot as confirmed: ``b`` + the bin of the share it gave the confirmed label
    (``b6``: surely); ``none`` when it is unknown. An empty slot no spell before read counts as read surely (the
    collector leaves out the empty slots read surely)."""
    if reading is None:
        return f"b{len(BINS)}" if not confirmed else "none"
    return f"b{probability_bin(share(reading, confirmed))}"


def drift(reading: Mapping[str, float], before: Mapping[str, float]) -> float:
    """How far a slot's mean reading moved since the spell before: half the summed change of each label's share."""
    return 0.5 * sum(abs(reading.get(label, 0.0) - before.get(label, 0.0)) for label in set(reading) | set(before))


def drift_contexts(moved: bool, near: bool, leaning: Iterable[str]) -> list[str]:
    """Contexts of a drift, finest first: the slot's contents changed since the spell before, another slot of its
    place changed, a piece leans in."""
    first = "moved" if moved else "still"
    close = "near" if near else "alone"
    leans = "leaned" if any(leaning) else "clear"
    return [f"{first}|{close}|{leans}", f"{first}|{close}", first, ""]


def change_contexts(moved: bool, near: bool, reading_relation: str) -> list[str]:
    """Contexts of a picture change level, finest first: the spot's contents differ from those vision last
    confirmed, another slot of its place changed, how the spot's reading relates to the story's label (the top
    relation of :func:`relation`)."""
    first = "moved" if moved else "still"
    close = "near" if near else "alone"
    return [f"{first}|{close}|{reading_relation}", f"{first}|{close}", first, ""]


def contexts(label: str, confirmed: str, leaning: Iterable[str], behind: bool, before: str = "none",
             near: bool = False) -> list[str]:
    """The slot's contexts, finest first: kind, changed since confirmed, how surely the spell before read it,
    another slot of its place changed, a piece leaning in, hidden behind."""
    kind = kind_of(label)
    changed = "changed" if label != confirmed else "kept"
    leans = "leaned" if any(leaning) else "clear"
    hidden = "behind" if behind else "seen"
    close = "near" if near else "alone"
    return [f"{kind}|{changed}|{before}|{close}|{leans}|{hidden}", f"{kind}|{changed}|{before}|{close}",
            f"{kind}|{changed}|{before}", f"{kind}|{changed}", kind, ""]


@dataclass
class Table:
    """Counts of outcomes per context, read with back-off smoothing: P(outcome | finest context)."""

    counts: dict[str, dict[str, float]] = field(default_factory=dict)
    outcomes: int = 1          # how many outcomes there are (for the root's add-one smoothing)
    prior: "Table | None" = None   # the root borrows from this table's root instead of add-one smoothing

    def add(self, keys: Sequence[str], outcome: str, weight: float = 1.0) -> None:
        for key in keys:
            row = self.counts.setdefault(key, {})
            row[outcome] = row.get(outcome, 0.0) + weight

    def root_probability(self, outcome: str) -> float:
        """P(outcome) over every reading: add-one smoothed, or borrowed from :attr:`prior`."""
        root = self.counts.get("", {})
        if self.prior is None:
            return (root.get(outcome, 0.0) + 1.0) / (sum(root.values()) + self.outcomes)
        return (root.get(outcome, 0.0) + SMOOTHING * self.prior.root_probability(outcome)) / \
            (sum(root.values()) + SMOOTHING)

    def probability(self, keys: Sequence[str], outcome: str) -> float:
        """P(outcome | ``keys[0]``), each context smoothed towards the next coarser one (``keys`` finest first, the
        root last). A context holding exactly the readings of its coarser one adds nothing and is passed over: the
        same readings are not counted twice."""
        probability = self.root_probability(outcome)
        coarser: dict[str, float] | None = None
        for key in reversed(keys[:-1]):
            row = self.counts.get(key)
            if row and row != coarser:
                probability = (row.get(outcome, 0.0) + SMOOTHING * probability) / (sum(row.values()) + SMOOTHING)
            coarser = row or coarser
        return probability


@dataclass
class ReadingModel:
    """The measured reliabilities of one game's readings (slots, supply zones, arms)."""

    slots: Table
    class_sizes: dict[str, float]     # relation → how many labels share it, in effect (measured)
    supplies: Table
    arms: dict[str, float]            # "mover" / "none" / "other": how a reach's named seat relates to the mover
    drifts: Table = field(default_factory=Table)   # how far a slot's reading moves from one spell to the next
    changes: Table = field(default_factory=Table)  # how far a watched spot's picture is from the confirmed one
    source: str = ""

    # ---- likelihoods ------------------------------------------------------------------------------------------

    def slot_loglik(self, reading: Mapping[str, float], label: str, confirmed: str, leaning: Sequence[str],
                    behind: bool, before: str = "none", near: bool = False) -> float:
        """log P(the spell's averaged reading of a slot | it holds ``label``, with ``leaning`` pieces in front;
        ``before``: :func:`before_level`; ``near``: another slot of its place changed)."""
        rel, binned = relation(reading, label, leaning)
        probability = self.slots.probability(contexts(label, confirmed, leaning, behind, before, near),
                                             f"{rel}:{binned}")
        top, second = rel.split("/")
        return math.log(probability / self.class_sizes.get(top, 1.0) / self.class_sizes.get("2" + second, 1.0))

    def drift_loglik(self, reading: Mapping[str, float], before: Mapping[str, float], moved: bool, near: bool,
                     leaning: Sequence[str]) -> float:
        """log P(the slot's reading moved as far as it did since the spell before | its contents ``moved`` then or
        not, another slot of its place changed (``near``), ``leaning`` pieces in front)."""
        outcome = str(probability_bin(drift(reading, before), DRIFT_BINS))
        return math.log(self.drifts.probability(drift_contexts(moved, near, leaning), outcome))

    def change_loglik(self, level: float, reading: Mapping[str, float], label: str, leaning: Sequence[str],
                      moved: bool, near: bool) -> float:
        """log P(the spot's picture is ``level`` from the one vision last confirmed | it holds ``label``, which
        ``moved`` says differs from what vision confirmed there; ``near``: another slot of its place changed).
        0 when the model has measured no picture changes."""
        if not self.changes.counts:
            return 0.0
        outcome = str(probability_bin(level, CHANGE_BINS))
        return math.log(self.changes.probability(change_contexts(moved, near, top_relation(reading, label, leaning)),
                                                 outcome))

    def supply_loglik(self, seen: Mapping[str, int], confidence: float, counts: Mapping[str, int],
                      confirmed: Mapping[str, int]) -> float:
        """log P(a zone read as ``seen`` at ``confidence`` | it holds ``counts``)."""
        outcome = f"{supply_relation(seen, counts)}:{probability_bin(confidence, COUNT_BINS)}"
        changed = "changed" if dict(counts) != dict(confirmed) else "kept"
        probability = self.supplies.probability([changed, ""], outcome)
        off = sum(abs(int(counts.get(key, 0)) - int(value)) for key, value in seen.items())
        return math.log(probability) - max(0, off - 2)     # each cube beyond "2+" off: less likely again

    def arm_loglik(self, named: str | None, movers: frozenset[str], seats: int) -> float:
        """log P(a reach named ``named`` | the story's visible moves were made by ``movers``)."""
        if named is None:
            return math.log(self.arms["none"])
        if not movers:
            return math.log((1 - self.arms["none"]) / max(1, seats))
        if named in movers:
            return math.log(self.arms["mover"])
        return math.log(self.arms["other"] / max(1, seats - len(movers)))

    # ---- learning on the user's own table ---------------------------------------------------------------------

    def adapted(self, weight: float) -> "ReadingModel":
        """A copy to learn on one table with: each context's rendered counts weigh at most ``weight`` readings, so
        that what this table's own camera reads soon outweighs what rendered tables read; how rare an outcome is
        over all rendered readings (an error never seen in thousands) stays the prior every context borrows from."""
        def scaled(table: Table) -> Table:
            counts = {}
            for key, row in table.counts.items():
                total = sum(row.values())
                factor = min(1.0, weight / total) if total else 1.0
                counts[key] = {outcome: n * factor for outcome, n in row.items()}
            return Table(counts, table.outcomes, prior=table)
        return ReadingModel(scaled(self.slots), dict(self.class_sizes), scaled(self.supplies), dict(self.arms),
                            scaled(self.drifts), scaled(self.changes), self.source)

    def learn_slot(self, reading: Mapping[str, float], label: str, confirmed: str, leaning: Sequence[str],
                   behind: bool, before: str, near: bool) -> None:
        """Count one spell's reading of a slot known to hold ``label``."""
        rel, binned = relation(reading, label, leaning)
        self.slots.add(contexts(label, confirmed, leaning, behind, before, near), f"{rel}:{binned}")

    def learn_drift(self, reading: Mapping[str, float], before: Mapping[str, float], moved: bool, near: bool,
                    leaning: Sequence[str]) -> None:
        """Count how far one slot's reading moved between two spells."""
        self.drifts.add(drift_contexts(moved, near, leaning), str(probability_bin(drift(reading, before), DRIFT_BINS)))

    def learn_change(self, level: float, reading: Mapping[str, float], label: str, leaning: Sequence[str],
                     moved: bool, near: bool) -> None:
        """Count one spell's picture change level of a spot known to hold ``label``."""
        self.changes.add(change_contexts(moved, near, top_relation(reading, label, leaning)),
                         str(probability_bin(level, CHANGE_BINS)))

    def learn_supply(self, seen: Mapping[str, int], confidence: float, counts: Mapping[str, int],
                     confirmed: Mapping[str, int]) -> None:
        """Count one spell's reading of a zone known to hold ``counts``."""
        changed = "changed" if dict(counts) != dict(confirmed) else "kept"
        self.supplies.add([changed, ""], f"{supply_relation(seen, counts)}:{probability_bin(confidence, COUNT_BINS)}")

    # ---- data ---------------------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "source": self.source, "slots": self.slots.counts, "slot_outcomes": self.slots.outcomes,
                "class_sizes": self.class_sizes, "supplies": self.supplies.counts,
                "supply_outcomes": self.supplies.outcomes, "arms": self.arms, "drifts": self.drifts.counts,
                "drift_outcomes": self.drifts.outcomes, "changes": self.changes.counts,
                "change_outcomes": self.changes.outcomes}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "ReadingModel":
        if data.get("format") != FORMAT:
            raise ValueError(f"not a reliability file ({FORMAT}): format {data.get('format')!r}")
        return cls(Table(data["slots"], data["slot_outcomes"]), dict(data["class_sizes"]),
                   Table(data["supplies"], data["supply_outcomes"]), dict(data["arms"]),
                   Table(data.get("drifts", {}), data.get("drift_outcomes", len(DRIFT_BINS) + 1)),
                   Table(data.get("changes", {}), data.get("change_outcomes", len(CHANGE_BINS) + 1)),
                   data.get("source", ""))


def supply_relation(seen: Mapping[str, int], counts: Mapping[str, int]) -> str:
    """``0`` exact; ``pile`` one cube off where cubes of that kind lie either way; ``1``; ``2+``."""
    differing = [(int(counts.get(key, 0)), int(value)) for key, value in seen.items()
                 if int(counts.get(key, 0)) != int(value)]
    off = sum(abs(a - b) for a, b in differing)
    if off == 0:
        return "0"
    if off == 1 and all(min(a, b) >= 1 for a, b in differing):
        return "pile"
    return "1" if off == 1 else "2+"


@lru_cache(maxsize=None)
def reading_model(game: str) -> ReadingModel | None:
    """The game's measured reliabilities (its pack's ``reliability.json``); None when it ships none."""
    try:
        path = get_pack(game).data(FILE)
    except RuleError:
        return None
    if not path.is_file():
        return None
    return ReadingModel.from_json(json.loads(path.read_text(encoding="utf-8")))


# ---- fitting from collected spells ------------------------------------------------------------------------------

def fit(lines: Iterable[Mapping[str, Any]], source: str = "") -> ReadingModel:
    """Count the collected spells and reaches (``collect_readings.py`` lines) into a :class:`ReadingModel`."""
    slots, supplies, drifts, changes = Table(), Table(), Table(), Table()
    members: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    arms = {"mover": 1.0, "none": 1.0, "other": 1.0}
    last: dict[tuple, dict[str, tuple[str, Mapping[str, float]]]] = defaultdict(dict)   # game → slot → (truth, read)
    for line in lines:
        if line.get("hand"):
            if line.get("mover"):
                named = line.get("hand_from")
                arms["none" if named is None else "mover" if named == line["mover"] else "other"] += 1
            continue
        earlier = last[tuple(line["game"])]
        changed_places = {place_of(slot) for slot, entry in line["slots"].items()
                          if entry["truth"] != entry["confirmed"]}
        for slot, entry in line["slots"].items():
            leaning = tuple(entry["leaning"].values())
            rel, binned = relation(entry["read"], entry["truth"], leaning)
            before = _before(earlier.get(slot), entry["confirmed"])
            near = any(place_of(other) == place_of(slot) and other != slot
                       and line["slots"][other]["truth"] != line["slots"][other]["confirmed"]
                       for other in line["slots"]) if place_of(slot) in changed_places else False
            slots.add(contexts(entry["truth"], entry["confirmed"], leaning, entry["behind"], before, near),
                      f"{rel}:{binned}")
            ranked = sorted(entry["read"], key=lambda seen: -entry["read"][seen])
            top_part, second_part = rel.split("/")
            members[top_part][ranked[0] if ranked else ""] += 1
            if second_part != "-":
                members["2" + second_part][ranked[1]] += 1
            was = earlier.get(slot, ("", {"": 1.0}))      # not listed the spell before: an empty slot read surely
            drifts.add(drift_contexts(entry["truth"] != was[0], near, leaning),
                       str(probability_bin(drift(entry["read"], was[1]), DRIFT_BINS)))
            if entry.get("change") is not None:
                changes.add(change_contexts(entry["truth"] != entry["confirmed"], near, top_part),
                            str(probability_bin(entry["change"], CHANGE_BINS)))
        last[tuple(line["game"])] = {slot: (entry["truth"], entry["read"]) for slot, entry in line["slots"].items()}
        for near, easy in ((False, line.get("easy_empty", 0)), (True, line.get("easy_empty_near", 0))):
            if easy:
                slots.add(contexts("", "", (), False, before_level(None, ""), near), f"own/-:{len(BINS)}", easy)
                drifts.add(drift_contexts(False, near, ()), "0", easy)
        for close, levels in line.get("easy_changes", {}).items():
            for level_bin, easy in levels.items():
                changes.add(change_contexts(False, close == "near", "own"), level_bin, easy)
        for entry in line["supplies"].values():
            seen, confidence = _mode(entry["reads"])
            if seen is not None:
                changed = "changed" if entry["truth"] != entry["confirmed"] else "kept"
                supplies.add([changed, ""], f"{supply_relation(seen, entry['truth'])}:"
                                            f"{probability_bin(confidence, COUNT_BINS)}")
    slots.outcomes = len(RELATIONS) * (len(RELATIONS) + 1) * (len(BINS) + 1)
    supplies.outcomes = 4 * (len(COUNT_BINS) + 1)
    drifts.outcomes = len(DRIFT_BINS) + 1
    changes.outcomes = len(CHANGE_BINS) + 1
    total = sum(arms.values())
    sizes = {rel: round(_effective_size(tops), 3) for rel, tops in members.items()
             if rel.lstrip("2") in UNDETERMINED}
    return ReadingModel(slots, sizes, supplies, {key: value / total for key, value in arms.items()}, drifts, changes,
                        source)


def _before(was: tuple[str, Mapping[str, float]] | None, confirmed: str) -> str:
    """:func:`before_level` of a slot the spell before read as ``was`` (its truth then, its reading)."""
    if was is None:
        return before_level(None, confirmed)
    truth, reading = was
    return before_level(reading, confirmed) if truth == confirmed else "none"


def spell_supply(reads: Sequence[tuple[Mapping[str, int], float | None]]) -> tuple[dict[str, int] | None, float]:
    """A zone over a spell: the counts read with the most summed confidence, and their mean confidence."""
    return _mode(reads)


def _mode(reads) -> tuple[dict[str, int] | None, float]:
    votes: dict[tuple, list[float]] = {}
    for counts, confidence in reads:
        votes.setdefault(tuple(sorted(counts.items())), []).append(0.5 if confidence is None else confidence)
    if not votes:
        return None, 0.0
    best = max(votes, key=lambda key: sum(votes[key]))
    return dict(best), sum(votes[best]) / len(votes[best])


def _effective_size(tops: Mapping[str, float]) -> float:
    """exp(entropy) of the labels read under one relation: how many labels share it, in effect."""
    total = sum(tops.values())
    entropy = -sum(n / total * math.log(n / total) for n in tops.values() if n)
    return max(1.0, math.exp(entropy))


def fit_files(paths: Sequence[Path]) -> ReadingModel:
    def lines():
        for path in paths:
            with open(path, encoding="utf-8") as handle:
                for line in handle:
                    if line.strip():
                        yield json.loads(line)
    return fit(lines(), source=", ".join(Path(p).name for p in paths))
