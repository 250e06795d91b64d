"""When a card is named: its best enrolled face must match well enough **and** lie clearly ahead of the runner-up.

The card reader (:mod:`vision.cards`) scores a place against each shortlisted face (normalised cross-correlation,
-1..1). Two tests, each a logistic, decide whether the best face is the card:

* **good enough**: ``σ((best − floor) / floor_width)``: a card whose face was never enrolled matches its nearest
  enrolled face worse than a card matches its own;
* **clearly ahead**: ``σ((best − runner_up − margin) / margin_width)``: two faces that match alike leave the card
  undecided.

The chance the best face is the card is the product of the two. What is left goes to *a face never enrolled* when
the best is not good enough, and is shared by the best two faces when they are good enough but close. The four
numbers are fitted (:func:`fit_odds`, by ``tests/benchmarks/fit_card_odds.py``) on tuning tables with some faces
left out of enrolment on purpose, and stored in ``card_odds.json`` with how they were fitted.

>>> odds = CardOdds(floor=0.8, floor_width=0.01, margin=0.05, margin_width=0.01)
>>> round(odds.named(0.9, 0.6), 3), round(odds.named(0.9, 0.88), 3), round(odds.named(0.7, 0.4), 3)
(1.0, 0.047, 0.0)
>>> faces, unknown = odds.beliefs({("d", "a"): 0.7, ("d", "b"): 0.4})
>>> round(unknown, 3), round(faces[("d", "a")], 3)
(1.0, 0.0)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Hashable, Mapping, Sequence

import numpy as np

ODDS_FILE = "card_odds.json"
BACK_NAME = ""               # the name a card kind's back is enrolled under (vision.cards.BACK)
BACK_GROUP = " back"         # a back's odds group: its kind's name and this
ALL_GROUPS = "*"             # the odds fitted on every group together: for a group with too few samples of its own
MIN_GROUP_WRONG = 20         # … fewer samples than this whose best face is not the card (nothing to fit a bar on)
MIN_WIDTH = 0.01             # the narrowest logistic the fit may choose: a step would trust the tuning tables' edges
NO_RUNNER_UP = -1.0          # the runner-up's score when only one face was matched


def _sigmoid(x: np.ndarray | float) -> np.ndarray | float:
    return 1.0 / (1.0 + np.exp(-np.clip(x, -60.0, 60.0)))


@dataclass(frozen=True)
class CardOdds:
    """The two tests' logistics: 50 % points (``floor``, ``margin``) and widths (score units)."""

    floor: float
    floor_width: float
    margin: float
    margin_width: float

    def good_enough(self, best: float) -> float:
        return float(_sigmoid((best - self.floor) / self.floor_width))

    def ahead(self, best: float, runner_up: float) -> float:
        return float(_sigmoid((best - runner_up - self.margin) / self.margin_width))

    def named(self, best: float, runner_up: float) -> float:
        """The chance the best face is the card."""
        return self.good_enough(best) * self.ahead(best, runner_up)

    def beliefs(self, scores: Mapping[Hashable, float]) -> tuple[dict[Hashable, float], float]:
        """Each matched face's chance of being the card, and the chance its face was never enrolled (they sum to 1).
        The best face takes :meth:`named`; when it is good enough but not clearly ahead, it and the runner-up share
        that part by their scores' logistic at ``margin_width``; the rest is a face never enrolled."""
        if not scores:
            return {}, 1.0
        ranked = sorted(scores, key=lambda face: -scores[face])
        best = scores[ranked[0]]
        runner_up = scores[ranked[1]] if len(ranked) > 1 else NO_RUNNER_UP
        enough, ahead = self.good_enough(best), self.ahead(best, runner_up)
        out = {face: 0.0 for face in ranked}
        out[ranked[0]] = enough * ahead
        if len(ranked) > 1:
            first = float(_sigmoid((best - runner_up) / self.margin_width))
            out[ranked[0]] += enough * (1.0 - ahead) * first
            out[ranked[1]] = enough * (1.0 - ahead) * (1.0 - first)
        else:
            out[ranked[0]] += enough * (1.0 - ahead)
        return out, 1.0 - enough


def odds_group(face: tuple[str, str]) -> str:
    """The group of odds a best face is tested with: its card kind's (``district``), or its kind's back's
    (``district back``: a plain back matches itself less sharply than a face does)."""
    kind, name = face
    return kind + (BACK_GROUP if name == BACK_NAME else "")


@lru_cache(maxsize=16)
def load_odds(group: str, path: str | None = None) -> CardOdds:
    """A group's odds (:func:`odds_group`) in the shipped ``vision/card_odds.json`` (or ``path``), else the odds
    fitted on every group together (:data:`ALL_GROUPS`)."""
    data = json.loads(Path(path or Path(__file__).with_name(ODDS_FILE)).read_text(encoding="utf-8"))["groups"]
    chosen = data.get(group, data[ALL_GROUPS])
    return CardOdds(**{key: float(chosen[key]) for key in ("floor", "floor_width", "margin", "margin_width")})


