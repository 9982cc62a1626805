"""The embed's style sheet: the part of app.css a set of pages can use (web/tools)."""

from __future__ import annotations

import css_subset  # web/tools, on the path by conftest.py
import pytest

SHEET = """
/* a comment with { braces } and .ghost */
:root { --gold: #e0a93b; }
body, .embed-body { margin: 0; }
.card { color: red; }
.card.back::before { content: "{"; }
.deck .card:hover, .hand > .card:not(.used) { color: blue; }
.btn:is(.x, .y) { padding: 0; }
#demo-try[disabled] { opacity: .5; }
.unused, .other-unused { display: none; }
@media (max-width: 520px) {
  .card { width: 40px; }
  .unused { width: 1px; }
}
@media print { .unused { display: none; } }
@keyframes pulse { from { opacity: 1; } to { opacity: .4; } }
@keyframes gone { to { opacity: 0; } }
.card.live { animation: pulse 1s; }
.unused-anim { animation: gone 1s; }
"""


def test_keeps_what_can_match_in_order_and_drops_what_cannot() -> None:
    kept = css_subset.subset(SHEET, {"card", "back", "hand", "btn", "demo-try", "live"})
    rules = [line for line in kept.splitlines() if line.strip()]
    assert rules == [
        ":root { --gold: #e0a93b; }",
        "body { margin: 0; }",  # .embed-body never occurs: only its selector goes
        ".card { color: red; }",
        '.card.back::before { content: "{"; }',
        ".hand > .card:not(.used) { color: blue; }",  # no .deck: that selector goes
        ".btn:is(.x, .y) { padding: 0; }",  # inside :is(): assumed to match
        "#demo-try[disabled] { opacity: .5; }",
        "@media (max-width: 520px) {",
        ".card { width: 40px; }",
        "}",
        "@keyframes pulse { from { opacity: 1; } to { opacity: .4; } }",
        ".card.live { animation: pulse 1s; }",
    ]


def test_what_a_selector_requires() -> None:
    assert css_subset.required(".a .b > #c:hover::after") == {"a", "b", "c"}
    assert css_subset.required('a[href="#x.y"]') == set()
    assert css_subset.required(".a:not(.b):has(.c .d)") == {"a"}
    assert css_subset.required("html[data-ready] .x:nth-child(2n+1)") == {"x"}
    assert css_subset.selectors(".a, .b:is(.c, .d) ,.e") == [".a", ".b:is(.c, .d)", ".e"]


def test_names_are_read_from_markup_and_scripts() -> None:
    html = '<div class="a  b" id="c"><span class=\'d\'></span></div>'
    assert css_subset.names_in_html(html) == {"a", "b", "c", "d"}
    script = 'box.className = "e f"; el.classList.add("g"); x.classList.toggle(\'h\', on);'
    assert css_subset.names_in_html(script) == {"e", "f", "g", "h"}


@pytest.mark.parametrize(
    "broken", [".a { color: red;", ".a { } }", "/* open", '.a { content: "x }']
)
def test_a_broken_sheet_is_refused(broken: str) -> None:
    with pytest.raises(ValueError):
        css_subset.subset(broken, {"a"})
