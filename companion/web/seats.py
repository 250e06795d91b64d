"""Who may decide for a seat: devices paired to the table and, optionally, to one seat.

A paired device with no seat is the **table's device**: it decides for every seat that has no device of its own.
A device paired to a seat (``POST /api/seat``) decides for that seat only, and no other device decides for it.
A seat a program plays (the demo's bots, :attr:`Session.bots`) is never decided from a device. The table's own
decisions (chance: a card drawn) may be entered from any paired device.

Undo follows the same rule: it takes back the last decision a person made, with what the table and the bots did
after it (a bot's move alone is never undone: the bot would only play it again), and only a device that may
decide for that person's seat may take it back.

>>> refusal_of("red", bots=["green"], seat_devices={"blue": "tablet-2"}, own_seat=None, device="tablet-1")
>>> refusal_of("green", bots=["green"], seat_devices={}, own_seat=None, device="tablet-1")[0]
'errors.bot_seat'
>>> refusal_of("blue", bots=[], seat_devices={"blue": "tablet-2"}, own_seat=None, device="tablet-1")[0]
'errors.seat_has_device'
>>> refusal_of("blue", bots=[], seat_devices={"red": "tablet-1"}, own_seat="red", device="tablet-1")[0]
'errors.not_your_seat'
"""

from __future__ import annotations

import secrets
from typing import Any, Iterable, Mapping

from flask import session as cookie

from companion.games import CHANCE

Refusal = tuple[str, dict[str, Any]]


def device_id() -> str:
    """This browser's device id, kept in its (signed) session cookie; made on its first request."""
    if "device" not in cookie:
        cookie["device"] = secrets.token_hex(8)
    return str(cookie["device"])


def refusal_of(colour: str, *, bots: Iterable[str], seat_devices: Mapping[str, str], own_seat: str | None,
               device: str) -> Refusal | None:
    """Why ``device`` may not decide for ``colour`` (an error key and its values), or None when it may."""
    if colour in set(bots):
        return "errors.bot_seat", {"player": colour}
    if own_seat is not None and own_seat != colour:
        return "errors.not_your_seat", {"player": colour, "own": own_seat}
    holder = seat_devices.get(colour)
    if holder is not None and holder != device:
        return "errors.seat_has_device", {"player": colour}
    return None


def decide_refusal(desk: Any, session: Any, seat: int, device: str) -> Refusal | None:
    """Why ``device`` may not decide for seat number ``seat`` now (None when it may)."""
    if seat == CHANCE or not 0 <= seat < len(session.players):
        return None
    devices = desk.seat_devices(session.game_id)
    return refusal_of(session.players[seat], bots=session.bots, seat_devices=devices,
                      own_seat=desk.seat_of(session.game_id, device), device=device)


def last_human_decision(session: Any) -> int | None:
    """The number of the last decision a person made (not the table, not a bot), or None."""
    bots = set(session.bots)
    for index in range(len(session.actions) - 1, -1, -1):
        seat = session.actions[index].player
        if seat != CHANCE and 0 <= seat < len(session.players) and session.players[seat] not in bots:
            return index
    return None


def undo_refusal(desk: Any, session: Any, device: str) -> tuple[int | None, Refusal | None]:
    """Where undo goes back to (the number of decisions kept) and why ``device`` may not undo (None: it may)."""
    if session.state.is_over:
        return None, ("errors.game_over", {})
    index = last_human_decision(session)
    if index is None:
        return None, ("errors.nothing_to_undo", {})
    return index, decide_refusal(desk, session, session.actions[index].player, device)


def named(values: Mapping[str, Any], names: Mapping[str, str], colour_name: Any) -> dict[str, Any]:
    """``values`` with each colour (``player``, ``own``) written as the player's name or translated colour."""
    return {key: (names.get(value) or colour_name(value)) if key in ("player", "own") else value
            for key, value in values.items()}
