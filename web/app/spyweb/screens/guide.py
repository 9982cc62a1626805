"""A guided first game (`#/<game>/learn`): the game's own table, with a guide above it.

The guide (`spygames.guides`) is a fixed deal and a script. While the game follows the
script, the page says the next step in one sentence, points at its control (marked and
focused) and at what the sentence names (the page keeps both in view below the guide,
web/guided.mjs) and gives the rule in the Rules page's words; a click that would do
something else says what it would do and why not now, in the guide's panel, and plays
nothing (the table's `gate`).
Skip plays the step for the player, Start again deals the guide afresh, Leave goes
home. The game is an ordinary one in its own slot of Saved games: once the script is
played the guide says so, and the game goes on as any other.

Each game says how to point at a step's control and what a stray click would do (a
`Pointer`, spyweb/tables/pointer.py: each game's is in `spyweb/games/<game package>/guided.py`,
which its record gives: `GameUI.pointer`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any, cast

import spygames
from spygames.guides import Guide, Step, get_guide, same_form
from spygames.i18n import _

from ..browser.markup import attrs, esc
from ..catalogue import info, open_screen, ui
from ..tables.pointer import Pointer
from ..tables.screen import Context, GameScreen, Screen

NOTICES = "<!--guide-notices-->"
"""Where the guide's panel takes the app's messages (`GuideScreen.place_notices`)."""


def pointer_for(game_id: str) -> Pointer:
    """The game's pointer (its record's, from its `guided` module, imported on first use)."""
    record = ui(game_id)
    assert record is not None and record.pointer is not None, f"{game_id} has no guide's pointer"
    return cast(Pointer, record.pointer())


def said(text: str) -> str:
    """A guide's sentence (marked where the guide writes it) in the language in use; ""
    stays "" (gettext gives the catalogue's header for it)."""
    return _(text) if text else ""


def guide_route(game_id: str) -> str:
    return f"#/{game_id}/learn"


class GuideScreen(Screen):
    """The guided first game of `game_id` (see the module)."""

    def __init__(self, ctx: Context, game_id: str) -> None:
        super().__init__(ctx)
        guide = get_guide(game_id)
        assert guide is not None, f"{game_id} has no guided first game"
        self.guide: Guide = guide
        self.game_id = game_id
        self.pointer = pointer_for(game_id)
        self.pointed: str | tuple[str, str] = ""  # the control last given the focus
        self.corner: str | None = None  # in a frame: a link out, in place of Leave
        current = ctx.saves.current(game_id)
        if current is not None and current.record and guide.guided(current.record):
            self.table = open_screen(ctx, game_id)  # the guided game under way: go on
        else:
            if current is not None and current.in_progress:
                ctx.notify(_("The game you were playing is kept under Saved games."))
            self.table = open_screen(ctx, game_id, state=guide.start())
        self.table.gate = self._gate
        ctx.goto = guide_route(game_id)  # the table moved the address: the guide's stays
        name = info(game_id)
        # translators: the page's title; {game} is a game's name
        self.title = _("Learn {game} — spygames", game=name.name if name else game_id)

    def game_table(self) -> GameScreen:
        return self.table

    # -- where the game stands ---------------------------------------------------------
    @property
    def record(self) -> dict[str, Any]:
        """The game's deal and moves as a record names them, read in place (no copy: the
        guide asks it several times a frame)."""
        state = self.table.state
        if state is None:
            return {}
        return {
            "game": state.game_id,
            "seed": state.seed,
            "players": state.players,
            "setup": state.setup,
            "actions": state.actions,
        }

    def step(self) -> Step | None:
        """The script's next step, while the game follows it."""
        return self.guide.step_at(self.record)

    def number(self) -> int:
        return len(self.record.get("actions", []))

    def mine(self, step: Step | None) -> bool:
        """The step is the player's, and the table is ready for it."""
        state = self.table.state
        return (
            step is not None
            and state is not None
            and state.to_play == [self.guide.seat]
            and self.pointer.ready(self.table)
        )

    def _gate(self, actor: int, action: dict[str, Any]) -> str | None:
        """Why the table must not play `action` now: a move of the player's that is not
        the step's, while the game follows the script."""
        step = self.step()
        if step is None or actor != self.guide.seat or self.guide.expects(self.record, action):
            return None
        return self._not_now(self.pointer.words(self.table, action), step)

    def _not_now(self, would: str, step: Step) -> str:
        # translators: {action} says what the click would do, as the game words it ("play
        # the Hacker"); {step} is the guide's sentence for the step to play instead
        return _("Not now: that would {action}. {step}", action=would, step=said(step.say))

    # -- events ------------------------------------------------------------------------
    def handle(self, act: str, arg: str) -> None:
        step = self.step()
        if act == "guide-skip":
            if self.mine(step):
                assert step is not None
                self.pointer.play(self.table, step.action)
            return
        if act == "guide-again":
            self._again()
            return
        if act == "guide-leave":
            self.ctx.navigate("#/")
            return
        if act == "hint" and step is not None and self.mine(step):
            # The Hint points at the step's move while the game follows the script (the
            # hard bot's advice would select other cards than the step's).
            would = self.pointer.words(self.table, step.action)
            self.ctx.refuse(
                # translators: {action} is the step's move, as the game words it ("play the
                # Hacker"); {step} is the guide's sentence for it
                _(
                    "Hint: the guide’s move now is to {action}. {step}",
                    action=would,
                    step=said(step.say),
                )
            )
            return
        if step is not None and self.mine(step):
            stray = self.pointer.stray(self.table, act, arg, step)
            if stray is not None:
                self.ctx.refuse(self._not_now(stray, step))
                return
        self.table.handle(act, arg)
        self._still_guided()

    def _still_guided(self) -> None:
        """The table dealt another game (New game, a deal): it is not the guide's any
        more, so the page goes to the game's own table, which plays it."""
        if self.table.state is not None and not self.guide.follows(self.record):
            self.ctx.navigate(f"#/{self.game_id}")

    def _again(self) -> None:
        """The guide dealt afresh. The guided game so far is dropped from Saved games
        while it is still in the script (the player asked for it, and it is only the
        guide's deal); one played on past the script is the player's, and kept."""
        old, scripted = self.table.slot, self.guide.guided(self.record)
        if not scripted and self.table.in_progress:
            self.ctx.notify(_("The game you were playing is kept under Saved games."))
        self.table = open_screen(self.ctx, self.game_id, state=self.guide.start())
        self.table.gate = self._gate
        if scripted and old is not None and old != self.table.slot:
            self.ctx.saves.delete(old)
        self.ctx.goto = None  # the table moved the address; the guide stays where it is
        self.pointed = ""

    def submit(self, act: str, values: dict[str, str]) -> None:
        self.table.submit(act, values)
        self._still_guided()

    def drop(self, dragged: str, act: str, arg: str) -> None:
        self.table.drop(dragged, act, arg)

    def key(self, key: str) -> bool:
        if key.lower() == "h" and self.mine(self.step()):  # the Hint, as its button
            self.handle("hint", "")
            return True
        return self.table.key(key)

    def keys(self) -> list[str]:
        return self.table.keys()

    def pending_delay(self) -> int | None:
        self._script_the_bots()
        return self.table.pending_delay()

    def tick(self) -> None:
        self._script_the_bots()
        self.table.tick()

    def _script_the_bots(self) -> None:
        """The other seats play the script's moves while there are any (then their own)."""
        bots: dict[int, spygames.Bot] | None = getattr(self.table, "bots", None)
        for seat, bot in (bots or {}).items():
            if not isinstance(bot, Scripted):
                bots[seat] = Scripted(self.guide, lambda: self.record, bot)  # type: ignore[index]

    # -- drawing -----------------------------------------------------------------------
    def render(self) -> str:
        step = self.step()
        table = self.table.render()
        between = self.pointer.between(self.table) if step is not None else None
        target = named = None
        if step is not None and self.mine(step):
            target = self.pointer.target(self.table, step)
            named = self.pointer.named(self.table, step)
        elif between is not None:
            target, named = between[0], self.pointer.named(self.table, None)
        if target is not None:
            focus = target != self.pointed
            self.pointed = target
            table = mark(table, target, focus=focus)
            if named is not None:
                table = _add(table, named, " data-guide-named")
        return self._panel(step, between) + table

    def place_notices(self, notices: str, body: str) -> str:
        """The app's messages (a stray click explained, the Hint's answer) in the guide,
        which stays on screen: at the top of the page they would be out of sight once
        the player has scrolled down to the table's controls (issue 47). Not while a
        sheet or a question covers the page: then they float above it, as elsewhere."""
        covered = self.ctx.confirming is not None or "sheet-backdrop" in body
        if covered or NOTICES not in body:
            return notices + body.replace(NOTICES, "")
        return body.replace(NOTICES, notices, 1)

    def _panel(self, step: Step | None, between: tuple[str, str] | None = None) -> str:
        total = sum(1 for s in self.guide.steps if s.say)
        done = sum(1 for s in self.guide.steps[: self.number()] if s.say)
        name = info(self.game_id)
        # translators: a heading; {game} is a game's name
        heading = _("Learn {game}", game=name.name if name else self.game_id)
        buttons = ""
        say: str
        rule: str
        where: str
        if step is not None and self.mine(step):
            say, rule = said(step.say), said(step.rule)
            # translators: {step} is the step to play, of {steps} in the guided game
            where = _("Step {step} of {steps}", step=done + 1, steps=total)
            buttons = _button(_("Skip this step"), "guide-skip", "guide-skip")
        elif step is not None and between is not None:
            say, rule, where = between[1], "", ""
        elif step is not None:
            say, rule, where = _("Watch the others play: your turn comes next."), "", ""
        else:
            say, rule, where = said(self.guide.done), "", _("Guided part done")
            if self.corner is None:  # not in a frame, which has no other games
                buttons = (
                    f'<a class="btn btn-small" id="guide-new" href="#/{esc(self.game_id)}/new">'
                    + _("A new game")
                    + "</a>"
                )
        buttons += _button(_("Start again"), "guide-again", "guide-again")
        if self.corner is None:
            buttons += _button(_("Leave"), "guide-leave", "guide-leave")
        else:
            buttons += self.corner
        key = f"guide-{self.number()}" if step is not None else "guide-done"
        return (
            '<section class="guide" aria-labelledby="guide-h">'
            f'<div class="guide-head"><h2 id="guide-h">{esc(heading)}</h2>'
            f'<span class="guide-where">{esc(where)}</span>'
            f'<div class="guide-buttons">{buttons}</div></div>'
            f'<p class="guide-say" id="guide-say" data-reveal="{key}">{esc(say)}</p>'
            + (
                '<p class="guide-rule"><span>' + _("The rule") + f"</span> {esc(rule)}</p>"
                if rule
                else ""
            )
            + NOTICES
            + "</section>"
        )


class Scripted(spygames.Bot):
    """Another seat's bot in a guided game: the script's move while the game follows the
    script and the move is legal, else the seat's own bot's (`fallback`)."""

    level = "guide"

    def __init__(
        self, guide: Guide, record: Callable[[], dict[str, Any]], fallback: spygames.Bot
    ) -> None:
        super().__init__()
        self.guide, self.record, self.fallback = guide, record, fallback

    def prepare(self, budget_s: float) -> bool:
        return self.fallback.prepare(budget_s)

    def advise(self, view: dict[str, Any], legal_actions: list[dict[str, Any]]) -> spygames.Advice:
        step = self.guide.step_at(self.record())
        if step is not None and not step.say and self.guide.expects(self.record(), step.action):
            for action in legal_actions:
                if same_form(action) == same_form(step.action):
                    return spygames.Advice(action, "the guided game's move")
        return self.fallback.advise(view, legal_actions)

    def think(
        self, view: dict[str, Any], legal_actions: list[dict[str, Any]], slice_s: float
    ) -> Iterator[spygames.Advice | None]:
        if self.guide.step_at(self.record()) is not None:
            yield self.advise(view, legal_actions)
        else:
            yield from self.fallback.think(view, legal_actions, slice_s)


def _button(label: str, act: str, id_: str) -> str:
    props = attrs(type="button", class_="btn btn-small btn-quiet", data_act=act, id=id_)
    return f"<button{props}>{esc(label)}</button>"


def mark(html: str, target: str | tuple[str, str], *, focus: bool) -> str:
    """The step's control in `html` (the element with id `target`, or the first with
    data-act and data-arg `target`) marked (and given the focus when `focus`), described
    by the guide's sentence."""
    extra = ' data-guide="next" aria-describedby="guide-say"'
    if focus:
        extra += " data-autofocus"
    return _add(html, target, extra)


def _add(html: str, target: str | tuple[str, str], extra: str) -> str:
    """`html` with the attributes `extra` given to its first element that is `target`."""
    done = False

    def one(match: re.Match[str]) -> str:
        nonlocal done
        tag, inside = match.group(1), match.group(2)
        if done or not _is(inside, target):
            return match.group(0)
        done = True
        return f"<{tag}{extra}{inside}>"

    return re.sub(r"<([a-z]+)\b([^>]*)>", one, html)


def _is(inside: str, target: str | tuple[str, str]) -> bool:
    """The attributes `inside` of a tag are the target's."""
    if isinstance(target, str):
        return f' id="{target}"' in f" {inside}"
    act = re.search(r'\bdata-act="([^"]*)"', inside)
    arg = re.search(r'\bdata-arg="([^"]*)"', inside)
    return act is not None and (act.group(1), arg.group(1) if arg else "") == target