@dataclass
class Sample:
    """One card read on a tuning table: the best and runner-up scores, whether the best face is the card, whether
    the card's face was enrolled, and where it came from."""

    best: float
    runner_up: float
    right: bool
    enrolled: bool
    group: str = ""
    truth: str = ""
    place: str = ""
    seed: int = 0
    domain: str = ""


def _loss(odds: CardOdds, best: np.ndarray, gap: np.ndarray, right: np.ndarray) -> float:
    p = _sigmoid((best - odds.floor) / odds.floor_width) * _sigmoid((gap - odds.margin) / odds.margin_width)
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-(right * np.log(p) + (1 - right) * np.log(1 - p)).sum())


def _fit(best: np.ndarray, gap: np.ndarray, right: np.ndarray, rounds: int = 6) -> CardOdds:
    """Maximum likelihood of ``right`` under :meth:`CardOdds.named`, by coordinate search over grids."""
    grids = {"floor": np.arange(0.0, 0.99, 0.0025), "floor_width": np.geomspace(MIN_WIDTH, 0.1, 40),
             "margin": np.arange(0.0, 0.30, 0.0025), "margin_width": np.geomspace(MIN_WIDTH, 0.1, 40)}
    odds = {"floor": 0.8, "floor_width": 0.02, "margin": 0.05, "margin_width": 0.02}
    for _ in range(rounds):
        for key, grid in grids.items():
            losses = [_loss(CardOdds(**{**odds, key: float(v)}), best, gap, right) for v in grid]
            odds[key] = float(grid[int(np.argmin(losses))])
    return CardOdds(**odds)


def fit_odds(samples: Sequence[Sample], how: str, sure: float = 0.9) -> dict[str, Any]:
    """The odds fitted on ``samples`` (a card read on a tuning table each), as stored in :data:`ODDS_FILE`: per group
    (:func:`odds_group` of the best face) with enough samples, and over all (:data:`ALL_GROUPS`), the four numbers
    and how they sort the group's own samples at ``sure``; and how they were fitted."""
    groups: dict[str, list[Sample]] = {ALL_GROUPS: list(samples)}
    for sample in samples:
        groups.setdefault(sample.group, []).append(sample)
    return {
        "_about": "When the card reader names a card (vision/card_odds.py): the best face's score must pass 'floor' "
                  "and lead the runner-up by 'margin' (each a logistic of its width), per group of the best face "
                  "(a card kind, or its back; '*' all together); fitted by maximum likelihood of 'the best face is "
                  "the card' on tuning tables with faces left out of enrolment on purpose.",
        "fitted_with": how,
        "tables": len({(s.domain, s.seed) for s in samples}),
        "groups": {group: _fit_group(chosen, sure) for group, chosen in sorted(groups.items())
                   if group == ALL_GROUPS or sum(not s.right for s in chosen) >= MIN_GROUP_WRONG},
    }


def _fit_group(samples: Sequence[Sample], sure: float) -> dict[str, Any]:
    best = np.array([s.best for s in samples], float)
    runner_up = np.array([s.runner_up for s in samples], float)
    right = np.array([s.right for s in samples], float)
    odds = _fit(best, best - runner_up, right)
    p = np.array([odds.named(s.best, s.runner_up) for s in samples])
    enrolled = np.array([s.enrolled for s in samples], bool)
    named, hit = p >= sure, right > 0
    return {
        "floor": round(odds.floor, 4), "floor_width": round(odds.floor_width, 5),
        "margin": round(odds.margin, 4), "margin_width": round(odds.margin_width, 5),
        "samples": len(samples), "samples_never_enrolled": int((~enrolled).sum()),
        "on_the_samples": {
            "sure": sure,
            "enrolled_named_right": int((named & enrolled & hit).sum()),
            "enrolled_named_wrong": int((named & enrolled & ~hit).sum()),
            "enrolled_unsure": int((~named & enrolled).sum()),
            "never_enrolled_named": int((named & ~enrolled).sum()),
            "right_best_scores": _spread(best[enrolled & hit]),
            "right_runner_up_scores": _spread(runner_up[enrolled & hit]),
            "never_enrolled_best_scores": _spread(best[~enrolled]),
            "never_enrolled_runner_up_scores": _spread(runner_up[~enrolled]),
        },
    }


def _spread(values: np.ndarray) -> list[float] | None:
    """min, 1st percentile, median, 99th percentile, max."""
    if not len(values):
        return None
    return [round(float(np.percentile(values, q)), 3) for q in (0, 1, 50, 99, 100)]
