"""SpyNet positions for demos and replays: the table as one seat sees it.

Drawn from a scene (`scene.py`) with the table's own pieces (the tableaus, the hand, the
piles and the deck, the log's sentences), with nobody to act: no buttons, no choices.
During a recruit the pile being looked at is shown face up, as to the recruiter; during
an effect, what it does.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, cast

import spygames
from spygames.i18n import _, pgettext
from spygames.spynet.views import SpyNetView

from ...browser.markup import esc
from ...catalogue import open_screen
from ...tables import seats as shared
from ...tables.position import PositionView
from ...tables.screen import Context, GameScreen
from ...tables.seats import Seat
from . import cards
from .deploy import Selection, hand_html
from .hint import what, why
from .log import Narrator
from .model import CARD
from .piles import pile_words, piles_html
from .scene import Picked, Scene
from .tableau import others_order, tableau
from .who import Who

GAME_ID = "spynet"


class SpyNetPosition(PositionView):
    game_id = GAME_ID

    def __init__(self, record: dict[str, Any], names: Sequence[str] = ()) -> None:
        players = int(record.get("players") or 2)
        carried = shared.seats_from((record.get("options") or {}).get("seats"), players)
        super().__init__(record, names or [s.name for s in carried or []])
        self.seats = [
            Seat(name, carried[i].kind, carried[i].level) if carried else Seat(name, "human")
            for i, name in enumerate(self.names)
        ]
        self.who = Who(self.seats, self.players)

    def render(
        self,
        state: spygames.State,
        seat: int,
        *,
        move: dict[str, Any] | None = None,
        refused: str | None = None,
        fresh: bool = True,
    ) -> str:
        return render_position(self.scene(state, seat, move=move, refused=refused, fresh=fresh))

    def scene(
        self,
        state: spygames.State,
        seat: int,
        *,
        move: dict[str, Any] | None = None,
        refused: str | None = None,
        fresh: bool = True,
    ) -> Scene:
        """The position as `seat` sees it, after `move` (or its refusal)."""
        view = state.view(seat)
        played = move is not None and refused is None
        just = (
            str(move["card"])
            if played and fresh and move is not None and move["type"] in ("agent", "flip")
            else None
        )
        if played and fresh and move is not None and move["type"] == "mission":
            # a mission goes face down: marked only where this seat sees its face
            mine = view["tableaus"][seat]["missions"].values()
            just = str(move["card"]) if any(move["card"] in m for m in mine) else None
        tried = move.get("card") if move is not None and refused is not None else None
        return Scene(
            seats=tuple(self.seats),
            players=state.players,
            view=cast(SpyNetView, view),
            viewer=seat,
            bottom=seat,
            picked=Picked(card=str(tried)) if tried in view["hand"] else Picked(),
            just_played=just,
            position=True,
            actions=len(state.actions),
            events=tuple(self._events(state)) if played and fresh else (),
        )

    def _events(self, state: spygames.State) -> list[str]:
        """What the last action did, in the log's words."""
        record = state.record()
        before = spygames.replay(record, upto=len(record["actions"]) - 1)
        actor = before.to_play[0]
        entries = Narrator(self.who).entries(
            cast(SpyNetView, before.view(actor)), actor, record["actions"][-1], state
        )
        return [entry.text for entry in entries]

    def move_lines(self) -> list[list[str]]:
        narrator = Narrator(self.who)
        return [
            [
                e.text
                for e in narrator.entries(
                    cast(SpyNetView, step.before), step.actor, step.action, step.state
                )
            ]
            for step in spygames.steps(self.record)
        ]

    def move_words(self, state: spygames.State, seat: int, action: dict[str, Any]) -> str:
        return what(action, cast(SpyNetView, state.view(seat)), self.who)

    def render_advised(
        self,
        state: spygames.State,
        seat: int,
        advised: dict[str, Any],
        *,
        move: dict[str, Any] | None = None,
    ) -> str:
        """The position with the hard bot's move marked (issue 47): the card it plays
        from the hand (or flips, or eliminates, on a tableau), the pile looked at that it
        takes or passes on, or the deck it draws from."""
        html = self.render(state, seat, move=move)
        kind, card = advised["type"], str(advised.get("card", ""))
        if card and f'id="sn-hand-{card}"' in html:
            wanted = re.escape(f'id="sn-hand-{card}"')
        elif card:
            wanted = re.escape(f'data-card="{card}"')
        elif kind in ("take", "pass_on"):
            wanted = r'class="sn-pile sn-looking" id="sn-pile-\d+"'
        elif kind in ("draw", "recruit"):
            wanted = r'id="sn-deck"'
        else:
            return html
        return re.sub(wanted, lambda m: m.group(0) + ' data-hinted="1"', html, count=1)

    def advice_words(self, state: spygames.State, seat: int, advice: spygames.Advice) -> str:
        return why(advice, cast(SpyNetView, state.view(seat)), self.who)

    def live(self, ctx: Context, state: spygames.State) -> GameScreen:
        """Try it yourself: you in seat 0, bots in the others, named as in the demo."""
        return open_screen(ctx, GAME_ID, state=spygames.replay(self.live_record(state)))

    def live_record(self, state: spygames.State) -> dict[str, Any]:
        """The record with its seats: you in seat 0, a normal bot in each other seat (a
        demo's record carries none, and a record without seats seats people only)."""
        seats = [
            Seat(name, "human") if i == 0 else Seat(name, "bot", "normal")
            for i, name in enumerate(self.names)
        ]
        record = state.record()
        options = {**(record.get("options") or {}), **shared.seat_options(seats)}
        return {**record, "options": options}


