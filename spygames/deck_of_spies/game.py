"""The Deck of Spies game, declared once: every static fact about it, and the factory
for its states and bots. Light on purpose: the registry imports it to list the game,
so the rules, the bots and the words are imported only when a game or a bot is asked
for (a page that lists the games loads no game's rules)."""

from __future__ import annotations

from ..i18n import N_
from ..protocol import Budget, Game


class DeckOfSpies(Game):
    """Solo deck-builder with a standard 52-card deck."""

    id = "deck-of-spies"
    name = N_("Deck of Spies")  # translated where it is shown: _(game.name)
    min_players = 1
    max_players = 1
    top_score = 12  # the face cards a player can own
    endings = frozenset({"no_double_agent", "infiltrated", "outnumbered"})
    demo_prefix = "dos"
    guide = "spygames.deck_of_spies.guide"
    hint_budget = Budget(40)  # 40 playouts: about 20 ms on CPython, under a second on a phone
    retry_from_review = True  # one seat, no hidden hand of another: the deal can be replayed
    demo_size = (560, 500)
    invariants = "spygames.deck_of_spies.invariants"
    state_type = "spygames.deck_of_spies.rules:DeckOfSpiesState"
    bot_types = (
        "spygames.deck_of_spies.bots:EasyBot",
        "spygames.deck_of_spies.bots:NormalBot",
        "spygames.deck_of_spies.bots:HardBot",
    )
    text = "spygames.deck_of_spies.text"


GAME = DeckOfSpies()
