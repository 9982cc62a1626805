"""Messages are translated when they are used, never when a module loads: the language
is chosen after the modules are imported (the page's worker installs the player's
catalogue once Python has started, and a warm visit restores modules from a snapshot
taken before any language was chosen). A `_()` at a module's top level, in a class body,
a default argument or a decorator would be English for ever."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted([*ROOT.glob("spygames/**/*.py"), *ROOT.glob("web/app/spyweb/**/*.py")])
TRANSLATING = {"_", "ngettext", "pgettext", "npgettext", "either", "listed", "both"}


def calls_at_import(tree: ast.Module) -> list[int]:
    """Lines of translating calls that run when the module is imported."""
    found: list[int] = []

    def visit(node: ast.AST, running: bool) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            # its decorators and default values run at import; its body does not
            args = node.args
            for part in [*args.defaults, *[d for d in args.kw_defaults if d is not None]]:
                visit(part, running)
            for deco in getattr(node, "decorator_list", []):
                visit(deco, running)
            return
        if (
            running
            and isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name | ast.Attribute)
            and (node.func.id if isinstance(node.func, ast.Name) else node.func.attr) in TRANSLATING
        ):
            found.append(node.lineno)
        for child in ast.iter_child_nodes(node):
            visit(child, running)

    visit(tree, True)
    return found


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_message_is_translated_when_its_module_loads(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert calls_at_import(tree) == [], f"{path}: translated at import time (use N_)"


def test_the_check_sees_each_place_that_runs_at_import() -> None:
    source = (
        "A = _('x')\n"
        "class C:\n    B = ngettext('a', 'b', 2)\n"
        "def f(x=_('y')):\n    return _('fine')\n"
        "@deco(pgettext('c', 'z'))\ndef g():\n    pass\n"
        "L = lambda: _('fine too')\n"
    )
    assert calls_at_import(ast.parse(source)) == [1, 3, 4, 6]
