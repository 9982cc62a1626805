"""The showdown, step by step: the hands turn over, then the count is made piece by
piece (the matches, the Mercenaries, the Traitors, the total), then the outcome — one
step per beat of the bots' pace, so everyone can follow it.

The engine has already dealt the next round when a bid is called or spotted; the table
holds this view (and the showdown's round in its header and log) until the people move
on. Under `prefers-reduced-motion` every step is on the table at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from spygames.espionage.views import Player, Showdown
from spygames.i18n import _

from ...browser.markup import esc
from ...tables.seats import is_you
from . import cards
from .log import Narrator, matches, mercenaries, traitors
from .scene import STEPS, Scene


@dataclass
class Steps:
    """How far the showdown on the table has got. All steps by default: a showdown
    found on reload, in a replay or a position is shown whole."""

    shown: int = len(STEPS)

    def start(self, *, reduced_motion: bool) -> None:
        self.shown = len(STEPS) if reduced_motion else 1

    @property
    def running(self) -> bool:
        return self.shown < len(STEPS)

    def advance(self) -> None:
        self.shown = min(len(STEPS), self.shown + 1)

    def finish(self) -> None:
        self.shown = len(STEPS)

    def has(self, step: str) -> bool:
        return STEPS.index(step) < self.shown


def before_outcome(shown: Showdown, players: list[Player]) -> list[Player]:
    """The seats as they stood when the bid was challenged: the engine's view already
    has the loser's Source underground, the point scored and the elimination."""
    out = [Player(**p) for p in players]
    loser = out[shown["loser"]]
    if loser["underground"] > 0:
        loser["underground"] -= 1
        loser["sources"] += 1
    if shown["eliminated"]:
        loser["active"] = True
    if shown["point_to"] is not None:
        out[shown["point_to"]]["points"] -= 1
    return out


def count_line(shown: Showdown, has: Callable[[str], bool], *, room: bool = False) -> str:
    """The count as far as its steps have got (`has`: whether a step is on show); `room`:
    its words only in `data-room`, for a box that keeps their room (`room_for`)."""
    pieces = [
        ("matches", "", "span", "esp-c-m", matches(shown["matches"])),
        ("mercenaries", " + ", "span", "esp-c-p", mercenaries(shown["mercenaries"])),
        ("traitors", " − ", "span", "esp-c-t", traitors(shown["traitors"])),
        ("count", " = ", "strong", "esp-c-total", str(shown["count"])),
    ]  # fmt: skip
    count = [
        f'<span data-room="{before}"></span><{tag} class="{cls}" data-room="{esc(words)}"></{tag}>'
        if room
        else f'{before}<{tag} class="{cls}">{esc(words)}</{tag}>'
        for step, before, tag, cls, words in pieces
        if has(step)
    ]
    return "".join(count) or '<span class="esp-c-wait">' + _("Counting…") + "</span>"


def room_for(words: str, cls: str = "", tag: str = "span") -> str:
    """An element the size of `words` that shows and says nothing (the words are only in
    its `data-room`, drawn unseen by the CSS): the room a later step of the showdown
    takes, kept from the first so that nothing below moves (issue 47: Next round jumped
    as the showdown grew), and its outcome is not told before its step."""
    return f'<{tag} class="{cls} esp-room" aria-hidden="true" data-room="{esc(words)}"></{tag}>'


def sized(shown: str, room: str) -> str:
    """`shown`, in a box the size of the larger of it and `room` (laid unseen behind)."""
    return (
        f'<div class="esp-sized">{shown}<div class="esp-room" aria-hidden="true">{room}</div></div>'
    )


def showdown_html(scene: Scene, shown: Showdown) -> str:
    """The centre of the felt during a showdown, as far as its steps have got — in the
    room its last step takes."""
    narrator = Narrator(scene.name)
    said = esc(narrator.verdict(shown))
    verdict = f'<p class="esp-verdict" id="esp-verdict">{said}</p>' if scene.has("outcome") else ""
    whole = f'<p class="esp-count-line">{count_line(shown, lambda _step: True, room=True)}</p>'
    return (
        f'<div class="esp-showdown" role="status" data-step="{scene.steps}">'
        f'<p class="esp-show-head">{challenged(scene, shown)}</p>'
        + sized(
            f'<div><p class="esp-count-line" id="esp-count-line">{count_line(shown, scene.has)}'
            f"</p>{verdict}</div>",
            whole + room_for(narrator.verdict(shown), "esp-verdict", "p"),
        )
        + "</div>"
    )


def challenged(scene: Scene, shown: Showdown) -> str:
    """The showdown's head, as HTML: "Ben called Ann’s bid: at least 3 Hackers"."""
    name, whose = scene.name(shown["by"]), scene.name(shown["bid"]["by"])
    me, mine = is_you(name), is_you(whose)
    bid = cards.bid(shown["bid"]["count"], shown["bid"]["attribute"])
    values = {"name": esc(name), "owner": esc(whose), "bid": bid}
    if shown["kind"] == "call":
        if me and mine:
            # translators: the head of a showdown; {bid} is the bid's count and what it is
            # on ("3 Hackers", drawn with its icon)
            return _("You called your bid: at least {bid}", **values)
        if me:
            return _("You called {owner}’s bid: at least {bid}", **values)
        if mine:
            return _("{name} called your bid: at least {bid}", **values)
        return _("{name} called {owner}’s bid: at least {bid}", **values)
    if me and mine:
        return _("You spotted your bid: at least {bid}", **values)
    if me:
        return _("You spotted {owner}’s bid: at least {bid}", **values)
    if mine:
        return _("{name} spotted your bid: at least {bid}", **values)
    return _("{name} spotted {owner}’s bid: at least {bid}", **values)


def reveal_html(scene: Scene) -> str:
    """Under the felt during a showdown: the way on. While the steps run, the same
    button skips them (and the wait) and goes straight on."""
    label = _("See the result") if scene.over else _("Next round")
    counting = _("Counting the cards…")
    done = _("Everyone has seen the hands. Ready for the next deal?")
    text, room = (counting, done) if scene.steps < len(STEPS) else (done, counting)
    return (
        '<section class="esp-act esp-act-reveal">'
        + sized(f"<p>{text}</p>", f"<p>{room}</p>")
        + '<button type="button" class="btn btn-primary" data-act="continue" '
        f'id="esp-continue" data-main>{label} <span class="kbd">N</span></button></section>'
    )
