"""A game record in the JSON that BG Stats imports (its "push plays from other apps" format).

BG Stats documents an import link ``bgstats://app.bgstatsapp.com/addPlay.html?data=<JSON>`` whose
JSON names the game, the date, the duration (``durationMin``) and each player with score, winner and rank.
Each player's points by category (the game's score breakdown) go in the play's ``comments``, one line a player,
in the reader's language. An unfinished game is exported with the scores so far, no duration and nobody marked
as winner.
"""

from __future__ import annotations

import json
import time
from typing import Any, Mapping
from urllib.parse import quote

from . import i18n
from .tablet import pack_of, tablet_data


def duration_min(started: float | None, finished: float | None) -> int | None:
    """Whole minutes from the game's start to its end (at least 1); None while it is not finished.

    >>> duration_min(1000.0, 1000.0 + 94.4 * 60), duration_min(1000.0, None)
    (94, None)
    """
    if not started or not finished or finished < started:
        return None
    return max(1, round((finished - started) / 60))


def bgstats_play(record: Mapping[str, Any], *, game_id: str = "", started: float | None = None,
                 finished: float | None = None, lang: str = i18n.DEFAULT_LANGUAGE) -> dict[str, Any]:
    """The BG Stats play of ``record``: the game's title and BoardGameGeek id from its pack (``tablet.json``'s
    ``bgg_id``), the duration, the players with their scores and ranks, their points by category as comments."""
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
    minutes = duration_min(started, finished) if record.get("over") else None
    if minutes is not None:
        play["durationMin"] = minutes
    comments = _breakdown_lines(record, players, lang)
    if comments:
        play["comments"] = comments
    return play


def _breakdown_lines(record: Mapping[str, Any], players: list[dict[str, Any]], lang: str) -> str:
    """"Ann: Buildings 12, Castle 5, …", a line a player, the categories in the game's words (``scores.*``)."""
    text = i18n.texts(lang, str(record.get("game", "")))
    lines = []
    for score in record.get("scores") or []:
        if not isinstance(score, Mapping) or not isinstance(score.get("breakdown"), Mapping):
            continue
        seat = int(score.get("player", -1))
        if not 0 <= seat < len(players):
            continue
        parts = [f"{text(f'scores.{category}') if text.has(f'scores.{category}') else category} {points}"
                 for category, points in score["breakdown"].items() if points]
        lines.append(f"{players[seat]['name']}: {text('words.separator').join(parts) or 0}")
    return "\n".join(lines)


def bgstats_link(play: Mapping[str, Any]) -> str:
    return "bgstats://app.bgstatsapp.com/addPlay.html?data=" + quote(json.dumps(play, separators=(",", ":")))
