"""Who reached in: the seat whose arm the camera saw since the last commit, and the stories it allows.

The camera sees where the provost ends up, not who paid to move it: "red moved it 2", "blue moved it 2"
and "each moved it 1" leave the same table. Players reach in from their own side, and the vision tells
from which side a hand came (``Observation.hand_from``, :mod:`vision.hand_side`). Among plausible stories,
those in which a seat whose arm never came changed the table are dropped, so the camera commits
"red moved it 2" when only red's arm came, instead of asking.

The arm also says whose piece appeared: a piece that comes onto an empty slot while only one seat's arm came is
that seat's (:func:`colour_by_arm`). The held-out slot model read yellow's new worker as red (p 0.93, yellow 0.06)
after yellow's arm alone had reached in, and the camera alerted "Red can't place a worker now" (4 players, seed 41,
decision 198). The arm's side weighs against the other colours as a prior, it does not replace the reading: a
piece the model reads as nothing like the reacher's colour keeps its colour (and its alert).

A wrong commit is worse than a question, so this evidence is used only when it is complete: every reach (a
run of hand frames) since the last commit named a seat in at least one frame, and at least ``MIN_FRAMES`` frames
did, or, named in no frame, lay between the sides of a few seats (``Observation.hand_near``) in ``MIN_FRAMES`` frames
or more: one of those reached in, the seats further off did not. Then the stories in which a seat none of them named
changed the table are dropped. Held-out 5 players, seed 299, decisions 28 and 62: yellow's arm lay between green's and
yellow's sides in every frame and named neither, and "yellow moved the provost" was asked against "yellow passed,
black moved it", though black's side, across the gap, was further off than either. Several seats' arms keep
the stories any of them could have made: on held-out 4-player seed 42 yellow's hand came by (its provost pass
leaves no trace) and then red's arm moved the provost −1; "red −1" and "red passes, green −1" looked alike and
the camera asked, though green's arm never came. A reach whose side stayed unsure, or frames that moved with no
hand seen at all: the stories are left as they were (and the camera asks if they still differ).

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
>>> reach.see(Observation(registered=True))                      # the picture settles: the same reach
>>> reach.see(Observation(registered=True, stable=True))
>>> reach.seat() is None, sorted(reach.seats())
(True, ['blue', 'red'])
>>> reach.see(Observation(registered=True))                      # moving, no hand seen: whose arm?
>>> reach.see(Observation(registered=True, stable=True))
>>> reach.seats() is None
True
>>> reach.clear()
>>> for hand_from in ("blue", "red", "blue"):                     # one reach named from two sides: unsure
...     reach.see(Observation(registered=True, occluded=True, hand_from=hand_from))
>>> reach.see(Observation(registered=True, stable=True))
>>> reach.seats() is None
True
>>> reach.clear()
>>> for _ in range(2):                                           # between two seats' sides: one of them
...     reach.see(Observation(registered=True, occluded=True, hand_near=frozenset({"red", "blue"})))
>>> reach.see(Observation(registered=True, stable=True))
>>> sorted(reach.seats()), reach.seat()
(['blue', 'red'], None)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Collection, Mapping, Sequence

from companion.games import Action
from vision.observation import Observation, pieces_for

from .evidence import VisibleView
from .search import HypothesisTree, Node

MIN_FRAMES = 2       # hand frames that must name the seat: the one wrong naming frame of bench_hand_side's 978 was
                     # its reach's only one (1 frame would be enough for 10 more of 320 reaches, not worth that risk)
OTHER_COLOUR = 0.02  # prior odds that a piece appearing under one seat's sure reach is another seat's colour
GLIMPSE = 0.1          # a piece read at least this much on a slot hidden behind another is glimpsed there …
GLIMPSE_BEFORE = 0.05  # … if that slot read it less than this before the hand (the piece in front alone never did)
GLIMPSE_UNLEARNED = 0.5   # … or this much on a slot hidden with nothing in front of it (not learned yet)
GLIMPSED = 0.69        # the reading a glimpsed piece counts as: just under the reconciler's confident 0.7
BARE = 0.02            # a circle hidden behind a piece that reads a worker less than this shows none there …
# … and counts as reading nothing this likely, and a worker of each colour this likely: evidence against a worker there;
# nothing below the reconciler's confident_empty (0.9): never sure enough to alert; a worker below its unsure_piece
# (0.1): no "unsurely empty" place that keeps a story putting a worker there in play; and below GLIMPSE_BEFORE: read so
# before a hand, the circle still lets a worker glimpsed after it count
BARE_READ = {"": 0.89, "worker": 0.04}


class Reach:
    """The seats whose arms came over the board since the last :meth:`clear`, frame by frame."""

    def __init__(self) -> None:
        self.named: Counter[str] = Counter()   # colour → hand frames that named that seat
        self.between: set[str] = set()         # the seats of reaches named in no frame, between their sides
        self.unnamed = 0                       # reaches none of whose frames named a seat, or that named two
        self._reaching = False                 # the last frame had a hand over the board, or moved
        self._now: Counter[str] = Counter()    # the seats named by the frames of the hand over the board now
        self._near_now: list[frozenset[str]] = []   # … and the seats of its frames between two or more sides
        self._sure_now = True                  # every hand of this reach so far named one seat (or none)
        self._named_now = False                # … and some hand of it named one
        self.last: str | None = None           # the sure seat of the reaches last cleared, until an arm comes again
        self._touched: set[str] = set()        # the slots some hand frame covered since the last clear
        self._blind = False                    # … unless a reach had no hand frame (an arm missed)
        self._cut = False                      # the last clear came during a reach: what came before it is lost
        self._hand_in_reach = False            # the reach going on now had a hand frame

    def see(self, observation: Observation) -> None:
        """A run of frames that are not still is one reach: a hand over the board, and the picture moving where the
        hand detector saw no hand, which may be an arm it missed (held-out 3 players, seed 192, decision 130: green's
        arm moved the provost −1 in frames read as moving but not covered, and red's arm, still counted from an
        earlier move, made "green passes, red −1" the only story left: a wrong commit)."""
        if observation.occluded or (observation.registered and not observation.stable):
            if not self._reaching:
                self._reaching, self._sure_now, self._named_now, self.last = True, True, False, None
                self._hand_in_reach = False
            if observation.occluded:
                self._touched |= observation.occluded_slots
                self._hand_in_reach = True
            if observation.occluded and observation.hand_from:
                self._now[observation.hand_from] += 1
            elif observation.occluded and len(observation.hand_near) > 1:
                self._near_now.append(observation.hand_near)
            elif not observation.occluded:
                self._hand_gone()
        elif self._reaching:
            self._hand_gone()
            self._reaching = False
            self.unnamed += not (self._sure_now and self._named_now)
            self._blind |= not self._hand_in_reach

    def _hand_gone(self) -> None:
        """One hand over the board comes from one side: frames of one hand that name two are unsure (held-out 4
        players, seed 197, decision 16: yellow's arm named blue twice and red once, and "yellow passes, blue +1"
        was committed). Two hands one after the other, the picture moving between them, name a seat each.
        A hand named in no frame but between a few seats' sides in ``MIN_FRAMES`` frames came from one of those;
        frames between sides that leave out the seat named are unsure too."""
        if len(self._now) == 1 and all(self._now.keys() <= seats for seats in self._near_now):
            self.named.update(self._now)
            self._named_now = True
        elif self._now:
            self._sure_now = False
        elif len(self._near_now) >= MIN_FRAMES:
            self.between.update(*self._near_now)
            self._named_now = True
        self._now.clear()
        self._near_now.clear()

    def clear(self) -> None:
        self.last = self.seat()
        self.named.clear()
        self.between.clear()
        self.unnamed = 0
        self._touched = set()
        self._blind = False
        self._cut = self._reaching

    def touched_slots(self) -> frozenset[str] | None:
        """The slots a hand covered since the last clear, when every reach since had its hand seen; else None."""
        return None if self._reaching or self._cut or self._blind else frozenset(self._touched)

    def seats(self) -> frozenset[str] | None:
        """The seats (colours) whose arms came since the last clear, when every reach named one or lay between a few
        seats' sides; else None."""
        if self._reaching or self.unnamed or (sum(self.named.values()) < MIN_FRAMES and not self.between):
            return None
        return frozenset(self.named) | self.between

    def seat(self) -> str | None:
        """The one seat (colour) whose arm came since the last clear, when that is sure; else None."""
        seats = self.seats()
        return next(iter(seats)) if seats is not None and len(seats) == 1 else None

    def placer(self) -> str | None:
        """The seat whose arm alone put down what the table now shows new: the sure seat since the last clear,
        or, while no arm came since, the one of the reaches cleared then (its pieces are committed by now)."""
        if self.named or self.between or self.unnamed or self._reaching:
            return self.seat()
        return self.last


