"""What the camera may see of a Citadels position, what one seat alone knows, and the tablet's public summary.

Slot names (a table with no board: each seat has its own area):

* ``seat.S.city.I``: the I-th district of seat S's city row, in the order built (``Piece("district", name=id)``);
* ``seat.S.character.K``: a character card before seat S, face up (named) once revealed, face down (no name)
  until then; the face-up ones come first, by rank, so a card's place tells nothing of the order it was chosen;
* ``seat.S.crown``: the crown;
* ``characters.faceup.I`` / ``characters.facedown.I``: the characters put aside this round in the middle;
* ``deck``: the district deck, face down in the middle (one card back while it holds any card).

``supplies`` holds each seat's gold and the number of cards in hand (public in Citadels: counts, never names).
Hands, the characters chosen and the face-down cards are secret: only ``private_view(seat)`` gives a seat its own.
"""

from __future__ import annotations

from typing import Any

from ..table_view import Piece, TableView
from .data import character_by_rank, rank
from . import draft


def shown_characters(state: Any, seat: int) -> list[str]:
    """The characters of ``seat`` turned face up: called and revealed, or shown as murdered once the game is over."""
    shown = set(state.revealed) | ({state.murdered} if state.is_over and state.murdered else set())
    return sorted((c for c in state.picks[seat] if rank(c) in shown), key=rank)


def table_view(state: Any) -> TableView:
    view = TableView(game="citadels", players=tuple(state.colours))
    for seat, colour in enumerate(state.colours):
        for index, district_id in enumerate(state.cities[seat]):
            view.put(f"seat.{seat}.city.{index}", Piece("district", name=district_id))
        shown = shown_characters(state, seat)
        hidden = len(state.picks[seat]) - len(shown)
        for index, character in enumerate(shown + [None] * hidden):
            view.put(f"seat.{seat}.character.{index}", Piece("character", name=character))
        view.supplies[colour] = {"gold": state.gold[seat], "hand": len(state.hands[seat]) + len(state.drawn[seat])}
    view.put(f"seat.{state.crown}.crown", Piece("crown"))
    for index, character in enumerate(state.faceup):
        view.put(f"characters.faceup.{index}", Piece("character", name=character))
    for index, _ in enumerate(state.facedown):
        view.put(f"characters.facedown.{index}", Piece("character"))
    if state.deck_size:
        view.put("deck", Piece("district"))
    return view


def private_view(state: Any, seat: int) -> dict[str, Any]:
    """The seat's hand, the cards it is choosing among after drawing, and the characters it chose this round."""
    known: dict[str, Any] = {"hand": sorted(state.hands[seat]), "drawn": sorted(state.drawn[seat]),
                             "characters": list(state.picks[seat])}
    decision = state.pending()
    if state.phase == "draft" and decision is not None and decision.private_to == seat and not decision.is_chance:
        known["choosing_from"] = draft.pick_choices(state)
    return known


def summary(state: Any) -> dict[str, Any]:
    """Phase, round, crown, whose character is called, the cities, gold and hand sizes: public facts only."""
    colours = state.colours
    turn = state.turn
    current = None
    if turn is not None:
        current = {"character": character_by_rank(turn["rank"]).id, "player": colours[turn["seat"]],
                   "gathered": turn["gathered"], "built": turn["built"], "used": list(turn["used"])}
    decision = state.pending()
    return {
        "phase": state.phase,
        "round": state.round,
        "crown": colours[state.crown],
        "calling": character_by_rank(state.calling).id if state.phase in ("call", "turn") else None,
        "turn": current,
        "choosing": colours[decision.player] if state.phase == "draft" and decision and not decision.is_chance
        else None,
        "murdered": character_by_rank(state.murdered).id if state.murdered else None,
        "robbed": character_by_rank(state.robbed).id if state.robbed else None,
        "revealed": {colours[seat]: shown_characters(state, seat) for seat in range(state.player_count)},
        "faceup": list(state.faceup),
        "facedown": len(state.facedown),
        "deck": state.deck_size,
        "complete_at": state.complete_at,
        "completed": [colours[seat] for seat in state.completed],
        "cities": {colours[seat]: list(city) for seat, city in enumerate(state.cities)},
        "gold": {colours[seat]: state.gold[seat] for seat in range(state.player_count)},
        "hand": {colours[seat]: len(state.hands[seat]) + len(state.drawn[seat]) for seat in range(state.player_count)},
    }
