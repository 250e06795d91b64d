"""Choosing characters: the cards put aside at random, then the secret picks around the table.

The crowned player turns up the face-up discards (chance, public; never the King), puts one card aside face down
(chance, secret: only the crowned player, who then sees the rest, can tell which), and the rest go round from
the crown to the left, each seat picking in secret (:func:`plan` gives the order). With 7 players the last seat
also takes the face-down card and keeps one of the two; with 2 players each seat after the first also puts one
card aside face down; with 2 and 3 players each seat ends with two characters. What is left goes face down.

>>> plan(4, crown=2)
[(2, 'pick'), (3, 'pick'), (0, 'pick'), (1, 'pick')]
>>> plan(2, crown=1)
[(1, 'pick'), (0, 'pick'), (0, 'discard'), (1, 'pick'), (1, 'discard'), (0, 'pick')]
>>> [seat for seat, _ in plan(3, crown=0)]
[0, 1, 2, 0, 1, 2]
"""

from __future__ import annotations

from typing import Any

from ..decisions import CHANCE, Action, Decision, Option
from .data import character_ids, draft_rules, rules, title


def plan(players: int, crown: int) -> list[tuple[int, str]]:
    """Who picks (or, with 2 players, puts a card aside) in what order this round."""
    if players == 2:
        first, second = crown, 1 - crown
        return [(first, "pick"), (second, "pick"), (second, "discard"), (first, "pick"), (first, "discard"),
                (second, "pick")]
    each = draft_rules(players)["characters_each"]
    return [((crown + i) % players, "pick") for i in range(players * each)]


def start_round(state: Any) -> None:
    """Every character back in the crowned player's hands for a new round of choosing."""
    state.phase = "draft"
    state.draft_cards = list(character_ids())
    state.faceup, state.facedown = [], []
    state.picks = [[] for _ in state.colours]
    state.draft_step, state.revealed = 0, []
    state.murdered = state.robbed = None
    state.calling = 0


def decision(state: Any) -> Decision:
    setup = draft_rules(state.player_count)
    context = {"round": state.round, "crown": state.crown}
    if len(state.faceup) < setup["faceup"]:
        options = tuple(Option(Action(CHANCE, "faceup", {"character": c}), label=f"{title(c)} face up")
                        for c in state.draft_cards if c != rules()["never_faceup"])
        return Decision(CHANCE, "faceup", options, context)
    if state.draft_step == 0 and len(state.facedown) < setup["facedown"]:
        options = tuple(Option(Action(CHANCE, "facedown", {"character": c}), label=f"{title(c)} face down")
                        for c in state.draft_cards)
        return Decision(CHANCE, "facedown", options, context, private_to=state.crown)
    seat, act = plan(state.player_count, state.crown)[state.draft_step]
    kind = "pick" if act == "pick" else "discard_character"
    options = tuple(Option(Action(seat, kind, {"character": c}), label=title(c)) for c in pick_choices(state))
    return Decision(seat, kind, options, {**context, "step": state.draft_step}, private_to=seat)


def pick_choices(state: Any) -> list[str]:
    """The characters the seat choosing now holds (with 7 players the last one adds the face-down card)."""
    if takes_facedown(state):
        return sorted(state.draft_cards + state.facedown)
    return sorted(state.draft_cards)


def takes_facedown(state: Any) -> bool:
    """Whether the seat choosing now is the seventh of 7, who may take the face-down card instead."""
    last = state.draft_step == len(plan(state.player_count, state.crown)) - 1
    return last and bool(draft_rules(state.player_count).get("last_takes_facedown"))


def apply(state: Any, action: Action) -> None:
    card = action.arg("character")
    if action.kind == "faceup":
        state.draft_cards.remove(card)
        state.faceup.append(card)
        state.events.append({"type": "faceup", "character": card})
        return
    if action.kind == "facedown":
        state.draft_cards.remove(card)
        state.facedown.append(card)
        state.events += [{"type": "facedown_aside", "character": card, "private_to": state.crown},
                         {"type": "character_aside"}]
        return
    seat = action.player
    if takes_facedown(state):                                         # 7 players: keep one of the two
        rest = pick_choices(state)
        rest.remove(card)
        state.facedown, state.draft_cards = rest, []
    else:
        state.draft_cards.remove(card)
    if action.kind == "pick":
        state.picks[seat].append(card)
        state.events += [{"type": "picked", "seat": seat, "character": card, "private_to": seat},
                         {"type": "character_chosen", "seat": seat}]
    else:
        state.facedown.append(card)
        state.events += [{"type": "put_aside", "seat": seat, "character": card, "private_to": seat},
                         {"type": "character_aside", "seat": seat}]
    state.draft_step += 1
    if state.draft_step == len(plan(state.player_count, state.crown)):
        state.facedown += state.draft_cards
        state.draft_cards = []
        state.phase, state.calling = "call", 1
