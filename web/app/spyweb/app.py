"""The app: routes the URL hash to a screen and passes it the page's events.

Routes: `#/` home; `#/<game>` resume (or new); `#/<game>/new`; `#/<game>/deal/<n>`;
`#/<game>/rules`; `#/play/<payload>` a shared game. Pure Python: the DOM layer only
calls `route`, `click`, `submit`, `key`, `tick` and puts `render()` on the page.
"""

from __future__ import annotations

from . import links
from .catalogue import info, is_built, open_screen
from .home import HomeScreen
from .home import preboot_html as home_preboot
from .markup import esc
from .rules import RulesScreen
from .screen import Context, Screen
from .store import Saves, Storage

# Each game's table registers itself with the catalogue on import.
from .tables import load_tables

load_tables()


class App:
    def __init__(self, storage: Storage, base_url: str = "") -> None:
        self.ctx = Context(Saves(storage), base_url=base_url)
        self.screen: Screen = HomeScreen(self.ctx)
        self.hash = "#/"
        self.replace_hash: str | None = None

    # -- routing ---------------------------------------------------------------
    def route(self, location_hash: str) -> None:
        """Show the screen for `location_hash`; a bad address falls back home with a message."""
        self.hash = location_hash or "#/"
        self.ctx.messages.clear()
        parts = [p for p in self.hash.lstrip("#").split("/") if p]
        try:
            self.screen = self._screen_for(parts)
        except links.BadLink as exc:
            self.ctx.notify(str(exc))
            self.screen = HomeScreen(self.ctx)
        if self.ctx.goto is not None:
            # The screen moved itself to a tidier address (a deal or link became the
            # autosave): show that address without a new history entry or a new route.
            self.hash, self.replace_hash, self.ctx.goto = self.ctx.goto, self.ctx.goto, None

    def _screen_for(self, parts: list[str]) -> Screen:
        if not parts:
            return HomeScreen(self.ctx)
        if parts[0] == "play" and len(parts) == 2:
            state = links.decode(parts[1])
            if not is_built(state.game_id):
                raise links.BadLink(f"This link is for {state.game_id}, which is not built yet.")
            return open_screen(self.ctx, state.game_id, state=state)
        game_id = parts[0]
        if info(game_id) is None:
            self.ctx.notify(f"There is no page “{'/'.join(parts)}” here, so here is the home page.")
            return HomeScreen(self.ctx)
        if not is_built(game_id):
            self.ctx.notify(f"{info(game_id).name} is not built yet.")  # type: ignore[union-attr]
            return HomeScreen(self.ctx)
        rest = parts[1:]
        if rest == ["rules"]:
            return RulesScreen(self.ctx, game_id)
        if rest == ["new"]:
            self.ctx.saves.clear(game_id)
            return open_screen(self.ctx, game_id)
        if len(rest) == 2 and rest[0] == "deal":
            if not rest[1].isdigit() or len(rest[1]) > 9:
                self.ctx.notify(f"“{rest[1]}” is not a deal number (use 0 to 999999999).")
                return open_screen(self.ctx, game_id)
            return open_screen(self.ctx, game_id, seed=int(rest[1]))
        return open_screen(self.ctx, game_id)

    # -- events ------------------------------------------------------------------
    def click(self, act: str, arg: str) -> None:
        if act == "dismiss":
            self.ctx.messages.clear()
            return
        self.screen.handle(act, arg)

    def submit(self, act: str, values: dict[str, str]) -> None:
        self.screen.submit(act, values)

    def key(self, key: str) -> bool:
        if key == "Escape" and self.ctx.messages:
            self.ctx.messages.clear()
            return True
        return self.screen.key(key)

    def pending_delay(self) -> int | None:
        return self.screen.pending_delay()

    def tick(self) -> None:
        self.screen.tick()

    def take_navigation(self) -> tuple[str | None, str | None]:
        """(a hash to go to — a new history entry, or a hash to show in place)."""
        target, self.ctx.goto = self.ctx.goto, None
        replace, self.replace_hash = self.replace_hash, None
        return target, replace

    # -- output ------------------------------------------------------------------
    @property
    def title(self) -> str:
        return self.screen.title

    def render(self) -> str:
        problem = self.ctx.saves.take_problem()
        if problem:
            self.ctx.notify(problem)
        body = self.screen.render()
        return self._messages() + body

    def _messages(self) -> str:
        if not self.ctx.messages:
            return ""
        items = "".join(f"<p>{esc(m)}</p>" for m in self.ctx.messages[-3:])
        return (
            f'<div class="notice" role="alert">{items}'
            '<button type="button" class="btn btn-quiet" data-act="dismiss" '
            'aria-label="Dismiss message">✕</button></div>'
        )


def preboot_html() -> str:
    """The home page as shown before Python runs (tiles known, buttons waiting)."""
    return home_preboot()
