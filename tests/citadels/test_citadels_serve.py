"""``companion serve citadels`` before any game: every page speaks of Citadels (its title, its variants in the
reader's language), and Setup starts a Citadels game."""

import json

import pytest

from companion.games.registry import get_pack
from companion.session import Journal
from companion.web import create_app
from companion.web.desk import Desk
from tests.web.tablet_client import PIN, Tablet


@pytest.mark.parametrize("language", ["en", "zh-Hant", "ja"])
def test_the_setup_page_of_a_citadels_server_is_citadels_in_the_readers_language(language):
    strings = get_pack("citadels").translations(language)
    app = create_app(Desk(Journal(":memory:")), pin=PIN, config={"GAME": "citadels"})
    client = app.test_client()
    client.set_cookie("lang", language)
    page = client.get("/setup").get_data(as_text=True)
    assert strings["app.title"] in page
    catalogue = json.loads(page.split('<script id="i18n" type="application/json">', 1)[1].split("</script>", 1)[0])
    assert catalogue["variants.classic_city"] == strings["variants.classic_city"]
    tablet = Tablet(client)
    assert tablet.pair().status_code == 200
    assert tablet.post("/api/games", {"players": ["red", "blue", "green", "yellow"]}).status_code == 200
    assert app.extensions["desk"].session.game == "citadels"
