"""Blueprint: the setup wizard — camera, board corners, empty board, piece colours, then players and variant.

Camera steps record what the vision part needs later (the camera, corner taps, an empty-board picture,
the real colours of the players' pieces) in ``setup.json`` in the data folder; the last step starts the
game. ``companion serve`` reads it back with :func:`read_setup` at the next start.
"""

from __future__ import annotations

import glob
import json
import os
import secrets
import shutil
from pathlib import Path
from typing import Any, Callable

from flask import Blueprint, current_app, g, jsonify, render_template

from companion.games import RuleError
from companion.games.registry import all_packs, default_pack, get_pack

from . import error_response, i18n, messages, validation
from .pairing import json_body, paired_required
from .tablet import tablet_data

bp = Blueprint("setup", __name__)
MAX_NAME_LENGTH = 24
SAMPLE_RADIUS = 6
SETUP_FILE = "setup.json"
SET_ASIDE_SUFFIX = ".bad"
MAX_CAMERA_LENGTH = 200


def good_camera(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value.strip()) <= MAX_CAMERA_LENGTH


def good_corners(value: Any) -> bool:
    """Four [x, y] taps as fractions of the picture."""
    return isinstance(value, list) and len(value) == 4 and all(
        isinstance(c, list) and len(c) == 2 and all(_fraction(v) for v in c) for c in value)


def good_colours(value: Any) -> bool:
    """``{colour: {"rgb": [r, g, b]}}``, as the colour step measures them."""
    return isinstance(value, dict) and all(
        isinstance(name, str) and isinstance(sample, dict) and isinstance(rgb := sample.get("rgb"), list)
        and len(rgb) == 3 and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 255 for v in rgb)
        for name, sample in value.items())


def _fraction(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 1


FIELD_CHECKS: dict[str, Callable[[Any], bool]] = {
    "camera": good_camera, "corners": good_corners, "colours": good_colours,
    "empty_board": lambda value: isinstance(value, dict)}


def read_setup(folder: Path) -> tuple[dict[str, Any], list[str]]:
    """The setup saved in ``folder`` (``{}`` when there is none) and a sentence for each part that can't be
    used. Unusable parts are left out; a file that is not a JSON object is copied aside as ``setup.json.bad``
    before anything can overwrite it."""
    path = Path(folder) / SETUP_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}, []
    except (OSError, UnicodeDecodeError, ValueError) as problem:
        return {}, [_set_aside(path, f"is not readable JSON ({problem})")]
    if not isinstance(data, dict):
        return {}, [_set_aside(path, "holds no setup (not a JSON object)")]
    kept, problems = {}, []
    for key, value in data.items():
        check = FIELD_CHECKS.get(key)
        if check is None or check(value):
            kept[key] = value
        else:
            problems.append(f"{path}: the saved {key!r} can't be used and is left out (redo that step in Setup)")
    return kept, problems


def _set_aside(path: Path, why: str) -> str:
    spare = path.with_name(path.name + SET_ASIDE_SUFFIX)
    try:
        shutil.copyfile(path, spare)
    except OSError:
        return f"{path} {why}: the saved setup is not used; redo Setup's camera steps"
    return f"{path} {why}: the saved setup is not used (a copy is kept as {spare}); redo Setup's camera steps"


def _setup_state() -> dict[str, Any]:
    return current_app.extensions["setup"]


def _save_setup() -> None:
    """Write the whole setup (the parts read at start plus this run's steps); a crash mid-write leaves the
    previous file whole."""
    folder = current_app.config.get("DATA_DIR")
    if folder:
        path = Path(folder) / SETUP_FILE
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(path.name + ".partial")
        partial.write_text(json.dumps(_setup_state(), indent=2), encoding="utf-8")
        os.replace(partial, path)


def _latest_picture() -> bytes | None:
    source = current_app.extensions["frame_source"]
    return source.latest_jpeg() if source is not None else None


def _served_game() -> str:
    """The game the server was started for (``GAME`` in the app's config, ``companion serve GAME``), else the
    default game: the Setup page offers it first and a new game without a named game is of it."""
    return str(current_app.config.get("GAME") or default_pack().name)


def _game_choices() -> list[dict[str, Any]]:
    """Every installed game the tablet can start, the served game first."""
    games = []
    for pack in sorted(all_packs(), key=lambda pack: pack.name != _served_game()):
        try:
            info = pack.info
        except (ImportError, AttributeError):
            continue  # a game whose engine is not installed yet is simply not offered
        games.append({"name": info.name, "title": info.title, "min_players": info.min_players,
                      "max_players": info.max_players, "colours": list(info.colours),
                      "variants": [variant_control(v) for v in info.variants],
                      "first_player_variant": _first_player_variant(info)})
    return games


