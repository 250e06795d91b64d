"""Secret decisions through the tablet's API: a seat's own device sees its secret options and hand; the table's device
sees them only once it is handed to that seat (``POST /api/reveal``) and only until the decision is made; a device
paired to another seat never does; ``/api/live`` and ``/api/events`` both keep to it. Citadels' character draft (with
people at every seat) and the Goofspiel test game's secret bids."""

from __future__ import annotations

import json
import queue
import threading

import pytest

from companion.session import Journal
from companion.web import create_app
from companion.web.desk import Desk
from tablet_client import PIN, Tablet

PLAYERS = ["red", "blue", "green", "yellow"]
NAMES = {"red": "Ann", "blue": "Bob"}


def device(app, colour: str | None = None) -> Tablet:
    tablet = Tablet(app.test_client())
    assert tablet.pair().status_code == 200
    if colour is not None:
        assert tablet.post("/api/seat", {"colour": colour}).status_code == 200
    return tablet


def live(tablet: Tablet) -> dict:
    return tablet.get("/api/live").get_json()


def play_to_pick(desk: Desk, colour: str) -> None:
    """The table deals and turns the cards (as the camera would enter them), the seats before ``colour`` pick."""
    session = desk.session
    while not (session.state.pending().kind == "pick" and session.players[session.state.pending().player] == colour):
        session.decide(session.state.pending().options[0].action, source="camera")


def pick_options(desk: Desk) -> list[dict]:
    return [option.action.to_json() for option in desk.session.state.pending().options]


def reveal(tablet: Tablet, colour: str, desk: Desk):
    return tablet.post("/api/reveal", {"seat": colour, "decision": len(desk.session.actions)})


@pytest.fixture
def citadels():
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="citadels", players=PLAYERS, seed=11, variants={}, guided=False, names=NAMES)
    return desk, create_app(desk, pin=PIN)


def test_a_seats_own_device_sees_its_secret_options_and_hand_and_never_another_seats(citadels):
    desk, app = citadels
    bobs_phone = device(app, "blue")
    play_to_pick(desk, "red")
    seen = live(bobs_phone)
    assert seen["snapshot"]["pending"]["player"] == 0 and seen["snapshot"]["pending"]["options"] == []
    hand = seen["snapshot"]["table_view"]["private"]["hand"]
    assert hand == sorted(desk.session.state.hands[1]) and len(hand) == 4
    assert seen["hand_over"] is None
    assert bobs_phone.post("/api/decide", {"action": pick_options(desk)[0]}).status_code == 403
    table = device(app)
    assert reveal(table, "red", desk).status_code == 200
    assert table.post("/api/decide", {"action": pick_options(desk)[0]}).status_code == 200
    seen = live(bobs_phone)
    assert [o["action"] for o in seen["snapshot"]["pending"]["options"]] == pick_options(desk)
    assert seen["snapshot"]["table_view"]["private"]["choosing_from"]
    assert bobs_phone.post("/api/decide", {"action": pick_options(desk)[0]}).status_code == 200


def test_the_table_device_shows_a_secret_only_once_handed_to_its_seat_and_only_until_it_is_decided(citadels):
    desk, app = citadels
    table = device(app)
    play_to_pick(desk, "red")
    covered = live(table)
    assert covered["snapshot"]["pending"]["options"] == []
    assert "private" not in covered["snapshot"]["table_view"]
    assert covered["hand_over"] == {"to": "red", "decision": len(desk.session.actions), "revealed": False}
    refused = table.post("/api/decide", {"action": pick_options(desk)[0]})
    assert refused.status_code == 403 and refused.get_json()["error"] == "Only Ann may see this choice."
    assert desk.session.state.pending().player == 0

    assert reveal(table, "red", desk).get_json() == {"revealed": "red", "decision": len(desk.session.actions)}
    shown = live(table)
    assert [o["action"] for o in shown["snapshot"]["pending"]["options"]] == pick_options(desk)
    assert shown["snapshot"]["table_view"]["private"]["hand"] == sorted(desk.session.state.hands[0])
    assert shown["hand_over"]["revealed"] is True and shown["device"]["decide"] is None
    picked = pick_options(desk)[0]
    assert table.post("/api/decide", {"action": picked}).status_code == 200

    after = live(table)
    assert after["hand_over"] == {"to": "blue", "decision": len(desk.session.actions), "revealed": False}
    assert after["snapshot"]["pending"]["options"] == [] and "private" not in after["snapshot"]["table_view"]
    assert list(desk.session.state.picks[0]) == [picked["args"]["character"]]
    assert picked["args"]["character"] not in json.dumps(after)          # what Ann chose is nowhere on the screen


