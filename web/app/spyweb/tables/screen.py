"""What every screen offers the app: render to HTML, take clicks, keys and timer ticks.

Screens are pure Python (no DOM), so CPython tests drive them exactly as the page does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

import spygames
from spygames.hints import hint_seed
from spygames.i18n import N_, _

from ..browser.store import Saves, Summary
from ..browser.yours_answers import Answers
from ..together.hostings import Hostings
from ..together.tab_posts import TabPost
from . import deals
from .deals import bad_deal, parse_deal


def typing_in(tag: str, editable: bool) -> bool:
    """Is a key pressed on this element typing (a field, a list, editable text)? Then it
    is the field's, never a shortcut: "c" in a name box must not call a bid."""
    return tag.upper() in ("INPUT", "TEXTAREA", "SELECT") or editable


@dataclass(frozen=True)
class Confirm:
    """A question the player must answer before a step that could lose something.
    Yes re-runs the click (or the form, with its `values`) that asked it."""

    act: str
    arg: str
    question: str
    detail: str
    yes: str
    no: str = N_("Keep playing")  # `Context.ask` gives it translated
    values: dict[str, str] | None = None  # set when a form submit asked


VIBRATE_PREF = "turn-vibrate"  # "1": vibrate once when it becomes this device's turn


@dataclass
class Context:
    """What a screen may use: the saves, messages, navigation, questions, page effects."""

    saves: Saves
    base_url: str = ""  # the page's address without the hash, for share links
    can_share: bool = False  # the browser has the Web Share API
    can_scan: bool = False  # the browser reads QR codes from a camera (web/scanner.mjs)
    can_vibrate: bool = False  # the device can vibrate (navigator.vibrate)
    reduced_motion: bool = False  # the player asked for less motion (show steps at once)
    messages: list[str] = field(default_factory=list)
    goto: str | None = None  # a hash the app should navigate to after this event
    confirming: Confirm | None = None  # the open question
    confirmed: tuple[str, str] | None = None  # the step being run after a yes
    effects: list[tuple[str, ...]] = field(default_factory=list)  # for the DOM layer
    refusals: list[str] = field(default_factory=list)  # the messages that refused an input
    passing: list[str] = field(default_factory=list)  # the messages the next move clears

    details: dict[str, str] = field(default_factory=dict)  # a message's fine print
    # Tables played together, by slot: they outlive the screen object, as the page's
    # connections to the friends' devices do (a table asks `Hostings`, never its store).
    hostings: Hostings = field(default_factory=Hostings)
    tab_posts: list[TabPost] = field(default_factory=list)  # for the site's other tabs
    # The games whose "Your bot" this tab holds (the Bot Lab's, spyweb.tables.yours), and its
    # answers come back from the page, by decision.
    yours: set[str] = field(default_factory=set)
    yours_answers: Answers = field(default_factory=Answers)

    def notify(self, message: str, detail: str = "", *, passing: bool = False) -> None:
        """Say something to the player; `detail` (engine words, for a bug report) is
        shown folded away under the message. A message already shown is not said twice:
        it moves to the end. `passing`: a toast (a link copied) that the game's next move
        clears, as it does a refusal."""
        if message in self.messages:
            self.messages.remove(message)
        self.messages.append(message)
        if message in self.passing:
            self.passing.remove(message)
        if passing:
            self.passing.append(message)
        if detail:
            self.details[message] = detail

    def refuse(self, message: str) -> None:
        """Say why the player's input was not taken. Such a message is about that input
        only: a newer refusal replaces it and the next move that goes through clears it."""
        self.messages[:] = [m for m in self.messages if m not in self.refusals]
        self.refusals[:] = [message]
        if message in self.messages:
            self.messages.remove(message)
        self.messages.append(message)

    def moved(self) -> None:
        """The game has moved on: the refusals about earlier inputs no longer apply, and
        the passing toasts go."""
        self.toasts_pass()
        if self.refusals:
            self.messages[:] = [m for m in self.messages if m not in self.refusals]
            self.refusals.clear()

    def toasts_pass(self) -> None:
        """The passing toasts go (the game has moved, here or at the table joined)."""
        if self.passing:
            self.messages[:] = [m for m in self.messages if m not in self.passing]
            self.passing.clear()

    def navigate(self, target: str) -> None:
        self.goto = target

    def ask(
        self,
        act: str,
        arg: str,
        question: str,
        detail: str,
        yes: str,
        values: dict[str, str] | None = None,
    ) -> bool:
        """True when the player has just said yes to this very step: go on. Otherwise
        put the question up and return False; the step runs again on yes."""
        if self.confirmed == (act, arg):
            return True
        self.confirming = Confirm(act, arg, question, detail, yes, _("Keep playing"), values)
        return False

    def effect(self, kind: str, *payload: str) -> None:
        """Something only the page can do: "copy" text, "share" a URL, "download" a file.
        (A screen reader hears each line the log gains: web/page.mjs.)"""
        self.effects.append((kind, *payload))


