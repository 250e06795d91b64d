"""Card reading (vision.cards): the places of overlapping city rows, the enrolled faces, and a rendered Citadels table
read back as its truth says; a face never enrolled is reported as such, not as another card."""

from __future__ import annotations

import numpy as np
import pytest

from companion.games.playout import random_midgame
from companion.games.registry import get_pack
from companion.games.table_view import Piece, TableView
from vision.cards import CardLibrary, card_places, enrolment_places
from vision.evaluation import enrol_rendered_cards
from vision.layout import load_layout
from vision.observation import label_for
from vision.pipeline import VisionPipeline
from vision.render.domains import sample_style
from vision.render.renderer import SimulatedTable

PACK = get_pack("citadels")
SIZE = (1280, 720)


def test_a_city_card_is_identified_on_the_part_the_next_one_leaves_visible() -> None:
    places = card_places(load_layout("citadels-4"), ("district", "character"))
    first, last = places["seat.0.city.0"], places["seat.0.city.7"]
    assert first.visible == pytest.approx((0.0, 0.0, 40.0, 90.0), abs=0.2)    # the next card covers 20 mm of 60
    assert first.own == first.visible                                         # nothing lies under the first
    assert last.visible == pytest.approx((0.0, 0.0, 60.0, 90.0), abs=0.2)
    assert places["seat.0.city.3"].own == pytest.approx((20.0, 0.0, 40.0, 90.0), abs=0.2)
    assert places["seat.0.city.3"].covered_by == ("seat.0.city.4",)
    spots = enrolment_places(places)
    assert "seat.0.city.0" in spots and "seat.0.city.1" not in spots and "seat.0.city.2" in spots


def _table(players: int, domain: str, seed: int):
    colours = list(PACK.info.colours[:players])
    layout = load_layout(f"citadels-{players}")
    table = SimulatedTable(layout, sample_style(domain, seed), SIZE, pack=PACK)
    pipeline = VisionPipeline(layout, colours, model=None, fit_board=False)
    pipeline.set_reference(table.render(TableView("citadels", tuple(colours)), frame_seed=10_001)[0])
    return colours, table, pipeline


@pytest.fixture(scope="module")
def enrolled():
    colours, table, pipeline = _table(4, "train", 12)
    assert enrol_rendered_cards(pipeline, table, "citadels", tuple(colours)) == 2
    return colours, table, pipeline


def test_a_rendered_table_s_cities_read_as_the_truth_says(enrolled) -> None:
    colours, table, pipeline = enrolled
    view = random_midgame(PACK, colours, seed=12_000).table_view()
    frame, _ = table.render(view, frame_seed=1)
    observation = pipeline.observe(frame, still=True)
    cities = [name for name in pipeline.card_places if ".city." in name]
    built = [name for name in cities if view.pieces(name)]
    assert len(built) >= 8
    for name in cities:
        label, p = observation.best(name)
        assert label == label_for(view.pieces(name)), name
        assert p >= 0.9, (name, observation.slots[name])


def test_a_face_never_enrolled_is_unknown_not_another_card(enrolled) -> None:
    colours, table, pipeline = enrolled
    view = random_midgame(PACK, colours, seed=12_000).table_view()
    shown = [name for name in pipeline.card_places if ".city." in name and view.pieces(name)]
    library = pipeline.cards
    fewer = CardLibrary()
    fewer._faces = {face: picture for face, picture in library._faces.items()
                    if face[1] not in {view.pieces(name)[0].name for name in shown}}
    try:
        pipeline.use_cards(fewer)
        frame, _ = table.render(view, frame_seed=1)
        observation = pipeline.observe(frame, still=True)
    finally:
        pipeline.use_cards(library)
    for name in shown:
        label, p = observation.best(name)
        assert label == "district:?", (name, observation.slots[name])
        assert all(p < 0.5 for other, p in observation.slots[name].items() if other not in ("district:?",)), name


def test_the_enrolled_faces_survive_a_save_and_load(enrolled, tmp_path) -> None:
    library = enrolled[2].cards
    library.save(tmp_path / "cards.npz")
    again = CardLibrary.load(tmp_path / "cards.npz")
    assert again.faces == library.faces and len(again.faces) == 30 + 8 + 2
    assert all(np.abs(again._faces[face].astype(int) - library._faces[face]).mean() < 3 for face in library.faces)
    assert (tmp_path / "cards.npz").stat().st_size < 200_000


def test_card_places_follow_the_cards_shown_at_setup_when_the_pose_is_off() -> None:
    from dataclasses import replace

    colours, table, pipeline = _table(4, "train", 12)
    off = np.array([[1.0, 0.0, 7.0], [0.0, 1.0, -5.0], [0.0, 0.0, 1.0]])     # the pose puts every place 7, -5 mm off
    pipeline._crop_pose = replace(pipeline._crop_pose, image_from_board=pipeline._crop_pose.image_from_board @ off)
    pipeline._fit_card_places(pipeline._crop_pose)
    enrol_rendered_cards(pipeline, table, "citadels", tuple(colours))
    view = random_midgame(PACK, colours, seed=12_000).table_view()
    frame, truth = table.render(view, frame_seed=1)
    pose = pipeline._card_pose
    for name in ("seat.0.city.1", "seat.2.city.5", "characters.faceup.0", "seat.3.character.1"):
        seen = pose.to_image([pipeline.card_places[name].region.center])[0]
        assert np.linalg.norm(seen - truth["slots"][name]["center"]) < 2.0, name      # pixels
    observation = pipeline.observe(frame, still=True)
    for name in (name for name in pipeline.card_places if ".city." in name):
        assert observation.best(name)[0] == label_for(view.pieces(name)), name


def test_a_face_the_rules_confirm_is_learned_when_first_played() -> None:
    colours, table, pipeline = _table(2, "train", 12)
    enrol_rendered_cards(pipeline, table, "citadels", tuple(colours))
    pipeline.cards.forget("district", "market")
    first = TableView("citadels", tuple(colours))
    first.put("seat.0.city.0", Piece("district", name="market"))
    frame = table.render(first, frame_seed=3)[0]
    assert pipeline.observe(frame, still=True).best("seat.0.city.0")[0] == "district:?"
    pipeline.confirm(frame, first)                  # the rules confirm the market built there
    assert ("district", "market") in pipeline.cards
    later = TableView("citadels", tuple(colours))
    later.put("seat.1.city.0", Piece("district", name="docks"))
    later.put("seat.1.city.1", Piece("district", name="market"))
    reading = pipeline.observe(table.render(later, frame_seed=4)[0], still=True)
    assert reading.best("seat.1.city.1")[0] == "district:market"
    assert reading.best("seat.1.city.0")[0] == "district:docks"


def test_companion_serve_reads_against_the_faces_saved_with_the_setup(enrolled, tmp_path) -> None:
    from companion.cli.serve import CARDS_FILE, saved_cards

    colours, _, pipeline = enrolled
    pipeline.cards.save(tmp_path / CARDS_FILE)
    fresh = VisionPipeline(load_layout("citadels-4"), colours, model=None, fit_board=False)
    assert saved_cards(tmp_path, fresh) == 40 and fresh.cards.faces == pipeline.cards.faces
    assert saved_cards(tmp_path, VisionPipeline(load_layout(), ("red", "blue"), model=None)) == 0    # no card places
    (tmp_path / CARDS_FILE).write_bytes(b"not a library")
    assert saved_cards(tmp_path, fresh) == 0
