"""The pseudo-locale `en-XA`: every message of the template accented and lengthened by
about 40%, in brackets ("[Ðéåļ åĝåîñ ~~~~]"), so that a page walked in it shows at once
a message left untranslated (plain English) and a layout that breaks on longer words.
`{names}`, markup (`<strong>`, `&amp;`) and `{{` `}}` are kept as they are.

    python web/tools/pseudo.py POT OUT.mo
"""

from __future__ import annotations

import math
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOWER = "åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýž"
UPPER = "ÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"
ACCENTED = str.maketrans("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", LOWER + UPPER)
KEPT = re.compile(r"(\{\{|\}\}|\{[A-Za-z_][A-Za-z0-9_]*\}|<[^>]*>|&[#A-Za-z0-9]+;)")


def pseudo(text: str) -> str:
    """`text` accented and a ~40% longer, its placeholders and markup kept.

    >>> pseudo("Deal {n} <strong>cards</strong>")
    '[Ðéåļ {n} <strong>çåŕðš</strong> ~~~~~]'
    >>> pseudo("Three spy card games for your browser")[-24:]
    'ƀŕöŵšéŕ ~~~~~~~~ ~~~~~~]'
    """
    if not text.strip():
        return text
    parts = KEPT.split(text)
    shown = sum(len(p) for i, p in enumerate(parts) if i % 2 == 0)
    accented = "".join(p if i % 2 else p.translate(ACCENTED) for i, p in enumerate(parts))
    pad = max(1, math.ceil(shown * 0.4))
    # in words of at most 8 (a long German word is ~20 letters, and it wraps between words)
    padding = " ".join("~" * min(8, pad - i) for i in range(0, pad, 9))
    return f"[{accented} {padding}]"


def catalogue(template: Path) -> Catalog:
    with template.open("rb") as f:
        pot = read_po(f)
    out = Catalog(locale="en", domain="spygames")
    for message in pot:
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            # English has two forms: one and more
            one, many = message.id[0], message.id[1]
            out.add(message.id, (pseudo(one), pseudo(many)), context=message.context)
        else:
            out.add(message.id, pseudo(message.id), context=message.context)
    return out


def main(argv: list[str]) -> int:
    template, target = Path(argv[0]), Path(argv[1])
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as f:
        write_mo(f, catalogue(template))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
