"""The model reconciler: legal stories weighed by a measured observation model, one commit policy for every game.

The camera's still frames between two hands (a *still spell*) are one observation of one table: their readings are
averaged per slot and per supply zone (:class:`Spell`). Every legal story from the committed state that heads for
what the spell shows (:func:`.search.explore`, exhaustive within its bounds) is weighed by

* the **observation model** (:class:`.observation_model.ReadingModel`, measured on rendered games): how likely each
  averaged reading is if the slot holds what the story puts there, with the pieces the story stands in front of it
  leaning in, and hidden or not behind another piece; the same for each supply zone's counts;
* the **witnesses**: the coins' strips (who paid, among stories of one look), and the side each reach came from
  (how often an arm names the seat that moved, measured);
* a **prior** of ``step_cost`` nats against each visible move (several moves under one hand are rarer than one).

The posterior over stories decides everything:

* **commit** the longest prefix of the best story whose stories hold ``1 − ε`` of the posterior, over
  ``confirm_frames`` frames in a row, and only on an enumeration that was complete. The posterior's last hypothesis
  is *none of these stories*: the table exactly as read, with the prior ``illegal_prior`` of a change that no story
  searched explains (an illegal move, or more moves than the search follows); where readings contradict the best
  story, it takes its share, and a commit waits;
* **ask** when the posterior is split between first decisions (``hidden``), when the pending choice leaves no trace
  (``invisible``), or when a hand came and went and no move can be read (``unseen``);
* **alert** when the table as read is likelier than the best legal story, by more than the prior against an illegal
  change (``illegal_prior``), over ``alert_frames`` frames: in the engine's words (:mod:`.explain`); a disagreement
  that an earlier state explains is a reminder (a forgotten step).

Nothing is rewritten: no reading is replaced by a chosen probability, no story is dropped by a special case.

>>> from companion.session import Journal, Session                                  # doctest: +SKIP
>>> reconciler = ModelReconciler(Session.new(Journal(":memory:"), game=GAME,
...                                          players=["red", "blue"], seed=1))        # doctest: +SKIP
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Collection, Mapping, Sequence

from companion.games import Action, RuleError
from companion.session import Session
from vision.observation import Observation

from .evidence import CoinWitness, ViewDiff, VisibleView, goods_and_coin, looks_like
from .explain import FORGOTTEN_RULE, describe, explain_illegal, place_of, slot_number, split_forgotten
from .observation_model import ReadingModel, before_level, reading_model, spell_supply
from .outcomes import Outcome
from .fixtures import Fixtures
from .perception import fixtures_of
from .search import HypothesisTree, Node, common_prefix, explains, explore, state_fingerprint

UNSURE_COUNT = 0.5      # a zone's counts read less surely than this on average head the search nowhere


@dataclass(frozen=True)
class ModelPolicy:
    """The model reconciler's few settings: a prior, an error rate, search bounds and how long to watch."""

    posterior: float = 0.999       # share of the posterior a commit's stories must hold (1 − ε)
    confirm_frames: int = 2        # still frames in a row that must agree on a commit
    step_cost: float = 4.0         # prior, nats against each visible move of a story
    illegal_prior: float = 1e-3    # prior probability that a still spell shows a change no rule allows
    target_share: float = 0.3      # a label holding this much of a slot's mean reading heads the search there
    alert_frames: int = 4          # still frames a disagreement must last before an alert
    prompt_frames: int = 2         # still frames a question must stay the same before it is asked
    settle_frames: int = 6         # still frames after a hand before a `hidden` question
    unseen_frames: int = 12        # still frames after a hand before an `unseen` question
    depth: int = 10                # decisions a spell may be explained by
    visible_depth: int = 3         # … of which change the look of the table
    deep_depth: int = 20           # … and when no story within those bounds explains the table (the players went on
    deep_visible_depth: int = 6    # without waiting for the companion), the bounds searched next
    detours: int = 1               # visible decisions per story that the table no longer shows
    max_nodes: int = 20_000        # an enumeration this large is cut short, and then never trusted for a commit
    dropped_below: float = 60.0    # a story this many nats behind the best one is no longer weighed in this spell
    rendered_weight: float = 200.0  # readings of rendered tables a context's measured rates count as, at most,
                                   # against this table's own (learned while the game and the table agree)
    supply_keys: tuple[str, ...] | None = None   # the goods counted in each supply (None: the game's)


