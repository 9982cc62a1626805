"""Deck of Spies: the state of a game, what may be played, what the player sees, the result.

Actions (JSON-safe dicts; cards are text like "10H", in any order inside "cards"):

- `{"type": "counter", "cards": [...]}` — pay for the spy with cards from the hand whose
  values reach its value, every card necessary (sum >= v and sum - lowest < v). The spy
  goes to the spy discard pile, the cards to the draw discard pile; the spy deck lies
  face up, so the next spy (`view["spy"]`) is in view at once.
- `{"type": "recruit", "cards": [...]}` — the same, but every card of the spy's suit,
  unless the Ace of that suit is among them: then it counts 1, need not be necessary,
  and the other cards may be of any suit. The spy joins the draw discard pile.
- `{"type": "assassinate", "ace": "AH"}` — only when the whole hand adds up to less
  than the spy. The Ace (from the hand, the draw deck — which is then shuffled — or the
  draw discard pile) leaves the game, the spy goes to the spy discard pile, the hand to
  the draw discard pile, and the turn ends (the hand is drawn back up to five).
- `{"type": "retire", "cards": [...]}` — after countering or recruiting, once a turn:
  two or more cards of one rank from the hand to the spy discard pile, for good.
- `{"type": "end_turn"}` — after countering or recruiting: draw back up to five,
  shuffling the draw discard pile into a new draw deck whenever the deck runs out (if
  both are empty the hand stays short). The next spy is the one faced in the new turn.

A turn therefore goes: counter or recruit, optionally retire, end turn — or
assassinate, which ends the turn by itself. The last spy's turn is played the same
way: after paying for it the player may still retire, and the game ends with
`end_turn` (or at once when the last spy is assassinated).

Undo (`undo_point(0)`, DESIGN.md "Every game — Undo"): one decision back at a time, only
within the turn, and never across anything that showed a card: not across `end_turn` or
an `assassinate` (both draw the new hand, may reshuffle, and show the next spy), nor
across a counter or recruit that uncovered the next spy (the spy deck lies face up, so
the next spy is in view as soon as the top one is dealt with), and never once the game
is over: a player cannot look ahead in the decks and replay knowing them. What remains
is a retire, and the payment for the last spy.

Setup: the four groups shuffled with the state's seeded generator, or a scripted
`setup` naming the top of the spy deck and draw deck (and, for short demos, cards
already on the discard piles) — see `setup.py`.

The game is lost at once when a spy comes up that the hand cannot pay for and no Ace
is left anywhere in the player's deck. Otherwise it ends after the last spy: won with 7
or more of the 12 face cards owned (hand + draw deck + draw discard pile). The "Keep
score" variant is always on: the result's `score` is the number of face cards owned.
"""

from __future__ import annotations

from typing import Any, Final

from ..errors import InvalidCard, InvalidSetup
from ..i18n import N_, _
from ..protocol import Action, Result, State, UndoPoint, View
from .deck import (
    GROUP_OF,
    IS_ACE,
    IS_FACE,
    NAMES,
    SYMBOLS,
    TIERS,
    VALUES,
    card_id,
    names,
    ordered,
    total,
)
from .payment import payment_flaw, payment_options, read_selection, retire_flaw, retire_options
from .setup import lay_out
from .table import AFTER, DEAL, OVER, Event

GAME_ID: Final = "deck-of-spies"
FACES_TO_WIN: Final = 7
FACES: Final = 12
ACTION_FIELDS: Final = {
    "counter": ("cards",),
    "recruit": ("cards",),
    "assassinate": ("ace",),
    "retire": ("cards",),
    "end_turn": (),
}
TURN_ENDS: Final = frozenset({"end_turn", "assassinate"})
"""The actions that end a turn: the new hand and the next spy are shown."""
PAYMENTS: Final = frozenset({"counter", "recruit"})
# Why Undo is off, worded to follow "Undo is off: " (translated where they are used).
DEAL_START: Final = N_("this is the start of the deal")
NEW_TURN: Final = N_("a new turn has begun and its cards have been shown")
NEXT_SPY: Final = N_("the next spy has been shown since")


