"""Drawing the SpyNet table: the others' tableaus, yours, your hand, the turn's panel,
the piles and the log — from the one view the table may show now."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spygames.spynet.rules import SpyNetState

from ..deals import deal_form
from ..markup import esc
from ..tabletools import handoff_html, log_html
from . import cards
from .deploy import deploy_panel, hand_html
from .effect import choose_panel, discard_panel, draft_panel, effect_panel, wait_panel
from .end import end_html
from .hint import mark
from .model import CARD, DeployChoices, EffectChoices, agent_power, kind
from .piles import piles_html, recruit_panel
from .reading import reading_html
from .rules import rules_html
from .setup import setup_html as setup_screen
from .since import since_html
from .tableau import others_order, tableau
from .undo import with_undo

if TYPE_CHECKING:
    from .table import SpyNetTable

DOING = {
    "draft": "is drafting…",
    "choose": "is choosing…",
    "recruit": "is recruiting…",
    "deploy": "is deploying…",
    "effect": "is using an effect…",
}


def render_table(t: SpyNetTable) -> str:
    if t.state is None:
        return (
            f'<div class="sn">{cards.sprite()}'
            f"{setup_screen(t.setup_seats, t.setup_situation, t.seed)}</div>"
        )
    view = t.shown_view()
    bottom = t.bottom()
    others = "".join(
        tableau(view, s, t.who, t.seats, viewer=t.viewer, aim=_aim(t, view), read=True)
        for s in others_order(t.state.players, bottom)
    )
    mine = tableau(
        view,
        bottom,
        t.who,
        t.seats,
        viewer=t.viewer,
        mine=True,
        targets=_targets(t, view),
        aim=_aim(t, view),
        fresh=_fresh(t),
        drops=t.my_turn and view["phase"] == "deploy",
        read=True,
    )
    hand = _hand(t, view)
    layout = f"sn-layout sn-n{t.state.players}"
    if view["over"]:
        layout += " sn-over"
    if not hand:
        layout += " sn-nohand"
    parts = [
        cards.sprite(),
        _bar(t, view),
        _since(t, view),
        f'<div class="{layout}"><div class="sn-main">',
        f'<div class="sn-others sn-others-{t.state.players - 1}">{others}</div>',
        mine,
        hand,
        _turn_panel(t, view),
        '</div><div class="sn-aside">',
        piles_html(view, read=True),
        f'<div class="sn-side">{_share_html(t)}{log_html(t.log, "sn")}'
        f"{deal_form(t.state.seed, label='Deal')}</div>",
        "</div></div>",
    ]
    if t.reading is not None:
        parts.append(reading_html(t.reading))
    if t.show_rules:
        parts.append(
            '<aside class="sn-rules-panel rules" id="sn-rules-panel" aria-label="Rules">'
            '<button type="button" class="btn sn-rules-close" data-act="rules" '
            'id="sn-rules-close">Close the rules</button>'
            f"{rules_html(t.ctx.saves)}</aside>"
        )
    html = f'<div class="sn" id="sn-table">{"".join(parts)}</div>'
    advice = t.hints.current()
    return html if advice is None else mark(html, advice.action)


def _since(t: SpyNetTable, view: dict[str, Any]) -> str:
    """What the others did since your turn, and your stars: for the one at the device."""
    if t.viewer is None or view["over"]:
        return ""
    return since_html(t.moves, view, t.who)


def _bar(t: SpyNetTable, view: dict[str, Any]) -> str:
    assert t.state is not None
    if view["phase"] == "draft":
        where = "Opening draft"
    elif view["over"]:
        where = "Game over"
    else:
        where = f"Turn {view['turn_number']}" + (" · final round" if view["final_round"] else "")
    return (
        '<header class="sn-bar">'
        '<h1 class="sn-title"><span class="sn-emblem" aria-hidden="true">✦</span> SpyNet</h1>'
        f'<p class="sn-meta" id="sn-meta">{esc(where)} · deck {view["deck"]} · '
        f"Deal #{t.state.seed}</p>"
        '<div class="sn-tools">'
        f"{t.pace.buttons('sn')}"
        '<button type="button" class="btn btn-quiet" data-act="rules" id="sn-rules" '
        f'aria-expanded="{"true" if t.show_rules else "false"}">Rules</button>'
        '<button type="button" class="btn btn-quiet" data-act="share" id="sn-share" '
        f'aria-expanded="{"true" if t.show_share else "false"}">Share</button>'
        '<button type="button" class="btn btn-quiet" data-act="newtable" id="sn-newtable">'
        "New table</button></div></header>"
    )


def _fresh(t: SpyNetTable) -> str | None:
    """The agent just played or flipped, marked on the table."""
    assert t.state is not None
    if t.state.actions and t.state.actions[-1]["type"] in ("agent", "flip"):
        return str(t.state.actions[-1]["card"])
    return None


def _targets(t: SpyNetTable, view: dict[str, Any]) -> dict[str, int] | None:
    """Branches of your tableau the selected agent may enter, with its power there."""
    assert t.state is not None
    card = t.sel.card
    if not t.my_turn or view["phase"] != "deploy" or card is None or card not in CARD:
        return None
    if kind(card) != "agent":
        return None
    choices = DeployChoices.from_legal(t.state.legal_actions())
    branches = choices.branches_for(card, t.sel.funding)
    return {b: agent_power(card, t.sel.funding, b, view["situation"]) for b in branches}


def _aim(t: SpyNetTable, view: dict[str, Any]) -> dict[str, str] | None:
    """Agents on the table the pending effect may take."""
    assert t.state is not None
    if not t.my_turn or view["phase"] != "effect":
        return None
    choices = EffectChoices.from_legal(t.state.legal_actions())
    return {c: "target" for c in [*choices.eliminate, *choices.flips]}


def _hand(t: SpyNetTable, view: dict[str, Any]) -> str:
    assert t.state is not None
    viewer = t.viewer
    if viewer is None or t.state.is_over:
        return ""
    act = None
    playable = None
    phase = view["phase"]
    if t.my_turn and phase == "deploy":
        choices = DeployChoices.from_legal(t.state.legal_actions())
        act, playable = "pick", choices.playable
    elif t.my_turn and phase == "effect" and (view["pending"] or {}).get("seat") == viewer:
        act = "discard_card"
    before = t.hand_before.get(viewer)
    fresh = set(view["hand"]) - before if before is not None else None
    title = "Your hand" if not t.pass_and_play else f"{t.who.name(viewer)}’s hand"
    return hand_html(
        view["hand"],
        act=act,
        sel=t.sel,
        playable=playable,
        fresh=fresh,
        title=title,
        drag=act == "pick",
        read=True,
    )


def _turn_panel(t: SpyNetTable, view: dict[str, Any]) -> str:
    """The turn's panel; on the person's own turn with the Hint and Undo at its foot
    (Undo with one person at the table only: see `undo.py`)."""
    panel = _panel(t, view)
    if view["over"] or not t.my_turn:
        return panel
    point = t.undo_point() if t.undo_offered else None
    return with_undo(panel, point, t.hints.button(), t.hints.box())


def _panel(t: SpyNetTable, view: dict[str, Any]) -> str:
    state = t.state
    assert isinstance(state, SpyNetState)
    if view["over"]:
        return end_html(view, t.who, t.humans, state.record(), arriving=t.end_arriving)
    cur = t.current
    assert cur is not None
    if t.handoff_needed:
        what = "hand"
        pending = view["pending"] or {}
        if pending.get("seat") == cur:
            what = "hand (you must discard a card)"
        return handoff_html("sn", t.who.name(cur), what)
    if not t.my_turn:
        return wait_panel(t.who.name(cur), DOING.get(view["phase"], "is playing…"))
    legal = state.legal_actions()
    phase = view["phase"]
    if phase == "draft":
        return draft_panel(view, t.who)
    if phase == "choose":
        return choose_panel(view, state.nothing_to_deploy())
    if phase == "recruit":
        return recruit_panel(view)
    if phase == "effect":
        if (view["pending"] or {}).get("seat") == cur:
            return discard_panel(view, t.who)
        return effect_panel(view, EffectChoices.from_legal(legal), t.sel, t.who)
    return deploy_panel(
        view,
        DeployChoices.from_legal(legal),
        t.sel,
        t.who,
        state.why_illegal,
        state.nothing_to_deploy(),
    )


def _share_html(t: SpyNetTable) -> str:
    return t.share_html(
        "The link seats the same table (names, people, bots and teams), with the "
        "same situation, and deals the same cards from the start."
    )
