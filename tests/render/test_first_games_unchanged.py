"""The first three games' simulated tables draw exactly what they drew before Architects' table came (counted zones,
cards in a supply, decor printed on a board): frames and truth of views that touch every kind of slot, with a hand.

The digests were taken with the renderer as it was before (commit 77b37c1). The views are made from the layouts alone
(not from an engine's playout), so a rules change in a pack does not move them; another OpenCV build may round a
pixel otherwise, which the digest would show too."""

from __future__ import annotations

import hashlib
import json

import pytest

from companion.games.registry import get_pack
from companion.games.table_view import Piece, TableView
from vision.layout import load_layout
from vision.render.domains import sample_style
from vision.render.drawing import drawing_of
from vision.render.renderer import Hand, SimulatedTable

BEFORE = {
    ("caylus", "caylus-2005", "train"): "ebb849b0b7388b373452e9b7bb6b8ab7ee4569bf0cf196adcb96f47ed690528a",
    ("caylus", "caylus-2005", "holdout-printed"): "48a30a30b35ec2e224a401ac8c04b8cd3dfd350153093eaa7a4dc3efa5e1e802",
    ("caylus1303", "caylus1303", "demo"): "f866af2fbd2a4bbae39ec22bcd7ac33a425a58be3a32ca3f5b91f5c365e7a286",
    ("citadels", "citadels-4", "train"): "581c97489a8569b9bbee0197d10a5a548bc00bddb8cd251198630f80648e2ee6",
}


def layout_view(game: str, layout_name: str) -> TableView:
    """Every third slot holds a piece it accepts (tiles and cards named in turn), each seat a supply of everything."""
    pack, layout = get_pack(game), load_layout(layout_name)
    drawing = drawing_of(pack)
    colours = pack.info.colours[:4]
    names = sorted(drawing.tile_art) + sorted(drawing.card_art)
    view = TableView(game, tuple(colours))
    for i, slot in enumerate(sorted(layout.regions)):
        if i % 3:
            continue
        kind = layout.region(slot).accepts[0]
        spec = pack.table.kind(kind)
        named = spec.shape in ("tile", "card")
        view.put(slot, Piece(kind, colours[i % len(colours)] if spec.coloured else None,
                             names[i % len(names)] if named and names else None))
    for k, colour in enumerate(colours):
        counts = {name: 2 + k + i for i, name in enumerate(pack.table.counted)}
        for spare in drawing.supply.get("rows", ()):
            counts[spare["kind"]] = 3 + k
        view.supplies[colour] = counts
    return view


def digest(game: str, layout_name: str, domain: str) -> str:
    layout = load_layout(layout_name)
    view = layout_view(game, layout_name)
    table = SimulatedTable(layout, sample_style(domain, 21), (480, 270), pack=get_pack(game))
    slot = sorted(view.slots)[0]
    frame, truth = table.render(view, [Hand(layout.region(slot).center, 30.0, 60.0, 0.8, 0.2)], frame_seed=2)
    return hashlib.sha256(frame.tobytes() + json.dumps(truth, sort_keys=True).encode()).hexdigest()


@pytest.mark.parametrize("game, layout_name, domain", sorted(BEFORE))
def test_frame_and_truth_are_as_before(game: str, layout_name: str, domain: str) -> None:
    assert digest(game, layout_name, domain) == BEFORE[(game, layout_name, domain)]


if __name__ == "__main__":      # prints the digests of the renderer on the path
    for key in sorted(BEFORE):
        print(key, digest(*key))
