"""Train the slot model and export it to ONNX — the one command that makes ``models/slots.onnx``.

    .venv/bin/pip install -e '.[train]'          # torch 2.13.0, CPU build
    .venv/bin/python -m models.train_slots --out models/slots.onnx

Deterministic (fixed seeds, one torch thread by default), with progress bars. Two sources of training
pairs, both cached in ``models/data/`` (git-ignored): crops drawn directly with random board art
(:mod:`models.synth_crops`) and crops cut from simulated-table frames of the broad *train* domain
(:mod:`models.render_crops`), rendered in chunks of 240 frames; a chunk can be cut at several crop
margins at once and two chunks can render side by side (``render_chunk(start, 240, (1.25, 1.7))``).
On the shared 2-core machine under load 9–14 (niced): 7–10 min to render a chunk, training ≈ 1 250 pairs/s
on one thread (≈ 30 min for the defaults). CI never runs this.

The defaults (1 920 frames, 20 000 synthetic pairs, balanced, 10 epochs, margin ``vision.crops.MARGIN``)
reproduce the committed model; ``--render-frames`` and ``--epochs`` scale it up (rendered chunks are
reused from the cache).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from vision.crops import MARGIN
from vision.recognizer import KINDS

DATA_DIR = Path(__file__).resolve().parent / "data"
RENDER_SEED_START = 6_000_000     # train-domain seeds for rendered crops; evaluation uses other seeds
# With --balanced, how often a rendered crop of each kind is used per epoch: rare kinds (provost, bailiff: one per
# frame) are repeated, "empty" (two thirds of the crops even after subsampling) is thinned.
KIND_REPEAT = {"empty": 0.6, "worker": 2, "house": 3, "disc": 1, "tile": 1, "provost": 5, "bailiff": 5}


def build_model():
    import torch.nn as nn

    def block(cin: int, cout: int) -> list:
        return [nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True)]

    return nn.Sequential(
        *block(6, 16), nn.MaxPool2d(2),                          # 16×16
        *block(16, 24), *block(24, 24), nn.MaxPool2d(2),         # 8×8
        *block(24, 48), nn.MaxPool2d(2),                         # 4×4
        *block(48, 64), nn.AdaptiveAvgPool2d(1), nn.Flatten(),
        nn.Linear(64, len(KINDS)),
    )


def load_or_make(count: int, seed: int, margin: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    from models.synth_crops import make_dataset

    DATA_DIR.mkdir(parents=True, exist_ok=True)
    cache = DATA_DIR / f"synth-{count}-{seed}-m{round(margin * 100)}.npz"
    if cache.exists():
        data = np.load(cache)
        return data["references"], data["currents"], data["kinds"]
    chunks, done, step = [], 0, 5000
    while done < count:
        n = min(step, count - done)
        chunks.append(make_dataset(n, seed * 100_003 + done, margin))
        done += n
        progress("data ", done, count, "")
    references, currents, kinds = (np.concatenate(parts) for parts in zip(*chunks))
    np.savez_compressed(cache, references=references, currents=currents, kinds=kinds)
    return references, currents, kinds


RENDER_CHUNK = 240               # rendered frames per cache file (chunks can be rendered in parallel)
RENDER_CACHE = "render-v2"       # v2: the broad train domain (v1 chunks, seeds 5 000 000…, had the narrow one)


def render_cache(start: int, count: int, margin: float) -> Path:
    return DATA_DIR / f"{RENDER_CACHE}-{start}-{count}-m{round(margin * 100)}.npz"


def load_or_render(start: int, count: int, margin: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Crops cut at crop-window ``margin`` from ``count`` simulated-table frames (train domain, seeds
    ``start``…), rendered and cached in chunks of :data:`RENDER_CHUNK` frames."""
    parts = [render_chunk(chunk, min(RENDER_CHUNK, start + count - chunk), (margin,))[0]
             for chunk in range(start, start + count, RENDER_CHUNK)]
    references, currents, kinds = (np.concatenate(p) for p in zip(*parts))
    return references, currents, kinds


