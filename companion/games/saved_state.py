"""The checks a pack's ``from_json`` makes on a saved position: whose game, which format, whole and consistent.

Every pack says the same thing of a file it can't read, naming its own game, as a ``ValueError``:

>>> check_saved({"game": "caylus", "format": 1}, game="caylus", title="Caylus", version=1)
>>> check_saved({"game": "citadels"}, game="caylus", title="Caylus", version=1)
Traceback (most recent call last):
...
ValueError: not a saved Caylus game: the JSON object has no "game": "caylus"
>>> check_saved({"game": "caylus", "format": 2}, game="caylus", title="Caylus", version=1)
Traceback (most recent call last):
...
ValueError: this saved Caylus game has format 2; this version reads format 1
>>> with reading_saved("Citadels"):
...     {"colours": []}["gold"]
Traceback (most recent call last):
...
ValueError: saved Citadels game is incomplete or malformed (KeyError('gold'))
>>> check_seat_lists("Caylus", 2, (2, 5), {"pp": [0, 0], "deniers": [5]})
Traceback (most recent call last):
...
ValueError: saved Caylus game is inconsistent: the player lists have different lengths
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator, Mapping, Sequence


def check_saved(data: Any, *, game: str, title: str, version: int) -> None:
    """Refuse ``data`` unless it is a JSON object saved by the ``game`` engine (its ``title`` in the message)
    in format ``version``."""
    if not isinstance(data, Mapping) or data.get("game") != game:
        raise ValueError(f'not a saved {title} game: the JSON object has no "game": "{game}"')
    if data.get("format") != version:
        raise ValueError(f"this saved {title} game has format {data.get('format')!r}; "
                         f"this version reads format {version}")


@contextmanager
def reading_saved(title: str) -> Iterator[None]:
    """Around the reading of a saved position's fields: a missing or ill-typed field (``KeyError``,
    ``TypeError``, ``AttributeError``) comes out as a ``ValueError`` that says the save is incomplete."""
    try:
        yield
    except (KeyError, TypeError, AttributeError) as problem:
        raise ValueError(f"saved {title} game is incomplete or malformed ({problem!r})") from None


def check_seat_lists(title: str, seats: int, counts: tuple[int, int], lists: Mapping[str, Sequence[Any]]) -> None:
    """Refuse a saved position whose number of ``seats`` is outside ``counts`` (the fewest and the most
    players) or whose per-seat ``lists`` (by field name) do not each hold one entry a seat."""
    fewest, most = counts
    if not fewest <= seats <= most or any(len(values) != seats for values in lists.values()):
        raise ValueError(f"saved {title} game is inconsistent: the player lists have different lengths")
