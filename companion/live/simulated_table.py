"""The demo's physical table: bots move pieces on a rendered board that the camera pipeline watches.

The world is the truth the camera films. It starts from the session's first state, lets the bot
seats decide (a hand reaches in, the pieces change, the table rests), waits for a human seat until
that player's decision arrives in the session (tapped on the tablet), and adopts it. It never looks at
what the camera made of the table: the reconciler has to find the moves on its own.

>>> from companion.live.simulated_table import SimulatedWorld   # doctest: +SKIP
>>> world = SimulatedWorld(lambda: desk.session, bots={"red", "blue"}, seed=3, size=(640, 360))  # doctest: +SKIP
>>> frame = world.read()                                         # a vision.sources.Frame  # doctest: +SKIP
"""

from __future__ import annotations

import random
import time
from collections import deque
from typing import Any, Callable, Collection

import numpy as np

from companion.games import Action, GameState, TableView, get_pack
from companion.games.playout import busy_choice
from vision.sources import Frame
from vision.layout import load_layout
from vision.render.domains import sample_style
from vision.render.renderer import SimulatedTable
from vision.render.video import Pacing, changed_slots, game_frames

HAND_PACING = Pacing(reach_in=4, reach_out=4, still=0)
REST_FRAMES = 6        # still frames after each move: a player takes a moment before the next one
START_PATIENCE = 100   # still frames the players wait at most for the camera to take in the start (10 s at 10 fps)


def follow_ups(game: str) -> frozenset[str]:
    """The decision kinds a player of ``game`` takes straight after their own move, without waiting for the
    companion: the players' habit, from the game's pack (``follow_ups`` in its ``table.json`` extra; none when it
    lists none)."""
    return frozenset(get_pack(game).table.extra.get("follow_ups", ()))


def bot_choice(state: GameState, rng: random.Random) -> Action:
    """The renderer's bot (mostly acts rather than passes), so demo games look like the rendered ones."""
    return busy_choice(state, rng)


class SimulatedWorld:
    """A frame source (``read() -> Frame``) showing a game played on the simulated table."""

    name = "simulated table"

    def __init__(self, session: Callable[[], Any], *, bots: Collection[str], seed: int,
                 size: tuple[int, int] = (960, 540), domain: str = "train", layout: str | None = None,
                 rest_frames: int = REST_FRAMES, adopt_bot_decisions: bool = True,
                 players_wait: bool = True) -> None:
        """``players_wait``: the players wait for the companion to take in each move before the next one (its
        LEDs show whose turn it is); False: they go on after ``rest_frames`` still frames whatever it shows, as a
        table that ignores the companion does. ``adopt_bot_decisions``: a bot seat's decision that reaches the session before the table shows it is
        played on the table as if tapped on the tablet (the demo: a visitor may play a bot's turn). Benchmarks and
        tests say False: there, such a decision can only be the camera committing a move nobody made, and the
        bot's own move must show it up as a wrong commit instead of the table following it. ``layout``: the game's
        own when None."""
        first = session()
        if first is None:
            raise ValueError("the simulated table needs a game: start one first")
        self._session = session
        self.bots = set(bots)
        self.players = tuple(first.players)
        self.state: GameState = first.history()[0]
        self.actions: list[Action] = []
        self.rest_frames = rest_frames
        self.adopt_bot_decisions = adopt_bot_decisions
        self.players_wait = players_wait
        # the players' cue for the first move: the camera has taken in the starting position (TableLoop.start_seen,
        # the tablet no longer saying "hand over the board"); None: no cue, they begin after resting
        self.start_cue: Callable[[], bool] | None = None
        self._rng = random.Random(seed)
        pack = get_pack(self.state.info.name)
        self.follow_ups = follow_ups(pack.name)
        self.table = SimulatedTable(load_layout(layout or pack.table.default_layout), sample_style(domain, seed), size,
                                    pack=pack)
        self._queued: deque[np.ndarray] = deque()
        self._resting = 0                 # the table rests before the first move: the camera takes it in
        self._index = 0
        self._still_seed = 0

    # ---- what the camera sees --------------------------------------------------------------------------------

    def empty_board(self, frame_seed: int = 0) -> np.ndarray:
        """The setup capture: the same table and camera with nothing on the board."""
        frame, _truth = self.table.render(TableView(self.state.table_view().game, self.players), frame_seed=frame_seed)
        return frame

    def setup_pictures(self, count: int = 4) -> list[np.ndarray]:
        """Successive camera frames of the empty board (sensor noise varies), for the setup capture."""
        return [self.empty_board(frame_seed) for frame_seed in range(count)]

    def read(self) -> Frame | None:
        if not self._queued:
            self._advance()
        if self._queued:
            image = self._queued.popleft()
        else:
            self._still_seed = (self._still_seed + 1) % 4     # sensor noise varies, the table does not
            image, _truth = self.table.render(self.state.table_view(), (), frame_seed=self._still_seed)
            self._resting += 1
        frame = Frame(self._index, image, time.monotonic())
        self._index += 1
        return frame

    def close(self) -> None:
        self._queued.clear()

    # ---- what the players do ---------------------------------------------------------------------------------

    def true_action(self, decision_number: int) -> Action | None:
        """What was really done at decision ``decision_number`` (the bots answer prompts with it)."""
        return self.actions[decision_number] if 0 <= decision_number < len(self.actions) else None

    def _advance(self) -> None:
        """Take the next decision if someone is ready to: a bot after resting, or a human's tablet tap."""
        while not self.state.is_over:
            action = self._tablet_decision()
            if (action is None and self._resting >= self.rest_frames
                    and (self._session_caught_up() or self._follows_own_move()) and self._start_cued()):
                decision = self.state.pending()
                if decision.is_chance or self.players[decision.player] in self.bots:     # the table's own: a bot's
                    action = bot_choice(self.state, self._rng)
            if action is None:
                return
            before, seat = self.state.table_view(), (action.player if action.player >= 0 else None)  # chance: no seat
            self.state = self.state.apply(action)
            self.actions.append(action)
            after = self.state.table_view()
            if changed_slots(before, after) or before.supplies != after.supplies:
                steps = [(before, None), (after, seat)]
                self._queued.extend(image for image, _truth in game_frames(self.table, steps, HAND_PACING))
                self._resting = 0
                return
            # a choice kept in the head leaves the table as it was: go straight on to the next decision

    def _start_cued(self) -> bool:
        """Players make the first move once the camera has taken in the start (or after waiting long enough)."""
        return bool(self.actions) or self.start_cue is None or self._resting >= START_PATIENCE or self.start_cue()

    def _session_caught_up(self) -> bool:
        """Players wait until the companion has taken in the last move (its LEDs show whose turn it is), unless
        they don't wait at all."""
        if not self.players_wait:
            return True
        session = self._session()
        return session is not None and len(session.actions) >= len(self.actions)

    def _follows_own_move(self) -> bool:
        """The pending decision is the last mover's own follow-up: on a real table the player goes straight on."""
        decision = self.state.pending()
        return bool(self.actions) and decision.player == self.actions[-1].player and decision.kind in self.follow_ups

    def _tablet_decision(self) -> Action | None:
        """A decision the session has that the table has not seen yet (a human tapped it on the tablet)."""
        session = self._session()
        if session is None:
            return None
        done = session.actions
        count = len(self.actions)
        if len(done) > count and done[:count] == self.actions:
            pending = self.state.pending()
            if not self.adopt_bot_decisions and (pending.is_chance or self.players[pending.player] in self.bots):
                return None
            return done[count]
        return None
