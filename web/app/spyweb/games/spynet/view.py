"""Drawing the SpyNet table: the others' tableaus, yours, your hand, the turn's panel,
the piles and the log — from its scene alone (`scene.py`): `render(scene)` reads no
table, no game state and no saves, so a scene sent to another device draws the same."""

from __future__ import annotations

from spygames.i18n import N_, _, pgettext
from spygames.spynet.views import SpyNetView

from ...browser.markup import esc
from ...tables.deals import deal_form
from ...tables.share import share_sheet
from ...tables.tabletools import LogEntry, handoff_html, log_html, pace_buttons
from ...together.panel import friends_html, waiting_html
from . import cards
from .deploy import Selection, deploy_panel, hand_html
from .effect import choose_panel, discard_panel, draft_panel, effect_panel, wait_panel
from .end import end_html
from .hint import hint_box, hint_button, mark
from .model import CARD, DeployChoices, EffectChoices, kind, placement
from .piles import piles_html, recruit_panel
from .reading import reading_html
from .rules import rules_for
from .scene import PACES, HintShown, Scene
from .seats import setup_html as setup_screen
from .since import since_html
from .tableau import others_order, tableau
from .undo import with_undo
from .who import Who

SHARE_NOTE = N_(
    "The link seats the same table (names, people, bots and teams), with the "
    "same situation, and deals the same cards from the start."
)


def doing(phase: str, name: str) -> str:
    """What the seat to play is doing, while the table waits: "Ann is recruiting…"."""
    if phase == "draft":
        return _("{name} is drafting…", name=name)
    if phase == "choose":
        return _("{name} is choosing…", name=name)
    if phase == "recruit":
        return _("{name} is recruiting…", name=name)
    if phase == "deploy":
        return _("{name} is deploying…", name=name)
    if phase == "effect":
        return _("{name} is using an effect…", name=name)
    return _("{name} is playing…", name=name)


def who_of(s: Scene) -> Who:
    return Who(list(s.seats), s.players)


def selection(s: Scene) -> Selection:
    """The person's pick, as the panels read it."""
    return Selection(s.picked.card, list(s.picked.funding), s.picked.flip)


def render(s: Scene) -> str:
    """The table as the scene has it: the seats screen before a game, else every
    tableau, the hand, the turn's panel, the piles and the log."""
    if s.view is None:
        return (
            f'<div class="sn">{cards.sprite()}'
            f"{setup_screen(list(s.setup_seats), s.setup_situation, s.deal, s.setup_yours)}"
            "</div>"
        )
    view = s.view
    who = who_of(s)
    seats = list(s.seats)
    aim = _aim(s)
    others = "".join(
        tableau(view, o, who, seats, viewer=s.viewer, aim=aim, read=True)
        for o in others_order(s.players, s.bottom)
    )
    mine = tableau(
        view,
        s.bottom,
        who,
        seats,
        viewer=s.viewer,
        mine=True,
        targets=_targets(s),
        aim=aim,
        fresh=s.just_played,
        drops=s.my_turn and view["phase"] == "deploy",
        read=True,
    )
    hand = _hand(s, who)
    layout = f"sn-layout sn-live sn-n{s.players}"
    if view["over"]:
        layout += " sn-over"
    if not hand:
        layout += " sn-nohand"
    log = [LogEntry(k, text) for k, text in s.log]
    # On a wide screen what happened since your turn and the turn's panel head the side
    # column, beside the tableaus, not over them; the game's end heads the main column
    # (a phone orders them all in one column)
    panel = _turn_panel(s, who)
    parts = [
        cards.sprite(),
        _bar(s),
        f'<div class="{layout}">',
        _since(s, who),
        '<div class="sn-main">',
        panel if view["over"] else "",
        f'<div class="sn-others sn-others-{s.players - 1}">{others}</div>',
        mine,
        hand,
        '</div><div class="sn-aside">',
        "" if view["over"] else panel,
        piles_html(view, read=True),
        f'<div class="sn-side">{friends_html(s.friends, "sn")}{_share_html(s)}'
        f"{log_html(log, 'sn')}{'' if s.guest else _deal_form(s)}</div>",
        "</div></div>",
    ]
    if s.reading is not None:
        parts.append(reading_html(s.reading))
    if s.show_rules:
        rules, close = _("Rules"), _("Close the rules")
        parts.append(
            '<aside class="sn-rules-panel rules" id="sn-rules-panel" '
            f'aria-label="{esc(rules)}">'
            '<button type="button" class="btn sn-rules-close" data-act="rules" '
            f'id="sn-rules-close">{esc(close)}</button>'
            f"{rules_for(*s.gallery)}</aside>"
        )
    html = f'<div class="sn" id="sn-table">{"".join(parts)}</div>'
    hint = s.hint
    return html if hint is None or hint.action is None else mark(html, hint.action)


def _deal_form(s: Scene) -> str:
    """The box that deals a chosen number (the host's)."""
    return deal_form(s.deal, label=pgettext("button", "Deal"))


def _since(s: Scene, who: Who) -> str:
    """What the others did since your turn, and your stars: for the one at the device."""
    if s.view is None or s.since is None or s.view["over"]:
        return ""
    return since_html(list(s.since), s.view, who)


