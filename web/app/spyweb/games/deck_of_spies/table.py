"""The Deck of Spies table: the screen that turns clicks and keys into the engine's
actions, plays them, saves the record after each one and draws the page.

What it shows is one `Scene` (scene.py), built once per render from `state.view(0)`,
the engine's `why_illegal` for every button and `undo_point` for Undo, and drawn by the
components of view.py. The Hint is worked out in slices between paints (`spyweb.tables.hints`),
and so is, once a deal is lost, the search for a line that would have won it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import spygames
from spygames import IllegalAction
from spygames.deck_of_spies.views import DeckOfSpiesResult, DeckOfSpiesView
from spygames.i18n import N_, _

from ...browser.links import replay_route
from ...tables.hints import Hints
from ...tables.screen import GameScreen
from ...tables.share import link_for
from . import daily
from . import model as vm
from .log import log_lines
from .rules import rules_html
from .scene import Control, DailyResult, Hint, Scene
from .view import render, shown_turn

if TYPE_CHECKING:
    from .winnable import WinnableCheck

GAME_ID = "deck-of-spies"
FOUR_COLOUR_PREF = "dos-four-colour"
HINT_SLICE_S = 0.04  # longest stretch of search between two paints


def _game() -> spygames.Game:
    return spygames.get_game(GAME_ID)


class DeckOfSpiesTable(GameScreen):
    game_id = GAME_ID
    title = N_("Deck of Spies — spygames")
    state: spygames.State

    def _furnish(self) -> None:
        self.selected: list[str] = []  # the cards picked, in hand order
        self.hints = Hints(self.game_id)  # the Hint, for the position (its number of moves)
        self.panel: str | None = None  # "rules", "discard", "draw" or "share"
        self.fresh: set[str] = set()  # cards just drawn (animated once)
        self.spy_fresh = False
        self.pile_fresh = False
        self.four_colour = self.ctx.saves.pref(FOUR_COLOUR_PREF, "0") == "1"
        self.log: list[dict[str, Any]] = []
        self.check: WinnableCheck | None = None  # could the lost deal have been won?
        self._daily_entry: dict[str, Any] | None = None  # this deal's daily entry, if any
        self._daily_seed: int | None = None  # the deal that entry was read for

    # -- a game arrives ----------------------------------------------------------------
    def _first_deal(self, seed: int | None) -> spygames.State:
        """Deck of Spies deals at once: deal #`seed`, else a fresh one."""
        return self._deal(seed)

    def _open(self, state: spygames.State) -> None:
        self.state = state
        self.selected = []
        self.hints.clear()
        self.panel = None
        self.check = None
        self._rebuild_log()
        self._moved_on()

    def _play(self) -> None:
        """A new game: its cards are dealt before the player's eyes, it gets a slot,
        and the deal leaves the address, so that a reload resumes this game instead of
        dealing it again."""
        self._dealt()
        super()._play()

    def _dealt(self) -> None:
        """The hand and the spy on the table have just arrived (they animate once)."""
        self.fresh = set(self.state.view(0)["hand"])
        self.spy_fresh = True

    # -- the record, the log, saving ---------------------------------------------------
    @property
    def seed(self) -> int:
        return int(self.state.seed)

    @property
    def turn(self) -> int:
        """The turn shown in the bar (see view.shown_turn)."""
        view = cast(DeckOfSpiesView, self.state.view(0))
        return shown_turn(view, cast(DeckOfSpiesResult | None, self.state.result))

    def summary(self) -> dict[str, Any]:
        result = self.state.result
        summary: dict[str, Any] = {
            "over": result is not None,
            "progress": _("Deal #{number} · turn {turn}", number=self.seed, turn=self.turn),
            "players": _("Solo"),
        }
        if result is not None:
            score = int(result.get("score", 0))
            won = bool(result.get("won"))
            summary["result"] = (
                _("Won · {score} of 12 face cards", score=score)
                if won
                else _("Lost · {score} of 12 face cards", score=score)
            )
            summary["outcome"] = {"won": won, "score": score, "table": None}
        return summary

    def _rebuild_log(self) -> None:
        """The move log, by replaying the record and keeping each action's events."""
        record = self.state.record()
        start = spygames.replay(record, upto=0)
        self.log = [{"turn": 1, "kind": "start", "events": start.view(0)["events"]}]
        for step in spygames.steps(record):
            self._log_move(step.before["turn"], step.action["type"], step.state)

    def _log_move(self, turn: int, kind: str, after: spygames.State) -> None:
        """Log a move made in `turn`. When it ended the turn and the next spy's turn was
        lost at once (no way to pay, no Ace left), that spy and the end go under the new
        turn, so the log's last turn is the turn count shown at the end."""
        events = after.view(0)["events"]
        result = after.result
        turns = int(result["turns"]) if result is not None else turn
        spies = [i for i, event in enumerate(events) if event.get("kind") == "spy"]
        if turns > turn and spies:
            self.log.append({"turn": turn, "kind": kind, "events": events[: spies[-1]]})
            self.log.append({"turn": turns, "kind": "game_over", "events": events[spies[-1] :]})
        else:
            self.log.append({"turn": turn, "kind": kind, "events": events})

    def _moved_on(self) -> None:
        """The game in front of the table is another one or has moved: read its daily
        entry (on a new deal, and at the end, when its result may just have been kept),
        and once a deal is lost, start the search for a line that would have won it."""
        if self.state.setup is None and (self._daily_seed != self.seed or self.state.is_over):
            self._daily_entry = daily.entry_for_seed(self.ctx.saves, self.seed)
            self._daily_seed = self.seed
        elif self.state.setup is not None:
            self._daily_entry = self._daily_seed = None
        self._check()

    # translators: {reason} is the rules' reason for refusing a move
    refusal = N_("Not allowed: {reason}.")

    def play(self, action: dict[str, Any]) -> bool:
        """The person's move as a whole (`GameScreen.play`): its cards are the ones picked."""
        self.selected = list(action.get("cards", []))
        return self._apply(action)

    def _mover(self) -> int:
        return 0  # the one player's, asked about even once the game is over

    def _try(self, action: dict[str, Any]) -> str | None:
        """Play `action`: None once played, logged and saved; else the engine's reason."""
        before = self.state.view(0)
        try:
            self.state.apply(action)
        except IllegalAction as exc:
            return exc.reason
        after = self.state.view(0)
        self._log_move(before["turn"], action["type"], self.state)
        self.selected = []
        self.hints.forget()
        self.fresh = set(after["hand"]) - set(before["hand"])
        self.spy_fresh = after["spy"] != before["spy"]
        self.pile_fresh = len(after["discard"]) > len(before["discard"])
        if self.panel in ("discard", "draw", "share"):
            self.panel = None
        self._save()
        if self.state.is_over:
            daily.note_finished(self.ctx.saves, self.state)
        self._moved_on()
        return None

    def _again(self, seed: int | None = None) -> None:
        """New game: deal #`seed`, else a fresh deal, in a slot of its own."""
        self._replace(self._deal(seed), new_game=True)

    def _replace(self, state: spygames.State, *, new_game: bool) -> None:
        """Show `state`: a new game (in a slot of its own) or this game taken back."""
        self._open(state)
        self._dealt()
        if new_game:
            self._begin()
        else:
            self._save()

    # -- events ------------------------------------------------------------------------
    def handle(self, act: str, arg: str) -> None:
        self.fresh = set()
        self.spy_fresh = self.pile_fresh = False
        if act == "pick":
            self._toggle(arg)
        elif act == "pick_index":
            hand = self.state.view(0)["hand"]
            index = int(arg) if arg.isdigit() else -1
            if 0 <= index < len(hand) and not self.state.is_over:
                self._toggle(hand[index])
        elif act == "clear":
            self.selected = []
        elif act in ("counter", "recruit", "retire", "end_turn"):
            self._act(act)
        elif act == "assassinate":
            self._assassinate(arg)
        elif act == "hint":
            self._hint()
        elif act == "undo":
            self._undo()
        elif act == "again":
            if self.ask_before_leaving(act, arg, _("Restart this deal?"), _("Restart")):
                self._replace(spygames.replay(self.share_record()), new_game=True)
        elif act == "new":
            if self.ask_before_leaving(act, arg, _("Start a new game?"), _("New game")):
                self._again()
        elif act == "four":
            self.four_colour = not self.four_colour
            self.ctx.saves.set_pref(FOUR_COLOUR_PREF, "1" if self.four_colour else "0")
        elif act == "panel":
            self.panel = None if self.panel == arg else arg

    def submit(self, act: str, values: dict[str, str]) -> None:
        if act == "deal":
            self.play_deal(values)

    def key(self, key: str) -> bool:
        command = self._key_command(key)
        if command is None:
            return False
        self.handle(*command)
        return True

    def keys(self) -> list[str]:
        return [key for key in vm.KEY_NAMES if self._key_command(key) is not None]

    def _key_command(self, key: str) -> tuple[str, str] | None:
        """The click (act, arg) `key` stands for now, or None: Escape clears a pick, and
        with nothing picked is left to the page."""
        command = vm.command_for_key(key)
        if command is not None and command[0] == "clear" and key == "Escape" and not self.selected:
            return None
        return command

    def _toggle(self, card: str) -> None:
        hand = self.state.view(0)["hand"]
        if self.state.is_over or card not in hand:
            return
        picked = [c for c in self.selected if c != card]
        self.selected = vm.tidy_selection(
            hand, picked if card in self.selected else [*picked, card]
        )

    def _act(self, act: str) -> None:
        """Counter, Recruit, Retire or End turn with the cards picked, or say why not."""
        model = vm.build(self.state, self.selected)
        button = next((b for b in model.buttons if b.kind == act), None)
        if button is None or button.action is None:
            reason = self.state.why_illegal(
                {"type": act, "cards": model.selected} if act != "end_turn" else {"type": act}
            )
            reason = reason or _("that is not possible here")
            # translators: {reason} is the rules' reason for refusing a move
            self.ctx.refuse(_("Not now: {reason}.", reason=reason))
        elif button.reason is not None:
            why = vm.reason_text(button.reason)
            # translators: {action} is a button ("Counter"), {reason} why it is off
            self.ctx.refuse(_("{action}: {reason}.", action=button.label, reason=why))
        else:
            self._apply(button.action)

    def _assassinate(self, ace: str) -> None:
        model = vm.build(self.state, self.selected)
        if not model.aces:
            reason = self.state.why_illegal({"type": "assassinate", "ace": ace or "AS"})
            why = vm.reason_text(reason or _("not possible now"))
            # translators: {reason} is why no Ace can be sacrificed now
            self.ctx.refuse(_("Assassinate: {reason}.", reason=why))
            return
        if not ace:  # the key: the hinted Ace, else the first one offered
            hint = self.hints.current(len(self.state.actions))
            hinted = hint.action.get("ace") if hint is not None else None
            ace = hinted or model.aces[0].arg
        self._apply({"type": "assassinate", "ace": ace})

    def _undo(self) -> None:
        """Back where the engine allows (`undo_point`: within the turn, never across
        anything that showed a card), or say why not."""
        point = self.state.undo_point(0)
        if point.upto is None:
            # translators: {reason} is the rules' reason ("this is the start of the deal")
            self.ctx.refuse(_("Nothing to undo: {reason}.", reason=point.reason))
            return
        self._replace(spygames.replay(self.state.record(), upto=point.upto), new_game=False)
        self.fresh = set()
        self.spy_fresh = False

    # -- the Hint, and the lost deal's search ------------------------------------------
    def _hint(self) -> None:
        if self.state.is_over:
            self.ctx.refuse(_("The game is over: no more hints."))
            return
        at = len(self.state.actions)
        if self.hints.current(at) is not None or self.hints.working_on(at):
            return  # the hint is known, or already being worked out for this very position
        # The Hint's bot and budget (`spygames.hints`): the one a review asks too. The
        # search runs in short slices between paints (see tick), so the page never
        # freezes while the hint is being worked out.
        self.hints.ask(self.state, at, self.hint_seed(0), slice_s=HINT_SLICE_S)
        self.tick()

    def pending_delay(self) -> int | None:
        check = self._check()
        return 0 if self.hints.thinking or (check and check.running) else None

    def _check(self) -> WinnableCheck | None:
        """The search for a winning line, once a deal is lost (started on first need)."""
        result = self.state.result
        if result is None or result.get("won"):
            return None
        if self.check is None:
            from .winnable import WinnableCheck  # loaded only when a deal is lost

            self.check = WinnableCheck(self.state.record())
        return self.check

    def tick(self) -> None:
        """One slice of the hint's search (the advice shows when it is done), or of the
        search for a winning line of the lost deal."""
        if not self.hints.thinking:
            check = self._check()
            if check is not None:
                check.step()
            return
        advice = self.hints.step(len(self.state.actions))  # dropped if the position moved on
        # the hinted cards are picked for you: one more click plays the hint
        if advice is not None and "cards" in advice.action:
            hand = self.state.view(0)["hand"]
            self.selected = vm.tidy_selection(hand, list(advice.action["cards"]))

    # -- drawing -----------------------------------------------------------------------
    def scene(self) -> Scene:
        """What the page shows now, worked out once: the view, the buttons with the
        engine's reasons, Undo's, the Hint, the log and the table's own choices."""
        state = self.state
        view = state.view(0)
        model = vm.build(state, self.selected, view)
        point = state.undo_point(0)
        hint = self.hints.current(len(self.state.actions))
        over = state.result is not None
        found = self._daily_entry
        undo_off = None
        if point.upto is None:
            # translators: {reason} is the rules' reason for refusing Undo
            undo_off = _("Undo is off: {reason}.", reason=point.reason)
        return Scene(
            view=cast(DeckOfSpiesView, view),
            actions=len(state.actions),
            result=cast(DeckOfSpiesResult | None, state.result),
            phase=model.phase,
            selected=tuple(model.selected),
            total=model.total,
            prompt=model.prompt,
            controls=tuple(Control(b.kind, b.label, b.reason, b.arg) for b in model.buttons),
            aces=tuple(Control(a.kind, a.label, a.reason, a.arg) for a in model.aces),
            undo_off=undo_off,
            hint=Hint(hint.action, hint.reason) if hint is not None else None,
            thinking=self.hints.thinking,
            panel=self.panel,
            four_colour=self.four_colour,
            fresh=tuple(sorted(self.fresh)),
            spy_fresh=self.spy_fresh,
            pile_fresh=self.pile_fresh,
            log=log_lines(self.log),
            verdict=self.check.verdict() if self.check is not None and over else None,
            can_share=self.ctx.can_share,
            deal=self.seed,
            daily_day=str(found["day"]) if found is not None else None,
            daily_result=(
                DailyResult(
                    str(found["day"]),
                    int(found["number"]),
                    bool(found["won"]),
                    int(found["score"]),
                    self.ctx.base_url,
                )
                if over and found is not None and found.get("won") is not None
                else None
            ),
            share_link=(link_for(self.ctx, self.share_record()) if self.panel == "share" else None),
            replay_route=replay_route(state.record()) if over else None,
        )

    def render(self) -> str:
        return render(self.scene())

    @classmethod
    def rules_html(cls) -> str:
        return rules_html()
