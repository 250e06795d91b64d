"""Cards: building cards drawn into a hand (secret chance), kept and discarded; apprentices revealed, hired and
let go; reward cards; the Black Market cards turned over; a virtue step above the track spent on a debt.

Decks are modelled as the table knows them: the cards not yet seen (drawn by chance, every one equally likely)
and, beneath them, the cards put under the pile in the order they went there (drawn last, in that order).
"""

from __future__ import annotations

from typing import Any

from ..decisions import CHANCE, Action, Decision
from .data import apprentice, building, market_kinds, reward_cards, rule
from .economy import change_virtue, gain, label, pay_with_tax, player, silver_with_tax
from .tasks import decides, event, option, outcome, push, resolves

HAND_LIMIT = rule("hand_limit")
APPRENTICE_LIMIT = rule("apprentice_limit")
COLUMNS = rule("apprentice_row")["columns"]


# ---------------------------------------------------------------- building cards
def _next_cards(s: dict[str, Any], unseen: str, bottom: str) -> list[int]:
    """The cards a draw may bring: any unseen one, else the first one put under the pile."""
    if s[unseen]:
        return sorted(s[unseen])
    return s[bottom][:1]


def _take(s: dict[str, Any], unseen: str, bottom: str, card: int) -> None:
    if card in s[unseen]:
        s[unseen].remove(card)
    else:
        s[bottom].remove(card)


@decides("draw")
def decide_draw(s: dict[str, Any], task: dict[str, Any]) -> Decision | None:
    cards = _next_cards(s, "building_unseen", "building_bottom")
    if not cards:
        return None
    options = tuple(outcome("draw", "a building card", card=card) for card in cards)
    return Decision(CHANCE, "draw", options, {"seat": task["seat"], "to": task["to"], "place": "building pile"},
                    private_to=task["seat"])


@resolves("draw")
def resolve_draw(s: dict[str, Any], task: dict[str, Any], action: Action) -> None:
    card = action.arg("card")
    _take(s, "building_unseen", "building_bottom", card)
    player(s, task["seat"])[task["to"]].append(card)
    event(s, "drew", private_to=task["seat"], player=s["colours"][task["seat"]], card=card)


def put_under(s: dict[str, Any], cards: list[int]) -> None:
    s["building_bottom"].extend(sorted(cards))


@decides("hand_limit")
def decide_hand_limit(s: dict[str, Any], task: dict[str, Any]) -> Decision | None:
    seat = task["seat"]
    hand = player(s, seat)["hand"]
    if len(hand) <= HAND_LIMIT:
        return None
    options = tuple(option(seat, "discard", f"put {building(c).name} under the pile", card=c) for c in sorted(hand))
    return Decision(seat, "discard", options, {"place": "hand", "limit": HAND_LIMIT}, private_to=seat)


@resolves("hand_limit")
def resolve_hand_limit(s: dict[str, Any], task: dict[str, Any], action: Action) -> None:
    player(s, task["seat"])["hand"].remove(action.arg("card"))
    put_under(s, [action.arg("card")])
    push(s, task)                      # asks again while the hand is still too big


def keep_one(kind: str, pile: str, rest_under: bool):
    """A secret choice of one card from a player's ``pile`` into their kept cards or hand."""

    def decide(s: dict[str, Any], task: dict[str, Any]) -> Decision | None:
        seat = task["seat"]
        cards = player(s, seat)[pile]
        if not cards:
            return None
        options = tuple(option(seat, "keep", f"keep {building(c).name}", card=c) for c in sorted(cards))
        return Decision(seat, kind, options, {"place": pile}, private_to=seat)

    def resolve(s: dict[str, Any], task: dict[str, Any], action: Action) -> None:
        me = player(s, task["seat"])
        me[pile].remove(action.arg("card"))
        me[task.get("into", "hand")].append(action.arg("card"))
        if rest_under:
            put_under(s, me[pile])
            me[pile] = []

    decides(kind)(decide)
    resolves(kind)(resolve)


keep_one("draft_keep", "draft", rest_under=False)
keep_one("offer_keep", "offer", rest_under=True)


