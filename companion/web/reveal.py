"""Who sees a secret decision: the seat's own device, or the table's device once it is handed to that seat.

A decision ``private_to`` a seat (a card drafted in secret, a card dealt into a hand) shows its options only to that
seat. A device paired to the seat sees them, with the seat's private view, in every payload. A seat without a device
of its own decides on the **table's device**: it shows "Pass the tablet to …" until it is asked, for that seat and
that very decision (``POST /api/reveal``), to show the secret; the :class:`Reveal` lasts until the game moves on (a
decision or an undo: :attr:`Session.position_seq` changes) or the device hides it. A device paired to a seat never
shows another seat's secret, and nobody but the seat it is private to decides a secret decision.

A person deciding in the open (a Citadels turn) may also have the table's device show what only they know (their
hand), the same way and for that decision only: :func:`revealable_seat`.

>>> Reveal("tablet-1", seat=2, position=7).shows(device="tablet-1", position=7)
True
>>> Reveal("tablet-1", seat=2, position=7).shows(device="tablet-1", position=8)
False
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

Refusal = tuple[str, dict[str, Any]]


@dataclass(frozen=True)
class Reveal:
    """The table's ``device`` shows ``seat``'s secret while the game is at position ``position``."""

    device: str
    seat: int
    position: int

    def shows(self, *, device: str | None, position: int) -> bool:
        return device == self.device and position == self.position


def secret_seat(session: Any) -> int | None:
    """The seat the pending decision is private to (None: no decision, or one everybody may see)."""
    decision = session.state.pending()
    return decision.private_to if decision is not None else None


def revealable_seat(session: Any) -> int | None:
    """The seat whose private view the table's device may show now: the seat the pending decision is secret to, else
    the seat deciding in the open when it knows something the others do not (its private view is not empty)."""
    seat = secret_seat(session)
    if seat is not None:
        return seat
    decision = session.state.pending()
    if decision is None or decision.player < 0:
        return None
    known = session.state.private_view(decision.player) or {}
    return decision.player if any(value not in (None, [], {}, "") for value in known.values()) else None


def snapshot_for(desk: Any, session: Any, device: str | None) -> dict[str, Any]:
    """The session's snapshot as ``device`` may see it: its seat's, the revealed seat's, or the shared one."""
    seat = viewing_seat(desk, session, device)
    if seat is None:
        return session.snapshot()
    position = session.position_seq
    snapshot = session.snapshot(seat)
    revealing = desk.seat_of(session.game_id, device) is None
    if revealing and snapshot.get("position") != position:      # the game moved on while it was taken
        return session.snapshot()
    return snapshot


def camera_status_for(status: dict[str, Any] | None, snapshot: Mapping[str, Any]) -> dict[str, Any] | None:
    """The table loop's status as a device with ``snapshot`` may see it: the options a camera's question weighs are
    kept only for the decision the snapshot shows, and only when its options are in the snapshot (not a secret of
    another seat); the question's reason always stays."""
    prompt = (status or {}).get("prompt")
    if not prompt or not prompt.get("actions"):
        return status
    pending = snapshot.get("pending") or {}
    secret_to = pending.get("private_to")
    seen = prompt.get("decision") == snapshot.get("decisions_made") and secret_to in (None, snapshot.get("seat"))
    return status if seen else {**status, "prompt": {**prompt, "actions": []}}


def viewing_seat(desk: Any, session: Any, device: str | None) -> int | None:
    """The seat whose view ``device`` gets now: its own seat, else the seat it is revealing for, else None (shared)."""
    own = desk.seat_of(session.game_id, device) if device is not None else None
    if own is not None:
        return session.players.index(own)
    shown = desk.revealed(session.game_id)
    if shown is not None and shown.shows(device=device, position=session.position_seq) \
            and revealable_seat(session) == shown.seat:
        return shown.seat
    return None


def handed_to(desk: Any, session: Any, device: str | None, seat: int | None) -> str | None:
    """The colour the table's ``device`` must be handed to for a decision secret to ``seat`` (None: no need).

    A device paired to a seat is never handed on; nor is the tablet for a seat with its own device or a bot's.
    """
    if seat is None or not 0 <= seat < len(session.players):
        return None
    if device is not None and desk.seat_of(session.game_id, device) is not None:
        return None
    colour = session.players[seat]
    if colour in session.bots or colour in desk.seat_devices(session.game_id):
        return None
    return colour


def reveal_refusal(desk: Any, session: Any, device: str, colour: str, decision: Any) -> tuple[int, Refusal] | None:
    """Why ``device`` may not show ``colour``'s secret for decision number ``decision`` (an HTTP status and the
    refusal), or None when it may."""
    own = desk.seat_of(session.game_id, device)
    if own is not None:
        return 403, ("errors.reveal_own_device", {"player": colour, "own": own})
    if colour in session.bots:
        return 409, ("errors.bot_seat", {"player": colour})
    if colour in desk.seat_devices(session.game_id):
        return 403, ("errors.seat_has_device", {"player": colour})
    if not isinstance(decision, int) or isinstance(decision, bool) or decision != len(session.actions):
        return 409, ("errors.reveal_stale", {"player": colour})
    if revealable_seat(session) != session.players.index(colour):
        return 409, ("errors.no_secret_now", {"player": colour})
    return None


def decide_refusal(desk: Any, session: Any, device: str) -> Refusal | None:
    """Why ``device`` may not decide now because the pending decision is secret to a seat it does not show."""
    seat = secret_seat(session)
    if seat is None or viewing_seat(desk, session, device) == seat:
        return None
    return "errors.secret_elsewhere", {"player": session.players[seat]}
