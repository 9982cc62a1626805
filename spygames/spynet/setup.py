"""Laying out a SpyNet table: the seeded deal, or a scripted one for demos and tests.

Options (kept in the record): `{"situation": None | "<id>" | "random"}` — no situation
(the default), the one named (`"s1"`..`"s8"`), or one drawn with the seeded generator
after the first player is chosen; `"opening"`: `"draft"`, `"deal"` or `"short-draft"`
(3 players only) (see `OPENINGS`: how each player gets a first card; absent =
`"draft"`, the rule every record made before the rulings was played by — a new game at
3 players records `"short-draft"`, see `opening_for`; records made under the ruling
before it say `"deal"`); and `"seats"`, the table's names, people and bots (`spygames.seats`, as
in Espionage: the rules never look at them).

`setup` (every key optional) fixes what would be random:

- `"first"`: the first player's seat.
- `"deck"`: the deck, top card first. When given, it is the whole deck: cards named
  nowhere in the setup are left out of the game. When not, every card not named
  elsewhere is shuffled into the deck.
- `"piles"`: three lists, the cards of piles 1, 2 and 3 (a list may be empty); when
  not given, each pile gets the deck's top card, as in the rules.
- `"hands"`: a list of hands by seat. When given there is no opening draft (the hands
  are what it would have dealt); when not, the draft is played from the deck's top.
- `"tableaus"`: cards already in play, a list by seat of
  `{"agents": {branch: [{"card": id, "funding": [ids]}, ...]}, "missions": {branch: [ids]}}`
  (agents bottom first; any branch may be left out).
- `"discard"`: cards already in the discard pile.
- `"final"`: the final round under way (with `"hands"` and an empty deck): `first` takes
  a final turn now, then each seat listed, in order, takes its own — the turns left
  after the one being played, as the view's `final_turns_left` shows them.
"""

from __future__ import annotations

import random
from typing import Any

from ..errors import InvalidSetup
from .cards import AGENT, BRANCH_IDS, CARDS, DECK, KIND, MISSION, SITUATION_BY_ID
from .situation import Situation
from .table import DRAFT, PILES, Table

SETUP_KEYS = ("first", "deck", "piles", "hands", "tableaus", "discard", "final")
OPTIONS = ("situation", "opening", "seats")
OPENINGS = ("draft", "deal", "short-draft")
"""How the players get their first card. `draft`: the player to the first player's right
draws as many cards as there are players, keeps one and passes the rest to the right,
and so on (the rules' setup step 5). `deal`: from the first player on, in turn order,
each player gets the deck's top card. `short-draft` (3 players): the third player in
turn order gets the deck's top card; the first player draws the next two, keeps one and
passes the other to the left, to the second player.

Ruling (3 players, the opening deal): at 3 players the draft decided too much — over
2,000 games of equal normal bots the player who drafts first (the third in turn order)
won 37.4% and the first player, who gets the last card without a choice, 29.0%. So at 3
players nobody drafted: each player was dealt one card. Dealt, over 2,000 games the
first, second and third players won 31.9%, 36.8% and 31.4%: the second player still
3.5 points over a fair third.

Ruling (3 players, the short draft), which replaces it for new games (`opening_for`):
the first player picks the better of two cards and the second player gets the other,
which costs the second player its edge and gives the first a little; the third player's
card is dealt. Over 2,000 games of equal normal bots the first, second and third
players won 35.5%, 32.4% and 32.0%, every place within 3 points of a fair third
(docs/spynet-balance.md). At 2 and 4 players the full draft stays: it evens out there.
Records keep the opening they name."""


def opening_for(players: int) -> str:
    """The opening a new game is played with (Ruling: 3 players, the short draft)."""
    return "short-draft" if players == 3 else "draft"


def read_opening(options: dict[str, Any], players: int) -> str:
    opening = options.get("opening", "draft")
    if opening not in OPENINGS:
        raise InvalidSetup(f"opening must be one of {', '.join(OPENINGS)} — not {opening!r}")
    if opening == "short-draft" and players != 3:
        raise InvalidSetup(f"the short-draft opening is for 3 players, not {players}")
    return str(opening)


