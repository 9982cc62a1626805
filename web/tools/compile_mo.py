"""Compile a catalogue (`.po`) to what gettext reads (`.mo`), as `pybabel compile` does
but without its checks of %-style placeholders: our messages use `{names}` only, and a
message with a "%" in it ("a {percent}% chance") is flagged python-format by Babel's
extractor, so `pybabel compile` refuses a translation that writes "{percent} %".
tests/i18n/test_catalogues.py checks what matters instead: names, markup, plural forms.
Fuzzy (unreviewed) translations are left out, as gettext's own compiler does.

    python web/tools/compile_mo.py LANG.po LANG.mo
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po


def main(argv: list[str]) -> int:
    source, target = Path(argv[0]), Path(argv[1])
    with source.open("rb") as f:
        catalogue = read_po(f)
    with target.open("wb") as f:
        write_mo(f, catalogue, use_fuzzy=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