def _steps(tree: HypothesisTree, node: Node) -> list[tuple[Action, Node, Node]]:
    """The decisions on the way to ``node``, each with the node before it and the node it leads to."""
    steps, parent = [], tree.root
    for depth, action in enumerate(node.actions):
        child = next(c for c in tree.children(parent) if c.actions == node.actions[:depth + 1])
        steps.append((action, parent, child))
        parent = child
    return steps


def movers(tree: HypothesisTree, node: Node) -> set[int]:
    """The seats whose decisions on the way to ``node`` changed the look of the table."""
    return {action.player for action, parent, child in _steps(tree, node) if child.key != parent.key}


def vanished(tree: HypothesisTree, node: Node) -> set[str]:
    """The slots a decision on the way to ``node`` changed that end as the root has them: a detour's (a worker put on
    the joust field, then sent home by the rules)."""
    changed = {slot for _action, parent, child in _steps(tree, node) for slot in child.view.changed_slots(parent.view)}
    return {slot for slot in changed if node.view.label(slot) == tree.root.view.label(slot)}


def reached_in(plausible: Sequence[Node], tree: HypothesisTree, seats: set[int] | None) -> list[Node]:
    """The plausible stories in which only ``seats`` changed the table (all of them when ``seats`` is None,
    or when none or all are such: then the hands tell nothing between them)."""
    if seats is None:
        return list(plausible)
    kept = [node for node in plausible if movers(tree, node) <= seats]
    return kept if kept else list(plausible)


