"""Goofspiel for two: a test game with chance and secrets, small enough to read in one sitting.

Each player holds the cards 1..N. Every round the table turns up a prize from a shuffled prize deck
(a chance decision, one outcome per prize left), then each player bids one card from hand in secret
(a decision private to that seat). Once both have bid, the table turns the bids face up (a chance
decision with one outcome, seen by the camera): the higher bid takes the prize's value, a tie takes nothing. The camera sees the prize and a face-down card per bid; the bid's
value is known only to its seat until both are in.
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.games import (CHANCE, Action, Decision, GameInfo, GamePack, GameState, Option, Piece, RuleError,
                             Score, TableView, VariantOption)

INFO = GameInfo("goofspiel", "Goofspiel", 2, 2, ("red", "blue"),
                (VariantOption("cards", 4, "Cards per hand and prizes in the deck."),))


class GoofspielState(GameState):
    info = INFO

    def __init__(self, players: list[str], cards: int, prizes_left: list[int], hands: list[list[int]],
                 prize: int | None, bids: list[int | None], won: list[int], history: list[list[int]]) -> None:
        self.players, self.cards = list(players), cards
        self.prizes_left, self.hands = list(prizes_left), [list(h) for h in hands]
        self.prize, self.bids, self.won = prize, list(bids), list(won)
        self.history = [list(r) for r in history]          # [prize, red bid, blue bid] per finished round
        self.events: list[dict[str, Any]] = []

    def pending(self) -> Decision | None:
        if self.prize is None:
            if not self.prizes_left:
                return None
            options = tuple(Option(Action(CHANCE, "reveal", {"prize": p}), label=f"prize {p}")
                            for p in sorted(self.prizes_left))
            return Decision(CHANCE, "reveal", options)
        if None not in self.bids:
            return Decision(CHANCE, "show", (Option(Action(CHANCE, "show"), label="turn the bids face up"),))
        seat = 0 if self.bids[0] is None else 1
        options = tuple(Option(Action(seat, "bid", {"card": c}), label=f"bid {c}") for c in sorted(self.hands[seat]))
        return Decision(seat, "bid", options, {"prize": self.prize}, private_to=seat)

    def apply(self, action: Action) -> "GoofspielState":
        decision = self.pending()
        if decision is None:
            raise RuleError("the game is over")
        if action not in decision.actions:
            who = "the table" if decision.is_chance else self.players[decision.player].capitalize()
            raise RuleError(f"{who} must {decision.kind} now; {action} is not one of the options",
                            rule=decision.kind)
        nxt = self._copy()
        if action.kind == "reveal":
            nxt.prize = action.arg("prize")
            nxt.prizes_left.remove(nxt.prize)
            nxt.events = [{"type": "revealed", "prize": nxt.prize}]
        elif action.kind == "show":
            red, blue = nxt.bids
            if red != blue:
                nxt.won[0 if red > blue else 1] += nxt.prize
            nxt.history.append([nxt.prize, red, blue])
            nxt.events = [{"type": "shown", "bids": [red, blue], "prize": nxt.prize}]
            nxt.prize, nxt.bids = None, [None, None]
        else:
            seat, card = action.player, action.arg("card")
            nxt.hands[seat].remove(card)
            nxt.bids[seat] = card
            nxt.events = [{"type": "bid", "player": self.players[seat], "card": card, "private_to": seat},
                          {"type": "bid_down", "player": self.players[seat]}]
        return nxt

    def scores(self) -> list[Score]:
        return [Score(seat, self.won[seat], {"prizes": self.won[seat]}) for seat in (0, 1)]

    def table_view(self) -> TableView:
        view = TableView("goofspiel", tuple(self.players))
        if self.prize is not None:
            view.put("prize", Piece("card", None, str(self.prize)))
        for seat, bid in enumerate(self.bids):
            if bid is not None:
                view.put(f"bid.{self.players[seat]}", Piece("card", self.players[seat]))   # face down
        for number, (prize, red, blue) in enumerate(self.history):
            view.put(f"won.{number}", Piece("card", None, f"{prize}:{red}:{blue}"))
        return view

    def private_view(self, seat: int) -> dict[str, Any]:
        return {"hand": sorted(self.hands[seat]), "bid": self.bids[seat]}

    def summary(self) -> dict[str, Any]:
        return {"round": len(self.history) + 1, "prize": self.prize}

    def to_json(self) -> dict[str, Any]:
        return {"game": "goofspiel", "players": self.players, "cards": self.cards, "prizes_left": self.prizes_left,
                "hands": self.hands, "prize": self.prize, "bids": self.bids, "won": self.won,
                "history": self.history}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GoofspielState) and self.to_json() == other.to_json()

    def _copy(self) -> "GoofspielState":
        return GoofspielState(self.players, self.cards, self.prizes_left, self.hands, self.prize, self.bids,
                              self.won, self.history)


def new_game(players: list[str], seed: int, **variants: Any) -> GoofspielState:
    if len(players) != 2:
        raise RuleError("Goofspiel is for 2 players")
    cards = int(INFO.check_variants(variants)["cards"])
    if not 1 <= cards <= 13:
        raise RuleError("Goofspiel is played with 1 to 13 cards each")
    deck = list(range(1, cards + 1))
    return GoofspielState(players, cards, deck, [deck, deck], None, [None, None], [0, 0], [])


def state_from_json(data: Mapping[str, Any]) -> GoofspielState:
    return GoofspielState(data["players"], data["cards"], data["prizes_left"], data["hands"], data["prize"],
                          data["bids"], data["won"], data["history"])


PACK = GamePack(__name__)
