"""The rest of the standard library, on demand.

The site serves Pyodide's standard library trimmed to the modules its pages import
(web/tools/stdlib.py), and the full one beside it. `install` puts a finder at the end of
`sys.meta_path`: when an import finds nothing and the module is one the trimming left out
(`_left_out_stdlib`, written into the trimmed zip), it fetches the full zip once, keeps it
in Pyodide's file system and imports the module from there. So a module the trimming
missed costs one download, never a broken page. The e2e suite fails on that download
(e2e/conftest.py): a page of ours that needs it shows what to add to the trimming.
"""

from __future__ import annotations

import sys
import zipimport
from collections.abc import Callable
from importlib.machinery import ModuleSpec
from typing import Any

FULL = "python_stdlib_full.zip"  # beside the trimmed python_stdlib.zip
KEPT_AT = "/lib/python_stdlib_full.zip"  # where Pyodide's file system keeps it


class FullStandardLibrary:
    """A `sys.meta_path` finder of the standard modules left out of the trimmed zip."""

    def __init__(
        self, left_out: frozenset[str], fetch: Callable[[], bytes], kept_at: str = KEPT_AT
    ) -> None:
        self.left_out = left_out
        self.fetch = fetch
        self.kept_at = kept_at
        self.fetched = False
        self.asked: list[str] = []  # the modules it had to find, in order

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        if fullname not in self.left_out:
            return None
        if not self.fetched:
            data = self.fetch()
            with open(self.kept_at, "wb") as file:
                file.write(data)
            self.fetched = True
        self.asked.append(fullname)
        package = fullname.rpartition(".")[0].replace(".", "/")
        where = f"{self.kept_at}/{package}/" if package else self.kept_at
        return zipimport.zipimporter(where).find_spec(fullname)


def fetch_at_once(url: str, failed: str) -> bytes:
    """`url`'s bytes, fetched at once (an import cannot wait for a promise): a
    synchronous request, its bytes read as text one character each (`x-user-defined`
    maps byte b to U+F700 + b above 0x7F), and taken back from that text. ImportError
    saying `failed` if it cannot be fetched."""
    from js import XMLHttpRequest

    request = XMLHttpRequest.new()
    request.open("GET", url, False)
    request.overrideMimeType("text/plain; charset=x-user-defined")
    request.send(None)
    if request.status != 200:
        raise ImportError(failed)
    return str(request.responseText).encode("utf-16-le")[::2]


def fetch_full(url: str) -> Callable[[], bytes]:
    """The full zip's bytes, fetched at once."""
    return lambda: fetch_at_once(url, f"the full standard library could not be fetched ({url})")


def full_url(page: str) -> str:
    """Where the full zip is, for the page at `page` (index.html or embed.html).

    >>> full_url("https://ana.github.io/spygames/?x=1#/espionage")
    'https://ana.github.io/spygames/vendor/pyodide/python_stdlib_full.zip'
    """
    folder = page.split("#")[0].split("?")[0].rsplit("/", 1)[0]
    return f"{folder}/vendor/pyodide/{FULL}"


def install(page: str) -> FullStandardLibrary | None:
    """Look for left-out standard modules in the full zip, for the page at `page`. None
    where the standard library is not a trimmed one (under CPython, say)."""
    try:
        from _left_out_stdlib import LEFT_OUT  # type: ignore[import-not-found]
    except ImportError:
        return None
    finder = FullStandardLibrary(LEFT_OUT, fetch_full(full_url(page)))
    sys.meta_path.append(finder)
    return finder