def handled(plausible: Sequence[Node], tree: HypothesisTree, touched: frozenset[str] | None) -> list[Node]:
    """The plausible stories whose detours went where a hand was: a piece put down and taken away again needs a hand
    over its slot (``touched``, :meth:`Reach.touched_slots`; None when a reach's hand went unseen: all are kept, as
    when none or all are such).

    Held-out 2 players, seed 247, decision 73: blue had passed and red's arm put its last worker on road 9, in three
    hand frames that covered road 9's slots and a few others. "Red to the joust field, then to road 9" ends the same
    (the placements end, the joust field is worked at once and its worker goes home), and the camera asked.
    """
    if touched is None:
        return list(plausible)
    kept = [node for node in plausible if vanished(tree, node) <= touched]
    return kept if kept else list(plausible)


def colour_by_arm(observation: Observation, colour: str | None, committed: VisibleView,
                  moved_by_rules: Mapping[str, str] | None = None, *, armed: Collection[str]) -> Observation:
    """``observation`` with the arm's side weighed into the colour of the pieces ``colour``'s arm put down.

    On slots ``committed`` has empty (a piece appearing) or holding one piece of ``colour`` (put down by that arm
    and committed since: the misread goes on until vision learns the piece), each reading of one coloured piece of
    another colour is weighed by ``OTHER_COLOUR`` against the reacher's; the chance of a coloured piece at all is
    kept. Only pieces of the ``armed`` kinds, which only their owner puts down (the game's ``table.json``; not the
    pieces the rules move under the decider's hand). Nor a slot the rules move another player's piece onto
    (``moved_by_rules``: slot → where its piece goes).

    >>> seen = Observation(registered=True, stable=True, slots={
    ...     "road.4.worker": {"worker:red": 0.93, "worker:yellow": 0.06, "": 0.01},
    ...     "road.5.worker": {"worker:red": 0.9, "": 0.1}})
    >>> armed = {"worker", "house"}
    >>> weighed = colour_by_arm(seen, "yellow", VisibleView({"road.5.worker": "worker:red"}, {}), armed=armed)
    >>> {label: round(p, 2) for label, p in weighed.slots["road.4.worker"].items()}
    {'worker:red': 0.23, 'worker:yellow': 0.76, '': 0.01}
    >>> weighed.slots["road.5.worker"] == seen.slots["road.5.worker"]      # red's worker: not the reacher's doing
    True
    >>> bridge = Observation(registered=True, stable=True, slots={"bridge.2": {"disc:blue": 0.81, "disc:green": 0.19}})
    >>> colour_by_arm(bridge, "green", VisibleView({}, {}), armed=armed).slots["bridge.2"]   # not an armed kind
    {'disc:blue': 0.81, 'disc:green': 0.19}
    >>> inn = Observation(registered=True, stable=True, slots={"inn.right": {"worker:blue": 0.9, "worker:black": 0.1}})
    >>> colour_by_arm(inn, "black", VisibleView({"inn.left": "worker:blue"}, {}), {"inn.left": "inn.right"},
    ...               armed=armed).slots
    {'inn.right': {'worker:blue': 0.9, 'worker:black': 0.1}}
    """
    if colour is None:
        return observation
    moved_in = {to: frm for frm, to in (moved_by_rules or {}).items()}
    slots = dict(observation.slots)
    for slot, labels in observation.slots.items():
        if slot in observation.occluded_slots or not _arms_slot(committed.label(slot), colour, armed):
            continue
        if slot in moved_in and any(piece.colour not in (None, colour)
                                    for piece in pieces_for(committed.label(moved_in[slot]))):
            continue
        coloured = {label: p for label, p in labels.items() if _one_coloured(label, armed)}
        if not any(pieces_for(label)[0].colour != colour for label in coloured):
            continue
        weighed = {label: p * (1.0 if pieces_for(label)[0].colour == colour else OTHER_COLOUR)
                   for label, p in coloured.items()}
        scale = sum(coloured.values()) / max(sum(weighed.values()), 1e-12)
        slots[slot] = {label: weighed[label] * scale if label in weighed else p for label, p in labels.items()}
    return replace(observation, slots=slots)


