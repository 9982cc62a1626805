"""A player's tableau: four branch columns with their agents (funding attached), the
face-down missions under them, the power in each branch and who dominates it.

Your own tableau is drawn wide (every card readable, the branches an agent may enter
marked as targets); the others' compact, side by side, teams shown by colour, label and
position (your teammate sits across, in the middle).
"""

from __future__ import annotations

from spygames.i18n import _, pgettext
from spygames.spynet.views import SpyNetView

from ...browser.markup import attrs, esc
from ...tables.seats import Seat
from . import cards
from .model import BRANCH, BRANCH_IDS
from .who import Who, joined


def seat_head(
    view: SpyNetView, seat: int, who: Who, seats: list[Seat], *, viewer: int | None
) -> str:
    """Avatar, name, person or bot, team, cards in hand, and whose turn it is."""
    info = seats[seat] if seat < len(seats) else Seat(who.name(seat), "human")
    tag = pgettext("seat", "You") if seat == viewer else info.tag
    initials = "".join(w[0] for w in info.name.split()[:2]).upper() or "?"
    team = who.team_label(seat)
    badge = f'<span class="sn-team sn-team-{who.team_of[seat]}">{esc(team)}</span>' if team else ""
    status = ""
    if not view["over"] and seat in view["to_play"]:
        words = _("To play")
        status = f'<span class="sn-status">{esc(words)}</span>'
    elif view["final_round"] and seat in view["final_turns_left"]:
        words = _("Final turn to come")
        status = f'<span class="sn-status sn-status-final">{esc(words)}</span>'
    hand = view["hand_sizes"][seat]
    funding = view["tableaus"][seat]["funding"]
    hand_title, hand_words = _("cards in hand"), _("hand {n}", n=hand)
    funding_title = _("funding cards in play")
    return (
        '<header class="sn-tab-head">'
        f'<span class="sn-avatar sn-av-{seat}" aria-hidden="true">{esc(initials)}</span>'
        f'<span class="sn-who"><strong class="sn-pname">{esc(info.name)}</strong>'
        f'<span class="sn-ptag">{esc(tag)} · <span title="{esc(hand_title)}">'
        f"{esc(hand_words)}</span>"
        f' · <span title="{esc(funding_title)}">{cards.icon("coin")}{funding}</span>'
        f"</span></span>{badge}{status}</header>"
    )


def dominance(view: SpyNetView, seat: int, branch: str, who: Who) -> tuple[str, str]:
    """(class, words): does `seat` dominate `branch`, and if not, who does."""
    holders = view["dominates"][branch]
    if seat in holders:
        return "sn-dom-yes", _("you dominate") if who.you(seat) else _("dominates")
    if not holders:
        return "sn-dom-none", _("nobody dominates")
    names = [who.name(s) for s in holders]
    if len(names) == 1:
        return "sn-dom-no", _("{name} dominates", name=names[0])
    # translators: {names}: the players who dominate a branch together ("Ann & Cy")
    return "sn-dom-no", _("{names} dominate", names=joined(names))


def tableau(
    view: SpyNetView,
    seat: int,
    who: Who,
    seats: list[Seat],
    *,
    viewer: int | None,
    mine: bool = False,
    targets: dict[str, int] | None = None,
    aim: dict[str, str] | None = None,
    fresh: str | None = None,
    drops: bool = False,
    read: bool = False,
) -> str:
    """`targets`: branch -> the power the selected agent would have there (a "Play here"
    button in that column); `aim`: agent id -> act, for agents an effect may take;
    `fresh`: the card just played (marked); `drops`: the columns take dragged cards;
    `read`: each face shown opens whole when tapped (the live table)."""
    t = view["tableaus"][seat]
    compact = not mine
    owner, yours = who.name(seat), who.you(seat)
    size = "chip" if compact else "strip"
    cols = []
    for b in BRANCH_IDS:
        branch = BRANCH[b]
        power = t["power"][b]
        cls, words = dominance(view, seat, b, who)
        stack = []
        for entry in t["agents"][b]:
            card = entry["card"]
            extra = " sn-fresh" if card == fresh else ""
            act = (aim or {}).get(card)
            drawn = cards.card(
                card,
                size=size,
                funding=entry["funding"],
                power=entry["power"],
                act=act,
                cls=("sn-target" if act else "") + extra,
                read=read,
            )
            stack.append(f"<li>{drawn}</li>")
        hidden = sum(m is None for m in t["missions"][b])
        missions = "".join(
            cards.facedown(
                m,
                size=size,
                revealed=view["over"],
                owner=owner,
                yours=yours,
                read=read,
                fresh=m is not None and m == fresh,
            )
            for m in t["missions"][b]
            if m is not None
        ) + (cards.backs(hidden, size=size, owner=owner, yours=yours) if hidden else "")
        if missions:
            missions = f'<div class="sn-missions">{missions}</div>'
        target = ""
        if targets is not None and b in targets:
            here = _("Play here → {power}", power=targets[b])
            target = (
                "<button"
                + attrs(
                    type="button",
                    class_="btn btn-small sn-play-here",
                    data_act="agent",
                    data_arg=f"@{b}",
                    id=f"sn-here-{b}",
                )
                + f">{esc(here)}</button>"
            )
        head_name = "" if compact else f'<span class="sn-col-name">{esc(branch["name"])}</span>'
        mark = "✦" if cls == "sn-dom-yes" else ""
        dom = (
            f'<span class="sn-dom {cls}" title="{esc(words)}">{mark}</span>'
            if compact
            else f'<span class="sn-dom {cls}">{mark} {esc(words)}</span>'
        )
        # translators: a branch column's label: "Field Ops: power 4, Ann dominates"
        label = _("{branch}: power {power}, {who}", branch=branch["name"], power=power, who=words)
        whose = (
            _("Your {column}", column=label)
            if who.you(seat)
            # translators: a branch column's label in a player's tableau
            else _("{name}’s {column}", name=who.first(seat), column=label)
        )
        drop = f' data-drop-act="place" data-drop-arg="{b}"' if drops else ""
        cols.append(
            f'<section class="sn-col sn-col-{b}{" sn-col-target" if target else ""}"{drop} '
            f'style="--bc:{esc(branch["colour"])}" '
            f'aria-label="{esc(whose)}">'
            f'<header class="sn-col-head" title="{esc(label)}">{cards.icon(b)}{head_name}'
            f'<span class="sn-pow">{power}</span>{dom}</header>'
            f'<ol class="sn-stack">{"".join(stack)}</ol>'
            f"{missions}"
            f"{target}</section>"
        )
    classes = ["sn-tableau", f"sn-seat-{seat}"]
    if who.in_teams:
        classes.append(f"sn-in-team-{who.team_of[seat]}")
    classes.append("sn-mine" if mine else "sn-other")
    if not view["over"] and seat in view["to_play"]:
        classes.append("sn-turn")
    whose = _("Your tableau") if who.you(seat) else _("{name}’s tableau", name=who.first(seat))
    return (
        f'<section class="{" ".join(classes)}" id="sn-tableau-{seat}" data-seat="{seat}" '
        f'aria-label="{esc(whose)}">'
        f"{seat_head(view, seat, who, seats, viewer=viewer)}"
        f'<div class="sn-cols">{"".join(cols)}</div></section>'
    )


def others_order(players: int, bottom: int) -> list[int]:
    """The other seats left to right going round the table from `bottom`: at 4 players
    the teammate (across) lands in the middle."""
    return [(bottom + k) % players for k in range(1, players)]
