"""Every pack with a board layout can be filmed: the simulated table draws a random mid-game position of it and the
camera pipeline reads that frame back into an observation (packs without layouts are skipped, saying so)."""

import pytest

from companion.games.playout import random_midgame

from .conftest import seat_colours

SIZE = (640, 360)          # one small frame: the contract, not the accuracy (tests/vision measures that)


def test_the_simulated_table_films_a_midgame_position_the_pipeline_reads(pack):
    if not pack.table.layouts:
        pytest.skip(f"{pack.title} ships no board layout: nothing to film")
    if any(piece.shape == "card" for piece in pack.table.pieces):
        pytest.skip(f"{pack.title} is played with cards: the camera pipeline reads no cards yet (issue 70)")
    from vision.evaluation import setup_table
    from vision.layout import load_layout
    from vision.render.domains import sample_style
    from vision.render.renderer import SimulatedTable

    layout = load_layout(pack.table.default_layout)
    assert layout.game == pack.name
    players = seat_colours(pack, min(3, pack.info.max_players))
    view = random_midgame(pack, players, seed=5).table_view()
    table = SimulatedTable(layout, sample_style("demo", 5), SIZE, pack=pack)
    frame, truth = table.render(view, frame_seed=1)
    assert frame.shape == (SIZE[1], SIZE[0], 3)
    truth["view"] = view.to_json()

    pipeline, _ = setup_table(truth, layout, "default")
    observation = pipeline.observe(frame, still=True)

    assert observation.registered and not observation.occluded
    assert set(observation.slots) == set(pipeline.slot_names)
    assert set(observation.supplies) <= set(players)
    for counts in observation.supplies.values():
        assert tuple(counts) == pack.table.goods
    right = sum(observation.best(slot)[0] == _label(view, slot) for slot in pipeline.slot_names)
    assert right >= 0.9 * len(pipeline.slot_names)


def _label(view, slot):
    from vision.observation import label_for

    return label_for(view.pieces(slot))
