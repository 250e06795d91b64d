"""A pale piece moved along its track, seen by how the reading of the square it went to rose.

Far from the camera in warm light, a pale piece on a pale track (a provost on the road) is hard to see. Held-out 4 players, seed 259:
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
provost at p 0.56-0.76, and square 3, read 0.0 before the hand, at 0.13-0.26; the move was asked). Unless it rose
there too: the bailiff's top alone reads the same before the hand and after, so the provost arriving on the bailiff's
square is seen by a rise from at most ``SHADOWED_ROSE_FROM`` to at least ``SHADOWED_ROSE_TO`` (held-out 2 players,
seed 266, decision 10: red moved the provost from square 4 onto the bailiff's square 6, which read the provost at
p 0.18 before the hand and 0.80-0.96 after, square 4 empty at 1.0; the spot was left out, the whole track hidden, and
the move asked). ``sighted_slots`` names the sighted square, which then counts though shadowed.

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

On the bailiff's square (shadowed), only a rise from little to much is the provost arriving:

>>> watch = TrackWatch({"provost": "road.{n}.provost"})
>>> before = Observation(registered=True, stable=True, slots={"road.4.provost": {"provost": 0.64, "": 0.36},
...                                                           "road.6.provost": {"provost": 0.18, "": 0.82}})
>>> watch.see(before); watch.note_before_hand(); watch.forget()
>>> arrived = Observation(registered=True, stable=True, slots={"road.4.provost": {"": 1.0},
...                                                            "road.6.provost": {"provost": 0.93, "": 0.07}})
>>> _ = watch.sighted(arrived, {"provost"}, shadowed={"road.6.provost"}); sorted(watch.sighted_slots)
['road.6.provost']
>>> still_the_top = Observation(registered=True, stable=True, slots={"road.4.provost": {"": 1.0},
...                                                                  "road.6.provost": {"provost": 0.4, "": 0.6}})
>>> _ = watch.sighted(still_the_top, {"provost"}, shadowed={"road.6.provost"}); sorted(watch.sighted_slots)
[]

Where the slot model misses the piece altogether, its square's picture still changes. Held-out 3 players, seed 253,
decision 17: blue moved the provost from square 5 to square 3, beside red's worker; square 3 read the provost at
p 0.00-0.02 before the hand and after it, but its picture, within 20 of the one the rules last confirmed before the
hand (sensor noise: ``Observation.changes``), was 59-60 from it after. So when no square's reading rose, the one
square whose picture was as the rules last confirmed it before the hand and is far from it now
(:mod:`.picture_changes`) is a sighting too, if an option puts the piece there; not where the pending decision may
change another piece of the same place (2 players, seed 263, decision 45: the provost's last move ended its phase,
and the workers the rules then sent home from squares 6 and 7 changed their provost spots' pictures by 144-195),
nor behind a piece an option moves. Noise alone reached 27 on 30 rendered held-out tables; a provost put down
changed its square by 36-155.

>>> watch = TrackWatch({"provost": "road.{n}.provost"})
>>> before = Observation(registered=True, stable=True,
...                      slots={"road.3.provost": {"": 1.0}, "road.5.provost": {"provost": 0.9, "": 0.1}},
...                      changes={"road.3.provost": 15.0, "road.5.provost": 14.0})
>>> watch.see(before); watch.note_before_hand(); watch.forget()
>>> unread = Observation(registered=True, stable=True,
...                      slots={"road.3.provost": {"": 0.98, "provost": 0.02}, "road.5.provost": {"": 1.0}},
...                      changes={"road.3.provost": 60.0, "road.5.provost": 80.0})
>>> moves = [{"road.5.provost": "", "road.3.provost": "provost"}, {"road.5.provost": "", "road.4.provost": "provost"}]
>>> watch.sighted(unread, {"provost"}, options=moves).slots["road.3.provost"]
{'provost': 0.8, '': 0.19999999999999996}
>>> sent_home = [{**move, "road.3.worker": ""} for move in moves]
>>> watch.sighted(unread, {"provost"}, options=sent_home).slots["road.3.provost"]
{'': 0.98, 'provost': 0.02}

Unless that worker still reads surely on its circle (``STAYED``): the options sending it home were not made.

>>> kept = replace(unread, slots={**unread.slots, "road.3.worker": {"worker:red": 0.97, "": 0.03}})
>>> watch.sighted(kept, {"provost"}, options=sent_home, committed={"road.3.worker": "worker:red"}).slots[
...     "road.3.provost"]["provost"]
0.8

And when neither the piece's square nor any square an option puts it on has changed, the piece has not moved: its
square is sighted, and the track counts. Held-out 2 players, seed 249, decision 5: red took its worker off the
merchants' guild without moving the provost, which stood on the bailiff's square; no square showed the provost, its
track was hidden, and "how far?" was asked.

>>> unmoved = Observation(registered=True, stable=True,
...                       slots={"road.3.provost": {"": 1.0}, "road.5.provost": {"provost": 0.3, "": 0.7}},
...                       changes={"road.3.provost": 16.0, "road.5.provost": 12.0})
>>> watch.sighted(unmoved, {"provost"}, options=moves[:1]).slots["road.5.provost"]["provost"]
0.8
>>> _ = watch.sighted(unread, {"provost"}, options=[moves[1]]); sorted(watch.sighted_slots)   # square 5 changed
[]
>>> _ = watch.sighted(unmoved, {"provost"}, options=moves); sorted(watch.sighted_slots)   # square 4 not in view
[]

And when the piece's own square's picture changed and every square an option puts it on stayed as confirmed but
one, whose picture is not known to have stayed (behind another piece), the piece went there:

>>> left = Observation(registered=True, stable=True,
...                    slots={"road.3.provost": {"": 1.0}, "road.4.provost": {"": 0.98}, "road.5.provost": {"": 1.0}},
...                    changes={"road.3.provost": 14.0, "road.4.provost": 31.0, "road.5.provost": 70.0})
>>> _ = watch.sighted(left, {"provost"}, options=moves, committed={"road.5.provost": "provost"})
>>> sorted(watch.sighted_slots)
['road.4.provost']
>>> stood = replace(left, changes={**left.changes, "road.5.provost": 20.0})   # square 5 as it was: it may not have left
>>> _ = watch.sighted(stood, {"provost"}, options=moves, committed={"road.5.provost": "provost"})
>>> sorted(watch.sighted_slots)
[]

And when the piece's square reads it no more, and every square an option puts it on reads it not, before the hand
and now, but one the camera can't read (the bailiff's, hidden before the hand), the piece went there:

>>> watch = TrackWatch({"provost": "road.{n}.provost"})
>>> before = Observation(registered=True, stable=True, slots={"road.19.provost": {"": 0.96},
...                      "road.20.provost": {"provost": 0.92, "": 0.08}, "road.21.provost": {"": 1.0}},
...                      occluded_slots=frozenset({"road.19.provost"}))
>>> watch.see(before); watch.note_before_hand(); watch.forget()
>>> back = Observation(registered=True, stable=True, slots={"road.19.provost": {"provost": 0.92, "": 0.08},
...                    "road.20.provost": {"": 1.0}, "road.21.provost": {"": 1.0}})
>>> steps = [{"road.20.provost": "", "road.19.provost": "provost"},
...          {"road.20.provost": "", "road.21.provost": "provost"}]
>>> _ = watch.sighted(back, {"provost"}, shadowed={"road.19.provost"}, options=steps,
...                   committed={"road.20.provost": "provost"}); sorted(watch.sighted_slots)
['road.19.provost']
>>> unsure = replace(back, slots={**back.slots, "road.20.provost": {"": 0.7, "provost": 0.3}})   # it may not have left
>>> _ = watch.sighted(unsure, {"provost"}, shadowed={"road.19.provost"}, options=steps,
...                   committed={"road.20.provost": "provost"}); sorted(watch.sighted_slots)
[]

A square whose picture changed but which has no reading this frame (held-out 4 players, seed 333) is not sighted:

>>> no_reading = Observation(registered=True, stable=True, slots={"road.5.provost": {"": 1.0}},
...                          changes={"road.3.provost": 60.0, "road.5.provost": 80.0})
>>> _ = watch.sighted(no_reading, {"provost"}, options=moves); sorted(watch.sighted_slots)
[]
"""

