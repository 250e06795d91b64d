"""A pale piece moved along its track, seen by how the reading of the square it went to rose.

Far from the camera in warm light, Caylus' provost is a pale cylinder on a pale road. Held-out 4 players, seed 259:
it read p 0.15-0.45 on its square, and 0.0-0.1 on every other, in three frames of four. Seen on no square at
p 0.5, its whole track was hidden (:func:`~companion.reconciler.fixtures.unseen_fixtures`), and each move of it was
asked: four in a row after decision 10. What the camera does see is the change: the square red moved it to read
0.001 in the still frames before red's hand, and 0.29-0.47 after it.

So while a pending decision may move a track's piece and no square of its track shows it (``fixtures.SEEN``), the
one square whose reading rose from at most ``ROSE_FROM`` before the last hand to at least ``ROSE_TO`` now, with no
other square risen, is a sighting: its reading is raised to ``SIGHTED``. The track's readings then count again, as
evidence for and against the stories, as much as a clear reading over two frames (the search explores a change its
frames lead by 2.5 nats). A sighting is not sure, though: no reading of a track seen so is a disagreement with the
rules (``sighted_tracks``: no alert, no reminder). A piece leaning into a neighbour's window (the provost and the
bailiff on square 10, read on square 9 at p 0.33-0.40) read so before the hand too: no rise. And the square the
bailiff stands on reads the bailiff's top as the provost: that reading does not say the provost is seen (held-out 2
players, seed 264, decision 5: red moved the provost from the bailiff's square 6 to 3; square 6 went on reading the
provost at p 0.56-0.76, and square 3, read 0.0 before the hand, at 0.13-0.26; the move was asked).

>>> watch = TrackWatch({"provost": "road.{n}.provost"})
>>> still = Observation(registered=True, stable=True, slots={"road.6.provost": {"provost": 0.45, "": 0.55},
...                                                          "road.9.provost": {"": 0.999, "provost": 0.001}})
>>> watch.see(still); watch.note_before_hand(); watch.forget()
>>> moved = Observation(registered=True, stable=True, slots={"road.6.provost": {"provost": 0.08, "": 0.92},
...                                                          "road.9.provost": {"provost": 0.29, "": 0.71}})
>>> {label: round(p, 2) for label, p in watch.sighted(moved, {"provost"}).slots["road.9.provost"].items()}
{'provost': 0.8, '': 0.2}
>>> sorted(watch.sighted_tracks)
['road.6.provost', 'road.9.provost']
>>> watch.sighted(moved, set()).slots["road.9.provost"]          # no pending decision moves the provost
{'provost': 0.29, '': 0.71}
"""

from __future__ import annotations

from dataclasses import replace
from typing import Collection, Mapping

from vision.observation import Observation, pieces_for

from .explain import slot_number
from .fixtures import SEEN, piece_share

ROSE_FROM = 0.05   # a square read at most this (mean of the still frames before the last hand) …
ROSE_TO = 0.15     # … and at least this now has seen the piece arrive
SIGHTED = 0.8      # the reading a sighting is given


class TrackWatch:
    """How the squares of the pieces' tracks read before the last hand, and the sightings that makes of a frame."""

    def __init__(self, tracks: Mapping[str, str]) -> None:
        self.tracks = tracks                          # piece kind → its track's slot template ("road.{n}.provost")
        # track slot → (sum, count) of its readings of the piece in this still spell (a table may stay still for minutes)
        self._still: dict[str, tuple[float, int]] = {}
        self._before: dict[str, float] = {}           # track slot → its mean reading before the last hand
        self.sighted_tracks: frozenset[str] = frozenset()   # the slots of the tracks the last frame sighted a piece on

    def see(self, observation: Observation) -> None:
        """Take a still frame's readings of the tracks (before the rules hide any of them)."""
        for kind, template in self.tracks.items():
            for slot, reading in observation.slots.items():
                if slot not in observation.occluded_slots and slot_number(template, slot) is not None:
                    total, count = self._still.get(slot, (0.0, 0))
                    self._still[slot] = (total + piece_share(reading, kind), count + 1)

    def forget(self) -> None:
        """A hand or a moving picture: the still spell is over."""
        self._still = {}

    def note_before_hand(self) -> None:
        """A hand came while the game was caught up with the table: the still spell is the baseline from now on."""
        self._before = {slot: total / count for slot, (total, count) in self._still.items()}

    def sighted(self, observation: Observation, movable: Collection[str],
                shadowed: Collection[str] = frozenset()) -> Observation:
        """``observation`` with the square a piece of ``movable`` kinds was seen arrive on read as showing it.

        ``shadowed`` slots read another piece's top (:func:`~companion.reconciler.fixtures.shadowed`): seeing the piece
        there does not say it is seen."""
        raised, tracks = {}, set()
        for kind in movable:
            template = self.tracks.get(kind)
            if template is None:
                continue
            now = {slot: piece_share(reading, kind) for slot, reading in observation.slots.items()
                   if slot not in observation.occluded_slots and slot_number(template, slot) is not None}
            if any(p >= SEEN for slot, p in now.items() if slot not in shadowed):
                continue
            risen = [slot for slot, p in now.items() if p >= ROSE_TO and self._before.get(slot, 1.0) <= ROSE_FROM]
            if len(risen) == 1:
                raised[risen[0]] = _with_chance(observation.slots[risen[0]], kind, SIGHTED)
                tracks.update(slot for slot in observation.slots if slot_number(template, slot) is not None)
        self.sighted_tracks = frozenset(tracks)
        return replace(observation, slots={**observation.slots, **raised}) if raised else observation


def _with_chance(reading: Mapping[str, float], kind: str, chance: float) -> dict[str, float]:
    """``reading`` with its labels showing ``kind`` summing to ``chance``, the others scaled to fill the rest."""
    piece = {label: p for label, p in reading.items() if label and any(x.kind == kind for x in pieces_for(label))}
    rest = {label: p for label, p in reading.items() if label not in piece}
    piece_total, rest_total = sum(piece.values()), sum(rest.values())
    result = {label: chance * p / piece_total for label, p in piece.items()} if piece_total else {kind: chance}
    if rest_total:
        result.update({label: (1.0 - chance) * p / rest_total for label, p in rest.items()})
    else:
        result[""] = 1.0 - chance
    return result
