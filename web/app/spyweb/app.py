"""The app: routes the URL hash to a screen and passes it the page's events.

Routes: `#/` home; `#/<game>` resume (or new); `#/<game>/new`; `#/<game>/deal/<n>`;
`#/<game>/rules[/<demo>]` rules and demos; `#/<game>/learn` the guided first game;
`#/play/<payload>` a shared game;
`#/replay/<payload>[/<seat>][/embed]` a replay; `#/review/<payload>[/<seat>]` a review;
`#/saves` saved games; `#/stats`.
Pure Python: the DOM layer only calls `route`, `click`, `submit`, `drop`, `key`, `tick`, runs
the effects it is handed (copy, share, download) and puts `render()` on the page.

No route destroys a game: a new, dealt or shared game gets its own slot and the one in
progress stays under Saved games.
"""

from __future__ import annotations

from typing import Any

from spygames import guides
from spygames.i18n import _

from .browser import links, stats
from .browser.store import KEPT, KEPT_PREF, Saves, Storage
from .browser.tabs import Tabs, elsewhere
from .catalogue import info, is_built, open_screen, own_route
from .screens.home import HomeScreen
from .screens.home import preboot_html as home_preboot
from .screens.rules import RulesScreen
from .screens.saved import SavedGamesScreen, StatsScreen
from .tables.deals import bad_deal, parse_deal
from .tables.notices import notices_html, question_html, save_status_html
from .tables.screen import VIBRATE_PREF, Context, GameScreen, Screen
from .together.between_tabs import BetweenTabs
from .together.wire import HOST

# Each game's table is imported when that game is first opened (catalogue.screen_class).


