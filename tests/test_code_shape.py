"""The code's own shape, which no behaviour test sees: no module imports itself in a
circle (imports under `TYPE_CHECKING` count: a circle there is a design that knows too
much, even if it runs), and no file of the product is over 500 lines (a screen over that
splits by component)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"spygames": ROOT / "spygames", "spyweb": ROOT / "web" / "app" / "spyweb"}
MOST_LINES = 500
PRODUCT = ["spygames/**/*.py", "web/app/**/*.py", "web/tools/*.py", "web/*.js", "web/styles/*.css"]


def modules() -> dict[str, Path]:
    found = {}
    for package, root in PACKAGES.items():
        for path in root.rglob("*.py"):
            parts = [package, *path.relative_to(root).with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ours `name` imports, anywhere in its file."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()

    def ours(candidate: str) -> None:
        while candidate and candidate not in known:
            candidate = candidate.rpartition(".")[0]
        if candidate and candidate != name:
            out.add(candidate)

    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            for alias in node.names:
                ours(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([node.module] if node.module else [])])
            for alias in node.names:
                full = f"{base}.{alias.name}"
                ours(full if full in known else base)
    return out


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                other = stack.pop()
                group.append(other)
                if other == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports(name, path, set(known)) for name, path in known.items()}


def test_no_module_imports_itself_in_a_circle() -> None:
    assert circles(graph()) == []


def test_the_circle_finder_finds_a_circle_through_type_checking() -> None:
    """The check above must see a circle made only under TYPE_CHECKING, as the tables
    once had (a view taking the whole table, which imports the view)."""
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    seen = graph()
    assert "spyweb.screen" in seen["spyweb.catalogue"]  # relative imports are resolved
    assert "spygames.protocol" in seen["spygames"]


@pytest.mark.parametrize("pattern", PRODUCT)
def test_no_product_file_is_over_500_lines(pattern: str) -> None:
    files = sorted(ROOT.glob(pattern))
    assert files, f"nothing matches {pattern}"
    lines = {str(f.relative_to(ROOT)): len(f.read_text().splitlines()) for f in files}
    assert {name: n for name, n in lines.items() if n > MOST_LINES} == {}