class DeckOfSpiesState(State):
    """One game of Deck of Spies; seat 0 is the only player."""

    game_id = GAME_ID

    def __init__(
        self, *, seed: int, players: int, options: dict[str, Any], setup: dict[str, Any] | None
    ) -> None:
        super().__init__(seed=seed, players=players, options=options, setup=setup)
        if self.options:
            raise InvalidSetup(
                f"Deck of Spies has no option {sorted(self.options)[0]!r} "
                "(the Keep score variant is always on: see the result's score)"
            )
        self.table = lay_out(self.rng, self.setup)
        self.table.start()
        self.events: list[Event] = self._take_events()

    # -- whose turn, what is legal -----------------------------------------------------
    @property
    def to_play(self) -> list[int]:
        return [] if self.table.phase == OVER else [0]

    def legal_actions(self) -> list[Action]:
        table = self.table
        if table.phase == OVER:
            return []
        if table.phase == AFTER:
            retires: list[Action] = []
            if not table.retired:
                retires = [
                    {"type": "retire", "cards": names(cards)}
                    for cards in retire_options(table.hand)
                ]
            return [*retires, {"type": "end_turn"}]
        if table.must_assassinate():
            return [
                {"type": "assassinate", "ace": NAMES[ace]}
                for ace in ordered(ace for ace, _ in table.owned_aces())
            ]
        spy = table.spies[-1]
        counters, recruits = payment_options(table.hand, spy)
        return [{"type": "counter", "cards": names(cards)} for cards in counters] + [
            {"type": "recruit", "cards": names(cards)} for cards in recruits
        ]

    def why_illegal(self, action: Action) -> str | None:
        if self.table.phase == OVER:
            return _("the game is over")
        kind = action.get("type")
        if kind not in ACTION_FIELDS:
            return f"unknown action {kind!r}: counter, recruit, assassinate, retire or end_turn"
        extra = sorted(set(action) - {"type", *ACTION_FIELDS[kind]})
        if extra:
            return f"a {kind} action has no {extra[0]!r}"
        if kind == "assassinate":
            return self._assassinate_problem(action.get("ace"))
        if kind == "retire":
            return self._retire_problem(action.get("cards"))
        if kind == "end_turn":
            return self._deal_first() if self.table.phase == DEAL else None
        return self._payment_problem(kind, action.get("cards"))

    def _deal_first(self) -> str:
        if self.table.must_assassinate():
            return _("assassinate first: you must deal with the spy")
        return _("counter first: you must deal with the spy")

    def _payment_problem(self, kind: str, cards: object) -> str | None:
        table = self.table
        if table.phase != DEAL:
            return _("you have already dealt with this turn's spy: retire or end your turn")
        if cards is None:
            return f"a {kind} action needs 'cards': a list of cards like '7H'"
        spy = table.spies[-1]
        if table.must_assassinate():
            # translators: {spy} is a card (K♦), {value} its value, {total} the hand's
            return _(
                "your whole hand adds up to {total}, less than the {spy}'s {value}: "
                "you must assassinate it",
                total=total(table.hand),
                spy=SYMBOLS[spy],
                value=VALUES[spy],
            )
        chosen, problem = read_selection(table.hand, cards)
        if problem is not None:
            return problem
        return payment_flaw(chosen, spy, kind, table.hand)

    def _assassinate_problem(self, ace_text: object) -> str | None:
        table = self.table
        if table.phase != DEAL:
            return _("you have already dealt with this turn's spy: retire or end your turn")
        spy = table.spies[-1]
        if not table.must_assassinate():
            # translators: {value} is the spy's value
            return _(
                "you can still pay: assassinate only when your hand sums below {value}",
                value=VALUES[spy],
            )
        if ace_text is None:
            return "an assassinate action needs 'ace': the Ace to sacrifice, like 'AH'"
        try:
            ace = card_id(ace_text)
        except InvalidCard as exc:
            return str(exc)
        if not IS_ACE[ace]:
            return _("the {card} is not an Ace: only Aces are double agents", card=SYMBOLS[ace])
        if ace in table.removed:
            return _("the {card} is already out of the game", card=SYMBOLS[ace])
        if all(ace != owned for owned, _ in table.owned_aces()):
            return _("the {card} is not in your hand, draw deck or discard pile", card=SYMBOLS[ace])
        return None

    def _retire_problem(self, cards: object) -> str | None:
        table = self.table
        if table.phase == DEAL:
            return self._deal_first()
        if table.retired:
            return _("you have already retired this turn")
        if cards is None:
            return "a retire action needs 'cards': a list of cards like '2H'"
        chosen, problem = read_selection(table.hand, cards)
        if problem is not None:
            return problem
        return retire_flaw(chosen)

    # -- playing -----------------------------------------------------------------------
    def _play(self, action: Action) -> None:
        table = self.table
        kind = action["type"]
        # Cards go to the piles in display order, whatever their order in the action, so
        # the same move always leaves the same piles (and the same later reshuffles).
        if kind in ("counter", "recruit"):
            table.pay(kind, ordered(card_id(text) for text in action["cards"]))
        elif kind == "retire":
            table.retire(ordered(card_id(text) for text in action["cards"]))
        elif kind == "assassinate":
            table.assassinate(card_id(action["ace"]))
        else:
            table.end_turn()
        self.events = self._take_events()

    def _take_events(self) -> list[Event]:
        assert self.table.events is not None
        events = self.table.events[:]
        self.table.events.clear()
        result = self.result
        if result is not None:
            events.append({"kind": "game_over", "text": result["reason"], "won": result["won"]})
        return events

    def _undo_point(self, seat: int) -> UndoPoint:
        """Back before the last action while it is one of this turn's (see the module)."""
        if not self.actions:
            return UndoPoint(None, _(DEAL_START))
        kind = self.actions[-1]["type"]
        if kind in TURN_ENDS:
            return UndoPoint(None, _(NEW_TURN))
        if kind in PAYMENTS and self.table.spy is not None:  # the spy under it is in view
            return UndoPoint(None, _(NEXT_SPY))
        return UndoPoint(len(self.actions) - 1)

    # -- what the player sees ----------------------------------------------------------
    def view(self, seat: int) -> View:
        if isinstance(seat, bool) or seat != 0:
            raise ValueError(f"no seat {seat!r}: Deck of Spies has one seat, 0")
        table = self.table
        spy = table.spy
        spies_by_tier = dict.fromkeys(TIERS, 0)
        for card in table.spies:
            spies_by_tier[GROUP_OF[card]] += 1
        return {
            "game": GAME_ID,
            "seat": 0,
            "to_play": self.to_play,
            "phase": table.phase,
            "turn": table.turn,
            "hand": names(table.hand),
            "hand_total": total(table.hand),
            "spy": NAMES[spy] if spy is not None else None,
            "spy_value": VALUES[spy] if spy is not None else None,
            "must_assassinate": table.phase == DEAL and table.must_assassinate(),
            "spies_left": len(table.spies),
            "spies_left_by_tier": spies_by_tier,
            "draw_count": len(table.draw),
            # The player knows which cards are in the draw deck (they are the cards of
            # their deck not in sight), never in what order: sorted, not as they lie.
            "draw_cards": names(ordered(table.draw)),
            "discard": names(table.discard),
            "spy_discard": names(table.spy_discard),
            "removed": names(table.removed),
            "recruited": names(table.recruited),
            "owned_aces": [
                {"card": NAMES[ace], "where": where} for ace, where in table.owned_aces()
            ],
            "faces_owned": table.faces_owned(),
            "faces_with_spies": sum(IS_FACE[card] for card in table.spy_discard),
            "faces_to_win": FACES_TO_WIN,
            "retired_this_turn": table.retired,
            "events": [dict(event) for event in self.events],
        }

    @property
    def result(self) -> Result | None:
        table = self.table
        if table.phase != OVER:
            return None
        score = table.faces_owned()
        with_spies = sum(IS_FACE[card] for card in table.spy_discard)
        if table.lost:
            spy = table.spies[-1]
            won = False
            ending = "no_double_agent"
            # translators: {spy} is a card (K♦), {value} its value, {total} the hand's
            reason = _(
                "The {spy} needs {value} but your hand adds up to {total}, and no double "
                "agent is left: the spies have won.",
                spy=SYMBOLS[spy],
                value=VALUES[spy],
                total=total(table.hand),
            )
        elif score >= FACES_TO_WIN:
            won = True
            ending = "infiltrated"
            if score == FACES:
                reason = _(
                    "You own {score} of the {faces} face cards — a perfect game: you have "
                    "infiltrated the spy networks.",
                    score=score,
                    faces=FACES,
                )
            else:
                reason = _(
                    "You own {score} of the {faces} face cards: you have infiltrated the spy "
                    "networks.",
                    score=score,
                    faces=FACES,
                )
        else:
            won = False
            ending = "outnumbered"
            # translators: {kept} is how many face cards the spies keep, {needed} how
            # many face cards a win needs
            reason = _(
                "You own {score} of the {faces} face cards and the spies keep {kept}: "
                "you needed {needed}.",
                score=score,
                faces=FACES,
                kept=with_spies,
                needed=FACES_TO_WIN,
            )
        return {
            "winners": [0] if won else [],
            "reason": reason,
            "won": won,
            "score": score,
            "ending": ending,
            "faces_with_spies": with_spies,
            "spies_left": len(table.spies),
            "turns": table.turn if table.lost else table.turn - 1,
        }