def glimpsed_behind(observation: Observation, seats: frozenset[str] | None, committed: VisibleView,
                    before: dict[str, dict[str, float]], *, armed: Collection[str]) -> Observation:
    """``observation`` with the slots hidden behind a piece in front (``Observation.behind``) read where they glimpse a
    piece that one of the ``seats`` whose arms came put down: a piece of an ``armed`` kind of that colour read there at
    ``GLIMPSE`` or more, on a slot ``committed`` has empty and that read it below ``GLIMPSE_BEFORE`` before the hand
    (``before``: the mean readings of the still frames then). Such a slot reads ``GLIMPSED`` of that piece, the rest
    empty.

    Held-out look, 2 players, seed 112: a worker put on a road square behind the owner's house on it is hidden by
    vision, yet read as the reacher's worker at 0.12–0.51 in every still frame, where it read empty (1.0) before the
    hand. With nothing read, the camera asked what was done (a sixth of the placements of that game).
    ``GLIMPSED`` stays below the reconciler's confident reading, so a glimpse can make a legal story likelier but
    never contradict the rules: the story then needs several frames (0.8 nats each at 0.69) to be committed.

    A slot vision hides for another reason in a still frame (not learned yet beside a piece whose look it hasn't
    learned either, :mod:`vision.leaning`) is glimpsed the same way, but only at ``GLIMPSE_UNLEARNED``: nothing stands
    in front of it, so a piece there reads clearly. Held-out 2 players, seed 264, decision 8: red's worker on road.7,
    hidden so, read red at 0.71-0.89 in every still frame and empty (0.99) before red's hand; the camera asked.

    >>> seen = Observation(registered=True, stable=True, slots={"road.9.worker": {"": 0.78, "worker:red": 0.22}},
    ...                    occluded_slots=frozenset({"road.9.worker"}), behind=frozenset({"road.9.worker"}))
    >>> nobody, armed = VisibleView({}, {}), {"worker"}
    >>> glimpsed = glimpsed_behind(seen, frozenset({"red"}), nobody, {"road.9.worker": {"": 1.0}}, armed=armed)
    >>> {label: round(p, 2) for label, p in glimpsed.slots["road.9.worker"].items()}, glimpsed.occluded_slots
    ({'worker:red': 0.69, '': 0.31}, frozenset())
    >>> glimpsed_behind(seen, frozenset({"blue"}), nobody, {"road.9.worker": {"": 1.0}}, armed=armed) == seen
    True
    >>> glimpsed_behind(seen, frozenset({"red"}), nobody, {"road.9.worker": {"": 0.7, "worker:red": 0.3}}, armed=armed) == seen
    True
    >>> unlearned = replace(seen, behind=frozenset())      # hidden, not behind anything: a faint reading is no glimpse
    >>> glimpsed_behind(unlearned, frozenset({"red"}), nobody, {"road.9.worker": {"": 1.0}}, armed=armed) == unlearned
    True
    >>> clear = replace(unlearned, slots={"road.9.worker": {"": 0.17, "worker:red": 0.83}})
    >>> glimpsed_behind(clear, frozenset({"red"}), nobody, {"road.9.worker": {"": 1.0}}, armed=armed).occluded_slots
    frozenset()
    """
    if not seats or not observation.occluded_slots:
        return observation
    slots, shown = dict(observation.slots), set()
    for slot in observation.occluded_slots & before.keys():
        if committed.label(slot):
            continue
        least = GLIMPSE if slot in observation.behind else GLIMPSE_UNLEARNED
        for label, probability in observation.slots.get(slot, {}).items():
            if (probability >= least and _one_coloured(label, armed) and pieces_for(label)[0].colour in seats
                    and before[slot].get(label, 0.0) < GLIMPSE_BEFORE):
                slots[slot] = {label: GLIMPSED, "": 1.0 - GLIMPSED}
                shown.add(slot)
                break
    if not shown:
        return observation
    return replace(observation, slots=slots, occluded_slots=observation.occluded_slots - shown,
                   behind=observation.behind - shown)


