"""A game's review: every decision of one seat against the Hint, and the three that
decided the game, with the game's replay to open each position in.

Route `#/review/<payload>[/<seat>]`, the payload a share link's. The work is the
engine's (`spygames.review.Reviewer`), done a slice at a time on the table's timer with
a progress bar and Cancel, like a bot's thinking; the bots are handed the seat's view
only. The advice is the Hint's: seeded with the bots key of the game when it was played
in this browser (its save), so the review repeats what the table's Hint said.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import spygames
from spygames.i18n import N_, _, ngettext
from spygames.review import Decision, Reviewer

from ..browser import links, reviews
from ..browser.markup import attrs, esc
from ..browser.store import Slot
from ..catalogue import info
from ..tables.position import PositionView, known_names, view_for
from ..tables.screen import Context
from ..tables.seats import is_you
from ..tables.thinking import SLICE_S
from .replay import Replayer, ReplayerScreen, when
from .review_parts import Row, alternative, chart, every, percent, swings
from .saved import ago

# What the review says of being kept with its game (browser/reviews.py).
# translators: {ago} says when the review was worked out ("3 h ago", "yesterday")
KEPT_AGAIN = N_(
    "Kept with this game in Saved games since it was worked out {ago}: it opened at once. "
    "A new Hint works it out again."
)
KEPT_NOW = N_(
    "Kept with this game in Saved games: it opens at once next time. A new Hint works it out again."
)
NOT_KEPT = N_("Not kept with this game: your browser’s storage is full.")


def review_route(record: dict[str, Any], seat: int = 0) -> str:
    """The address of the review of `seat`'s decisions in the game of `record`."""
    return f"#/review/{links.encode(record)}" + (f"/{seat}" if seat else "")


def saved(ctx: Context, record: dict[str, Any]) -> Slot | None:
    """The save of the game of `record` here (a game played in this browser), if any: one
    that kept its bots key first."""
    found = [slot for slot in ctx.saves.slots() if slot.record == record]
    return next((slot for slot in found if slot.bots is not None), found[0] if found else None)


def bots_key(ctx: Context, record: dict[str, Any], slot: Slot | None = None) -> int:
    """The bots key the game was played with here (its save's), else the deal's seed."""
    slot = slot or saved(ctx, record)
    return slot.bots if slot is not None and slot.bots is not None else int(record["seed"])


def rows_for(
    record: dict[str, Any],
    seat: int,
    view: PositionView,
    decisions: list[Decision],
    marks: dict[int, int],
) -> list[Row]:
    """Each decision in words, as the table's Hint words a move (`marks`: a swing's
    number by its move)."""
    state = spygames.replay(record, upto=0)
    rows = []
    for d in decisions:
        for action in record["actions"][len(state.actions) : d.move]:
            state.apply(action)
        advice = spygames.Advice(d.advised, d.reason, d.facts)
        rows.append(
            Row(
                move=d.move,
                when=when(state.view(seat), d.move),
                played=view.move_words(state, seat, d.played),
                advised=view.move_words(state, seat, d.advised),
                why=view.advice_words(state, seat, advice),
                before=d.before,
                after=d.after,
                cost=d.cost,
                agreed=d.agreed,
                swing=marks.get(d.move, 0),
            )
        )
    return rows