class Screen:
    """Base screen. `handle` gets `data-act`/`data-arg` of the clicked element."""

    title = "spygames"
    turn_vibrates = "hidden"  # when the turn's vibration is felt: while the tab is hidden

    @property
    def turn_signal(self) -> bool:
        """A person at this device is to play at a table played across devices (the tab's
        title, the app's badge and, if allowed, a vibration say so: `App.take_effects`)."""
        return False

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def render(self) -> str:
        raise NotImplementedError

    def place_notices(self, notices: str, body: str) -> str:
        """The page: the app's messages (`notices`, HTML) and the screen's `body`. Above
        it, unless the screen has a place for them that stays in sight (a guided game's
        panel: `spyweb.screens.guide`)."""
        return notices + body

    def handle(self, act: str, arg: str) -> None:
        """A click on an element with `data-act`."""

    def submit(self, act: str, values: dict[str, str]) -> None:
        """A form with `data-act` was submitted; `values` are its named fields."""

    def drop(self, dragged: str, act: str, arg: str) -> None:
        """An element with `draggable` (its `data-arg` is `dragged`) was dropped on one
        with `data-drop-act` / `data-drop-arg`; a drag is a shortcut for clicks."""

    def key(self, key: str) -> bool:
        """A key press outside form fields; True when it was used."""
        return False

    def keys(self) -> list[str]:
        """The keys `key` would use now (True), found without changing anything: the page
        stops the browser's own use of these (`preventDefault`) without asking Python.
        A screen with `key` answers both from one rule ("which command is this key now?")."""
        return []

    def pending_delay(self) -> int | None:
        """Milliseconds until `tick` should run (a bot to move), or None."""
        return None

    def tick(self) -> bool | None:
        """Run the pending timed step (one bot move); False when nothing the screen shows
        has changed (the screen is then not drawn again)."""
        return None

    def game_table(self) -> GameScreen | None:
        """The game's table this screen plays (itself, or one it wraps), whose slot the
        tabs guard; None for a screen with no game of the saves."""
        return None

    def peer(self, kind: str, key: str, payload: str) -> None:
        """A connection to another device (web/peers.mjs) reports `kind` ("described",
        "open", "message", "closed", "failed") for the connection `key`."""


