"""A "smart-ish" random Caylus player for the audit playouts: it builds, converts, climbs the favour
rows and hoards gold, so random games reach the late rules (architects, prestige tiles, column 5)."""

from __future__ import annotations

import random

from companion.games import Action, Decision
from companion.games.caylus import CaylusState

PLACE_WEIGHTS = {"build": 4, "convert": 5, "produce": 3, "trade": 3, "sell": 1.5, "buy": 1.5}
GOLD_SOURCES = ("gold_mine", "bank", "alchemist")
KEEP_WHEN_CONVERTING = ("architect", "mason", "bank", "gold_mine")


def _place_weight(state: CaylusState, action: Action) -> float:
    """Placement preferences: the architect when owning a residence, gold, the lawyer, builders."""
    place = action.arg("place") or "pass"
    if place == "pass":
        return 0.3
    if place == "castle":
        return 4
    if not place.startswith("road."):
        return 1
    building = state.building(int(place[5:]))
    seat = action.player
    residences = sum(1 for square in state.road() if square["tile"] == "residence"
                     and square["owner"] == state.colours[seat])
    if building.id == "architect":
        return 12 if residences else 0.5
    if building.id == "lawyer" and not residences:
        return 9
    if building.id in GOLD_SOURCES:
        return 7
    if building.id == "lawyer":
        return 6
    return PLACE_WEIGHTS.get(building.effect_type, 1)


def smart_choice(rnd: random.Random, state: CaylusState, decision: Decision,
                 wishlist: frozenset[str] = frozenset()) -> Action:
    """A weighted random choice; prestige tiles in ``wishlist`` are built whenever they are offered."""
    options = decision.options
    doing = [o for o in options if not o.action.arg("skip")]
    kind = decision.kind
    if kind in ("place", "gate"):
        return rnd.choices(options, [_place_weight(state, o.action) for o in options])[0].action
    if kind == "provost":  # mostly leave it: slower bailiff, longer games
        return rnd.choices(options, [4 if o.action.arg("steps") == 0 else 1 for o in options])[0].action
    if kind == "favour":  # concentrate on one row to reach the high columns
        rows = state.favour_positions(decision.player)
        return max(options, key=lambda o: (rows[o.action.arg("row")], rnd.random())).action
    if kind == "favour_resources":
        return max(options, key=lambda o: (o.action.arg("column"), rnd.random())).action
    if kind == "produce":
        return max(options, key=lambda o: (sum(c in ("cloth", "gold") for c in o.action.arg("cubes")),
                                           rnd.random())).action
    if kind == "castle":
        plain = [o for o in doing if "gold" not in o.action.arg("cubes")]
        if wishlist:  # saving stone and gold for a prestige tile
            plain = [o for o in plain if "stone" not in o.action.arg("cubes")] or plain
        if plain and (state.turn_number >= 8 or rnd.random() < 0.5):
            return rnd.choice(plain).action
        return options[-1].action
    if kind == "convert":
        squares = [o for o in doing if state.building(o.action.arg("square")).kind == "neutral"]
        squares = squares or [o for o in doing
                              if state.building(o.action.arg("square")).id not in KEEP_WHEN_CONVERTING]
        return rnd.choice(squares).action if squares else options[-1].action
    if kind == "sell":
        cheap = [o for o in doing if o.action.arg("cube") in ("food", "wood", "cloth")]
        return rnd.choice(cheap).action if cheap else options[-1].action
    if kind == "trade":
        gold = [o for o in doing if "gold" in o.gain]
        if gold:
            return rnd.choice(gold).action
    if kind in ("build", "favour_building"):
        prestige = [o for o in doing if o.action.arg("column") in (None, 5) and o.action.arg("building")
                    and state.catalogue[o.action.arg("building")].kind == "prestige"]
        wished = [o for o in prestige if o.action.arg("building") in wishlist]
        if wished:
            return rnd.choice(wished).action
        if prestige and not wishlist:
            return rnd.choices(prestige, [state.catalogue[o.action.arg("building")].pp ** 2
                                          for o in prestige])[0].action
        for wanted in ("architect", "mason", "lawyer"):
            chosen = [o for o in doing if o.action.arg("building") == wanted]
            if chosen:
                return chosen[0].action
    if doing and rnd.random() < 0.95:
        return rnd.choice(doing).action
    return rnd.choice(options).action
