"""Hypotheses: the states reachable from the current one by legal decision sequences that lead to the table seen.

Between two stable views several decisions may have happened (moves made while a hand hid the board,
automatic steps that bring new decisions). :func:`explore` enumerates them *exactly* rather than with
a beam: a sequence may only go on through decisions that leave no trace, or that bring the table
closer to the consensus reading (``target``) — a slot set to what the table shows, a cube count moved
towards what is counted. ``detours`` such visible decisions that don't (a worker placed, then sent
home by the activation that followed under the same hand) are allowed per sequence. Because the
enumeration is complete within these bounds, look-alike stories (sell stone then pay wood, or the
other way round) are always found together, and the reconciler asks instead of guessing.

Expansions (``apply`` + expected view) are cached along the tree and survive a commit
(:meth:`HypothesisTree.rerooted`), so a frame usually costs no engine call at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from companion.games import Action, GameState, RuleError

from .evidence import ViewDiff, VisibleView, looks_like


@dataclass
class Expansion:
    """One legal decision from a state, the state it leads to and how that looks."""

    action: Action
    state: GameState
    view: VisibleView
    key: tuple


class Node:
    """One reachable state, the decisions that lead there from the root, and how it looks."""

    __slots__ = ("actions", "state", "view", "key", "visible_steps", "_root_view", "_diff")

    def __init__(self, actions: tuple[Action, ...], state: GameState, view: VisibleView, key: tuple,
                 visible_steps: int, root_view: VisibleView | None) -> None:
        self.actions = actions
        self.state = state
        self.view = view
        self.key = key
        self.visible_steps = visible_steps     # decisions on the way that changed the look of the table
        self._root_view = root_view
        self._diff: ViewDiff | None = None if root_view is not None else ViewDiff({}, {})

    @property
    def diff(self) -> ViewDiff:
        """Where this node's look differs from the root's (computed once, when first needed)."""
        if self._diff is None:
            self._diff = ViewDiff.between(self.view, self._root_view)
        return self._diff


class HypothesisTree:
    """Lazily expanded tree of legal sequences from one base state; expansions are cached across frames."""

    def __init__(self, base: GameState, supply_keys: Iterable[str], *, view: VisibleView | None = None,
                 expansions: dict[tuple[Action, ...], list[Expansion]] | None = None,
                 by_state: dict[str, list[Expansion]] | None = None) -> None:
        self.supply_keys = tuple(supply_keys)
        view = view or VisibleView.of(base.table_view(), self.supply_keys)
        self.root = Node((), base, view, view.key(), 0, None)
        self._expansions: dict[tuple[Action, ...], list[Expansion]] = expansions or {}
        self._by_state: dict[str, list[Expansion]] = by_state or {}     # transpositions: one state, many paths
        self._children: dict[tuple[Action, ...], list[Node]] = {}

    def expansions(self, actions: tuple[Action, ...], state: GameState) -> list[Expansion]:
        cached = self._expansions.get(actions)
        if cached is None:
            # Different stories often reach the same state (workers placed on different buildings the provost then
            # cuts off): expand it once. A few dozen microseconds for the fingerprint against ~5 ms of engine calls.
            fingerprint = state_fingerprint(state)
            cached = self._by_state.get(fingerprint)
            if cached is None:
                cached = self._by_state[fingerprint] = self._expand(state)
            self._expansions[actions] = cached
        return cached

    def _expand(self, state: GameState) -> list[Expansion]:
        expanded = []
        for action in state.legal_actions():
            try:
                after = state.apply(action)
            except RuleError:       # an engine that lists an option it then refuses: skip it
                continue
            view = VisibleView.of(after.table_view(), self.supply_keys)
            expanded.append(Expansion(action, after, view, view.key()))
        return expanded

    def children(self, node: Node) -> list[Node]:
        cached = self._children.get(node.actions)
        if cached is None:
            cached = [Node(node.actions + (e.action,), e.state, e.view, e.key,
                           node.visible_steps + (e.key != node.key), self.root.view)
                      for e in self.expansions(node.actions, node.state)]
            self._children[node.actions] = cached
        return cached

    def rerooted(self, prefix: tuple[Action, ...], state: GameState) -> "HypothesisTree":
        """The tree seen from the end of ``prefix`` (now ``state``), keeping the expansions already made."""
        view = None
        if prefix:
            parent = self._expansions.get(prefix[:-1], [])
            view = next((e.view for e in parent if e.action == prefix[-1]), None)
        cut = len(prefix)
        kept = {path[cut:]: expansions for path, expansions in self._expansions.items() if path[:cut] == prefix}
        still_used = {id(expansions) for expansions in kept.values()}
        by_state = {fingerprint: expansions for fingerprint, expansions in self._by_state.items()
                    if id(expansions) in still_used}
        return HypothesisTree(state, self.supply_keys, view=view, expansions=kept, by_state=by_state)


def state_fingerprint(state: GameState) -> str:
    """Equal for two states that play on identically (their JSON without the events of the last step).

    ``repr`` of the JSON is exact (never equal for different data); a dict built in another order only
    costs a missed transposition.
    """
    return repr([item for item in state.to_json().items() if item[0] != "events"])


def makes_progress(before: VisibleView, after: VisibleView, target: VisibleView, root: VisibleView,
                   read: frozenset[str]) -> bool:
    """True when the step ``before → after`` carries out part of the change the table shows since ``root``.

    That is: it sets a read slot the table shows changed (or an earlier step changed) to what the table shows,
    or moves a cube count
    the table shows changed towards what is counted.
    """
    for slot in after.changed_slots(before):
        label = after.label(slot)
        # Setting a slot to what the table shows is progress when the table shows it changed, or when an
        # earlier step of this story changed it (the guild moved the provost, a later decision moved it back).
        if (slot in read and looks_like(target.label(slot), label)
                and not (looks_like(target.label(slot), root.label(slot))
                         and looks_like(target.label(slot), before.label(slot)))):
            return True
    for colour, counts in after.supplies.items():
        was = before.supplies.get(colour, {})
        seen = target.supplies.get(colour)
        if seen is None or counts == was:
            continue
        start = root.supplies.get(colour, {})
        for cube, count in counts.items():
            goal = seen.get(cube, count)
            if goal != start.get(cube, 0) and abs(count - goal) < abs(was.get(cube, 0) - goal):
                return True
    return False


def explains(view: VisibleView, target: VisibleView, read: frozenset[str]) -> bool:
    """True when ``view`` looks like ``target`` on every read slot and every counted supply."""
    slots = view.changed_slots(target) & read       # where the labels are equal, they look alike
    return (all(looks_like(target.label(slot), view.label(slot)) for slot in slots)
            and all(view.supplies.get(colour) == counts for colour, counts in target.supplies.items()))


@dataclass
class Exploration:
    nodes: list[Node]
    complete: bool          # False when ``limit`` stopped the enumeration: don't trust it to be exhaustive


def explore(tree: HypothesisTree, target: VisibleView, read: frozenset[str], *, depth: int, visible_depth: int,
            detours: int, limit: int, wanted: frozenset[tuple] | None = None, start: Node | None = None) -> Exploration:
    """Every sequence (≤ ``depth`` decisions, ≤ ``visible_depth`` of them visible) heading for ``target``, from the
    root or, with ``start`` (a node of ``tree``), going on from there (the bounds count from ``start``).

    With ``wanted`` (looks), the caller keeps only nodes with one of those looks: a node that has used up its
    visible moves can only go on invisibly, keeping its look, so it is not expanded unless its look is wanted.
    """
    start = start or tree.root
    depth, visible_depth = depth + len(start.actions), visible_depth + start.visible_steps
    found = [start]
    stack = [(start, 0)]
    while stack:
        node, used = stack.pop()
        if len(node.actions) >= depth:
            continue
        if wanted is not None and node.visible_steps >= visible_depth and node.key not in wanted:
            continue
        for child in tree.children(node):
            spent = used
            if child.key != node.key:
                if child.visible_steps > visible_depth:
                    continue
                if not makes_progress(node.view, child.view, target, tree.root.view, read):
                    if used >= detours:
                        continue
                    spent = used + 1
            found.append(child)
            if len(found) > limit:
                return Exploration(found, False)
            stack.append((child, spent))
    return Exploration(found, True)


def common_prefix(sequences: Iterable[tuple[Action, ...]]) -> tuple[Action, ...]:
    sequences = list(sequences)
    if not sequences:
        return ()
    prefix = sequences[0]
    for sequence in sequences[1:]:
        length = 0
        while length < min(len(prefix), len(sequence)) and prefix[length] == sequence[length]:
            length += 1
        prefix = prefix[:length]
    return prefix
