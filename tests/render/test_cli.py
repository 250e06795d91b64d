import json
from collections import Counter

from companion.cli import main
from companion.games import Action, TableView, new_game
from vision.layout import load_layout


def test_stills_have_truth_matching_a_legal_state(tmp_path, capsys):
    assert main(["render", "caylus", "--seed", "3", "--frames", "2", "--out", str(tmp_path), "--size", "320x180"]) == 0
    for i in range(2):
        truth = json.loads((tmp_path / f"frame_{i:04d}.json").read_text())
        assert (tmp_path / f"frame_{i:04d}.jpg").stat().st_size > 1000
        view = TableView.from_json(truth["view"])
        for slot, pieces in view.slots.items():
            assert [p["kind"] for p in truth["slots"][slot]["pieces"]] == [p.kind for p in pieces]


def test_whole_game_truth_matches_the_engine_final_state(tmp_path, capsys):
    out = tmp_path / "game"
    assert main(["render", "caylus", "--game", "--players", "2", "--seed", "4", "--out", str(out),
                 "--size", "96x54", "--no-video"]) == 0
    game = json.loads((out / "game.json").read_text())
    answers = json.loads((out / "answers.json").read_text())
    replayed = new_game("caylus", game["players"], game["seed"]).apply_all([Action.from_json(a) for a in answers])
    assert replayed.is_over
    assert [s.total for s in replayed.scores()] == [s["total"] for s in game["scores"]]
    final_view = replayed.table_view()
    with open(out / "truth.jsonl") as lines:
        last = json.loads(lines.readlines()[-1])
    assert last["hands"] == []
    drawn = {slot: [p["kind"] for p in entry["pieces"]] for slot, entry in last["slots"].items()
             if entry["pieces"] and not slot.startswith("score.")}
    assert drawn == {slot: [p.kind for p in pieces] for slot, pieces in final_view.slots.items()}
    assert len(list((out / "frames").iterdir())) == game["frames"]


def test_bad_arguments_give_a_message_not_a_traceback(tmp_path, capsys):
    assert main(["render", "caylus", "--frames", "1", "--out", str(tmp_path), "--size", "big"]) == 2
    assert "--size must look like 1280x720" in capsys.readouterr().err
    assert main(["render", "caylus", "--frames", "1", "--out", str(tmp_path), "--layout", str(tmp_path / "x.json")]) == 2
    assert "not found" in capsys.readouterr().err


def test_stills_of_a_game_take_the_player_count_asked_for(tmp_path, capsys):
    # seed 3 alone would draw 2 players
    assert main(["render", "architects", "--players", "5", "--seed", "3", "--frames", "1", "--out", str(tmp_path),
                 "--size", "160x90"]) == 0
    truth = json.loads((tmp_path / "frame_0000.json").read_text())
    assert truth["layout"] == "architects-5" and len(truth["supplies"]) == 5
    assert main(["render", "architects", "--players", "6", "--frames", "1", "--out", str(tmp_path)]) == 2
    assert "--players must be between 2 and 5" in capsys.readouterr().err


def test_a_whole_architects_game_opening_ends_on_the_engine_position(tmp_path, capsys):
    out = tmp_path / "game"
    assert main(["render", "architects", "--game", "--players", "2", "--seed", "4", "--decisions", "40",
                 "--out", str(out), "--size", "96x54", "--no-video"]) == 0
    game = json.loads((out / "game.json").read_text())
    answers = json.loads((out / "answers.json").read_text())
    replayed = new_game("architects", game["players"], game["seed"]).apply_all([Action.from_json(a) for a in answers])
    with open(out / "truth.jsonl") as lines:
        last = json.loads(lines.readlines()[-1])
    layout = load_layout(last["layout"])
    drawn = {slot: entry["counts"] for slot, entry in last["slots"].items() if entry.get("counts")}
    engine = {slot: dict(sorted(Counter(p.colour or p.kind for p in pieces).items()))
              for slot, pieces in replayed.table_view().slots.items() if layout.region(slot).pile}
    assert any(slot.endswith(".workers") for slot in engine) and drawn == engine