class ReviewScreen(ReplayerScreen):
    """The review of one seat's decisions, and the replay to open a position in."""

    def __init__(self, ctx: Context, record: dict[str, Any], *, seat: int = 0) -> None:
        super().__init__(ctx)
        view = view_for(record, known_names(ctx, record))
        if view is None:
            # translators: {game} is a game's id ("espionage")
            raise links.BadLink(_("{game} cannot be reviewed yet.", game=record.get("game")))
        from ..together.hosting import Hosting  # loaded with the review

        hidden = Hosting.friends_seats(ctx, record)
        if seat in hidden and len(hidden) < int(record["players"]):
            raise links.BadLink(
                # translators: {name} is a player's name
                _(
                    "{name} plays this game on another device and it is not over: "
                    "{name}’s moves can be reviewed once it is.",
                    name=view.names[seat],
                )
            )
        try:
            slot = saved(ctx, record)  # a game played here: its key, and its review kept
            self.reviewer = Reviewer(record, seat, bots_key(ctx, record, slot))
        except spygames.InvalidRecord as exc:
            raise links.BadLink(_("This game cannot be reviewed."), str(exc)) from exc
        self.view = view
        self.seat = seat
        # a finished game saved here keeps its review (browser/reviews.py)
        self.slot = slot if self.reviewer.final.is_over else None
        self.kept = ""  # what the page says of keeping the review
        found = self.slot and reviews.find(
            ctx.saves, self.slot, seat, self.reviewer.record, self.reviewer.key
        )
        if found and self.reviewer.restore(found.decisions):
            self.kept = _(KEPT_AGAIN, ago=ago(found.when, ctx.saves.clock()))
        self.replayer = Replayer(self.reviewer.record, view, seat=seat, hidden=hidden)
        self.working = not self.reviewer.done
        self.rows: list[Row] = []
        self.shown: int | None = None  # the move of the swing opened in the replay
        self.focus_alt = False
        self.finished = False  # every decision reviewed: the review is shown
        if not self.working:
            self._finish()
        # translators: the page's title; {title} names the game and deal ("Espionage · deal #7")
        self.title = _("Review · {title} — spygames", title=self.replayer.title())

    @property
    def solo(self) -> bool:
        """The game has one player, called "you" throughout."""
        return self.replayer.players == 1

    def route(self) -> str:
        return review_route(self.reviewer.record, self.seat)

    # -- events ----------------------------------------------------------------------------
    def handle(self, act: str, arg: str) -> None:
        if act == "review-cancel":
            self.working = False
        elif act == "review-resume":
            self.working = not self.reviewer.done
        elif act == "review-show" and arg.isdigit() and self.finished:
            move = int(arg)
            if any(r.move == move for r in self.rows):
                self.shown = move
                self.replayer.playing = False
                self.replayer.go(move)
                self.focus_alt = True
        elif self.replayer.handle(act, arg) and self.replayer.move != self.shown:
            self.shown = None

    def submit(self, act: str, values: dict[str, str]) -> None:
        if self.replayer.submit(act, values) and self.replayer.move != self.shown:
            self.shown = None

    def pending_delay(self) -> int | None:
        return 0 if self.working else self.replayer.pending_delay()

    def tick(self) -> bool | None:
        """The replay's next move, or the review's next slice of work: False when that
        slice reviewed no new decision (its progress bar stays as it was)."""
        if not self.working:
            self.replayer.tick()
            if self.replayer.move != self.shown:
                self.shown = None
            return None
        reviewed = len(self.reviewer.decisions)
        if self.reviewer.step(SLICE_S):
            self.working = False
            self._finish()
            return None
        return None if len(self.reviewer.decisions) > reviewed else False

    def _finish(self) -> None:
        review = self.reviewer.review()
        ranked = sorted(review.swings(), key=lambda d: -d.cost)
        marks = {d.move: rank + 1 for rank, d in enumerate(ranked)}
        self.finished = True
        record, decisions = self.reviewer.record, list(review.decisions)
        self.rows = rows_for(record, self.seat, self.view, decisions, marks)
        if self.slot is not None and not self.kept:
            kept = reviews.keep(
                self.ctx.saves, self.slot, self.seat, record, self.reviewer.key, decisions
            )
            self.kept = _(KEPT_NOW) if kept else _(NOT_KEPT)

    # -- drawing ---------------------------------------------------------------------------
    def render(self) -> str:
        record = self.reviewer.record
        game = str(record["game"])
        known = info(game)
        name = self.view.names[self.seat]
        lede = (
            _(
                "Your decisions against the hard bot’s — the Hint’s own advice, worked out from "
                "what could be seen from that seat then, never the hidden cards."
            )
            if self.solo or is_you(name)
            # translators: {name} is a player's name
            else _(
                "{name}’s decisions against the hard bot’s — the Hint’s own advice, worked out "
                "from what could be seen from that seat then, never the hidden cards.",
                name=esc(name),
            )
        )
        # translators: a heading; {title} names the game and deal ("Espionage · deal #7")
        heading = _("Review · {title}", title=esc(self.replayer.title()))
        crumb = _("Review")
        head = (
            '<nav class="crumbs"><a href="#/">spygames</a> › '
            f'<a href="#/{esc(game)}">{esc(known.name if known else game)}</a> › {crumb}</nav>'
            f'<header class="review-head"><h1>{heading}</h1>'
            f"<p>{lede}</p></header>"
        )
        body = self._review() if self.finished else self._progress()
        return (
            "<div"
            + attrs(
                class_="review-page",
                id="review",
                data_state="done" if self.finished else "working" if self.working else "stopped",
                data_game=game,
            )
            + ">"
            + head
            + body
            + "</div>"
        )

    def _progress(self) -> str:
        done, total = len(self.reviewer.decisions), self.reviewer.total
        if self.working:
            # translators: {done} decisions reviewed so far, of {total}
            status = _("Reviewing the decisions: {done} of {total}…", done=done, total=total)
            button = (
                '<button type="button" class="btn" id="review-cancel" '
                'data-act="review-cancel">' + _("Cancel") + "</button>"
            )
        else:
            # translators: {done} decisions reviewed so far, of {total}
            status = ngettext(
                "Review stopped after {done} of {n} decisions.",
                "Review stopped after {done} of {n} decisions.",
                total,
                done=done,
            )
            go_on, instead = _("Go on"), _("Replay instead")
            button = (
                '<button type="button" class="btn btn-primary" id="review-resume" '
                f'data-act="review-resume">{go_on}</button>'
                f'<a class="btn btn-quiet" href="{esc(self.replayer_route())}">{instead}</a>'
            )
        return (
            '<section class="review-progress" aria-labelledby="review-status">'
            f'<p id="review-status" role="status">{esc(status)}</p>'
            f'<progress id="review-bar" max="{max(total, 1)}" value="{done}" '
            f'aria-labelledby="review-status"></progress>'
            f'<div class="review-buttons">{button}</div></section>'
        )

    def _verdict(self, won: bool | None, agreed: int, decisions: int) -> str:
        """How the game ended for the seat, and how often it played the hard bot's move
        (English says "decisions" for one too: the plural forms are other languages')."""
        name, n = self.view.names[self.seat], decisions
        if self.solo or is_you(name):
            if won:
                # translators: {agreed} of {n} decisions were the hard bot's move
                return ngettext(
                    "You won. You played the hard bot’s move at {agreed} of {n} decisions.",
                    "You won. You played the hard bot’s move at {agreed} of {n} decisions.",
                    n,
                    agreed=agreed,
                )
            if won is False:
                # translators: {agreed} of {n} decisions were the hard bot's move
                return ngettext(
                    "You lost. You played the hard bot’s move at {agreed} of {n} decisions.",
                    "You lost. You played the hard bot’s move at {agreed} of {n} decisions.",
                    n,
                    agreed=agreed,
                )
            # translators: {agreed} of {n} decisions were the hard bot's move
            return ngettext(
                "The game is not over. You played the hard bot’s move at {agreed} of {n} "
                "decisions.",
                "The game is not over. You played the hard bot’s move at {agreed} of {n} "
                "decisions.",
                n,
                agreed=agreed,
            )
        if won:
            # translators: {name} is a player's name; {agreed} of {n} were the hard bot's move
            return ngettext(
                "{name} won. {name} played the hard bot’s move at {agreed} of {n} decisions.",
                "{name} won. {name} played the hard bot’s move at {agreed} of {n} decisions.",
                n,
                name=name,
                agreed=agreed,
            )
        if won is False:
            # translators: {name} is a player's name; {agreed} of {n} were the hard bot's move
            return ngettext(
                "{name} lost. {name} played the hard bot’s move at {agreed} of {n} decisions.",
                "{name} lost. {name} played the hard bot’s move at {agreed} of {n} decisions.",
                n,
                name=name,
                agreed=agreed,
            )
        # translators: {name} is a player's name; {agreed} of {n} were the hard bot's move
        return ngettext(
            "The game is not over. {name} played the hard bot’s move at {agreed} of {n} decisions.",
            "The game is not over. {name} played the hard bot’s move at {agreed} of {n} decisions.",
            n,
            name=name,
            agreed=agreed,
        )

    def replayer_route(self) -> str:
        return links.replay_route(self.reviewer.record, self.seat)

    def _review(self) -> str:
        review = self.reviewer.review()
        rows = self.rows
        agreed = sum(r.agreed for r in rows)
        verdict = self._verdict(review.won, agreed, len(rows))
        if rows:
            # translators: {verdict} is what is said of the game before; {chance} "62%"
            verdict = _(
                "{verdict} The chance to win at the first: {chance}.",
                verdict=verdict,
                chance=percent(rows[0].before),
            )
        shown = next((r for r in rows if r.move == self.shown), None)
        retry = None
        if shown is not None and spygames.get_game(review.record["game"]).retry_from_review:
            # the record up to that move (checked already: it replays)
            start = {**review.record, "actions": review.record["actions"][: shown.move]}
            retry = "#/play/" + links.encode(start) + "/retry"  # kept as a try again
        around: Callable[[str], str] | None = None
        advised = None
        if shown is not None:
            row, focus = shown, self.focus_alt
            self.focus_alt = False

            def around(stage: str) -> str:
                alt = alternative(row, retry, stage)
                if focus:
                    alt = alt.replace('id="review-alt"', 'id="review-alt" data-autofocus', 1)
                return alt

            advised = next(d.advised for d in review.decisions if d.move == row.move)
        kept = f'<p class="review-kept" id="review-kept">{esc(self.kept)}</p>' if self.kept else ""
        return (
            f'<p class="review-verdict" data-reveal="review">{esc(verdict)}</p>'
            + kept
            + '<div class="review-top">'
            + chart(rows, review.won)
            + swings(rows, self.shown)
            + "</div>"
            + self.replayer.render(heading="h2", advised=advised, around=around)
            + every(rows)
        )