def render_chunk(start: int, count: int, margins: Sequence[float]) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """One chunk's crops per margin, from the cache or rendered once for all ``margins`` missing there."""
    from models.render_crops import make_render_dataset

    missing = [m for m in margins if not render_cache(start, count, m).exists()]
    if missing:
        DATA_DIR.mkdir(parents=True, exist_ok=True)
        cut = make_render_dataset(range(start, start + count),
                                  lambda done, total: progress(f"render {start}", done, total, ""), missing)
        for margin, (references, currents, kinds) in zip(missing, cut):
            partial = render_cache(start, count, margin).with_suffix(".partial.npz")
            np.savez_compressed(partial, references=references, currents=currents, kinds=kinds)
            partial.rename(render_cache(start, count, margin))
    loaded = [np.load(render_cache(start, count, m)) for m in margins]
    return [(data["references"], data["currents"], data["kinds"]) for data in loaded]


def balanced_indices(kinds: np.ndarray, repeat: float, rng: np.random.Generator) -> np.ndarray:
    """Indices of rendered crops for one epoch, each kind used ``KIND_REPEAT[kind] × repeat`` times
    (a fraction keeps a random share)."""
    picked = []
    for index, kind in enumerate(KINDS):
        members = np.flatnonzero(kinds == index)
        times = KIND_REPEAT[kind] * repeat
        whole, part = int(times), times - int(times)
        picked += [members] * whole
        picked.append(rng.choice(members, int(round(part * len(members))), replace=False))
    return np.concatenate(picked)