# ---------------------------------------------------------------- apprentices
@decides("reveal_apprentice")
def decide_reveal_apprentice(s: dict[str, Any], task: dict[str, Any]) -> Decision | None:
    if s["row"][task["row"]][task["col"]] is not None:
        return None
    cards = _next_cards(s, "apprentice_unseen", "apprentice_bottom")
    if not cards:
        return None
    options = tuple(outcome("reveal_apprentice", apprentice(c).name, card=c) for c in cards)
    return Decision(CHANCE, "reveal_apprentice", options,
                    {"row": task["row"] + 1, "column": task["col"] + 1, "place": "workshop"})


@resolves("reveal_apprentice")
def resolve_reveal_apprentice(s: dict[str, Any], task: dict[str, Any], action: Action) -> None:
    card = action.arg("card")
    _take(s, "apprentice_unseen", "apprentice_bottom", card)
    s["row"][task["row"]][task["col"]] = card
    event(s, "apprentice_revealed", card=card, row=task["row"] + 1, column=task["col"] + 1)


def faceup(s: dict[str, Any]) -> list[tuple[int, int]]:
    return [(r, c) for r, cards in enumerate(s["row"]) for c, card in enumerate(cards) if card is not None]


def hire_options(s: dict[str, Any], seat: int, kind: str, reach: int | None) -> list:
    """Hire choices: every face-up card (``reach`` None: free) or those the Workshop's workers and silver reach."""
    found = []
    hire = rule("workshop")
    for r, c in faceup(s):
        name = apprentice(s["row"][r][c]).name
        if reach is None:
            found.append(option(seat, kind, f"hire {name}", row=r + 1, column=c + 1))
            continue
        skipped = max(0, c + 1 - reach)
        silver = silver_with_tax(s, seat, hire["hire_silver"], hire["hire_tax"]) + skipped
        if player(s, seat)["silver"] >= silver:
            found.append(option(seat, kind, f"hire {name}", cost={"silver": silver}, row=r + 1, column=c + 1))
    return found


def hire(s: dict[str, Any], seat: int, row: int, col: int, reach: int | None, refill: bool = True) -> None:
    """Hire the card at ``row``, ``col`` (0-based): pay (unless free), take its silver, shift the row, refill."""
    hire_rule = rule("workshop")
    me = player(s, seat)
    if reach is not None:
        skipped = max(0, col + 1 - reach)
        pay_with_tax(s, seat, hire_rule["hire_silver"], hire_rule["hire_tax"])
        for passed in range(skipped):
            me["silver"] -= 1
            s["row_coins"][row][passed] += 1
    card = s["row"][row][col]
    me["silver"] += s["row_coins"][row][col]
    me["apprentices"].append(card)
    event(s, "hired", player=s["colours"][seat], card=card)
    if refill:
        cards, coins = s["row"][row], s["row_coins"][row]
        s["row"][row] = cards[:col] + cards[col + 1:] + [None]
        s["row_coins"][row] = coins[:col] + coins[col + 1:] + [0]
        push(s, {"kind": "reveal_apprentice", "row": row, "col": COLUMNS - 1})
    else:
        s["row"][row][col] = None
        s["row_coins"][row][col] = 0
    if len(me["apprentices"]) > APPRENTICE_LIMIT:
        push(s, {"kind": "apprentice_limit", "seat": seat})
    change_virtue(s, seat, apprentice(card).virtue)


@decides("hire_any")
def decide_hire_any(s: dict[str, Any], task: dict[str, Any]) -> Decision | None:
    options = hire_options(s, task["seat"], "hire", None)
    return Decision(task["seat"], "hire", tuple(options), {"place": task.get("place", "workshop"), "free": True}) \
        if options else None


@resolves("hire_any")
def resolve_hire_any(s: dict[str, Any], task: dict[str, Any], action: Action) -> None:
    hire(s, task["seat"], action.arg("row") - 1, action.arg("column") - 1, None, refill=task.get("refill", True))


@decides("apprentice_limit")
def decide_apprentice_limit(s: dict[str, Any], task: dict[str, Any]) -> Decision | None:
    seat = task["seat"]
    cards = player(s, seat)["apprentices"]
    if len(cards) <= APPRENTICE_LIMIT:
        return None
    options = tuple(option(seat, "let_go", f"let {apprentice(c).name} go", card=c) for c in sorted(set(cards)))
    return Decision(seat, "let_go", options, {"place": "apprentices", "limit": APPRENTICE_LIMIT})


