"""A blind player's ears and hands in the e2e suite, as a screen reader gives them.

`Reader` knows the page only by its accessibility tree (Playwright's ARIA snapshot: each
node's role, accessible name, states and text) and by what its live regions say, and acts
only with the keyboard: Tab and Shift+Tab to move, Enter and Space to press, arrows in a
list box. It never reads the page's HTML, ids, classes or data attributes, and never
clicks.

What it hears is what a screen reader announces: a change of text inside a live region
(`aria-live`, or a role that is one: status, log, alert) that was already on the page. A
region drawn anew with the screen is not announced (screen readers do not announce new
regions), so a page that puts its news there is heard saying nothing.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from conftest import ANSWERED, BOOT_TIMEOUT, wait_for
from playwright.sync_api import Page

# Installed before the page's own scripts: every announcement, in order, as its region's
# whole text after each batch of changes (what a screen reader then reads out).
EARS = """(() => {
  const heard = [];
  Object.defineProperty(window, "spygamesHeard", { value: heard });
  const LIVE = '[aria-live]:not([aria-live="off"]), [role=status], [role=log], [role=alert]';
  const known = new WeakSet();
  const regionOf = (node) => {
    const element = node.nodeType === 1 ? node : node.parentElement;
    return element ? element.closest(LIVE) : null;
  };
  const learn = () => document.querySelectorAll(LIVE).forEach((region) => known.add(region));
  const words = (text) => text.split(/\\s+/).filter(Boolean).join(" ");
  new MutationObserver((changes) => {
    const changed = [];
    for (const change of changes) {
      const region = regionOf(change.target);
      if (region && known.has(region) && region.isConnected && !changed.includes(region)) {
        changed.push(region);
      }
    }
    for (const region of changed) {
      const text = words(region.textContent);
      if (text) heard.push(text);
    }
    learn();
  }).observe(document, { subtree: true, childList: true, characterData: true });
  document.addEventListener("DOMContentLoaded", learn);
})();"""

# The roles a keyboard stops on (besides an element made focusable, which the tree does
# not tell).
CONTROLS = {"button", "link", "textbox", "spinbutton", "combobox", "checkbox", "radio", "slider"}

LINE = re.compile(r"^(?P<indent> *)- (?P<rest>.*)$")
HEAD = re.compile(
    r'^(?P<role>[a-z/][a-z/]*)(?: "(?P<name>(?:[^"\\]|\\.)*)")?(?P<states>(?: \[[^\]]+\])*)'
    r"(?P<colon>:)?(?: (?P<text>.*))?$"
)


@dataclass
class Node:
    """One node of the accessibility tree."""

    role: str
    name: str = ""
    states: dict[str, str] = field(default_factory=dict)
    text: str = ""
    children: list[Node] = field(default_factory=list)

    @property
    def disabled(self) -> bool:
        return "disabled" in self.states

    @property
    def pressed(self) -> bool:
        return self.states.get("pressed") in ("", "true")

    def walk(self) -> Iterator[Node]:
        yield self
        for child in self.children:
            yield from child.walk()

    def all(self, role: str, name: str | None = None) -> list[Node]:
        """The nodes of `role` under this one (itself included), whose name (or, for a
        node without one, its words) matches the regular expression `name` from its
        start, if given."""
        return [
            n
            for n in self.walk()
            if n.role == role and (name is None or re.match(name, n.name or n.words()))
        ]

    def first(self, role: str, name: str | None = None) -> Node | None:
        found = self.all(role, name)
        return found[0] if found else None

    def one(self, role: str, name: str | None = None) -> Node:
        found = self.all(role, name)
        assert found, f"no {role} {name!r} in:\n{self.say()}"
        return found[0]

    def words(self) -> str:
        """Everything a screen reader would read out in this node, in order."""
        parts = [self.name, self.text] + [c.words() for c in self.children if c.role != "/url"]
        return " ".join(p for p in parts if p)

    def say(self, depth: int = 0) -> str:
        states = "".join(f" [{k}{'=' + v if v else ''}]" for k, v in self.states.items())
        line = f"{'  ' * depth}{self.role} {self.name!r}{states} {self.text}".rstrip()
        return "\n".join([line] + [c.say(depth + 1) for c in self.children])


def unquote(text: str) -> str:
    if len(text) >= 2 and text[0] == text[-1] == '"':
        return str(json.loads(text))
    if len(text) >= 2 and text[0] == text[-1] == "'":
        return text[1:-1].replace("''", "'")
    return text


def parse(snapshot: str) -> Node:
    """Playwright's ARIA snapshot (YAML) as a tree under a node of role "root"."""
    root = Node("root")
    stack: list[tuple[int, Node]] = [(-1, root)]
    for raw in snapshot.splitlines():
        match = LINE.match(raw)
        if match is None:
            continue
        depth = len(match["indent"]) // 2
        rest = match["rest"]
        if rest.startswith("'"):  # the whole head quoted, YAML-style: '…':
            end = re.match(r"^'((?:[^']|'')*)'(.*)$", rest)
            assert end is not None, raw
            rest = end[1].replace("''", "'") + end[2]
        head = HEAD.match(rest)
        if head is None:
            node = Node("text", text=unquote(rest))
        else:
            states: dict[str, str] = {}
            for state in re.findall(r"\[([^\]]+)\]", head["states"] or ""):
                key, _, value = state.partition("=")
                states[key] = value
            name = json.loads(f'"{head["name"]}"') if head["name"] is not None else ""
            node = Node(head["role"], name, states, unquote((head["text"] or "").strip()))
        while stack[-1][0] >= depth:
            stack.pop()
        stack[-1][1].children.append(node)
        stack.append((depth, node))
    return root


