"""Which of a game's shipped table layouts a command reads or draws: the one asked for, else the game's own for
the number of players (a pack may ship one layout per player count, each naming its ``players``)."""

from __future__ import annotations

from typing import Any

from companion.games import GamePack


def layout_for(pack: GamePack, name: str | None = None, players: int | None = None) -> Any:
    """The layout ``name`` (a shipped name or a JSON file), or the game's own: the first it ships for ``players``
    when its layouts name player counts, else its default; a ``ValueError`` in words when the game has none."""
    from vision.layout import load_layout

    if not name and players is not None:
        for shipped in pack.table.layouts:
            layout = load_layout(shipped)
            if players in layout.players:
                return layout
    name = name or pack.table.default_layout
    if not name:
        raise ValueError(f"{pack.title} ships no board layout: the simulated table can't draw it")
    return load_layout(name)
