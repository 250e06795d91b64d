"""A message the engine names by key and values (an option's words, a refusal), said in the reader's language.

The pack gives the key and the values (``companion/games/<game>/labels.py`` for options, ``RuleError.key`` and
``.values`` for refusals); the words are the pack's strings. A value that names a thing is an id, named here
from the strings by what it is: ``place`` → ``places.*``, ``building`` → ``buildings.*``, ``apprentice`` →
``apprentices.*``, ``tile`` → ``tiles.*``, ``cube`` → ``resources.*``, ``cubes`` or any ``*_cubes`` (a list) →
"1 food + 1 wood" (``labels.amount`` per good), ``row`` → ``favours.*``, ``section`` → ``castle.*``, ``builder`` →
``buildings.*``, ``asked`` (a decision's kind) →
``decisions.*``, ``slot`` → its place's name and number, ``player`` / ``waiting`` / ``occupant`` / ``own`` /
``owner`` → the player's name or colour. A key the strings lack gives ``None``: the engine's English text stands.

>>> from companion.web.i18n import texts
>>> say(texts("en", "caylus"), "labels.take", {"cubes": ["food", "wood", "food"]})
'Take 2 food + 1 wood'
>>> say(texts("ja", "caylus"), "labels.road", {"building": "forest", "square": 6}) is not None
True
>>> say(texts("en", "caylus"), "labels.no_such_words", {}) is None
True
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from companion.games import RuleError
from companion.games.registry import get_pack

NAMED = {"place": "places", "building": "buildings", "builder": "buildings", "apprentice": "apprentices", "tile": "tiles",
         "cube": "resources", "row": "favours", "section": "castle", "asked": "decisions",
         "player": "colours", "waiting": "colours", "occupant": "colours", "own": "colours", "owner": "colours"}
PLAYERS = ("player", "waiting", "occupant", "own", "owner")


def say(text: Any, key: str | None, values: Mapping[str, Any], names: Mapping[str, str] | None = None) -> str | None:
    """``key``'s words with ``values`` named in ``text``'s language; None when the strings have no such key."""
    if not key or not text.has(key):
        return None
    return text(key, **{name: _named(text, name, value, names or {}) for name, value in values.items()})


def _named(text: Any, name: str, value: Any, names: Mapping[str, str]) -> str:
    if name.endswith("cubes") and isinstance(value, (list, tuple)):     # "cubes", "gained_cubes"
        return goods(text, value)
    if name == "slot" and isinstance(value, str):      # "worksite.1": the place's name, then the rest
        place, _, rest = value.partition(".")
        named = text(f"places.{place}") if text.has(f"places.{place}") else place
        return f"{named} {rest.replace('.', ' ')}".strip()
    if name in PLAYERS and isinstance(value, str) and names.get(value):
        return names[value]
    prefix = NAMED.get(name)
    if prefix and isinstance(value, str) and text.has(f"{prefix}.{value}"):
        return text(f"{prefix}.{value}")
    return str(value)


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
