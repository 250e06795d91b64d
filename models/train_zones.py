"""Train the zone model and export it to ONNX — the one command that makes ``models/zones.onnx``.

    .venv/bin/pip install -e '.[train]'          # torch, CPU build
    .venv/bin/python -m models.train_zones --out models/zones.onnx

Deterministic (fixed seeds, one torch thread), with progress bars. The data are supply-zone pictures of
train-domain tables (:mod:`models.render_zones`: seeds 8 000 000… for training, 8 100 000… for
validation, never the held-out domain), rendered in chunks of ``CHUNK`` tables cached in ``models/data/``
(git-ignored). Pairs are made at training time: any two frames of one table's zone are a (confirmed,
now) pair whose cube changes are all within ``DELTAS``. CI never runs this.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

from models.train_slots import DATA_DIR, optimise, progress, run_training
from companion.games.registry import default_pack

# the goods the model counts, in order: the default game's (written into its calibration file, which the
# pipeline checks against a game's goods before using the model)
CUBE_TYPES = default_pack().table.goods
from vision.zone_model import (DELTAS, INPUT_HEIGHT, INPUT_WIDTH, ZoneModel, calibration_path, count_input,
                               possible)

TRAIN_SEED_START = 8_000_000
VALID_SEED_START = 8_100_000
CHUNK = 200                     # tables per cache file
CACHES = {False: "zones-v1", True: "zones-v2"}     # cache names: cubes in rows only / heaped on half the tables
CONFIDENT = 0.9                 # the reconciler takes a supply as read from this confidence on
SURE_PRECISION = 0.998          # share of validation zones at or above the calibrated 0.9 that must be exact


def load_or_render(start: int, tables: int, heaps: bool = False) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Zone pictures, counts and groups of ``tables`` train-domain tables from seed ``start`` (cubes in rows, or
    ``heaps`` on the tables the train domain heaps), rendered once per chunk and cached."""
    from models.render_zones import make_zone_dataset

    DATA_DIR.mkdir(parents=True, exist_ok=True)
    parts = []
    for chunk in range(start, start + tables, CHUNK):
        count = min(CHUNK, start + tables - chunk)
        cache = DATA_DIR / f"{CACHES[heaps]}-{chunk}-{count}.npz"
        if not cache.exists():
            data = make_zone_dataset(range(chunk, chunk + count), heaps,
                                     lambda done, total: progress(f"render {chunk}", done, total, ""))
            partial = cache.with_suffix(".partial.npz")
            np.savez_compressed(partial, pictures=data[0], counts=data[1], groups=data[2])
            partial.rename(cache)
        loaded = np.load(cache)
        parts.append((loaded["pictures"], loaded["counts"], loaded["groups"]))
    pictures, counts, groups = (np.concatenate(p) for p in zip(*parts))
    return pictures, counts, groups


def pairs(counts: np.ndarray, groups: np.ndarray) -> np.ndarray:
    """(P, 2) indices (confirmed, now) of every ordered pair of pictures of one zone whose cube changes
    the model can say."""
    out = []
    for group in np.unique(groups):
        members = np.flatnonzero(groups == group)
        for i in members:
            for j in members:
                if i != j and np.all(np.abs(counts[j].astype(int) - counts[i]) <= max(DELTAS)):
                    out.append((i, j))
    return np.array(out, np.int64).reshape(-1, 2)


def build_model():
    import torch
    import torch.nn as nn

    def block(cin: int, cout: int, stride: int = 1) -> list:
        return [nn.Conv2d(cin, cout, 3, stride=stride, padding=1, bias=False), nn.BatchNorm2d(cout),
                nn.ReLU(inplace=True)]

    class ZoneNet(nn.Module):
        """Pictures then and now → features summed over the zone (a count is a sum over places), then
        with the confirmed counts → per cube type, logits of each change in ``DELTAS``."""

        def __init__(self) -> None:
            super().__init__()
            self.features = nn.Sequential(
                *block(6, 16, 2), *block(16, 24, 2), *block(24, 32, 2),   # 56×48, 28×24, 14×12
                *block(32, 48), *block(48, 64, 2),                        # 14×12, 7×6
                nn.AdaptiveAvgPool2d(1), nn.Flatten())
            self.head = nn.Sequential(nn.Linear(64 + len(CUBE_TYPES), 64), nn.ReLU(inplace=True),
                                      nn.Linear(64, len(CUBE_TYPES) * len(DELTAS)))

        def forward(self, pairs: "torch.Tensor", counts: "torch.Tensor") -> "torch.Tensor":
            return self.head(torch.cat([self.features(pairs), counts], dim=1))

    return ZoneNet()


