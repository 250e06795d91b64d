"""Guided first play of Citadels on the tablet's API: each rule is taught the first time it applies and holds the
players' decisions until "Got it"; each character is taught by its first turn, each unique district once one is
built (never from a secret: a card drawn in secret teaches nothing)."""

from __future__ import annotations

from companion.games import CHANCE
from companion.games.citadels.data import district
from companion.session import Journal
from companion.web import create_app
from companion.web.desk import Desk
from tests.web.tablet_client import PIN, Tablet

PLAYERS = ["red", "blue", "green", "yellow"]
CHARACTERS = {"assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"}


def _guided_table(seed: int):
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="citadels", players=PLAYERS, seed=seed, variants={}, guided=True, names={})
    tablet = Tablet(create_app(desk, pin=PIN).test_client())
    assert tablet.pair().status_code == 200
    return desk, tablet


def _decide(tablet: Tablet, session, option) -> None:
    """One decision as the table takes it: chance as the camera sees it; a secret on the tablet handed to its seat."""
    decision = session.state.pending()
    if decision.player == CHANCE:
        session.decide(option.action, source="camera")
        return
    if decision.private_to is not None:
        revealed = tablet.post("/api/reveal", {"seat": PLAYERS[decision.private_to], "decision": len(session.actions)})
        assert revealed.status_code == 200, revealed.get_json()
    answer = tablet.post("/api/decide", {"action": option.action.to_json()})
    assert answer.status_code == 200, answer.get_json()


def _prefer(state, decision):
    """Build when possible, else gather (gold and cards in turn by round), else end the turn, else the first option:
    a game that ends soon."""
    kinds = [option.action.kind for option in decision.options]
    take = "gold" if state.round % 2 else "cards"
    gold = [o for o in decision.options if o.action.kind == "gather" and o.action.arg("take") == take]
    if "build" in kinds:
        return decision.options[kinds.index("build")]
    if gold:
        return gold[0]
    return decision.options[kinds.index("end_turn")] if "end_turn" in kinds else decision.options[0]


def test_each_rule_character_and_unique_district_is_taught_when_it_first_applies_and_holds_the_table():
    desk, tablet = _guided_table(seed=21)
    session = desk.session
    read: list[str] = []
    refused_while_due = 0
    for _ in range(1500):
        lesson = tablet.get("/api/live").get_json()["lesson"]
        if lesson:
            assert lesson["title"] and lesson["text"] and not lesson["text"].startswith(("rules.", "tiles."))
            decision = session.state.pending()
            if decision is not None and decision.player != CHANCE and decision.private_to is None:
                held = tablet.post("/api/decide", {"action": decision.options[0].action.to_json()})
                assert held.status_code == 409
                refused_while_due += 1
            assert tablet.post(f"/api/lessons/{lesson['key']}/done").status_code == 200
            read.append(lesson["key"])
            continue
        state = session.state
        if state.is_over:
            break
        decision = state.pending()
        if decision.kind == "turn":
            character = decision.context["character"]
            assert f"card.{character}" in read, f"the {character} plays before being taught"
            assert "turn" in read
        if decision.kind == "pick":
            assert "draft" in read
        _decide(tablet, session, _prefer(state, decision))
        for key in read:
            if key.startswith("card.") and district_known(key[5:]):
                assert any(key[5:] in city for city in session.state.cities) or key == "card.graveyard"
    assert session.state.is_over
    assert read[0] == "setup" and read[-1] == "end_game"
    assert {"draft", "calling", "turn", "build", "round_end", "complete_city"} <= set(read)
    assert len(read) == len(set(read)), "a lesson is taught once"
    characters = [key for key in read if key[5:] in CHARACTERS]
    assert characters and all(read.index(key) > read.index("turn") for key in characters), \
        "a character is taught by its turn, not when it is put aside or murdered"
    assert refused_while_due


def district_known(card_id: str) -> bool:
    try:
        return district(card_id) is not None
    except (KeyError, ValueError):
        return False