def _first_player_variant(info: Any) -> str | None:
    """The pack's yes/no variant that makes the seat order the first turn order (``tablet.json``), if it has one:
    Setup's "first player" puts that player in the first seat and sets it."""
    name = tablet_data(info.name).get("first_player_variant")
    known = {v.name: v for v in info.variants}
    return name if isinstance(name, str) and name in known and isinstance(known[name].default, bool) else None


def variant_control(variant: Any) -> dict[str, Any]:
    """How Setup draws a rules option, from its default's type and its choices: ``boolean`` (a checkbox),
    ``choice`` (a select of the choices), ``number`` (a number input, bounded by the choices when it has some)
    or ``text``.

    >>> from companion.games.game import VariantOption
    >>> variant_control(VariantOption("tiles", 2, "Tiles", choices=(2, 1)))["control"]
    'number'
    >>> variant_control(VariantOption("trade", "tile", "Trade", choices=("tile", "rulebook")))["control"]
    'choice'
    """
    default = variant.default
    choices = list(getattr(variant, "choices", ()) or ())
    if isinstance(default, bool):
        control = "boolean"
    elif isinstance(default, (int, float)):
        control = "number"
    elif choices:
        control = "choice"
    else:
        control = "text"
    described = {"name": variant.name, "default": default, "description": variant.description,
                 "control": control, "choices": choices}
    if control == "number" and choices:
        described.update(min=min(choices), max=max(choices))
    return described


@bp.get("/setup")
def setup_page():
    return render_template("setup.html")


@bp.get("/api/setup")
def setup_options():
    return jsonify({"games": _game_choices(), "camera": current_app.extensions["frame_source"] is not None,
                    "cameras": sorted(glob.glob("/dev/video*")), "setup": _setup_state()})


@bp.post("/api/setup/camera")
@paired_required
def choose_camera():
    camera = json_body().get("camera")
    problem = validation.camera_problem(camera)
    if problem:
        return error_response(400, problem[0], **problem[1])
    _setup_state()["camera"] = camera
    _save_setup()
    return jsonify({"camera": camera})


@bp.post("/api/setup/corners")
@paired_required
def board_corners():
    corners = json_body().get("corners")
    if not good_corners(corners):
        return error_response(400, "errors.bad_corners")
    _setup_state()["corners"] = [[float(x), float(y)] for x, y in corners]
    _save_setup()
    return jsonify({"corners": _setup_state()["corners"]})


@bp.post("/api/setup/empty-board")
@paired_required
def capture_empty_board():
    live = current_app.extensions.get("live")
    if live is not None:
        return _capture_for_live_loop(live)
    picture = _latest_picture()
    if not picture:
        return error_response(409, "errors.no_camera_picture")
    folder = current_app.config.get("DATA_DIR")
    if folder:
        (Path(folder) / "empty-board.jpg").write_bytes(picture)
    _setup_state()["empty_board"] = {"bytes": len(picture)}
    _save_setup()
    return jsonify({"captured": True, "bytes": len(picture)})


def _capture_for_live_loop(live: Any):
    """The watching camera takes the empty board as its reference now; kept full size for the next start."""
    import cv2

    try:
        picture = live.capture_reference(_setup_state().get("corners"))
    except ValueError as problem:
        return error_response(409, "errors.board_not_found", detail=str(problem))
    folder = current_app.config.get("DATA_DIR")
    if folder:
        cv2.imwrite(str(Path(folder) / "empty-board.png"), picture)
    _setup_state()["empty_board"] = {"width": int(picture.shape[1]), "height": int(picture.shape[0])}
    answer: dict[str, Any] = {"captured": True, "width": int(picture.shape[1]), "height": int(picture.shape[0])}
    fit = getattr(live, "board_fit", None)        # the layout fitted to this board (vision.board_fit), kept with it
    if fit is not None:
        _setup_state()["empty_board"]["board_fit"] = fit.to_json()
        answer["board_fit"] = {key: fit.to_json()[key] for key in
                               ("accepted", "message", "residual_mm", "worst_mm", "matched", "places")}
    _save_setup()
    return jsonify(answer)