def test_a_device_paired_to_another_seat_can_never_reveal_and_a_stale_or_empty_reveal_is_refused(citadels):
    desk, app = citadels
    bobs_phone, table = device(app, "blue"), device(app)
    play_to_pick(desk, "red")
    refused = reveal(bobs_phone, "red", desk)
    assert refused.status_code == 403 and refused.get_json()["error"] == "This device plays Bob: it can't show Ann's secret."
    assert live(bobs_phone)["snapshot"]["pending"]["options"] == []
    assert reveal(table, "blue", desk).status_code == 403            # Bob decides on his phone
    wrong_turn = reveal(table, "green", desk)
    assert wrong_turn.status_code == 409 and "Green has no secret choice" in wrong_turn.get_json()["error"]
    stale = table.post("/api/reveal", {"seat": "red", "decision": len(desk.session.actions) - 1})
    assert stale.status_code == 409
    assert live(table)["snapshot"]["pending"]["options"] == []


def test_the_reveal_ends_when_the_game_moves_on_even_back_to_the_same_decision(citadels):
    desk, app = citadels
    table = device(app)
    play_to_pick(desk, "red")
    assert reveal(table, "red", desk).status_code == 200
    session = desk.session
    session.decide(session.state.pending().options[0].action, source="camera")   # decided elsewhere
    session.undo()                                                               # and taken back: red's pick again
    again = live(table)
    assert again["snapshot"]["pending"]["options"] == [] and again["hand_over"]["revealed"] is False
    assert reveal(table, "red", desk).status_code == 200
    assert table.post("/api/reveal", {"seat": None}).get_json() == {"revealed": None}    # "Hide"
    assert live(table)["snapshot"]["pending"]["options"] == []


def test_a_device_that_takes_a_seat_stops_showing_the_secret_it_revealed(citadels):
    desk, app = citadels
    table = device(app)
    play_to_pick(desk, "red")
    assert reveal(table, "red", desk).status_code == 200
    assert table.post("/api/seat", {"colour": "green"}).status_code == 200
    assert table.post("/api/seat", {"colour": None}).status_code == 200
    assert live(table)["snapshot"]["pending"]["options"] == []


def _events(tablet: Tablet, count: int) -> "queue.Queue[dict]":
    """The first ``count`` live payloads of ``tablet``'s event stream, read in a thread as they come."""
    arrived: queue.Queue = queue.Queue()
    response = tablet.get("/api/events")

    def read() -> None:
        buffer = ""
        for chunk in response.iter_encoded():
            buffer += chunk.decode()
            while "\n\n" in buffer:
                message, buffer = buffer.split("\n\n", 1)
                data = [line[6:] for line in message.splitlines() if line.startswith("data: ")]
                if data:
                    arrived.put(json.loads(data[0]))
                    count_left = arrived.qsize()
                    if count_left >= count:
                        return

    threading.Thread(target=read, daemon=True).start()
    return arrived