def bare_behind(observation: Observation, destinations: Collection[str], colours: Sequence[str]) -> Observation:
    """``observation`` with the worker circles a pending placement may fill (``destinations``) that are hidden behind
    a piece in front and read no worker of any colour at all (below ``BARE``) read as nothing there, unsurely, and a
    worker of each of ``colours`` less likely still (``BARE_READ``).

    A worker behind a house is glimpsed (:func:`glimpsed_behind`). In the still frames of two whole held-out games
    (2 players seed 270, 3 players seed 271), worker circles vision hid behind a piece read a worker below 0.02 in
    none of the 355 frames where one stood there (20 more were each the last frame before the hand that put it
    there), and in 3,245 of the 3,302 where none did. Hidden outright, such a circle was no evidence against a story
    that puts a worker there: held-out 2 players, seed 266, decision 31, blue's worker went to road.5, and "blue to
    road.10 (behind a house), red passes, blue to road.5" lost only the prior against an extra move: asked.

    >>> seen = Observation(registered=True, stable=True, slots={"road.9.worker": {"": 0.995, "worker:red": 0.005}},
    ...                    occluded_slots=frozenset({"road.9.worker"}), behind=frozenset({"road.9.worker"}))
    >>> bare = bare_behind(seen, {"road.9.worker"}, ["red", "blue"])
    >>> bare.slots["road.9.worker"], bare.occluded_slots
    ({'': 0.89, 'worker:red': 0.04, 'worker:blue': 0.04}, frozenset())
    >>> bare_behind(seen, set(), ["red", "blue"]) == seen             # no placement pending there
    True
    """
    bare = {slot: {"": BARE_READ[""], **{f"worker:{colour}": BARE_READ["worker"] for colour in colours}}
            for slot in bare_circles(observation, destinations)}
    if not bare:
        return observation
    return replace(observation, slots={**observation.slots, **bare}, occluded_slots=observation.occluded_slots - set(bare))


def bare_circles(observation: Observation, circles: Collection[str]) -> set[str]:
    """The worker circles of ``circles`` hidden behind a piece in front that read no worker of any colour at all (below
    ``BARE``): the way the camera sees such a circle empty (:func:`bare_behind`)."""
    return {slot for slot in observation.behind & set(circles) if (reading := observation.slots.get(slot))
            and sum(p for label, p in reading.items() if label.startswith("worker:")) < BARE}


def _arms_slot(label: str, colour: str, armed: Collection[str]) -> bool:
    """Empty, or holding one piece of ``colour``: a slot where that arm may have put what is read."""
    return not label or (_one_coloured(label, armed) and pieces_for(label)[0].colour == colour)


def _one_coloured(label: str, armed: Collection[str]) -> bool:
    """One coloured piece of one of the ``armed`` kinds (only its owner puts it down)."""
    pieces = pieces_for(label)
    return len(pieces) == 1 and pieces[0].colour is not None and pieces[0].kind in armed
