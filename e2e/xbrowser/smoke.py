"""What both smoke suites share: the built site served under /spygames/ (as the Playwright
suite serves it), the size of the service worker's precache, and the verdict."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import engines
import plan
from server import SiteServer
from service_worker import worker_build

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
OUT = ROOT / "e2e" / "screenshots"  # ignored by git, as the Playwright suite's shots are


def site() -> Path:
    built = Path(os.environ.get("SPYGAMES_SITE", ROOT / "_site"))
    if not (built / "index.html").exists():
        pytest.fail("no _site/: run `make site` (make smoke-firefox and smoke-webkit do it)")
    return built


def precached(built: Path) -> int:
    """How many files the built sw.js copies into its cache."""
    return len(worker_build((built / "sw.js").read_text())[1])


def serve(built: Path) -> SiteServer:
    return SiteServer(built)


def engine_or_skip(find: Any) -> Any:
    """The engine `find` returns; skipped (with the reason) where it cannot be had."""
    try:
        return find()
    except engines.Missing as why:
        pytest.skip(str(why))


def verdict(engine: str, found: dict[str, Any], built: Path) -> None:
    wrong = [*found.get("events", [])]
    if found.get("failed"):
        wrong.append(f"stopped at {found['failed']}")
        wrong += [f"on the page then: {p}" for p in found.get("problems_at_failure") or []]
    else:
        wrong += plan.problems(found, precached(built))
    assert not wrong, f"{engine}:\n" + "\n".join(wrong)