def test_the_event_stream_sends_the_secret_only_to_the_device_it_was_revealed_on(citadels):
    desk, app = citadels
    table, other_table = device(app), device(app)
    live(table), live(other_table)                      # their device ids, in their cookies
    play_to_pick(desk, "red")
    mine, theirs = _events(table, 3), _events(other_table, 3)
    assert mine.get(timeout=5)["snapshot"]["pending"]["options"] == []
    assert theirs.get(timeout=5)["snapshot"]["pending"]["options"] == []
    options = pick_options(desk)
    assert reveal(table, "red", desk).status_code == 200
    shown = mine.get(timeout=5)
    assert [o["action"] for o in shown["snapshot"]["pending"]["options"]] == options
    assert theirs.get(timeout=5)["snapshot"]["pending"]["options"] == []         # the other table screen: not
    assert table.post("/api/decide", {"action": options[0]}).status_code == 200
    after = mine.get(timeout=5)
    assert after["snapshot"]["pending"]["options"] == [] and after["hand_over"]["to"] == "blue"


@pytest.fixture
def goofspiel():
    from companion.games import registry
    from tests.games import goofspiel
    registry.register(goofspiel.PACK)
    yield
    registry.unregister(goofspiel.PACK.name)


def test_goofspiels_secret_bids_are_handed_round_the_same_way(goofspiel):
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="goofspiel", players=["red", "blue"], seed=2, variants={}, guided=False)
    app = create_app(desk, pin=PIN)
    table = device(app)
    session = desk.session
    while session.state.pending().private_to is None:
        session.decide(session.state.pending().options[0].action, source="camera")
    bidder = session.players[session.state.pending().private_to]
    assert live(table)["hand_over"]["to"] == bidder and live(table)["snapshot"]["pending"]["options"] == []
    assert reveal(table, bidder, desk).status_code == 200
    bids = live(table)["snapshot"]["pending"]["options"]
    assert bids and live(table)["snapshot"]["table_view"]["private"]["hand"]
    assert table.post("/api/decide", {"action": bids[0]["action"]}).status_code == 200
    assert live(table)["snapshot"]["pending"]["options"] == []


class CameraAsking:
    """The table loop as the tablet reads it, asking about one decision with the options it weighs, best first."""

    def __init__(self, prompt):
        from companion.live import LiveStatus

        self.status = LiveStatus(camera="watching", registered=True, stable=True, prompt=prompt)

    def open_prompt_decision(self):
        return self.status.prompt["decision"]


def test_the_cameras_question_about_a_secret_choice_shows_its_options_only_where_the_secret_is_shown():
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="citadels", players=PLAYERS, seed=11, variants={}, guided=False, names=NAMES)
    play_to_pick(desk, "red")
    number = len(desk.session.actions)
    camera = CameraAsking({"decision": number, "player": 0, "reason": "hidden", "message": "",
                           "actions": list(reversed(pick_options(desk)))})
    app = create_app(desk, pin=PIN, live=camera)
    table, bobs_phone = device(app), device(app, "blue")
    for screen in (table, bobs_phone):
        asked = live(screen)["live"]["prompt"]
        assert asked["reason"] == "hidden" and asked["actions"] == []
    assert reveal(table, "red", desk).status_code == 200
    assert live(table)["live"]["prompt"]["actions"] == list(reversed(pick_options(desk)))
    assert live(bobs_phone)["live"]["prompt"]["actions"] == []


def test_the_log_of_moves_says_a_secret_choice_only_to_the_seat_that_made_it(citadels):
    desk, app = citadels
    bobs_phone, table = device(app, "blue"), device(app)
    play_to_pick(desk, "blue")
    bobs = desk.session.state.pending().options[0]
    assert bobs_phone.post("/api/decide", {"action": bobs.action.to_json()}).status_code == 200
    on_the_phone, on_the_table = live(bobs_phone)["log"][-1], live(table)["log"][-1]
    assert on_the_phone["player"] == on_the_table["player"] == "blue"
    assert on_the_phone["secret"] is False and on_the_phone["text"] == bobs.label
    assert on_the_table["secret"] is True and on_the_table["text"] is None
    anns = live(bobs_phone)["log"][-2]
    assert anns["player"] == "red" and anns["secret"] is True and anns["text"] is None
