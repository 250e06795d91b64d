"""Scenario helpers for the Caylus 1303 tests: a table laid out as a test wants it, then decisions by name.

``start`` plays the setup's chance decisions with chosen tiles, first player and characters, so a scenario
begins at round 1 planning exactly as a real table would; ``adjust`` edits a position (goods, workers …) the
way a scenario needs before it goes on through the real rules.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from companion.games import CHANCE, Action
from companion.games.caylus1303 import new_game
from companion.games.caylus1303.data import GOOD_INDEX, GOODS

ALL_CHARACTERS = ("bailiff", "early_riser", "night_worker", "journeyman", "thief", "steward", "architect",
                  "deliveryman", "chamberlain", "foreman", "goldsmith", "day_laborer")
DEFAULT_ROAD = ("start_farm", "start_farm", "start_sawmill", "start_quarry", "start_market", "start_market",
                "start_guild", "start_stone_guild")


def start(colours: Iterable[str], first: int = 0, characters: Mapping[int, Iterable[str]] | None = None,
          board: Iterable[str] | None = None, road: Iterable[str] = DEFAULT_ROAD, worksite=("start_carpenter",
          "stonemason", "gold_mine"), wood_road: str = "covered_market", stone_road: str = "stone_farm", **variants):
    """A game at the start of round 1 with these tiles, first player and characters (seat → characters held).

    A seat given no character holds none: its draft pick is put on the board with the 3 left over."""
    colours = list(colours)
    state = new_game(colours, seed=1, **variants)
    wanted = {"worksite.1": worksite[0], "worksite.2": worksite[1], "worksite.3": worksite[2],
              "road.9": wood_road, "road.14": stone_road}
    wanted.update({f"road.{i + 1}": tile for i, tile in enumerate(road)})
    while state.pending().kind == "setup_tile":
        slot = state.pending().context["slot"]
        state = state.apply(Action(CHANCE, "setup_tile", {"slot": slot, "tile": wanted[slot]}))
    state = state.apply(Action(CHANCE, "first_player", {"seat": first}))
    n = len(colours)
    characters = {seat: list(held) for seat, held in (characters or {}).items()}
    extra = [c for held in characters.values() for c in held[1:]]        # taken from the board after the draft
    named = {c for held in characters.values() for c in held} | set(board or ())
    spare = [c for c in ALL_CHARACTERS if c not in named]
    picks = {seat: characters[seat][0] if characters.get(seat) else spare.pop() for seat in range(n)}
    board = list(board) if board is not None else spare[:3 - len(extra)]
    drawn = list(picks.values()) + board + extra
    while state.pending().kind == "draw_character":
        state = state.apply(Action(CHANCE, "draw_character", {"character": drawn.pop()}))
    while state.pending() is not None and state.pending().kind == "choose_character":
        seat = state.pending().player
        state = state.apply(Action(seat, "choose_character", {"character": picks[seat]}))
    # seats the test names no character for hold none (their draft pick waits on the board), so no power interferes
    unnamed = [picks[seat] for seat in range(n) if not characters.get(seat)]
    held = [sorted(characters.get(seat, [])) for seat in range(n)]
    board_now = sorted([c for c in state.board_characters if c not in extra] + unnamed)
    state = adjust(state, characters=held, board_characters=board_now)
    return state


def adjust(state, **fields: Any):
    """A copy of ``state`` with some fields replaced (lists are copied); ``goods={seat: {good: n}}`` sets goods."""
    other = state.clone()
    goods = fields.pop("goods", None)
    for name, value in fields.items():
        setattr(other, name, [list(v) if isinstance(v, list) else v for v in value] if isinstance(value, list)
                else value)
    if goods:
        for seat, counts in goods.items():
            for good, n in counts.items():
                other.goods[seat][GOOD_INDEX[good]] = n
    other._pending = False
    return other


def holding(state, seat: int, **goods: int):
    """Set some of one seat's goods (the others unchanged)."""
    return adjust(state, goods={seat: goods})


def goods_of(state, seat: int) -> dict[str, int]:
    return dict(zip(GOODS, state.goods[seat]))


def act(state, kind: str, **args):
    """The pending seat takes the decision ``kind`` with ``args`` (a RuleError if that is not an option)."""
    decision = state.pending()
    assert decision is not None, "the game is over"
    assert decision.kind == kind, f"waiting for {decision.kind} of seat {decision.player}, not {kind}: {decision.context}"
    return state.apply(Action(decision.player, kind, args))


def place(state, where: str):
    return act(state, "place", place=where)


def pass_turn(state):
    return act(state, "place", place="pass")


def everyone_passes(state):
    while state.pending() is not None and state.pending().kind == "place":
        state = pass_turn(state)
    return state


def nobody_moves_provost(state):
    while state.pending() is not None and state.pending().kind in ("bridge", "bailiff"):
        state = act(state, state.pending().kind, steps=0)
    return state


def events_of(state, kind: str) -> list[dict]:
    return [event for event in state.events if event["type"] == kind]


def options(state) -> set:
    return {tuple(sorted(option.action.arg_dict.items(), key=str)) for option in state.pending().options}


def places(state) -> set[str]:
    return {option.action.arg("place") for option in state.pending().options}
