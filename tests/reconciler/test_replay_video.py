"""``companion replay`` over a rendered game — its directory of pictures and its video file — through the real camera
pipeline (committed slot model) and the reconciler, the empty board taken from the recording's first pictures.

A short opening (4 decisions, 2 players, 960×540, train look, seed 5) that today's vision reads correctly: every
move must be committed by the camera, in order, with no alert. Longer games and the held-out look are measured by
``tests/benchmarks/bench_reconciler.py --rendered N`` (vision still misreads there)."""

import json

import pytest

from companion.cli import main

pytest.importorskip("vision.render.renderer")


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    out = tmp_path_factory.mktemp("render") / "game"
    assert main(["render", "caylus", "--game", "--players", "2", "--seed", "5", "--decisions", "4",
                 "--size", "960x540", "--out", str(out)]) == 0
    return out


def replay(capsys, *args):
    code = main(["replay", *map(str, args)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_the_render_starts_with_the_empty_board(rendered):
    first = json.loads((rendered / "truth.jsonl").open().readline())
    assert first["move"] == -1 and all(not entry["pieces"] for entry in first["slots"].values())


@pytest.mark.parametrize("source", ["", "game.avi"], ids=["pictures", "video"])
def test_replay_of_a_rendered_opening_commits_the_bots_moves_from_the_camera(rendered, capsys, source):
    code, out, err = replay(capsys, rendered / source if source else rendered)
    assert code == 0, err
    result = json.loads(out)
    answers = json.loads((rendered / "answers.json").read_text())
    assert result["moves_committed"] == len(answers) == 4
    assert result["wrong_commits"] == 0 and result["by_camera"] == 4
    assert result["alerts"] == [] and result["prompts"] == []
    assert result["final_scores"] == {"red": 0, "blue": 0} and result["over"] is False


def test_a_file_that_is_not_a_video_is_refused_in_words(tmp_path, capsys):
    bad = tmp_path / "game.avi"
    bad.write_text("not a video")
    code, out, err = replay(capsys, bad, "--players", "red,blue", "--seed", "5")
    assert code == 2 and out == "" and "is not a video this machine can read" in err


def test_a_video_without_its_game_description_asks_for_players_and_seed(tmp_path, rendered, capsys):
    lone = tmp_path / "lone.avi"
    lone.write_bytes((rendered / "game.avi").read_bytes())
    code, _out, err = replay(capsys, lone)
    assert code == 2 and "give --players and --seed" in err
