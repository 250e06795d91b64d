"""A character's turn: gather (2 gold, or draw and keep), build, and the character's and districts' powers.

Every power is used at most once a turn, at any time in it (the seed: a power with no stated time may be used at
any point of the turn), except that building waits until the player has gathered, and the turn ends only once they
have. Each option is one ``turn`` decision of the seat; what a power owes afterwards (cards to draw, a card to
keep or put under the deck, the Graveyard's offer) is pushed on the state's ``queue`` as small steps
(:func:`step_decision`). With 2 and 3 players a power belongs to its own character's turn only.

Action kinds: ``gather`` (take: gold | cards), ``build`` (district), ``murder`` / ``rob`` (character),
``swap_hands`` (seat), ``exchange_cards`` (count), ``tax``, ``merchant_gold``, ``architect_cards``,
``destroy`` (seat, district), ``laboratory``, ``smithy``, ``end_turn``; then the steps ``draw`` (chance),
``keep`` and ``discard`` (secret) and ``graveyard`` (take: yes or no).
"""

from __future__ import annotations

from typing import Any

from ..decisions import Action, Decision, Option
from . import deck
from .data import character_by_rank, character_ids, district, rank, rules, title

RULES = rules()


# ---------------------------------------------------------------- who and what
def character_of(state: Any) -> str:
    return character_by_rank(state.turn["rank"]).id


def builds_allowed(state: Any) -> int:
    return RULES["architect_builds"] if character_of(state) == "architect" else RULES["builds_per_turn"]


def tax_income(state: Any, seat: int, district_type: str) -> int:
    """Gold for the districts of ``district_type`` in ``seat``'s city; the School of Magic counts as that type."""
    return sum(1 for d in state.cities[seat]
               if district(d).type == district_type or district(d).effect == "any_type_for_tax")


def protected_seat(state: Any) -> int | None:
    """The Bishop's player, whose districts the Warlord can't destroy this round (not when the Bishop was murdered)."""
    return state.holder("bishop") if rank("bishop") in state.revealed else None


def destroy_price(state: Any, target: int, district_id: str) -> int:
    price = district(district_id).cost - RULES["warlord_discount"]
    if any(district(d).effect == "dearer_to_destroy" for d in state.cities[target] if d != district_id):
        price += RULES["great_wall_surcharge"]
    return max(price, 0)


def destroy_targets(state: Any) -> list[tuple[int, str, int]]:
    """Every (seat, district, price) the Warlord may destroy now, whatever the gold in hand."""
    found = []
    for target in range(state.player_count):
        if state.is_complete(target) or target == protected_seat(state):
            continue
        for district_id in state.cities[target]:
            if district(district_id).effect != "warlord_proof":
                found.append((target, district_id, destroy_price(state, target, district_id)))
    return found


# ---------------------------------------------------------------- the turn decision
def turn_decision(state: Any) -> Decision:
    turn, seat = state.turn, state.turn["seat"]
    character = character_of(state)
    used = turn["used"]
    options: list[Option] = []

    def offer(kind: str, args: dict[str, Any] | None = None, label: str = "", **price: Any) -> None:
        options.append(Option(Action(seat, kind, args or {}), label=label, **price))

    if not turn["gathered"]:
        offer("gather", {"take": "gold"}, "Take 2 gold", gain={"gold": RULES["gather_gold"]})
        if state.deck_size:
            offer("gather", {"take": "cards"}, "Draw cards and keep one")
    else:
        if turn["built"] < builds_allowed(state) and len(state.cities[seat]) < state.complete_at:
            for district_id in sorted(set(state.hands[seat])):
                cost = district(district_id).cost
                if cost <= state.gold[seat] and not state.owns(seat, district_id):
                    offer("build", {"district": district_id}, f"Build the {title(district_id)}",
                          cost={"gold": cost})
    if "power" not in used:
        options += power_options(state, seat, character)
    taxes = character_by_rank(turn["rank"]).taxes
    if taxes and "tax" not in used:
        offer("tax", label=f"Take gold for {taxes} districts", gain={"gold": tax_income(state, seat, taxes)})
    if state.owns(seat, "laboratory") and "laboratory" not in used and state.hands[seat]:
        offer("laboratory", label="Laboratory: a card for gold", gain={"gold": RULES["laboratory_gold"]})
    if (state.owns(seat, "smithy") and "smithy" not in used and state.gold[seat] >= RULES["smithy_price"]
            and state.deck_size):
        offer("smithy", label="Smithy: gold for cards", cost={"gold": RULES["smithy_price"]})
    if turn["gathered"]:
        offer("end_turn", label="End the turn")
    return Decision(seat, "turn", tuple(options), {"round": state.round, "character": character,
                                                  "gathered": turn["gathered"], "built": turn["built"]})


