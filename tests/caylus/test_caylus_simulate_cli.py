"""``companion simulate caylus`` prints one JSON report and exits 0 when every game kept the rules."""

import argparse
import json

from companion.cli import simulate


def main(argv):
    """The ``companion`` parser with only this subcommand, so other subcommands' state can't interfere."""
    parser = argparse.ArgumentParser(prog="companion")
    simulate.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(argv)
    return args.func(args)


def test_simulate_reports_clean_games(capsys):
    assert main(["simulate", "caylus", "--players", "3", "--games", "5", "--seed", "11",
                 "--variant", "beginner_favours=true"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == report["finished"] == 5
    assert report["invariant_violations"] == 0 and report["crashes"] == 0 and report["games_per_second"] > 0
    assert report["variants"] == {"beginner_favours": True} and report["mean_turns"] >= 9


def test_simulate_refuses_bad_options_with_a_message(capsys):
    assert main(["simulate", "caylus", "--players", "7"]) == 2
    assert "--players must be 2 to 5" in capsys.readouterr().err
    assert main(["simulate", "caylus", "--variant", "jeweller"]) == 2
    assert "NAME=VALUE" in capsys.readouterr().err
