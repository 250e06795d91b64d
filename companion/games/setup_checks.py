"""The checks a pack's setup makes before it lays out a game: the seats' colours and the options' values.

Every pack refuses the same mistakes in the same words, naming its own game:

>>> check_colours(["Red", "blue"], title="Caylus", palette=("red", "blue", "green"), counts=(2, 5))
('red', 'blue')
>>> check_colours(["red"], title="Caylus", palette=("red", "blue"), counts=(2, 5))
Traceback (most recent call last):
...
companion.games.errors.RuleError: Caylus is played by 2 to 5 players, not 1
>>> check_colours(["red", "pink"], title="Citadels", palette=("red", "blue"), counts=(2, 7), piece="seat")
Traceback (most recent call last):
...
companion.games.errors.RuleError: Citadels has no 'pink' seat; the colours are red, blue
>>> check_colours(["red", "red"], title="Caylus", palette=("red", "blue"), counts=(2, 5))
Traceback (most recent call last):
...
companion.games.errors.RuleError: Each player needs a different colour
>>> check_variant_choices({"tailor_trade": True}, {"tailor_trade": ("tile", "rulebook")})
Traceback (most recent call last):
...
companion.games.errors.RuleError: The option tailor_trade can be 'tile' or 'rulebook', not True
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .errors import RuleError


def check_colours(players: Sequence[str], *, title: str, palette: Sequence[str], counts: tuple[int, int],
                  piece: str = "pieces") -> tuple[str, ...]:
    """The seats' colours in lower case, in seat order.

    Refused with a :class:`RuleError` (``rule`` "player count" or "player colours", keys ``refusals.player_count``,
    ``player_colour``, ``same_colour``): fewer or more seats than
    ``counts`` (the fewest and the most players, both allowed), a colour not in ``palette`` (the message calls
    what a colour stands for ``piece``: "pieces", "seat"), the same colour twice.
    """
    colours = tuple(str(p).lower() for p in players)
    fewest, most = counts
    if not fewest <= len(colours) <= most:
        raise RuleError(f"{title} is played by {fewest} to {most} players, not {len(colours)}", rule="player count",
                        key="refusals.player_count",
                        values={"game": title, "low": fewest, "high": most, "count": len(colours)})
    for name in colours:
        if name not in palette:
            raise RuleError(f"{title} has no {name!r} {piece}; the colours are {', '.join(palette)}",
                            rule="player colours", key="refusals.player_colour",
                            values={"game": title, "colour": name, "colours": ", ".join(palette)})
    if len(set(colours)) != len(colours):
        raise RuleError("Each player needs a different colour", rule="player colours", key="refusals.same_colour")
    return colours


def check_variant_choices(variants: Mapping[str, Any], choices: Mapping[str, Sequence[Any]]) -> dict[str, Any]:
    """``variants`` as a dict, once every value is one of its option's ``choices`` and of the same type.

    ``True`` is not ``1`` and ``2.0`` is not ``2`` here (the first choice's type is the option's type). A value
    that is not allowed is refused with a :class:`RuleError` (``rule`` "variant options", key
    ``refusals.variant_value``) listing the choices.
    Every name in ``variants`` must have its choices (unknown names are refused before, by
    :meth:`GameInfo.check_variants`).
    """
    for name, value in variants.items():
        allowed = choices[name]
        if value not in allowed or type(value) is not type(allowed[0]):
            said = " or ".join(repr(a) for a in allowed)
            raise RuleError(f"The option {name} can be {said}, not {value!r}", rule="variant options",
                            key="refusals.variant_value",
                            values={"option": name, "allowed": said, "value": repr(value)})
    return dict(variants)
