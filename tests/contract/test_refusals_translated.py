"""Every refusal a translated pack's engine can give is said in English, 繁體中文 and 日本語 (issue 71): it carries a
``refusals.*`` key, and that key has words in each language that take the refusal's values.

Two walks, so that a new refusal without words fails here: the engine's source, where every refusal is written
(each ``RuleError``, and each call of a pack's helper that makes one, listed in ``REFUSERS``, names its key, and
each key it can name has words in all three languages), and games played with illegal actions sent at every kind
of decision (another seat, another kind, each argument changed to every value the game uses and to malformed
ones), where each refusal's key and values are said in each language with no placeholder left.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path
from typing import Any, Iterator

import pytest

from companion.games import Action, RuleError
from companion.games.registry import get_pack
from companion.web import i18n
from companion.web.messages import say

from .test_malformed_actions import _malformed

TRANSLATED = ("caylus", "caylus1303", "citadels", "architects")
GENERIC = Path(__file__).parents[2] / "companion" / "games" / "game.py"   # its refusal of what is not offered
GENERIC_REFUSAL = "_not_offered"
GAMES_PLAYED = {"architects": 3}                 # its games are long; the others play 8
# the calls that make a refusal, and where their key is when it is not given by name
REFUSERS = {"RuleError": None, "_refuse": 5, "_reason": 3, "_turn_refusal": 2, "_placement_refusal": 2}


def _written_keys(node: ast.AST, helpers: dict[str, list[ast.AST]]) -> set[str] | None:
    """The keys an expression can be, when it is written out (strings joined by ``if`` or ``+``, or a call of a
    function of the module whose every ``return`` is written out); None otherwise."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        body, orelse = _written_keys(node.body, helpers), _written_keys(node.orelse, helpers)
        return body | orelse if body is not None and orelse is not None else None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _written_keys(node.left, helpers), _written_keys(node.right, helpers)
        return {a + b for a in left for b in right} if left is not None and right is not None else None
    if isinstance(node, ast.Call) and getattr(node.func, "id", None) in helpers:
        returned = [_written_keys(value, helpers) for value in helpers[node.func.id]]
        return set().union(*returned) if returned and None not in returned else None
    return None


def _passes_a_key_on(node: ast.AST) -> bool:
    """``f"refusals.{key}"``: a helper handing on the key its caller wrote (the caller is checked)."""
    return (isinstance(node, ast.JoinedStr) and len(node.values) == 2 and isinstance(node.values[0], ast.Constant)
            and node.values[0].value == "refusals." and isinstance(node.values[1], ast.FormattedValue))


def _refusals_in(path: Path, within: str | None = None) -> Iterator[tuple[str, set[str] | None]]:
    """Each refusal written in ``path`` (in its function ``within`` only, if given): where it is and the
    ``refusals.*`` keys it can name (None: none written out)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    helpers = {node.name: [r.value for r in ast.walk(node) if isinstance(r, ast.Return) and r.value is not None]
               for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
    if within is not None:
        tree = next(node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and node.name == within)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or getattr(node.func, "id", None) not in REFUSERS:
            continue
        name = node.func.id
        given = {keyword.arg: keyword.value for keyword in node.keywords}
        position = REFUSERS[name]
        key = given.get("key", node.args[position] if position is not None and len(node.args) > position else None)
        if key is not None and _passes_a_key_on(key):
            continue
        keys = _written_keys(key, helpers) if key is not None else None
        yield f"{path.name}:{node.lineno}", (
            None if keys is None else {k if name == "RuleError" else f"refusals.{k}" for k in keys})


def _written_refusals(game: str) -> list[tuple[str, set[str] | None]]:
    """Every refusal written in ``game``'s engine and in the refusal every pack's ``GameState`` makes."""
    written = [refusal for path in _engine_sources(game) for refusal in _refusals_in(path)]
    return [*written, *_refusals_in(GENERIC, GENERIC_REFUSAL)]


def _keys_written(game: str) -> set[str]:
    return set().union(*(keys for _where, keys in _written_refusals(game) if keys is not None))


def _engine_sources(game: str) -> list[Path]:
    package = Path(get_pack(game).engine.__file__).parent
    return sorted(package.rglob("*.py"))


def _has_words(game: str, lang: str, key: str) -> bool:
    """Whether ``key`` has words in ``lang`` itself (the pack's strings or the tablet's), not only in English."""
    return key in i18n.pack_catalogue(lang, game) or key in i18n.catalogue(lang)


@pytest.mark.parametrize("game", TRANSLATED)
def test_every_refusal_written_in_the_engine_names_a_key_said_in_every_language(game):
    unnamed = [where for where, keys in _written_refusals(game) if keys is None]
    assert not unnamed, f"refusals with no refusals.* key written out: {unnamed}"
    found = _keys_written(game)
    assert len(found) > 8
    for lang in i18n.LANGUAGES:
        missing = sorted(key for key in found if not _has_words(game, lang, key))
        assert not missing, (lang, missing)


def _busy_games(game: str, count: int) -> Iterator[tuple[int, Any, random.Random]]:
    """The positions of ``count`` games for 2 to 5 seats where everyone would rather do something than pass,
    so that rarer decisions come up; with each, the game's number and a chooser seeded for that game."""
    pack = get_pack(game)
    for seed in range(count):
        seats = list(pack.info.colours[:(2, 3, 5, 4)[seed % 4]])
        state, chooser = pack.new_game(seats, 10 + seed), random.Random(seed)
        while state.pending() is not None:
            yield seed, state, chooser
            options = state.pending().options
            busy = [o for o in options if o.action.kind != "pass" and not o.action.arg("skip")
                    and o.action.arg("place") != "pass"]
            state = state.apply(chooser.choice(busy or options).action)
        yield seed, state, chooser


