"""The felt: the seats around the table and the standing bid in its centre.

Each seat shows its name, its Sources (active and underground), its points, what it
last said this round and its cards: your hand face up, the others face down until a
call or a spot shows every hand (then `showdown.py` fills the centre). The person
looking sits at the bottom; the opponents' strip runs round the table from there.
"""

from __future__ import annotations

from spygames.espionage.views import Showdown
from spygames.i18n import _, ngettext

from ...browser.markup import attrs, esc
from ...tables.seats import is_you
from . import cards
from .log import Narrator
from .odds import standing_odds
from .scene import Scene
from .showdown import before_outcome, room_for, showdown_html


def felt_html(scene: Scene) -> str:
    """The opponents' strip, the centre, and the seat at the bottom."""
    n = len(scene.seats)
    bottom = scene.bottom
    others = [(bottom + k) % n for k in range(1, n)]
    opp = "".join(seat_html(scene, s) for s in others)
    return (
        '<section class="esp-felt"' + attrs(aria_label=_("The table")) + ">"
        f'<ol class="esp-opponents esp-opp{len(others)}" id="esp-opponents">{opp}</ol>'
        f'<div class="esp-center">{centre_html(scene)}</div>'
        f'<ol class="esp-mine">{seat_html(scene, bottom, mine=True)}</ol>'
        "</section>"
    )


def bubbles(scene: Scene) -> dict[int, tuple[str, bool]]:
    """What each seat last said this round: (html, is it the latest)."""
    said: dict[int, tuple[str, bool]] = {}
    shown = scene.shown
    if shown is not None:
        bid = shown["bid"]
        said[bid["by"]] = (cards.bid(bid["count"], bid["attribute"]), False)
        said[shown["by"]] = (_("Call!") if shown["kind"] == "call" else _("Spot!"), True)
        return said
    history = scene.view["history"]
    for i, b in enumerate(history):
        said[b["by"]] = (cards.bid(b["count"], b["attribute"]), i == len(history) - 1)
    return said


def seat_html(scene: Scene, seat: int, *, mine: bool = False) -> str:
    """One seat: who, their Sources and points, what they said, their cards."""
    view = scene.view
    p = view["players"][seat]
    info = scene.seats[seat]
    shown = scene.shown
    outcome = shown is not None and scene.has("outcome")
    if shown is not None and not outcome:  # the seats as they stood before the count
        p = before_outcome(shown, view["players"])[seat]
    cls = ["esp-seat", f"esp-seat-{seat}"]
    if mine:
        cls.append("esp-seat-mine")
    if seat == scene.current and not scene.reveal_pending:
        cls.append("esp-turn")
    if not p["active"]:
        cls.append("esp-out")
    lost = outcome and shown is not None and shown["loser"] == seat
    scored = outcome and shown is not None and shown["point_to"] == seat
    if lost:
        cls.append("esp-lost")
    if scored:
        cls.append("esp-scored")
    tag = info.tag
    if seat == scene.viewer:
        # translators: the tag under the name of your seat
        tag = _("You") if not scene.pass_and_play else _("You · holding the device")
    status = ""
    if not p["active"]:
        status = '<span class="esp-status">' + _("Out") + "</span>"
    elif seat == scene.current and not scene.reveal_pending:
        status = '<span class="esp-status esp-status-turn">' + _("To play") + "</span>"
    active = attrs(title=_("Active Source"))
    under = attrs(title=_("Underground Source"))
    tokens = "".join(
        f'<li class="esp-token esp-active"{active}>{cards.icon("source")}</li>'
        for _k in range(p["sources"])
    ) + "".join(
        f'<li class="esp-token esp-under{" esp-token-new" if lost and k == 0 else ""}"'
        f"{under}>{cards.icon('source')}</li>"
        for k in range(p["underground"])
    )
    bubble = ""
    said = bubbles(scene).get(seat)
    if said:
        bubble = (
            f'<p class="esp-bubble{" esp-bubble-new" if said[1] else ""}" '
            f'id="esp-bubble-{seat}">{said[0]}</p>'
        )
    hand = seat_cards(scene, seat, shown, p["hand_size"], mine=mine)
    # a phone shows an opponent's cards as a count in their compact seat
    held = (
        '<span class="esp-held" aria-hidden="true">'
        + ngettext("{n} card", "{n} cards", p["hand_size"])
        + "</span>"
        if shown is None and not mine
        else ""
    )
    points = p["points"]
    stars = "★" * points + "☆" * max(0, view["points_to_win"] - points)
    # translators: a point scored at a showdown, shown beside the seat's points
    plus = _("+1 point")
    # translators: a Source lost at a showdown, shown beside the seat's Sources
    minus = _("−1 Source")
    gain = f'<span class="esp-gain">{plus}</span>' if scored else ""
    loss = f'<span class="esp-loss">{minus}</span>' if lost else ""
    if shown is not None and not outcome:  # room for what the outcome adds: nothing moves
        gain = room_for(plus, "esp-gain") * (shown["point_to"] == seat)
        loss = room_for(minus, "esp-loss") * (shown["loser"] == seat)
        if shown["loser"] == seat and shown["eliminated"] and not status:
            status = room_for(_("Out"), "esp-status")
    initials = "".join(w[0] for w in info.name.split()[:2]).upper() or "?"
    emblem = "" if info.is_human else '<span class="esp-bot-mark" aria-hidden="true">⚙</span>'
    # translators: a seat's Sources, read out: "3 active, 1 underground Sources"
    held_sources = _(
        "{active} active, {underground} underground Sources",
        active=p["sources"],
        underground=p["underground"],
    )
    sources = attrs(aria_label=held_sources)
    score = ngettext("{n} point", "{n} points", points)
    return (
        f'<li class="{" ".join(cls)}" id="esp-seat-{seat}" data-seat="{seat}">'
        '<div class="esp-seat-head">'
        f'<span class="esp-avatar esp-av-{seat}" aria-hidden="true">'
        f"{esc(initials)}{emblem}</span>"
        f'<span class="esp-who"><strong class="esp-name">{esc(info.name)}</strong>'
        f'<span class="esp-tag">{esc(tag)}</span></span>{status}</div>'
        f"{bubble}"
        '<div class="esp-stats">'
        f'<ul class="esp-tokens"{sources}>{tokens}</ul>'
        f'<span class="esp-points"><span class="sr-only">{score}</span>'
        f'<span aria-hidden="true">{stars}</span></span>{held}{gain}{loss}</div>'
        f"{hand}</li>"
    )


