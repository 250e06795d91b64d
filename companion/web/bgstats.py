"""A game record in the JSON that BG Stats imports (its "push plays from other apps" format).

BG Stats documents an import link ``bgstats://app.bgstatsapp.com/addPlay.html?data=<JSON>`` whose
JSON names the game, the date and each player with score, winner and rank. An unfinished game is
exported with the scores so far and nobody marked as winner.
"""

from __future__ import annotations

import json
import time
from typing import Any, Mapping
from urllib.parse import quote

from .tablet import pack_of, tablet_data



def bgstats_play(record: Mapping[str, Any], *, game_id: str = "", started: float | None = None) -> dict[str, Any]:
    """The BG Stats play of ``record``: the game's title and BoardGameGeek id from its pack (``tablet.json``'s
    ``bgg_id``), the players with their scores and ranks."""
    game = str(record.get("game", ""))
    pack = pack_of(game)
    bgg_id = tablet_data(game).get("bgg_id")
    colours = [str(c) for c in record.get("players") or []]
    names = record.get("names") or {}
    totals = {int(s["player"]): int(s["total"]) for s in record.get("scores") or []
              if isinstance(s, Mapping) and "player" in s and "total" in s}
    ranking = sorted(set(totals.values()), reverse=True)
    winners = set(record.get("winners") or []) if record.get("over") else set()
    players = []
    for seat, colour in enumerate(colours):
        entry: dict[str, Any] = {"name": names.get(colour) or colour.capitalize(), "role": colour,
                                 "sourcePlayerId": colour, "startPlayer": seat == 0,
                                 "winner": colour in winners}
        if seat in totals:
            entry["score"] = totals[seat]
            entry["rank"] = ranking.index(totals[seat]) + 1
        players.append(entry)
    play: dict[str, Any] = {
        "sourceName": "Architect companion",
        "sourcePlayId": game_id,
        "game": {"name": pack.title if pack is not None else game.capitalize(), "sourceGameId": game,
                 "highestWins": True, "noPoints": False},
        "players": players,
    }
    if isinstance(bgg_id, int):
        play["game"]["bggId"] = bgg_id
    if started:
        play["playDate"] = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(started))
    return play


def bgstats_link(play: Mapping[str, Any]) -> str:
    return "bgstats://app.bgstatsapp.com/addPlay.html?data=" + quote(json.dumps(play, separators=(",", ":")))
