"""A message the engine names by key and values (an option's words, a refusal), said in the reader's language.

The pack gives the key and the values (``companion/games/<game>/labels.py`` for options, ``RuleError.key`` and
``.values`` for refusals); the words are the pack's strings. A value that names a thing is an id, named here
from the strings by what it is: ``place`` → ``places.*``, ``building`` → ``buildings.*``, ``apprentice`` →
``apprentices.*``, ``tile`` → ``tiles.*``, ``cube`` → ``resources.*``, ``cubes`` or any ``*_cubes`` (a list) →
"1 food + 1 wood" (``labels.amount`` per good), ``row`` → ``favours.*``, ``section`` → ``castle.*``, ``builder`` →
``buildings.*``, ``asked`` (a decision's kind) →
``decisions.*``, ``slot`` → in players' words (:func:`slot_name`), ``player`` / ``waiting`` / ``occupant`` / ``own`` /
``owner`` → the player's name or colour, ``option`` → ``variants.*`` (a game option's name), ``pieces`` or any
``*_pieces`` (a table view's label, ``worker:red+house:blue``) → "red worker and blue house" (``words.*``, the
pieces' ``pieces.*``, colours' ``colours.*``, a tile's ``buildings.*`` / ``tiles.*``), ``counts`` or any ``*_counts``
(goods → how many more or fewer) → "+1 food, −2 wood". A key the strings lack gives ``None``: the engine's English
text stands.

>>> from companion.web.i18n import texts
>>> say(texts("en", "caylus"), "labels.take", {"cubes": ["food", "wood", "food"]})
'Take 2 food + 1 wood'
>>> say(texts("ja", "caylus"), "labels.road", {"building": "forest", "square": 6}) is not None
True
>>> say(texts("en", "caylus"), "labels.no_such_words", {}) is None
True
>>> say(texts("ja", "caylus"), "reminders.slot", {"slot": "road.12.worker", "wanted_pieces": "worker:red",
...                                                 "seen_pieces": ""})
'12 マス目は今赤の労働者のはずです（テーブルはまだ空のままです）'
>>> say(texts("ja", "caylus"), "reminders.supply", {"player": "red", "counts": {"food": 1, "denier": -2}})
'赤の手持ちが最新ではありません：食料 +1、ドゥニエ −2'
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Iterable, Mapping, Sequence

from companion.games import RuleError
from companion.games.registry import get_pack

NAMED = {"place": "places", "building": "buildings", "builder": "buildings", "apprentice": "apprentices", "tile": "tiles",
         "cube": "resources", "row": "favours", "section": "castle", "asked": "decisions",
         "player": "colours", "waiting": "colours", "occupant": "colours", "own": "colours", "owner": "colours",
         "option": "variants"}
PLAYERS = ("player", "waiting", "occupant", "own", "owner")


def say(text: Any, key: str | None, values: Mapping[str, Any], names: Mapping[str, str] | None = None,
        seats: Sequence[str] = ()) -> str | None:
    """``key``'s words with ``values`` named in ``text``'s language; None when the strings have no such key.
    ``names``: a player's colour → their name; ``seats``: the players' colours in seat order (a slot in front of
    seat 2 is named by that player)."""
    if not key or not text.has(key):
        return None
    return text(key, **{name: _named(text, name, value, names or {}, seats) for name, value in values.items()})


def _named(text: Any, name: str, value: Any, names: Mapping[str, str], seats: Sequence[str] = ()) -> str:
    if name.endswith("cubes") and isinstance(value, (list, tuple)):     # "cubes", "gained_cubes"
        return goods(text, value)
    if name.endswith("pieces") and isinstance(value, str):              # "seen_pieces": a table view's label
        return pieces(text, value)
    if name.endswith("counts") and isinstance(value, Mapping):          # "counts": goods → more (+) or fewer (−)
        return counts(text, value)
    if name == "slot" and isinstance(value, str):
        return slot_name(text, value, seats, names)
    if name in PLAYERS and isinstance(value, str) and names.get(value):
        return names[value]
    prefix = NAMED.get(name)
    if prefix and isinstance(value, str) and text.has(f"{prefix}.{value}"):
        return text(f"{prefix}.{value}")
    return str(value)


def slot_name(text: Any, slot: str, seats: Sequence[str] = (), names: Mapping[str, str] | None = None) -> str:
    """A slot of the board in players' words. First the pack's own naming (``slot_names`` of its
    ``tablet/tablet.json``, :func:`named_slot`: "Anna's city, district 4"); else the longest start of it the strings
    name as a place (``places.castle.dungeon``), or ``slots.<first part>`` with the first number (``slots.road``:
    "Square {n}"), then the numbers that follow (``castle.dungeon.3`` → "Dungeon 3"); a spot within the place
    (``worker``, ``left``) is left out. Unnamed: the slot's own parts.

    >>> from companion.web.i18n import texts
    >>> slot_name(texts("en", "caylus"), "castle.dungeon.3"), slot_name(texts("en", "caylus"), "road.9.worker")
    ('Dungeon 3', 'Square 9')
    >>> slot_name(texts("en", "citadels"), "seat.1.city.3", ["red", "blue"], {"blue": "Anna"})
    "Anna's city, district 4"
    """
    named = named_slot(text, slot, seats, names or {})
    if named is not None:
        return named
    parts = slot.split(".")
    for end in range(len(parts), 0, -1):
        place = ".".join(parts[:end])
        if text.has(f"places.{place}"):
            numbers = [part for part in parts[end:] if part.isdigit()]
            return " ".join([text(f"places.{place}"), *numbers])
    numbers = [part for part in parts[1:] if part.isdigit()]
    if numbers and text.has(f"slots.{parts[0]}"):
        return " ".join([text(f"slots.{parts[0]}", n=numbers[0]), *numbers[1:]])
    return " ".join(parts)


@lru_cache(maxsize=None)
def _slot_patterns(game: str | None) -> tuple[tuple[re.Pattern[str], str, int], ...]:
    """The pack's ``slot_names`` (``tablet.json``) as (pattern, key, the number its layout counts from)."""
    from .tablet import tablet_data

    found = []
    for template, spec in (tablet_data(game).get("slot_names") or {}).items():
        pattern = re.escape(template)
        for field in re.findall(r"\{(\w+)\}", template):
            part = r"\d+" if field in ("seat", "n", "m") else "[^.]+"
            pattern = pattern.replace(re.escape("{" + field + "}"), f"(?P<{field}>{part})")
        found.append((re.compile(f"^{pattern}$"), spec["key"], int(spec.get("first", 1))))
    return tuple(found)


