"""axe-core in the e2e suite: run it on the page as it stands, and say what it found.

axe comes from npm (`web/package.json` devDependencies, installed by `make` with `npm ci`).
The test evaluates its source in the page, so the site never ships or fetches it and the
Guard sees no request for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from playwright.sync_api import Frame, Page

AXE = Path(__file__).resolve().parents[1] / "web" / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")

# Rules the whole suite runs: WCAG 2.0/2.1/2.2 A and AA, and axe's best practices.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


@cache
def axe_source() -> str:
    if not AXE.exists():
        raise AssertionError(f"no {AXE}: run `make site` (it installs axe-core with npm ci)")
    return AXE.read_text(encoding="utf-8")


@dataclass(frozen=True)
class Violation:
    rule: str
    impact: str
    help: str
    targets: list[str]
    summaries: list[str]

    @property
    def blocking(self) -> bool:
        return self.impact in BLOCKING

    def describe(self) -> str:
        lines = [f"{self.rule} ({self.impact}, {len(self.targets)}×): {self.help}"]
        for target, summary in list(zip(self.targets, self.summaries, strict=True))[:6]:
            first = summary.splitlines()[1:2] or [summary]
            lines.append(f"    {target}: {first[0].strip()}")
        if len(self.targets) > 6:
            lines.append(f"    … and {len(self.targets) - 6} more")
        return "\n".join(lines)


def run_axe(page: Page | Frame) -> list[Violation]:
    """Every axe violation on the page now (all impacts)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(axe_source())
    settle(page)
    raw: list[dict[str, Any]] = page.evaluate(
        """async (tags) => {
            const result = await axe.run(document, {runOnly: {type: 'tag', values: tags},
                                                    resultTypes: ['violations']});
            return result.violations.map(v => ({
                rule: v.id, impact: v.impact || 'minor', help: v.help,
                targets: v.nodes.map(n => n.target.join(' ')),
                summaries: v.nodes.map(n => n.failureSummary || ''),
            }));
        }""",
        TAGS,
    )
    return [Violation(**v) for v in raw]


def settle(page: Page | Frame) -> None:
    """Finish every running animation and transition that ends, so axe measures what the
    player sees once things stop moving, not a card halfway through fading in."""
    page.evaluate(
        """() => document.getAnimations().forEach(a => {
            if (Number.isFinite(a.effect?.getComputedTiming().endTime)) a.finish();
        })"""
    )


def summary(violations: list[Violation]) -> str:
    return "\n".join(v.describe() for v in violations) or "no violations"


def assert_accessible(page: Page | Frame, where: str) -> list[Violation]:
    """Fail with a readable list when axe finds a serious or critical violation; return
    every violation (the lesser ones too) for the report."""
    found = run_axe(page)
    blocking = [v for v in found if v.blocking]
    assert not blocking, f"axe on {where}:\n{summary(blocking)}"
    return found