def seat_cards(scene: Scene, seat: int, shown: Showdown | None, held: int, *, mine: bool) -> str:
    """A seat's cards: every hand face up at a showdown (the bid's matches lit once
    counted), your hand face up, the others' `held` cards face down."""
    if shown is not None:
        lit = shown["attribute"] if scene.has("matches") else None
        name = scene.name(seat)
        # translators: the cards a seat showed at a showdown, read out
        showed = _("You showed") if is_you(name) else _("{name} showed", name=name)
        return cards.hand(
            shown["hands"][seat], lit=lit, size="" if mine else "sm", label_=showed
        )  # fmt: skip
    if mine and seat == scene.viewer:
        view = scene.view
        return cards.hand(view["hand"] if view["seat"] == seat else [], label_=_("Your hand"))
    # translators: a seat's cards, face down, read out
    return cards.backs(held, "" if mine else "sm", _("{name}’s cards", name=scene.name(seat)))


def centre_html(scene: Scene) -> str:
    """The showdown while one is on the table, else the standing bid (and its odds)."""
    view, shown = scene.view, scene.shown
    if shown is not None:
        return showdown_html(scene, shown)
    bid = view["bid"]
    if bid is None:
        opener = view["opener"]
        return (
            '<div class="esp-plaque esp-plaque-empty"><p>'
            + _("No bid yet this round.")
            + f"</p><p>{esc(Narrator(scene.name).opens(opener))}</p></div>"
        )
    odds = standing_odds(scene, bid)
    by = esc(scene.name(bid["by"]))
    answers = scene.name(view["to_play"][0]) if view["to_play"] else ""
    if is_you(answers):
        # translators: under the standing bid: who made it, and that you answer it
        who = _("by {name} · You to answer", name=by)
    else:
        # translators: under the standing bid: who made it, and who answers it
        who = _("by {name} · {next} to answer", name=by, next=esc(answers))
    return (
        '<div class="esp-plaque" aria-live="polite"><p class="esp-plaque-label">'
        + _("Standing bid")
        + '</p><p class="esp-plaque-bid">'
        # translators: the standing bid: "at least 3 Hackers"
        + _("at least {bid}", bid=cards.bid(bid["count"], bid["attribute"]))
        + f'</p><p class="esp-plaque-by">{who}</p>'
        f"{odds}</div>"
    )
