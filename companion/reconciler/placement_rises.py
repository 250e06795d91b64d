"""A pale worker, house or disc put down, seen by how the reading of the slot it went to rose.

On some tables the slot model reads a worker on a circle it has never seen one on at about even odds. Held-out
2 players, seed 285 (session 20): red's worker on the castle's first circle read p 0.38-0.61 red in every still frame
after red's hand, and the circle had read p 0.00 before it. Taken frame by frame, a reading at even odds is no
evidence for or against the worker, so the camera asked "which placement?" for 13 of red's placements that game.
What the camera does see is the rise, as for the provost (:mod:`.track_rises`).

So while the pending decision puts the chooser's worker on one of several circles (``destinations``: circle → the
label the worker would give it), the one destination whose reading of the chooser's worker rose from at most
``ROSE_FROM`` before the last hand to at least ``ROSE_TO`` now is a sighting, its reading raised to ``SIGHTED``. Only
if no other destination shows the worker (``fixtures.SEEN``) and no other circle of the board rose for a worker of any
colour: a worker leaning into the next circle's window, or two pieces moved under one hand, makes the rise no
sighting, and the camera asks as before.

A circle sighted in a still frame stays sighted in the next still frames while its reading stays at ``KEPT`` or more:
held-out 4 players, seed 333, decision 73, green's worker on the stables read 0.43, 0.50, 0.22, 0.24, 0.43, ... in
turn, sighted in half the frames and evidence against the worker in the others, and the camera asked "unseen".

Where the slot model misses the worker altogether, its circle's picture still changes (:mod:`.picture_changes`).
Held-out 2 players, seed 250, decision 102: red put a worker on road 9, read at p 0.25-0.56 frame after frame (no
rise then: the frames reading it at ``SEEN`` or more stopped their own sighting until session 42), and "which
placement?" was asked; the circle's picture, within noise of the confirmed one before the hand, was 88-97 from it
after. So when no destination rose, and exactly one option of the pending decision accounts for every circle whose
picture changed by ``CIRCLE_CHANGED_TO`` or more (it changes them, or puts a worker at their place), the destination
circles it fills that changed are sightings, when every destination's picture was measured and no other destination
reads the worker. Noise alone reached 34 on the worker circles of 30 rendered held-out tables; a worker put down
changed its circle by 54-206, and the castle's, the inn's or the stables' next circle by up to 150.

>>> watch = PlacementWatch()
>>> before = Observation(registered=True, stable=True, slots={"road.9.worker": {"": 1.0}, "road.12.worker": {"": 1.0}},
...                      changes={"road.9.worker": 14.0, "road.12.worker": 12.0, "road.3.worker": 15.0})
>>> watch.see(before); watch.note_before_hand(); watch.forget()
>>> put = Observation(registered=True, stable=True,
...                   slots={"road.9.worker": {"worker:red": 0.15, "": 0.85}, "road.12.worker": {"": 1.0}},
...                   changes={"road.9.worker": 92.0, "road.12.worker": 13.0, "road.3.worker": 16.0})
>>> circles = {"road.9.worker": "worker:red", "road.12.worker": "worker:red"}
>>> options = [{"road.9.worker": "worker:red"}, {"road.12.worker": "worker:red"}, {"bridge.2": "disc:red"}]
>>> watch.sighted(put, circles, options).slots["road.9.worker"]["worker:red"]
0.8
>>> bumped = replace(put, changes={**put.changes, "road.3.worker": 70.0})      # no option changes road 3's circle
>>> watch.sighted(bumped, circles, options).slots["road.9.worker"]["worker:red"]
0.15

The rules' own move is no other piece put down: the inn's worker moved to its right circle rises there too.

>>> watch = PlacementWatch()
>>> still = Observation(registered=True, stable=True, slots={"road.6.worker": {"": 1.0}, "inn.right": {"": 1.0}})
>>> watch.see(still); watch.note_before_hand(); watch.forget()
>>> sent = Observation(registered=True, stable=True, slots={"road.6.worker": {"worker:blue": 0.5, "": 0.5},
...                                                        "inn.right": {"worker:blue": 0.93, "": 0.07}})
>>> watch.sighted(sent, {"road.6.worker": "worker:blue"}).slots["road.6.worker"]["worker:blue"]
0.5
>>> watch.sighted(sent, {"road.6.worker": "worker:blue"}, moved_by_rules={"inn.right": "worker:blue"}).slots[
...     "road.6.worker"]["worker:blue"]
0.8

A house is watched the same way: each build puts the builder's house on its building (held-out 5 players, seed 310,
decision 81: yellow built on road.12, whose owner slot read yellow's house at 0.31-0.48 in every still frame after the
hand and 0.00 before it; its tile read empty at 0.28-0.40, and the camera committed "yellow skips the build"). Each
kind of piece has its own sighting: a house rising beside a worker put down is not "another circle risen". And a
pass puts the chooser's disc on the bridge (held-out 5 players, seed 306, decision 37: red's disc on the bridge's
second space read 0.33-0.53, nothing before the hand, and "unseen" was asked).

>>> watch = PlacementWatch()
>>> still = Observation(registered=True, stable=True, slots={"castle.worker.1": {"": 1.0}, "inn.left": {"": 1.0}})
>>> watch.see(still); watch.note_before_hand(); watch.forget()
>>> put = Observation(registered=True, stable=True, slots={"castle.worker.1": {"worker:red": 0.45, "": 0.55},
...                                                        "inn.left": {"": 1.0}})
>>> destinations = {"castle.worker.1": "worker:red", "inn.left": "worker:red"}
>>> {label: round(p, 2) for label, p in watch.sighted(put, destinations).slots["castle.worker.1"].items()}
{'worker:red': 0.8, '': 0.2}
>>> sorted(watch.sighted_slots)
['castle.worker.1']
>>> watch.sighted(put, {}).slots["castle.worker.1"]          # no placement pending
{'worker:red': 0.45, '': 0.55}
>>> paler = replace(put, slots={**put.slots, "castle.worker.1": {"worker:red": 0.22, "": 0.78}})
>>> watch.sighted(put, destinations).slots["castle.worker.1"]["worker:red"], watch.sighted(paler, destinations).slots[
...     "castle.worker.1"]["worker:red"]                       # the next still frame reads it paler: still sighted
(0.8, 0.8)
>>> watch.forget(); watch.sighted(paler, destinations).slots["castle.worker.1"]["worker:red"]     # after a hand: not
0.22

>>> watch = PlacementWatch()
>>> empty = Observation(registered=True, stable=True, slots={"road.12.owner": {"": 1.0}, "road.12.worker": {"": 1.0}})
>>> watch.see(empty); watch.note_before_hand(); watch.forget()
>>> built = Observation(registered=True, stable=True, slots={"road.12.owner": {"": 0.6, "house:yellow": 0.4},
...                                                          "road.12.worker": {"worker:yellow": 0.5, "": 0.5}})
>>> watch.sighted(built, {"road.12.owner": "house:yellow"}).slots["road.12.owner"]["house:yellow"]
0.8
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Collection, Mapping

from vision.observation import Observation, pieces_for

from .explain import place_of
from .fixtures import SEEN, TRACE, piece_share
from .picture_changes import PictureBaseline

ROSE_FROM = 0.05   # a circle read with a worker at most this likely (mean of the still frames before the last hand) …
ROSE_TO = 0.3      # … and this likely now has seen one put down (a lean into a window reads 0.1-0.2)
KEPT = 0.2         # a circle sighted earlier in the same still spell stays sighted while read this likely
SIGHTED = 0.8      # the reading a sighting is given
WATCHED = frozenset({"worker", "house", "disc"})   # the kinds of piece whose rises are watched
CIRCLE_CHANGED_TO = 45.0   # a worker circle this far from its confirmed picture has had a worker put on it
# A circle the one option accounting for the changed circles fills, this far from its confirmed picture (noise alone:
# ≤ 34), has had the worker put on it; and a circle so sighted earlier in the still spell counts as changed while this
# far. Held-out 2 players, seed 415, decision 26: red's worker in the castle read at 0.11-0.23, its circle 39-45 from
# the confirmed picture frame after frame (the castle's next circle 44-50), and "unseen" was asked (sessions 38, 43).
CIRCLE_KEPT = 38.0
AS_BEFORE = 0.15   # a destination read with the piece at most this much likelier than before the last hand reads as then
AS_BEFORE_APART = 0.05   # a sighted destination read within this of before the last hand, kind by kind, reads as then


class PlacementWatch:
    """How likely each slot showed a worker, a house or a disc before the last hand, and the sightings that makes of a
    frame."""

    def __init__(self, track_spots: Callable[[str], bool] = lambda slot: False) -> None:
        # the spots of the provost's and bailiff's tracks: the other spots whose pictures vision compares are circles
        self._on_a_track = track_spots
        self._pictures = PictureBaseline()            # how the spots' pictures had changed before the last hand
        # slot → (piece → share summed, count) over the still spell; a piece is a kind ("worker") or a kind of one
        # colour ("worker:red"), as :func:`_shares` reads them
        self._still: dict[str, tuple[dict[str, float], int]] = {}
        self._before: dict[str, dict[str, float]] = {}    # slot → piece → its mean share before the last hand
        self.sighted_slots: frozenset[str] = frozenset()   # the slots the last frame sighted a piece put on
        self._spell_sighted: frozenset[str] = frozenset()  # the slots sighted so far in this still spell
        self.bare_slots: frozenset[str] = frozenset()      # hidden circles the last frame saw still empty by picture
        self.taken_slots: frozenset[str] = frozenset()     # circles the last frame saw a worker taken off by picture

    def see(self, observation: Observation) -> None:
        """Take a still frame's worker, house and disc readings (before the rules hide any of them)."""
        for slot, reading in observation.slots.items():
            if slot not in observation.occluded_slots:
                totals, count = self._still.get(slot, ({}, 0))
                for kind, share in _shares(reading).items():
                    totals[kind] = totals.get(kind, 0.0) + share
                self._still[slot] = (totals, count + 1)
        self._pictures.see(observation)

    def forget(self) -> None:
        """A hand or a moving picture: the still spell is over."""
        self._still = {}
        self._spell_sighted = frozenset()
        self._pictures.forget()

    def confirmed(self, doubted: Collection[str] = ()) -> None:
        """Vision took the last frame's pictures as the confirmed ones, but ``doubted`` (:class:`PictureBaseline`)."""
        self._pictures.confirmed(doubted)

    def note_before_hand(self) -> None:
        """A hand came while the game was caught up with the table: the still spell is the baseline from now on."""
        self._before = {slot: {kind: total / count for kind, total in totals.items()}
                        for slot, (totals, count) in self._still.items()}
        self._pictures.note_before_hand()

    def sighted(self, observation: Observation, destinations: Mapping[str, str],
                options: Collection[Mapping[str, str]] = (),
                moved_by_rules: Mapping[str, str] | None = None) -> Observation:
        """``observation`` with the one destination of each kind a piece was seen put on read as showing it.

        ``options``: per option of the pending decision, the slots it changes and what they then hold (a circle
        whose picture changed is a sighting only where one option accounts for every circle that changed; none, no
        sighting by picture). ``moved_by_rules``: slot → the piece the rules may move there on their own (the inn's
        worker, to its right circle): its rise there is no other piece put down. Hidden destination circles whose
        pictures stayed read still empty (:meth:`_bare_as_confirmed`).
        """
        self.sighted_slots = frozenset()
        for kind in sorted({pieces_for(label)[0].kind for label in destinations.values()}):
            of_kind = {slot: label for slot, label in destinations.items() if pieces_for(label)[0].kind == kind}
            risen = self._risen_destination(observation, kind, of_kind, moved_by_rules or {})
            found = {risen: of_kind[risen]} if risen is not None else (
                self._changed_circles(observation, of_kind, options) if kind == "worker" else {})
            for slot, label in found.items():
                self.sighted_slots |= {slot}
                reading = observation.slots.get(slot, {})
                if reading.get(label, 0.0) < SIGHTED:
                    reading = _with_label(reading, label, SIGHTED)
                observation = replace(observation, slots={**observation.slots, slot: reading},
                                      occluded_slots=observation.occluded_slots - {slot},
                                      behind=observation.behind - {slot})
        self._spell_sighted |= self.sighted_slots
        return self._set_aside(self._bare_as_confirmed(observation, destinations), destinations)

    def _set_aside(self, observation: Observation, destinations: Mapping[str, str]) -> Observation:
        """``observation`` with the destinations sighted earlier in this still spell, but not now, hidden while they
        read as the still frames before the last hand did (:meth:`_reads_as_before`): the old misread coming back,
        no evidence against the piece sighted.

        Held-out 2 players, seed 404, decision 113: red's worker on road 13, blue's new building, read red 0.51 in
        three still frames out of four, sighted; in the fourth it read a blue worker at 0.36, as the circle had read
        before the hand (a misread beside blue's new house). That frame cost the red worker 6.4 nats a cycle, more
        than the three sightings gave, and "unseen" was asked."""
        aside = {slot for slot in destinations if slot in self._spell_sighted and slot not in self.sighted_slots
                 and slot in observation.slots and slot not in observation.occluded_slots
                 and self._reads_as_before(slot, observation.slots[slot])}
        if not aside:
            return observation
        return replace(observation, occluded_slots=observation.occluded_slots | aside)

    def _reads_as_before(self, slot: str, reading: Mapping[str, float]) -> bool:
        """Whether ``reading`` shows some piece on ``slot`` (at ``TRACE`` or more), as likely, of each kind and
        colour, as the still frames before the last hand read it there (within ``AS_BEFORE_APART``)."""
        before, now = self._before.get(slot, {}), _shares(reading)
        return max(now.values(), default=0.0) >= TRACE and all(
            abs(now.get(key, 0.0) - before.get(key, 0.0)) <= AS_BEFORE_APART for key in before.keys() | now.keys())

    def _bare_as_confirmed(self, observation: Observation, destinations: Mapping[str, str]) -> Observation:
        """``observation`` with the hidden destination circles whose picture is as the rules last confirmed it, before
        the last hand and now, read as still empty (``SIGHTED``): no worker was put there.

        Held-out 2 players, seed 402, decision 58: blue's worker left the gate, and the gate's two free destinations,
        roads 9 and 10, were hidden (red's houses show in their windows). Home, road 9 and road 10 explained the table
        equally, and the move was asked, though both circles' pictures stayed 16-22 from the confirmed ones (noise
        reaches 34; a worker put down moves its circle by 54 or more)."""
        bare = {slot: _with_label(observation.slots.get(slot, {}), "", SIGHTED) for slot, label in destinations.items()
                if label.startswith("worker:") and slot in observation.occluded_slots and slot in observation.changes
                and slot not in self.sighted_slots and self._pictures.unchanged(observation, slot)}
        self.bare_slots = frozenset(bare)
        if not bare:
            return observation
        return replace(observation, slots={**observation.slots, **bare},
                       occluded_slots=observation.occluded_slots - bare.keys(), behind=observation.behind - bare.keys())

    def _risen_destination(self, observation: Observation, kind: str, destinations: Mapping[str, str],
                           moved_by_rules: Mapping[str, str]) -> str | None:
        """The one destination whose reading of its piece rose since before the hand (:meth:`_rose`), while no other
        destination shows the piece (:meth:`_shows_anew`) and no other slot of the board rose for a piece of ``kind``
        (of any colour), but for the rules' own move there (``moved_by_rules``).

        Held-out 2 players, seed 421, decision 10: blue sent the gate's worker to road 6, read there at 0.48-0.62
        (nothing before the hand); blue's inn worker, moved by the rules from the inn's left circle to its right as
        the gate was worked, rose there too (0.93), and the gate was asked."""
        seen = {slot: observation.slots[slot].get(label, 0.0) for slot, label in destinations.items()
                if slot in observation.slots and slot not in observation.occluded_slots}
        risen = [slot for slot, reading in observation.slots.items() if slot not in observation.occluded_slots
                 and not (slot in moved_by_rules and self._rose(slot, reading, moved_by_rules[slot]))
                 and (self._rose(slot, reading, kind)
                      or slot in seen and self._rose(slot, reading, destinations[slot]))]
        if len(risen) != 1 or risen[0] not in seen or seen[risen[0]] < self._risen_at(risen[0]):
            return None
        if any(self._shows_anew(slot, kind, p) for slot, p in seen.items() if slot != risen[0]):
            return None
        return risen[0]

    def _rose(self, slot: str, reading: Mapping[str, float], piece: str) -> bool:
        """Whether ``slot`` reads ``piece`` (a kind, "worker", or a label, "worker:red") at :meth:`_risen_at` or more,
        and read it at most ``ROSE_FROM`` before the last hand.

        A destination's rise is measured for the chooser's own piece: held-out 5 players, seed 299, decision 53,
        yellow's worker on the building yellow had just built read yellow 0.48-0.54 in every still frame, and the
        circle had read a black worker at 0.27-0.34 before the hand (a misread beside the new house). Measured for
        any worker, that was no rise, and "unseen" was asked."""
        kind, _, colour = piece.partition(":")
        before = self._before.get(slot, {}).get(piece, 0.0 if slot in self._before else 1.0)
        return before <= ROSE_FROM and piece_share(reading, kind, colour or None) >= self._risen_at(slot)

    def _changed_circles(self, observation: Observation, destinations: Mapping[str, str],
                         options: Collection[Mapping[str, str]]) -> dict[str, str]:
        """The destination circles that the one option accounting for every circle whose picture changed since the
        rules last confirmed it (:mod:`.picture_changes`, :func:`_explains`) fills, and whose own picture changed by
        ``CIRCLE_KEPT`` or more, with what it puts there; when every destination's picture is measured and no other
        destination shows the worker (:meth:`_shows_anew`). Else none.

        Other circles change too: a worker put down changes its place's next circle (the castle's by 45-115), and
        the rules move pieces when a placement ends the turn (held-out 2 players, seed 250, decision 118: the joust
        field's worker went home; seed 266, decision 109: the inn's worker moved from its left circle to its right)."""
        if not destinations or not all(slot in observation.changes for slot in destinations):
            return {}
        changed = {slot for slot in observation.changes if not self._on_a_track(slot)
                   and self._pictures.changed(observation, slot,
                                              CIRCLE_KEPT if slot in self._spell_sighted else CIRCLE_CHANGED_TO)}
        fitting = [changes for changes in options if changed and _explains(changes, changed)]
        if len(fitting) != 1:
            return {}
        arrived = {slot: label for slot, label in fitting[0].items()   # the circles it fills, not those it empties
                   if slot in destinations and label and self._pictures.changed(observation, slot, CIRCLE_KEPT)}
        if not arrived or any(self._shows_anew(slot, "worker", observation.slots.get(slot, {}).get(label, 0.0))
                              for slot, label in destinations.items() if slot not in arrived):
            return {}
        return arrived

    def taken_off(self, observation: Observation, options: Collection[Mapping[str, str]]) -> Observation:
        """``observation`` with the circles read empty (``SIGHTED``) that a worker was seen taken off by picture.

        Only while no option of the pending decision puts a piece down (the inn's worker leaving or staying): then
        the one option accounting for every circle whose picture changed by ``CIRCLE_CHANGED_TO`` or more
        (:func:`_explains_taking`) empties the circles of it that changed, when none of them still reads a worker
        (at ``SEEN`` or more). A slot the camera read otherwise than the game all along (a lasting misread) reads
        the same once the piece is gone, and only the picture tells. Held-out 4 players, seed 297, decision 121:
        yellow's worker on the inn's right circle read empty at 0.7-0.83 in every still frame, a misread that lasted;
        yellow took it home, the circle's picture went from 10-14 off the confirmed one to 87-91, and the inn's
        choice, asked before the hand, waited for the players' answer."""
        self.taken_slots = frozenset()
        if not options or any(label for changes in options for label in changes.values()):
            return observation
        changed = {slot for slot in observation.changes if not self._on_a_track(slot)
                   and self._pictures.changed(observation, slot, CIRCLE_CHANGED_TO)}
        fitting = [changes for changes in options if _explains_taking(changes, changed)] if changed else []
        if len(fitting) != 1:
            return observation
        taken = {slot for slot in fitting[0] if slot in changed}
        if not taken or any(piece_share(observation.slots.get(slot, {}), "worker") >= SEEN for slot in taken):
            return observation
        self.taken_slots = frozenset(taken)
        empty = {slot: _with_label(observation.slots.get(slot, {}), "", SIGHTED) for slot in taken
                 if observation.slots.get(slot, {}).get("", 0.0) < SIGHTED}
        return replace(observation, slots={**observation.slots, **empty},
                       occluded_slots=observation.occluded_slots - taken, behind=observation.behind - taken)

    def _shows_anew(self, slot: str, kind: str, now: float) -> bool:
        """Whether a destination read with its piece ``now`` likely shows one: at ``SEEN`` or more, and not as the still
        frames before the last hand read a piece of ``kind`` there (at ``SEEN`` or more, and within ``AS_BEFORE`` of
        ``now``). Such a destination takes the sighting from every other.

        Held-out 2 players, seed 420, decision 50: red put a worker on the inn's left circle, which read 0.35-0.72
        red after the hand and nothing before it, its picture 70 from the confirmed one. Road 11's circle, beside
        the building red had just built there, read a red worker at 0.52 in every still frame, before the hand as
        after it; as a destination reading the worker it stopped both sightings, and "unseen" was asked."""
        before = self._before.get(slot, {}).get(kind, 0.0)
        return now >= SEEN and not (before >= SEEN and now <= before + AS_BEFORE)

    def _risen_at(self, slot: str) -> float:
        """How likely its piece must read on ``slot`` to count as risen: less once it was sighted this spell."""
        return KEPT if slot in self._spell_sighted else ROSE_TO