def augment(inputs, generator):
    """What differs between two tables, lamps and moments beyond the renders: both pictures mirrored
    (cube types do not keep their places on a real table); one lamp over both pictures — its colour cast,
    contrast, a glare spot and the lens's blur — and a little light change between them; the now picture
    moved by a pixel (the pose between fits); sensor noise. The lamp's range is wider than the train
    domain's (held-out lamps are warmer and glarier, where the zones were misread most)."""
    import torch

    count = len(inputs)
    rand = lambda *shape: torch.rand(*shape, generator=generator)  # noqa: E731
    if rand(1).item() < 0.5:
        inputs = inputs.flip(3)
    if rand(1).item() < 0.5:
        inputs = inputs.flip(2)
    inputs = inputs ** (0.75 + 0.6 * rand(count, 1, 1, 1))                           # contrast (gamma)
    lamp = (0.75 + 0.5 * rand(count, 3, 1, 1)).repeat(1, 2, 1, 1)                   # one cast on both
    inputs = inputs * ((0.8 + 0.4 * rand(count, 1, 1, 1)) * lamp * (0.95 + 0.1 * rand(count, 6, 1, 1)))
    inputs = inputs + glare(count, inputs.shape[2:], rand)
    if rand(1).item() < 0.5:
        inputs = lens_blur(inputs, 0.3 + 0.7 * rand(1).item())
    shift = rand(count) < 0.5
    if shift.any():
        dy, dx = (int(rand(1).item() * 3) - 1 for _ in range(2))
        inputs[shift, :3] = torch.roll(inputs[shift, :3], shifts=(dy, dx), dims=(2, 3))
    # grain shared by the channels: as good a disturbance, a sixth of the cost of drawing it
    inputs += torch.randn((count, 1) + inputs.shape[2:], generator=generator) * (0.02 * rand(count, 1, 1, 1))
    return inputs.clamp_(0.0, 1.0)


def glare(count: int, size: tuple[int, int], rand):
    """(count, 1, H, W) a lamp's soft bright spot, the same in both pictures (none on half of them)."""
    import torch

    h, w = size
    ys, xs = torch.arange(h).view(1, h, 1), torch.arange(w).view(1, 1, w)
    cy, cx = (rand(count, 1, 1) * h), (rand(count, 1, 1) * w)
    radius = (0.2 + 0.4 * rand(count, 1, 1)) * max(h, w)
    strength = 0.3 * rand(count, 1, 1) * (rand(count, 1, 1) < 0.5)
    return (strength * torch.exp(-((ys - cy) ** 2 + (xs - cx) ** 2) / (2 * radius ** 2))).unsqueeze(1)


def lens_blur(inputs, amount: float):
    """Every picture softened (``amount`` 0…1 of a 3×3 mean mixed in, up to a Gaussian of ≈ 0.8 px): a
    softer camera. (A mean filter: a Gaussian convolution costs 10× more on the CPU.)"""
    import torch.nn.functional as F

    return inputs * (1 - amount) + F.avg_pool2d(inputs, 3, stride=1, padding=1, count_include_pad=False) * amount


