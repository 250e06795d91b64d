"""Every pack can be driven from the command line: ``companion simulate GAME`` plays it to the end, checked."""

import json

import pytest

from companion.cli import main


def test_simulate_plays_every_pack_to_the_end_without_a_broken_invariant(pack, capsys):
    assert main(["simulate", pack.name, "--games", "3", "--seed", "4"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == pack.name and report["finished"] == 3
    assert report["invariant_violations"] == 0 and report["crashes"] == 0


def test_simulate_names_the_games_it_knows_when_given_another(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "no-such-game"])
    assert stop.value.code == 2
    error = capsys.readouterr().err
    assert "invalid choice" in error and "caylus" in error


def test_the_demo_bots_play_every_pack_to_the_end_table_chance_included(pack):
    from companion.cli.demo import build_demo

    _, desk, bots = build_demo(game=pack.name, seed=3, pace=0)
    for _ in range(20_000):
        if desk.session.state.is_over or not bots.play_one():
            break
    assert desk.session.state.is_over
    assert set(desk.session.sources) == {"bot"}
