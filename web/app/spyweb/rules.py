"""The Rules screen: each game's rules in our own words, reachable from the home page."""

from __future__ import annotations

from .catalogue import SCREENS, info
from .markup import esc
from .screen import Context, Screen


class RulesScreen(Screen):
    def __init__(self, ctx: Context, game_id: str) -> None:
        super().__init__(ctx)
        self.game_id = game_id
        game = info(game_id)
        self.name = game.name if game else game_id
        self.title = f"{self.name} — rules — spygames"

    def handle(self, act: str, arg: str) -> None:
        SCREENS[self.game_id].rules_handle(self.ctx, act, arg)

    def render(self) -> str:
        return (
            '<div class="rules-page">'
            '<nav class="crumbs"><a href="#/">spygames</a> › '
            f'<a href="#/{esc(self.game_id)}">{esc(self.name)}</a> › Rules</nav>'
            f'<article class="rules">{SCREENS[self.game_id].rules_page(self.ctx)}</article>'
            f'<p><a class="btn btn-primary" href="#/{esc(self.game_id)}">Play {esc(self.name)}</a>'
            "</p></div>"
        )
