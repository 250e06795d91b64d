"""What the camera may see of a position, and the tablet's public summary.

Slot names (zones hold any number of pieces; a worker pile is one ``worker`` piece per worker, by colour):

* ``<location>.workers`` for the large locations (``quarry`` ``forest`` ``silversmith`` ``mines`` ``storehouse``
  ``workshop`` ``town_centre`` ``tax_stand`` ``guardhouse``);
* ``black_market.<a|b|c>.worker``; ``black_market.small`` / ``black_market.large``: the card on top of each pile
  (``market:<kind>@small``, ``market:<kind>@large``);
* ``guildhall.<i>``: the worker laid on space i (1 = top left, in fill order); ``guildhall.beside``: those placed
  after it was full; ``prison``: every imprisoned worker;
* ``workshop.<row>.<column>``: a face-up apprentice (``apprentice:<id>``), ``workshop.<row>.<column>.silver`` the
  coins lying on it; ``tax_stand.silver``: the tax;
* ``seat.S.captured``: workers captured on seat S's board; ``seat.S.building.<id>`` (``building:<id>``) and
  ``seat.S.apprentice.<id>`` (``apprentice:<id>``): cards face up before seat S;
* ``virtue.<v>`` and ``cathedral.<level>``: the players' markers (level 0: below the Cathedral).

``supplies`` holds each player's silver and goods, workers on their board, debts (``debt_unpaid``, ``debt_paid``)
and how many building cards they hold (``cards``; their faces are secret), during the draft apart: the cards
still to choose from (``draft``) and those kept face down in front of them (``kept``). ``tracks`` repeats virtue and
cathedral as numbers.

A face-up card is a ``tile`` piece named by the card: ``tile`` is the label grammar's named piece
(``vision.observation``), so a camera that knows the card tells one apprentice or building from another.
"""

from __future__ import annotations

from typing import Any

from ..table_view import Piece, TableView
from .data import GOODS, guildhall_spaces, rules

LARGE = tuple(rules()["large_locations"])


def table_view(s: dict[str, Any]) -> TableView:
    colours = s["colours"]
    view = TableView(game="architects", players=tuple(colours))
    for loc in LARGE:
        for seat, count in enumerate(s["locations"][loc]):
            for _ in range(count):
                view.put(f"{loc}.workers", Piece("worker", colours[seat]))
    for space, seat in zip(rules()["black_market"]["spaces"], s["market"]):
        if seat is not None:
            view.put(f"black_market.{space}.worker", Piece("worker", colours[seat]))
    if s["market_top"] is not None:
        view.put("black_market.small", Piece("tile", name=f"market:{s['market_top']}@small"))
    if s["market_large"]:
        view.put("black_market.large", Piece("tile", name=f"market:{s['market_large'][-1]}@large"))
    for index, seat in enumerate(s["guildhall"], start=1):
        view.put(f"guildhall.{index}", Piece("worker", colours[seat]))
    for seat in s["beside"]:
        view.put("guildhall.beside", Piece("worker", colours[seat]))
    for row, cards in enumerate(s["row"], start=1):
        for column, card in enumerate(cards, start=1):
            if card is not None:
                view.put(f"workshop.{row}.{column}", Piece("tile", name=f"apprentice:{card}"))
            for _ in range(s["row_coins"][row - 1][column - 1]):
                view.put(f"workshop.{row}.{column}.silver", Piece("coin"))
    for _ in range(s["tax"]):
        view.put("tax_stand.silver", Piece("coin"))
    for seat, me in enumerate(s["players"]):
        colour = colours[seat]
        for _ in range(me["prison"]):
            view.put("prison", Piece("worker", colour))
        for victim, count in enumerate(me["captured"]):
            for _ in range(count):
                view.put(f"seat.{seat}.captured", Piece("worker", colours[victim]))
        for card in me["buildings"]:
            view.put(f"seat.{seat}.building.{card}", Piece("tile", name=f"building:{card}"))
        for card in sorted(set(me["apprentices"])):
            view.put(f"seat.{seat}.apprentice.{card}", Piece("tile", name=f"apprentice:{card}"))
        view.put(f"virtue.{me['virtue']}", Piece("marker", colour))
        view.put(f"cathedral.{me['cathedral']}", Piece("marker", colour))
        supply = {"silver": me["silver"], **{good: me[good] for good in GOODS}, "worker": me["supply"],
                  "debt_unpaid": me["unpaid"], "debt_paid": me["paid"],
                  "cards": len(me["hand"]) + len(me["offer"]), "draft": len(me["draft"]),
                  "kept": len(me["kept"])}
        view.supplies[colour] = supply
    view.tracks["virtue"] = {colours[i]: me["virtue"] for i, me in enumerate(s["players"])}
    view.tracks["cathedral"] = {colours[i]: me["cathedral"] for i, me in enumerate(s["players"])}
    return view


def summary(s: dict[str, Any]) -> dict[str, Any]:
    """Phase, whose turn, the Guildhall's progress, the end's countdown and public counts (no card in a hand)."""
    colours = s["colours"]
    return {
        "phase": s["phase"],
        "turn": s["turns"],
        "current": None if s["turn"] is None else colours[s["turn"]],
        "first_player": None if s["first"] is None else colours[s["first"]],
        "guildhall": len(s["guildhall"]),
        "guildhall_spaces": guildhall_spaces(len(colours)),
        "final_turns_left": s["final_turns"],
        "tax_stand": s["tax"],
        "rewards_left": s["rewards_left"],
        "black_market": {"small": s["market_top"], "large": s["market_large"][-1] if s["market_large"] else None},
        "virtue": {colours[i]: me["virtue"] for i, me in enumerate(s["players"])},
        "cathedral": {colours[i]: me["cathedral"] for i, me in enumerate(s["players"])},
        "cards_in_hand": {colours[i]: len(me["hand"]) for i, me in enumerate(s["players"])},
        "prison": {colours[i]: me["prison"] for i, me in enumerate(s["players"])},
        "debts": {colours[i]: {"unpaid": me["unpaid"], "paid": me["paid"]} for i, me in enumerate(s["players"])},
    }