def power_options(state: Any, seat: int, character: str) -> list[Option]:
    """The options of the character's own power, while it is unused this turn."""
    def option(kind: str, args: dict[str, Any] | None = None, label: str = "", **price: Any) -> Option:
        return Option(Action(seat, kind, args or {}), label=label, **price)

    others = [c for c in character_ids() if c != character]
    if character == "assassin":
        return [option("murder", {"character": c}, f"Murder the {title(c)}") for c in others]
    if character == "thief":
        forbidden = {"assassin", None if state.murdered is None else character_by_rank(state.murdered).id}
        return [option("rob", {"character": c}, f"Rob the {title(c)}") for c in others if c not in forbidden]
    if character == "magician":
        swaps = [option("swap_hands", {"seat": other}, f"Swap hands with {state.label(other)}")
                 for other in range(state.player_count) if other != seat]
        exchanges = [option("exchange_cards", {"count": count}, f"Put {count} under the deck and draw {count}")
                     for count in range(1, len(state.hands[seat]) + 1)]
        return swaps + exchanges
    if character == "merchant":
        return [option("merchant_gold", label="Take 1 more gold", gain={"gold": RULES["merchant_extra_gold"]})]
    if character == "architect":
        return [option("architect_cards", label="Draw 2 more cards")]
    if character == "warlord":
        return [option("destroy", {"seat": target, "district": district_id},
                       f"Destroy {state.label(target)}'s {title(district_id)}", cost={"gold": price})
                for target, district_id, price in destroy_targets(state) if price <= state.gold[seat]]
    return []


# ---------------------------------------------------------------- applying a turn option
def apply_turn(state: Any, action: Action) -> None:
    seat, turn, kind = action.player, state.turn, action.kind
    used = turn["used"]
    if kind == "gather":
        turn["gathered"] = True
        if action.arg("take") == "gold":
            _gain(state, seat, RULES["gather_gold"], "gather")
        else:
            drawn = RULES["observatory_cards"] if state.owns(seat, "observatory") else RULES["gather_cards"]
            state.queue.append({"type": "keep", "seat": seat})
            _push_draws(state, seat, drawn, "drawn", "gather")
            state.events.append({"type": "gather_cards", "seat": seat, "cards": drawn})
    elif kind == "build":
        build(state, seat, action.arg("district"))
        turn["built"] += 1
    elif kind == "tax":
        used.append("tax")
        _gain(state, seat, tax_income(state, seat, character_by_rank(turn["rank"]).taxes), "tax")
    elif kind == "laboratory":
        used.append("laboratory")
        state.queue.append({"type": "discard", "seat": seat, "why": "laboratory"})
        _gain(state, seat, RULES["laboratory_gold"], "laboratory")
    elif kind == "smithy":
        used.append("smithy")
        state.gold[seat] -= RULES["smithy_price"]
        _push_draws(state, seat, RULES["smithy_cards"], "hand", "smithy")
        state.events.append({"type": "smithy", "seat": seat, "paid": RULES["smithy_price"]})
    else:
        used.append("power")
        apply_power(state, seat, action)


def apply_power(state: Any, seat: int, action: Action) -> None:
    kind = action.kind
    if kind == "murder":
        state.murdered = rank(action.arg("character"))
        state.events.append({"type": "murder", "seat": seat, "character": action.arg("character")})
    elif kind == "rob":
        state.robbed = rank(action.arg("character"))
        state.events.append({"type": "rob", "seat": seat, "character": action.arg("character")})
    elif kind == "swap_hands":
        other = action.arg("seat")
        state.hands[seat], state.hands[other] = state.hands[other], state.hands[seat]
        state.events.append({"type": "swap_hands", "seat": seat, "with": other,
                             "cards": [len(state.hands[other]), len(state.hands[seat])]})
    elif kind == "exchange_cards":
        count = action.arg("count")
        _push_draws(state, seat, count, "hand", "magician")
        state.queue += [{"type": "discard", "seat": seat, "why": "magician"} for _ in range(count)]
        state.events.append({"type": "exchange_cards", "seat": seat, "count": count})
    elif kind == "merchant_gold":
        _gain(state, seat, RULES["merchant_extra_gold"], "merchant")
    elif kind == "architect_cards":
        _push_draws(state, seat, RULES["architect_extra_cards"], "hand", "architect")
        state.events.append({"type": "architect_cards", "seat": seat, "cards": RULES["architect_extra_cards"]})
    elif kind == "destroy":
        destroy(state, seat, action.arg("seat"), action.arg("district"))


def build(state: Any, seat: int, district_id: str) -> None:
    state.gold[seat] -= district(district_id).cost
    state.hands[seat].remove(district_id)
    state.cities[seat].append(district_id)
    state.built_round[seat].append(state.round)
    state.events.append({"type": "built", "seat": seat, "district": district_id, "paid": district(district_id).cost})
    if state.is_complete(seat) and seat not in state.completed:
        state.completed.append(seat)
        state.events.append({"type": "city_complete", "seat": seat, "first": len(state.completed) == 1})