from __future__ import annotations

from dataclasses import replace
from typing import Collection, Mapping

from vision.observation import Observation, pieces_for

from .explain import place_of, slot_number
from .fixtures import SEEN, piece_share
from .picture_changes import PictureBaseline

ROSE_FROM = 0.05   # a square read at most this (mean of the still frames before the last hand) …
ROSE_TO = 0.15     # … and at least this now has seen the piece arrive
SIGHTED = 0.8      # the reading a sighting is given
SHADOWED_ROSE_FROM = 0.3   # on a square another piece's top reads as the piece (the bailiff's), a rise from at most this …
SHADOWED_ROSE_TO = 0.6     # … to at least this is the piece arriving: the top alone reads the same before and after
STAYED = 0.9       # a slot read this surely as the committed table has it: no option changed it there


class TrackWatch:
    """How the squares of the pieces' tracks read before the last hand, and the sightings that makes of a frame."""

    def __init__(self, tracks: Mapping[str, str]) -> None:
        self.tracks = tracks                          # piece kind → its track's slot template ("road.{n}.provost")
        # track slot → (sum, count) of its readings of the piece in this still spell (a table may stay still for minutes)
        self._still: dict[str, tuple[float, int]] = {}
        self._before: dict[str, float] = {}           # track slot → its mean reading before the last hand
        self._pictures = PictureBaseline(self.on_a_track)       # how the squares' pictures had changed then
        self.sighted_tracks: frozenset[str] = frozenset()   # the slots of the tracks the last frame sighted a piece on
        self.sighted_slots: frozenset[str] = frozenset()    # the squares it sighted the piece on
        self.risen_slots: frozenset[str] = frozenset()      # the squares in view whose reading of the piece rose

    def see(self, observation: Observation) -> None:
        """Take a still frame's readings of the tracks (before the rules hide any of them)."""
        for kind, template in self.tracks.items():
            for slot, reading in observation.slots.items():
                if slot not in observation.occluded_slots and slot_number(template, slot) is not None:
                    total, count = self._still.get(slot, (0.0, 0))
                    self._still[slot] = (total + piece_share(reading, kind), count + 1)
        self._pictures.see(observation)

    def forget(self) -> None:
        """A hand or a moving picture: the still spell is over."""
        self._still = {}
        self._pictures.forget()

    def confirmed(self, doubted: Collection[str] = ()) -> None:
        """Vision took the last frame's pictures as the confirmed ones, but ``doubted`` (:class:`PictureBaseline`)."""
        self._pictures.confirmed(doubted)

    def note_before_hand(self) -> None:
        """A hand came while the game was caught up with the table: the still spell is the baseline from now on."""
        self._before = {slot: total / count for slot, (total, count) in self._still.items()}
        self._pictures.note_before_hand()

    def on_a_track(self, slot: str) -> bool:
        """Whether ``slot`` is a square of one of the tracks."""
        return any(slot_number(template, slot) is not None for template in self.tracks.values())

    def sighted(self, observation: Observation, movable: Collection[str],
                shadowed: Collection[str] = frozenset(), options: Collection[Mapping[str, str]] = (),
                committed: Mapping[str, str] | None = None) -> Observation:
        """``observation`` with the square a piece of ``movable`` kinds was seen arrive on read as showing it.

        ``shadowed`` slots read another piece's top (:func:`~companion.reconciler.fixtures.shadowed`): seeing the piece
        there does not say it is seen, but a rise from ``SHADOWED_ROSE_FROM`` to ``SHADOWED_ROSE_TO`` there does.
        ``options``: per option of the pending decision, the slots it changes and what they then hold. A square's
        picture changed is a sighting only where an option puts the piece, and no option changes another slot of
        the same place (a worker sent home from it) or a piece standing in front of it (a square hidden behind it
        is sighted so too, and no longer hidden). ``committed``: the committed table's labels, where the pieces no
        option moves stand (:meth:`_stands`).
        """
        changeable = {slot for changes in options for slot in changes}
        stayed = {slot for slot in changeable if _reads_as(observation, slot, (committed or {}).get(slot, ""))}
        pictured = {slot for slot in observation.changes
                    if not set(observation.leaning_in.get(slot, ())) & changeable}    # no option moves what hides it
        raised, tracks, rises = {}, set(), set()
        for kind, template in self.tracks.items():
            now = {slot: piece_share(reading, kind) for slot, reading in observation.slots.items()
                   if slot not in observation.occluded_slots and slot_number(template, slot) is not None}
            rises |= {slot for slot, p in now.items()
                      if slot not in shadowed and _rose(self._before.get(slot, 1.0), p, shadowed=False)}
            if any(p >= SEEN for slot, p in now.items() if slot not in shadowed):      # the track counts as read
                arrivals = _arrivals(options, kind, template, stayed) & pictured if kind in movable else set()
                faint = self._faintly_shown(observation, now, shadowed, arrivals)
                if faint is not None:
                    raised[faint] = _with_chance(observation.slots[faint], kind, SIGHTED)
                continue
            if kind not in movable:
                risen = self._stands(observation, kind, template, committed or {}, pictured)
            else:
                risen = [slot for slot, p in now.items() if _rose(self._before.get(slot, 1.0), p, slot in shadowed)]
                if not risen:
                    risen = self._changed(observation, _arrivals(options, kind, template, stayed) & pictured,
                                           shadowed)
                if not risen:
                    risen = self._stayed(observation, options, kind, template)
                if not risen:
                    risen = self._left(observation, options, kind, template, committed or {}, pictured, stayed)
                if not risen:
                    risen = self._fell(now, options, kind, template, committed or {}, shadowed, stayed)
            if len(risen) == 1 and risen[0] in observation.slots:
                reading = observation.slots[risen[0]]
                if piece_share(reading, kind) < SIGHTED:
                    reading = _with_chance(reading, kind, SIGHTED)
                raised[risen[0]] = reading
                tracks.update(slot for slot in observation.slots if slot_number(template, slot) is not None)
        self.sighted_tracks = frozenset(tracks)
        self.sighted_slots = frozenset(raised)
        self.risen_slots = frozenset(rises)
        if not raised:
            return observation
        return replace(observation, slots={**observation.slots, **raised},
                       occluded_slots=observation.occluded_slots - raised.keys(), behind=observation.behind - raised.keys())

    def _faintly_shown(self, observation: Observation, now: Mapping[str, float], shadowed: Collection[str],
                       arrivals: Collection[str]) -> str | None:
        """The one square showing the piece, below ``SIGHTED``, where an option puts it, whose reading rose (the only
        square that did) and whose picture changed since before the last hand: the piece seen arrive, though faintly.
        Held-out 2 players, seed 415, decision 28: blue moved the provost from square 7 to 10, read there at 0.57-0.66
        (0.0 before the hand; its picture 54-59 from the confirmed one). Square 8, where "+1" puts it, stood behind
        red's worker, hidden: 0.4 nats a frame told "+3" from "+1", and the move was asked."""
        shown = [slot for slot, p in now.items() if p >= SEEN and slot not in shadowed]
        risen = [slot for slot, p in now.items() if _rose(self._before.get(slot, 1.0), p, slot in shadowed)]
        if len(shown) != 1 or risen != shown or shown[0] not in arrivals or now[shown[0]] >= SIGHTED:
            return None
        return shown[0] if self._pictures.changed(observation, shown[0]) else None

    def _stayed(self, observation: Observation, options: Collection[Mapping[str, str]], kind: str,
                template: str) -> list[str]:
        """The square the piece stands on, when its picture and that of every square an option puts the piece on
        are as the rules last confirmed them, before the last hand and now: the piece has not moved.

        A square behind a piece some option moves counts too (unlike for :meth:`_changed`): a picture that stayed
        as confirmed says that neither moved. Held-out 2 players, seed 421, decision 64: blue left the provost on
        the bailiff's square 11; the options moving it back end the turn at once, moving the bailiff onto square
        12, so squares 11 and 12 were left out, though no picture had changed, and "how far?" was asked."""
        squares = {slot: label for changes in options for slot, label in changes.items()
                   if slot_number(template, slot) is not None}
        left = [slot for slot, label in squares.items() if not _has(label, kind)]
        if len(left) != 1 or not all(self._pictures.unchanged(observation, slot) for slot in squares):
            return []
        return left

    def _left(self, observation: Observation, options: Collection[Mapping[str, str]], kind: str, template: str,
              committed: Mapping[str, str], pictured: Collection[str], stayed: Collection[str]) -> list[str]:
        """The one square an option puts the piece on whose picture is not known as confirmed, when the picture of the
        square the piece stood on has changed (nothing else there may have moved) and that of every other such square
        is as the rules last confirmed it, before the last hand and now: the piece left, and went where the camera
        can't see it. Held-out 2 players, seed 409, decision 67: blue moved the provost from square 16 onto the
        bailiff's square 17, behind the bailiff (its picture 31 from the confirmed one); square 16's changed by 68-74
        and square 15's, where "−1" puts it, stayed at 14-15; no square showed the provost, and the move was asked."""
        standing = [slot for slot, label in committed.items() if slot_number(template, slot) is not None
                    and _has(label, kind)]
        busy = _busy_places(options, template, stayed)
        if (len(standing) != 1 or standing[0] not in pictured or place_of(standing[0]) in busy
                or not self._pictures.changed(observation, standing[0])):
            return []
        squares = {slot for changes in options for slot, label in changes.items()
                   if slot_number(template, slot) is not None and _has(label, kind)}
        unknown = [slot for slot in squares if not self._pictures.unchanged(observation, slot)]
        return unknown if len(unknown) == 1 else []

    def _fell(self, now: Mapping[str, float], options: Collection[Mapping[str, str]], kind: str, template: str,
              committed: Mapping[str, str], shadowed: Collection[str], stayed: Collection[str]) -> list[str]:
        """The one square an option puts the piece on that the camera can't read (the bailiff's, or hidden), when the
        square the piece stood on read it at ``SEEN`` or more before the last hand and at most ``ROSE_FROM`` now, and
        every other such square reads it at most ``ROSE_FROM``, now and before the hand: the piece left, and went
        where the camera can't see it. ``now``: the track's squares in view, with how likely each shows the piece.

        The readings tell where the pictures can't: held-out 4 players, seed 337, decision 167: blue moved the
        provost from square 20 back onto the bailiff's square 19, which vision had hidden before the hand (no rise to
        measure). Square 20 read the provost at 0.92 before the hand and nothing after; square 21, where "+1" puts
        it, nothing before or after. The pictures, last confirmed before two answered moves, were 86-97 from the
        table before the hand, and the move was asked."""
        standing = [slot for slot, label in committed.items() if slot_number(template, slot) is not None
                    and _has(label, kind)]
        if (len(standing) != 1 or standing[0] in shadowed or standing[0] not in now
                or self._before.get(standing[0], 0.0) < SEEN or now[standing[0]] > ROSE_FROM
                or place_of(standing[0]) in _busy_places(options, template, stayed)):
            return []
        squares = {slot for changes in options for slot, label in changes.items()
                   if slot_number(template, slot) is not None and _has(label, kind)}
        unread = [slot for slot in squares if slot in shadowed or slot not in now]
        empty = [slot for slot in squares if slot not in unread
                 and now[slot] <= ROSE_FROM and self._before.get(slot, 1.0) <= ROSE_FROM]
        return unread if len(unread) == 1 and len(unread) + len(empty) == len(squares) else []

    def _stands(self, observation: Observation, kind: str, template: str, committed: Mapping[str, str],
                pictured: Collection[str]) -> list[str]:
        """The square the committed table has a piece no option moves on, when no square shows the piece (its track
        would be hidden), that square's picture is as the rules last confirmed it, before the last hand and now, and
        no other square's has changed: a later move of the turn (the guild's, after the gate) did not take it off.
        Held-out 2 players, seed 402, decision 58: blue's worker left the gate, the provost stood on the bailiff's
        square, and "blue sends it to the merchants' guild, which moves the provost 3 back" explained the table as
        well as "blue takes the worker home": asked."""
        standing = [slot for slot, label in committed.items() if slot_number(template, slot) is not None
                    and _has(label, kind)]
        track = [slot for slot in observation.changes if slot_number(template, slot) is not None]
        if (len(standing) != 1 or standing[0] not in pictured or not self._pictures.unchanged(observation, standing[0])
                or any(self._pictures.changed(observation, slot) for slot in track)):
            return []
        return standing

    def _changed(self, observation: Observation, track: Collection[str], shadowed: Collection[str]) -> list[str]:
        """The squares of ``track`` the piece was not read on before the last hand whose picture, close to the one the
        rules last confirmed then, has changed since: the piece put there where the slot model misses it. On a
        ``shadowed`` square (the bailiff's) the reading is the other piece's top, and says nothing."""
        return [slot for slot in track if (slot in shadowed or self._before.get(slot, 0.0) <= ROSE_FROM)
                and self._pictures.changed(observation, slot)]


