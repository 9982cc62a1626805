"""The names in SpyNet's card list (`cards.json`) as messages for translation.

Babel reads Python, not JSON: `babel.cfg` maps `cards.json` to `extract`, which gives
each name of a branch, an agent, a mission, a funding card or a situation as a message
in its own context ("spynet branch", "spynet card", "spynet situation"), the contexts
`text` translates the names in (`branch_name`, `named`, `situation_name`).

>>> import io
>>> found = list(extract(io.BytesIO(b'{"branches": [{"id": "ops", "name": "Field Ops"}]}'),
...                      ["pgettext"], [], {}))
>>> found[0][1:3]
('pgettext', ('spynet branch', 'Field Ops'))
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

CONTEXTS = {
    "branches": "spynet branch",
    "agents": "spynet card",
    "missions": "spynet card",
    "funding": "spynet card",
    "situations": "spynet situation",
}
"""Each list of the card set, and the context its names are translated in."""
WHAT = {
    "branches": "a branch of the spy network",
    "agents": "an agent card",
    "missions": "a mission card",
    "funding": "a funding card",
    "situations": "a situation card (a rule changed for the whole game)",
}


def extract(
    fileobj: IO[bytes],
    keywords: Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Babel's extraction method for `cards.json`: (line, "pgettext", (context, name),
    comments) for each name, in the file's order, with a word for the translator."""
    text = fileobj.read().decode("utf-8")
    data = json.loads(text)
    lines = text.splitlines()
    line = 0
    for key, context in CONTEXTS.items():
        for item in data.get(key, []):
            name = item["name"]
            quoted = json.dumps(name, ensure_ascii=False)
            found = next(
                (n for n in range(line, len(lines)) if quoted in lines[n]),
                None,
            )
            if found is not None:
                line = found
            yield line + 1, "pgettext", (context, name), [f"translators: SpyNet, {WHAT[key]}"]
