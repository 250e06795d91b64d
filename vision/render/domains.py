"""Randomisation domains: what a training set may see, and a held-out domain it never sees.

A :class:`RenderStyle` fixes everything random about one episode (board art, table, pieces,
camera, light, sensor); :func:`sample_style` draws one from a domain with a seed. The ranges
live in ``domains.json`` so the split can be read and changed without code. ``holdout`` uses
board-art styles, tables, camera tilts, lenses, light colours and piece tints that ``train``
never uses, so an evaluation on it measures generalisation, not memory. ``demo`` is the demo's
simulated camera: a friendly home set-up (the train domain's first, narrower camera ranges).

>>> a, b = sample_style("train", 3), sample_style("train", 3)
>>> a == b
True
>>> sample_style("holdout", 3).board_style in DOMAINS["holdout"]["board_styles"]
True
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from .printing import sample_print

DOMAINS: dict[str, dict[str, Any]] = json.loads(Path(__file__).with_name("domains.json").read_text(encoding="utf-8"))


@dataclass(frozen=True)
class RenderStyle:
    """Every random choice of one episode; frames of a still scene share it."""

    domain: str
    seed: int
    board_style: str
    background: str
    tilt_deg: float
    azimuth_deg: float
    roll_deg: float
    hfov_deg: float
    fill: float
    distortion: tuple[float, float]
    light_kelvin: float
    light_azimuth_deg: float
    light_elevation_deg: float
    light_gain: float
    light_gradient: float
    glare: float
    white_balance: tuple[float, float, float]
    blur_sigma: float
    noise_sigma: float
    jpeg_quality: int
    piece_tint: float
    jitter_mm: float
    hand_probability: float
    skin_tone: tuple[int, int, int] = field(default=(150, 180, 225))
    heaped_supplies: bool = False          # cubes in one heap per type (touching, piled), not in tidy rows
    # how this copy of the board is printed against its layout (vision.render.printing.BoardPrint.params);
    # () for a board printed exactly as its layout, the train look's
    board_print: tuple[float, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out = {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.__dict__.items()}
        if not self.board_print:            # a look without printings records what it always recorded
            del out["board_print"]
        return out


def _uniform(rng: np.random.Generator, bounds: list[float]) -> float:
    return float(rng.uniform(bounds[0], bounds[1]))


# Each domain draws from its own random stream. The first two keep the numbers they always had, so rendered
# sets, cached training crops and the evaluation's re-renders of a set stay the same tables.
FIRST_STREAMS = {"holdout": 0, "train": 1}


PRINTED = "-printed"       # "holdout-printed": the look's tables, each board printed otherwise than its layout


def _stream(domain: str) -> int:
    return FIRST_STREAMS.get(domain, zlib.crc32(domain.encode()))


def look_of(domain: str) -> tuple[str, bool]:
    """A look's name → (the domain it draws from, whether its boards are printed otherwise than the layout)."""
    if domain.endswith(PRINTED) and domain[:-len(PRINTED)] in DOMAINS and "board_print" in DOMAINS[domain[:-len(PRINTED)]]:
        return domain[:-len(PRINTED)], True
    return domain, False


def sample_style(domain: str, seed: int, undistorted: bool = False) -> RenderStyle:
    """Draw an episode style from ``domain`` ("train" or "holdout"); same seed, same style.

    ``undistorted`` turns off lens distortion, blur, noise and JPEG: geometry tests use it to
    compare exact projections.
    """
    base, printed = look_of(domain)
    if base not in DOMAINS:
        printed_looks = [name + PRINTED for name, d in DOMAINS.items() if "board_print" in d]
        raise ValueError(f"unknown render domain {domain!r}; known: {', '.join([*DOMAINS, *printed_looks])}")
    d = DOMAINS[base]
    rng = np.random.default_rng([seed, _stream(base)])
    skin = d["skin_tones"][int(rng.integers(len(d["skin_tones"])))]
    wb = tuple(float(1 + rng.uniform(-d["white_balance"], d["white_balance"])) for _ in range(3))
    k1 = _uniform(rng, d["distortion_k1"])
    azimuth = float(rng.choice(d["camera_sides"])) + _uniform(rng, d["azimuth_jitter_deg"])
    style = RenderStyle(
        domain=domain, seed=seed,
        board_style=str(rng.choice(d["board_styles"])),
        background=str(rng.choice(d["backgrounds"])),
        tilt_deg=_uniform(rng, d["tilt_deg"]),
        azimuth_deg=azimuth,
        roll_deg=_uniform(rng, d["roll_deg"]),
        hfov_deg=_uniform(rng, d["hfov_deg"]),
        fill=_uniform(rng, d["fill"]),
        distortion=(0.0, 0.0) if undistorted else (k1, -0.3 * k1),
        light_kelvin=_uniform(rng, d["light_kelvin"]),
        light_azimuth_deg=_uniform(rng, [0, 360]),
        light_elevation_deg=_uniform(rng, d["light_elevation_deg"]),
        light_gain=_uniform(rng, d["light_gain"]),
        light_gradient=_uniform(rng, d["light_gradient"]),
        glare=_uniform(rng, d["glare"]),
        white_balance=wb,
        blur_sigma=0.0 if undistorted else _uniform(rng, d["blur_sigma"]),
        noise_sigma=0.0 if undistorted else _uniform(rng, d["noise_sigma"]),
        jpeg_quality=100 if undistorted else int(rng.integers(d["jpeg_quality"][0], d["jpeg_quality"][1] + 1)),
        piece_tint=_uniform(rng, d["piece_tint"]),
        jitter_mm=_uniform(rng, d["jitter_mm"]),
        hand_probability=float(d["hand_probability"]),
        skin_tone=(int(skin[0]), int(skin[1]), int(skin[2])),
        heaped_supplies=bool(rng.random() < d.get("heaped_supplies", 0.0)),    # drawn last: older draws keep
        board_print=sample_print(d.get("board_print") if printed else None, seed, _stream(base)),  # its own stream
    )
    return style


def recorded_style(recorded: dict[str, Any]) -> RenderStyle:
    """The style a rendered frame's truth records (its ``style``): drawn again from its domain and seed, with
    the choices added since taken from the record (a set rendered before a choice existed keeps its default)."""
    style = sample_style(recorded["domain"], int(recorded["seed"]))
    return replace(style, heaped_supplies=bool(recorded.get("heaped_supplies", False)),
                   board_print=tuple(float(v) for v in recorded.get("board_print", ())))
