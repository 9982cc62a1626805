"""The showdown, step by step: the hands turn over, then the count is made piece by
piece (the matches, the Mercenaries, the Traitors, the total), then the outcome — one
step per beat of the bots' pace, so everyone can follow it.

The engine has already dealt the next round when a bid is called or spotted; the table
holds this view (and the showdown's round in its header and log) until the people move
on. Under `prefers-reduced-motion` every step is on the table at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from spygames.espionage.views import Player, Showdown

from ..markup import esc
from . import cards
from .log import Narrator, plural
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


def showdown_html(scene: Scene, shown: Showdown) -> str:
    """The centre of the felt during a showdown, as far as its steps have got."""
    narrator = Narrator(scene.name)
    bid = shown["bid"]
    verb = "called" if shown["kind"] == "call" else "spotted"
    count = []
    if scene.has("matches"):
        count.append(f'<span class="esp-c-m">{plural(shown["matches"], "match", "matches")}</span>')
    if scene.has("mercenaries"):
        count.append(
            ' + <span class="esp-c-p">'
            f"{plural(shown['mercenaries'], 'Mercenary', 'Mercenaries')}</span>"
        )
    if scene.has("traitors"):
        count.append(f' − <span class="esp-c-t">{plural(shown["traitors"], "Traitor")}</span>')
    if scene.has("count"):
        count.append(f' = <strong class="esp-c-total">{shown["count"]}</strong>')
    line = "".join(count) or '<span class="esp-c-wait">Counting…</span>'
    verdict = (
        f'<p class="esp-verdict" id="esp-verdict">{esc(narrator.verdict(shown))}</p>'
        if scene.has("outcome")
        else ""
    )
    return (
        f'<div class="esp-showdown" role="status" data-step="{scene.steps}">'
        f'<p class="esp-show-head">{esc(scene.name(shown["by"]))} {verb} '
        f"{esc(narrator.whose(bid['by']))} bid: at least "
        f"{cards.bid(bid['count'], bid['attribute'])}</p>"
        f'<p class="esp-count-line" id="esp-count-line">{line}</p>'
        f"{verdict}</div>"
    )


def reveal_html(scene: Scene) -> str:
    """Under the felt during a showdown: the way on. While the steps run, the same
    button skips them (and the wait) and goes straight on."""
    label = "See the result" if scene.over else "Next round"
    text = (
        "Counting the cards…"
        if scene.steps < len(STEPS)
        else "Everyone has seen the hands. Ready for the next deal?"
    )
    return (
        '<section class="esp-act esp-act-reveal">'
        f"<p>{text}</p>"
        '<button type="button" class="btn btn-primary" data-act="continue" '
        f'id="esp-continue" data-main>{label} <span class="kbd">N</span></button></section>'
    )