class GameScreen(Screen):
    """A game's table. Opened with a state (a share link), a seed ("Deal #N"), `new`,
    or none of them (resume the game's current slot, else a new game).

    Every table lives the same life, in a handful of verbs (each game gives what differs):

    - `_furnish()` — the table's own parts, set once before any game arrives.
    - `_arrive(state, seed, new)` — what the table was opened with, the same for every
      table: a shared game, else the current slot (unless a deal or a new game was asked
      for), else `_first_deal(seed)` (Deck of Spies deals at once; a seated table waits
      for its seats screen).
    - `_open(state)` — put a game on the table (resumed, shared, dealt, taken back),
      leaving nothing of the one before.
    - `_play()` — the game just opened is a new one: in a slot of its own, and the
      address loses the link or the deal, so that a reload resumes it.
    - `_deal(seed, ...)` — a new game of the table's game; `_again(seed)` — a new deal
      at this very table (New game, Play again), opened and played.
    - `play(action)` — the person's move (see there).

    It keeps its game in a slot of the saves: `_begin` gives a new game its own slot
    (the one it replaces stays under Saved games), `_save` stores each new position.
    The game's bots (and its Hint) are seeded from `bots_key`, kept in the slot beside
    the record (see `spyweb.tables.deals`): `bot_seed` gives a seat its seed.
    """

    # What the table tells the player it shows when the current slot's save is damaged
    # (marked with N_, translated where it is said).
    instead_of_damaged: ClassVar[str] = N_("A new game has started.")

    game_id = ""
    state: spygames.State | None

    def game_table(self) -> GameScreen:
        return self

    def __init__(
        self,
        ctx: Context,
        state: spygames.State | None = None,
        seed: int | None = None,
        *,
        new: bool = False,
    ) -> None:
        super().__init__(ctx)
        self.slot: str | None = None
        # Why the person's move (seat, action) may not be played now, else None: set by a
        # screen that guides the table (`spyweb.screens.guide`); the table asks before playing.
        self.gate: Callable[[int, dict[str, Any]], str | None] | None = None
        self.bots_key = deals.new_bots_key()
        self.key_kept = False  # bots_key is the resumed game's, from its save
        self.retried = False  # tried again from a review's position (`mark_retried`)
        self._furnish()
        self._arrive(state, seed, new)

    # -- a game arrives ----------------------------------------------------------------------
    def _furnish(self) -> None:
        """The table's own parts, set once before any game arrives."""

    def _arrive(self, state: spygames.State | None, seed: int | None, new: bool) -> None:
        """Open what the table was opened with: a shared game (played in a slot of its
        own), else the game's current slot unless a deal or a new game was asked for,
        else the table's first deal, if it deals one at once."""
        if state is not None:
            self._open(state)
            self._play()
            return
        if seed is None and not new:
            saved = self._resume(_(self.instead_of_damaged))
            if saved is not None:
                self._open(saved)
                return
        dealt = self._first_deal(seed)
        if dealt is not None:
            self._open(dealt)
            self._play()

    def _first_deal(self, seed: int | None) -> spygames.State | None:
        """The game a table opened on no game deals at once: deal #`seed`, else a fresh
        one. None (here): the table waits for its seats screen to deal."""
        return None

    def _open(self, state: spygames.State) -> None:
        """Put this game on the table, leaving nothing of the one before."""
        raise NotImplementedError

    def _play(self) -> None:
        """The table plays the game just opened: in a slot of its own, and a reload
        resumes it rather than opening the link or the deal again."""
        self._begin()
        self.ctx.navigate(f"#/{self.game_id}")

    def _deal(self, seed: int | None, **terms: Any) -> spygames.State:
        """A new game of the table's game: deal #`seed` (a fresh deal when None); `terms`
        are the engine's others (`players`, `options`)."""
        seed = deals.new_seed() if seed is None else seed
        return spygames.get_game(self.game_id).new(seed=seed, **terms)

    def _again(self, seed: int | None = None) -> None:
        """A new deal at this very table (deal #`seed`, else a fresh one), opened and
        played in a slot of its own."""
        raise NotImplementedError

    @classmethod
    def rules_html(cls) -> str:
        """The game's rules in our own words, for the Rules screen and the table's panel."""
        raise NotImplementedError

    @classmethod
    def rules_page(cls, ctx: Context) -> str:
        """The Rules screen's body; a game whose rules page has controls (a card gallery's
        filters, say) reads them from `ctx` here."""
        return cls.rules_html()

    @classmethod
    def rules_handle(cls, ctx: Context, act: str, arg: str) -> None:
        """A click on the Rules screen (only games with controls there need this)."""

    def summary(self) -> Summary:
        """How the Saved games list and the stats describe this game now: at least
        `over`, `progress`, `players`; once over, `result` and `outcome` (see
        spyweb/browser/stats.py)."""
        raise NotImplementedError

    # -- the slot --------------------------------------------------------------------------
    def _resume(self, instead: str | None = None) -> spygames.State | None:
        """The game's current slot, if it opens; `instead` tells the player what the table
        shows when a damaged save cannot be opened ("A new game has started." unless given)."""
        instead = _("A new game has started.") if instead is None else instead
        found = self.ctx.saves.resume(self.game_id, instead)
        if found is None:
            return None
        self.slot, state = found
        kept = self.ctx.saves.slot(self.slot)
        if kept is not None and kept.bots is not None:
            self.bots_key, self.key_kept = kept.bots, True
        self.retried = kept is not None and (kept.summary or {}).get("retried") is True
        return state

    def bot_seed(self, seat: int) -> int:
        """The seed of this game's bot in `seat`."""
        return spygames.bot_seed(self.bots_key, seat)

    def hint_seed(self, seat: int) -> int:
        """The seed of the Hint's bot for `seat`: `spygames.hints.hint_seed`, as a review
        of this game seeds it, so the review repeats the table's Hint."""
        return hint_seed(self.bots_key, seat)

    def _begin(self) -> None:
        """The table now plays a new game: it goes into a slot of its own."""
        assert self.state is not None
        self.ctx.moved()
        self.retried = False  # a new game; `mark_retried` says when it is a try again
        self.slot = self.ctx.saves.start(self.state.record(), self._kept(), self.bots_key)

    def _kept(self) -> dict[str, Any]:
        """The summary kept with the save: the game's, and whether it is a try again."""
        return {**self.summary(), "retried": True} if self.retried else self.summary()

    def mark_retried(self) -> None:
        """This game was opened by a review's "Try again from here" (`#/play/…/retry`):
        Saved games says so, after a reload too, until a new game starts here."""
        self.retried = True
        if self.state is not None and self.slot is not None:
            self.ctx.saves.save(self.slot, self.state.record(), self._kept(), self.bots_key)

    def _save(self) -> None:
        """Store the position the game has just moved to."""
        if self.state is None:
            return
        self.ctx.moved()
        if self.slot is None:
            self._begin()
        else:
            self.ctx.saves.save(self.slot, self.state.record(), self._kept(), self.bots_key)

    def keep(self) -> None:
        """Put this game into a slot of its own in the saves the context has now (a game
        tried from a rules demo, kept): it becomes the game's current one."""
        self.slot = None
        self._begin()

    @property
    def in_progress(self) -> bool:
        """A game the player could lose: begun, unfinished, at least one move made."""
        return self.state is not None and not self.state.is_over and bool(self.state.actions)

    def ask_before_leaving(
        self, act: str, arg: str, question: str, yes: str, values: dict[str, str] | None = None
    ) -> bool:
        """True when nothing is at stake or the player confirmed: the game in progress
        will be kept under Saved games, and the player is told so before choosing."""
        if not self.in_progress:
            return True
        return self.ctx.ask(
            act,
            arg,
            question,
            _(
                "The game you are playing is kept under Saved games, so you can come back to "
                "it later."
            )
            if self.ctx.saves.lasting
            else self.ctx.saves.fleeting,
            yes,
            values=values,
        )

    def play_deal(self, values: dict[str, str]) -> None:
        """The "Deal #" box was submitted: open that deal (asking first in mid-game)."""
        text = values.get("deal", "")
        number = parse_deal(text)
        if number is None:
            self.ctx.refuse(bad_deal(text))
        elif self.ask_before_leaving(
            "deal", "", _("Play deal #{number}?", number=number), _("Play deal"), values
        ):
            self.ctx.navigate(f"#/{self.game_id}/deal/{number}")

    # -- the person's move ------------------------------------------------------------------
    # How the table words an engine's refusal (marked with N_, translated where it is said).
    refusal = N_("That move is not allowed: {reason}.")

    def play(self, action: dict[str, Any]) -> bool:
        """Play `action` as the person's own move, as if they had put it together at the
        table (a guided game plays its steps so: `spyweb.screens.guide`): True once played; else
        the reason is told (a guide's `gate` holding it back, the engine's refusal) and
        nothing changes. A table adds what follows a person's move at it (Espionage hides
        the hand before the next person's turn in pass-and-play)."""
        return self._apply(action)

    def _apply(self, action: dict[str, Any]) -> bool:
        """Play `action` for the seat to play, unless `gate` holds it back; the engine's
        refusal is told in `refusal`'s words. Bots' moves and Hint's come here too."""
        assert self.state is not None
        held = self.gate(self._mover(), action) if self.gate is not None else None
        if held is not None:
            self.ctx.refuse(held)
            return False
        refused = self._try(action)
        if refused is not None:
            self.ctx.refuse(_(self.refusal, reason=refused))
        return refused is None

    def _mover(self) -> int:
        """The seat whose move is being played (the one `gate` is asked about)."""
        assert self.state is not None
        return self.state.to_play[0]

    def _try(self, action: dict[str, Any]) -> str | None:
        """Play `action` for the seat to play: None once played, logged and saved; else
        the engine's reason for refusing it (each table logs and shows its own way)."""
        raise NotImplementedError

    def share_record(self) -> dict[str, Any]:
        """What a share link sends: this deal, from its start."""
        assert self.state is not None
        return {**self.state.record(), "actions": []}


def vibrate_html(ctx: Context) -> str:
    """The choice to feel one's turn at a table played across devices (a checkbox the app
    keeps in `VIBRATE_PREF`), where the device can vibrate."""
    if not ctx.can_vibrate:
        return ""
    on = " checked" if ctx.saves.pref(VIBRATE_PREF) == "1" else ""
    return (
        '<label class="turn-vibrate"><input type="checkbox" data-act="turn-vibrate" '
        f'id="turn-vibrate"{on}> ' + _("Vibrate when it is my turn") + "</label>"
    )