class App:
    def __init__(self, storage: Storage, base_url: str = "", *, can_share: bool = False) -> None:
        saves = Saves(storage)
        saves.on_finish = lambda slot: stats.count(saves, slot)
        self.ctx = Context(saves, base_url=base_url, can_share=can_share)
        self.tabs = Tabs(saves)
        self.screen: Screen = HomeScreen(self.ctx)
        self.hash = "#/"
        self.replace_hash: str | None = None
        self._instead: str | None = None  # a bad address: what the URL bar shows instead
        self.turn = False  # the turn signal last sent to the page (`take_effects`)

    # -- routing ---------------------------------------------------------------
    def route(self, location_hash: str) -> None:
        """Show the screen for `location_hash`; a bad address falls back home with a message."""
        self.hash = location_hash or "#/"
        self.ctx.messages.clear()
        self.ctx.confirming = None
        self.ctx.saves.elsewhere.clear()  # a table opened now reads the newest save
        self.ctx.details.clear()
        parts = [p for p in self.hash.lstrip("#").split("/") if p]
        self._instead = None
        try:
            self.screen = self._screen_for(parts)
        except links.BadLink as exc:
            self.ctx.notify(exc.message, exc.detail)
            self.screen = HomeScreen(self.ctx)
            self._instead = "#/"
        if self.ctx.goto is None and self._instead is not None:
            self.ctx.goto = self._instead  # so a reload does not open the bad address again
        if self.ctx.goto is not None:
            # The screen moved itself to a tidier address (a deal or link became the
            # autosave): show that address without a new history entry or a new route.
            self.hash, self.replace_hash, self.ctx.goto = self.ctx.goto, self.ctx.goto, None

    def _screen_for(self, parts: list[str]) -> Screen:
        if not parts:
            return HomeScreen(self.ctx)
        if parts == ["saves"]:
            return SavedGamesScreen(self.ctx)
        if parts == ["stats"]:
            return StatsScreen(self.ctx)
        if parts[0] == "replay" and 2 <= len(parts) <= 4:
            from .screens.replay import ReplayScreen  # not needed to start the app: loaded on use

            state = links.decode(parts[1])
            seat = int(parts[2]) if len(parts) > 2 and parts[2].isdigit() else 0
            return ReplayScreen(self.ctx, state.record(), seat=seat, embed=parts[-1] == "embed")
        if parts[0] == "review" and 2 <= len(parts) <= 3:
            from .screens.review import ReviewScreen  # loaded on use

            state = links.decode(parts[1])
            seat = int(parts[2]) if len(parts) > 2 and parts[2].isdigit() else 0
            return ReviewScreen(self.ctx, state.record(), seat=seat)
        if parts[0] == "answer" and len(parts) == 2:
            from .together.answer import AnswerScreen  # loaded on use

            answer = AnswerScreen(self.ctx, parts[1])
            if answer.passing:  # to the table that invited the friend, in another tab
                self.tabs.outbox.append({"kind": "reply", "code": parts[1], "tab": self.tabs.id})
            return answer
        if parts[0] == "join" and len(parts) == 2:
            from .together.join import JoinScreen  # loaded on use

            return JoinScreen(self.ctx, parts[1])
        if parts[0] == "play" and (len(parts) == 2 or parts[2:] == ["retry"]):
            state = links.decode(parts[1])
            if not is_built(state.game_id):
                raise links.BadLink(
                    # translators: {game} is a game's id ("espionage")
                    _("This link is for {game}, which is not built yet.", game=state.game_id)
                )
            screen = open_screen(self.ctx, state.game_id, state=state)
            if len(parts) == 3 and isinstance(screen, GameScreen):  # a review's try again
                screen.mark_retried()
            return screen
        game_id = parts[0]
        game = info(game_id)
        if game is None:
            self.ctx.notify(
                # translators: {page} is the address asked for, after the site's
                _(
                    "There is no page “{page}” here, so here is the home page.",
                    page="/".join(parts)[:80],
                )
            )
            self._instead = "#/"
            return HomeScreen(self.ctx)
        if not is_built(game_id):
            # translators: {game} is a game's name
            self.ctx.notify(_("{game} is not built yet.", game=game.name))
            self._instead = "#/"
            return HomeScreen(self.ctx)
        rest = parts[1:]
        if rest[:1] == ["rules"] and len(rest) <= 2:
            return RulesScreen(self.ctx, game_id, rest[1] if len(rest) == 2 else None)
        if rest == ["learn"] and guides.has_guide(game_id):
            from .screens.guide import GuideScreen  # loaded on use

            return GuideScreen(self.ctx, game_id)
        if rest == ["new"]:
            return open_screen(self.ctx, game_id, new=True)
        own = own_route(self.ctx, game_id, rest) if rest else None
        if own is not None:
            return own
        if len(rest) == 2 and rest[0] == "deal":
            number = parse_deal(rest[1])
            if number is not None:
                return open_screen(self.ctx, game_id, seed=number)
            self.ctx.notify(bad_deal(rest[1]))
        elif rest:
            self.ctx.notify(
                # translators: {page} is the address asked for; {game} a game's name
                _(
                    "There is no page “{page}” here, so here is {game}.",
                    page="/".join(parts)[:80],
                    game=game.name,
                )
            )
        self._instead = f"#/{game_id}" if rest else None
        return open_screen(self.ctx, game_id)

    # -- events ------------------------------------------------------------------
    def click(self, act: str, arg: str) -> None:
        if act == "dismiss":
            self.ctx.messages.clear()
        elif act == "never-kept":
            self.ctx.messages[:] = [m for m in self.ctx.messages if m != _(KEPT)]
            self.ctx.saves.set_pref(KEPT_PREF, "1")
        elif act == "confirm-yes":
            self._confirmed()
        elif act == "confirm-no":
            self.ctx.confirming = None
        elif act == "copy":
            self.ctx.effect("copy", arg)
        elif act == "copy-embed":
            self.ctx.effect("copy", arg, "embed-snippet")
        elif act == "copy-result":
            self.ctx.effect("copy", arg, "daily-share")
        elif act == "webshare":
            self.ctx.effect("share", arg)
        elif act == "take-over":
            self._take_over()
        elif act == "turn-vibrate":
            on = self.ctx.saves.pref(VIBRATE_PREF) != "1"
            self.ctx.saves.set_pref(VIBRATE_PREF, "1" if on else "0")
        elif self.ctx.confirming is None and not self.away:
            self.screen.handle(act, arg)

    def _confirmed(self) -> None:
        asked, self.ctx.confirming = self.ctx.confirming, None
        if asked is None:
            return
        self.ctx.confirmed = (asked.act, asked.arg)
        try:
            if asked.values is not None:
                self.screen.submit(asked.act, asked.values)
            else:
                self.screen.handle(asked.act, asked.arg)
        finally:
            self.ctx.confirmed = None

    def submit(self, act: str, values: dict[str, str]) -> None:
        if self.ctx.confirming is None and not self.away:
            self.screen.submit(act, values)

    def drop(self, dragged: str, act: str, arg: str) -> None:
        """Something dragged (its `data-arg`) was dropped on a target (`data-drop-*`)."""
        if self.ctx.confirming is None and not self.away:
            self.screen.drop(dragged, act, arg)

    def key(self, key: str) -> bool:
        taker = self._key_taker(key)
        if taker == "question":
            self.ctx.confirming = None
        elif taker == "notice":
            self.ctx.messages.clear()
        return taker in ("question", "notice") or (taker == "screen" and self.screen.key(key))

    def keys(self) -> list[str]:
        """The keys `key` would use now (True), found without changing anything: sent
        with each frame, so that the page stops the browser's own use of exactly these
        (`preventDefault`) without asking Python."""
        screen = self.screen.keys()
        return [
            key
            for key in dict.fromkeys(["Escape", *screen])
            if (taker := self._key_taker(key)) in ("question", "notice")
            or (taker == "screen" and key in screen)
        ]

    def _key_taker(self, key: str) -> str | None:
        """Who takes `key` now: "question" (Escape closes the open question), "notice"
        (Escape dismisses the messages), "screen" (if the screen uses it), or None."""
        if self.ctx.confirming is not None:
            # Enter and Space still press the dialog's focused button
            return "question" if key == "Escape" else None
        if self.away:
            return None
        if key == "Escape" and self.ctx.messages:
            return "notice"
        return "screen"

    def effect_done(self, kind: str, ok: bool) -> None:
        """The page reports how an effect went (the clipboard may be refused): said in a
        toast the game's next move clears (`Context.notify`)."""
        if kind == "copy-embed":
            self.ctx.notify(
                _("Copied — paste it into your page.")
                if ok
                else _("Your browser did not allow copying: select the HTML and copy it."),
                passing=True,
            )
        elif kind == "copy-result":
            self.ctx.notify(
                _("Result copied — paste it to your friends.")
                if ok
                else _("Your browser did not allow copying: select the text and copy it."),
                passing=True,
            )
        elif kind == "copy":
            self.ctx.notify(
                _("Link copied — paste it to a friend.")
                if ok
                else _("Your browser did not allow copying: select the link and copy it."),
                passing=True,
            )
        elif kind == "copy-reply":
            self.ctx.notify(
                self._reply_copied()
                if ok
                else _("Your browser did not allow copying: select the reply and copy it."),
                passing=True,
            )
        elif kind.startswith("copy-invite"):
            seat, hosting = kind.removeprefix("copy-invite-"), getattr(self.screen, "hosting", None)
            names = hosting.names if hosting is not None else []
            named = seat.isdigit() and int(seat) < len(names)
            self.ctx.notify(
                _("Your browser did not allow copying: select the link and copy it.")
                if not ok
                # translators: {name} is the name of the friend's seat
                else _("Invitation copied — send it to {name}.", name=names[int(seat)])
                if named
                else _("Invitation copied — send it to your friend."),
                passing=True,
            )

    def _reply_copied(self) -> str:
        """The toast for a reply copied: on the friend's page, for the host who invited
        them; on the host's (a reply opened as a link), for her own table."""
        invitation = getattr(self.screen, "invitation", None)
        if invitation is not None:
            # translators: {name} is the name of the friend who hosts the table
            return _("Reply copied — send it back to {name}.", name=invitation.host_name)
        return _("Reply copied — paste it into the Friends panel at your table.")

    def peer(self, kind: str, key: str, payload: str) -> None:
        """A connection to another device reports (see web/peers.mjs). A friend's seat
        (keyed by its number) reports to the table this tab hosts (one at a time:
        `SeatedTable._keep_hosting`), whichever page the host is looking at — the saved
        games, the rules, another table — so that it keeps playing the friends' moves and
        saving them; the friend's own connection ("host") to the screen that opened it."""
        hosting = self.ctx.hostings.held() if key != HOST else None
        if hosting is not None:
            hosting.peer(kind, key, payload)
            return
        self.screen.peer(kind, key, payload)

    def scanned(self, kind: str, key: str, payload: str) -> None:
        """The camera reports (see web/scanner.mjs): scanning can be offered here
        (`able`), or how a scan went, to the table that asked for it."""
        if kind == "able":
            self.ctx.can_scan = True
            return
        hosting = getattr(self.screen, "hosting", None)
        if hosting is None:
            hosting = self.ctx.hostings.held()
        if hosting is not None:
            hosting.scanned(kind, key, payload)

    def take_effects(self) -> list[tuple[str, ...]]:
        self._signal_turn()
        effects, self.ctx.effects = self.ctx.effects, []
        return effects

    def _turn_now(self) -> bool:
        """A person at this device is to play at a table played across devices: on this
        screen, or at the table this tab hosts while the host looks at another page."""
        return self.screen.turn_signal or self.ctx.hostings.host_to_play()

    def _signal_turn(self) -> None:
        """Say so when it becomes this device's turn at a table played together, and when
        it no longer is: the page sets or clears the app's badge, and — if the player
        allowed it (`VIBRATE_PREF`) — vibrates once ("always" on a friend's device; on the
        host's, only while the tab is hidden: the host is looking at the table otherwise)."""
        turn = self._turn_now()
        if turn == self.turn:
            return
        self.turn = turn
        vibrate = ""
        if turn and self.ctx.can_vibrate and self.ctx.saves.pref(VIBRATE_PREF) == "1":
            vibrate = self.screen.turn_vibrates
        self.ctx.effect("turn", "1" if turn else "0", vibrate)

    def pending_delay(self) -> int | None:
        return None if self.away else self.screen.pending_delay()

    def tick(self) -> bool | None:
        """A timed step of the screen's; False when nothing it shows has changed."""
        return None if self.away else self.screen.tick()

    # -- other tabs ----------------------------------------------------------------
    @property
    def playing(self) -> str | None:
        """The slot of the game on this tab's table, if any."""
        table = self.screen.game_table()
        return table.slot if table is not None else None

    @property
    def away(self) -> bool:
        """This tab's game is being played in another tab: the table is set aside."""
        return self.tabs.away(self.playing)

    def tab_message(self, message: object) -> bool:
        """A message from another tab of the site; True when the page must be redrawn."""
        together = self._between_tabs().heard(message)
        if together is not None:
            return together
        return self._step_back(self.tabs.heard(message, self.playing or self._hosted()))

    def _between_tabs(self) -> BetweenTabs:
        return BetweenTabs(self.ctx, self.tabs, self.screen, self.playing, self.away)

    def _hosted(self) -> str | None:
        """The slot of the table this tab hosts friends at, while it shows another page."""
        return self.ctx.hostings.live_slot()

    def _step_back(self, stepped: bool) -> bool:
        """Another tab plays this tab's game now (`stepped`): its friends are told."""
        if stepped:
            self._between_tabs().let_go(self.playing or self._hosted())
        return stepped

    def storage_changed(self, key: str) -> bool:
        """Another tab wrote `key` to storage; True when the page must be redrawn."""
        return self._step_back(self.tabs.stored(key, self.playing or self._hosted()))

    def take_posts(self) -> list[dict[str, Any]]:
        """Messages for the other tabs (after each redraw)."""
        posts, self.ctx.tab_posts = self.ctx.tab_posts, []
        return self.tabs.posts(self.playing) + [{**p, "tab": self.tabs.id} for p in posts]

    def _take_over(self) -> None:
        """Play here the game another tab had: reload it from storage, tell that tab."""
        slot, table = self.playing, self.screen.game_table()
        if slot is None or table is None or not self.away:
            return
        self.tabs.take_over(slot)
        if self.ctx.saves.make_current(slot):
            # the same screen again (a guided game's, say), at the newest position
            self.route(self.hash if table is not self.screen else f"#/{table.game_id}")
        else:
            self.route("#/saves")
            self.ctx.notify(_("That game is no longer saved in this browser."))
        self.replace_hash = self.hash

    def take_navigation(self) -> tuple[str | None, str | None]:
        """(a hash to go to — a new history entry, or a hash to show in place)."""
        target, self.ctx.goto = self.ctx.goto, None
        replace, self.replace_hash = self.replace_hash, None
        return target, replace

    # -- output ------------------------------------------------------------------
    @property
    def title(self) -> str:
        if self._turn_now():
            # translators: the page's title when it is your turn; {title} the page's own
            return _("Your turn — {title}", title=_(self.screen.title))
        return _(self.screen.title)  # a screen's constant title is marked (N_), said here

    def render(self) -> str:
        body = elsewhere() if self.away else self.screen.render()  # first: may report a save
        details = self.ctx.saves.take_details()
        for message in self.ctx.saves.take_messages():
            self.ctx.notify(message, details.get(message, ""))
        page = self._not_saving() + body
        notices = notices_html(self.ctx.messages, self.ctx.details)
        page = notices + page if self.away else self.screen.place_notices(notices, page)
        return page + question_html(self.ctx.confirming)

    def _not_saving(self) -> str:
        """While saving fails, the table says so (until a save works again)."""
        why = self.ctx.saves.failing
        if why is None or self.playing is None or self.away:
            return ""
        return save_status_html(why)


def preboot_html() -> str:
    """The home page as shown before Python runs (tiles known, buttons waiting)."""
    return home_preboot()
