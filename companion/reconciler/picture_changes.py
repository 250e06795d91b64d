"""How far a spot's picture was from the one the rules last confirmed, before the last hand and now.

Vision measures, for each provost and bailiff spot and each worker circle, how far its picture is from the one it
took when the rules last confirmed the table (``Observation.changes``). Sensor noise alone stays under 35 (27 on the
provost's and bailiff's spots, 34 on the worker circles, on 30 rendered held-out tables); a piece put down or taken
off moves it far more (a provost 36-155, a worker 54-206). So a spot whose picture was as confirmed before the last
hand (``CHANGED_FROM``) and is far from it now (``CHANGED_TO``) has had a piece put on it or taken off it, even where
the slot model misses the piece. :mod:`.track_rises` and :mod:`.placement_rises` make sightings of it.

>>> pictures = PictureBaseline()
>>> for level in (51.0, 15.0):          # the first still frame came before vision confirmed the last move
...     pictures.see(Observation(stable=True, changes={"road.3.provost": level, "road.5.provost": 41.0}))
>>> pictures.note_before_hand(); pictures.forget()
>>> now = Observation(stable=True, changes={"road.3.provost": 60.0, "road.5.provost": 80.0})
>>> pictures.changed(now, "road.3.provost"), pictures.changed(now, "road.5.provost")   # 5 was off before the hand
(True, False)
>>> pictures.unchanged(Observation(changes={"road.3.provost": 12.0}), "road.3.provost")
True

Confirmed on the last still frame before a hand, the pictures are as confirmed then, whatever that frame measured:

>>> pictures.see(Observation(stable=True, changes={"road.3.provost": 60.0, "road.5.provost": 80.0}))
>>> pictures.confirmed(doubted={"road.5.provost"}); pictures.note_before_hand(); pictures.forget()
>>> now = Observation(stable=True, changes={"road.3.provost": 15.0, "road.5.provost": 80.0})
>>> pictures.unchanged(now, "road.3.provost"), pictures.unchanged(now, "road.5.provost")
(True, False)
"""

from __future__ import annotations

from collections import deque
from typing import Callable, Collection

from vision.observation import Observation

CHANGED_FROM = 30.0        # a spot whose picture was within this of the confirmed one before the last hand …
CHANGED_TO = 35.0          # … and is this far from it now has had something put on it or taken off it
LAST_FRAMES = 3            # the still frames before the hand whose least change level is the baseline


class PictureBaseline:
    """Each watched spot's least change level (``Observation.changes``) over the last still frames before the last hand.

    Not the spell's mean: vision learns the confirmed pictures when the rules confirm a move, often in the middle of
    a still spell, and the frames before that measure the move itself. Held-out 3 players, seed 253, decision 0: the
    two still frames before blue's first hand were one before the start was confirmed (every spot 47-72 from the
    pictures of the empty board) and one after (13-18); their mean put every spot above ``CHANGED_FROM``, and blue's
    worker on road 6, read nowhere though its circle changed by 125-133, was asked "unseen". A spot with a piece
    the rules have not confirmed stays far from its confirmed picture in every frame.
    """

    def __init__(self, watched: Callable[[str], bool] = lambda slot: True) -> None:
        self._watched = watched
        self._still: dict[str, deque[float]] = {}    # slot → its change levels in the last frames of this still spell
        self._before: dict[str, float] = {}           # slot → its least change level then, before the last hand

    def see(self, observation: Observation) -> None:
        """Take a still frame's change levels (a picture tells, behind a piece too)."""
        for slot, level in observation.changes.items():
            if self._watched(slot):
                self._still.setdefault(slot, deque(maxlen=LAST_FRAMES)).append(level)

    def forget(self) -> None:
        """A hand or a moving picture: the still spell is over."""
        self._still = {}

    def confirmed(self, doubted: Collection[str] = ()) -> None:
        """Vision took the last frame's pictures as the confirmed ones (but ``doubted``): they are as confirmed now.

        That frame's levels were measured before, against the pictures confirmed earlier. Held-out 2 players, seed
        400, decision 21: the guild's move was answered on the tablet and confirmed on the last still frame before
        red's hand, which moved the provost onto the bailiff's square; that square's picture read 70-74 from the old
        confirmed one in the frames before, so its change after the hand (69-73 from the new one) made no sighting."""
        for slot, levels in self._still.items():
            if slot not in doubted:
                levels.append(0.0)

    def note_before_hand(self) -> None:
        """A hand came while the game was caught up with the table: the still spell is the baseline from now on."""
        self._before = {slot: min(levels) for slot, levels in self._still.items()}

    def changed(self, observation: Observation, slot: str, to: float = CHANGED_TO) -> bool:
        """Whether ``slot``'s picture was as the rules last confirmed it before the last hand, and is ``to`` or
        more from it now."""
        return self._before.get(slot, CHANGED_TO) <= CHANGED_FROM and observation.changes.get(slot, 0.0) >= to

    def unchanged(self, observation: Observation, slot: str) -> bool:
        """Whether ``slot``'s picture was, before the last hand, and is now, as the rules last confirmed it."""
        return (observation.changes.get(slot, CHANGED_TO) <= CHANGED_FROM
                and self._before.get(slot, CHANGED_TO) <= CHANGED_FROM)