def read_situation(options: dict[str, Any], rng: random.Random) -> Situation:
    unknown = set(options) - set(OPTIONS)
    if unknown:
        raise InvalidSetup(
            f"unknown option {', '.join(sorted(unknown))} (SpyNet's options are situation, "
            "opening and seats)"
        )
    chosen = options.get("situation")
    if chosen is None:
        return Situation.of(None)
    if chosen == "random":
        return Situation.of(rng.choice(sorted(SITUATION_BY_ID)))
    if not isinstance(chosen, str) or chosen not in SITUATION_BY_ID:
        ids = ", ".join(sorted(SITUATION_BY_ID))
        raise InvalidSetup(f"situation must be none, 'random' or one of {ids} — not {chosen!r}")
    return Situation.of(chosen)


class _Claims:
    """Checks that each card named in a setup is a real card, named once, of the right kind."""

    def __init__(self) -> None:
        self.seen: set[str] = set()

    def card(self, where: str, card: Any, kind: str | None = None) -> str:
        if not isinstance(card, str) or card not in CARDS:
            raise InvalidSetup(f"setup {where}: {card!r} is not a SpyNet card id")
        if card in self.seen:
            raise InvalidSetup(f"setup {where}: {card} is named twice")
        if kind is not None and KIND[card] != kind:
            raise InvalidSetup(
                f"setup {where}: {card} is not {'an' if kind == 'agent' else 'a'} {kind}"
            )
        self.seen.add(card)
        return card

    def cards(self, where: str, cards: Any, kind: str | None = None) -> list[str]:
        if not isinstance(cards, list):
            raise InvalidSetup(f"setup {where} must be a list of card ids")
        return [self.card(where, c, kind) for c in cards]


def _seat_list(setup: dict[str, Any], key: str, players: int) -> list[Any]:
    value = setup[key]
    if not isinstance(value, list) or len(value) != players:
        raise InvalidSetup(f"setup {key} must be a list of {players}, one per seat")
    return value


def _branch_map(where: str, value: Any) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict) or not set(value) <= set(BRANCH_IDS):
        raise InvalidSetup(f"setup {where} must map branches ({', '.join(BRANCH_IDS)}) to lists")
    return value


def lay_out(
    players: int, setup: dict[str, Any] | None, options: dict[str, Any], rng: random.Random
) -> Table:
    """The table at the start of the game: the draft under way, or the first turn."""
    setup = setup or {}
    unknown = set(setup) - set(SETUP_KEYS)
    if unknown:
        raise InvalidSetup(
            f"unknown setup keys {', '.join(sorted(unknown))} "
            f"(SpyNet takes {', '.join(SETUP_KEYS)})"
        )
    claims = _Claims()
    table = Table.empty(players, Situation())
    if "tableaus" in setup:
        for seat, tableau in enumerate(_seat_list(setup, "tableaus", players)):
            _lay_tableau(table, seat, tableau, claims)
    if "discard" in setup:
        table.discard = claims.cards("discard", setup["discard"])
    hands = None
    if "hands" in setup:
        hands = [
            claims.cards(f"hand {s}", h) for s, h in enumerate(_seat_list(setup, "hands", players))
        ]
    if "final" in setup and hands is None:
        raise InvalidSetup("setup final needs the hands (a final round has no opening)")
    piles = None
    if "piles" in setup:
        if not isinstance(setup["piles"], list) or len(setup["piles"]) != PILES:
            raise InvalidSetup("setup piles must be a list of three piles")
        piles = [claims.cards(f"pile {i + 1}", p) for i, p in enumerate(setup["piles"])]
    if "deck" in setup:
        deck = claims.cards("deck", setup["deck"])
    else:
        deck = [c for c in DECK if c not in claims.seen]
        rng.shuffle(deck)
    table.deck = deck[::-1]  # top card last
    if piles is None:
        piles = [table.take_from_deck(1) for _ in range(PILES)]
    table.piles = piles
    if "first" in setup:
        first = setup["first"]
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
            raise InvalidSetup(f"setup first must be a seat from 0 to {players - 1}")
    else:
        first = rng.randrange(players)
    table.situation = read_situation(options, rng)
    opening = read_opening(options, players)
    table.tableau_changed()
    if hands is None:
        if len(table.deck) <= players:
            raise InvalidSetup(
                f"the deck needs more than {players} cards for the opening {opening}"
            )
        if opening == "deal":
            _deal(table, first)
        elif opening == "short-draft":
            _short_draft(table, first)
        else:
            _draft(table, first)
    else:
        if "final" in setup:
            if deck:
                raise InvalidSetup("setup final: the final round comes once the deck is empty")
            table.final, table.final_left = True, _final_turns(setup["final"], players, first)
        elif not table.deck:
            raise InvalidSetup("the deck needs at least one card (or a final round: setup final)")
        table.hands = hands
        table.first = first
        table.begin_turn(first)
    return table