def _vocabulary(game: str) -> dict[str, list[Any]]:
    """Every value each argument takes in a few games, plus numbers, words and lists no option uses."""
    values: dict[str, set[Any]] = {}
    for _game, state, _chooser in _busy_games(game, 4):
        for option in state.pending().options if state.pending() is not None else ():
            for name, value in option.action.args:
                values.setdefault(name, set()).add(value)
    extra = [-20, -8, -4, -1, 0, 1, 2, 3, 4, 7, 12, 16, 40, "nowhere", "road.99", "road.x", (), ("gold",),
             ("food", "food", "food"), ("food", "wood", "stone"), ("cloth", "gold", "food"), True, None]
    return {name: sorted(seen | set(extra), key=repr) for name, seen in values.items()}


def _illegal_actions(state: Any, decision: Any, vocabulary: dict[str, list[Any]]) -> Iterator[Action]:
    """Actions a player or the camera could send that the decision does not offer."""
    seats = len(state.colours)
    first = decision.options[0].action
    yield Action((decision.player + 1) % seats if decision.player >= 0 else 0, first.kind, first.arg_dict)
    yield Action(seats + 2, first.kind, first.arg_dict)
    yield Action(decision.player, "no_such_kind" if first.kind != "place" else "provost", {})
    shapes = {(o.action.kind, tuple(name for name, _ in o.action.args)): o for o in decision.options}
    for option in shapes.values():                 # one option of each kind and set of arguments
        for name, _value in option.action.args:
            for value in vocabulary.get(name, ()):
                yield Action(option.action.player, option.action.kind, {**option.action.arg_dict, name: value})
        yield from _malformed(option.action)


def _said_everywhere(game: str, refusal: RuleError) -> list[str]:
    """What is wrong with how ``refusal`` is said in each language (nothing: it is said in all three)."""
    if not refusal.key:
        return [f"no key: {refusal.message!r}"]
    problems = []
    for lang in i18n.LANGUAGES:
        if not _has_words(game, lang, refusal.key):
            problems.append(f"{refusal.key} has no words in {lang}")
            continue
        said = say(i18n.texts(lang, game), refusal.key, refusal.values)
        if said is None or re.search(r"\{\w+\}", said):
            problems.append(f"{refusal.key} in {lang} leaves a placeholder with {refusal.values}: {said!r}")
    return problems


@pytest.mark.parametrize("game", TRANSLATED)
def test_every_refusal_met_in_play_is_said_in_every_language(game):
    vocabulary = _vocabulary(game)
    problems: dict[str, str] = {}
    keys_met: set[str | None] = set()
    tried: dict[tuple[int, str], int] = {}          # decisions tried, by game and kind
    for number, state, chooser in _busy_games(game, GAMES_PLAYED.get(game, 8)):
        decision = state.pending()
        refusals = []
        if decision is None:                       # the game is over
            with pytest.raises(RuleError) as over:
                state.apply(Action(0, "place", {"place": "pass"}))
            refusals.append(over.value)
        elif not decision.open_outcomes and chooser.random() < 0.5:
            budget = (number, decision.kind)
            tried[budget] = tried.get(budget, 0) + 1
            for action in _illegal_actions(state, decision, vocabulary) if tried[budget] <= 40 else ():
                if decision.offers(action):
                    continue
                try:
                    state.apply(action)
                except RuleError as refusal:
                    refusals.append(refusal)
        for refusal in refusals:
            keys_met.add(refusal.key)
            for problem in _said_everywhere(game, refusal):
                problems.setdefault(problem, refusal.message)
    assert not problems, "\n".join(f"{p}  ({message})" for p, message in problems.items())
    assert len(keys_met) >= len(_keys_written(game)) / 3, sorted(k for k in keys_met if k)   # the walk reaches far


def test_a_refusal_in_japanese_and_chinese_has_no_english_words_of_its_own():
    """The words of each refusal are translated, not copied from English (values such as ids aside)."""
    for game in TRANSLATED:
        for lang in ("zh-Hant", "ja"):
            strings = {**i18n.pack_catalogue(lang, game), **i18n.catalogue(lang)}
            english = [key for key, text in strings.items() if key.startswith("refusals.")
                       and re.search(r"[A-Za-z]{3}", re.sub(r"\{\w+\}", "", text))]
            assert not english, (game, lang, english)
