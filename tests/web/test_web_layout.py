"""The web app's folders and what each may import (issue 48, "a layout that shows the
architecture"): each folder's `__init__` docstring says it in a paragraph that starts
"May import, of the web app:" — the modules and folders named in backticks before its
"—" are allowed, nothing else of the web app — and names any exception ("Exception:
`module` imports `other`"). This test reads those docstrings and every import of every
module in the folder (lazy ones and those under `TYPE_CHECKING` too), so the docstring
and the code cannot drift apart. A game's package may import its own modules, never
another game's."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parents[2] / "web" / "app"
SPYWEB = APP / "spyweb"
FOLDERS = ("browser", "tables", "together", "screens", "games")
TOP = {"app", "catalogue", "embed", "gameui", "worker"}  # what ties the folders together


def module_name(path: Path) -> str:
    parts = list(path.relative_to(APP).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> set[str]:
    """The web app's modules `path` imports, anywhere in it, as dotted names without the
    leading `spyweb.` ("browser.store"; "tables" for `from .. import tables`)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([node.module] if node.module else [])])
            # `from . import links`: the module imported is base.links
            found |= {
                f"{base}.{alias.name}"
                if (APP / Path(*base.split("."), alias.name)).exists()
                or (APP / Path(*base.split("."), f"{alias.name}.py")).exists()
                else base
                for alias in node.names
            }
    return {n.removeprefix("spyweb.") for n in found if n.split(".")[0] == "spyweb"} - {"spyweb"}


def folder_of(name: str) -> str:
    """The folder (or top-level module) a dotted name without `spyweb.` lives in."""
    return name.split(".")[0]


def rule(folder: str) -> tuple[set[str], set[tuple[str, str]]]:
    """What the folder's docstring allows it to import, and its exceptions
    ({(module in the folder, what it imports)})."""
    doc = ast.get_docstring(ast.parse((SPYWEB / folder / "__init__.py").read_text())) or ""
    paragraphs = re.split(r"\n\s*\n", doc)
    said = [p for p in paragraphs if p.startswith("May import, of the web app:")]
    assert len(said) == 1, f"spyweb/{folder}/__init__.py says what it may import, once"
    allowed = set(re.findall(r"`([\w.]+)`", said[0].split("—")[0]))
    exceptions = {
        (found[0], found[1])
        for p in paragraphs
        if p.startswith("Exception:") and len(found := re.findall(r"`([\w.]+)`", p)) >= 2
    }
    return allowed, exceptions


def allows(allowed: set[str], name: str) -> bool:
    return any(name == a or name.startswith(f"{a}.") for a in allowed)


def wrong_imports(folder: str) -> list[str]:
    allowed, exceptions = rule(folder)
    found = []
    for path in sorted((SPYWEB / folder).rglob("*.py")):
        me = module_name(path).removeprefix("spyweb.")
        mine = ".".join(me.split(".")[:2]) if folder == "games" else folder
        for name in sorted(imports(path)):
            if name == mine or name.startswith(f"{mine}."):
                continue  # its own folder (a game: its own package)
            if allows(allowed, name):
                continue
            if (me.removeprefix(f"{folder}."), name) in exceptions:
                continue
            found.append(f"spyweb/{me.replace('.', '/')}: imports spyweb.{name}")
    return found


def test_every_module_lives_in_a_folder_or_ties_them_together() -> None:
    top = {p.stem for p in SPYWEB.glob("*.py")} - {"__init__"}
    assert top == TOP
    folders = {p.name for p in SPYWEB.iterdir() if (p / "__init__.py").exists()}
    assert folders == set(FOLDERS)


@pytest.mark.parametrize("folder", FOLDERS)
def test_a_folder_imports_only_what_its_docstring_allows(folder: str) -> None:
    assert list((SPYWEB / folder).rglob("*.py"))
    assert wrong_imports(folder) == []


def test_nothing_in_a_folder_imports_what_ties_them_together() -> None:
    """`app`, `embed` and `worker` import the folders, never the other way round (no
    docstring allows them: checked here in case one ever did)."""
    for folder in FOLDERS:
        assert not rule(folder)[0] & {"app", "embed", "worker"}, folder


def test_the_reader_sees_every_kind_of_import() -> None:
    """The rule is only as good as the reading: relative, lazy, `from . import module`
    and `TYPE_CHECKING` imports all count."""
    assert "browser.store" in imports(SPYWEB / "tables" / "screen.py")
    assert "browser.links" in imports(SPYWEB / "tables" / "share.py")  # from ..browser import
    assert "together.invite" in imports(SPYWEB / "browser" / "archives.py")  # lazy
    assert "tables.pointer" in imports(SPYWEB / "games" / "spynet" / "__init__.py")
    assert "tables.seats" in imports(SPYWEB / "games" / "spynet" / "who.py")
    assert rule("browser") == (set(), {("archives", "together.invite")})
