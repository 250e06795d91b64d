"""What the tablet takes from a game's pack: its drawing, its data and its strings.

A pack gives the tablet, all optional, under ``companion/games/<game>/tablet/`` (docs/tablet-ui.md):

* ``board.js`` — the board drawing (it calls ``Board.register``; served at ``/pack/<game>/board.js``);
* ``board.css`` — the drawing's styles (served at ``/pack/<game>/board.css``);
* ``tablet.json`` — ``supplies`` (the players' table's columns, in order), ``slot_example`` (a slot name the
  correction form shows), ``bgg_id`` (BoardGameGeek's id of the game, for BG Stats), ``drawing_data`` (pack data
  files the drawing reads, such as its cards' colours and costs: :func:`drawing_data`);
* ``guide.json`` — guided play's lessons (:mod:`companion.web.guide`);
* ``i18n/<lang>.json`` — the game's strings, merged over the tablet's own (:mod:`companion.web.i18n`).

A pack without them still gets a working tablet: the plain drawing of the table view's places, the options
as buttons, the scores, and no lessons.

>>> tablet_data("no-such-game")
{}
>>> FILES["board.js"]
'application/javascript'
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.games import RuleError
from companion.games.pack import GamePack
from companion.games.registry import default_pack, get_pack

FILES = {"board.js": "application/javascript", "board.css": "text/css"}
"""The pack files the tablet serves, with their media types."""


def pack_of(game: str | None) -> GamePack | None:
    """The pack of ``game`` (the default pack's when None); None for a game no pack is registered for."""
    try:
        return default_pack() if game is None else get_pack(game)
    except RuleError:
        return None


def current_game(desk: Any, served: str | None = None) -> str:
    """The game on the table now, else the game the server was started for (``served``: ``companion serve GAME``),
    else the default game: what the pages are drawn for and speak of."""
    session = getattr(desk, "session", None)
    if session is not None:
        return session.game
    return served if served and pack_of(served) is not None else default_pack().name


def pack_file(game: str, name: str) -> str | None:
    """The text of one of :data:`FILES` from the pack's ``tablet/`` folder; None when it ships none."""
    pack = pack_of(game)
    if pack is None or name not in FILES:
        return None
    path = pack.data(f"tablet/{name}")
    return path.read_text(encoding="utf-8") if path.is_file() else None


def has_pack_file(game: str, name: str) -> bool:
    pack = pack_of(game)
    return pack is not None and name in FILES and pack.data(f"tablet/{name}").is_file()


def tablet_data(game: str | None) -> dict[str, Any]:
    """The pack's ``tablet/tablet.json`` (``{}`` when the game or the file is missing)."""
    pack = pack_of(game)
    if pack is None or not pack.data("tablet/tablet.json").is_file():
        return {}
    return dict(pack.data_json("tablet/tablet.json"))


def piece_kinds(game: str, table_view: Mapping[str, Any] | None = None) -> list[str]:
    """The piece kinds a slot can be corrected to: the pack's ``table.json`` pieces, else those on the table now."""
    pack = pack_of(game)
    kinds = [piece.name for piece in pack.table.pieces] if pack is not None else []
    if not kinds and table_view:
        for pieces in (table_view.get("slots") or {}).values():
            kinds.extend(p["kind"] for p in pieces if isinstance(p, Mapping) and isinstance(p.get("kind"), str))
    return list(dict.fromkeys(kinds))


def slot_example(game: str, table_view: Mapping[str, Any] | None = None) -> str:
    """A slot name to show as an example: the pack's ``slot_example``, else the first slot on the table, else ''."""
    example = tablet_data(game).get("slot_example")
    if isinstance(example, str):
        return example
    slots = sorted((table_view or {}).get("slots") or {})
    return slots[0] if slots else ""


def drawing_data(game: str) -> dict[str, Any]:
    """The pack data files ``tablet.json`` lists under ``drawing_data`` (JSON files of the pack, such as the facts of
    its cards), by file name without ``.json``: what the board drawing reads as ``kit.data``. A name that is not a
    JSON file of the pack is left out.

    >>> drawing_data("no-such-game")
    {}
    """
    pack = pack_of(game)
    names = tablet_data(game).get("drawing_data")
    if pack is None or not isinstance(names, list):
        return {}
    found = {}
    for name in names:
        if isinstance(name, str) and name.endswith(".json") and "/" not in name and pack.data(name).is_file():
            found[name[:-len(".json")]] = pack.data_json(name)
    return found


def page_data(game: str, table_view: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """What the live page's script reads of the game (``<script id="game">``)."""
    pack = pack_of(game)
    data = tablet_data(game)
    supplies = data.get("supplies")
    return {"name": game, "title": pack.title if pack is not None else game,
            "board": has_pack_file(game, "board.js"), "board_css": has_pack_file(game, "board.css"),
            "supplies": [s for s in supplies if isinstance(s, str)] if isinstance(supplies, list) else None,
            "colours": list(pack.info.colours) if pack is not None else [], "data": drawing_data(game)}