def named_slot(text: Any, slot: str, seats: Sequence[str], names: Mapping[str, str]) -> str | None:
    """``slot`` named by the pack's ``slot_names``: a template of the layout's slot names (``seat.{seat}.city.{n}``)
    → ``key`` (its words in the strings) and ``first`` (the number the layout gives the first one, 1 unless said).
    In the words, ``{player}`` is the seat's player (their name, else their colour; ``words.seat`` when the seats
    are not known), ``{n}`` / ``{m}`` the numbers counted from 1, any other field named by what it is (like a
    message's values). None when no template fits."""
    for pattern, key, first in _slot_patterns(getattr(text, "game", None)):
        found = pattern.match(slot)
        if not found or not text.has(key):
            continue
        values: dict[str, Any] = {}
        for field, value in found.groupdict().items():
            if field == "seat":
                values["player"] = seat_name(text, int(value), seats, names)
            elif field in ("n", "m"):
                values[field] = int(value) - first + 1
            else:
                values[field] = _named(text, field, value, names, seats)
        return text(key, **values)
    return None


def seat_name(text: Any, seat: int, seats: Sequence[str], names: Mapping[str, str]) -> str:
    """The player at ``seat``: their name, else their colour in words; "Seat 3" when the seats are not known."""
    if 0 <= seat < len(seats):
        colour = seats[seat]
        return names.get(colour) or (text(f"colours.{colour}") if text.has(f"colours.{colour}") else colour)
    return text("words.seat", n=seat + 1)


def pieces(text: Any, label: str) -> str:
    """A table view's label in words: ``worker:red+tile:forest`` → "a red worker and the Forest", '' → "nothing"."""
    words = [_piece(text, *part.partition(":")[::2]) for part in label.split("+") if part]
    if not words:
        return text("words.nothing")
    return text("words.and").join(words)


def _piece(text: Any, kind: str, detail: str) -> str:
    piece = text(f"pieces.{kind}") if text.has(f"pieces.{kind}") else kind
    if not detail:
        return text("words.piece", piece=piece)
    if text.has(f"colours.{detail}"):
        return text("words.coloured_piece", colour=text(f"colours.{detail}"), piece=piece)
    for prefix in ("buildings", "tiles"):
        if text.has(f"{prefix}.{detail}"):
            return text("words.named_piece", name=text(f"{prefix}.{detail}"), piece=piece)
    card, _, number = detail.partition("@")[0].partition(":")      # "apprentice:9", "market:2@small"
    if number:
        for key in (f"{card}s.{number}", f"tiles.{card}"):
            if text.has(key):
                return text("words.named_piece", name=text(key), piece=piece)
    return text("words.named_piece", name=detail, piece=piece)


def counts(text: Any, changes: Mapping[str, Any]) -> str:
    """Goods and how many more (+) or fewer (−): ``{"food": 1, "wood": -2}`` → "+1 food, −2 wood"."""
    parts = []
    for good, change in changes.items():
        resource = text(f"resources.{good}") if text.has(f"resources.{good}") else good
        signed = f"+{int(change)}" if int(change) > 0 else f"−{-int(change)}"
        parts.append(text("words.count_change", change=signed, resource=resource))
    return text("words.separator").join(parts)


def goods(text: Any, cubes: Iterable[str]) -> str:
    """A list of goods as counted words: ``["food", "wood", "food"]`` → "2 food + 1 wood"."""
    counts: dict[str, int] = {}
    for cube in cubes:
        counts[cube] = counts.get(cube, 0) + 1
    parts = []
    for cube, count in counts.items():
        resource = text(f"resources.{cube}") if text.has(f"resources.{cube}") else cube
        parts.append(text("labels.amount", count=count, resource=resource) if text.has("labels.amount")
                     else f"{count} {resource}")
    return " + ".join(parts)


def labels_part(game: str) -> Any:
    """The pack's ``labels`` part (``option_message(state, decision, option)``), None when it has none."""
    try:
        pack = get_pack(game)
        return pack.part("labels") if pack.has_part("labels") else None
    except (RuleError, ImportError):       # a game with no pack or no labels part: the engine's labels stand
        return None


def option_words(game: str, state: Any, decision: Any, text: Any, names: Mapping[str, str]) -> list[str | None]:
    """Each option of ``decision`` in ``text``'s language (None where the pack gives no key)."""
    labels = labels_part(game)
    if labels is None or decision is None:
        return [None] * len(getattr(decision, "options", ()) or ())
    words = []
    for option in decision.options:
        message = labels.option_message(state, decision, option)
        words.append(say(text, message[0], message[1], names) if message else None)
    return words
