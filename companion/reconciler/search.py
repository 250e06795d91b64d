"""Hypotheses: the states reachable from the current one by legal decision sequences, grouped by look.

Between two stable views several decisions may have happened (moves made while a hand hid the board,
automatic steps that bring new decisions). A beam search over the pending decisions keeps, at every
depth, the sequences whose expected views best explain the observation. Sequences that end in views
the camera can't tell apart form one :class:`Group`: committing is only safe for what all of them share.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable

from companion.games import Action, GameState, RuleError

from .evidence import ViewDiff, VisibleView


@dataclass
class Node:
    """One reachable state, the decisions that lead there from the base, and how it looks."""

    actions: tuple[Action, ...]
    state: GameState
    view: VisibleView
    diff: ViewDiff
    key: tuple
    visible_steps: int = 0      # decisions on the way that changed the look of the table


@dataclass
class Group:
    """Every explored sequence ending in one look, and how well that look explains the observation."""

    key: tuple
    score: float
    nodes: list[Node] = field(default_factory=list)

    @property
    def view(self) -> VisibleView:
        return self.nodes[0].view


class HypothesisTree:
    """Lazily expanded tree of legal sequences from one base state; expansions are cached across frames."""

    def __init__(self, base: GameState, supply_keys: Iterable[str]) -> None:
        self.supply_keys = tuple(supply_keys)
        view = VisibleView.of(base.table_view(), self.supply_keys)
        self.root = Node((), base, view, ViewDiff({}, {}), view.key())
        self._children: dict[tuple[Action, ...], list[Node]] = {}

    def children(self, node: Node) -> list[Node]:
        cached = self._children.get(node.actions)
        if cached is None:
            cached = []
            for action in node.state.legal_actions():
                try:
                    state = node.state.apply(action)
                except RuleError:       # an engine that lists an option it then refuses: skip it
                    continue
                view = VisibleView.of(state.table_view(), self.supply_keys)
                key = view.key()
                cached.append(Node(node.actions + (action,), state, view, ViewDiff.between(view, self.root.view),
                                   key, node.visible_steps + (key != node.key)))
            self._children[node.actions] = cached
        return cached


def beam_search(tree: HypothesisTree, score: Callable[[Node], float], *, depth: int, width: int,
                per_look: int, rank: Callable[[Node], float] | None = None, tie: float = 0.0,
                max_width: int = 0, explained: Callable[[Node], bool] | None = None) -> list[Group]:
    """Groups of explored sequences, best ``score`` first.

    At each depth the children of the kept nodes are grouped by look and ranked by ``rank`` (default
    ``score``); the ``width`` best looks are kept — more, up to ``max_width``, while they rank within
    ``tie`` of the best, since a tie means the table can't yet tell them apart — with at most ``per_look``
    sequences each. Every look met on the way is reported, so a short explanation and its longer
    alternatives compete on equal terms. Once a look ``explained`` the observation fully, the search goes
    one decision deeper (to meet the look-alike stories of the same moves) and stops.
    """
    rank = rank or score
    groups: dict[tuple, Group] = {tree.root.key: Group(tree.root.key, 0.0, [tree.root])}
    frontier = [tree.root]
    last_depth = depth
    for level in range(1, depth + 1):
        if level > last_depth:
            break
        layer: dict[tuple, Group] = {}
        ranks: dict[tuple, float] = {}
        unseen: set[tuple] = set()       # looks reached by a choice that leaves no trace: always kept
        for node in frontier:
            for child in tree.children(node):
                if child.key == node.key:
                    unseen.add(child.key)
                group = layer.get(child.key)
                if group is None:
                    group = layer[child.key] = Group(child.key, score(child))
                    ranks[child.key] = rank(child)
                if len(group.nodes) < per_look * 4:     # all kept for the prompt, the first few expanded
                    group.nodes.append(child)
        if not layer:
            break
        ordered = sorted(layer.values(), key=lambda g: -ranks[g.key])
        top = ranks[ordered[0].key]
        kept = [g for i, g in enumerate(ordered)
                if i < width or (i < max_width and ranks[g.key] >= top - tie) or g.key in unseen]
        frontier = [node for group in kept for node in group.nodes[:per_look]]
        if explained is not None and last_depth == depth and any(explained(g.nodes[0]) for g in kept[:width]):
            last_depth = level + 1
        for group in kept:
            known = groups.setdefault(group.key, Group(group.key, group.score))
            for node in group.nodes:
                if len(known.nodes) < per_look * 4 * depth:
                    known.nodes.append(node)
    return sorted(groups.values(), key=lambda g: -g.score)


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