def progress(label: str, done: int, total: int, extra: str) -> None:
    width = 30
    filled = int(width * done / max(total, 1))
    sys.stderr.write(f"\r{label} [{'#' * filled}{'.' * (width - filled)}] {done}/{total} {extra}   ")
    if done >= total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def train(out: Path, samples: int, epochs: int, seed: int, render_frames: int,
          render_repeat: float, balanced: bool = False, margin: float = MARGIN, threads: int = 1) -> dict[str, float]:
    import torch
    import torch.nn.functional as F

    torch.manual_seed(seed)
    torch.set_num_threads(threads)
    references, currents, kinds = load_or_make(samples, seed, margin)
    if render_frames:
        rendered = load_or_render(RENDER_SEED_START, render_frames, margin)
        print(f"{len(rendered[2])} crops from {render_frames} rendered frames "
              f"(kinds {np.bincount(rendered[2], minlength=len(KINDS)).tolist()})", file=sys.stderr)
        if balanced:
            picked = balanced_indices(rendered[2], render_repeat, np.random.default_rng(seed))
        else:
            picked = np.tile(np.arange(len(rendered[2])), int(render_repeat))
        print(f"balanced per epoch: {np.bincount(rendered[2][picked], minlength=len(KINDS)).tolist()}", file=sys.stderr)
        references, currents, kinds = (np.concatenate([a, b[picked]])
                                       for a, b in zip((references, currents, kinds), rendered))
    valid_refs, valid_curs, valid_kinds = load_or_make(max(2000, samples // 20), seed + 1, margin)

    def tensor(refs: np.ndarray, curs: np.ndarray) -> "torch.Tensor":
        """Pairs as uint8 (N, 6, 32, 32), channels as ``model_input`` stacks them: scaled per batch, so
        hundreds of thousands of pairs fit in memory."""
        return torch.from_numpy(np.ascontiguousarray(np.concatenate([curs, refs], axis=-1).transpose(0, 3, 1, 2)))

    x, y = tensor(references, currents), torch.from_numpy(kinds)
    vx, vy = tensor(valid_refs, valid_curs), torch.from_numpy(valid_kinds)
    model = build_model()
    optimiser = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=1e-4)
    batch = 256
    model = model.to(memory_format=torch.channels_last)
    steps = epochs * ((len(x) + batch - 1) // batch)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=3e-3, total_steps=steps)
    generator = torch.Generator().manual_seed(seed)
    # "Empty" is most slots; a missed piece costs more than a doubt the reconciler can settle.
    class_weight = torch.tensor([0.5 if k == "empty" else 1.0 for k in KINDS])
    for epoch in range(epochs):
        model.train()
        order = torch.randperm(len(x), generator=generator)
        started, seen, loss_sum = time.time(), 0, 0.0
        for start in range(0, len(x), batch):
            index = order[start:start + batch]
            inputs = augment(x[index].float() / 255.0, generator).contiguous(memory_format=torch.channels_last)
            loss = F.cross_entropy(model(inputs), y[index], weight=class_weight, label_smoothing=0.02)
            seen += len(index)
            loss_sum += optimise(loss, optimiser, schedule) * len(index)
            progress(f"epoch {epoch + 1}/{epochs}", seen, len(x), f"loss {loss_sum / seen:.4f} "
                                                                  f"{seen / (time.time() - started):.0f}/s")
        accuracy = evaluate(model, vx, vy)
        print(f"epoch {epoch + 1}: validation accuracy {accuracy:.4f}", file=sys.stderr)
    export(model, out)
    return {"validation_accuracy": accuracy, "parameters": sum(p.numel() for p in model.parameters())}


def optimise(loss, optimiser, schedule) -> float:
    """One step down ``loss``'s gradient (and the learning-rate schedule's); the loss's value."""
    optimiser.zero_grad()
    loss.backward()
    optimiser.step()
    schedule.step()
    return loss.item()


def augment(inputs, generator):
    """Camera changes between setup and now, on top of those already in the crops: each half of a pair
    gets its own light level and colour cast, the current half some blur, a pixel of shift and noise."""
    import torch
    import torch.nn.functional as F

    count = len(inputs)
    rand = lambda *shape: torch.rand(*shape, generator=generator)  # noqa: E731
    inputs = inputs.clone()
    if rand(1).item() < 0.5:                                     # the board has no "up" for a crop
        inputs = inputs.flip(3)
    inputs[:, :3] *= 0.75 + 0.5 * rand(count, 3, 1, 1)
    inputs[:, 3:] *= 0.75 + 0.5 * rand(count, 3, 1, 1)
    current = inputs[:, :3]
    blur = rand(count) < 0.5
    if blur.any():
        kernel = torch.tensor([[1.0, 2.0, 1.0], [2.0, 4.0, 2.0], [1.0, 2.0, 1.0]]) / 16
        kernel = kernel.expand(3, 1, 3, 3).contiguous()
        current[blur] = F.conv2d(F.pad(current[blur], (1, 1, 1, 1), mode="replicate"), kernel, groups=3)
    shift = rand(count) < 0.4
    if shift.any():
        current[shift] = torch.roll(current[shift], shifts=(int(rand(1).item() * 3) - 1, int(rand(1).item() * 3) - 1),
                                    dims=(2, 3))
    inputs[:, :3] = current + torch.randn(current.shape, generator=generator) * (0.035 * rand(count, 1, 1, 1))
    return inputs.clamp_(0.0, 1.0)


def evaluate(model, x, y) -> float:
    import torch

    model.eval()
    with torch.no_grad():
        predictions = torch.cat([model(x[i:i + 512].float() / 255.0).argmax(1) for i in range(0, len(x), 512)])
    return float((predictions == y).float().mean())


def export(model, out: Path) -> None:
    import torch

    model.eval()
    out.parent.mkdir(parents=True, exist_ok=True)
    example = torch.zeros(1, 6, 32, 32)
    torch.onnx.export(model, example, str(out), input_names=["pairs"], output_names=["logits"],
                      dynamic_axes={"pairs": {0: "slots"}, "logits": {0: "slots"}}, opset_version=17,
                      dynamo=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("models/slots.onnx"))
    parser.add_argument("--samples", type=int, default=20_000, help="synthetic pairs")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--seed", type=int, default=2005)
    parser.add_argument("--render-frames", type=int, default=1920,
                        help="simulated-table frames to cut real-looking crops from (0: synthetic only)")
    parser.add_argument("--render-repeat", type=float, default=1,
                        help="how often each rendered crop is used per epoch (with --balanced: scales KIND_REPEAT)")
    parser.add_argument("--balanced", action=argparse.BooleanOptionalAction, default=True,
                        help="use rendered crops per kind as KIND_REPEAT says (rare kinds more often)")
    parser.add_argument("--threads", type=int, default=1,
                        help="torch threads (1: the same result everywhere, and two runs can share 2 cores)")
    parser.add_argument("--margin", type=float, default=MARGIN,
                        help="crop window / slot extent; must equal vision.crops.MARGIN where the model is used")
    args = parser.parse_args(argv)
    return run_training(lambda: train(args.out, args.samples, args.epochs, args.seed, args.render_frames,
                                      args.render_repeat, args.balanced, args.margin, args.threads), args.out)


def run_training(train_model: Callable[[], dict], out: Path) -> int:
    """A recipe's command: train (PyTorch needed), then say what was written and its figures."""
    try:
        import torch  # noqa: F401
    except ImportError:
        print("training needs PyTorch: .venv/bin/pip install -e '.[train]'", file=sys.stderr)
        return 2
    figures = train_model()
    print(f"wrote {out} ({out.stat().st_size // 1024} KiB): {figures}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
