"""A bot author's reference to a game: how it is won, every key of a seat's view and the
shape of every action, read from the game's `views` module — its TypedDicts, the comment
beside each key, its `VIEW`, `ACTIONS` and `GOAL`.

Those are the shapes `spygames.conformance` checks every view and every action of its
random games against, so the reference cannot drift from the engine: a key the engine
adds without a shape fails the conformance test, a shape without words fails
`tests/engine/test_reference.py`. The Bot Lab shows it under "How a bot works" (the build
writes `lab/reference.json`, and `lab/reference.<lang>.json` in each other language), and
`python -m spygames reference GAME` prints it.

Its words are in the language in use (`spygames.i18n`): `make messages` extracts each
comment and docstring of the views modules as a message (`extract`, named in babel.cfg).

>>> ref = reference("espionage")
>>> [key["path"] for key in ref["view"]][:4]
['game', 'seat', 'to_play', 'round']
>>> [action["type"] for action in ref["actions"]]
['bid', 'call', 'spot']
"""

from __future__ import annotations

import ast
import importlib
import inspect
import io
import sys
import tokenize
import types
from collections.abc import Iterator
from functools import cache
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

from .i18n import N_, _, looked_up, pgettext
from .registry import get_game

ANY = "[…]"
"""A path's step into a list or a map: `players[…].points`."""


def reference(game_id: str) -> dict[str, Any]:
    """The reference to `game_id`, JSON-safe: `goal` (how it is won, in words), `view`
    (each key as `path`, `type` and `words`, nested keys after their parent) and
    `actions` (each `type` with its `words` and its other `keys`)."""
    game = get_game(game_id)
    module = importlib.import_module(f"{game.package}.views")
    actions = []
    for shape in module.ACTIONS:
        kind = get_args(get_type_hints(shape)["type"])[0]
        keys = [key for key in keys_of(shape) if key["path"] != "type"]
        actions.append({"type": kind, "words": looked_up(_words(shape)), "keys": keys})
    return {
        "game": game_id,
        "name": str(_(game.name)),
        "goal": looked_up(module.GOAL),
        "view": keys_of(module.VIEW),
        "actions": actions,
    }


def keys_of(shape: Any, prefix: str = "") -> list[dict[str, str]]:
    """Every key of the TypedDict `shape`, and the keys of those it holds, in order."""
    found = []
    comments = _comments(sys.modules[shape.__module__])
    hints = get_type_hints(shape)
    for name, hint in hints.items():
        path = f"{prefix}.{name}" if prefix else name
        words = _comment(comments, shape.__name__, name)
        inner, steps = _inside(hint)
        if not words and inner is not None:
            words = _first_sentence(_words(inner))
        words = looked_up(words) if words else ""
        if name in getattr(shape, "__optional_keys__", ()):
            # translators: the Bot Lab's reference: {words} says what a key of a view holds
            sometimes = _("{words} (only when it applies)", words=words)
            words = str(sometimes if words else _(WHEN_IT_APPLIES))
        found.append({"path": path, "type": _type_text(hint), "words": words})
        if inner is not None:
            found += keys_of(inner, path + ANY * steps)
    return found


def _inside(hint: Any) -> tuple[Any, int]:
    """The TypedDict a key's type holds (through `| None`, lists and maps), and how many
    list or map steps lead to it; (None, 0) for a plain value."""
    steps = 0
    while True:
        if is_typeddict(hint):
            return hint, steps
        origin, args = get_origin(hint), get_args(hint)
        if origin is Union or origin is types.UnionType:
            rest = [arg for arg in args if arg is not type(None)]
            if len(rest) != 1:
                return None, 0
            hint = rest[0]
        elif origin is list:
            hint, steps = args[0], steps + 1
        elif origin is dict:
            hint, steps = args[1], steps + 1
        else:
            return None, 0


def _type_text(hint: Any) -> str:
    """A type as a Python reader writes it: `list[str] | None`, `"call" | "spot"`."""
    if hint is type(None):
        return "None"
    if is_typeddict(hint):
        return "dict"
    origin, args = get_origin(hint), get_args(hint)
    if origin is Literal:
        return " | ".join(f'"{arg}"' if isinstance(arg, str) else repr(arg) for arg in args)
    if origin is Union or origin is types.UnionType:
        return " | ".join(_type_text(arg) for arg in args)
    if origin is list:
        return f"list[{_type_text(args[0])}]"
    if origin is dict:
        return f"dict[{_type_text(args[0])}, {_type_text(args[1])}]"
    return "any" if hint is Any else hint.__name__


# translators: the Bot Lab's reference: a key of a bot's view that is there only sometimes
WHEN_IT_APPLIES = N_("only when it applies")


def _words(shape: Any) -> str:
    """A TypedDict's docstring on one line."""
    return _one_line(inspect.getdoc(shape) or "")


def _one_line(doc: str) -> str:
    return " ".join(doc.split())