@bp.post("/api/setup/colours")
@paired_required
def calibrate_colours():
    """The colour around each point tapped on a player's piece (fractions of the picture): each channel's
    median over a small disc, so the edge of the piece and the camera picture's drawn marks count little."""
    samples = json_body().get("samples")
    if not isinstance(samples, dict) or not samples or not all(
            isinstance(k, str) and isinstance(p, list) and len(p) == 2 and all(_fraction(v) for v in p)
            for k, p in samples.items()):
        return error_response(400, "errors.bad_samples")
    picture = _latest_picture()
    if not picture:
        return error_response(409, "errors.no_camera_picture")
    import cv2
    import numpy as np
    image = cv2.imdecode(np.frombuffer(picture, np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        return error_response(409, "errors.no_camera_picture")
    height, width = image.shape[:2]
    yy, xx = np.mgrid[-SAMPLE_RADIUS:SAMPLE_RADIUS + 1, -SAMPLE_RADIUS:SAMPLE_RADIUS + 1]
    measured = {}
    for colour, (fx, fy) in samples.items():
        x, y = int(fx * (width - 1)), int(fy * (height - 1))
        inside = ((xx ** 2 + yy ** 2 <= SAMPLE_RADIUS ** 2) & (0 <= y + yy) & (y + yy < height)
                  & (0 <= x + xx) & (x + xx < width))
        pixels = image[(y + yy)[inside], (x + xx)[inside]]
        blue, green, red = (int(round(v)) for v in np.median(pixels, axis=0))
        measured[colour[:20]] = {"rgb": [red, green, blue]}
    _setup_state()["colours"] = {**_setup_state().get("colours", {}), **measured}     # other colours' samples stay
    _save_setup()
    return jsonify({"colours": _setup_state()["colours"]})


@bp.post("/api/games")
@paired_required
def start_game():
    body = json_body()
    game = body.get("game", _served_game())
    choices = {g["name"]: g for g in _game_choices()}
    if game not in choices:
        return error_response(400, "errors.unknown_game_kind", game=str(game)[:40])
    info = get_pack(game).info
    players = body.get("players")
    if not (isinstance(players, list) and all(isinstance(p, str) for p in players)):
        return error_response(400, "errors.bad_players")
    if len(set(players)) != len(players) or not set(players) <= set(info.colours):
        return error_response(400, "errors.bad_colours", colours=", ".join(info.colours))
    if not info.min_players <= len(players) <= info.max_players:
        return error_response(400, "errors.player_count", low=info.min_players, high=info.max_players)
    names = body.get("names") or {}
    if not isinstance(names, dict) or not all(isinstance(v, str) and len(v) <= MAX_NAME_LENGTH for v in names.values()):
        return error_response(400, "errors.bad_names", length=MAX_NAME_LENGTH)
    variants = body.get("variants") or {}
    if not isinstance(variants, dict):
        return error_response(400, "errors.bad_variants")
    try:
        variants = info.check_variants(variants)
    except RuleError as refused:
        return _refused(refused, game)
    seed = body.get("seed")
    if seed is None:
        seed = secrets.randbelow(2**31)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        return error_response(400, "errors.bad_seed")
    try:
        session = current_app.extensions["desk"].new_game(
            game=game, players=players, seed=seed, variants=variants, guided=bool(body.get("guided")),
            names={c: n.strip() for c, n in names.items() if c in players and n.strip()})
    except RuleError as refused:
        return _refused(refused, game)
    return jsonify({"game_id": session.game_id})


def _refused(refused: RuleError, game: str):
    """A pack's refusal of the seats or options (400), in the reader's language (the key's words with the
    option named from ``variants.*``); in English, the pack's own words."""
    lang = getattr(g, "lang", i18n.DEFAULT_LANGUAGE)
    said = messages.say(i18n.texts(lang, game), refused.key, refused.values) if lang != i18n.DEFAULT_LANGUAGE else None
    return error_response(400, "errors.rule", message=said or refused.message, rule=refused.rule)


@bp.post("/api/games/resume")
@paired_required
def resume_game():
    game_id = json_body().get("game_id")
    desk = current_app.extensions["desk"]
    unfinished = [g for g in desk.journal.list_games() if not g.get("finished")]
    if game_id is None:
        if not unfinished:
            return error_response(404, "errors.nothing_to_resume")
    elif str(game_id) not in {str(g["id"]) for g in desk.journal.list_games()}:
        return error_response(404, "errors.unknown_game", game=str(game_id)[:40])
    else:
        known = next(g for g in desk.journal.list_games() if str(g["id"]) == str(game_id))
        if known.get("finished"):
            return error_response(409, "errors.finished_game")
        game_id = known["id"]
    session = desk.resume(game_id)
    return jsonify({"game_id": session.game_id})
