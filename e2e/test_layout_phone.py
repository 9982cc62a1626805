"""Phone-sized layout details (issue 47): SpyNet's seat names shown whole on a
four-player table at 375×812 and 1280×800 (a guard: names were not found cut here)."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import boot, open_page, shot
from playwright.sync_api import Browser, expect
from spyweb.browser import links

import spygames

PHONE = {"width": 375, "height": 812}
DESKTOP = {"width": 1280, "height": 800}
SN = spygames.get_game("spynet")
SN_SEATS = [
    {"name": "Valentina", "kind": "human", "level": "normal"},
    {"name": "Bruno", "kind": "bot", "level": "normal"},
    {"name": "Rook", "kind": "bot", "level": "normal"},
    {"name": "Maximilian", "kind": "bot", "level": "normal"},
]


def spynet_table(seed: int = 7, moves: int = 40) -> dict[str, Any]:
    """Four seats, Valentina's turn after some moves by bots."""
    state = SN.new(seed=seed, players=4, options={"seats": SN_SEATS})
    bots = [SN.bot("easy", seed=spygames.bot_seed(seed, s, "names")) for s in range(4)]
    for _ in range(400):
        if state.is_over or (len(state.actions) >= moves and state.to_play == [0]):
            break
        seat = state.to_play[0]
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    assert not state.is_over and state.to_play == [0]
    return state.record()


CUT = """sel => [...document.querySelectorAll(sel)].filter(e => e.getClientRects().length)
    .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)"""


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_spynet_seat_names_are_whole_at_four(
    browser: Browser, guard: Any, site_url: str, size: str
) -> None:
    """Each seat's name (up to ten letters) shows whole, not cut to 'Br…'."""
    viewport = PHONE if size == "phone" else DESKTOP
    page = open_page(browser, guard, viewport=viewport)
    try:
        boot(page, f"{site_url}#/play/{links.encode(spynet_table())}")
        names = page.locator(".sn-pname")
        expect(names.first).to_be_visible()
        shot(page, f"spynet-names-4p-{size}")
        shown = names.all_text_contents()
        assert set(shown) >= {"Bruno", "Rook", "Maximilian"}, shown
        assert page.evaluate(CUT, ".sn-pname") == []
    finally:
        page.context.close()
    assert not guard.problems, "\n".join(guard.problems)
