"""Pieces the game has only one of (its pack's ``unique`` kinds) stand on at most one spot each.

Read slot by slot, a tall piece leaning into the spot beside it, or a pale piece's own reflection
of light, can make a unique piece seem to stand on two spots at once; the reconciler must then ask the
players. Knowing the pieces (never the rules), the readings of one such piece over the board are
combined as what they are: the chances of one piece being in one place or another, or nowhere in
view. With independent readings ``p_i`` and at most one piece, the chance it stands on spot ``i`` is
``o_i / (1 + Σ o_j)`` with ``o = p / (1 − p)``: a lone reading keeps its probability, and of two
readings the surer one keeps most of it (what it loses goes to "empty").

>>> slots = {"a": {"king": 0.98, "": 0.02}, "b": {"king": 0.6, "": 0.4}, "c": {"": 1.0}}
>>> read = at_most_one(slots, ("king",))
>>> round(read["a"]["king"], 2), round(read["b"]["king"], 2), read["c"]
(0.95, 0.03, {'': 1.0})
>>> at_most_one({"b": {"king": 0.6, "": 0.4}}, ("king",))["b"]["king"]
0.6
"""

from __future__ import annotations

from typing import Mapping, Sequence

SURE = 1.0 - 1e-4                      # readings are rounded: a "1.0" still leaves room for another spot


def at_most_one(slots: Mapping[str, Mapping[str, float]], labels: Sequence[str]) -> dict[str, dict[str, float]]:
    """Readings with each label of ``labels`` (the game's unique kinds, :attr:`Vocabulary.unique
    <vision.vocabulary.Vocabulary.unique>`) placed on at most one slot (the belief taken off goes to "")."""
    result = {slot: dict(reading) for slot, reading in slots.items()}
    for label in labels:
        odds = {slot: min(p, SURE) / (1.0 - min(p, SURE)) for slot, reading in slots.items()
                if (p := reading.get(label, 0.0)) > 0.0}
        if len(odds) < 2:
            continue
        total = 1.0 + sum(odds.values())
        for slot, o in odds.items():
            before = result[slot][label]
            after = min(before, o / total)
            result[slot][label] = after
            result[slot][""] = result[slot].get("", 0.0) + before - after
    return result