def _has(label: str, kind: str) -> bool:
    return any(piece.kind == kind for piece in pieces_for(label))


def _arrivals(options: Collection[Mapping[str, str]], kind: str, template: str,
              stayed: Collection[str] = frozenset()) -> set[str]:
    """The squares of ``template``'s track an option puts a piece of ``kind`` on, leaving the rest of the place
    as it was in every option, or where the table shows it did (``stayed``: slots read surely as they were).

    Held-out 2 players, seed 421, decision 12: red moved the provost from square 3 to 5, whose picture changed by
    73-77 (15 before the hand), read there at 0.07-0.12 only. The options ending the turn at once send red's worker
    home from square 5, so the place was busy and the change no sighting; but that worker still read 0.95-0.99 on
    its circle, and the move was asked."""
    arrivals = {slot for changes in options for slot, label in changes.items()
                if slot_number(template, slot) is not None and _has(label, kind)}
    busy = _busy_places(options, template, stayed)
    return {slot for slot in arrivals if place_of(slot) not in busy}


def _busy_places(options: Collection[Mapping[str, str]], template: str, stayed: Collection[str]) -> set[str]:
    """The places where an option changes a slot off ``template``'s track (a worker sent home), unless the table shows
    that slot as it was (``stayed``): a picture changed there may be that, not the track's piece."""
    return {place_of(slot) for changes in options for slot in changes
            if slot_number(template, slot) is None and slot not in stayed}


def _reads_as(observation: Observation, slot: str, label: str) -> bool:
    """Whether ``slot`` is in view and read ``label`` at ``STAYED`` or more."""
    return (slot in observation.slots and slot not in observation.occluded_slots
            and observation.slots[slot].get(label, 0.0) >= STAYED)


def _rose(before: float, now: float, shadowed: bool) -> bool:
    """Whether a square's reading of a piece rose as much as the piece arriving makes it rise."""
    if shadowed:
        return before <= SHADOWED_ROSE_FROM and now >= SHADOWED_ROSE_TO
    return before <= ROSE_FROM and now >= ROSE_TO


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
