"""Run the reconciler over a recorded game and summarise what it did (``companion replay``, the benchmark).

Hidden choices are answered from ``answers`` — the game's decisions in order, as a bot or a scorer
wrote them — the way a player at the table would: only when the camera really can't see the choice
(an ``invisible`` prompt whose true answer leaves the table unchanged, or a ``hidden`` prompt among
look-alikes). A visible move is left for the camera to find.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from companion.games import Action, GameState, RuleError
from companion.session import Journal, Session
from vision.observation import Observation

from .outcomes import Outcome
from .reconciler import Policy, Reconciler


@dataclass
class ReplayRun:
    session: Session
    reconciler: Reconciler
    outcomes: list[Outcome] = field(default_factory=list)
    commit_frames: dict[int, int] = field(default_factory=dict)   # decision number → frame it was committed at
    seconds: dict[int, float] = field(default_factory=dict)       # frame index → the reconciler's time on it (CPU)

    def note(self, outcomes: Iterable[Outcome]) -> None:
        """Keep what the reconciler did on a frame, and the frame each decision it committed was committed at."""
        for outcome in outcomes:
            self.outcomes.append(outcome)
            if outcome.kind == "commit":
                for offset in range(len(outcome.actions)):
                    self.commit_frames[outcome.decision + offset] = outcome.frame_index

    def answer_hidden(self, truth: "TrueGame", frame_index: int) -> None:
        """Answer the open questions a player would have to (:func:`answer_if_hidden`), as of ``frame_index``."""
        while answer_if_hidden(self.reconciler, truth) is not None:
            self.commit_frames[len(self.session.actions) - 1] = frame_index


class TrueGame:
    """The game as it was really played, known by its positions.

    A move the camera commits is right when it leads to a position of the true game, by whatever route: the camera
    may take red's worker put on road.2 for one put on the gate and sent on (the same game, the same cost), or two
    workers put under one hand in the other order. A player asked a question answers with what they did from the
    position the game is in.
    """

    def __init__(self, start: GameState, actions: Sequence[Action]) -> None:
        self.actions = list(actions)
        state, self._index = start, {start.position(): 0}
        for number, action in enumerate(self.actions, start=1):
            try:
                state = state.apply(action)
            except RuleError as refused:
                raise ValueError(f"answer {number} ({action}) can't be played in this game: {refused}") from None
            self._index[state.position()] = number

    def reached(self, state: GameState) -> bool:
        return state.position() in self._index

    def decision_from(self, state: GameState) -> Action | None:
        """What was really done from ``state``'s position (``None`` off the true game, or at its end)."""
        number = self._index.get(state.position())
        return self.actions[number] if number is not None and number < len(self.actions) else None


def answer_if_hidden(reconciler: Reconciler, truth: TrueGame) -> Outcome | None:
    """Answer the open prompt with what was really done when a player would have to; return the prompt answered."""
    prompt = reconciler.open_prompt
    if prompt is None:
        return None
    action = truth.decision_from(reconciler.session.state)
    if action is None or not reconciler.must_answer(prompt, action):
        return None
    reconciler.answer(prompt, action)
    return prompt


def run(session: Session, observations: Iterable[Observation], *, answers: Sequence[Action] = (),
        policy: Policy | None = None, reconciler: Callable[[Session], Any] | None = None) -> ReplayRun:
    """Follow ``observations`` with a new reconciler (``reconciler(session)``, else the rule-based one with
    ``policy``), answering its questions from ``answers`` where a player would have to."""
    reconciler = reconciler(session) if reconciler is not None else Reconciler(session, policy=policy)
    result = ReplayRun(session, reconciler)
    truth = TrueGame(session.history()[0], answers)
    for observation in observations:
        started = time.process_time()
        outcomes = reconciler.observe(observation)
        result.seconds[observation.frame_index] = time.process_time() - started
        result.note(outcomes)
        if answers:
            result.answer_hidden(truth, observation.frame_index)
    return result


def wrong_commits(session: Session, outcomes: Iterable[Outcome], truth: TrueGame) -> list[int]:
    """The decision numbers of the camera's commits (among ``outcomes``) that led ``session``'s game off the true one
    (see :class:`TrueGame`); the commits after one, from a game already off it, are its consequences and not counted
    again."""
    states = session.history()
    return [outcome.decision for outcome in outcomes
            if outcome.kind == "commit" and truth.reached(states[outcome.decision])
            and not truth.reached(states[outcome.decision + len(outcome.actions)])]


def summary(result: ReplayRun, answers: Sequence[Action] = ()) -> dict[str, Any]:
    """The one JSON object ``companion replay`` prints."""
    session = result.session
    sources = session.sources
    committed = session.actions
    data: dict[str, Any] = {
        "game_id": session.game_id,
        "moves_committed": len(committed),
        "by_camera": sources.count("camera"),
        "by_prompt": sources.count("prompt"),
        "alerts": [alert.to_json() for alert in session.alerts],
        "prompts": [outcome.to_json() for outcome in result.outcomes if outcome.kind == "prompt"],
        "over": session.state.is_over,
        "final_scores": {session.players[score.player]: score.total for score in session.state.scores()},
    }
    if answers:
        wrong = wrong_commits(session, result.outcomes, TrueGame(session.history()[0], answers))
        data["expected_moves"] = len(answers)
        data["wrong_commits"] = len(wrong)
        data["first_wrong"] = wrong[0] if wrong else None
    return data


def load_answers(path: str | Path) -> list[Action]:
    """``answers.json``: a list of ``Action.to_json()`` in game order; ``ValueError`` naming what is wrong."""
    try:
        data = json.loads(Path(path).read_text())
    except FileNotFoundError:
        raise ValueError(f"no answers file {path}") from None
    except json.JSONDecodeError as damage:
        raise ValueError(f"{path} is not valid JSON ({damage})") from None
    if not isinstance(data, list):
        raise ValueError(f"{path} must hold a list of decisions")
    actions = []
    for number, item in enumerate(data, start=1):
        try:
            actions.append(Action.from_json(item))
        except ValueError as damage:
            raise ValueError(f"decision {number} in {path}: {damage}") from None
    return actions


def new_session(journal: Journal, setup: dict[str, Any]) -> Session:
    return Session.new(journal, game=setup["game"], players=setup["players"], seed=int(setup["seed"]),
                       variants=setup.get("variants", {}))
