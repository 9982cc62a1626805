"""The part of a style sheet that a known set of pages can use.

An embed frame on someone's blog shows steps drawn at build time; it needs the rules for
the classes and ids in those steps, not the whole app's style sheet. `subset(css, names)`
keeps every selector that could match a page whose class and id names are all in
`names`, in the original order, and drops the rest: a selector needing a class or an id
that never occurs cannot match. It errs on the side of keeping: tags, attributes and
whatever sits inside a functional pseudo-class (`:not(.x)`, `:is(...)`, `:has(...)`) are
assumed to match. `@media` blocks keep their kept rules; `@keyframes` stay when a kept
rule names them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

NAME = re.compile(r"[.#]([A-Za-z_][\w-]*)")
ATTRIBUTE = re.compile(r"\[[^\]]*\]")
FUNCTION = re.compile(r":{1,2}[A-Za-z-]+\(")


@dataclass
class Rule:
    """A rule: `prelude { body }`; `rules` holds the rules inside an `@media` block."""

    prelude: str
    body: str
    rules: list[Rule] | None = None


def _skip(css: str, at: int) -> int:
    """The index after the comment or string starting at `at` (or `at` itself)."""
    if css.startswith("/*", at):
        end = css.find("*/", at + 2)
        if end < 0:
            raise ValueError("an unclosed comment")
        return end + 2
    if css[at] in "\"'":
        quote, i = css[at], at + 1
        while i < len(css) and css[i] != quote:
            i += 2 if css[i] == "\\" else 1
        if i >= len(css):
            raise ValueError("an unclosed string")
        return i + 1
    return at


def parse(css: str) -> list[Rule]:
    """The top-level rules of `css` (comments dropped; @media blocks parsed inside)."""
    rules: list[Rule] = []
    i, start = 0, 0
    prelude: str | None = None
    depth = 0
    while i < len(css):
        after = _skip(css, i)
        if after != i:
            if depth == 0 and prelude is None and css.startswith("/*", i):
                start = after  # a comment before a rule is not part of its selector
            i = after
            continue
        char = css[i]
        if char == "{":
            if depth == 0:
                prelude, start = css[start:i].strip(), i + 1
            depth += 1
        elif char == "}":
            depth -= 1
            if depth < 0:
                raise ValueError(f"an unmatched }} at {i}")
            if depth == 0:
                assert prelude is not None
                body = css[start:i]
                inner = parse(body) if prelude.startswith("@media") else None
                rules.append(Rule(prelude, body.strip(), inner))
                prelude, start = None, i + 1
        i += 1
    if depth or css[start:].strip():
        raise ValueError("the style sheet ends inside a rule")
    return rules


def selectors(prelude: str) -> list[str]:
    """A selector list split at its top-level commas."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(prelude):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            parts.append(prelude[start:i].strip())
            start = i + 1
    parts.append(prelude[start:].strip())
    return [part for part in parts if part]


def required(selector: str) -> set[str]:
    """The class and id names an element must have somewhere for `selector` to match."""
    text = ATTRIBUTE.sub("", selector)
    while found := FUNCTION.search(text):
        depth, i = 1, found.end()
        while i < len(text) and depth:
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        text = text[: found.start()] + text[i:]
    return set(NAME.findall(text))


def _keep(rules: list[Rule], names: set[str]) -> list[Rule]:
    kept: list[Rule] = []
    for rule in rules:
        if rule.rules is not None:
            inner = _keep(rule.rules, names)
            if inner:
                kept.append(Rule(rule.prelude, "", inner))
        elif rule.prelude.startswith("@"):
            kept.append(rule)  # @keyframes and the like: decided in `subset`
        else:
            chosen = [s for s in selectors(rule.prelude) if required(s) <= names]
            if chosen:
                kept.append(Rule(", ".join(chosen), rule.body))
    return kept


def _text(rules: Iterable[Rule]) -> str:
    out = []
    for rule in rules:
        if rule.rules is not None:
            out.append(f"{rule.prelude} {{\n{_text(rule.rules)}}}\n")
        else:
            out.append(f"{rule.prelude} {{ {rule.body} }}\n")
    return "".join(out)


def subset(css: str, names: Iterable[str]) -> str:
    """The rules of `css` that can apply to pages using only these class and id `names`."""
    kept = _keep(parse(css), set(names))
    styles = [r for r in kept if not r.prelude.startswith("@keyframes")]
    used = _text(styles)
    return _text(
        r
        for r in kept
        if not r.prelude.startswith("@keyframes")
        or re.search(rf"\b{re.escape(r.prelude.split()[1])}\b", used)
    )


def names_in_html(html: str) -> set[str]:
    """Every class and id named in `html`'s class="" and id="" attributes (or, in a
    script, set with `className = "..."`, `id = "..."` or `classList.add("...")`)."""
    found: set[str] = set()
    pattern = r'\b(class|id|className)\s*=\s*["\']([^"\']*)["\']'
    for attribute, value in re.findall(pattern, html):
        found.update(value.split() if attribute != "id" else [value.strip()])
    found.update(re.findall(r'classList\.(?:add|toggle)\(\s*["\']([\w-]+)["\']', html))
    return found
