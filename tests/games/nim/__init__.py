"""Nim with one heap: players alternately take 1–3 tokens; whoever takes the last one scores 1.

A complete, tiny GameState so the session, journal and records can be tested without a big engine.
"""

from __future__ import annotations

from typing import Any

from companion.games import (Action, Decision, GameInfo, GamePack, GameState, Option, Piece, RuleError, Score,
                             TableView)

INFO = GameInfo("nim", "Nim", 2, 2, ("red", "blue"))


class NimState(GameState):
    info = INFO

    def __init__(self, players: list[str], heap: int, to_move: int = 0, taker: int | None = None) -> None:
        self.players, self.heap, self.to_move, self.taker = list(players), heap, to_move, taker
        self.turn = (15 - heap) // 2
        self.events: list[dict[str, Any]] = []

    def pending(self) -> Decision | None:
        if self.heap == 0:
            return None
        options = tuple(Option(Action(self.to_move, "take", {"n": n}), label=f"take {n}")
                        for n in (1, 2, 3) if n <= self.heap)
        return Decision(self.to_move, "take", options)

    def apply(self, action: Action) -> "NimState":
        if self.heap == 0:
            raise RuleError("the game is over")
        if action.player != self.to_move:
            raise RuleError(f"{self.players[action.player].capitalize()} can't play: it is "
                            f"{self.players[self.to_move].capitalize()}'s turn", player=self.players[action.player])
        if action not in self.legal_actions():
            raise RuleError("take 1 to 3 tokens, no more than the heap holds", rule="take 1-3")
        n = action.arg("n")
        nxt = NimState(self.players, self.heap - n, 1 - self.to_move, self.to_move if n == self.heap else None)
        nxt.events = [{"type": "took", "player": self.players[self.to_move], "n": n}]
        return nxt

    @property
    def turn_number(self) -> int:
        return self.turn

    def scores(self) -> list[Score]:
        return [Score(seat, int(self.taker == seat), {"last_token": int(self.taker == seat)}) for seat in (0, 1)]

    def table_view(self) -> TableView:
        view = TableView("nim", tuple(self.players))
        for i in range(self.heap):
            view.put(f"heap.{i + 1}", Piece("cube", "gold"))
        return view

    def to_json(self) -> dict[str, Any]:
        return {"game": "nim", "players": self.players, "heap": self.heap, "to_move": self.to_move,
                "taker": self.taker}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NimState) and self.to_json() == other.to_json()


def new_game(players: list[str], seed: int, **variants: Any) -> NimState:
    if len(players) != 2:
        raise RuleError("Nim is for 2 players")
    if variants:
        raise RuleError(f"Nim has no option {', '.join(variants)}")
    return NimState(players, 15)


def state_from_json(data: dict[str, Any]) -> NimState:
    return NimState(data["players"], data["heap"], data["to_move"], data["taker"])


PACK = GamePack(__name__)
