"""Small helpers for English a player reads: counts with the right plural, a verb that
agrees with who does it, and a name put at the start of a sentence without losing its case.

>>> count(1, "spy", "spies"), count(2, "spy", "spies"), count(0, "game")
('1 spy', '2 spies', '0 games')
>>> agrees("You", "draft"), agrees("Agent Lynx", "draft"), agrees("You", "go", "goes")
('You draft', 'Agent Lynx drafts', 'You go')
>>> sentence("your tableau"), sentence("agent lynx’s Censor")
('Your tableau', 'Agent lynx’s Censor')
"""

from __future__ import annotations


def plural(n: int, singular: str, many: str | None = None) -> str:
    """The word for `n` of a thing: "spy" for 1, "spies" for 0 or 2 and more."""
    if n == 1:
        return singular
    return many if many is not None else singular + "s"


def count(n: int, singular: str, many: str | None = None) -> str:
    """ "1 spy", "2 spies", "0 games"."""
    return f"{n} {plural(n, singular, many)}"


def agrees(name: str, verb: str, third: str | None = None) -> str:
    """The name and the verb in the present tense, agreeing with it: "You draft",
    "Ann drafts". "You" (any case) takes the plain verb; anyone else the third person
    ("drafts", or `third` when the verb is irregular: "goes", "has")."""
    if name.lower() == "you":
        return f"{name} {verb}"
    return f"{name} {third if third is not None else verb + 's'}"


def possessive(name: str, *, first: bool = False) -> str:
    """ "Ben’s"; "your" for "You" (the seat of the person reading), "Your" to begin a
    sentence.

    >>> possessive("Ben"), possessive("You"), possessive("You", first=True)
    ('Ben’s', 'your', 'Your')
    """
    if name.lower() == "you":
        return "Your" if first else "your"
    return f"{name}’s"


def listed(items: list[str]) -> str:
    """ "Ann", "Ann and Bo", "Ann, Bo and Cy".

    >>> listed(["Ann", "Bo", "Cy"])
    'Ann, Bo and Cy'
    """
    return " and ".join([", ".join(items[:-1]), items[-1]] if len(items) > 2 else items)


def sentence(text: str) -> str:
    """`text` with only its first letter raised, for the start of a sentence: names keep
    the case they were given (unlike `str.capitalize`, which lowers the rest)."""
    return text[:1].upper() + text[1:]
