"""Citadels from the command line: ``companion render citadels --game`` then ``companion replay`` reads the recording:
frames large enough for the markers round a whole table, read with the table layout of the game's player count."""

import json

from companion.cli import main
from companion.cli.layout_choice import layout_for
from companion.games.registry import get_pack


def test_the_layout_of_a_game_is_the_one_shipped_for_its_player_count():
    pack = get_pack("citadels")
    for players in range(2, 8):
        assert players in layout_for(pack, None, players).players
    assert layout_for(get_pack("caylus"), None, 3).name == layout_for(get_pack("caylus")).name


def test_a_rendered_three_player_game_is_replayed_with_its_own_table(tmp_path, capsys):
    out = tmp_path / "game"
    assert main(["render", "citadels", "--game", "--players", "3", "--decisions", "1", "--no-video",
                 "--out", str(out)]) == 0
    capsys.readouterr()
    assert main(["replay", "citadels", str(out)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["expected_moves"] == 1 and summary["wrong_commits"] == 0 and not summary["alerts"]