def _bar(s: Scene) -> str:
    view = s.view
    assert view is not None
    if view["phase"] == "draft":
        where = _("Opening draft")
    elif view["over"]:
        where = _("Game over")
    elif view["final_round"]:
        where = _("Turn {n} · final round", n=view["turn_number"])
    else:
        where = _("Turn {n}", n=view["turn_number"])
    deck = _("deck {n}", n=view["deck"])
    # translators: the table's bar: where the game is, the deck's size, the deal's number
    meta = (
        _("{where} · {deck} · Deal #{deal}", where=esc(where), deck=esc(deck), deal=s.deal)
        if s.deal is not None
        else _("{where} · {deck}", where=esc(where), deck=esc(deck))
    )
    game = _("SpyNet")
    return (
        '<header class="sn-bar">'
        '<h1 class="sn-title"><span class="sn-emblem" aria-hidden="true">✦</span> '
        f"{esc(game)}</h1>"
        f'<p class="sn-meta" id="sn-meta">{meta}</p>'
        f'<div class="sn-tools">{_tools(s)}</div></header>'
    )


def _tools(s: Scene) -> str:
    """Rules for everyone; the bots' pace, Share and New table for the host only."""
    label = _("Rules")
    rules = (
        '<button type="button" class="btn btn-quiet" data-act="rules" id="sn-rules" '
        f'aria-expanded="{"true" if s.show_rules else "false"}">{esc(label)}</button>'
    )
    if s.guest:
        return rules
    share, new = _("Share"), _("New table")
    return (
        f"{pace_buttons('sn', PACES, s.pace)}{rules}"
        '<button type="button" class="btn btn-quiet" data-act="share" id="sn-share" '
        f'aria-expanded="{"true" if s.show_share else "false"}">{esc(share)}</button>'
        '<button type="button" class="btn btn-quiet" data-act="newtable" id="sn-newtable">'
        f"{esc(new)}</button>"
    )


def _targets(s: Scene) -> dict[str, int] | None:
    """Branches of your tableau the selected agent may enter, with your power there once
    it is in (the branch's new total, as the Play in buttons say)."""
    card = s.picked.card
    if s.view is None or not s.my_turn or s.view["phase"] != "deploy":
        return None
    if card is None or card not in CARD or kind(card) != "agent":
        return None
    funding = list(s.picked.funding)
    branches = DeployChoices.from_legal(list(s.legal)).branches_for(card, funding)
    return {b: placement(s.view, card, b, funding)["power"] for b in branches}


def _aim(s: Scene) -> dict[str, str] | None:
    """Agents on the table the pending effect may take."""
    if s.view is None or not s.my_turn or s.view["phase"] != "effect":
        return None
    choices = EffectChoices.from_legal(list(s.legal))
    return {c: "target" for c in [*choices.eliminate, *choices.flips]}


def _discarder(view: SpyNetView) -> int | None:
    """The seat an agent's effect makes discard a card, if one does now."""
    pending = view["pending"]
    return pending.get("seat") if pending is not None else None


def _hand(s: Scene, who: Who) -> str:
    view = s.view
    viewer = s.viewer
    if view is None or viewer is None or view["over"]:
        return ""
    act = None
    playable = None
    phase = view["phase"]
    if s.my_turn and phase == "deploy":
        act, playable = "pick", DeployChoices.from_legal(list(s.legal)).playable
    elif s.my_turn and phase == "effect" and _discarder(view) == viewer:
        act = "discard_card"
    fresh = set(s.fresh_hand) if s.fresh_hand is not None else None
    title = _("Your hand") if not s.pass_and_play else _("{name}’s hand", name=who.name(viewer))
    return hand_html(
        view["hand"],
        act=act,
        sel=selection(s),
        playable=playable,
        fresh=fresh,
        title=title,
        drag=act == "pick",
        read=True,
    )


def _turn_panel(s: Scene, who: Who) -> str:
    """The turn's panel; on the person's own turn with the Hint and Undo at its foot
    (Undo with one person at the table only: see `undo.py`; on a friend's device, their
    Undo alone, which goes through the host — shown on every turn, off with its reason
    when it cannot be used, as on each friend's page)."""
    panel = _panel(s, who)
    assert s.view is not None
    if s.view["over"]:
        return panel
    if s.guest:
        return with_undo(panel, s.undo)
    if not s.my_turn:
        return panel
    hint = s.hint or HintShown()
    return with_undo(panel, s.undo, hint_button(hint), hint_box(hint))


def _panel(s: Scene, who: Who) -> str:
    view = s.view
    assert view is not None
    if view["over"]:
        return end_html(view, who, s.humans, s.replay_route, arriving=s.end_arriving, guest=s.guest)
    cur = s.current
    assert cur is not None
    if s.handoff:
        # a key, not words: `handoff_html` words the button from it
        what = "hand"
        if _discarder(view) == cur:
            what = "hand (you must discard a card)"
        return handoff_html("sn", who.name(cur), what)
    if not s.my_turn:
        waiting = waiting_html(s.friends, cur, "sn")
        if waiting is not None:
            return waiting
        if s.held:  # a friend's own turn, their move on its way (say), or no connection
            return wait_panel(s.held.strip())
        return wait_panel(doing(view["phase"], who.name(cur)))
    legal = list(s.legal)
    phase = view["phase"]
    nothing = s.refusals.get("deploy")
    if phase == "draft":
        return draft_panel(view, who)
    if phase == "choose":
        return choose_panel(view, nothing)
    if phase == "recruit":
        return recruit_panel(view)
    if phase == "effect":
        if _discarder(view) == cur:
            return discard_panel(view, who)
        return effect_panel(view, EffectChoices.from_legal(legal), selection(s), who)
    return deploy_panel(
        view, DeployChoices.from_legal(legal), selection(s), who, s.refusals, nothing
    )


def _share_html(s: Scene) -> str:
    """The Share sheet while it is open (the host's link to this deal)."""
    if not s.show_share or s.share_link is None:
        return ""
    return share_sheet(
        s.share_link,
        can_share=s.can_share,
        title=_("Share deal #{deal}", deal=s.deal),
        note=_(SHARE_NOTE),
        close=("share", ""),
    )