class Reader:
    """What a screen reader tells a blind player of `page`, and their keyboard."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.heard_so_far = 0
        page.add_init_script(EARS)

    # -- reading -------------------------------------------------------------------------
    def tree(self, where: str = "body") -> Node:
        return parse(self.page.locator(where).aria_snapshot())

    def main(self) -> Node:
        return self.tree("main")

    def heard(self) -> list[str]:
        """Every announcement since the page was opened."""
        return list(self.page.evaluate("window.spygamesHeard"))

    def news(self) -> list[str]:
        """The announcements since the last call."""
        heard = self.heard()
        new, self.heard_so_far = heard[self.heard_so_far :], len(heard)
        return new

    def hear(self, start: str, timeout: float = 60) -> str:
        """Wait for an announcement (not yet taken by `news`) that starts with `start`."""
        until = time.monotonic() + timeout
        while time.monotonic() < until:
            for said in self.heard()[self.heard_so_far :]:
                if said.startswith(start):
                    return said
            self.page.wait_for_timeout(50)
        raise AssertionError(f"never heard {start!r}; heard {self.heard()[self.heard_so_far :]}")

    def focus(self) -> Node | None:
        """The focused control, as a screen reader names it."""
        focused = self.page.locator(":focus")
        if not focused.count():
            return None
        tree = parse(focused.first.aria_snapshot()).children
        return tree[0] if tree else None

    # -- acting ---------------------------------------------------------------------------
    def key(self, key: str) -> None:
        self.page.keyboard.press(key)
        wait_for(self.page, ANSWERED, timeout=BOOT_TIMEOUT)

    def tab_to(self, role: str, name: str, limit: int = 200) -> Node:
        """Tab (or Shift+Tab) until the focus is on a `role` named `name` (a regular
        expression matched from the name's start). As a screen reader user who knows the
        page's controls in order: the way with fewer controls to pass, most of them
        passed at once, then one at a time while listening."""
        wanted = lambda node: node.role == role and re.match(name, node.name) is not None  # noqa: E731
        now = self.focus()
        if now is not None and wanted(now):
            return now
        key, skip = self.way(now, wanted)
        for _ in range(skip):
            self.page.keyboard.press(key)
        seen = []
        for _ in range(limit):
            now = self.focus()
            if now is not None and wanted(now):
                return now
            seen.append(f"{now.role} {now.name!r}" if now else "nothing")
            self.key(key)
        raise AssertionError(f"{key} never reached {role} {name!r}; it went: {seen[-40:]}")

    def way(self, now: Node | None, wanted: Callable[[Node], bool]) -> tuple[str, int]:
        """Which key goes to the wanted control in fewer presses, and how many can be
        pressed before listening: the controls between, less two (the page has a few
        stops the tree does not list as controls, such as a scrolling log)."""
        controls = [n for n in self.tree().walk() if n.role in CONTROLS and not n.disabled]
        at = (now.role, now.name) if now is not None else None
        here = next((i for i, n in enumerate(controls) if (n.role, n.name) == at), None)
        there = next((i for i, n in enumerate(controls) if wanted(n)), None)
        if here is None or there is None:
            return "Tab", 0
        ahead = (there - here) % len(controls)
        if ahead <= len(controls) - ahead:
            return "Tab", max(0, ahead - 2)
        return "Shift+Tab", max(0, len(controls) - ahead - 2)

    def press(self, role: str, name: str, key: str = "Enter") -> None:
        """Tab to a control and press it."""
        found = self.tab_to(role, name)
        assert not found.disabled, f"{role} {name!r} is disabled"
        self.key(key)
