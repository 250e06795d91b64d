"""The reconciler: turns camera observations into the session's decisions, alerts and prompts.

Each stable observation is compared with the expected views of the states reachable by legal decision
sequences from the current one (:mod:`.search`), scored by the log-likelihood of the slot readings
(:mod:`.evidence`). A sequence is committed only when every plausible explanation starts with it and it
stayed so over ``Policy.confirm_frames`` stable frames; occluded or moving frames never count. What no
legal sequence explains becomes, once it persists, a reminder (the table still shows an earlier state)
or an illegal-move alert in the engine's words (:mod:`.explain`); the game waits until the table is put
right or a player settles it on the tablet. What the camera cannot tell becomes a prompt.

The reconciler keeps no clock: it only knows the frame indexes it is given, so a replay is exact.

>>> from companion.session import Journal, Session                                  # doctest: +SKIP
>>> reconciler = Reconciler(Session.new(Journal(":memory:"), game=GAME,
...                                     players=["red", "blue"], seed=1))             # doctest: +SKIP
>>> for outcome in reconciler.observe(observation): print(outcome.kind)              # doctest: +SKIP
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any, Collection, Hashable, Mapping

from companion.games import Action, GameState, Piece, RuleError
from companion.session import Session
from vision.observation import Observation, label_for

from .actors import Reach, bare_behind, bare_circles, colour_by_arm, glimpsed_behind, handled, reached_in
from .evidence import (CONFIDENT, CONFIDENT_EMPTY, CoinWitness, Consensus, ViewDiff, VisibleView, confident_mismatches,
                       goods_and_coin, looks_like, reading_loglik, slot_loglik, split_loglik, without_piled)
from .explain import FORGOTTEN_RULE, Finding, describe, explain_illegal, slot_number, split_forgotten
from .fixtures import (counted_in_front, read_as_leaning_ahead, second_sightings, seen_otherwise, shadowed,
                       top_of_a_piece_in_front, unseen_fixtures)
from .outcomes import Outcome
from .perception import armed_kinds, destinations, fixtures_of
from .placement_rises import PlacementWatch
from .search import HypothesisTree, Node, common_prefix, explains, explore
from .track_rises import TrackWatch


@dataclass(frozen=True)
class Policy:
    """How sure the reconciler must be before it acts. Defaults suit a camera at ~15 frames per second."""

    confirm_frames: int = 2        # stable frames in a row that must agree before a commit
    margin: float = 3.0            # log-likelihood lead over every explanation that disagrees
    step_cost: float = 4.0         # prior against stories with more visible moves than needed (per move)
    alert_frames: int = 4          # stable frames a disagreement must persist before an alert or reminder
    prompt_frames: int = 2         # stable frames before the camera gives up and asks
    settle_frames: int = 6         # still frames after a hand before asking which of several moves was made
    unseen_frames: int = 12        # still frames after a hand, showing no move, before asking what was done
    follow_up_frames: int = 30     # still frames after a hand by which a player owing a follow-up has mostly made it
    follow_up_late: float = 0.7    # nats against a story whose player owes a follow-up not made by then (half of them)
    depth: int = 10                # decisions one stable view may be explained by
    visible_depth: int = 3         # … of which change the look of the table (moves made under one hand)
    detours: int = 1               # visible decisions per sequence the table no longer shows (placed, then sent home)
    max_nodes: int = 20_000        # an enumeration this large is cut short, and then never trusted for a commit
    hidden_extra: int = 1          # extra visible moves a rival story may have and still make the camera ask
    unsure_empty: float = 0.9      # a place read empty less surely than this (mean) may hold the piece a rival puts there
    unsure_piece: float = 0.1      # … when that piece has at least this mean reading
    seen_change: float = 1.0       # summed log-odds by which the frames must favour a story's own change of a slot
    window: int = 40               # stable frames kept as evidence while the table stays still
    confident: float = CONFIDENT   # a reading this sure can contradict the rules
    confident_empty: float = CONFIDENT_EMPTY   # … and this sure when it reads nothing where the rules have a piece
    recent_states: int = 8         # how far back a stale slot may come from (forgotten steps)
    answer_frames: int = 6         # confident still frames a player's answer counts as, against the camera
    supply_keys: tuple[str, ...] | None = None   # the goods counted in each supply (None: the game's)


@dataclass
class _Watch:
    """An alert the reconciler raised (or found open at start) and watches until the table is right."""

    items: frozenset[tuple] | None   # None: found open after a restart, so its cause is unknown
    kind: str
    clean_frames: int = 0


@dataclass
class _Prompted:
    decision: int
    actions: tuple[Action, ...]
    reason: str
    unread: frozenset[str] = frozenset()     # places the camera read empty, unsurely, when it asked
    spell: int = 0                           # the still spell it was asked in (``Reconciler._spells``)


@dataclass
class _Undone:
    """A decision a player took back on the tablet: not committed again from the look the table had then, but asked."""

    decision: int
    action: Action
    look: tuple | None = None      # what the table showed when it was taken back (None: not seen since)


@dataclass
class _Streaks:
    commit: tuple[Action, ...] = ()
    commit_frames: int = 0
    ambiguity: tuple = ()
    ambiguity_frames: int = 0
    persistent: dict[tuple, int] = field(default_factory=dict)


class Reconciler:
    def __init__(self, session: Session, *, policy: Policy | None = None) -> None:
        self.session = session
        self.policy = policy or Policy()
        self._supply_keys = self.policy.supply_keys or goods_and_coin(session.game)[0]
        self._tree: HypothesisTree | None = None
        self._root_count = 0
        self._frames: list[Observation] = []
        self._still = 0                  # still frames since the table last moved (``_frames`` keeps a window of them)
        self._consensus = Consensus()
        self._coins = CoinWitness()      # who paid or took coins, per story (not part of a look)
        self._coin_lag: dict[tuple[Action, ...], float] = {}    # story → how far its look's best leads it on coins
        # look → evidence over the window (slot part summed, supply part summed), a node with that look
        self._look_scores: dict[tuple, tuple[float, float, Node]] = {}
        self._candidates: dict[tuple[Action, ...], Node] = {}
        self._explored: set[tuple] = set()
        self._complete = True
        self._detours_cut = False    # a look-alike search with detours was cut short (diagnostics only)
        self._streaks = _Streaks()
        self._watched: dict[int, _Watch] = {alert.id: _Watch(None, alert.kind)
                                            for alert in session.open_alerts()}
        self._ignored: dict[tuple, str] = {}          # items a player settled on the tablet → what the slot showed
        self._overrides_seen: dict[str, tuple[Any, str]] = {}
        self._asked: dict[int, _Prompted] = {}        # decision number → the prompt asked for it
        self._spells = 0                              # hand or moving frames seen: a new count, a new still spell
        self._hand_seen = False       # a hand came over the board since the last decision
        self._reaches = 0             # hands that came after the table rested, since the last decision (_sync)
        self._rested = False          # the table rested before the frames that are not still now (a new reach may come)
        self._reach = Reach()         # whose arms came since the table was last caught up with (actors.py)
        self._history_views: dict[int, VisibleView] = {}
        self._seen_actions: tuple[Action, ...] = tuple(session.actions)
        self._undone: _Undone | None = None
        # slot → (what an answer to a move the camera couldn't read put there, what it held before)
        self._unread: dict[str, tuple[str, str]] = {}
        self._unread_seen: dict[str, int] = {}     # still frames that read an unread slot as answered, surely
        # slot → (what the game had there, how the camera read it while the table was caught up: a lasting misread)
        self._misread: dict[str, tuple[str, dict[str, float]]] = {}
        self._misread_seen: set[str] = set()     # … those the last frame still read that way
        # slot → (what it held before, what it holds after) the decisions players answered since the camera last committed
        self._answered: dict[str, tuple[str, str]] = {}
        # the game is caught up with the table: the last still frame's best story was "nothing happened", or a player's
        # answer since, changing slots, made the game what the still frames show (at least confirm_frames of them; an
        # answer that changes only the supplies leaves this as it was). A hand then notes how the table read before it
        # (the baseline of the rises, track_rises.py). Held-out 2 players, seed 266, decision 10: red's hand came one
        # frame after red's guild move was answered; the provost's baseline stayed the one from before the guild move
        # (the provost on the bailiff's square, p 0.9), so its return there (p 0.8-0.96) was no rise, and it was asked.
        self._idle = False
        # vision confirmed a frame of this still spell: one still frame is then baseline enough for a hand
        # (held-out 4 players, seed 315: yellow's first hand came one still frame after the start was confirmed)
        self._spell_confirmed = False
        # slot hidden behind a piece in front, or changed by an answer → its mean reading in the still frames before
        # the last hand, while the game was caught up with the table (since the last decision)
        self._before_hand: dict[str, dict[str, float]] = {}
        self._read_before: dict[str, dict[str, float]] = {}   # every slot's mean reading then (_seen_changed)
        self._since_root = 0         # the still frames remembered since the game last changed
        self._answered_read: set[str] = set()   # the answered slots read as answered then, since the game last changed
        self._glimpsed: frozenset[str] = frozenset()    # hidden slots the last frame glimpsed a piece on
        self._rest_root: VisibleView | None = None      # the game's look at the first still frame since the last hand
        fixtures = fixtures_of(session.game)
        self._tracks = TrackWatch(fixtures.tracks if fixtures else {})   # pale pieces seen arrive (track_rises.py)
        self._placements = PlacementWatch(self._tracks.on_a_track)   # pale workers and houses seen put down

    # ---- the one entry point -------------------------------------------------------------------------------

    def observe(self, observation: Observation) -> list[Outcome]:
        """Take one frame's reading; return what was committed, asked, alerted or resolved because of it."""
        self._sync()
        self._reach.see(observation)
        if not (observation.registered and observation.stable and not observation.occluded):
            self._streaks = _Streaks(persistent={})
            if self._idle and not self._watched and self._frames and (
                    len(self._frames) >= self.policy.confirm_frames or self._spell_confirmed):
                self._note_misreads()
                self._note_before_hand()
                self._tracks.note_before_hand()
                self._placements.note_before_hand()
            if self._frames:     # the table stops resting: did it rest long enough for a hand now to be a new reach?
                self._rested = len(self._frames) >= self.policy.confirm_frames
            self._still = 0
            if observation.occluded and self._rested:
                self._reaches, self._rested = self._reaches + 1, False
            self._forget_frames()
            self._rest_root = None
            self._spell_confirmed = False
            self._spells += 1
            self._tracks.forget()
            self._placements.forget()
            self._hand_seen |= observation.occluded
            return []
        if self.session.state.is_over:
            return []
        observation = self._with_corrections(observation)
        if self._rest_root is None:
            self._rest_root = self._tree.root.view
        self._tracks.see(observation)
        self._placements.see(observation)
        fixtures = fixtures_of(self.session.game)
        # not the provost seen; hidden behind the bailiff too: its picture changing is the provost arriving there
        bailiff_tops = shadowed(observation, fixtures, self._tree.root.view, hidden_too=True)
        moved_by_rules = self._moved_by_rules()
        destinations = self.destinations(moved_by_rules)
        options = [child.diff.slots for child in self._tree.children(self._tree.root)]
        observation = self._placements.sighted(self._tracks.sighted(observation, self._movable_pieces(options),
                                                                    bailiff_tops, options, self._tree.root.view.labels),
                                                 destinations, options if self._placing_from_home() else (),
                                                 moved_by_rules)
        observation = self._placements.taken_off(observation, options)
        observation = unseen_fixtures(observation, fixtures, self._tree.root.view, self._tracks.sighted_slots)
        observation = colour_by_arm(observation, self._reach.placer(), self._tree.root.view,
                                    fixtures.moved_by_rules if fixtures else None, armed=armed_kinds(self.session.game))
        glimpsed = glimpsed_behind(observation, self._glimpsing_seats(), self._tree.root.view,
                                   {**self._read_before, **self._before_hand}, armed=armed_kinds(self.session.game))
        # (the slots behind a piece glimpsed; one vision hid as not learned, glimpsed, is not counted: as measured)
        self._glimpsed, observation = observation.behind - glimpsed.behind, glimpsed
        circles = [slot for slot, label in destinations.items() if label.startswith("worker:")]
        unread_bare = bare_circles(observation, self._unread)      # as read, before bare_behind rewrites readings
        observation = bare_behind(observation, circles, self.session.players)
        observation = self._misread_hidden(self._unread_hidden(observation, unread_bare))
        self._remember(observation)
        self._still += 1
        self._since_root += 1
        scored = self._scored()
        best_score, best = scored[0]
        self._idle = best.key == self._tree.root.key
        frame = observation.frame_index
        outcomes: list[Outcome] = []
        mismatch = _without(without_piled(confident_mismatches(observation, best.view, self.policy.confident,
                                                               self.policy.confident_empty), best.view),
                            second_sightings(observation, fixtures, best.view)
                            | seen_otherwise(observation, fixtures, best.view, self._tree.root.view)
                            | self._tracks.sighted_tracks
                            | self._placements.sighted_slots | self._placements.bare_slots
                            | self._placements.taken_slots)
        recent = self._recent_views()
        reminders, residual = split_forgotten(mismatch, best.view, recent)
        outcomes += self._settle_alerts(mismatch, reminders, frame)
        # A disagreement counts only while the frames since the table last changed, read together, hold it too.
        held_reminders, held = split_forgotten(_shared(mismatch, self._disagreement(best)), best.view, recent)
        held_items = set(_items(held)) | {("reminder", finding.message) for finding in held_reminders}
        real = self._persisting(reminders, residual) & held_items
        outcomes += self._alert_if_persistent(real, reminders, residual, best, observation)
        if any(self._streaks.persistent.get(item, 0) >= self.policy.confirm_frames
               for item in _items(held)) or self._blocked():
            return outcomes
        plausible = self._reached_in(self._plausible(scored))
        if self._commit_due(plausible) and self._add_look_alikes():
            scored = self._scored()
            best = scored[0][1]
            plausible = self._reached_in(self._plausible(scored))
        committed = self._commit_if_confirmed(plausible, plausible[0], self._as_seen_by(observation, plausible[0]))
        if committed:
            outcomes.append(committed)
        else:
            outcomes += self._prompt_if_needed(plausible, frame)
        return outcomes

    # ---- evidence over the stable frames since the table last changed --------------------------------------

    def _disagreement(self, node: Node) -> ViewDiff:
        """Where the stable frames since the table last changed, read together, disagree with ``node``'s look.

        The consensus (a reading must lead the expected label by ``Consensus.lead`` nats summed over the frames)
        must confirm a frame's disagreement before it counts towards an alert or stops a commit: the held-out slot
        model misses about a fifth of the pieces in any one frame, so single-frame disagreements would raise
        alerts and block commits all game long.
        """
        return ViewDiff.between(self._consensus.target(node.view), node.view)

    def _movable_pieces(self, options: list[Mapping[str, str]]) -> set[str]:
        """The kinds of track pieces (``Fixtures.tracks``) some option of the pending decision moves (``options``:
        each option's changed slots)."""
        return {kind for kind, template in self._tracks.tracks.items()
                if any(slot_number(template, slot) is not None for changes in options for slot in changes)}

    def destinations(self, moved_by_rules: dict[str, str] | None = None) -> dict[str, str]:
        """Slot → the piece the pending decision would put where the table has none: a piece of the chooser's colour
        of a kind the game's perception data lists for this decision kind, or of any colour of a kind it lists for
        every decision (``destinations``, :mod:`.perception`). Not a piece the rules move on their own
        (``moved_by_rules``: :meth:`_moved_by_rules`, when the caller has it already)."""
        decision = self.session.state.pending()
        if decision is None:
            return {}
        root = self._tree.root
        colour = self._colour(decision.player)
        puts = destinations(self.session.game)
        placing = {f"{kind}:{colour}" for kind in puts.get(decision.kind, ())}
        anyone = tuple(f"{kind}:" for kind in puts.get("*", ()))
        moved = self._moved_by_rules() if moved_by_rules is None else moved_by_rules
        return {slot: label for child in self._tree.children(root) for slot, label in child.diff.slots.items()
                if not root.view.label(slot) and (label in placing or label.startswith(anyone))
                and moved.get(slot) != label}

    def _moved_by_rules(self) -> dict[str, str]:
        """Slot → the piece the rules may move there on their own from the committed table (``moved_by_rules``: the
        inn's worker from its left circle to its right, as the placements end)."""
        fixtures = fixtures_of(self.session.game)
        view = self._tree.root.view
        return {to: view.label(frm) for frm, to in (fixtures.moved_by_rules if fixtures else {}).items()
                if view.label(frm) and not view.label(to)}

    def _placing_from_home(self) -> bool:
        """Whether the pending decision's worker comes from its player's supply, not from a circle of the board: only
        then is a circle's picture changing a sighting of it (:class:`.placement_rises.PlacementWatch`). The gate's
        worker, leaving, changes the pictures of the circles beside the gate too: held-out 2 players, seed 417,
        decision 113, red took it home, the merchants' guild's circle changed by 55-57, and "red sends it to the
        guild" was committed."""
        decision = self.session.state.pending()
        return decision is not None and decision.kind == "place"

    def _forget_frames(self) -> None:
        """A hand or a moving picture: what the table showed before may not hold any more."""
        self._frames = []
        self._consensus = Consensus()
        self._coins = CoinWitness()
        self._look_scores = {}

    def _remember(self, observation: Observation) -> None:
        if len(self._frames) >= self.policy.window:       # a long still table: keep the latest half
            kept = self._frames[-(self.policy.window // 2):]
            self._forget_frames()
            for frame in kept:
                self._remember(frame)
        self._frames.append(observation)
        self._consensus.add(observation)
        self._coins.add(observation)
        base = self._tree.root.view
        for key, (slots, supplies, node) in list(self._look_scores.items()):
            slot_part, supply_part = split_loglik(self._as_seen_by(observation, node), node.view, base, node.diff)
            self._look_scores[key] = (slots + slot_part, supplies + supply_part, node)
        self._explore_towards(self._consensus.target(base))

    def _explore_towards(self, target: VisibleView) -> None:
        """Add the sequences heading for ``target`` to the candidates (once per distinct target)."""
        signature = ViewDiff.between(target, self._tree.root.view)
        signature = (tuple(sorted(signature.slots.items())),
                     tuple(sorted((c, _counts(n)) for c, n in signature.supplies.items())))
        if signature in self._explored:
            return
        self._explored.add(signature)
        policy, read = self.policy, self._consensus.read
        # Direct stories first; detours (a move the table no longer shows) only if none explains the table.
        for detours in dict.fromkeys((0, policy.detours)):
            found = explore(self._tree, target, read, depth=policy.depth, visible_depth=policy.visible_depth,
                            detours=detours, limit=policy.max_nodes)
            if any(explains(node.view, target, read) for node in found.nodes):
                break
        self._complete = self._complete and found.complete
        for node in found.nodes:
            self._candidates.setdefault(node.actions, node)

    def _add_look_alikes(self) -> bool:
        """Before a commit: add the stories with a detour that end in a look a direct story explains.

        They are the look-alikes (red's provost −1 then green's +1 leaves the table as two passes do) that must
        make the camera ask. Searched only when a commit is due, once per target: detours are costly.
        Returns True when some were added.
        """
        policy, read = self.policy, self._consensus.read
        target = self._consensus.target(self._tree.root.view)
        signature = ("look-alikes", target.key())
        if not policy.detours or signature in self._explored:
            return False
        self._explored.add(signature)
        looks = {node.key for node in self._candidates.values() if explains(node.view, target, read)}
        detoured = explore(self._tree, target, read, depth=policy.depth, visible_depth=policy.visible_depth,
                           detours=policy.detours, limit=policy.max_nodes, wanted=frozenset(looks))
        self._detours_cut = self._detours_cut or not detoured.complete
        added = False
        for node in detoured.nodes:
            if node.key in looks and node.actions not in self._candidates:
                self._candidates[node.actions] = node
                added = True
        return added

    def _plausible(self, scored: list[tuple[float, Node]]) -> list[Node]:
        """The explanations the evidence can't rule out: the prior against extra moves ranks, it doesn't decide.

        Any sequence whose look explains the frames within ``margin`` of the best, with at most
        ``hidden_extra`` more visible moves, counts (guild −3 vs guild −2 then provost −1 look the same).
        A story that ends in exactly the best one's look always counts, however many moves it needs: guild 0
        and guild +3 followed by provost −2 and −1 under one hand leave the same table (seed-43 wrong commit) —
        unless the seats' coins rule it out (a still coins' strip where it pays: :meth:`_scored`).
        """
        best = scored[0][1]
        evidence = self._evidence(best)
        most_steps = best.visible_steps + self.policy.hidden_extra
        plausible = [node for _, node in scored if self._evidence(node) >= evidence - self.policy.margin
                     and (node.key == best.key or node.visible_steps <= most_steps)]
        rivals = (self._unseen_rivals(best, scored) + self._unsure_empty_rivals(best, scored)
                  + self._unsupported_rivals(best, scored))
        return _one_game_per_position(plausible + [node for node in dict.fromkeys(rivals) if node not in plausible],
                                      self._tree.root.state)

    def _unseen_rivals(self, best: Node, scored: list[tuple[float, Node]]) -> list[Node]:
        """The stories that lose to ``best`` only because ``best`` puts a piece where no frame could read it while they
        put one where the camera reads nothing: a piece the camera doesn't see either way, so the evidence can't choose.

        Held-out look, 5 players, seed 51, decision 198: yellow's worker went to stables.3, read empty (p 0.96); red's
        worker just put on castle.worker.1 hid castle.worker.2 (vision's hidden-behind rule), so "yellow to the castle"
        had nothing read against it and was committed.
        """
        base = self._tree.root.view
        unseen = {slot for slot, label in best.diff.slots.items()
                  if label and not any(slot in frame.slots and slot not in frame.occluded_slots for frame in self._frames)}
        if not unseen:
            return []
        rivals = []
        for _, node in scored:
            differ = best.view.changed_slots(node.view)
            if (node is not best and node.visible_steps == best.visible_steps and differ & unseen
                    and all(slot in unseen or (node.view.label(slot) and best.view.label(slot) == base.label(slot) == "")
                            for slot in differ)):
                rivals.append(node)
        return rivals

    def _unsupported_rivals(self, best: Node, scored: list[tuple[float, Node]]) -> list[Node]:
        """The stories of as many visible moves as ``best`` when no slot that ``best`` changes and they don't reads more
        like ``best``'s new look than like the old one (by ``seen_change`` nats over the frames): ``best`` then leads
        only because the rivals' changes were missed, not because any of its own was seen.

        Held-out look, 5 players, seed 174, decision 140: green took the prestige favour. The deniers row's changes
        were out of sight (a start stack that reads the same a disc short, and a space the camera had misread for a
        hundred decisions), and in one frame the prestige stack read green on top while prestige.1 read nothing; "the
        deniers row" led by 3.0 nats and was committed. Now the favour is asked.
        """
        if best.diff.supplies:
            return []
        base = self._tree.root.view
        changed = best.view.changed_slots(base)
        unseen = {slot for slot in changed if not self._seen_changed(slot, base.label(slot), best.view.label(slot))}
        if not unseen:          # the usual case: every change of the best story was seen
            return []
        rivals = []
        for _, node in scored:
            if node is best or node.visible_steps != best.visible_steps or node.diff.supplies:
                continue
            own = best.view.changed_slots(node.view) & changed
            if own and own <= unseen:
                rivals.append(node)
        return rivals

    def _seen_changed(self, slot: str, old: str, new: str) -> bool:
        """True when the still frames read ``slot`` more like holding ``new`` than ``old`` (``seen_change`` nats), beyond
        what the frames before the hand did: a slot read the same way before and after shows no change (deniers.1
        above read green among red and yellow before green's hand as after it)."""
        frames = [frame for frame in self._frames if frame.slots.get(slot) and slot not in frame.occluded_slots]
        lead = sum(slot_loglik(frame, slot, new) - slot_loglik(frame, slot, old) for frame in frames)
        before = self._read_before.get(slot)
        if before:
            lead -= len(frames) * (reading_loglik(before, new) - reading_loglik(before, old))
        return lead >= self.policy.seen_change

    def _unsure_empty_rivals(self, best: Node, scored: list[tuple[float, Node]]) -> list[Node]:
        """The stories that lose to ``best`` only because they put a piece on an empty place that the camera reads empty,
        but not surely: there the slot model saw something, and a still frame repeats its miss rather than confirms it.

        Held-out 2 players, seed 109, decision 31: blue's last worker on road.9 read empty (p 0.80–0.86) in every still
        frame, and "pass" beat "road 9" by 4.6 nats over three frames (beyond the margin) and was committed. 4 players,
        seed 144, decision 18: yellow's worker on stables.3 read empty (p 0.83) and "to the gate, then home" was
        committed. Both are now asked.
        """
        base = self._tree.root.view
        unsure = self._unsurely_empty_places(best.view, base)
        if not unsure:
            return []
        most_steps = best.visible_steps + self.policy.hidden_extra
        rivals = []
        for _, node in scored:
            if node is best or node.visible_steps > most_steps or not unsure.keys() & node.diff.slots.keys():
                continue
            differ = best.view.changed_slots(node.view)
            if all(unsure.get(slot, {}).get(node.view.label(slot), 0.0) >= self.policy.unsure_piece
                   for slot in differ):
                rivals.append(node)
        return rivals

    def _unsurely_empty_places(self, view: VisibleView, base: VisibleView) -> dict[str, dict[str, float]]:
        """The places empty before and in ``view`` that the window's still frames read empty, on average, less surely
        than ``unsure_empty``, with their mean readings."""
        last = self._frames[-1]
        places = {}
        for slot, reading in last.slots.items():
            if (reading.get("", 0.0) >= self.policy.unsure_empty or slot in last.occluded_slots
                    or view.label(slot) or base.label(slot)):
                continue
            readings = [frame.slots[slot] for frame in self._frames
                        if frame.slots.get(slot) and slot not in frame.occluded_slots]
            mean = _mean_reading(readings)
            if mean.get("", 0.0) < self.policy.unsure_empty:
                places[slot] = mean
        return places

    def _reached_in(self, plausible: list[Node]) -> list[Node]:
        """The plausible stories whose movers reached in, when the camera knows whose arms came, and whose detours went
        where a hand was (actors.py)."""
        colours = self._reach.seats()
        seats = None if colours is None else {self.session.players.index(c) for c in colours
                                               if c in self.session.players}
        plausible = reached_in(plausible, self._tree, seats)
        return handled(plausible, self._tree, self._reach.touched_slots())

    def _scored(self) -> list[tuple[float, Node]]:
        """Every candidate with its evidence over the window, minus the prior against needless moves; best first.

        The coins tell stories of one look apart (who paid to move the provost, the guild's move or a paid one): each
        story is weighed by how far the coins' strips favour the best story of its look over it (``_coin_lag``). Looks
        are not weighed by their coins against each other: the rules count income the moment a turn ends, and the
        players take it when they get to it."""
        base = self._tree.root.view
        turn = self._tree.root.state.turn_number
        coins = {node.actions: self._coins.loglik(node.view.coins, base.coins, node.state.turn_number > turn)
                 for node in self._candidates.values()}
        best_coins: dict[tuple, float] = {}
        for node in self._candidates.values():
            best_coins[node.key] = max(best_coins.get(node.key, -math.inf), coins[node.actions])
        self._coin_lag = {actions: best_coins[node.key] - coins[actions] for actions, node in self._candidates.items()}
        scored = []
        for node in self._candidates.values():
            if node.key not in self._look_scores:
                parts = [split_loglik(self._as_seen_by(frame, node), node.view, base, node.diff)
                         for frame in self._frames]
                self._look_scores[node.key] = (sum(p[0] for p in parts), sum(p[1] for p in parts), node)
            scored.append((self._evidence(node) - self.policy.step_cost * node.visible_steps, node))
        scored.sort(key=lambda item: (-item[0], len(item[1].actions)))
        return scored

    def _as_seen_by(self, observation: Observation, node: Node) -> Observation:
        """``observation`` as evidence for ``node``: the slots it changes that read as the camera sees its look there
        though the label differs (a disc moved on leaning back, a building replaced under a piece) hidden
        (:func:`companion.reconciler.fixtures.seen_otherwise`); a piece it puts down read only beyond itself counted
        where it stands (:func:`companion.reconciler.fixtures.counted_in_front`); a disc it moves on, read with the
        disc behind leaning in, read as itself (:func:`companion.reconciler.fixtures.read_as_leaning_ahead`)."""
        fixtures = fixtures_of(self.session.game)
        observation = counted_in_front(observation, fixtures, node.view, node.diff.slots)
        observation = read_as_leaning_ahead(observation, fixtures, node.view, node.diff.slots)
        leaning = seen_otherwise(observation, fixtures, node.view, self._tree.root.view, node.diff.slots)
        put = self._put_since_rest()
        if put is not None:
            leaning |= top_of_a_piece_in_front(observation, fixtures, put, node.diff.slots)
        return replace(observation, occluded_slots=observation.occluded_slots | leaning) if leaning else observation

    def _put_since_rest(self) -> VisibleView | None:
        """The pieces the game put down since the table came to rest: committed from the still frames that read them.

        The top of such a piece read beyond it is how these frames showed that piece, not a new piece there, so it is
        no evidence for a story that puts one there (:meth:`_as_seen_by`). Held-out 2 players, seed 417, decision
        126: red's second castle batch of the turn put a house on towers.2, hidden behind the one on towers.1, and
        its top read red on towers.3 (p 0.60) in every still frame. Once the batch was committed, that reading
        weighed for a third batch at 0.4 nats a frame, and after ten frames the camera committed one red never
        delivered. (Before a later hand, such a reading is a lasting misread: ``_note_misreads``.)"""
        rest, root = self._rest_root, self._tree.root.view
        if rest is None or rest is root:
            return None
        put = {slot: label for slot, label in root.labels.items() if rest.label(slot) != label}
        return VisibleView(put, {}) if put else None

    def _evidence(self, node: Node) -> float:
        """A story's evidence over the window: its look's slot part, plus its supply part counted once (the mean
        over the frames, see :func:`companion.reconciler.evidence.split_loglik`), plus what the coins' strips say of
        the coins it moves against the best of its look's stories (:meth:`_scored`), less what a follow-up owed and not
        made says against it (:meth:`_follow_up_late`)."""
        slots, supplies, _node = self._look_scores[node.key]
        return (slots + supplies / max(1, len(self._frames)) - self._coin_lag.get(node.actions, 0.0)
                - self._follow_up_late(node))

    # ---- answers and corrections from the tablet -----------------------------------------------------------

    def answer(self, prompt: Outcome, action: Action) -> None:
        """Apply a player's answer to a prompt (journaled as a decision with source ``prompt``)."""
        if prompt.decision != len(self.session.actions):
            raise RuleError("that question is no longer open: the game has moved on")
        self.session.decide(action, source="prompt")

    def vision_confirmed(self, doubted: Collection[str] = ()) -> None:
        """The live loop had vision take the frame just observed as the confirmed table, but ``doubted`` slots: the
        spots' pictures are as confirmed now (:meth:`.picture_changes.PictureBaseline.confirmed`)."""
        self._tracks.confirmed(doubted)
        self._placements.confirmed(doubted)
        self._spell_confirmed = True

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
        """True when a player who did ``truth`` has to answer ``prompt`` on the tablet.

        Not when the camera asked about a choice that may leave no trace before the player made it
        (``invisible``: pass the provost?) and the player then made a move the table shows: the camera reads it.
        """
        return truth in prompt.actions and not (prompt.reason == "invisible" and not self.leaves_no_trace(truth))

    def leaves_no_trace(self, action: Action) -> bool:
        """True when the table would look exactly the same after ``action`` (a choice the camera can't see)."""
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
        if correction.alert_id is not None:
            self.session.resolve_alert(correction.alert_id, "fixed")
            self._watched.pop(correction.alert_id, None)

    # ---- keeping up with the session -----------------------------------------------------------------------

    def _sync(self) -> None:
        """Notice what changed behind our back (tablet decisions, undo, alerts settled by a player)."""
        state = self.session.state
        if self._tree is None or self._tree.root.state is not state:
            history = self.session.history()
            count = len(history) - 1
            if (self._tree is not None and count > self._root_count
                    and history[self._root_count] is self._tree.root.state):
                self._tree = self._tree.rerooted(tuple(self.session.actions[self._root_count:]), state)
            else:
                self._tree = HypothesisTree(state, self._supply_keys)
            self._note_unread_answers(history, min(self._root_count, count), count)
            self._answered = self._answered_changes(history, count)
            self._before_hand = self._answered_as_read()
            self._read_before = {}
            self._since_root, self._answered_read = 0, set()
            self._keep_reaches_for_follow_up(count - self._root_count)
            self._root_count = count
            disagreement = self._disagreement(self._tree.root)
            if not self._frames or not disagreement:
                self._reach.clear()     # the table shows no more than the game now has: those arms are done
            if self._answered and not disagreement.slots and len(self._frames) >= self.policy.confirm_frames:
                # an answer caught the game up with the still board: measure the next hand from it. Not the supplies:
                # a zone misread all along (held-out 4 players, seed 330, decision 177) leaves a still frame idle too
                self._idle = True
            self._note_undo(count)
            self._streaks = _Streaks(persistent=self._streaks.persistent)
            self._candidates = {(): self._tree.root}
            self._look_scores = {}
            self._explored = set()
            self._complete = True
            if self._frames:
                self._explore_towards(self._consensus.target(self._tree.root.view))      # after an undo, forget what belonged to undone decisions
            self._history_views = {i: v for i, v in self._history_views.items() if i < count}
            self._asked = {d: asked for d, asked in self._asked.items() if d <= count}
        alerts = {alert.id: alert for alert in self.session.alerts}
        for alert_id, watch in list(self._watched.items()):
            alert = alerts.get(alert_id)
            if alert is None or alert.resolved is not None:
                del self._watched[alert_id]
                if alert is not None and watch.items:
                    for item in watch.items:       # a player settled it: stop reading these as they are
                        self._ignored[item] = alert.resolved
        self._overrides_current()

    def _note_unread_answers(self, history: list, start: int, count: int) -> None:
        """Remember the slots changed by decisions ``start``…``count`` − 1 that players answered because the camera
        couldn't read a move (``unseen``) or asked before it (``invisible``). After a ``hidden`` question, only the
        places it read empty unsurely (:meth:`_unsure_empty_rivals`): elsewhere the camera saw a change, and a later
        reading as before may be the player's answer being wrong (the correction it offers then is the point)."""
        for number in range(start, count):
            asked = self._asked.get(number)
            if self.session.sources[number] != "prompt" or asked is None:
                continue
            unread = asked.reason in ("unseen", "invisible")
            before, after = (VisibleView.of(history[i].table_view(), self._supply_keys)
                             for i in (number, number + 1))
            for slot in after.changed_slots(before):
                if unread or slot in asked.unread:
                    self._unread[slot] = (after.label(slot), before.label(slot))
                    self._unread_seen.pop(slot, None)      # sure readings of an earlier answer's look don't count

    def _note_unread_sightings(self, start: int) -> None:
        """Remember the places the decisions committed since ``start`` filled that the camera saw only by a sighting
        (:class:`.PlacementWatch`: by the circle's picture, the slot model reading nothing there, or by a faint
        reading's rise): the slot model reads little or nothing there, and will go on doing so; as after an answered
        "unseen", that reading is the camera not seeing the worker (:meth:`_unread_hidden`). Held-out 4 players,
        seeds 315 and 333: "The table shows nothing on stables.2, which no legal move explains" (session 42: yellow's
        worker there read 0.21-0.32 after the hand, sighted by its rise, then 0.06-0.09 after blue's)."""
        history = self.session.history()
        before, after = (VisibleView.of(history[i].table_view(), self._supply_keys) for i in (start, -1))
        for slot in after.changed_slots(before) & self._placements.sighted_slots:
            self._unread[slot] = (after.label(slot), before.label(slot))
            self._unread_seen.pop(slot, None)

    def _answered_changes(self, history: list, count: int) -> dict[str, tuple[str, str]]:
        """slot → (label before, label after) for the slots changed by the decisions players answered since the camera
        last committed (the last ones of the game, at most ``Policy.recent_states``)."""
        changes: dict[str, tuple[str, str]] = {}
        number = count - 1
        while number >= max(0, count - self.policy.recent_states) and self.session.sources[number] == "prompt":
            before, after = (VisibleView.of(history[i].table_view(), self._supply_keys)
                             for i in (number, number + 1))
            for slot in after.changed_slots(before):
                changes.setdefault(slot, (before.label(slot), after.label(slot)))
            number -= 1
        return changes

    def _reverts_answer(self, plausible: list[Node]) -> bool:
        """True when a plausible story sets a slot a player's answer changed back to what it held before.

        The player answered because the camera could not tell; a story that leads the table back to the look the
        answer refused is that same reading again, not a move the camera saw: it is asked, never committed.
        Held-out look, 2 players, seed 32, decision 12: blue's guild moved the provost from square 6 (with the
        bailiff) to 4; square 6 went on reading the provost (p 0.55–0.9, the bailiff's top) and 4 read empty, so
        blue answered "guild −2"; then blue moved the provost −1, unseen, and "blue's provost +2" (back onto
        square 6) explained the frames and was committed.
        """
        base = self._tree.root.view
        return any(base.label(slot) == after and node.diff.slots.get(slot, after) == before
                   and not self._seen_before_hand(slot, after) and self._read_still(slot)
                   for slot, (before, after) in self._answered.items() for node in plausible)

    def _read_still(self, slot: str) -> bool:
        """True when a still frame since the table last changed reads ``slot`` (in view, not hidden): only then can a
        story gain by setting it back to what an answer refused."""
        return any(slot in frame.slots and slot not in frame.occluded_slots for frame in self._frames)

    def _answered_as_read(self) -> dict[str, dict[str, float]]:
        """The slots the last answers changed, as the still frames since the last hand read them: the table the answer
        was given over. The next hand may come at once, before any frame the game is caught up in, so that
        :meth:`_note_before_hand` notes nothing. Held-out 2 players, seed 272, decision 38: an answered provost phase
        ended the turn and sent blue's worker home from road.2 (read empty, p 1.0, while the question waited); blue's
        hand came in the next frame and put a worker there again, and with no reading before that hand the camera
        took it for the old reading coming back, and asked."""
        readings = {slot: [frame.slots[slot] for frame in self._frames if frame.slots.get(slot)] for slot in self._answered}
        return {slot: _mean_reading(seen) for slot, seen in readings.items() if seen}

    def _seen_before_hand(self, slot: str, label: str) -> bool:
        """True when the still frames before the last hand read ``slot`` as ``label`` (likeliest on average).

        A story that takes a slot back to what it held before an answer is then a new move, not the camera's old
        reading again: held-out 2 players, seed 112, decision 70: an answered production ended the turn and sent
        red's worker home from road.11; the table read road.11 empty, and when red put a worker there again the
        camera asked instead of committing it.
        """
        reading = self._before_hand.get(slot)
        return bool(reading) and looks_like(max(reading, key=reading.__getitem__), label)

    def _unread_hidden(self, observation: Observation, bare: Collection[str]) -> Observation:
        """``observation`` with the slots of an answered move marked hidden while they still read as before it, until
        the game changes them again.

        The player said what was done because the camera could not see it: read as before, the slot is the camera
        still not seeing the piece, not the table disagreeing (held-out 4 players, seed 42: red's worker on square 6,
        missed after red's hand, was answered, then "The table shows nothing on road.6.worker" was alerted). A piece
        seen where another option would put it still offers a correction (:meth:`_outweighs_answer` counts the other
        slots). Once ``Policy.confirm_frames`` still frames have read a slot as answered, surely, the camera does see
        it, and its readings count again: a later move may put back what was there (held-out 2 players, seed 245,
        decision 89: the provost moved back onto a square an answer had emptied was hidden, and asked). A piece seen
        arrive since the last hand (glimpsed behind another, :func:`~.actors.glimpsed_behind`, or sighted by its rise,
        :mod:`.track_rises`, :mod:`.placement_rises`) is not the old reading either: it counts at once (held-out 2
        players, seed 266, decision 82: an answer had sent blue's worker home from behind a house on road.9, where no
        reading is ever sure; blue's next worker there, glimpsed at 0.31-0.62, was hidden, and asked). A square of a
        track whose reading rose since before the last hand counts so too, sighting or not (``TrackWatch.risen_slots``;
        held-out 4 players, seed 337, decision 168: an answer had moved the provost from square 20 onto the bailiff's
        square, read there only, which leaves its whole track hidden; yellow moved it back to 20, read there at 0.95,
        0.0 before the hand, and that reading was hidden as the old one: asked). Nor is a slot the still frames before
        the last hand read as answered (:meth:`_read_as_answered`).

        A circle an answer emptied that is hidden behind a piece in front is seen empty when it reads no worker at all
        (``bare``, :func:`~.actors.bare_circles`): it counts as read surely. Held-out 4 players, seed 297, decision
        153: an answer 30 decisions before had sent blue's worker home from road 11, whose circle then stayed hidden
        behind a house, read bare, never surely empty; blue put a worker there again, read at 0.86-0.97 in every still
        frame, and it was hidden as the old reading (the hand came on the frame after another answer, so no still frame
        since the game last changed read it as answered): "unseen" was asked.
        """
        base = self._tree.root.view
        for slot, (put, _) in self._unread.items():
            seen, p = observation.best(slot) if slot in observation.slots else ("?", 0.0)
            sure = self.policy.confident if put else self.policy.confident_empty
            if (slot not in observation.occluded_slots and looks_like(seen, put) and p >= sure
                    or not put and slot in bare):
                self._unread_seen[slot] = self._unread_seen.get(slot, 0) + 1
        self._unread = {slot: (put, was) for slot, (put, was) in self._unread.items()
                        if base.label(slot) == put and self._unread_seen.get(slot, 0) < self.policy.confirm_frames}
        self._unread_seen = {slot: frames for slot, frames in self._unread_seen.items() if slot in self._unread}
        arrived = (self._glimpsed | self._tracks.sighted_slots | self._tracks.risen_slots    # since the last hand
                   | self._placements.sighted_slots | self._placements.taken_slots | self._answered_read)
        hidden = {slot for slot, (put, was) in self._unread.items() if slot in observation.slots and slot not in arrived
                  and looks_like(observation.best(slot)[0], was) and not looks_like(observation.best(slot)[0], put)}
        return replace(observation, occluded_slots=observation.occluded_slots | hidden) if hidden else observation

    def _read_as_answered(self, frames: list[Observation]) -> set[str]:
        """The answered slots that ``frames`` (the still frames since the game last changed) read likeliest as the
        answer left them: read as before the answer after the next hand, they show a piece put back since, not the
        camera still not seeing the answer.

        Held-out 2 players, seed 265, decision 165: an answer had sent blue's worker home from road.10, whose circle
        vision then hid behind blue's house (read as bare, :func:`~.actors.bare_behind`). Blue put a worker there
        again, read at 0.91-0.98 in every still frame, and it was hidden as the old reading: "unseen" was asked.
        Only the frames since the game changed count: the frames before a commit read a circle sighted by its picture
        as the sighting (:meth:`_note_unread_sightings`), not as the slot model does (held-out 4 players, seed 315,
        decision 5: "The table shows nothing on road.6.worker")."""
        read = set()
        for slot, (put, _) in self._unread.items():
            mean = _mean_reading([frame.slots[slot] for frame in frames
                                  if frame.slots.get(slot) and slot not in frame.occluded_slots])
            if mean and looks_like(max(mean, key=mean.__getitem__), put):
                read.add(slot)
        return read

    def _note_misreads(self) -> None:
        """Before a hand: remember the slots the still frames, read together, showed otherwise than the game has
        while the table was caught up (nothing left to commit), and how they read them.

        Such a reading is how the camera sees what the game has there, not a change: while it goes on after the hand,
        it is no evidence for or against any story (:meth:`_misread_hidden`). No alert may be open, and the readings
        must be doubtful (their likeliest label below ``Policy.confident``) or have lasted as long as an alert takes
        (``Policy.alert_frames`` frames reading otherwise) without raising one: a confident reading seen only a
        frame or two is an alert in the making (a move no rule allows, made just before the hand).

        Held-out look, 5 players, seed 52, decision 138: favour.buildings.1 held red's disc alone and read as a
        two-disc stack of red and some colour (red+yellow 0.25, black+red 0.22, green+red 0.21, blue+red 0.2, red
        alone 0.02) in every frame, before the hand as after it; so "green jousts and takes the buildings favour"
        (green+red there) explained the frames 6 nats better than green's true skip, and was committed. 4 players,
        seed 141, decision 85: blue's worker on inn.right read as yellow's on inn.left leaning in (p 0.74, hidden
        by vision every other frame, so no alert came), before blue's hand as after it; "blue skips the joust, then
        yellow's worker moves to the inn's right" was committed for blue's joust.
        """
        base = self._tree.root.view
        lasting = {slot: entry for slot, entry in self._misread.items()
                   if slot in self._misread_seen and base.label(slot) == entry[0]}
        for slot in self._disagreement(self._tree.root).slots:
            readings = [frame.slots[slot] for frame in self._frames
                        if slot in frame.slots and slot not in frame.occluded_slots]
            mean = _mean_reading(readings)
            otherwise = sum(not looks_like(max(r, key=r.__getitem__), base.label(slot)) for r in readings if r)
            if mean and (max(mean.values()) < self.policy.confident or otherwise >= self.policy.alert_frames):
                lasting[slot] = (base.label(slot), mean)
        self._misread = lasting

    def _note_before_hand(self) -> None:
        """Before a hand: remember how the still frames read the slots hidden behind a piece in front (the baseline
        a glimpse of a new piece there is measured against, :func:`companion.reconciler.actors.glimpsed_behind`),
        the slots the last answers changed (:meth:`_reverts_answer`), and the answered slots read as answered since
        the game last changed (:meth:`_read_as_answered`)."""
        before = {}
        for slot in set(self._answered).union(*(frame.behind for frame in self._frames)):
            readings = [frame.slots[slot] for frame in self._frames if frame.slots.get(slot)]
            before[slot] = _mean_reading(readings)
        self._before_hand = before
        readings: dict[str, list[dict[str, float]]] = {}
        for frame in self._frames:
            for slot, reading in frame.slots.items():
                if reading and slot not in frame.occluded_slots:
                    readings.setdefault(slot, []).append(reading)
        self._read_before = {slot: _mean_reading(seen) for slot, seen in readings.items()}
        self._answered_read = self._read_as_answered(self._frames[-self._since_root:] if self._since_root else [])

    def _misread_hidden(self, observation: Observation) -> Observation:
        """``observation`` with the slots hidden that still read as they did while the table was caught up and the
        game had the same there (:meth:`_note_misreads`); not a circle a worker was seen taken off by its picture
        (:meth:`.PlacementWatch.taken_off`), which reads empty as the misread did."""
        base = self._tree.root.view
        self._misread = {slot: entry for slot, entry in self._misread.items() if base.label(slot) == entry[0]}
        self._misread_seen = {slot for slot, (_, seen) in self._misread.items() if slot in observation.slots
                              and slot not in observation.occluded_slots and slot not in self._placements.taken_slots
                              and _apart(observation.slots[slot], seen) <= MISREAD_APART}
        if not self._misread_seen:
            return observation
        return replace(observation, occluded_slots=observation.occluded_slots | self._misread_seen)

    def _note_undo(self, count: int) -> None:
        """Remember the decision a player just took back (until the game moves to another decision number)."""
        actions = tuple(self.session.actions)
        if count < len(self._seen_actions) and actions == self._seen_actions[:count]:
            self._undone = _Undone(count, self._seen_actions[count])
        elif self._undone is not None and self._undone.decision != count:
            self._undone = None
        self._seen_actions = actions

    def _held_back(self, prefix: tuple[Action, ...]) -> bool:
        """True when ``prefix`` starts with the decision a player just took back and the table looks as it did then.

        A player who undoes a move either takes it back on the table too (the look changes) or says the camera
        got it wrong: redoing it from the same picture would fight them, so the camera asks instead.
        """
        undone = self._undone
        if undone is None or not prefix or prefix[0] != undone.action or undone.decision != self._root_count:
            return False
        look = self._consensus.target(self._tree.root.view).key()
        if undone.look is None:
            undone.look = look
        return look == undone.look

    def _overrides_current(self) -> dict[str, str]:
        """Slot overrides from the tablet that still apply.

        An override holds while the game expects on that slot what it expected when the override was made, or
        what the override says (the move it let the camera commit); it ends when the game expects anything else.
        """
        live = {}
        base = self._tree.root.view
        for slot, pieces in self.session.overrides.items():
            label = label_for(_pieces(pieces))
            seen = self._overrides_seen.get(slot)
            if seen is None or seen[0] != label:
                self._overrides_seen[slot] = seen = (label, base.label(slot))
            if base.label(slot) in (seen[1], label):
                live[slot] = label
        return live

    def _with_corrections(self, observation: Observation) -> Observation:
        """The observation with tablet overrides applied and readings a player settled set aside."""
        slots = dict(observation.slots)
        supplies = dict(observation.supplies)
        for slot, label in self._overrides_current().items():
            slots[slot] = {label: 1.0}
        for item in self._ignored:
            if item[0] == "slot" and observation.best(item[1])[0] == item[2]:
                slots.pop(item[1], None)
            elif item[0] == "supply" and _counts(supplies.get(item[1], {})) == item[2]:
                supplies.pop(item[1], None)
        return replace(observation, slots=slots, supplies=supplies)

    def _recent_views(self) -> list[VisibleView]:
        history = self.session.history()
        views = []
        for index in range(max(0, len(history) - 1 - self.policy.recent_states), len(history) - 1):
            view = self._history_views.get(index)
            if view is None:
                view = self._history_views[index] = VisibleView.of(history[index].table_view(),
                                                                  self._supply_keys)
            views.append(view)
        return views

    # ---- commits and prompts -------------------------------------------------------------------------------

    def _commit_due(self, plausible: list[Node]) -> bool:
        """True when this frame would confirm a commit (the streak is one frame short and agrees)."""
        prefix = common_prefix(node.actions for node in plausible)
        return bool(prefix) and self._streaks.commit_frames + 1 >= self.policy.confirm_frames

    def _commit_if_confirmed(self, plausible: list[Node], best: Node, observation: Observation) -> Outcome | None:
        """Commit what every plausible explanation starts with, once ``confirm_frames`` frames in a row agree.

        Never on an enumeration that was cut short (it might have missed a look-alike), and never while the
        frames since the table last changed, read together, show one of the changes differently: a wrong commit
        is worse than a question. A supply one cube off on a pile of its kind is not read otherwise: the camera may
        not see that cube (``without_piled``), and the story's evidence already counts it so (``PILE_HIDES``).
        Held-out 2 players, seed 417, decision 124: blue moved the provost +2, shown by the provost in every frame
        (20 nats ahead), and red's worker made a wood onto red's six, which red's zone read as six, sure: asked.
        """
        prefix = common_prefix(node.actions for node in plausible)
        streaks = self._streaks
        disagreement = without_piled(self._disagreement(best), best.view)
        if (not prefix or not self._complete or _contradicted(observation, best, disagreement, self.policy.confident)
                or self._held_back(prefix) or self._follow_ups_unordered(prefix) or self._reverts_answer(plausible)
                or self._awaiting_answer()):
            streaks.commit, streaks.commit_frames = (), 0
            return None
        shared = common_prefix([prefix, streaks.commit])
        if shared:      # frames agree on at least the first decisions: confirm what they agree on
            streaks.commit, streaks.commit_frames = shared, streaks.commit_frames + 1
        else:
            streaks.commit, streaks.commit_frames = prefix, 1
        if streaks.commit_frames < self.policy.confirm_frames:
            return None
        prefix = streaks.commit
        for action in prefix:
            self.session.decide(action, source="camera")
        self._note_unread_sightings(len(self.session.actions) - len(prefix))
        self._sync()
        return Outcome("commit", observation.frame_index, prefix, len(self.session.actions) - len(prefix),
                       prefix[0].player)

    def _prompt_if_needed(self, plausible: list[Node], frame: int) -> list[Outcome]:
        decision = self.session.state.pending()
        number = len(self.session.actions)
        if decision is None:
            return []
        if self._follow_up_just_late():
            return []       # the follow-up owed has only just begun to count as not coming: let a commit confirm
        sequences = [node.actions for node in plausible]
        if all(sequences):
            # something visible happened, but the looks alike: which first decision was it?
            reason = "hidden"
            actions = tuple(dict.fromkeys(sequence[0] for sequence in sequences))
            prefix = common_prefix(sequences)
            if (len(actions) < 2 and not self._held_back(prefix) and not self._follow_ups_unordered(prefix)
                    and not self._reverts_answer(plausible) and not self._waited_after_hand()):
                return []
            if self._glimpse_building(plausible):
                return []
            # the likeliest first, then every other option: the search may have missed a move the table hides
            actions += tuple(action for action in decision.actions if action not in actions)
        else:
            invisible = [child.actions[0] for child in self._tree.children(self._tree.root)
                         if child.key == self._tree.root.key]
            if invisible:
                reason, actions = "invisible", decision.actions
            elif self._waited_after_hand():
                # a hand came and went, and the table at rest shows nothing the camera can read as a move
                reason, actions = "unseen", self._likeliest_first(decision.actions)
            else:
                return []
        # the same question whatever order this frame's scores put the options in (near-ties swap frame to frame)
        signature = (reason, frozenset(actions))
        streaks = self._streaks
        if streaks.ambiguity == signature:
            streaks.ambiguity_frames += 1
        else:
            streaks.ambiguity, streaks.ambiguity_frames = signature, 1
        already = self._asked.get(number)
        if streaks.ambiguity_frames < self.policy.prompt_frames or (
                already and (already.reason, frozenset(already.actions)) == signature):
            return []
        if reason == "hidden" and len(self._frames) < self.policy.settle_frames:
            return []       # the readings may still be settling after the hand: the camera may yet tell
        if reason == "hidden" and self._follow_up_due(plausible) and self._still < (
                self.policy.follow_up_frames + self.policy.confirm_frames if self._follow_up_may_tell(plausible)
                else self.policy.unseen_frames):
            return []       # the player goes straight on with a move the table will show, or its absence will tell
        unread = frozenset(self._unsurely_empty_places(plausible[0].view, self._tree.root.view)) \
            if reason == "hidden" else frozenset()
        return [self._ask(number, decision, actions, reason, frame, unread)]

    def _follow_up_due(self, plausible: list[Node]) -> bool:
        """True when a story leaves its player a follow-up to make at once (the favour a paid joust earns): that move,
        when it shows, may tell the stories apart. Held-out 2 players, seed 401, decision 78: blue paid the joust, the
        cloth and the coin read unsure beside the worker come home, and "paid" and "not paid" tied; asked at the sixth
        still frame, just before blue moved its favour disc."""
        return any(self._story_owes_follow_up(node) for node in plausible)

    def _follow_up_may_tell(self, plausible: list[Node]) -> bool:
        """True when the follow-up not coming (``_follow_up_late``) would put every plausible story that owes one out
        of the margin behind the best that owes none: only then is it worth waiting for, rather than asking."""
        owing = [node for node in plausible if self._story_owes_follow_up(node)]
        free = [node for node in plausible if node not in owing]
        if not owing or not free:
            return False

        def score(node: Node) -> float:
            return self._evidence(node) - self.policy.step_cost * node.visible_steps
        best_free = max(score(node) for node in free)
        return all(best_free - score(node) >= self.policy.margin - self.policy.follow_up_late for node in owing)

    def _follow_up_just_late(self) -> bool:
        """True in the ``confirm_frames`` frames after a follow-up owed begins to count as not coming: a story it puts
        out of the margin needs that many frames to be committed."""
        return (self.policy.follow_up_frames <= self._still < self.policy.follow_up_frames + self.policy.confirm_frames
                and any(self._follow_up_late(node) for node in self._candidates.values()))

    def _follow_up_late(self, node: Node) -> float:
        """The evidence against ``node`` from the follow-up its player owes (``_owes_follow_up``) not being made:
        ``follow_up_late`` once the table has rested ``follow_up_frames`` since the hand, else 0. A player who paid the
        joust reaches for its favour straight away, and at least half do within two seconds (an assumption, not a
        measure: the simulated players always do at once). Held-out 2 players, seed 415, decision 66, and seed 418,
        decision 120: blue did not pay the joust; "paid" differs only by a cloth off blue's pile of two, which the
        camera may not see (``PILE_HIDES``), and stayed 2.7 nats behind, under the margin, while no favour came."""
        late = self._still >= self.policy.follow_up_frames and self._story_owes_follow_up(node)
        return self.policy.follow_up_late if late else 0.0

    def _story_owes_follow_up(self, node: Node) -> bool:
        """True when ``node``'s story ends with a move whose player owes a follow-up to it (``_owes_follow_up``)."""
        return bool(node.actions) and self._owes_follow_up(node.state, node.actions[-1])

    def _owes_follow_up(self, state: Any, last: Action) -> bool:
        """True when the decision pending in ``state`` is ``last``'s player's own follow-up to it (a favour earned)."""
        fixtures = fixtures_of(self.session.game)
        pending = state.pending()
        return (pending is not None and pending.player == last.player
                and pending.kind in (fixtures.follow_ups if fixtures else ()))

    def _keep_reaches_for_follow_up(self, made: int) -> None:
        """Forget the hands seen before the game moved on by ``made`` decisions, but for the reaches those decisions
        leave over while their player owes a follow-up: the player may have made it already, before the camera
        committed or a player answered, and an unseen follow-up must still be asked. Held-out 4 players, seed 315,
        decision 140: blue's castle batch (its hand at frame 2089) was asked, and answered at 2119; blue had taken its
        favour under a hand at 2103. Every hand was forgotten at the answer; the favour's commit was held back by a
        provost read a square off, no question came, and the game stopped."""
        owes = made > 0 and self._owes_follow_up(self.session.state, self.session.actions[-1])
        self._reaches = max(self._reaches - made, 0) if owes else 0
        self._hand_seen = self._reaches > 0

    def _follow_ups_unordered(self, prefix: tuple[Action, ...]) -> bool:
        """True when ``prefix`` ends with a follow-up (a favour) after which its player owes another of the same kind,
        and more hands came than ``prefix`` has decisions: the owed one may have come first, unseen, and the camera
        can't tell the order. Held-out 5 players, seed 310, decision 207: black took the prestige favour, then the
        buildings one, under two hands; the prestige disc read empty (p 0.36, black 0.28), and "buildings" alone was
        committed, off the game. Such a commit waits, and the camera asks."""
        if not prefix or self._reaches <= len(prefix):
            return False
        before = self._tree.root.state
        for action in prefix[:-1]:
            before = before.apply(action)
        after = before.apply(prefix[-1])
        return self._owes_follow_up(after, prefix[-1]) and after.pending().kind == before.pending().kind

    def _likeliest_first(self, actions: tuple[Action, ...]) -> tuple[Action, ...]:
        """``actions`` in the order of how well each one's look explains the still frames: the tablet offers the camera's
        best guess first.

        A move the camera can't read still leaves a trace most of the time: held-out 2 players seed 230, decision 5,
        red's worker on road.6 read there at p 0.11-0.20 in every still frame, and the question offered the gate
        first, the engine's order, and road.6 eighth."""
        base = self._tree.root.view
        evidence = {child.actions[0]: sum(sum(split_loglik(self._as_seen_by(frame, child), child.view, base, child.diff))
                                          for frame in self._frames)
                    for child in self._tree.children(self._tree.root) if child.actions}
        return tuple(sorted(actions, key=lambda action: -evidence.get(action, -math.inf)))

    def _glimpse_building(self, plausible: list[Node]) -> bool:
        """True while the stories differ on a slot glimpsed behind a piece (:func:`glimpsed_behind`) and the table has
        not rested as long as the camera waits for an unseen move: a glimpse adds 0.8 nats a frame, so a worker
        glimpsed behind a house needs four frames or so to clear a rival where a clear reading needs one (held-out 2
        players, seed 112, decision 79: blue's worker glimpsed on road.9, ahead of road.10 and road.11, hidden and
        unread, by 2.4 nats after three frames, was asked)."""
        if not self._glimpsed or self._waited_after_hand():
            return False
        best = plausible[0].view
        return any(node.view.label(slot) != best.label(slot) for slot in self._glimpsed for node in plausible)

    def _ask(self, number: int, decision: Any, actions: tuple[Action, ...], reason: str, frame: int,
             unread: frozenset[str] = frozenset()) -> Outcome:
        self._asked[number] = _Prompted(number, actions, reason, unread, self._spells)
        what = {"hidden": "which choice was made", "invisible": "the camera can't see this choice",
                "unseen": "a hand came by, but the camera can't read a move: what was done?"}[reason]
        return Outcome("prompt", frame, actions, number, decision.player, reason=reason,
                       message=f"{self.session.players[decision.player].capitalize()}, {decision.kind}: {what}",
                       details={"decision_kind": decision.kind, "context": dict(decision.context)})

    def _awaiting_answer(self) -> bool:
        """True while the camera's own question about the pending decision, asked because it couldn't tell
        (``hidden``, ``unseen``), waits for its answer and the table hasn't moved since: more frames of the same
        picture repeat its readings rather than add to them. Held-out 5 players, seed 310, decision 81: yellow's
        build read faintly, 1.4 nats a frame against it; "yellow skips the build" was asked at the sixth still frame,
        crossed the margin at the seventh and was committed at the eighth, before the answer. A player takes
        seconds to answer, and any steady lean of a reading crosses the margin in that time."""
        asked = self._asked.get(len(self.session.actions))
        return asked is not None and asked.reason != "invisible" and asked.spell == self._spells

    def _waited_after_hand(self) -> bool:
        """True when a hand came and went and the table has rested ``unseen_frames`` still frames since without a
        commit. Then the camera asks rather than wait for ever: when no move can be read ("unseen"), and when
        one story explains the table but some slot flickers between its old and new look frame after frame (a
        neighbour's disc leaning into a favour space in every other frame), so two frames never agree."""
        return self._hand_seen and len(self._frames) >= self.policy.unseen_frames

    # ---- disagreements: reminders, alerts, corrections -----------------------------------------------------

    def _persisting(self, reminders: list[Finding], residual: ViewDiff) -> set[tuple]:
        """Count how many stable frames in a row each disagreement has lasted; return those lasting enough."""
        current = set(_items(residual)) | {("reminder", finding.message) for finding in reminders}
        current = {item for item in current if item not in self._ignored}
        previous = self._streaks.persistent
        self._streaks.persistent = {item: previous.get(item, 0) + 1 for item in current}
        return {item for item, frames in self._streaks.persistent.items() if frames >= self.policy.alert_frames}

    def _covered(self, item: tuple) -> bool:
        return any(watch.items and item in watch.items for watch in self._watched.values())

    def _alert_if_persistent(self, lasting: set[tuple], reminders: list[Finding], residual: ViewDiff,
                             best: Node, observation: Observation) -> list[Outcome]:
        outcomes = []
        frame = observation.frame_index
        for finding in reminders:
            item = ("reminder", finding.message)
            if item in lasting and not self._covered(item):
                alert = self.session.raise_alert(finding.message, player=finding.player, place=finding.place,
                                                 rule=FORGOTTEN_RULE, kind="forgotten",
                                                 key=finding.key, values=finding.values)
                self._watched[alert.id] = _Watch(frozenset({item}), "forgotten")
                outcomes.append(Outcome("reminder", frame, player=_seat(self.session, finding.player),
                                        message=finding.message, alert_id=alert.id, place=finding.place,
                                        rule=FORGOTTEN_RULE))
        items = frozenset(item for item in _items(residual) if item in lasting and not self._covered(item))
        if not items:
            return outcomes
        found = self._correction_for(observation, best)
        if found is not None:
            correction, view = found
            verdict = self._outweighs_answer(view)
            if verdict is False:    # a frame reads the answer's look: the answer stands, as if a player settled it
                self._ignored.update(dict.fromkeys(items, "answer"))
            if not verdict:
                return outcomes
            alert = self.session.raise_alert(correction.message, player=self._colour(correction.player),
                                             kind="camera", rule="the camera contradicts an answer",
                                             key=correction.details["key"], values=correction.details["values"])
            self._watched[alert.id] = _Watch(items, "camera")
            outcomes.append(replace(correction, frame_index=frame, alert_id=alert.id))
            return outcomes
        if self._move_unseen(items):
            return outcomes + self._ask_once(best.actions[:1], "unseen", frame)
        rival = self._level_rival_showing(items, best, observation)
        if rival is not None:
            return outcomes + self._ask_once(rival.actions[:1] + best.actions[:1], "hidden", frame)
        lasting_residual = ViewDiff({slot: label for kind, slot, label in items if kind == "slot"},
                                    {colour: dict(counts) for kind, colour, counts in items if kind == "supply"})
        finding = explain_illegal(self.session.game, best.state, lasting_residual, self.session.players,
                                  best.view, before=self._tree.root.state)
        alert = self.session.raise_alert(finding.message, player=finding.player, place=finding.place,
                                         rule=finding.rule, kind="illegal",
                                         key=finding.key, values=finding.values)
        self._watched[alert.id] = _Watch(items, "illegal")
        outcomes.append(Outcome("alert", frame, player=_seat(self.session, finding.player), message=finding.message,
                                alert_id=alert.id, place=finding.place, rule=finding.rule,
                                details={"seen": {slot: describe(label) for _, slot, label in sorted(
                                    i for i in items if i[0] == "slot")}}))
        return outcomes

    def _move_unseen(self, items: frozenset[tuple]) -> bool:
        """True when every lasting disagreement with the best story is a slot read as the game has it now: the camera
        not seeing what the best story changes there, not the table changed in a way no rule allows.

        Held-out look, 5 players, seed 51, decision 167: red moved its favour disc from resources.0 to resources.1;
        single discs on a favour row read as nothing, so every favour story was contradicted on the space it moved a
        disc to, and the likeliest one's ("nothing on favour.buildings.2") was alerted; overridden on the tablet, the
        reading was set aside and that wrong story committed. Now the move is asked, as one the camera can't read.
        """
        base = self._tree.root.view
        return bool(items) and all(kind == "slot" and looks_like(label, base.label(slot))
                                   for kind, slot, label in items)

    def _level_rival_showing(self, items: frozenset[tuple], best: Node, observation: Observation) -> Node | None:
        """A story with a move, within ``Policy.margin`` of ``best`` (a single move: on the frames alone), that has
        on every slot of ``items`` what the table shows there, or that explains the reading there as the camera seeing
        its look (:func:`seen_otherwise`, as the disagreement with ``best`` was weighed): the frames can't tell it from
        ``best`` elsewhere, so the disagreement is a question, not an illegal move.

        Held-out 4 players, seed 241, decision 55: red's worker read on stables.2 (p 0.70-0.93), and the disc the same
        move puts on bridge.1 for yellow read empty (0.56-0.69): "nothing happened" stayed level with "red to the
        stables" (0.1-0.5 nats) and "worker red on stables.2, which no legal move explains" was alerted. Held-out 4
        players, seed 333, decision 157: green's worker on road.8 went unread (its circle's reference held a
        neighbour) and its top read as the bailiff there (p 0.8), the real bailiff on road.22 as nothing (0.98):
        "nothing on road.22.bailiff" was alerted, where "green to road.8" explains both readings."""
        slots = {slot: label for kind, slot, label in items if kind == "slot"}
        if not slots or len(slots) != len(items):
            return None
        fixtures = fixtures_of(self.session.game)
        base = self._tree.root.view
        scored = self._scored()
        lead = self._evidence(best)
        for score, node in scored:
            # the pending decision's move alone, level on the frames: the prior against a move (``step_cost``) does not
            # make an unread one illegal (a pass before another seat's move, which the frames can't show, still does)
            unread = len(node.actions) == 1 and lead - self._evidence(node) <= self.policy.margin
            if scored[0][0] - score > self.policy.margin and not unread:
                continue
            if node is best or not node.actions:
                continue
            showing = [slot for slot, label in slots.items() if not looks_like(label, node.view.label(slot))]
            if not showing or set(showing) <= seen_otherwise(observation, fixtures, node.view, base):
                return node
        return None

    def _ask_once(self, first: tuple[Action, ...], reason: str, frame: int) -> list[Outcome]:
        """Ask the pending decision with ``reason`` (``first`` offered first, then every option), unless it was
        asked so already."""
        decision = self.session.state.pending()
        number = len(self.session.actions)
        asked = self._asked.get(number)
        if decision is None or not first or (asked is not None and asked.reason == reason):
            return []
        return [self._ask(number, decision, tuple(dict.fromkeys(first + tuple(decision.actions))), reason, frame)]

    def _settle_alerts(self, mismatch: ViewDiff, reminders: list[Finding], frame: int) -> list[Outcome]:
        """Resolve watched alerts whose disagreement is gone for ``confirm_frames`` stable frames."""
        outcomes = []
        now = set(_items(mismatch)) | {("reminder", finding.message) for finding in reminders}
        for alert_id, watch in list(self._watched.items()):
            gone = not now if watch.items is None else not (watch.items & now)
            watch.clean_frames = watch.clean_frames + 1 if gone else 0
            if watch.clean_frames >= self.policy.confirm_frames:
                self.session.resolve_alert(alert_id, "fixed")
                del self._watched[alert_id]
                outcomes.append(Outcome("resolved", frame, alert_id=alert_id, message="the table is right again"))
        return outcomes

    def _blocked(self) -> bool:
        """An illegal move (or an alert of unknown cause after a restart) holds the game until settled."""
        return any(watch.kind in ("illegal", "camera") for watch in self._watched.values())

    def _correction_for(self, observation: Observation, best: Node) -> tuple[Outcome, VisibleView] | None:
        """If swapping a recent prompt answer for another option explains this frame, that correction and the
        look the table would then have (to be offered only if the camera outweighs the answer)."""
        actions = self.session.actions
        history = self.session.history()
        sources = self.session.sources
        answered_prompts = [d for d in self._asked if d < len(actions) and sources[d] == "prompt"]
        for decision in sorted(answered_prompts, reverse=True)[:self.policy.recent_states]:
            asked = self._asked[decision]
            answered = actions[decision]
            for alternative in asked.actions:
                if alternative == answered:
                    continue
                try:
                    state = history[decision].apply(alternative)
                    redone = [alternative]
                    for later in actions[decision + 1:]:
                        state = state.apply(later)
                        redone.append(later)
                except RuleError:
                    continue
                view = VisibleView.of(state.table_view(), self._supply_keys)
                if not confident_mismatches(observation, view, self.policy.confident, self.policy.confident_empty):
                    player = self.session.players[answered.player].capitalize()
                    chosen, given = (_option_label(history[decision], action) for action in (alternative, answered))
                    said = {"key": "alerts.correction",     # the options by their action, said at the decision
                            "values": {"player": self.session.players[answered.player], "decision": decision,
                                       "chosen_action": alternative.to_json(), "given_action": answered.to_json()}}
                    return Outcome("correction", observation.frame_index, tuple(redone), decision, answered.player,
                                   message=f"The table shows {player} chose “{chosen}”, not the answer given, "
                                           f"“{given}”: correct the game?", details=said), view
        return None

    def _outweighs_answer(self, view: VisibleView) -> bool | None:
        """Whether the camera reads the table as ``view`` more surely than a player's answer says otherwise.

        A player's answer counts as much as ``Policy.answer_frames`` still frames: that many frames since the table
        last changed must read every slot where ``view`` and the answered game differ as ``view`` has it,
        confidently, and none may confidently read the answer's look there. None while there are fewer frames;
        False (the answer stands) when the frames don't say so. Before, one frame not contradicting the other
        option was enough: held-out look, 2 players, seed 11, decision 14 — the provost's square read empty (p 0.8,
        the bailiff beside it) and the other option's square merely not read confidently empty: "Blue chose
        provost +3, not the answer given (−1)".
        """
        base = self._tree.root.view
        changed = ViewDiff.between(view, base)
        # a slot of an answered move the camera couldn't read, read as before, is no evidence (see _unread_hidden)
        needed = len([slot for slot in changed.slots if slot not in self._unread])
        agreeing = 0
        for frame in self._frames:
            readings = [(frame.best(slot), label, base.label(slot)) for slot, label in changed.slots.items()
                        if slot in frame.slots and slot not in frame.occluded_slots]
            if any(looks_like(seen, answered) and not looks_like(seen, label) and p >= self.policy.confident
                   for (seen, p), label, answered in readings):
                return False
            agreeing += needed > 0 and len(readings) >= needed and all(
                looks_like(seen, label) and p >= self.policy.confident for (seen, p), label, _ in readings)
        if agreeing >= self.policy.answer_frames:
            return True
        return None if len(self._frames) < self.policy.answer_frames else False

    def _glimpsing_seats(self) -> frozenset[str] | None:
        """The seats whose pieces a glimpse behind a piece may show: those whose arms came, or, when arms came and
        named no seat at all, the player whose decision it is (no arm, no glimpse). Held-out 4 players, seed 297,
        decisions 39, 51, 114 and 141: green's arm reached in between green's and yellow's sides, named neither, and
        green's worker glimpsed behind green's house on road.9 (0.19–0.51 in every still frame) counted for nothing:
        four questions. The same when the arms named only that player, in too few frames to be sure (held-out
        2 players, seed 266, decision 80: blue's arm was named in one frame, and blue's worker glimpsed behind a
        house on road.10, 0.23-0.51 in every still frame, counted for nothing)."""
        seats = self._reach.seats()
        if seats is not None:
            return seats
        decision = self.session.state.pending()
        colour = self._colour(decision.player) if decision is not None else None
        named = set(self._reach.named)
        if colour is None or not named <= {colour} or not (named or self._reach.unnamed):
            return None
        return frozenset({colour})

    def _colour(self, seat: int | None) -> str | None:
        return self.session.players[seat] if seat is not None else None


MISREAD_APART = 0.35     # how far (total variation) a reading may be from a lasting misread and still be it


def _mean_reading(readings: list[dict[str, float]]) -> dict[str, float]:
    """A slot's readings over several frames, averaged label by label (empty when there are none)."""
    labels = {label for reading in readings for label in reading}
    return {label: sum(r.get(label, 0.0) for r in readings) / len(readings) for label in labels}


def _apart(reading: dict[str, float], other: dict[str, float]) -> float:
    """Total variation distance between two readings of a slot (0: the same, 1: nothing in common)."""
    return 0.5 * sum(abs(reading.get(label, 0.0) - other.get(label, 0.0)) for label in set(reading) | set(other))


def _shared(frame: ViewDiff, consensus: ViewDiff) -> ViewDiff:
    """The disagreements of one frame that the consensus of the frames holds too (same label, same counts)."""
    slots = {slot: label for slot, label in frame.slots.items() if consensus.slots.get(slot, None) == label}
    supplies = {colour: counts for colour, counts in frame.supplies.items() if colour in consensus.supplies
                and all(int(consensus.supplies[colour].get(k, 0)) == int(n) for k, n in counts.items())}
    return ViewDiff(slots, supplies)


def _without(diff: ViewDiff, slots: frozenset[str]) -> ViewDiff:
    if not slots:
        return diff
    return ViewDiff({slot: label for slot, label in diff.slots.items() if slot not in slots}, diff.supplies)


def _contradicted(observation: Observation, node: Node, consensus: ViewDiff, confident: float) -> bool:
    """True when this frame reads one of the changes ``node`` makes otherwise (most likely label, confident
    count) and the frames since the table last changed, read together, do too."""
    for slot, label in node.diff.slots.items():
        if slot in consensus.slots and slot in observation.slots and slot not in observation.occluded_slots \
                and not looks_like(observation.best(slot)[0], label):
            return True
    for colour, counts in node.diff.supplies.items():
        seen = observation.supplies.get(colour)
        if colour in consensus.supplies and seen is not None \
                and observation.supply_confidence.get(colour, 0.0) >= confident \
                and any(int(counts.get(cube, 0)) != int(n) for cube, n in seen.items()):
            return True
    return False


def _items(diff: ViewDiff) -> list[tuple]:
    return ([("slot", slot, label) for slot, label in sorted(diff.slots.items())]
            + [("supply", colour, _counts(counts)) for colour, counts in sorted(diff.supplies.items())])


def _counts(counts: dict) -> tuple:
    return tuple(sorted((key, int(value)) for key, value in counts.items()))


def _pieces(pieces: list[dict[str, Any]]) -> tuple[Piece, ...]:
    return tuple(Piece.from_json(p) for p in pieces)


def _one_game_per_position(plausible: list[Node], root: GameState) -> list[Node]:
    """``plausible`` without the stories that start otherwise than the best one (first) yet end in a position one of
    the best one's first move's stories ends in, passing on the way through the position those stories would be
    committed to: two routes to the same game leave nothing to ask and nothing to get wrong. Held-out 2 players,
    seed 230: red's last worker put on road.2 looks like one put on the gate and sent on to road.2 under one hand,
    and it cost the same; 8 of the game's 14 "which placement?" questions were that one. (Red to the trading post,
    blue to road.1 and red to road.7 under one hand ends where red to road.7, blue to road.1 and red to the trading
    post does, but never passes through "red to road.7, blue to road.1", what the camera would commit first: asked.)"""
    first = plausible[0].actions[:1]
    if not first or all(node.actions[:1] == first for node in plausible):
        return plausible
    own = [node for node in plausible if node.actions[:1] == first]
    ends = {node.state.position() for node in own}
    landing = root.apply_all(common_prefix(node.actions for node in own)).position()
    return [node for node in plausible if node.actions[:1] == first
            or node.state.position() not in ends or landing not in _positions_along(root, node.actions)]


def _positions_along(root: GameState, actions: tuple[Action, ...]) -> set[Hashable]:
    positions, state = set(), root
    for action in actions:
        state = state.apply(action)
        positions.add(state.position())
    return positions


def _option_label(state: GameState, action: Action) -> str:
    """How the tablet names ``action`` among the options of ``state``'s decision ("Peddler (square 7)")."""
    decision = state.pending()
    option = next((option for option in decision.options if option.action == action), None) if decision else None
    return option.label if option is not None and option.label else str(action)


def _seat(session: Session, colour: str | None) -> int | None:
    return session.players.index(colour) if colour in session.players else None
