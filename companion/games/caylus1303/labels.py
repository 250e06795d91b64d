"""Each option of a Caylus 1303 decision as a message key and its arguments, for a front end to translate.

The engine's :attr:`Option.label` stays the English text; :func:`option_message` names the same words as a key
of the pack's strings (``labels.*`` in ``tablet/i18n/<lang>.json``) and the values to put in it. A value naming
a thing is its id (``place``: a place, ``tile``: a building or character tile, ``cubes``: a list of goods,
``player``: a colour). An option it has no words for gives ``None``: the English label is shown.

>>> from companion.games.caylus1303 import new_game
>>> state = new_game(["red", "blue"], seed=1)
>>> decision = state.pending()
>>> option_message(state, decision, decision.options[0])[0]
'labels.setup_tile'
"""

from __future__ import annotations

from typing import Any

from .data import tile

Message = tuple[str, dict[str, Any]]
SKIPS = {"early_riser": "labels.early_skip", "build": "labels.build_skip", "favour_character": "labels.character_skip",
         "lawyer": "labels.nothing", "trade": "labels.nothing"}


def option_message(state: Any, decision: Any, option: Any) -> Message | None:
    """The key and arguments of ``option``'s words (None: no key, the English label stands)."""
    action = option.action
    kind, values = action.kind, action.arg_dict
    if values.get("skip"):
        return (SKIPS[kind], {}) if kind in SKIPS else None
    if values.get("stop") and kind == "deliver":
        return "labels.deliver_stop", {}
    if kind in ("place", "early_riser"):
        return _place(state, values.get("place"))
    if "steps" in values and kind in ("bridge", "bailiff", "provost"):
        steps = values["steps"]
        if steps == 0:
            return "labels.provost_stay", {}
        return ("labels.provost_forward" if steps > 0 else "labels.provost_back"), {"steps": abs(steps)}
    if kind in ("choose_character", "favour_character"):
        return "labels.character", {"tile": values["character"]}
    if kind == "draw_character":
        return "labels.draw_character", {"tile": values["character"]}
    if kind == "first_player":
        return "labels.first_player", {"player": state.colours[values["seat"]]}
    if kind == "setup_tile":
        return "labels.setup_tile", {"tile": values["tile"], "slot": values["slot"]}
    if kind == "deliver" and "goods" in values:
        return "labels.deliver", {"cubes": list(values["goods"])}
    if kind == "build" and "building" in values:
        return "labels.build", {"tile": values["building"], "cubes": list(values.get("pay") or ())}
    if kind == "trade" and "trade" in values:
        return _trade(decision, option)
    if kind == "favour" and "take" in values:
        holder = state.holder(values["take"])
        return "labels.favour_take", {"tile": values["take"], "player": state.colours[holder] if holder is not None
                                      else None}
    if kind == "favour" and "worksite" in values:
        return "labels.favour_worksite", {"tile": state.worksite_tiles[values["worksite"] - 1]}
    if kind == "lawyer" and "space" in values:
        space = values["space"]
        return "labels.lawyer", {"tile": state.road_tile[space - 1], "space": space}
    return None


def _trade(decision: Any, option: Any) -> Message:
    """A building's trade: what it costs (goods, workers) and what it gives (goods, workers, PP, a favour), each a
    list of resource ids for the front end to count and name."""
    paid = [good for good, n in option.cost.items() for _ in range(n)]
    gained = [good for good, n in option.gain.items() for _ in range(n)]
    effect = tile(decision.context["building"]).side_effect(decision.context.get("side", "start"))
    terms = effect["trades"][option.action.arg_dict["trade"]]
    gained += ["pp"] * int(terms.get("pp", 0)) + ["favour"] * int(terms.get("favours", 0) and 1)
    return ("labels.trade" if paid else "labels.trade_free"), {"cubes": paid, "gained_cubes": gained}


def _place(state: Any, place: Any) -> Message | None:
    if place == "pass":
        return "labels.pass", {}
    if isinstance(place, str) and place.startswith("road."):
        space = int(place[5:])
        return "labels.road", {"tile": state.road_tile[space - 1], "space": space}
    return ("labels.place", {"place": place}) if isinstance(place, str) else None