def render_position(s: Scene) -> str:
    """A position drawn with the table's own pieces, with nobody to act."""
    view = s.view
    assert view is not None
    seat = s.bottom
    who = Who(list(s.seats), s.players)
    seats = list(s.seats)
    others = "".join(
        tableau(view, o, who, seats, viewer=seat) for o in others_order(s.players, seat)
    )
    mine = tableau(view, seat, who, seats, viewer=seat, mine=True, fresh=s.just_played)
    hand = (
        ""
        if view["over"]
        else hand_html(
            view["hand"],
            act=None,
            sel=Selection(card=s.picked.card),
            title=_("Your hand") if who.you(seat) else _("{name}’s hand", name=who.first(seat)),
        )
    )
    events = _("What the move did")
    return (
        f'<div class="pos pos-sn sn" data-game="{GAME_ID}" data-phase="{view["phase"]}" '
        f'data-actions="{s.actions}">{cards.sprite()}'
        f'<div class="sn-layout sn-n{s.players}"><div class="sn-main">'
        f'<div class="sn-others sn-others-{s.players - 1}">{others}</div>'
        f"{mine}{hand}{_now(view, who)}</div>"
        f'<div class="sn-aside">{piles_html(view)}</div></div>'
        + _end(view, who)
        + (
            f'<ul class="pos-events" aria-label="{esc(events)}">'
            + "".join(f"<li>{esc(line)}</li>" for line in s.events)
            + "</ul>"
            if s.events
            else ""
        )
        + "</div>"
    )


def _now(view: SpyNetView, who: Who) -> str:
    """The pile being looked at, face up as the recruiter sees it; or the effect to use."""
    looking = view["looking"]
    if view["phase"] == "recruit" and looking is not None and view["looking_at"] is not None:
        shown = view["looking_at"]
        label = _("Recruiting")
        return (
            f'<section class="sn-act sn-recruit pos-recruit" aria-label="{esc(label)}">'
            f"<h2>{esc(pile_words(looking, len(shown)))}</h2>"
            '<div class="sn-reveal">'
            + "".join(cards.card(c, size="md") for c in shown)
            + "</div></section>"
        )
    pending = view["pending"]
    if view["phase"] == "effect" and pending:
        values = {
            "agent": esc(CARD[pending["card"]]["name"]),
            "effect": esc(_effect_word(pending["effect"])),
            "name": esc(who.first(pending["by"])),
            "power": pending.get("max_power"),
        }
        yours = who.you(pending["by"])
        if values["power"] is not None:
            # translators: {effect} is the effect ("eliminate"); it may take an agent of
            # printed power {power} or less
            words = (
                _("Your {agent}: <b>{effect}</b> (printed power {power} or less)", **values)
                if yours
                else _(
                    "{name}’s {agent}: <b>{effect}</b> (printed power {power} or less)", **values
                )
            )
        else:
            # translators: {effect} is the effect ("eliminate")
            words = (
                _("Your {agent}: <b>{effect}</b>", **values)
                if yours
                else _("{name}’s {agent}: <b>{effect}</b>", **values)
            )
        label = _("Effect")
        return (
            f'<section class="sn-act pos-effect" aria-label="{esc(label)}"><p>{words}</p></section>'
        )
    return ""


def _end(view: SpyNetView, who: Who) -> str:
    if not view["over"] or view["result"] is None:
        return ""
    # translators: {result} says who won, on what points
    words = _("<b>Game over.</b> {result}", result=esc(Narrator(who).result_text(view["result"])))
    return f'<p class="pos-end" data-testid="pos-end">{words}</p>'


def _effect_word(effect: str) -> str:
    """The effect an agent's play asks for, by its id, in a word ("eliminate")."""
    if effect == "discard":
        return pgettext("effect", "discard")
    if effect == "eliminate":
        return pgettext("effect", "eliminate")
    if effect == "flip":
        return pgettext("effect", "flip")
    if effect == "extra_agents":
        # translators: the effect that lets its player play more agents this turn
        return pgettext("effect", "extra_agents")
    if effect == "draw":
        return pgettext("effect", "draw")
    return effect