def _draft(table: Table, first: int) -> None:
    """Setup step 5: the player to the first player's right draws a packet."""
    table.first = first
    drafter = (first - 1) % table.players
    table.draft = table.take_from_deck(table.players)
    table.phase, table.turn, table.actor = DRAFT, drafter, drafter


def _deal(table: Table, first: int) -> None:
    """Setup step 5 dealt (the "deal" opening, 3 players): from the first player on, each
    player gets the deck's top card; then the first player's turn begins."""
    table.first = first
    for k in range(table.players):
        table.hands[(first + k) % table.players] += table.take_from_deck(1)
    table.begin_turn(first)


def _short_draft(table: Table, first: int) -> None:
    """Setup step 5 as a draft of two (the "short-draft" opening, 3 players): the third
    player in turn order is dealt the deck's top card; then the first player draws two,
    keeps one and passes the other to the left, to the second player."""
    table.first = first
    table.hands[(first + 2) % table.players] += table.take_from_deck(1)
    table.draft = table.take_from_deck(2)
    table.phase, table.turn, table.actor = DRAFT, first, first


def _final_turns(value: Any, players: int, first: int) -> list[int]:
    """The seats still to take a final turn after `first`, each once."""
    if not isinstance(value, list) or not all(
        isinstance(s, int) and not isinstance(s, bool) and 0 <= s < players for s in value
    ):
        raise InvalidSetup(f"setup final must list seats from 0 to {players - 1}")
    if len(set(value)) != len(value) or first in value:
        raise InvalidSetup("setup final: each seat takes one final turn (first's is now)")
    return list(value)


def _lay_tableau(table: Table, seat: int, tableau: Any, claims: _Claims) -> None:
    where = f"tableau {seat}"
    if not isinstance(tableau, dict) or not set(tableau) <= {"agents", "missions"}:
        raise InvalidSetup(f"setup {where} must be {{'agents': ..., 'missions': ...}}")
    for branch, stack in _branch_map(f"{where} agents", tableau.get("agents")).items():
        if not isinstance(stack, list):
            raise InvalidSetup(f"setup {where} agents in {branch} must be a list")
        for entry in stack:
            if not isinstance(entry, dict) or not set(entry) <= {"card", "funding"}:
                raise InvalidSetup(f"setup {where}: an agent is {{'card': id, 'funding': [ids]}}")
            card = claims.card(where, entry.get("card"), "agent")
            if branch not in AGENT[card].branches:
                raise InvalidSetup(f"setup {where}: {card} does not belong to {branch}")
            funding = claims.cards(where, entry.get("funding", []), "funding")
            table.agents[seat][branch].append((card, tuple(funding)))
    for branch, cards in _branch_map(f"{where} missions", tableau.get("missions")).items():
        for card in claims.cards(f"{where} missions", cards, "mission"):
            if branch not in MISSION[card].branches:
                raise InvalidSetup(f"setup {where}: {card} does not belong to {branch}")
            table.missions[seat][branch].append(card)
