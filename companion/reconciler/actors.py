"""Who reached in: the seat whose arm the camera saw since the last commit, and the stories it allows.

The camera sees where the provost ends up, not who paid to move it: "red moved it 2", "blue moved it 2"
and "each moved it 1" leave the same table. Players reach in from their own side, and the vision tells
from which side a hand came (``Observation.hand_from``, :mod:`vision.hand_side`). Among plausible stories,
those in which a seat whose arm never came changed the table are dropped, so the camera commits
"red moved it 2" when only red's arm came, instead of asking.

A wrong commit is worse than a question, so this evidence is used only when it is sure: every reach (a
run of hand frames) since the last commit named a seat in at least one frame, all named the same seat, and
at least ``MIN_FRAMES`` frames did. Two seats' arms, or a reach whose side stayed unsure: the stories are
left as they were (and the camera asks if they still differ).

The model: whoever decides moves the pieces of that decision, and what the rules then do on their own (the
bailiff, income, workers sent home) is done by the same hand. A player moving a piece for another would
break it; that is not detected.

>>> from vision.observation import Observation
>>> reach = Reach()
>>> for hand_from in ("red", None, "red"):
...     reach.see(Observation(registered=True, occluded=True, hand_from=hand_from))
>>> reach.see(Observation(registered=True, stable=True))
>>> reach.seat()
'red'
>>> reach.see(Observation(registered=True, occluded=True, hand_from="blue"))
>>> reach.see(Observation(registered=True))
>>> reach.seat() is None
True
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from vision.observation import Observation

from .search import HypothesisTree, Node

MIN_FRAMES = 2       # hand frames that must name the seat (on rendered hands 4 of 545 naming frames were wrong)


class Reach:
    """The seats whose arms came over the board since the last :meth:`clear`, frame by frame."""

    def __init__(self) -> None:
        self.named: Counter[str] = Counter()   # colour → hand frames that named that seat
        self.unnamed = 0                       # reaches none of whose frames named a seat
        self._reaching = False                 # the last frame had a hand over the board
        self._named_now = False                # … and some frame of this reach named a seat

    def see(self, observation: Observation) -> None:
        if observation.occluded:
            if not self._reaching:
                self._reaching, self._named_now = True, False
            if observation.hand_from:
                self.named[observation.hand_from] += 1
                self._named_now = True
        elif self._reaching:
            self._reaching = False
            self.unnamed += not self._named_now

    def clear(self) -> None:
        self.named.clear()
        self.unnamed = 0

    def seat(self) -> str | None:
        """The one seat (colour) whose arm came since the last clear, when that is sure; else None."""
        if self._reaching or self.unnamed or len(self.named) != 1:
            return None
        colour, frames = next(iter(self.named.items()))
        return colour if frames >= MIN_FRAMES else None


def movers(tree: HypothesisTree, node: Node) -> set[int]:
    """The seats whose decisions on the way to ``node`` changed the look of the table."""
    seats: set[int] = set()
    parent = tree.root
    for depth, action in enumerate(node.actions):
        child = next(c for c in tree.children(parent) if c.actions == node.actions[:depth + 1])
        if child.key != parent.key:
            seats.add(action.player)
        parent = child
    return seats


def reached_in(plausible: Sequence[Node], tree: HypothesisTree, seat: int | None) -> list[Node]:
    """The plausible stories in which only ``seat`` changed the table (all of them when ``seat`` is None,
    or when none or all are such: then the hand tells nothing between them)."""
    if seat is None:
        return list(plausible)
    kept = [node for node in plausible if movers(tree, node) <= {seat}]
    return kept if kept else list(plausible)
