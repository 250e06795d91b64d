"""Every pack with a board layout can be filmed: every place a game fills is in the layout for its player count, the
simulated table draws a random mid-game position with the view as its truth, and the camera pipeline reads that frame
back into an observation (packs without layouts are skipped, saying so; packs played with cards the camera does not
read by their face skip the reading). Cards are read on a 1280×720 frame: at 640×360 a card's face is a few pixels."""

import pytest

from companion.games.playout import random_midgame

from .conftest import seat_colours

SIZE = (640, 360)          # one small frame: the contract, not the accuracy (tests/vision measures that)
CARD_SIZE = (1280, 720)    # … for a game whose cards are read by their face (vision.cards)


def test_the_simulated_table_films_a_midgame_position_the_pipeline_reads(pack):
    if not pack.table.layouts:
        pytest.skip(f"{pack.title} ships no board layout: nothing to film")
    cards = [piece for piece in pack.table.pieces if piece.shape == "card"]
    if cards and not all(piece.faces for piece in cards):
        pytest.skip(f"{pack.title} is played with cards whose faces the pack does not list: the camera pipeline "
                    "reads no such cards (issue 70)")
    from vision.evaluation import setup_table
    from vision.render.domains import sample_style
    from vision.render.renderer import SimulatedTable

    players = seat_colours(pack, min(3, pack.info.max_players))
    layout = _layout_for(pack, len(players))
    assert layout.game == pack.name
    size = CARD_SIZE if cards else SIZE
    view = random_midgame(pack, players, seed=5).table_view()
    table = SimulatedTable(layout, sample_style("demo", 5), size, pack=pack)
    frame, truth = table.render(view, frame_seed=1)
    assert frame.shape == (size[1], size[0], 3)
    truth["view"] = view.to_json()

    pipeline, _ = setup_table(truth, layout, "default")
    observation = pipeline.observe(frame, still=True)

    assert observation.registered and not observation.occluded
    assert set(observation.slots) == set(pipeline.read_places)
    assert set(observation.supplies) <= set(players)
    for counts in observation.supplies.values():
        assert tuple(counts) == pack.table.goods
    right = sum(observation.best(slot)[0] == _label(view, slot) for slot in pipeline.read_places)
    assert right >= 0.9 * len(pipeline.read_places)


def _label(view, slot):
    from vision.observation import label_for

    return label_for(view.pieces(slot))


def _layout_for(pack, count):
    from vision.layout import load_layout

    for name in pack.table.layouts:
        layout = load_layout(name)
        if not layout.players or count in layout.players:
            return layout
    pytest.skip(f"{pack.title} ships no layout for {count} players")


def test_every_place_a_game_fills_is_in_the_layout_for_its_player_count(pack):
    if not pack.table.layouts:
        pytest.skip(f"{pack.title} ships no board layout: nothing to film")
    from companion.games.playout import random_playout

    for count in range(pack.info.min_players, pack.info.max_players + 1):
        layout = _layout_for(pack, count)
        game = random_playout(pack.new_game(seat_colours(pack, count), 3), 3)
        used = {slot for state in game.states[::25] + [game.final] for slot, _ in state.table_view().occupied()}
        missing = sorted(slot for slot in used if slot not in layout.regions and not slot.startswith("score."))
        assert not missing, f"{layout.name} lacks {missing[:5]}"


def test_the_simulated_table_writes_the_view_as_its_truth(pack):
    """What a camera test can check of every pack with a layout, cards or not: each slot's pieces in the frame's truth
    are the view's, and a counted zone's truth counts them per colour."""
    if not pack.table.layouts:
        pytest.skip(f"{pack.title} ships no board layout: nothing to film")
    from collections import Counter

    from vision.render.domains import sample_style
    from vision.render.renderer import SimulatedTable

    players = seat_colours(pack, min(3, pack.info.max_players))
    layout = _layout_for(pack, len(players))
    view = random_midgame(pack, players, seed=5).table_view()
    _, truth = SimulatedTable(layout, sample_style("train", 5), SIZE, pack=pack).render(view)
    for slot, entry in truth["slots"].items():
        if slot.startswith("score."):
            continue
        drawn = [(p["kind"], p.get("colour"), p.get("name")) for p in entry["pieces"]]
        assert drawn == [(p.kind, p.colour, p.name) for p in view.pieces(slot)], slot
        if layout.region(slot).pile:
            assert entry["counts"] == dict(sorted(Counter(p.colour or p.kind for p in view.pieces(slot)).items()))
    table = pack.table
    for seat, colour in enumerate(players):
        if colour not in view.supplies:
            continue
        pieces, counts = truth["supplies"][str(seat)]["pieces"], view.supplies[colour]
        if table.goods_piece:
            drawn_goods = Counter(p.get("colour") for p in pieces if p["kind"] == table.goods_piece)
            assert {good: drawn_goods[good] for good in table.goods} == \
                {good: counts.get(good, 0) for good in table.goods}
        if table.coin:
            assert sum(p["value"] for p in pieces if p["kind"] == "coin") == counts.get(table.coin, 0)
