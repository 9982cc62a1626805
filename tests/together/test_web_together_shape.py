"""What together may import (its package docstring says so): the engine and, of the web
app, the screen, the markup, the store, the tabs and the catalogue; never a game's
package nor a table module (a table reaches together, not the other way round). (Every
folder's rule, together's too, is read from its docstring by tests/web/test_web_layout.py.)"""

from __future__ import annotations

import ast
from pathlib import Path

TOGETHER = Path(__file__).parents[2] / "web" / "app" / "spyweb" / "together"
MAY_IMPORT = {"tables.screen", "browser.markup", "browser.store", "browser.tabs", "catalogue"}


def web_imports(path: Path) -> set[str]:
    """The web app's modules (outside together) that `path` imports, anywhere in it."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level == 2:
            found.add(node.module or "")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("spyweb."):
            found.add((node.module or "").removeprefix("spyweb."))
        elif isinstance(node, ast.Import):
            found |= {
                a.name.removeprefix("spyweb.") for a in node.names if a.name.startswith("spyweb.")
            }
    return {name for name in found if name.split(".")[0] != "together"}


def test_together_imports_only_what_its_docstring_allows() -> None:
    assert TOGETHER.is_dir()
    for path in sorted(TOGETHER.glob("*.py")):
        assert web_imports(path) <= MAY_IMPORT, path.name


def test_the_context_holds_no_untyped_store() -> None:
    """The shared context's stores are typed objects (issue 48), not dict[str, Any]."""
    screen = (TOGETHER.parent / "tables" / "screen.py").read_text()
    context = screen.split("class Context:", 1)[1].split("\n    def ", 1)[0]
    assert "dict[str, Any]" not in context
