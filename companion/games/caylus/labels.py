"""Each option of a Caylus decision as a message key and its arguments, for a front end to translate.

The engine's :attr:`Option.label` stays the English text; :func:`option_message` names the same words as a key
of the pack's strings (``labels.*`` in ``tablet/i18n/<lang>.json``) and the values to put in it. Arguments that
name a thing are its id (``place``: a place, ``building``: a building, ``cube``: a good, ``cubes``: a list of
goods, ``row``: a favour row, ``section``: a castle part) for the front end to name in the reader's language.
An option it has no words for gives ``None``: the English label is shown.

>>> from companion.games.caylus import new_game
>>> state = new_game(["red", "blue"], seed=1, seat_order_is_turn_order=True)
>>> decision = state.pending()
>>> option_message(state, decision, decision.options[0])
('labels.place', {'place': 'gate'})
>>> option_message(state, decision, decision.options[-1])
('labels.pass', {})
"""

from __future__ import annotations

from typing import Any

from .castle import SECTIONS
from .favours import ROWS
from .ops import castle_room

SKIPS = {"gate": "labels.gate.back", "build": "labels.build.skip", "favour_building": "labels.build.skip",
         "buy": "labels.buy.skip", "sell": "labels.sell.skip", "trade": "labels.trade.skip",
         "convert": "labels.convert.skip", "joust": "labels.joust.skip"}

Message = tuple[str, dict[str, Any]]


def option_message(state: Any, decision: Any, option: Any) -> Message | None:
    """The key and arguments of ``option``'s words (None: no key, the English label stands)."""
    action = option.action
    kind, values = action.kind, action.arg_dict
    if values.get("skip"):
        if kind == "castle":
            penalty = castle_room(state) is not None and state.batches_turn[action.player] == 0
            return ("labels.castle.stop_penalty" if penalty else "labels.castle.stop"), {}
        return (SKIPS[kind], {}) if kind in SKIPS else None
    maker = MESSAGES.get(kind)
    return maker(state, decision, option, values) if maker is not None else None


def _place(state: Any, _decision: Any, _option: Any, values: dict[str, Any]) -> Message | None:
    place = values.get("place")
    if place == "pass":
        return "labels.pass", {}
    if isinstance(place, str) and place.startswith("road."):
        square = int(place[5:])
        tile = state.road_tile[square]
        return ("labels.road", {"building": tile, "square": square}) if tile else ("labels.square", {"square": square})
    return "labels.place", {"place": place}


def _provost(state: Any, _decision: Any, _option: Any, values: dict[str, Any]) -> Message:
    steps = values["steps"]
    if steps == 0:
        return "labels.provost.stay", {}
    direction = "forward" if steps > 0 else "back"
    return f"labels.provost.{direction}", {"steps": abs(steps), "square": state.provost + steps}


def _inn(_state: Any, _decision: Any, _option: Any, values: dict[str, Any]) -> Message:
    return ("labels.inn.stay" if values.get("stay") else "labels.inn.leave"), {}


def _joust(_state: Any, _decision: Any, _option: Any, _values: dict[str, Any]) -> Message:
    return "labels.joust", {}


def _produce(_state: Any, _decision: Any, option: Any, values: dict[str, Any]) -> Message:
    cubes = values.get("cubes") or ([values["cube"]] if "cube" in values else [])
    return "labels.take", {"cubes": list(cubes)}


def _sell(_state: Any, _decision: Any, option: Any, values: dict[str, Any]) -> Message:
    return "labels.sell", {"cube": values["cube"], "price": option.gain.get("denier", 0)}


def _buy(_state: Any, _decision: Any, option: Any, values: dict[str, Any]) -> Message:
    return "labels.buy", {"cubes": list(values["cubes"]), "price": option.cost.get("denier", 0)}


def _castle(state: Any, _decision: Any, option: Any, values: dict[str, Any]) -> Message | None:
    section = castle_room(state)
    if section is None:
        return None
    return "labels.castle", {"cubes": list(values["cubes"]), "section": SECTIONS[section]["name"],
                             "pp": option.gain.get("pp", 0)}


def _build(_state: Any, _decision: Any, option: Any, values: dict[str, Any]) -> Message | None:
    if "building" not in values or values.get("column") == 4:
        return None
    message = {"building": values["building"], "cubes": list(values.get("pay") or ()), "pp": option.gain.get("pp", 0)}
    if "square" in values and values["square"] is not None:
        return "labels.build_on", {**message, "square": values["square"]}
    return "labels.build", message


def _favour(state: Any, _decision: Any, option: Any, values: dict[str, Any]) -> Message:
    """The column the marker reaches on that row (as the engine's favour options count it)."""
    position = state.favour[option.action.player][ROWS.index(values["row"])]
    column = min(position + 1, state.max_column) if position < state.max_column else position
    return "labels.favour", {"row": values["row"], "column": column}


MESSAGES = {"place": _place, "gate": _place, "provost": _provost, "guild": _provost, "inn": _inn, "joust": _joust,
            "produce": _produce, "owner_bonus": _produce, "sell": _sell, "buy": _buy, "castle": _castle,
            "build": _build, "favour_building": _build, "favour": _favour}
