"""Collect what the camera reads against what is really on the table, for the reconciler's observation model.

Bots play games on the simulated table, watched by the real pipeline and reconciler exactly as in
``bench_live.py``. On every still frame showing the world at rest, each slot's reading is written beside the truth:
what the slot holds, what the rules last confirmed there (what vision compares against), what the slots leaning into
its window hold, whether a piece in front hides it, and the spell's mean picture change level of the watched spots. Supply zones and hands are written too. One JSON line per
frame; `fit_reliability.py` fits the reliability tables from these lines (:func:`companion.reconciler.observation_model.fit`).

    .venv/bin/python tests/benchmarks/collect_readings.py --domain train --players 3 --seed 700001 --games 2 \\
        [--decisions 120] [--size 960x540] [--game caylus1303] --out /tmp/readings.jsonl

Calibration games must never be measurement games: draw fresh measurement seeds at random, and calibrate on
another look (``--domain train`` or ``demo``) than the one measured (``holdout``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from bench_live import DEFAULT_GAME, bots_table

STALL_FRAMES = 600


def top(reading: dict[str, float], count: int = 4) -> dict[str, float]:
    """The ``count`` likeliest labels of a reading, rounded (the rest is the remainder of 1)."""
    best = sorted(reading.items(), key=lambda item: -item[1])[:count]
    return {label: round(probability, 4) for label, probability in best}


class Spell:
    """The still frames of one resting table (the world and the session unchanged): readings summed per slot."""

    def __init__(self, truth, confirmed, decisions: int, caught_up: bool) -> None:
        self.truth, self.confirmed, self.decisions, self.caught_up = truth, confirmed, decisions, caught_up
        self.frames = 0
        self.readings: dict[str, dict[str, float]] = {}
        self.context: dict[str, dict] = {}
        self.supplies: dict[str, list] = {}
        self.coins: dict[str, list] = {}
        self.changes: dict[str, list[float]] = {}     # spot → its picture change levels, frame by frame

    def add(self, observation) -> None:
        self.frames += 1
        for slot, reading in observation.slots.items():
            if slot in observation.occluded_slots and slot not in observation.behind:
                continue
            summed = self.readings.setdefault(slot, {})
            for label, probability in reading.items():
                summed[label] = summed.get(label, 0.0) + probability
            self.context.setdefault(slot, {
                "behind": slot in observation.behind,
                "leaning": {near: self.truth.label(near) for near in observation.leaning_in.get(slot, ())}})
            if slot in observation.changes:
                self.changes.setdefault(slot, []).append(observation.changes[slot])
        for colour, counts in observation.supplies.items():
            self.supplies.setdefault(colour, []).append([counts, observation.supply_confidence.get(colour)])
        for colour, (deniers, odds) in observation.coins.items():
            self.coins.setdefault(colour, []).append([deniers, list(odds)])

    def record(self) -> dict:
        """The spell as one JSON object: per slot the mean reading beside the truth; easy empty slots (empty, unchanged,
        nothing leaning in, read empty surely) only counted, apart for those in a place another slot of which changed."""
        from companion.reconciler.explain import place_of
        from companion.reconciler.observation_model import CHANGE_BINS, probability_bin

        easy_changes: dict[str, dict[str, int]] = {}      # alone / near → change level bin → easy slots
        changed_places = {place_of(slot) for slot in self.truth.changed_slots(self.confirmed)}
        slots, easy, easy_near = {}, 0, 0
        for slot, summed in self.readings.items():
            mean = {label: total / self.frames for label, total in summed.items()}
            truth, confirmed, context = self.truth.label(slot), self.confirmed.label(slot), self.context[slot]
            levels = self.changes.get(slot)
            change = round(sum(levels) / len(levels), 1) if levels else None
            if not truth and not confirmed and not any(context["leaning"].values()) and mean.get("", 0) >= 0.98:
                near = place_of(slot) in changed_places
                easy, easy_near = easy + (not near), easy_near + near
                if change is not None:
                    bins, level = easy_changes.setdefault("near" if near else "alone", {}), str(
                        probability_bin(change, CHANGE_BINS))
                    bins[level] = bins.get(level, 0) + 1
                continue
            slots[slot] = {"truth": truth, "confirmed": confirmed, "read": top(mean), "change": change, **context}
        return {"frames": self.frames, "decisions": self.decisions, "caught_up": self.caught_up, "easy_empty": easy,
                "easy_empty_near": easy_near, "easy_changes": easy_changes,
                "slots": slots,
                "supplies": {colour: {"truth": self.truth.supplies.get(colour, {}),
                                      "confirmed": self.confirmed.supplies.get(colour, {}), "reads": reads}
                             for colour, reads in self.supplies.items()},
                "coins": {colour: {"truth": self.truth.coins.get(colour), "reads": reads}
                          for colour, reads in self.coins.items()}}


def flush(out, players, seed, domain, spell: "Spell | None", frame: int) -> int:
    """Write a finished spell; 1 if one was written."""
    if spell is None or not spell.frames:
        return 0
    out.write(json.dumps({"game": [len(players), seed, domain], "frame": frame, **spell.record()}) + "\n")
    return 1


def collect(players: tuple[str, ...], seed: int, size: tuple[int, int], domain: str, decisions: int,
            out, game: str = DEFAULT_GAME) -> dict:
    """Play one game and write its frames' records to ``out``; a summary of the game."""
    from companion.reconciler.evidence import VisibleView

    desk, world, loop = bots_table(players, seed, size, domain, game=game)
    enough = decisions or 10_000
    frames = written = stuck = 0
    spell: Spell | None = None
    spell_key = None
    alert_seen: dict[int, int] = {}
    started = time.perf_counter()
    while len(desk.session.actions) < enough and not desk.session.state.is_over and stuck < STALL_FRAMES:
        before = len(desk.session.actions)
        confirmed = VisibleView.of(desk.session.state.table_view())
        loop.step()
        frames += 1
        stuck = 0 if len(desk.session.actions) > before else stuck + 1
        for alert in desk.session.open_alerts():
            alert_seen.setdefault(alert.id, frames)
            if frames - alert_seen[alert.id] >= 5:
                desk.session.resolve_alert(alert.id, how="override")
        observation = loop.last_observation
        if observation is None or not observation.registered:
            continue
        at_rest = world._resting > 0
        if observation.occluded:
            mover = players[world.actions[-1].player] if world.actions and not at_rest else None
            out.write(json.dumps({"game": [len(players), seed, domain], "frame": frames, "hand": True,
                                  "hand_from": observation.hand_from, "hand_near": sorted(observation.hand_near),
                                  "mover": mover}) + "\n")
        if not (observation.stable and at_rest) or spell_key != (len(world.actions), len(desk.session.actions)):
            written += flush(out, players, seed, domain, spell, frames)
            spell = None
        if not (observation.stable and at_rest):
            continue
        spell_key = (len(world.actions), len(desk.session.actions))
        if spell is None:
            spell = Spell(VisibleView.of(world.state.table_view()), confirmed, len(world.actions),
                          len(desk.session.actions) == len(world.actions))
        spell.add(observation)
    written += flush(out, players, seed, domain, spell, frames)
    return {"players": len(players), "seed": seed, "domain": domain, "frames": frames, "still_spells": written,
            "world_decisions": len(world.actions), "committed": len(desk.session.actions),
            "seconds": round(time.perf_counter() - started)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--domain", default="train")
    parser.add_argument("--size", default="960x540")
    parser.add_argument("--decisions", type=int, default=0, help="stop after this many (0: the whole game)")
    parser.add_argument("--out", required=True, help="append the records to this JSONL file")
    parser.add_argument("--game", default=DEFAULT_GAME, help="which game's pack to play (default %(default)s)")
    args = parser.parse_args()
    if args.domain == "holdout":
        sys.exit("calibrate on another look than the one measured: --domain train or demo")
    size = tuple(int(v) for v in args.size.split("x"))
    from companion.games.registry import get_pack
    colours = tuple(get_pack(args.game).info.colours)
    with open(args.out, "a", encoding="utf-8") as out:
        for seed in range(args.seed, args.seed + args.games):
            print(json.dumps(collect(colours[:args.players], seed, size, args.domain, args.decisions, out,
                                     args.game)), flush=True)


if __name__ == "__main__":
    main()