def _explains(changes: Mapping[str, str], changed: Collection[str]) -> bool:
    """Whether an option's changes account for every circle whose picture changed: each is a slot the option changes,
    or at the place of a circle it puts a worker on (the castle's, the inn's, the stables' next circle)."""
    placed = {place_of(slot) for slot, label in changes.items() if label.startswith("worker:")}
    return all(slot in changes or place_of(slot) in placed for slot in changed)


def _explains_taking(changes: Mapping[str, str], changed: Collection[str]) -> bool:
    """Whether an option that only takes pieces off accounts for every circle whose picture changed: each is a slot
    it empties, or at the place of one (a worker on the inn's right circle leans into the left one's window)."""
    emptied = {place_of(slot) for slot in changes}
    return all(slot in changes or place_of(slot) in emptied for slot in changed)


def _shares(reading: Mapping[str, float]) -> dict[str, float]:
    """How likely ``reading`` shows a worker, a house, a disc, and each of them of each colour ("worker:red")
    (:func:`~.fixtures.piece_share` of each, in one pass)."""
    shares: dict[str, float] = {}
    for label, probability in reading.items():
        pieces = [piece for piece in pieces_for(label) if piece.kind in WATCHED]
        for key in {piece.kind for piece in pieces} | {f"{piece.kind}:{piece.colour}" for piece in pieces}:
            shares[key] = shares.get(key, 0.0) + probability
    return shares


def _with_label(reading: Mapping[str, float], label: str, chance: float) -> dict[str, float]:
    """``reading`` with ``label`` at ``chance``, the other labels scaled to fill the rest."""
    rest = {other: p for other, p in reading.items() if other != label}
    total = sum(rest.values())
    result = {label: chance}
    result.update({other: (1.0 - chance) * p / total for other, p in rest.items()} if total else {"": 1.0 - chance})
    return result
