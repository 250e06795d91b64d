"""Each option of an Architects decision as a message key and its values, for a front end to say in its language.

The engine's :attr:`Option.label` stays the English text; :func:`option_message` names the same choice as a key of
the pack's strings (``labels.*`` in ``tablet/i18n/<lang>.json``) and the values to put in it. A value naming a thing
is its id: ``place`` a location, ``building`` a building card's id, ``apprentice`` an apprentice's name as a key
(``apprentices.<name>``), ``player`` a colour, ``cubes`` / ``gained_cubes`` lists of goods. An option it has no
words for gives ``None``: the English label is shown.

>>> from companion.games.architects import new_game
>>> state = new_game(["red", "blue"], seed=1)
>>> decision = state.pending()
>>> option_message(state, decision, decision.options[1])
('labels.first_player', {'player': 'blue'})
"""

from __future__ import annotations

import re
from typing import Any, Callable, Mapping

from .data import apprentice, rules

Message = tuple[str, dict[str, Any]]
FIXED = {"done": {"guard": "labels.no_more_guard", "trade": "labels.no_more_trades", "capture": "labels.no_more_captures"},
         "pass": {"retrieve": "labels.retrieve_pass"}}
YES_NO = {"excess_virtue": ("labels.destroy_debt", "labels.keep_debt"), "church": ("labels.destroy_debt", "labels.keep_debt"),
          "library": ("labels.library_discard", "labels.library_keep")}
GUARD = {"prison": "labels.guard_prison", "release_prison": "labels.guard_release_prison", "payoff": "labels.guard_payoff"}


def option_message(state: Any, decision: Any, option: Any) -> Message | None:
    """The key and values of ``option``'s words (None: no key, the English label stands)."""
    action = option.action
    kind, values = action.kind, action.arg_dict
    if kind in FIXED:
        key = FIXED[kind].get(decision.kind)
        return (key, {}) if key else None
    if kind in YES_NO and decision.kind == kind:
        yes = values.get("destroy", values.get("discard"))
        return YES_NO[kind][0 if yes else 1], {}
    said = SAYINGS.get(kind)
    return said(state, decision, option, values) if said else None


def cubes(goods: Mapping[str, int]) -> list[str]:
    """Goods as a list, one entry a unit: ``{"clay": 2, "virtue": 1}`` → ``["clay", "clay", "virtue"]``."""
    return [good for good, amount in goods.items() for _ in range(int(amount))]


def apprentice_key(card: int) -> str:
    """An apprentice card's name as the key its words are under (``Debt Collector`` → ``debt_collector``)."""
    return re.sub(r"[^a-z]+", "_", apprentice(card).name.lower())


def _row_card(state: Any, values: Mapping[str, Any]) -> int:
    return state.data["row"][values["row"] - 1][values["column"] - 1]


def _place(state: Any, decision: Any, option: Any, values: Mapping[str, Any]) -> Message:
    if values.get("location") == "black_market":
        return "labels.black_market_space", {"space": str(values["space"]).upper()}
    return "labels.place", {"place": values["location"]}


def _hire(state: Any, decision: Any, option: Any, values: Mapping[str, Any]) -> Message:
    key = "labels.take_apprentice" if (decision.context or {}).get("setup") else "labels.hire"
    return key, {"apprentice": apprentice_key(_row_card(state, values))}


def _draw(state: Any, decision: Any, option: Any, values: Mapping[str, Any]) -> Message:
    if "card" in values:                              # the table draws a card (secret to the hand it goes to)
        return "labels.a_building_card", {}
    key = "labels.draw_keep_one" if decision.kind == "market_b" else "labels.draw_cards"
    return key, {"count": values["cards"]}


def _guard(state: Any, decision: Any, option: Any, values: Mapping[str, Any]) -> Message | None:
    if values.get("action") in GUARD:
        return GUARD[values["action"]], {}
    if values.get("action") == "release_captured":
        key = "labels.guard_release_debt" if values.get("pay") == "debt" else "labels.guard_release"
        return key, {"player": values["board"]}
    return None


def _retrieve(state: Any, decision: Any, option: Any, values: Mapping[str, Any]) -> Message:
    if "board" in values:
        return "labels.retrieve_board", {"player": values["board"]}
    return "labels.retrieve", {"place": values["location"]}


def _goods(key: str) -> Callable[..., Message]:
    return lambda state, decision, option, values: (key, {"cubes": cubes(option.gain)})


def _market_card(state: Any, decision: Any, option: Any, values: Mapping[str, Any]) -> Message:
    kind = next(k for k in rules()["market_cards"]["kinds"] if k["kind"] == values["kind"])
    return "labels.market_card", {"cubes": cubes(kind["small"])}


def _reward(state: Any, decision: Any, option: Any, values: Mapping[str, Any]) -> Message:
    card = next(c for c in rules()["rewards"]["cards"] if c["id"] == values["card"])
    return "labels.reward", {"cubes": cubes(card["gain"])}


def _barracks(state: Any, decision: Any, option: Any, values: Mapping[str, Any]) -> Message:
    if values.get("choice") == "capture":
        return "labels.barracks_capture", {}
    return "labels.barracks_release", {"player": values["board"]}


SAYINGS: dict[str, Callable[..., Message | None]] = {
    "first_player": lambda state, decision, option, values: ("labels.first_player",
                                                            {"player": state.data["colours"][values["seat"]]}),
    "market_card": _market_card,
    "reveal_apprentice": lambda state, decision, option, values: ("labels.apprentice",
                                                                 {"apprentice": apprentice_key(values["card"])}),
    "let_go": lambda state, decision, option, values: ("labels.let_go", {"apprentice": apprentice_key(values["card"])}),
    "hire": _hire,
    "draw": _draw,
    "keep": lambda state, decision, option, values: ("labels.keep", {"building": str(values["card"])}),
    "discard": lambda state, decision, option, values: ("labels.discard", {"building": str(values["card"])}),
    "construct": lambda state, decision, option, values: ("labels.building", {"building": str(values["card"])}),
    "reveal_building": lambda state, decision, option, values: ("labels.building", {"building": str(values["card"])}),
    "place": _place,
    "capture": lambda state, decision, option, values: ("labels.capture", {"player": values["colour"],
                                                                         "place": values["location"]}),
    "mines": _goods("labels.take_goods"),
    "gain": _goods("labels.take_goods"),
    "trade": lambda state, decision, option, values: ("labels.trade", {"cubes": cubes(option.cost),
                                                                     "gained_cubes": cubes(option.gain)}),
    "guard": _guard,
    "retrieve": _retrieve,
    "build": lambda state, decision, option, values: ("labels.build_from_hand", {}),
    "cathedral": lambda state, decision, option, values: ("labels.cathedral", {"level": values["level"]}),
    "gatekeeper": lambda state, decision, option, values: ("labels.gatekeeper", {"count": values["release"]}),
    "reward": _reward,
    "barracks": _barracks,
    "dungeon": lambda state, decision, option, values: ("labels.dungeon_" + str(values["when"]), {}),
}
