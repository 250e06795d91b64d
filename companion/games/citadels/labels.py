"""Each option of a Citadels decision as a message key and its arguments, for a front end to translate.

The engine's :attr:`Option.label` stays the English text; :func:`option_message` names the same words as a key
of the pack's strings (``labels.*`` in ``tablet/i18n/<lang>.json``) and the values to put in it. A district or a
character is named by its id as ``tile`` (``tiles.*`` holds both), a seat by its colour as ``player``.

>>> from companion.games.citadels import new_game
>>> state = new_game(["red", "blue"], seed=1)
>>> decision = state.pending()
>>> option_message(state, decision, decision.options[0])
('labels.draw', {'tile': 'barracks'})
"""

from __future__ import annotations

from typing import Any

Message = tuple[str, dict[str, Any]]
NAMED = {"draw": "labels.draw", "faceup": "labels.faceup", "facedown": "labels.facedown", "pick": "labels.pick",
         "discard_character": "labels.put_aside", "call": "labels.call", "keep": "labels.keep",
         "discard": "labels.discard", "murder": "labels.murder", "rob": "labels.rob", "build": "labels.build"}
PLAIN = {"merchant_gold": "labels.merchant_gold", "architect_cards": "labels.architect_cards",
         "laboratory": "labels.laboratory", "smithy": "labels.smithy", "end_turn": "labels.end_turn"}


def option_message(state: Any, decision: Any, option: Any) -> Message | None:
    """The key and arguments of ``option``'s words (None: no key, the English label stands)."""
    action = option.action
    kind, values = action.kind, action.arg_dict
    if kind in NAMED:
        return NAMED[kind], {"tile": values.get("district") or values.get("character")}
    if kind in PLAIN:
        return PLAIN[kind], {}
    if kind == "gather":
        return ("labels.gather_gold" if values["take"] == "gold" else "labels.gather_cards"), {}
    if kind == "tax":
        return "labels.tax", {"gold": option.gain.get("gold", 0)}
    if kind == "swap_hands":
        return "labels.swap_hands", {"player": state.colours[values["seat"]]}
    if kind == "exchange_cards":
        return "labels.exchange_cards", {"count": values["count"]}
    if kind == "destroy":
        return "labels.destroy", {"player": state.colours[values["seat"]], "tile": values["district"],
                                  "gold": option.cost.get("gold", 0)}
    if kind == "graveyard":
        return ("labels.graveyard_take" if values["take"] else "labels.graveyard_leave"), {}
    return None