def batch_tensors(pictures: np.ndarray, counts: np.ndarray, chosen: np.ndarray):
    """(pairs uint8 (B, 6, H, W), confirmed counts (B, 5) float, targets (B, 5) class indices, possible
    (B, 5, len(DELTAS)) bool) for the pairs ``chosen`` (B, 2)."""
    import torch

    then, now = chosen[:, 0], chosen[:, 1]
    stacked = np.concatenate([pictures[now], pictures[then]], axis=-1).transpose(0, 3, 1, 2)
    delta = counts[now].astype(np.int64) - counts[then]
    return (torch.from_numpy(np.ascontiguousarray(stacked)), torch.from_numpy(count_input(counts[then])),
            torch.from_numpy(delta - min(DELTAS)), torch.from_numpy(possible(counts[then])))


def predict(model, pictures: np.ndarray, counts: np.ndarray, chosen: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(N, 5, len(DELTAS)) probabilities of the torch ``model`` for pairs ``chosen``, impossible changes at 0."""
    import torch

    model.eval()
    out = []
    with torch.no_grad():
        for start in range(0, len(chosen), 256):
            x, c, _, allowed = batch_tensors(pictures, counts, chosen[start:start + 256])
            logits = model(x.float() / 255.0, c).reshape(len(x), len(CUBE_TYPES), len(DELTAS))
            out.append(torch.softmax(logits.masked_fill(~allowed, -1e9), dim=-1).numpy())
    return np.concatenate(out)


def predict_onnx(path: Path, pictures: np.ndarray, counts: np.ndarray, chosen: np.ndarray) -> np.ndarray:
    """The same from the exported model, as the pipeline runs it."""
    model = ZoneModel(path)
    return np.concatenate([model.changes(pictures[part[:, 0]], pictures[part[:, 1]], counts[part[:, 0]])
                           for part in np.array_split(chosen, max(1, len(chosen) // 256))])


def judged(odds: np.ndarray, counts: np.ndarray, chosen: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(confidence that all five changes are right, whether they are, whether the zone changed) per pair."""
    best = odds.argmax(axis=-1)
    truth = counts[chosen[:, 1]].astype(np.int64) - counts[chosen[:, 0]] - min(DELTAS)
    return odds.max(axis=-1).prod(axis=1), np.all(best == truth, axis=1), np.any(truth != -min(DELTAS), axis=1)


def summary(sure: np.ndarray, right: np.ndarray, changed: np.ndarray) -> dict[str, float]:
    """Zones exactly right among all pairs and the changed ones; share and exactness of those reported at
    ``CONFIDENT`` or more."""
    confident = sure >= CONFIDENT
    return {"zones_exact": round(float(right.mean()), 4), "changed_exact": round(float(right[changed].mean()), 4),
            "confident_share": round(float(confident.mean()), 4),
            "confident_exact": round(float(right[confident].mean()), 4) if confident.any() else None}


def calibrate(sure: np.ndarray, right: np.ndarray) -> float:
    """The exponent that maps the model's confidence so that the zones reported at ``CONFIDENT`` or more
    are exact in ``SURE_PRECISION`` of the (validation) pairs: the lowest raw confidence t above which
    that holds becomes 0.9 (``t ** exponent == 0.9``)."""
    order = np.argsort(-sure)
    precision = np.cumsum(right[order]) / np.arange(1, len(order) + 1)
    good = np.flatnonzero(precision >= SURE_PRECISION)
    threshold = float(sure[order][good[-1]]) if len(good) else 1 - 1e-6
    threshold = min(max(threshold, CONFIDENT), 1 - 1e-6)
    return float(np.log(CONFIDENT) / np.log(threshold))


def write_calibration(out: Path, valid: tuple[np.ndarray, np.ndarray, np.ndarray]) -> dict[str, float]:
    """Fit the confidence exponent of the exported model on the validation tables and store it beside it."""
    chosen = pairs(valid[1], valid[2])
    sure, right, changed = judged(predict_onnx(out, valid[0], valid[1], chosen), valid[1], chosen)
    exponent = calibrate(sure, right)
    figures = {"goods": list(CUBE_TYPES), **summary(sure ** exponent, right, changed),
               "confidence_exponent": round(exponent, 3)}
    calibration_path(out).write_text(json.dumps(figures, indent=1) + "\n")
    return figures


def train(out: Path, tables: int, valid_tables: int, epochs: int, per_epoch: int, seed: int,
          threads: int = 1, heaps: bool = False) -> dict[str, float]:
    import torch
    import torch.nn.functional as F

    torch.manual_seed(seed)
    torch.set_num_threads(threads)
    valid = load_or_render(VALID_SEED_START, valid_tables, heaps)
    pictures, counts, groups = load_or_render(TRAIN_SEED_START, tables, heaps)
    chosen, valid_chosen = pairs(counts, groups), pairs(valid[1], valid[2])
    print(f"{len(pictures)} zone pictures of {tables} tables: {len(chosen)} pairs; validation "
          f"{len(valid_chosen)} pairs of {valid_tables} tables", file=sys.stderr)
    model = build_model().to(memory_format=torch.channels_last)
    optimiser = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=1e-4)
    batch = 128
    per_epoch = min(per_epoch, len(chosen))
    steps = epochs * ((per_epoch + batch - 1) // batch)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=3e-3, total_steps=steps)
    generator = torch.Generator().manual_seed(seed)
    for epoch in range(epochs):
        model.train()
        order = torch.randperm(len(chosen), generator=generator).numpy()[:per_epoch]   # a new draw each epoch
        started, seen, loss_sum = time.time(), 0, 0.0
        for start in range(0, per_epoch, batch):
            x, c, target, allowed = batch_tensors(pictures, counts, chosen[order[start:start + batch]])
            inputs = augment(x.float() / 255.0, generator).contiguous(memory_format=torch.channels_last)
            logits = model(inputs, c).reshape(len(x), len(CUBE_TYPES), len(DELTAS))
            logits = logits.masked_fill(~allowed, -1e4)
            loss = F.cross_entropy(logits.reshape(-1, len(DELTAS)), target.reshape(-1))
            seen += len(x)
            loss_sum += optimise(loss, optimiser, schedule) * len(x)
            progress(f"epoch {epoch + 1}/{epochs}", seen, per_epoch,
                     f"loss {loss_sum / seen:.4f} {seen / (time.time() - started):.0f}/s")
        figures = summary(*judged(predict(model, *valid[:2], valid_chosen), valid[1], valid_chosen))
        print(f"epoch {epoch + 1}: validation {figures}", file=sys.stderr)
    export(model, out)
    figures = write_calibration(out, valid)
    print(f"calibrated, as exported: validation {figures}", file=sys.stderr)
    return {**figures, "parameters": sum(p.numel() for p in model.parameters())}


def export(model, out: Path) -> None:
    import torch

    model.eval()
    out.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(model, (torch.zeros(1, 6, INPUT_HEIGHT, INPUT_WIDTH), torch.zeros(1, len(CUBE_TYPES))),
                      str(out), input_names=["pairs", "counts"], output_names=["logits"],
                      dynamic_axes={"pairs": {0: "zones"}, "counts": {0: "zones"}, "logits": {0: "zones"}},
                      opset_version=17, dynamo=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("models/zones.onnx"))
    parser.add_argument("--tables", type=int, default=800, help="train-domain tables rendered for training")
    parser.add_argument("--valid-tables", type=int, default=100, help="…and for validation (other seeds)")
    parser.add_argument("--epochs", type=int, default=16)
    parser.add_argument("--pairs-per-epoch", type=int, default=50_000, help="pairs drawn afresh for each epoch")
    parser.add_argument("--seed", type=int, default=2005)
    parser.add_argument("--threads", type=int, default=1, help="torch threads (1: the same result everywhere)")
    parser.add_argument("--heaps", action="store_true",
                        help="heap the cubes on the tables the train domain heaps (half); without it every table "
                             "keeps its cubes in rows, as for the committed model")
    args = parser.parse_args(argv)
    return run_training(lambda: train(args.out, args.tables, args.valid_tables, args.epochs, args.pairs_per_epoch,
                                      args.seed, args.threads, args.heaps), args.out)


if __name__ == "__main__":
    sys.exit(main())