def _first_sentence(words: str) -> str:
    """What a key holding a TypedDict says when it has no comment: its first sentence."""
    return words.split(". ")[0].rstrip(".")


def _comment(comments: dict[str, Any], cls: str, name: str) -> str:
    """The comment beside `name` in class `cls`, or in a class it is built on."""
    fields, bases = comments.get(cls, ({}, []))
    if name in fields:
        return fields[name]  # type: ignore[no-any-return]
    for base in bases:
        found = _comment(comments, base, name)
        if found:
            return found
    return ""


@cache
def _comments(module: types.ModuleType) -> dict[str, tuple[dict[str, str], list[str]]]:
    return comments_in(inspect.getsource(module))


def comments_in(source: str) -> dict[str, tuple[dict[str, str], list[str]]]:
    """By class of the module `source`: the comment beside each annotated key (with the
    comment-only lines right under it), and the names of the classes it is built on."""
    lines = source.splitlines()
    by_line = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            by_line[token.start[0]] = token.string.lstrip("#").strip()
    found: dict[str, tuple[dict[str, str], list[str]]] = {}
    for node in ast.parse(source).body:
        if not isinstance(node, ast.ClassDef):
            continue
        fields = {}
        for item in node.body:
            if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                line = item.end_lineno or item.lineno
                words = [by_line[line]] if line in by_line else []
                while line + 1 in by_line and lines[line].strip().startswith("#"):
                    line += 1
                    words.append(by_line[line])
                fields[item.target.id] = " ".join(w for w in words if w != "fmt: skip")
        bases = [base.id for base in node.bases if isinstance(base, ast.Name)]
        found[node.name] = (fields, bases)
    return found


# What a translator is told of each message `extract` finds.
ABOUT_KEY = (
    "translators: the Bot Lab's reference (a bot's author reads it): what the key “{key}” of "
    "a seat's view or of an action holds. Code in it (quoted ids, names, `card(...)`) is "
    "kept as it is"
)
ABOUT_SHAPE = (
    "translators: the Bot Lab's reference (a bot's author reads it): what a part of a seat's "
    "view or an action is. Code in it is kept as it is"
)


def extract(
    fileobj: Any, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[Any, ...]]:
    """Babel's extraction method for a game's `views.py` (babel.cfg): its marked messages
    (as Python's extractor finds them), then each class's docstring on one line (and its
    first sentence, which a key holding that class says when it has no comment of its
    own) and each key's comment, as `reference` reads them."""
    from babel.messages.extract import extract_python

    source = fileobj.read()
    yield from extract_python(io.BytesIO(source), keywords, comment_tags, options)
    text = source.decode("utf-8")
    comments = comments_in(text)
    for node in ast.parse(text).body:
        if not isinstance(node, ast.ClassDef):
            continue
        doc = ast.get_docstring(node)
        if doc:
            words = _one_line(inspect.cleandoc(doc))
            yield node.lineno, None, words, [ABOUT_SHAPE]
            if _first_sentence(words) != words:
                yield node.lineno, None, _first_sentence(words), [ABOUT_SHAPE]
        fields, _bases = comments.get(node.name, ({}, []))
        for item in node.body:
            if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                words = fields.get(item.target.id, "")
                if words:
                    yield item.lineno, None, words, [ABOUT_KEY.format(key=item.target.id)]


def markdown(ref: dict[str, Any]) -> str:
    """The reference as Markdown (the command line's)."""
    # translators: the command line's bot reference (Markdown); {game} is a game's name
    title = _("{game}: a bot's reference", game=ref["name"])
    # translators: the command line's bot reference; code in `…` is kept as it is
    returns = _("`choose(view, legal, rng)` returns one of `legal`.")
    # translators: the command line's bot reference: a heading
    view = _("The view")
    # translators: the command line's bot reference: a heading
    actions = _("The actions")
    # translators: the command line's bot reference: the headings of the view's table
    columns = [
        pgettext("bot reference", "key"),
        pgettext("bot reference", "type"),
        pgettext("bot reference", "what it is"),
    ]
    out = [f"# {title}", "", ref["goal"], "", returns, "", f"## {view}", "",
           "| " + " | ".join(columns) + " |", "|---|---|---|"]  # fmt: skip
    out += [f"| `{k['path']}` | `{k['type']}` | {k['words']} |" for k in ref["view"]]
    out += ["", f"## {actions}", ""]
    for action in ref["actions"]:
        shape = ", ".join([f'"type": "{action["type"]}"', *(f'"{k["path"]}"' for k in action["keys"]
                          if "." not in k["path"] and ANY not in k["path"])])  # fmt: skip
        out += [f"- `{{{shape}}}` — {action['words']}"]
        out += [f"  - `{k['path']}` (`{k['type']}`): {k['words']}" for k in action["keys"]]
    return "\n".join(out) + "\n"
