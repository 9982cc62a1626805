"""The tests' own layout (issue 48), read from their source: no browser.

A test file holds tests and nothing another file needs. What several test files drive —
a game's table, playing together, the Bot Lab — lives in a module named after what it
drives (e2e/drivers/, beside e2e/a11y.py, e2e/reader.py, e2e/shared_page.py), and each
test file imports that. A test file that imports another couples the two: the imported
file's tests, fixtures and constants all come along, and moving a test breaks a file
that only wanted a helper. No other module imports a test file either (a driver, a
conftest).

tests/ still has such imports, listed in `NOT_YET_IN_TESTS` until they move to helper
modules of their own: the list only shrinks, and a new one fails here. (e2e/ had 22, and
this test failed on them before e2e/drivers/ took what they shared.)
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("e2e", "tests")

# (importing file, imported test module) in tests/ as they stand; e2e/ has none left.
NOT_YET_IN_TESTS = frozenset(
    {
        ("tests/test_bots_sealed.py", "test_bots_blind"),
        ("tests/test_undo.py", "test_deck_of_spies"),
        ("tests/test_web_bot_seeds.py", "test_web_spynet"),
        ("tests/test_web_bot_seeds.py", "test_web_together"),
        ("tests/test_web_bot_seeds.py", "test_web_together_routes"),
        ("tests/test_web_bot_wiring.py", "test_web_espionage"),
        ("tests/test_web_bot_wiring.py", "test_web_spynet"),
        ("tests/test_web_espionage_help.py", "test_web_espionage"),
        ("tests/test_web_espionage_said.py", "test_web_espionage_help"),
        ("tests/test_web_joined_tables.py", "test_web_together"),
        ("tests/test_web_keys.py", "test_web_embed"),
        ("tests/test_web_keys.py", "test_web_joined_tables"),
        ("tests/test_web_keys.py", "test_web_together"),
        ("tests/test_web_keys.py", "test_web_together_spynet"),
        ("tests/test_web_no_ids.py", "test_web_espionage"),
        ("tests/test_web_no_ids.py", "test_web_saves"),
        ("tests/test_web_no_ids.py", "test_web_spynet"),
        ("tests/test_web_refusals.py", "test_web_espionage"),
        ("tests/test_web_refusals.py", "test_web_spynet"),
        ("tests/test_web_review.py", "test_review"),
        ("tests/test_web_review.py", "test_web_espionage"),
        ("tests/test_web_spynet_undo.py", "test_web_spynet"),
        ("tests/test_web_together_invites.py", "test_web_together"),
        ("tests/test_web_together_moves.py", "test_web_together"),
        ("tests/test_web_together_moves.py", "test_web_together_routes"),
        ("tests/test_web_together_refusals.py", "test_web_together_invites"),  # main, 8465256
        ("tests/test_web_together_rematch.py", "test_web_together"),
        ("tests/test_web_together_rematch.py", "test_web_together_routes"),
        ("tests/test_web_together_rematch.py", "test_web_together_spynet"),
        ("tests/test_web_together_routes.py", "test_web_together"),
        ("tests/test_web_together_scan.py", "test_web_together"),
        ("tests/test_web_together_stun.py", "test_web_together"),
        ("tests/test_web_together_tabs.py", "test_web_together"),
        ("tests/test_web_together_tabs.py", "test_web_together_spynet"),
        ("tests/test_web_together_turns.py", "test_web_together"),
        ("tests/test_web_together_undo.py", "test_web_together"),
        ("tests/test_web_together_undo.py", "test_web_together_routes"),
        ("tests/test_web_together_undo.py", "test_web_together_spynet"),
        ("tests/test_web_together_words.py", "test_web_together"),
        ("tests/test_web_together_words.py", "test_web_together_moves"),
        ("tests/test_web_together_words.py", "test_web_together_spynet"),
        ("tests/test_web_wording.py", "test_web_together"),
        ("tests/test_web_words.py", "test_spynet_rules"),
    }
)


def names_of_test_files() -> set[str]:
    """The names a test file is imported by: each test_*.py of e2e/ and tests/."""
    return {path.stem for folder in FOLDERS for path in (ROOT / folder).rglob("test_*.py")}


def imported(source: str) -> set[str]:
    """The top-level modules a Python file imports, anywhere in it (a function too)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.split(".")[0])
    return found


def imports_of_test_files() -> set[tuple[str, str]]:
    """(file, test module) for each module of e2e/ or tests/ that imports a test file."""
    tests = names_of_test_files()
    return {
        (str(path.relative_to(ROOT)), name)
        for folder in FOLDERS
        for path in sorted((ROOT / folder).rglob("*.py"))
        for name in imported(path.read_text(encoding="utf-8")) & tests
    }


def test_no_test_file_imports_another() -> None:
    """What e2e/ and tests/ files share lives in helper modules, never in a test file."""
    found = imports_of_test_files() - NOT_YET_IN_TESTS
    assert not found, "a test file imported (move what it needs into a helper module):\n" + (
        "\n".join(f"  {path} imports {name}" for path, name in sorted(found))
    )


def test_the_check_sees_an_import_inside_a_function() -> None:
    source = "import os\n\ndef f():\n    from test_spynet import start\n    import test_lab.x\n"
    assert imported(source) == {"os", "test_spynet", "test_lab"}