class Spell:
    """The still frames of one resting table: mean reading per slot, counts per zone, coins, their contexts."""

    def __init__(self) -> None:
        self.frames = 0
        self._sums: dict[str, dict[str, float]] = {}
        self._seen: Counter[str] = Counter()
        self.behind: set[str] = set()
        self.leaning: dict[str, tuple[str, ...]] = {}
        self.supplies: dict[str, list[tuple[Mapping[str, int], float | None]]] = {}
        self.coins = CoinWitness()
        self._means: dict[str, dict[str, float]] | None = None
        self._change_sums: dict[str, list[float]] = {}   # spot → [summed change level, frames] since vision confirmed

    def add(self, observation: Observation) -> None:
        self.frames += 1
        self._means = None
        for slot, reading in observation.slots.items():
            if not reading or (slot in observation.occluded_slots and slot not in observation.behind):
                continue
            summed = self._sums.setdefault(slot, {})
            for label, probability in reading.items():
                summed[label] = summed.get(label, 0.0) + probability
            self._seen[slot] += 1
            if slot in observation.behind:
                self.behind.add(slot)
            near = observation.leaning_in.get(slot)
            if near:
                self.leaning[slot] = tuple(dict.fromkeys(self.leaning.get(slot, ()) + tuple(near)))
        for spot, level in observation.changes.items():
            summed = self._change_sums.setdefault(spot, [0.0, 0])
            summed[0] += level
            summed[1] += 1
        for colour, counts in observation.supplies.items():
            self.supplies.setdefault(colour, []).append((counts, observation.supply_confidence.get(colour)))
        self.coins.add(observation)

    def change(self, spot: str) -> float | None:
        """The spot's mean picture change level since vision last confirmed it in this spell; None if unmeasured."""
        summed = self._change_sums.get(spot)
        return summed[0] / summed[1] if summed else None

    def repictured(self, kept: Collection[str] = ()) -> None:
        """Vision took new confirmed pictures (but of ``kept``): the levels measured so far were against the old."""
        self._change_sums = {spot: summed for spot, summed in self._change_sums.items() if spot in kept}

    @property
    def means(self) -> dict[str, dict[str, float]]:
        """Slot → its mean reading over the frames that read it."""
        if self._means is None:
            self._means = {slot: {label: total / self._seen[slot] for label, total in summed.items()}
                           for slot, summed in self._sums.items()}
        return self._means

    def zone(self, colour: str) -> tuple[dict[str, int] | None, float]:
        return spell_supply(self.supplies.get(colour, ()))

    def target(self, base: VisibleView, share: float) -> VisibleView:
        """The table the spell shows, where it differs from ``base``: the search heads there."""
        labels = dict(base.labels)
        for slot, mean in self.means.items():
            changed = [(p, label) for label, p in mean.items() if p >= share and not looks_like(label, base.label(slot))]
            if not changed:
                continue
            label = max(changed)[1]
            if label:
                labels[slot] = label
            else:
                labels.pop(slot, None)
        supplies = {colour: dict(counts) for colour, counts in base.supplies.items()}
        for colour in self.supplies:
            seen, confidence = self.zone(colour)
            if seen is not None and confidence >= UNSURE_COUNT:
                supplies[colour] = {**supplies.get(colour, {}), **seen}
        return VisibleView(labels, supplies)


@dataclass
class _Asked:
    decision: int
    actions: tuple[Action, ...]
    reason: str
    spell: int


@dataclass
class _Watch:
    items: frozenset[tuple] | None      # None: found open after a restart
    kind: str
    clean_frames: int = 0


@dataclass
class _Streaks:
    commit: tuple[Action, ...] = ()
    commit_frames: int = 0
    question: tuple = ()
    question_frames: int = 0
    disagreement: dict[tuple, int] = field(default_factory=dict)


