"""Refusals in words: why an action is not one of the options, naming the player, the place and the rule.

Every refusal is a :class:`RuleError` whose ``rule`` is a short name of the rule broken ("one worker per building",
"pay the building's cost" …). Refusals that only say another decision was expected use the names every pack shares
(``not your turn``, ``wrong decision kind``, ``not a legal option``), so the reconciler can tell them from a rule.

>>> from companion.games import Action
>>> from companion.games.caylus1303 import new_game
>>> try:
...     new_game(["blue", "red"], seed=1).apply(Action(0, "place", {"place": "fair"}))
... except ValueError as refused:
...     print(refused, "|", refused.rule)
Blue can't act now: the table must lay out a building tile | not your turn
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable, NamedTuple, Sequence

from ..decisions import CHANCE, Action, Decision
from ..errors import RuleError
from .data import GOOD_INDEX, GOODS, PLAIN_GOODS, rules, tile, tiles, title

DECISION_WORDS = {
    "setup_tile": "lay out a building tile", "first_player": "draw the first player",
    "draw_character": "draw a character", "choose_character": "choose a character",
    "place": "place a worker or pass", "early_riser": "use the Early Riser or not",
    "bridge": "move the provost at the Guilds Bridge", "bailiff": "move the provost with the Bailiff",
    "gain": "take a building's goods", "trade": "use a building", "build": "build",
    "lawyer": "use the Lawyer", "provost": "move the provost", "favour": "choose a favour",
    "favour_character": "take a character from the board", "deliver": "deliver to the worksite",
    "landmark": "build a landmark or keep the residence",
}
PROVOST_MOVERS = {"bridge": ("at the Guilds Bridge", "bridge_max_steps"), "bailiff": ("with the Bailiff",
                  "bailiff_max_steps"), "provost": ("with the Recall", "recall_max_steps")}
FRONT = tuple(rules()["front_buildings"])
ROAD_LENGTH = len(rules()["road"])



class Reason(NamedTuple):
    """Why an action is refused: ``message`` follows "<Who> can't …"; ``key`` names it in the pack's strings
    (``refusals.<key>``) with ``values`` (the player's colour is added)."""

    message: str
    place: str | None
    rule: str
    key: str
    values: dict[str, Any]


def _reason(message: str, place: str | None, rule: str, key: str, **values: Any) -> Reason:
    """A :class:`Reason`. Write ``key`` out (a string, or strings joined by ``if``/``+``): the tests read them."""
    return Reason(message, place, rule, key, values)


def _who(state: Any, seat: int) -> str:
    if seat == CHANCE:
        return "The table"
    if 0 <= seat < len(state.colours):
        return state.player_label(seat)
    return f"Seat {seat}"


def refusal(state: Any, decision: Decision | None, action: Action) -> RuleError:
    """The :class:`RuleError` for ``action`` in ``state`` (``decision`` is what the game waits for)."""
    who = _who(state, action.player)
    player = state.colours[action.player] if 0 <= action.player < len(state.colours) else None
    if decision is None:
        return RuleError(f"{who} can't play: the game is over", player=player, rule="game over",
                         key="refusals.game_over", values={"player": player or who})
    expected = "the table" if decision.player == CHANCE else _who(state, decision.player)
    doing = DECISION_WORDS.get(decision.kind, decision.kind)
    if action.player != decision.player:
        waiting = state.colours[decision.player] if 0 <= decision.player < len(state.colours) else None
        return RuleError(f"{who} can't act now: {expected} must {doing}", player=player, rule="not your turn",
                         key="refusals.not_your_turn" if waiting else "refusals.not_your_turn_table",
                         values={"player": player or who, "waiting": waiting, "asked": decision.kind})
    if action.kind != decision.kind:
        return RuleError(f"{who} must {doing} now, not {action.kind.replace('_', ' ')}", player=player,
                         rule="wrong decision kind", key="refusals.wrong_kind",
                         values={"player": player or who, "asked": decision.kind})
    specific = SPECIFIC.get(decision.kind)
    try:
        reason = specific(state, decision, action) if specific else None
    except (TypeError, ValueError, KeyError, AttributeError):     # arguments of the wrong shape
        reason = None
    if reason is not None:
        return RuleError(f"{who} can't {reason.message}", player=player, place=reason.place, rule=reason.rule,
                         key=f"refusals.{reason.key}", values={"player": player or who, **reason.values})
    place = action.arg("place")
    labels = "; ".join(option.label for option in decision.options[:6]) + (" …" if len(decision.options) > 6 else "")
    return RuleError(f"{who} can't do that: {action} is not one of the options to {doing} ({labels})",
                     player=player, place=place if isinstance(place, str) else None, rule="not a legal option",
                     key="refusals.not_an_option", values={"player": player or who, "asked": decision.kind})


# ---------------------------------------------------------------- placing a worker
def _placement(state: Any, decision: Decision, action: Action) -> Reason | None:
    """Why a worker can't go where ``action`` puts it (a pass is always allowed when it is one's turn)."""
    place, seat = action.arg("place"), action.player
    if action.arg("skip") or place == "pass":
        return None
    if not isinstance(place, str):
        return _reason("place a worker: say where (a building, the worksite or pass)", None, "malformed",
                       "place_where")
    if place.startswith("worksite."):
        return _reason("place a worker on the worksite's buildings: the worksite buildings only work through "
                       "favours", place, "worksite buildings work through favours", "worksite_building")
    if place == "worksite":
        if seat in state.worksite_workers:
            return _reason("place a second worker on the worksite: each player puts at most one worker on the "
                           "worksite", place, "one worker per player on the worksite", "worksite_twice")
        where, workers = "the worksite", None
    elif place in FRONT:
        where, workers = f"the {title(place)}", state.front_workers[FRONT.index(place)]
    elif place.startswith("road."):
        space = _int(place[5:])
        if space is None or not 1 <= space <= ROAD_LENGTH:
            return _reason(f"place on {place}: the road has no space {place[5:]} (1 to {ROAD_LENGTH})", place,
                           "no such place", "no_such_space", space=place[5:], last=ROAD_LENGTH)
        tile_id, side = state.road_tile[space - 1], state.road_side[space - 1]
        if tile_id is None:
            return _reason(f"place a worker: nothing is built on space {space}", place,
                           "workers go on buildings only", "nothing_built", space=space)
        where = f"the {title(tile_id)} (space {space})"
        if side in ("residence", "landmark"):
            kind = "a residence" if side == "residence" else "a landmark"
            return _reason(f"place on {where}: it is {kind}, and workers never go on residences or landmarks",
                           place, "no workers on residences or landmarks",
                           "no_worker_on_residence" if side == "residence" else "no_worker_on_landmark",
                           tile=tile_id, space=space)
        workers = state.road_workers[space - 1]
    else:
        return _reason(f"place on {place!r}: there is no such place", place, "no such place", "no_such_place",
                       place=place)
    if workers:
        return _occupied(state, seat, where, place, workers)
    cost = 2 if decision.kind == "early_riser" else 1 + (1 if state.bridge and not state.holds(seat, "night_worker")
                                                         else 0)
    if state.workers[seat] < cost:
        why = " (someone has passed: each placement costs one more)" if cost == 2 and state.bridge else ""
        return _reason(f"place on {where}: it costs {cost} workers{why} and {_who(state, seat)} has "
                       f"{state.workers[seat]}", place, "placing costs workers",
                       "workers_short_worksite" if place == "worksite" else "workers_short",
                       tile=_where(place, state), cost=cost, workers=state.workers[seat])
    return None


def _where(place: str, state: Any) -> str:
    """The building's id at ``place`` (``tiles.*`` in the strings): a road space's tile, else the place."""
    if place.startswith("road."):
        return str(state.road_tile[int(place[5:]) - 1])
    return place


def _occupied(state: Any, seat: int, where: str, place: str, workers: Sequence[int]) -> Reason:
    """A building with a worker on it: only the Journeyman joins one, once a round, beside another player's alone."""
    owner = _who(state, workers[0])
    whose = f"{_who(state, seat)}'s own worker" if workers[0] == seat else f"{owner}'s worker"
    if not state.holds(seat, "journeyman") or len(workers) > 1:
        return _reason(f"place on {where}: {whose} already stands there", place, "one worker per building",
                       "occupied_own" if workers[0] == seat else "occupied", tile=_where(place, state),
                       occupant=state.colours[workers[0]])
    if workers[0] == seat:
        return _reason(f"place on {where}: the Journeyman joins another player's worker, not {whose}", place,
                       "the Journeyman joins another player's worker", "journeyman_own", tile=_where(place, state))
    return _reason(f"place on {where}: {whose} stands there and the Journeyman has joined one already this round",
                   place, "the Journeyman joins once a round", "journeyman_once", tile=_where(place, state),
                   occupant=state.colours[workers[0]])


# ---------------------------------------------------------------- the provost
def _provost(state: Any, decision: Decision, action: Action) -> Reason | None:
    """A provost move too long, off the road, or (at the bridge) dearer in workers than the player has."""
    steps = action.arg("steps")
    how, limit_key = PROVOST_MOVERS[decision.kind]
    if not isinstance(steps, int) or isinstance(steps, bool):
        return _reason(f"move the provost {how}: say how many spaces", "provost", "malformed", "provost_steps",
                       asked=decision.kind)
    most = rules()[limit_key]
    if abs(steps) > most:
        return _reason(f"move the provost {abs(steps)} spaces {how}: at most {most}", "provost",
                       f"the provost moves at most {most} {_spaces(most)} {how}", "provost_far", steps=abs(steps),
                       most=most, asked=decision.kind)
    target = state.provost + steps
    if target < 0:
        return _reason(f"move the provost {abs(steps)} spaces back {how}: he never goes back over the Guilds "
                       "Bridge", "provost", "the provost stays on the road", "provost_behind", steps=abs(steps))
    if target > ROAD_LENGTH:
        return _reason(f"move the provost {steps} spaces on {how}: he stops at the end of the road", "provost",
                       "the provost stays on the road", "provost_beyond", steps=steps)
    if decision.kind == "bridge" and abs(steps) > state.workers[action.player]:
        return _reason(f"move the provost {abs(steps)} spaces {how}: each space costs a worker and "
                       f"{_who(state, action.player)} has {state.workers[action.player]}", "provost",
                       "a worker a space at the Guilds Bridge", "provost_workers", steps=abs(steps),
                       workers=state.workers[action.player])
    return None


def _spaces(count: int) -> str:
    return "space" if count == 1 else "spaces"


# ---------------------------------------------------------------- building and paying
def _build(state: Any, decision: Decision, action: Action) -> Reason | None:
    """A building the Carpenter or Stonemason can't build: the wrong material, none left, no house, too few goods."""
    if action.arg("skip"):
        return None
    seat, place, building = action.player, decision.context.get("place"), action.arg("building")
    where = decision.context.get("building")
    effect = tile(where).side_effect(decision.context.get("side", "start")) if where in tiles() else {}
    if building not in tiles():
        return _reason(f"build {building!r}: there is no such building", place, "no such building",
                       "no_such_building", tile=str(building))
    wanted = effect.get("kind", "wood")
    if tile(building).kind != wanted:
        return _reason(f"build the {title(building)} with the {title(where)}: it builds {wanted} buildings", place,
                       f"the {title(where)} builds {wanted} buildings",
                       "builds_wood" if wanted == "wood" else "builds_stone", tile=building)
    supply = state.wood_supply if wanted == "wood" else state.stone_supply
    if building not in supply:
        return _reason(f"build the {title(building)}: no {title(building)} tile is left beside the board", place,
                       "each building once", "build_none_left", tile=building)
    if state.houses[seat] < 1:
        return _reason(f"build the {title(building)}: {_who(state, seat)} has no house left to mark it", place,
                       "no house, no building", "build_no_house", tile=building)
    if state.first_empty_space() is None:
        return _reason(f"build the {title(building)}: the road has no empty space left", place,
                       "build on the road", "road_full", tile=building)
    cost = {good: n for good, n in tile(building).cost.items() if good not in effect.get("free", ())}
    return _payment(state, seat, f"build the {title(building)}", cost, action.arg("pay"), place,
                    "pay the building's cost", building)


def _payment(state: Any, seat: int, doing: str, cost: dict[str, int], paid: Any, place: str | None,
             rule: str, paying_for: str) -> Reason | None:
    """Whether ``paid`` pays ``cost`` (``any``: one plain good of choice) from what ``seat`` holds;
    ``paying_for`` is the tile paid for (a building, a landmark, the Lawyer), as the strings name it."""
    price = _price_text(cost)
    cost_cubes = [good for good, n in cost.items() for _ in range(n)]
    held = Counter({good: state.goods[seat][GOOD_INDEX[good]] for good in GOODS})
    short = [good for good, n in cost.items() if good != "any" and held[good] < n]
    if short:
        return _reason(f"{doing}: it costs {price} and {_who(state, seat)} has {held[short[0]]} {short[0]}", place,
                       rule, "pay_short", tile=paying_for, cost_cubes=cost_cubes, held=held[short[0]],
                       cube=short[0])
    spare = sum(n for good, n in held.items() if good in PLAIN_GOODS) - sum(
        n for good, n in cost.items() if good in PLAIN_GOODS)
    if spare < cost.get("any", 0):
        return _reason(f"{doing}: it costs {price} and {_who(state, seat)} has too few goods", place, rule,
                       "pay_too_few", tile=paying_for, cost_cubes=cost_cubes)
    if paid is not None:
        given = Counter(paid)
        fixed = Counter({good: n for good, n in cost.items() if good != "any"})
        extra = given - fixed
        if fixed - given or sum(extra.values()) != cost.get("any", 0) or "gold" in extra:
            return _reason(f"{doing} for {_goods(paid)}: it costs {price}", place, rule, "pay_wrong",
                           tile=paying_for, cubes=[str(good) for good in paid], cost_cubes=cost_cubes)
        if any(held[good] < n for good, n in given.items()):
            return _reason(f"{doing} for {_goods(paid)}: {_who(state, seat)} doesn't have them", place, rule,
                           "pay_missing", tile=paying_for, cubes=[str(good) for good in paid])
    return None


def _price_text(cost: dict[str, int]) -> str:
    parts = [f"{n} {good}" for good, n in cost.items() if good != "any" and n]
    if cost.get("any"):
        parts.append(f"{cost['any']} good{'s' if cost['any'] > 1 else ''} of choice")
    return " + ".join(parts) or "nothing"


def _goods(goods: Any) -> str:
    return ", ".join(str(good) for good in goods) or "nothing"


def _lawyer(state: Any, decision: Decision, action: Action) -> Reason | None:
    """The Lawyer's house goes on a starting building still showing its start side, with no house yet."""
    if action.arg("skip"):
        return None
    seat, space, place = action.player, action.arg("space"), decision.context.get("place")
    index = space - 1 if isinstance(space, int) and 1 <= space <= ROAD_LENGTH else None
    tile_id = state.road_tile[index] if index is not None else None
    if tile_id is None or tile(tile_id).kind != "starting" or state.road_side[index] != "start" \
            or state.road_owner[index] is not None:
        shown = f"the {title(tile_id)} (space {space})" if tile_id else f"space {space}"
        return _reason(f"use the Lawyer on {shown}: the Lawyer puts a house on a starting building that shows its "
                       "start side and has no house", f"road.{space}", "the Lawyer takes a starting building",
                       "lawyer_target", space=space)
    if state.houses[seat] < 1:
        return _reason("use the Lawyer: no house is left", place, "no house, no building", "lawyer_no_house")
    lawyer = str(decision.context.get("building"))
    return _payment(state, seat, "use the Lawyer", dict(tile(lawyer).side_effect("start").get("pay", {})), None, place,
                    "pay the Lawyer's price", lawyer)


def _landmark(state: Any, decision: Decision, action: Action) -> Reason | None:
    """A landmark that is not left, or that the residence's owner can't pay for."""
    if action.arg("skip"):
        return None
    seat, landmark, space = action.player, action.arg("landmark"), decision.context.get("space")
    place = f"road.{space}"
    if landmark not in tiles() or tile(landmark).kind != "landmark":
        return _reason(f"build {landmark!r} on the residence: there is no such landmark", place, "no such landmark",
                       "no_such_landmark", tile=str(landmark))
    if landmark not in state.landmark_supply:
        return _reason(f"build the {title(landmark)}: it is built already", place, "each landmark once",
                       "landmark_built", tile=landmark)
    return _payment(state, seat, f"build the {title(landmark)}", dict(tile(landmark).cost), None, place,
                    "pay the landmark's cost", landmark)


def _deliver(state: Any, decision: Decision, action: Action) -> Reason | None:
    """A bundle is 3 different goods with a food (any 3 with the Chamberlain), from what the player holds."""
    if action.arg("stop"):
        return None
    seat, goods = action.player, list(action.arg("goods") or ())
    held = Counter({good: state.goods[seat][GOOD_INDEX[good]] for good in GOODS})
    if any(good not in GOOD_INDEX for good in goods):
        return _reason(f"deliver {_goods(goods)}: a bundle is made of goods", "worksite", "delivery bundle",
                       "deliver_goods")
    if not state.holds(seat, "chamberlain") and (len(goods) != 3 or len(set(goods)) != 3 or "food" not in goods):
        return _reason(f"deliver {_goods(goods)}: a bundle is 3 different goods, one of them food", "worksite",
                       "delivery bundle", "deliver_bundle", cubes=goods)
    if len(goods) != 3:
        return _reason(f"deliver {_goods(goods)}: a bundle is 3 goods", "worksite", "delivery bundle",
                       "deliver_three", cubes=goods)
    short = [good for good, n in Counter(goods).items() if held[good] < n]
    if short:
        return _reason(f"deliver {_goods(goods)}: {_who(state, seat)} has {held[short[0]]} {short[0]}",
                       "worksite", "delivery bundle", "deliver_short", cubes=goods, held=held[short[0]],
                       cube=short[0])
    return None


def _favour(state: Any, decision: Decision, action: Action) -> Reason | None:
    """A favour takes another player's character, or uses an open worksite building."""
    from .effects import worksite_open

    taken, site = action.arg("take"), action.arg("worksite")
    if taken is not None:
        holder = state.holder(taken) if isinstance(taken, str) else None
        if holder is None or holder == action.player:
            return _reason(f"take the {title(str(taken))} with a favour: a favour takes a character another player "
                           "holds", f"character.{taken}", "a favour takes another player's character",
                           "favour_character", tile=str(taken))
        return None
    if isinstance(site, int) and site > worksite_open(state):
        return _reason(f"use the worksite's building {site}: in round {state.round} only the first "
                       f"{worksite_open(state)} {'is' if worksite_open(state) == 1 else 'are'} open",
                       f"worksite.{site}", "worksite buildings open by round", "favour_worksite_closed", site=site,
                       round=state.round, open=worksite_open(state))
    return None


def _int(text: str) -> int | None:
    return int(text) if text.isdigit() else None


SPECIFIC: dict[str, Callable[[Any, Decision, Action], Reason | None]] = {
    "place": _placement, "early_riser": _placement, "bridge": _provost, "bailiff": _provost, "provost": _provost,
    "build": _build, "lawyer": _lawyer, "landmark": _landmark, "deliver": _deliver, "favour": _favour,
}
