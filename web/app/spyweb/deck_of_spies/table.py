"""The Deck of Spies table: the spy, the piles, your hand, the buttons, the log, the end.

A thin screen: it shows `state.view(0)`, asks the engine `why_illegal` for every
button and `undo_point` for Undo, sends `state.apply(action)` and autosaves the record
after each action.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import spygames
from spygames import IllegalAction
from spygames.words import plural

from ..deals import deal_form, new_seed
from ..markup import attrs, esc
from ..screen import Context, GameScreen
from ..share import replay_buttons, share_panel
from . import daily
from . import viewmodel as vm
from .cards import card_back, card_symbol, hand_card, mini_cards, show_card
from .rules import rules_html

if TYPE_CHECKING:
    from .winnable import WinnableCheck

GAME_ID = "deck-of-spies"
HOME_HASH = f"#/{GAME_ID}"
FOUR_COLOUR_PREF = "dos-four-colour"
HINT_BUDGET = spygames.Budget(40, 0.3)  # seconds of search, spread over slices
HINT_SLICE_S = 0.04  # longest stretch of search between two paints


def _game() -> spygames.Game:
    return spygames.get_game(GAME_ID)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _sentence(text: str) -> str:
    """ "drew 3♠" -> "Drew 3♠." (no double stop)."""
    text = _capital(text.strip())
    return text if text.endswith((".", "!", "?")) else text + "."


class DeckOfSpiesTable(GameScreen):
    game_id = GAME_ID
    title = "Deck of Spies — spygames"
    state: spygames.State

    def __init__(
        self,
        ctx: Context,
        state: spygames.State | None = None,
        seed: int | None = None,
        *,
        new: bool = False,
    ) -> None:
        super().__init__(ctx)
        self.selected: list[str] = []
        self.hint: spygames.Advice | None = None
        self.hint_at = -1  # the number of actions the hint was given for
        self.thinking: Iterator[spygames.Advice | None] | None = None  # a hint being worked out
        self.thinking_at = -1
        self.panel: str | None = None  # "rules", "discard", "draw" or "share"
        self.fresh: set[str] = set()  # cards just drawn (animated once)
        self.spy_fresh = False
        self.pile_fresh = False
        self.four_colour = ctx.saves.pref(FOUR_COLOUR_PREF, "0") == "1"
        self.log: list[dict[str, Any]] = []
        self.check: WinnableCheck | None = None  # could the lost deal have been won?
        self._daily_day: tuple[int, str] | None = None  # (deal, its daily day or "")
        resumed = None if state is not None or seed is not None or new else self._resume()
        if resumed is not None:
            self.state = resumed
            self._rebuild_log()
            return
        self.state = (
            state if state is not None else _game().new(seed=new_seed() if seed is None else seed)
        )
        self._started()

    def _started(self) -> None:
        """A new game: give it a slot, and drop the deal from the address so that
        reloading the page resumes this game instead of dealing it again."""
        self._rebuild_log()
        self.spy_fresh = True
        self.fresh = set(self.state.view(0)["hand"])
        self._begin()
        self.ctx.navigate(HOME_HASH)

    # -- the record, the log, saving ---------------------------------------------------
    @property
    def seed(self) -> int:
        return int(self.state.seed)

    @property
    def turn(self) -> int:
        """The turn shown in the header: the one being played, or at the end the last one
        played (the engine's counter has already moved past it when the last spy went)."""
        result = self.state.result
        return int(result["turns"]) if result is not None else int(self.state.view(0)["turn"])

    def summary(self) -> dict[str, Any]:
        result = self.state.result
        summary: dict[str, Any] = {
            "over": result is not None,
            "progress": f"Deal #{self.seed} · turn {self.turn}",
            "players": "Solo",
        }
        if result is not None:
            score = int(result.get("score", 0))
            won = bool(result.get("won"))
            summary["result"] = f"{'Won' if won else 'Lost'} · {score} of 12 face cards"
            summary["outcome"] = {"won": won, "score": score, "table": None}
        return summary

    def _rebuild_log(self) -> None:
        """The move log, by replaying the record and keeping each action's events."""
        record = self.state.record()
        replayed = spygames.replay({**record, "actions": []})
        self.log = [{"turn": 1, "kind": "start", "events": replayed.view(0)["events"]}]
        for action in record["actions"]:
            turn = replayed.view(0)["turn"]
            replayed.apply(action)
            self._log_move(turn, action["type"], replayed)

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

    def _apply(self, action: dict[str, Any]) -> bool:
        """Play `action`; an illegal one explains itself and changes nothing."""
        before = self.state.view(0)
        try:
            self.state.apply(action)
        except IllegalAction as exc:
            self.ctx.refuse(f"Not allowed: {exc.reason}.")
            return False
        after = self.state.view(0)
        self._log_move(before["turn"], action["type"], self.state)
        self.selected = []
        self.hint = None
        self.fresh = set(after["hand"]) - set(before["hand"])
        self.spy_fresh = after["spy"] != before["spy"]
        self.pile_fresh = len(after["discard"]) > len(before["discard"])
        if self.panel in ("discard", "draw", "share"):
            self.panel = None
        self._save()
        if self.state.is_over:
            daily.note_finished(self.ctx.saves, self.state)
        return True

    def _replace(self, state: spygames.State, *, new_game: bool) -> None:
        """Show `state`: a new game (in a slot of its own) or this game taken back."""
        self.state = state
        self.selected = []
        self.hint = None
        self.panel = None
        self.check = None
        self._rebuild_log()
        self.fresh = set(state.view(0)["hand"])
        self.spy_fresh = True
        if new_game:
            self._begin()
        else:
            self._save()

    # -- events ------------------------------------------------------------------------
    def handle(self, act: str, arg: str) -> None:
        self.fresh = set()
        self.spy_fresh = self.pile_fresh = False
        model = vm.build(self.state, self.selected)
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
            button = next((b for b in model.buttons if b.kind == act), None)
            if button is None or button.action is None:
                reason = self.state.why_illegal(
                    {"type": act, "cards": model.selected} if act != "end_turn" else {"type": act}
                )
                self.ctx.refuse(f"Not now: {reason or 'that is not possible here'}.")
            elif button.reason is not None:
                self.ctx.refuse(f"{button.label}: {vm.reason_text(button.reason)}.")
            else:
                self._apply(button.action)
        elif act == "assassinate":
            self._assassinate(model, arg)
        elif act == "hint":
            self._hint()
        elif act == "undo":
            self._undo()
        elif act == "again":
            if self.ask_before_leaving(act, arg, "Restart this deal?", "Restart"):
                self._replace(spygames.replay(self.share_record()), new_game=True)
        elif act == "new":
            if self.ask_before_leaving(act, arg, "Start a new game?", "New game"):
                self._replace(_game().new(seed=new_seed()), new_game=True)
        elif act == "four":
            self.four_colour = not self.four_colour
            self.ctx.saves.set_pref(FOUR_COLOUR_PREF, "1" if self.four_colour else "0")
        elif act == "panel":
            self.panel = None if self.panel == arg else arg

    def submit(self, act: str, values: dict[str, str]) -> None:
        if act == "deal":
            self.play_deal(values)

    def key(self, key: str) -> bool:
        command = vm.command_for_key(key)
        if command is None:
            return False
        act, arg = command
        if act == "clear" and key == "Escape" and not self.selected:
            return False
        self.handle(act, arg)
        return True

    def _toggle(self, card: str) -> None:
        if self.state.is_over or card not in self.state.view(0)["hand"]:
            return
        if card in self.selected:
            self.selected.remove(card)
        else:
            self.selected.append(card)

    def _assassinate(self, model: vm.TableModel, ace: str) -> None:
        if not model.aces:
            reason = self.state.why_illegal({"type": "assassinate", "ace": ace or "AS"})
            self.ctx.refuse(f"Assassinate: {vm.reason_text(reason or 'not possible now')}.")
            return
        if not ace:  # the key: the hinted Ace, else the first one offered
            hint = self.hint if self._hint_current() else None
            hinted = hint.action.get("ace") if hint is not None else None
            ace = hinted or model.aces[0].arg
        self._apply({"type": "assassinate", "ace": ace})

    def _undo(self) -> None:
        """Back where the engine allows (`undo_point`: within the turn, never across
        anything that showed a card), or say why not."""
        point = self.state.undo_point(0)
        if point.upto is None:
            self.ctx.refuse(f"Nothing to undo: {point.reason}.")
            return
        self._replace(spygames.replay(self.state.record(), upto=point.upto), new_game=False)
        self.fresh = set()
        self.spy_fresh = False

    def _hint_current(self) -> bool:
        return self.hint is not None and self.hint_at == len(self.state.actions)

    def _hint(self) -> None:
        if self.state.is_over:
            self.ctx.refuse("The game is over: no more hints.")
            return
        if self._hint_current():
            return
        if self.thinking is not None and self.thinking_at == len(self.state.actions):
            return  # already thinking about this very position
        # A modest budget keeps the answer well under a second in the browser.
        bot = _game().bot("hard", seed=spygames.bot_seed(self.seed, 0, "hint"), budget=HINT_BUDGET)
        # The search runs in short slices between paints (see tick), so the page never
        # freezes while the hint is being worked out.
        self.thinking = bot.think(self.state.view(0), self.state.legal_actions(), HINT_SLICE_S)
        self.thinking_at = len(self.state.actions)
        self.tick()

    def pending_delay(self) -> int | None:
        check = self._check()
        return 0 if self.thinking is not None or (check and check.running) else None

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
        if self.thinking is None:
            check = self._check()
            if check is not None:
                check.step()
            return
        if self.thinking_at != len(self.state.actions):  # the position moved on
            self.thinking = None
            return
        step = next(self.thinking, None)
        if step is not None:
            self.thinking = None
            self.hint = step
            self.hint_at = self.thinking_at
            # the hinted cards are picked for you: one more click plays the hint
            if "cards" in step.action:
                self.selected = list(step.action["cards"])

    # -- drawing -----------------------------------------------------------------------
    def render(self) -> str:
        view = self.state.view(0)
        model = vm.build(self.state, self.selected)
        self.selected = model.selected
        hint = self.hint.action if self._hint_current() and self.hint else None
        classes = "dos" + (" four-colour" if self.four_colour else "")
        over = self.state.result
        return (
            f'<div class="{classes}" data-phase="{esc(model.phase)}" '
            f'data-turn="{view["turn"]}" data-actions="{len(self.state.actions)}">'
            + self._bar(view)
            + (self._end(over) if over else "")
            + self._tally(view)
            + '<div class="dos-layout"><div class="dos-main">'
            + self._board(view)
            + self._hand(view, model, hint)
            + self._actions(model, hint)
            + (self._panel(view) if self.panel == "rules" else "")
            + "</div>"
            + '<aside class="dos-side">'
            + self._hint_box()
            + (self._panel(view) if self.panel != "rules" else "")
            + self._log()
            + deal_form(self.seed)
            + "</aside></div></div>"
        )

    def _bar(self, view: dict[str, Any]) -> str:
        rules_open = self.panel == "rules"
        return (
            '<header class="dos-bar">'
            '<div class="dos-head"><h1 class="dos-title">Deck of Spies</h1>'
            '<p class="dos-meta">'
            + self._daily_tag()
            + f'<span class="dos-deal" data-testid="deal">Deal #{self.seed}</span>'
            f' <span class="dos-turn">Turn {self.turn}</span></p></div>'
            '<div class="dos-bar-actions">'
            + self._btn("Rules", "panel", "rules", id_="btn-rules", pressed=rules_open, quiet=True)
            + self._btn(
                "4-colour",
                "four",
                id_="btn-four",
                pressed=self.four_colour,
                quiet=True,
                title="Four-colour deck: ♦ blue, ♣ green",
            )
            + self._btn(
                "Share",
                "panel",
                "share",
                id_="btn-share",
                pressed=self.panel == "share",
                quiet=True,
            )
            + self._btn("New game", "new", id_="btn-new", quiet=True)
            + "</div></header>"
        )

    @staticmethod
    def _btn(
        label: str,
        act: str,
        arg: str = "",
        *,
        id_: str,
        pressed: bool | None = None,
        quiet: bool = False,
        primary: bool = False,
        disabled: bool = False,
        key: str | None = None,
        described: str | None = None,
        title: str | None = None,
        extra_class: str = "",
    ) -> str:
        cls = "btn" + (" btn-quiet" if quiet else "") + (" btn-primary" if primary else "")
        cls += f" {extra_class}" if extra_class else ""
        kbd = f' <span class="kbd" aria-hidden="true">{esc(key)}</span>' if key else ""
        return (
            "<button"
            + attrs(
                type="button",
                id=id_,
                class_=cls,
                data_act=act,
                data_arg=arg,
                aria_pressed=None if pressed is None else ("true" if pressed else "false"),
                aria_keyshortcuts=key,
                aria_describedby=described,
                title=title,
                disabled=disabled,
            )
            + f">{label}{kbd}</button>"
        )

    def _tally(self, view: dict[str, Any]) -> str:
        mine = int(view["faces_owned"])
        theirs = int(view["faces_with_spies"])
        need = int(view["faces_to_win"])
        slots = []
        for index in range(12):
            if index < mine:
                kind = "mine"
            elif index >= 12 - theirs:
                kind = "theirs"
            else:
                kind = "open"
            goal = " goal" if index == need - 1 else ""
            slots.append(f'<span class="slot {kind}{goal}"></span>')
        return (
            f'<section class="dos-tally" aria-label="Face cards: you {mine}, spies {theirs}; '
            f'{need} of 12 to win">'
            '<p class="dos-tally-text" aria-hidden="true">'
            f'Face cards: <b class="you">you {mine}</b>'
            f' · <b class="them">spies {theirs}</b> <span class="dos-tally-goal">({need} to win)'
            "</span></p>"
            f'<div class="dos-race" aria-hidden="true">{"".join(slots)}</div></section>'
        )

    def _board(self, view: dict[str, Any]) -> str:
        spy = view["spy"]
        if spy:
            spy_html = (
                f'<div class="dos-spy-card{" fresh" if self.spy_fresh else ""}">'
                + show_card(spy, size="big")
                + "</div>"
                f'<p class="dos-spy-label"><span class="sr-only">The spy: </span>'
                f'<b>{esc(card_symbol(spy))}</b> needs <b class="dos-need">{view["spy_value"]}</b>'
                "</p>"
            )
        else:
            spy_html = '<div class="dos-spy-card"><span class="pcard pc-big pc-empty"></span></div>'
        tier_now = vm.current_tier(view)
        tiers = "".join(
            f'<li class="tier{" now" if label == tier_now else ""}{" done" if not left else ""}">'
            f'<span class="tier-name">{label}</span> <span class="tier-left">{left}</span></li>'
            for label, left in vm.tiers_left(view)
        )
        spy_deck = (
            '<div class="dos-spydeck">'
            + card_back(extra="pc-stack", count=view["spies_left"])
            + f'<p class="dos-spies-left"><b>{view["spies_left"]}</b> '
            + f"{plural(view['spies_left'], 'spy', 'spies')} left</p>"
            f'<ol class="dos-tiers" aria-label="Spies left by group">{tiers}</ol></div>'
        )
        discard = view["discard"]
        top = (
            show_card(
                discard[-1], extra="pile-top" + (" fresh" if self.pile_fresh else ""), label=False
            )
            if discard
            else '<span class="pcard pc-empty" aria-hidden="true"></span>'
        )
        removed = view["removed"]
        piles = (
            '<div class="dos-piles">'
            + self._pile(
                "draw",
                card_back(count=view["draw_count"]),
                f"Draw deck <b>{view['draw_count']}</b>",
            )
            + self._pile(
                "discard",
                top + f'<span class="pile-count" aria-hidden="true">{len(discard)}</span>',
                f"Discard <b>{len(discard)}</b>",
            )
            + '<div class="dos-pile dos-pile-static">'
            + card_back(extra="pc-spies", count=len(view["spy_discard"]))
            + f'<span class="dos-pile-label">Spies’ pile <b>{len(view["spy_discard"])}</b></span>'
            "</div>"
            + (
                '<div class="dos-pile dos-pile-static dos-removed">'
                + mini_cards(removed)
                + '<span class="dos-pile-label">Out of the game</span></div>'
                if removed
                else ""
            )
            + "</div>"
        )
        return (
            '<section class="dos-board" aria-label="The table">'
            f'<div class="dos-spyzone"><div class="dos-spy">{spy_html}</div>{spy_deck}</div>'
            f"{piles}</section>"
        )

    def _pile(self, name: str, face: str, caption: str) -> str:
        """A pile as a button; its name is the caption it shows ("Draw deck 33") with
        the rest in visually hidden text, so what is read and what is seen agree."""
        opened = self.panel == name
        return (
            "<button"
            + attrs(
                type="button",
                id=f"pile-{name}",
                class_="dos-pile",
                data_act="panel",
                data_arg=name,
                aria_expanded="true" if opened else "false",
            )
            + f'>{face}<span class="dos-pile-label">{caption}'
            '<span class="sr-only"> cards — show them</span></span></button>'
        )

    def _hand(self, view: dict[str, Any], model: vm.TableModel, hint: Any) -> str:
        hinted = set(vm.hint_cards(hint))
        over = self.state.is_over
        cards = "".join(
            hand_card(
                card,
                index=index,
                selected=card in model.selected,
                hinted=card in hinted,
                fresh=card in self.fresh,
                disabled=over,
            )
            for index, card in enumerate(view["hand"])
        )
        if not cards:
            cards = '<p class="dos-empty">Your hand is empty.</p>'
        need = view["spy_value"]
        total_text = f'Selected <b data-testid="selected-total">{model.total}</b>' + (
            f" / {need}" if need and model.phase == "deal" else ""
        )
        return (
            '<section class="dos-handzone" aria-label="Your hand">'
            f'<p class="dos-prompt" role="status">{esc(model.prompt)}</p>'
            f'<div class="dos-hand">{cards}</div>'
            f'<p class="dos-total">{total_text} · hand total {view["hand_total"]}'
            + (
                ' <button type="button" id="btn-clear" class="btn btn-quiet btn-small" '
                'data-act="clear" data-arg="">Clear '
                '<span class="kbd" aria-hidden="true">X</span></button>'
                if model.selected
                else ""
            )
            + "</p></section>"
        )

    def _actions(self, model: vm.TableModel, hint: Any) -> str:
        groups = []
        hint_type = hint.get("type") if hint else None
        for button in model.buttons:
            why_id = f"why-{button.kind}"
            primary = button.enabled
            label = button.label
            groups.append(
                f'<div class="dos-act{" hinted" if hint_type == button.kind else ""}">'
                + self._btn(
                    label,
                    button.kind,
                    id_=f"act-{button.kind.replace('_', '-')}",
                    primary=primary,
                    disabled=not button.enabled,
                    key=vm.KEY_OF[button.kind],
                    described=why_id if button.reason else None,
                )
                + (
                    f'<span class="dos-why" id="{why_id}">{esc(vm.reason_text(button.reason))}'
                    "</span>"
                    if button.reason
                    else '<span class="dos-why ok">Ready</span>'
                )
                + "</div>"
            )
        for ace in model.aces:
            hinted = hint_type == "assassinate" and hint.get("ace") == ace.arg
            groups.append(
                f'<div class="dos-act{" hinted" if hinted else ""}">'
                + self._btn(
                    esc(ace.label),
                    "assassinate",
                    ace.arg,
                    id_=f"act-assassinate-{ace.arg}",
                    primary=True,
                    disabled=not ace.enabled,
                    key="A" if ace is model.aces[0] else None,
                )
                + "</div>"
            )
        tools = (
            '<div class="dos-tools">'
            + self._btn(
                "Thinking…" if self.thinking is not None else "Hint",
                "hint",
                id_="btn-hint",
                key="H",
                disabled=self.state.is_over,
                quiet=True,
            )
            + self._undo_button()
            + "</div>"
        )
        return (
            '<section class="dos-actions" aria-label="Actions">'
            f'<div class="dos-act-row">{"".join(groups)}</div>{tools}</section>'
        )

    def _undo_button(self) -> str:
        """Undo, off with the engine's reason (as its tooltip, and read out with it)."""
        point = self.state.undo_point(0)
        off = f"Undo is off: {point.reason}." if point.upto is None else None
        return self._btn(
            "Undo",
            "undo",
            id_="btn-undo",
            key="U",
            disabled=off is not None,
            quiet=True,
            title=off,
            described="why-undo" if off else None,
        ) + (f'<span class="sr-only" id="why-undo">{esc(off)}</span>' if off else "")

    def _hint_box(self) -> str:
        if not self._hint_current() or self.hint is None:
            return ""
        action = self.hint.action
        data = attrs(
            data_hint_type=action.get("type"),
            data_hint_cards=" ".join(action.get("cards", [])) or None,
            data_hint_ace=action.get("ace"),
            data_hint=json.dumps(action, separators=(",", ":")),
        )
        return (
            f'<section class="dos-hint" role="status"{data}>'
            f'<p><span class="dos-hint-tag">Hint</span> <b>{esc(vm.describe(action))}</b></p>'
            f'<p class="dos-hint-why">{esc(_sentence(self.hint.reason))}</p></section>'
        )

    def _end(self, result: dict[str, Any]) -> str:
        won = bool(result.get("won"))
        heading = "You won!" if won else "The spies won"
        return (
            f'<section class="dos-end {"won" if won else "lost"}" data-testid="end" '
            f'data-won="{"true" if won else "false"}" aria-labelledby="dos-end-title">'
            f'<h2 id="dos-end-title">{heading}</h2>'
            f'<p class="dos-score">Score <b>{int(result.get("score", 0))}</b> of 12 face cards</p>'
            f'<p class="dos-reason">{esc(result.get("reason", ""))}</p>'
            + (check.render() if (check := self._check()) else "")
            + self._daily_result()
            + '<div class="dos-end-actions">'
            + self._btn("Play this deal again", "again", id_="btn-again", primary=True)
            + self._btn("New game", "new", id_="btn-new-end")
            + replay_buttons(self.state.record())
            + "</div></section>"
        )

    def _daily_tag(self) -> str:
        """ "Daily deal — 2026-12-02 · " when this deal is a day's daily deal."""
        if self.state.setup is not None:
            return ""
        if self._daily_day is None or self._daily_day[0] != self.seed:  # read once a deal
            found = daily.entry_for_seed(self.ctx.saves, self.seed)
            self._daily_day = (self.seed, str(found["day"]) if found is not None else "")
        day = self._daily_day[1]
        return (
            f'<span class="dos-daily-tag" data-testid="daily-tag">Daily deal — {esc(day)}</span> · '
            if day
            else ""
        )

    def _daily_result(self) -> str:
        """A daily deal's kept result, with Share result."""
        if self.state.setup is not None:
            return ""
        found = daily.entry_for_seed(self.ctx.saves, self.seed)
        if found is None or found.get("won") is None:
            return ""
        return daily.result_box(found, self.ctx.base_url)

    def _panel(self, view: dict[str, Any]) -> str:
        if self.panel == "rules":
            return (
                '<section class="dos-panel dos-panel-rules" aria-label="Rules">'
                + rules_html()
                + self._btn("Close rules", "panel", "rules", id_="btn-rules-close", quiet=True)
                + "</section>"
            )
        if self.panel == "discard":
            cards = view["discard"]
            body = (
                mini_cards(cards)
                if cards
                else "<p>Empty: your used cards and recruited spies will gather here.</p>"
            )
            return (
                '<section class="dos-panel" aria-label="Your discard pile">'
                f"<h2>Your discard pile ({len(cards)})</h2>{body}"
                "<p class='dos-note'>Shuffled into a new draw deck when the deck runs out.</p>"
                "</section>"
            )
        if self.panel == "draw":
            cards = view.get("draw_cards", [])
            body = mini_cards(cards) if cards else "<p>Empty.</p>"
            return (
                '<section class="dos-panel" aria-label="Your draw deck">'
                f"<h2>Your draw deck ({len(cards)})</h2>{body}"
                "<p class='dos-note'>You know which cards are in it, not their order.</p>"
                "</section>"
            )
        if self.panel == "share":
            return share_panel(
                self.ctx,
                self.share_record(),
                title=f"Share deal #{self.seed}",
                note="The link deals the same cards from the start.",
                close=("panel", "share"),
            )
        return ""

    def _log(self) -> str:
        items = []
        for entry in reversed(self.log[-60:]):
            texts = [str(event.get("text", "")) for event in entry["events"]]
            texts = [t for t in texts if t]
            if not texts:
                continue
            main, rest = texts[0], texts[1:]
            sub = "".join(f'<span class="dos-log-sub">{esc(_sentence(t))}</span>' for t in rest)
            items.append(
                f'<li class="log-{esc(entry["kind"])}"><span class="dos-log-turn">'
                f"T{entry['turn']}</span> <span>{esc(_sentence(main))}{sub}</span></li>"
            )
        return (
            '<section class="dos-log" role="log" aria-label="Move log">'
            '<h2>Log <span class="dos-note">latest first</span></h2>'
            f'<ol class="dos-log-list" tabindex="0" aria-label="Moves, newest first">'
            f"{''.join(items)}</ol></section>"
        )

    @classmethod
    def rules_html(cls) -> str:
        return rules_html()
