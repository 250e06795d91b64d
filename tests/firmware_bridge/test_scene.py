"""The Caylus scene: what players would see lit for hand-built table views."""

import pytest

from companion.games.table_view import Piece, TableView
from firmware_bridge.caylus_scene import place_of_slot, scene_for_caylus, section_under_construction
from firmware_bridge.scene import LedScene, Light


def mid_game_view() -> TableView:
    view = TableView(game="caylus", players=("red", "blue"))
    for square in range(1, 7):
        view.put(f"road.{square}.tile", Piece("tile", name="neutral_farm"))
    view.put("road.7.tile", Piece("tile", name="fixed_peddler"))
    view.put("road.8.tile", Piece("tile", name="fixed_carpenter"))
    view.put("road.9.tile", Piece("tile", name="wood_sawmill"))
    view.put("road.16.tile", Piece("tile", name="gold_mine"))
    view.put("road.8.provost", Piece("provost"))
    view.put("road.6.bailiff", Piece("bailiff"))
    view.put("road.3.worker", Piece("worker", "red"))
    view.put("road.9.worker", Piece("worker", "blue"))
    view.put("road.16.worker", Piece("worker", "red"))
    return view


def test_buildings_up_to_the_provost_are_active_and_beyond_inactive():
    scene = scene_for_caylus(mid_game_view())
    assert scene.places_with("active") == tuple(f"road.{n}" for n in range(1, 9))
    assert scene.places_with("inactive") == ("road.16", "road.9")
    assert scene.places_with("provost") == ("road.8",)
    assert scene.places_with("bailiff") == ("road.6",)


def test_workers_beyond_the_provost_will_not_be_activated():
    scene = scene_for_caylus(mid_game_view())
    assert set(scene.places_with("idle_worker")) == {"road.9", "road.16"}
    assert "idle_worker" not in scene.roles_at("road.3")


def test_moving_the_provost_changes_which_buildings_work():
    view = mid_game_view()
    del view.slots["road.8.provost"]
    view.put("road.16.provost", Piece("provost"))
    scene = scene_for_caylus(view)
    assert scene.places_with("inactive") == ()
    assert scene.places_with("idle_worker") == ()
    assert "road.16" in scene.places_with("active")


def test_session_knowledge_current_player_hints_and_blinking_alerts():
    scene = scene_for_caylus(mid_game_view(), current_colour="blue",
                             legal_places=["road.7", "gate.worker", "stables.2"],
                             alert_places=["road.9.worker"])
    assert scene.lights_at("turn") == (Light("current_player", colour="blue"),)
    assert set(scene.places_with("hint")) == {"road.7", "gate", "stables"}
    assert Light("alert", blink=True) in scene.lights_at("road.9")
    assert scene.has_blink


def test_castle_section_is_inferred_from_the_houses_or_given():
    view = mid_game_view()
    assert section_under_construction(view) == "dungeon"
    for space in range(1, 7):
        view.put(f"castle.dungeon.{space}", Piece("house", "red"))
    view.put("castle.walls.1", Piece("house", "blue"))
    assert scene_for_caylus(view).places_with("castle_section") == ("castle.walls",)
    assert scene_for_caylus(view, castle_section="towers").places_with("castle_section") == ("castle.towers",)


def test_a_complete_castle_lights_no_section():
    view = TableView(game="caylus", players=("red",))
    for name, size in (("dungeon", 6), ("walls", 10), ("towers", 14)):
        for space in range(1, size + 1):
            view.put(f"castle.{name}.{space}", Piece("house", "red"))
    assert scene_for_caylus(view).places_with("castle_section") == ()


def test_slots_name_their_places():
    assert place_of_slot("castle.towers.14") == "castle.towers"
    assert place_of_slot("bridge.2") == "bridge"
    assert place_of_slot("road.28.bailiff") == "road.28"


def test_scene_is_a_value_that_survives_json():
    scene = scene_for_caylus(mid_game_view(), current_colour="red", alert_places=["inn"])
    assert LedScene.from_json(scene.to_json()) == scene
    assert scene_for_caylus(mid_game_view(), current_colour="red", alert_places=["inn"]) == scene


def test_unknown_role_is_refused():
    with pytest.raises(ValueError, match="unknown LED role"):
        Light("sparkle")