@resolves("apprentice_limit")
def resolve_apprentice_limit(s: dict[str, Any], task: dict[str, Any], action: Action) -> None:
    player(s, task["seat"])["apprentices"].remove(action.arg("card"))
    s["apprentice_bottom"].append(action.arg("card"))


# ---------------------------------------------------------------- reward cards
@decides("reward")
def decide_reward(s: dict[str, Any], task: dict[str, Any]) -> Decision | None:
    counts: dict[int, int] = {}
    for card in s["reward_unseen"]:
        counts[card] = counts.get(card, 0) + 1
    options = tuple(outcome("reward", _gain_label(reward_cards()[c]), card=c) for c in sorted(counts))
    return Decision(CHANCE, "reward", options, {"seat": task["seat"], "place": "cathedral"})


@resolves("reward")
def resolve_reward(s: dict[str, Any], task: dict[str, Any], action: Action) -> None:
    card = action.arg("card")
    s["reward_unseen"].remove(card)
    s["rewards_left"] -= 1
    s["rewards_taken"].append(card)
    gain(s, task["seat"], reward_cards()[card])
    event(s, "reward", player=s["colours"][task["seat"]], card=card)


def _gain_label(goods: dict[str, int]) -> str:
    return ", ".join(f"{amount} {good}" for good, amount in goods.items())


# ---------------------------------------------------------------- black market cards
@decides("market_reveal")
def decide_market_reveal(s: dict[str, Any], task: dict[str, Any]) -> Decision | None:
    if s["market_top"] is not None or not s["market_unseen"]:
        return None
    counts: dict[int, int] = {}
    for kind in s["market_unseen"]:
        counts[kind] = counts.get(kind, 0) + 1
    options = tuple(outcome("market_card", _gain_label(market_kinds()[k]["small"]), weight=float(n), kind=k)
                    for k, n in sorted(counts.items()))
    return Decision(CHANCE, "market_card", options, {"place": "black market"})


@resolves("market_reveal")
def resolve_market_reveal(s: dict[str, Any], task: dict[str, Any], action: Action) -> None:
    s["market_unseen"].remove(action.arg("kind"))
    s["market_top"] = action.arg("kind")


def flip_market(s: dict[str, Any]) -> None:
    """Turn the top small-market card onto the large pile, then show the next one (chance); an empty small pile is
    first made again from the large pile (the rulebook)."""
    if s["market_top"] is None:
        s["market_unseen"].extend(s["market_large"])
        s["market_large"] = []
        push(s, {"kind": "market_flip"})
        push(s, {"kind": "market_reveal"})
        return
    s["market_large"].append(s["market_top"])
    s["market_top"] = None
    push(s, {"kind": "market_reveal"})


# ---------------------------------------------------------------- follow-ups: virtue above 14, a choice of gains
@decides("excess_virtue")
def decide_excess_virtue(s: dict[str, Any], task: dict[str, Any]) -> Decision | None:
    seat = task["seat"]
    if player(s, seat)["unpaid"] == 0:
        return None
    return Decision(seat, "excess_virtue", (option(seat, "excess_virtue", "destroy an unpaid debt", destroy=True),
                                            option(seat, "excess_virtue", "keep it", destroy=False)),
                    {"place": "virtue track"})


@resolves("excess_virtue")
def resolve_excess_virtue(s: dict[str, Any], task: dict[str, Any], action: Action) -> None:
    if action.arg("destroy"):
        player(s, task["seat"])["unpaid"] -= 1
        event(s, "debt_destroyed", player=s["colours"][task["seat"]])


@decides("choose_gain")
def decide_choose_gain(s: dict[str, Any], task: dict[str, Any]) -> Decision | None:
    seat = task["seat"]
    options = tuple(option(seat, "gain", _gain_label(g), gain=g, choice=i + 1) for i, g in enumerate(task["gains"]))
    return Decision(seat, "gain", options, {"place": task.get("place", "")})


@resolves("choose_gain")
def resolve_choose_gain(s: dict[str, Any], task: dict[str, Any], action: Action) -> None:
    gain(s, task["seat"], task["gains"][action.arg("choice") - 1])


def who(s: dict[str, Any], seat: int) -> str:
    return label(s, seat)
