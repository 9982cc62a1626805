"""The SpyNet game, declared once: every static fact about it, and the factory for its
states and bots. Light on purpose: the registry imports it to list the game, so the
rules, the bots and the words are imported only when a game or a bot is asked for."""

from __future__ import annotations

from typing import Any

from ..protocol import Budget, Game, State


class SpyNet(Game):
    """Static facts about SpyNet and the factory for its states and bots."""

    id = "spynet"
    name = "SpyNet"
    min_players = 2
    max_players = 4
    endings = frozenset({"points", "funding", "shared"})
    demo_prefix = "sn"
    guide = "spygames.spynet.guide"
    hint_budget = Budget(70)  # the hard bot's own playouts
    demo_size = (760, 640)
    invariants = "spygames.spynet.invariants"
    state_type = "spygames.spynet.rules:SpyNetState"
    bot_types = (
        "spygames.spynet.bots:EasyBot",
        "spygames.spynet.bots:NormalBot",
        "spygames.spynet.bots:HardBot",
    )
    text = "spygames.spynet.text"

    def rule_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """A new game at 3 players records its opening, the short draft (Ruling: 3
        players, the short draft, `setup.OPENINGS`); a record keeps the opening it names
        (`"deal"` from the ruling before) and, absent, as in every older record, the
        opening is the full draft, so those replay as they were played."""
        from .setup import opening_for

        opening = opening_for(players)
        if "opening" in options or opening == "draft":
            return options
        return {**options, "opening": opening}

    def teams(self, players: int) -> list[list[int]]:
        from .table import teams_for

        return teams_for(players)

    def summary(self, state: State) -> dict[str, Any]:
        """For `simulate`: the game's length in turns; credits for each place in the turn
        order ("turn order 1" is the first player: seats are dealt the first turn at
        random, so this is where an advantage of playing first would show) and for each
        card played (to the seat that played it)."""
        from .cards import CARDS
        from .rules import SpyNetState

        assert isinstance(state, SpyNetState)
        t = state.table
        order = {f"turn order {k + 1}": [(t.first + k) % t.players] for k in range(t.players)}
        cards = {f"{c} {CARDS[c].name}": [s] for c, s in t.played_by.items()}
        return {"measures": {"turns": t.turn_number}, "credits": order | cards}


GAME = SpyNet()