class ModelReconciler:
    """Camera observations → the session's decisions, questions and alerts, by the posterior over legal stories."""

    def __init__(self, session: Session, *, policy: ModelPolicy | None = None,
                 model: ReadingModel | None = None) -> None:
        self.session = session
        self.policy = policy or ModelPolicy()
        measured = model or reading_model(session.game)
        if measured is None:
            raise RuleError(f"the game {session.game!r} ships no measured reliabilities (reliability.json)")
        self.model = measured.adapted(self.policy.rendered_weight)
        self._supply_keys = self.policy.supply_keys or goods_and_coin(session.game)[0]
        self._fixtures: Fixtures | None = fixtures_of(session.game)
        self._tree: HypothesisTree | None = None
        self._root_count = 0
        self._spell = Spell()
        self._spells = 0
        self._before: dict[str, tuple[str, dict[str, float]]] = {}   # slot → (label then, mean reading): the last
        #                                         spell the game was caught up with
        self._spell_root: VisibleView | None = None     # the committed look when the spell began
        self._caught_up = False      # the last still frame's likeliest story was "nothing more happened"
        self._candidates: dict[tuple[Action, ...], Node] = {}
        self._explored: set[tuple] = set()
        self._searched_deep = False
        self._shown: Node | None = None     # the story the last spells showed, not committed yet
        self._complete = True
        self._movers: dict[tuple[Action, ...], frozenset[str]] = {}
        self._reaches: list[str | None] = []     # per reach since the game last changed: the seat its arm named
        self._hand: Counter[str] = Counter()     # the current reach's namings
        self._in_hand = False
        self._hand_seen = False
        self._asked: dict[int, _Asked] = {}
        self._undone: dict[int, tuple[Action, int]] = {}   # decision → (action taken back, spell it was taken back in)
        self._watched: dict[int, _Watch] = {alert.id: _Watch(None, alert.kind) for alert in session.open_alerts()}
        self._ignored: set[tuple] = set()
        self._streaks = _Streaks()
        self._seen_actions: tuple[Action, ...] = tuple(session.actions)
        self._slot_logliks: dict[tuple, float] = {}    # this frame's slot log-likelihoods, by what a story puts there
        self._pictured: dict[str, str] | None = None   # slot → its label when vision last took its picture

    # ---- the one entry point -------------------------------------------------------------------------------

    def observe(self, observation: Observation) -> list[Outcome]:
        """Take one frame's reading; return what was committed, asked, alerted or resolved because of it."""
        self._sync()
        if not (observation.registered and observation.stable and not observation.occluded):
            self._end_spell(observation)
            return []
        self._end_reach()
        if self.session.state.is_over:
            return []
        if not self._spell.frames:
            self._spell_root = self._tree.root.view
        self._spell.add(observation)
        self._slot_logliks = {}
        self._explore()
        posterior = self._weigh()
        self._note_shown(posterior)
        self._caught_up = posterior[0][1].key == self._tree.root.key and posterior[0][0] >= self.policy.posterior
        frame = observation.frame_index
        mismatch, lead, lead_with_misreads = self._disagreement(posterior[0][1])
        outcomes = self._watch_disagreement(mismatch, lead, posterior[0][1], frame)
        if self._blocked():
            return outcomes
        unexplained = self._unexplained(posterior[0][0], lead_with_misreads)
        committed = self._commit_if_sure(posterior, frame, unexplained)
        if committed is not None:
            return outcomes + [committed]
        return outcomes + self._ask_if_needed(posterior, frame)

    # ---- spells and reaches --------------------------------------------------------------------------------

    def _end_spell(self, observation: Observation) -> None:
        """A hand or a moving picture: what the table showed may not hold any more."""
        if self._spell.frames:
            root = self._tree.root.view
            if self._caught_up:        # the game knew what the table held: its readings say how this camera reads
                self._learn()
                self._before.update({slot: (root.label(slot), mean) for slot, mean in self._spell.means.items()})
            else:                      # what the table held then is unknown: it says nothing of the next spell
                for slot in self._spell.means:
                    self._before.pop(slot, None)
            self._spell = Spell()
            self._spells += 1
            self._forget_search()
        # a commit's frames may be of spells on either side of a hand: each is a still view of the table
        self._streaks = _Streaks(commit=self._streaks.commit, commit_frames=self._streaks.commit_frames)
        if observation.occluded:
            self._in_hand = self._hand_seen = True
            if observation.hand_from:
                self._hand[observation.hand_from] += 1

    def _learn(self) -> None:
        """The spell ended with the game caught up with the table: its readings are this camera's readings of
        known contents. Count them into the model (slots the spell's commits changed count as changed)."""
        root, start = self._tree.root.view, self._spell_root or self._tree.root.view
        changed = root.changed_slots(start)
        for slot, mean in self._spell.means.items():
            label, confirmed = root.label(slot), start.label(slot)
            was = self._before.get(slot)
            before = before_level(None if was is None else was[1], confirmed) \
                if was is None or was[0] == confirmed else "none"
            near = any(other != slot and place_of(other) == place_of(slot) for other in changed)
            leaning = [root.label(n) for n in self._spell.leaning.get(slot, ())]
            self.model.learn_slot(mean, label, confirmed, leaning, slot in self._spell.behind, before, near)
            if was is not None:
                self.model.learn_drift(mean, was[1], label != was[0], near, leaning)
            level = self._spell.change(slot)
            if level is not None and self._pictured is not None:
                self.model.learn_change(level, mean, label, leaning, label != self._pictured.get(slot, ""), near)
        for colour in self._spell.supplies:
            seen, confidence = self._spell.zone(colour)
            if seen is not None:
                self.model.learn_supply(seen, confidence, root.supplies.get(colour, {}),
                                        start.supplies.get(colour, {}))

    def _end_reach(self) -> None:
        if self._in_hand:
            named = self._hand.most_common(1)[0][0] if self._hand else None
            self._reaches.append(named)
            self._hand, self._in_hand = Counter(), False

    def _forget_search(self) -> None:
        self._candidates = {(): self._tree.root}
        self._searched_deep = False
        self._explored = set()
        self._complete = True

    # ---- stories and their posterior -----------------------------------------------------------------------

    def _explore(self) -> None:
        """Add the stories heading for what the spell shows (once per distinct target): within the usual bounds from
        the committed state, then on from the story the last spells showed (:attr:`_shown`), then, if none explains
        it and :meth:`_may_search_deep`, within the deep bounds."""
        policy, root = self.policy, self._tree.root
        target = self._spell.target(root.view, policy.target_share)
        deep = self._may_search_deep()
        signature = (target.key(), deep)
        if signature in self._explored:
            return
        self._explored.add(signature)
        read = frozenset(self._spell.means)
        searches = [(None, policy.depth, policy.visible_depth, False)]
        if self._shown is not None:
            searches.append((self._shown, policy.depth, policy.visible_depth, False))
        if deep:
            searches.append((None, policy.deep_depth, policy.deep_visible_depth, True))
        nodes: list[Node] = []
        for (start, depth, visible_depth, is_deep), detours in ((s, d) for s in searches
                                                                for d in dict.fromkeys((0, policy.detours))):
            self._searched_deep = self._searched_deep or is_deep
            found = explore(self._tree, target, read, depth=depth, visible_depth=visible_depth,
                            detours=detours, limit=policy.max_nodes, start=start)
            nodes += found.nodes
            if any(explains(node.view, target, read) for node in found.nodes):
                break
        self._complete = self._complete and found.complete
        for node in nodes + self._tree.children(root):     # every single decision is a story, wherever it heads
            self._candidates.setdefault(node.actions, node)

    def _note_shown(self, posterior: list[tuple[float, Node]]) -> None:
        """Keep the story the table showed (what the stories holding 1 − ε of the posterior share) while it is not
        committed yet: when the players go on before it is, the next spells' search goes on from it."""
        prefix = self._sure_prefix(posterior) if self._complete else ()
        node = self._candidates.get(prefix) if prefix else None
        if node is not None:
            self._shown = node

    def _may_search_deep(self) -> bool:
        """The deep bounds are searched once per spell, and not while an illegal change waits to be put right (the
        table then shows what no story explains, whatever the depth)."""
        return not self._searched_deep and not self._blocked()

    def _add_look_alikes(self) -> bool:
        """Before a commit: add the stories with a detour that end in a look a direct story explains (red's provost
        −1 then green's +1 looks like two passes): they must make the camera ask. True when some were added."""
        policy, root = self.policy, self._tree.root
        target = self._spell.target(root.view, policy.target_share)
        signature = ("look-alikes", target.key())
        if not policy.detours or signature in self._explored:
            return False
        self._explored.add(signature)
        looks = frozenset(node.key for node in self._candidates.values() if node.key != root.key)
        if not looks:
            return False
        read = frozenset(self._spell.means)
        found = explore(self._tree, target, read, depth=policy.depth, visible_depth=policy.visible_depth,
                        detours=policy.detours, limit=policy.max_nodes, wanted=looks)
        self._complete = self._complete and found.complete
        added = [node for node in found.nodes if node.key in looks and node.actions not in self._candidates]
        for node in added:
            self._candidates[node.actions] = node
        return bool(added)

    def _weigh(self) -> list[tuple[float, Node]]:
        """Every candidate with its posterior probability, likeliest first."""
        root = self._tree.root
        looks: dict[tuple, float] = {}
        coins: dict[tuple[Action, ...], float] = {}
        best_coins: dict[tuple, float] = {}
        turn = root.state.turn_number
        for node in self._candidates.values():
            if node.key not in looks:
                looks[node.key] = self._look_loglik(node)
            coins[node.actions] = self._spell.coins.loglik(node.view.coins, root.view.coins,
                                                           node.state.turn_number > turn)
            best_coins[node.key] = max(best_coins.get(node.key, -math.inf), coins[node.actions])
        scores = []
        for node in self._candidates.values():
            score = (looks[node.key] - (best_coins[node.key] - coins[node.actions]) + self._arm_loglik(node)
                     - self.policy.step_cost * node.visible_steps)
            scores.append((score, node))
        top = max(score for score, _ in scores)
        for score, node in scores:
            if score < top - self.policy.dropped_below and node.actions:
                del self._candidates[node.actions]
        total = sum(math.exp(score - top) for score, _ in scores)
        posterior = sorted(((math.exp(score - top) / total, node) for score, node in scores),
                           key=lambda item: (-item[0], len(item[1].actions)))
        return posterior

    def _look_loglik(self, node: Node) -> float:
        """log P(the spell's readings | the table looks as ``node`` has it) − the same for the committed look."""
        root, spell = self._tree.root.view, self._spell
        changed = set(node.diff.slots)
        places = Counter(place_of(slot) for slot in changed)
        slots = changed | {slot for slot, near in spell.leaning.items() if changed.intersection(near)} | {
            slot for slot in spell.means if place_of(slot) in places}
        total = 0.0
        for slot in slots:
            if slot in spell.means:
                total += self._slot_loglik(slot, node.view, places, slot in changed) - self._slot_loglik(slot, root)
        for colour, counts in node.diff.supplies.items():
            seen, confidence = spell.zone(colour)
            if seen is None or confidence < UNSURE_COUNT:     # vision says it can't count this zone
                continue
            was = root.supplies.get(colour, {})
            total += (self.model.supply_loglik(seen, confidence, node.view.supplies.get(colour, {}), was)
                      - self.model.supply_loglik(seen, confidence, was, was))
        return total

    def _slot_loglik(self, slot: str, view: VisibleView, changed_places: Mapping[str, int] | None = None,
                     changed: bool = False) -> float:
        """log P(the spell's mean reading of ``slot`` | the table looks as ``view``; ``changed_places`` counts the
        slots per place where ``view`` differs from the committed table, ``changed`` says whether ``slot`` is one).
        Kept per spell frame: the readings are the same for every story weighed on it."""
        spell = self._spell
        place = place_of(slot)
        near = (changed_places or {}).get(place, 0) > (1 if changed else 0)
        label = view.label(slot)
        leaning = tuple(view.label(n) for n in spell.leaning.get(slot, ()))
        key = (slot, label, near, leaning)
        known = self._slot_logliks.get(key)
        if known is not None:
            return known
        confirmed = self._tree.root.view.label(slot)
        was = self._before.get(slot)
        before = before_level(None if was is None else was[1], confirmed) if was is None or was[0] == confirmed \
            else "none"
        loglik = self.model.slot_loglik(spell.means[slot], label, confirmed, list(leaning), slot in spell.behind,
                                        before, near)
        if was is not None:
            loglik += self.model.drift_loglik(spell.means[slot], was[1], label != was[0], near, list(leaning))
        level = spell.change(slot)
        if level is not None and self._pictured is not None:
            loglik += self.model.change_loglik(level, spell.means[slot], label, list(leaning),
                                               label != self._pictured.get(slot, ""), near)
        self._slot_logliks[key] = loglik
        return loglik

    def _arm_loglik(self, node: Node) -> float:
        """What the reaches' sides say of the seats that made ``node``'s visible moves, against no move."""
        if not self._reaches:
            return 0.0
        movers = self._movers_of(node)
        seats = len(self.session.players)
        return sum(self.model.arm_loglik(named, movers, seats) - self.model.arm_loglik(named, frozenset(), seats)
                   for named in self._reaches)

    def _movers_of(self, node: Node) -> frozenset[str]:
        """The colours of the players whose decisions on ``node``'s way changed the look of the table."""
        known = self._movers.get(node.actions)
        if known is not None:
            return known
        movers, state, key, players = set(), self._tree.root.state, self._tree.root.key, self.session.players
        for index, action in enumerate(node.actions):
            step = next(e for e in self._tree.expansions(node.actions[:index], state) if e.action == action)
            if step.key != key and 0 <= action.player < len(players):
                movers.add(players[action.player])
            state, key = step.state, step.key
        self._movers[node.actions] = frozenset(movers)
        return self._movers[node.actions]

    # ---- commits -------------------------------------------------------------------------------------------

    def _unexplained(self, best: float, lead: float) -> float:
        """The posterior share of *none of the stories*: the table as read, ``lead`` nats likelier than the best
        story (posterior ``best``) where they differ, with the prior of a change no story searched explains. Where
        they don't differ (``lead`` 0) the two are one hypothesis, and the share is 0."""
        odds = self.policy.illegal_prior * math.expm1(min(lead, 50.0)) * best
        return odds / (1.0 + odds)

    def _sure_prefix(self, posterior: list[tuple[float, Node]], unexplained: float = 0.0) -> tuple[Action, ...]:
        """What the stories holding ``posterior`` of the mass agree on (the stories' mass shrunk by the
        ``unexplained`` share): the longest prefix of the best story they share, or the whole best story when they
        all end in the same position (two routes to one position, such as one player's two placements in either
        order, are the same game from there on)."""
        if unexplained >= 1.0 - self.policy.posterior:
            return ()
        best, needed = posterior[0][1], self.policy.posterior / (1.0 - unexplained)
        ending = state_fingerprint(best.state)
        if best.actions and sum(p for p, node in posterior if node.key == best.key
                                and state_fingerprint(node.state) == ending) >= needed:
            return best.actions
        for length in range(len(best.actions), 0, -1):
            prefix = best.actions[:length]
            if sum(p for p, node in posterior if node.actions[:length] == prefix) >= needed:
                return prefix
        return ()

    def _commit_if_sure(self, posterior: list[tuple[float, Node]], frame: int,
                        unexplained: float = 0.0) -> Outcome | None:
        prefix = self._sure_prefix(posterior, unexplained) if self._complete else ()
        if prefix and self._streaks.commit_frames + 1 >= self.policy.confirm_frames and self._add_look_alikes():
            posterior = self._weigh()
            prefix = self._sure_prefix(posterior, unexplained) if self._complete else ()
        number = len(self.session.actions)
        asked = self._asked.get(number)
        if prefix and asked is not None and asked.reason != "invisible" and asked.spell == self._spells:
            prefix = ()        # asked in this spell: the player's answer is coming; the same frames can't outweigh it
        undone = self._undone.get(number)
        if prefix and undone is not None and undone[0] == prefix[0] and undone[1] == self._spells:
            prefix = ()        # taken back on the tablet while the table showed it: not redone from the same frames
        streaks = self._streaks
        if not prefix:
            streaks.commit, streaks.commit_frames = (), 0
            return None
        shared = common_prefix([prefix, streaks.commit])
        streaks.commit, streaks.commit_frames = (shared, streaks.commit_frames + 1) if shared else (prefix, 1)
        if streaks.commit_frames < self.policy.confirm_frames:
            return None
        prefix = streaks.commit
        for action in prefix:
            self.session.decide(action, source="camera")
        self._sync()
        return Outcome("commit", frame, prefix, len(self.session.actions) - len(prefix), prefix[0].player)

    # ---- questions -----------------------------------------------------------------------------------------

    def _ask_if_needed(self, posterior: list[tuple[float, Node]], frame: int) -> list[Outcome]:
        decision = self.session.state.pending()
        if decision is None:
            return []
        root = self._tree.root
        unchanged = sum(p for p, node in posterior if node.key == root.key)
        firsts: dict[Action, float] = {}
        for p, node in posterior:
            if node.actions and node.key != root.key:
                firsts[node.actions[0]] = firsts.get(node.actions[0], 0.0) + p
        ordered = tuple(sorted(firsts, key=lambda action: -firsts[action]))
        invisible = [child.actions[0] for child in self._tree.children(root) if child.key == root.key]
        spell = self._spell.frames
        undone = self._undone.get(len(self.session.actions))
        if undone is not None and undone[1] == self._spells and ordered and ordered[0] == undone[0]:
            reason = "hidden"
        elif unchanged >= 0.5 and invisible:
            reason = "invisible"
        elif unchanged < 1 - self.policy.posterior and spell >= self.policy.settle_frames:
            reason = "hidden"
        elif self._hand_seen and spell >= self.policy.unseen_frames:
            reason = "unseen"
        else:
            self._streaks.question, self._streaks.question_frames = (), 0
            return []
        actions = tuple(dict.fromkeys(ordered + tuple(decision.actions))) if reason != "invisible" \
            else tuple(decision.actions)
        signature = (reason, frozenset(actions[:len(ordered)]) if reason == "hidden" else reason)
        streaks = self._streaks
        streaks.question_frames = streaks.question_frames + 1 if streaks.question == signature else 1
        streaks.question = signature
        asked = self._asked.get(len(self.session.actions))
        if streaks.question_frames < self.policy.prompt_frames or (asked is not None and asked.reason == reason):
            return []
        return [self._ask(decision, actions, reason, frame)]

    def _ask(self, decision: Any, actions: tuple[Action, ...], reason: str, frame: int) -> Outcome:
        number = len(self.session.actions)
        self._asked[number] = _Asked(number, actions, reason, self._spells)
        what = {"hidden": "which choice was made", "invisible": "the camera can't see this choice",
                "unseen": "a hand came by, but the camera can't read a move: what was done?"}[reason]
        return Outcome("prompt", frame, actions, number, decision.player, reason=reason,
                       message=f"{self.session.players[decision.player].capitalize()}, {decision.kind}: {what}",
                       details={"decision_kind": decision.kind, "context": dict(decision.context)})

    # ---- disagreements: alerts and reminders ---------------------------------------------------------------

    def _disagreement(self, best: Node) -> tuple[ViewDiff, float, float]:
        """Where the spell reads the table otherwise than ``best`` has it, by how many nats the table as read is
        likelier there than ``best``'s look, and the same lead counting what no move can do too. The diff and the
        first lead leave out what no move can do (the pack's fixtures say such a reading is a misread, never a
        change to alert); the second keeps it, as evidence that the table is not as ``best`` has it."""
        root, spell, model = self._tree.root.view, self._spell, self.model
        slots, supplies, lead, misread = {}, {}, 0.0, 0.0
        places = Counter(place_of(other) for other in best.diff.slots)
        for slot, mean in spell.means.items():
            top = max(mean, key=mean.__getitem__)
            expected = best.view.label(slot)
            if mean[top] < 0.5 or looks_like(top, expected) or ("slot", slot, top) in self._ignored:
                continue
            was_changed = slot in best.diff.slots
            moved = places + Counter({place_of(slot): 0 if was_changed else 1})
            gain = (self._slot_loglik(slot, best.view.with_slots({slot: top}), moved, True)
                    - self._slot_loglik(slot, best.view, places, was_changed))
            if gain <= 0:
                continue
            if self._no_player_can(slot, expected, top):
                misread += gain
            else:
                slots[slot], lead = top, lead + gain
        for colour in spell.supplies:
            seen, confidence = spell.zone(colour)
            expected = best.view.supplies.get(colour, {})
            if seen is None or confidence < UNSURE_COUNT or all(expected.get(k, 0) == v for k, v in seen.items()):
                continue
            if ("supply", colour, _counts(seen)) in self._ignored:
                continue
            was = root.supplies.get(colour, {})
            gain = (model.supply_loglik(seen, confidence, seen, was)
                    - model.supply_loglik(seen, confidence, expected, was))
            if gain > 0:
                supplies[colour], lead = seen, lead + gain
        return ViewDiff(slots, supplies), lead, lead + misread

    def _no_player_can(self, slot: str, expected: str, seen: str) -> bool:
        """True when no move, legal or not, turns ``expected`` into ``seen`` on ``slot`` (the pack's fixtures: a
        piece always on the table vanishing, a building emptied, an owner's house changed): a misread, never an
        illegal change."""
        fixtures = self._fixtures
        if fixtures is None or not expected:
            return False
        if any(slot_number(template, slot) is not None and not seen for template in fixtures.kept):
            return True
        if any(slot_number(template, slot) is not None for template in fixtures.permanent):
            return True
        return any(slot_number(template, slot) is not None and kind in expected and kind not in seen
                   for kind, template in fixtures.tracks.items())

    def _watch_disagreement(self, mismatch: ViewDiff, lead: float, best: Node, frame: int) -> list[Outcome]:
        """Alert (or remind) when the table as read (``mismatch``, ``lead`` nats likelier than ``best``) lasts."""
        outcomes = self._settle_alerts(mismatch, frame)
        items = frozenset(_items(mismatch))
        illegal = lead > -math.log(self.policy.illegal_prior) and self._spell.frames >= self.policy.settle_frames
        streaks = self._streaks
        streaks.disagreement = {item: streaks.disagreement.get(item, 0) + 1 for item in items} if illegal else {}
        lasting = frozenset(item for item, frames in streaks.disagreement.items()
                            if frames >= self.policy.alert_frames and not self._covered(item))
        if not lasting:
            return outcomes
        lasting_diff = ViewDiff({slot: label for kind, slot, label in lasting if kind == "slot"},
                                {colour: dict(counts) for kind, colour, counts in lasting if kind == "supply"})
        reminders, residual = split_forgotten(lasting_diff, best.view, self._recent_views())
        for finding in reminders:
            alert = self.session.raise_alert(finding.message, player=finding.player, place=finding.place,
                                             rule=FORGOTTEN_RULE, kind="forgotten",
                                             key=finding.key, values=finding.values)
            self._watched[alert.id] = _Watch(lasting, "forgotten")
            outcomes.append(Outcome("reminder", frame, player=_seat(self.session, finding.player),
                                    message=finding.message, alert_id=alert.id, place=finding.place,
                                    rule=FORGOTTEN_RULE))
        if reminders and not residual:
            return outcomes
        finding = explain_illegal(self.session.game, best.state, residual or lasting_diff, self.session.players,
                                  best.view, before=self._tree.root.state)
        alert = self.session.raise_alert(finding.message, player=finding.player, place=finding.place,
                                         rule=finding.rule, kind="illegal",
                                         key=finding.key, values=finding.values)
        self._watched[alert.id] = _Watch(lasting, "illegal")
        outcomes.append(Outcome("alert", frame, player=_seat(self.session, finding.player), message=finding.message,
                                alert_id=alert.id, place=finding.place, rule=finding.rule,
                                details={"seen": {slot: describe(label)
                                                  for slot, label in sorted(lasting_diff.slots.items())}}))
        return outcomes

    def _covered(self, item: tuple) -> bool:
        return any(watch.items and item in watch.items for watch in self._watched.values())

    def _settle_alerts(self, mismatch: ViewDiff, frame: int) -> list[Outcome]:
        """Resolve the watched alerts whose disagreement is gone for ``confirm_frames`` still frames."""
        outcomes, now = [], set(_items(mismatch))
        for alert_id, watch in list(self._watched.items()):
            gone = not now if watch.items is None else not (watch.items & now)
            watch.clean_frames = watch.clean_frames + 1 if gone else 0
            if watch.clean_frames >= self.policy.confirm_frames:
                self.session.resolve_alert(alert_id, "fixed")
                del self._watched[alert_id]
                outcomes.append(Outcome("resolved", frame, alert_id=alert_id, message="the table is right again"))
        return outcomes

    def _blocked(self) -> bool:
        return any(watch.kind == "illegal" or watch.items is None for watch in self._watched.values())

    def _recent_views(self) -> list[VisibleView]:
        history = self.session.history()
        return [VisibleView.of(state.table_view(), self._supply_keys) for state in history[-9:-1]]

    # ---- the session's side --------------------------------------------------------------------------------

    def answer(self, prompt: Outcome, action: Action) -> None:
        """Apply a player's answer to a prompt (journaled as a decision with source ``prompt``)."""
        if prompt.decision != len(self.session.actions):
            raise RuleError("that question is no longer open: the game has moved on")
        self.session.decide(action, source="prompt")

    def vision_confirmed(self, doubted: Collection[str] = ()) -> None:
        """The live loop had vision take the frame just observed as the confirmed table (but ``doubted``): the
        pictures the spots' change levels are measured against now show the session's table."""
        now = VisibleView.of(self.session.state.table_view())
        was = self._pictured or {}
        pictured = {slot: label for slot, label in now.labels.items() if slot not in doubted}
        pictured.update({slot: was[slot] for slot in doubted if slot in was})
        self._pictured = pictured
        self._spell.repictured(kept=doubted)
        self._slot_logliks = {}

    @property
    def hand_since_decision(self) -> bool:
        """True when a hand came over the board since the game last changed (a commit, an answer, an undo)."""
        return self._hand_seen

    @property
    def open_prompt(self) -> Outcome | None:
        """The question waiting for the current decision, if one was asked."""
        asked = self._asked.get(len(self.session.actions))
        if asked is None:
            return None
        return Outcome("prompt", -1, asked.actions, asked.decision, asked.actions[0].player, reason=asked.reason)

    def must_answer(self, prompt: Outcome, truth: Action) -> bool:
        """True when a player who did ``truth`` has to answer ``prompt`` on the tablet (not a move the table shows,
        made after the camera asked about a choice that may leave no trace)."""
        return truth in prompt.actions and not (prompt.reason == "invisible" and not self.leaves_no_trace(truth))

    def leaves_no_trace(self, action: Action) -> bool:
        """True when the table would look exactly the same after ``action``."""
        self._sync()
        return any(child.actions[0] == action and child.key == self._tree.root.key
                   for child in self._tree.children(self._tree.root))

    def apply_correction(self, correction: Outcome) -> None:
        """Replace the decisions from ``correction.decision`` on by ``correction.actions`` (undo, then redo)."""
        if correction.kind != "correction" or correction.decision is None:
            raise ValueError("not a correction offered by the reconciler")
        while len(self.session.actions) > correction.decision:
            self.session.undo()
        for action in correction.actions:
            self.session.decide(action, source="correction")

    def _sync(self) -> None:
        """Follow what changed behind our back: commits, answers and undos on the tablet, alerts settled."""
        state = self.session.state
        if self._tree is None or self._tree.root.state is not state:
            history = self.session.history()
            count = len(history) - 1
            if self._tree is not None and count < self._root_count:
                for number in range(count, self._root_count):
                    if number < len(self._seen_actions):
                        self._undone[number] = (self._seen_actions[number], self._spells)
            if (self._tree is not None and count > self._root_count
                    and history[self._root_count] is self._tree.root.state):
                self._tree = self._tree.rerooted(tuple(self.session.actions[self._root_count:]), state)
            else:
                self._tree = HypothesisTree(state, self._supply_keys)
            self._root_count = count
            self._seen_actions = tuple(self.session.actions)
            self._movers = {}
            self._reaches, self._hand_seen = [], self._in_hand
            self._asked = {d: a for d, a in self._asked.items() if d <= count}
            self._undone = {d: u for d, u in self._undone.items() if d >= count}
            self._streaks = _Streaks()
            self._slot_logliks = {}
            self._shown = None
            self._forget_search()
        alerts = {alert.id: alert for alert in self.session.alerts}
        for alert_id, watch in list(self._watched.items()):
            alert = alerts.get(alert_id)
            if alert is None or alert.resolved is not None:
                del self._watched[alert_id]
                if alert is not None and alert.resolved != "fixed" and watch.items:
                    self._ignored |= watch.items        # a player settled it: these readings are the camera's


def _items(diff: ViewDiff) -> list[tuple]:
    return ([("slot", slot, label) for slot, label in diff.slots.items()]
            + [("supply", colour, _counts(counts)) for colour, counts in diff.supplies.items()])


def _counts(counts: Mapping[str, int]) -> tuple:
    return tuple(sorted((cube, int(n)) for cube, n in counts.items()))


def _seat(session: Session, colour: str | None) -> int | None:
    return session.players.index(colour) if colour in session.players else None
