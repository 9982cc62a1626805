"""The code's own shape, which no behaviour test sees: no module imports itself in a
circle (imports under `TYPE_CHECKING` count: a circle there is a design that knows too
much, even if it runs), no file of the product is over 500 lines (a screen over that
splits by component), and no test file imports another test file (what tests share is a
driver in tests/drivers/)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
PACKAGES = {"spygames": ROOT / "spygames", "spyweb": ROOT / "web" / "app" / "spyweb"}
MOST_LINES = 500
PRODUCT = [
    "spygames/**/*.py",
    "web/app/**/*.py",
    "web/tools/*.py",
    "web/**/*.js",
    "web/**/*.mjs",
    "web/styles/*.css",
]
NOT_OURS = {"node_modules", "vendor"}  # packages from npm, files copied in as they come


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
    assert "spyweb.tables.screen" in seen["spyweb.catalogue"]  # relative imports are resolved
    assert "spygames.protocol" in seen["spygames"]


@pytest.mark.parametrize("pattern", PRODUCT)
def test_no_product_file_is_over_500_lines(pattern: str) -> None:
    files = sorted(f for f in ROOT.glob(pattern) if not NOT_OURS & set(f.parts))
    assert files, f"nothing matches {pattern}"
    lines = {str(f.relative_to(ROOT)): len(f.read_text().splitlines()) for f in files}
    assert {name: n for name, n in lines.items() if n > MOST_LINES} == {}


def imported_test_files(path: Path) -> set[str]:
    """The test modules (`test_*`, `tests.test_*`) the file at `path` imports, anywhere in it."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        found |= {n for n in names if n.split(".")[-1].startswith("test_")}
    return found


def test_no_test_file_imports_another_test_file() -> None:
    """A test file imports drivers (tests/drivers/, e2e/drivers/), never another test
    file: a helper two files share lives in a driver, so moving or removing one test file
    breaks no other. The browser tests (e2e/) are held to it too."""
    found = {
        str(path.relative_to(ROOT)): sorted(imported_test_files(path))
        for folder in (TESTS, ROOT / "e2e")
        for path in sorted(folder.rglob("*.py"))
    }
    assert {name: modules for name, modules in found.items() if modules} == {}


def test_the_import_finder_finds_a_test_file_imported(tmp_path: Path) -> None:
    planted = tmp_path / "test_planted.py"
    planted.write_text(
        "import os\nfrom drivers.together import joined_pair\n"
        "def helper():\n\tfrom test_web_spynet import run_bots\n"
        "import test_review, tests.test_core\n"
    )
    assert imported_test_files(planted) == {"test_web_spynet", "test_review", "tests.test_core"}