def destroy(state: Any, warlord: int, target: int, district_id: str) -> None:
    price = destroy_price(state, target, district_id)
    state.gold[warlord] -= price
    index = state.cities[target].index(district_id)
    del state.cities[target][index]
    del state.built_round[target][index]
    state.events.append({"type": "destroyed", "seat": warlord, "target": target, "district": district_id,
                         "paid": price})
    graveyard = (target != warlord and state.gold[target] >= RULES["graveyard_price"]
                 and any(district(d).effect == "recover_destroyed" for d in state.cities[target]))
    if graveyard:
        state.queue.append({"type": "graveyard", "seat": target, "district": district_id})
    else:
        deck.put_under(state, [district_id])


def _gain(state: Any, seat: int, gold: int, why: str) -> None:
    state.gold[seat] += gold
    state.events.append({"type": "gold", "seat": seat, "gold": gold, "why": why})


def _push_draws(state: Any, seat: int, count: int, into: str, why: str) -> None:
    state.queue += [{"type": "draw", "seat": seat, "into": into, "why": why} for _ in range(count)]


# ---------------------------------------------------------------- the steps a turn owes
def step_decision(state: Any, frame: dict[str, Any]) -> Decision | None:
    """The decision of the top step, or ``None`` when the step has nothing to ask (it is then done at once)."""
    seat = frame["seat"]
    if frame["type"] == "draw":
        decision = deck.draw_decision(state, seat, frame["why"])
        return decision if decision.options else None
    if frame["type"] == "keep":
        drawn = state.drawn[seat]
        if len(drawn) <= RULES["gather_cards_kept"] or state.owns(seat, "library"):
            return None
        options = tuple(Option(Action(seat, "keep", {"district": d}), label=f"Keep the {title(d)}")
                        for d in sorted(set(drawn)))
        return Decision(seat, "keep", options, {"drawn": len(drawn)}, private_to=seat)
    if frame["type"] == "discard":
        if not state.hands[seat]:
            return None
        options = tuple(Option(Action(seat, "discard", {"district": d}), label=f"Put the {title(d)} under the deck")
                        for d in sorted(set(state.hands[seat])))
        return Decision(seat, "discard", options, {"why": frame["why"]}, private_to=seat)
    price = RULES["graveyard_price"]
    district_id = frame["district"]
    options = (Option(Action(seat, "graveyard", {"take": True}), cost={"gold": price},
                      label=f"Pay {price} gold to take the {title(district_id)} back into hand"),
               Option(Action(seat, "graveyard", {"take": False}), label="Let it go under the deck"))
    return Decision(seat, "graveyard", options, {"district": district_id})


def finish_step(state: Any, frame: dict[str, Any]) -> None:
    """Do a step that asks nothing: a draw from an empty deck is no card; a keep with nothing to choose keeps all."""
    seat = frame["seat"]
    if frame["type"] == "keep":
        state.hands[seat] = sorted(state.hands[seat] + state.drawn[seat])
        state.events.append({"type": "kept", "seat": seat, "cards": len(state.drawn[seat])})
        state.drawn[seat] = []


def apply_step(state: Any, frame: dict[str, Any], action: Action) -> None:
    seat = frame["seat"]
    if action.kind == "draw":
        card = action.arg("district")
        deck.take(state, card)
        if frame["into"] == "drawn":
            state.drawn[seat].append(card)
        else:
            state.hands[seat] = sorted(state.hands[seat] + [card])
        state.events += [{"type": "drew", "seat": seat, "district": card, "private_to": seat},
                         {"type": "card_drawn", "seat": seat, "why": frame["why"]}]
    elif action.kind == "keep":
        card = action.arg("district")
        rest = state.drawn[seat][:]
        rest.remove(card)
        state.hands[seat] = sorted(state.hands[seat] + [card])
        deck.put_under(state, rest)
        state.drawn[seat] = []
        state.events += [{"type": "kept_card", "seat": seat, "district": card, "private_to": seat},
                         {"type": "kept", "seat": seat, "cards": 1, "under_deck": len(rest)}]
    elif action.kind == "discard":
        card = action.arg("district")
        state.hands[seat].remove(card)
        deck.put_under(state, [card])
        state.events += [{"type": "discarded_card", "seat": seat, "district": card, "private_to": seat},
                         {"type": "under_deck", "seat": seat, "why": frame["why"]}]
    else:
        card = frame["district"]
        if action.arg("take"):
            state.gold[seat] -= RULES["graveyard_price"]
            state.hands[seat] = sorted(state.hands[seat] + [card])
        else:
            deck.put_under(state, [card])
        state.events.append({"type": "graveyard", "seat": seat, "district": card, "taken": bool(action.arg("take"))})
