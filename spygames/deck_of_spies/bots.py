"""The Deck of Spies bots: easy (greedy), normal (a judged heuristic), hard (search).

Every bot decides from the view and the legal actions only. The parts of the table the
view does not show (the order of the draw deck and of the spy deck under the top spy)
are guessed afresh from what the view does show, so a bot given the same view and
the same seed always gives the same answer, whatever the real order is.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence

from ..i18n import _, listed, ngettext
from ..protocol import Action, Advice, Bot, Budget, View
from ..search import Playout, SearchBot
from .deck import (
    ALL_CARDS,
    GROUP_OF,
    IS_ACE,
    IS_FACE,
    NAMES,
    SUIT_OF,
    SUIT_SYMBOL,
    SYMBOLS,
    TIERS,
    VALUES,
    ace_of_suit,
    card_id,
    symbols,
    total,
)
from .payment import payment_options
from .policy import (
    EXPERT,
    TIPS,
    Move,
    Weights,
    choose,
    faces_near,
    play,
    ranked_payments,
    retire_pick,
)
from .table import DEAL, OVER, Table


# -- from a view to a table the bots can play on -------------------------------------
class Guesser:
    """What a view shows, read once; `guess` deals the hidden orders at random.

    The draw deck holds exactly `view["draw_cards"]`; the spy deck under the top spy
    holds every card not in sight, in tier order (5–7 on 8–10 on J–K), each tier
    shuffled. Nothing else is hidden from the player, so nothing else is guessed.
    """

    def __init__(self, view: View) -> None:
        def ids(key: str) -> list[int]:
            return [card_id(text) for text in view[key]]

        hand, discard, spy_discard = ids("hand"), ids("discard"), ids("spy_discard")
        removed, draw, recruited = ids("removed"), ids("draw_cards"), ids("recruited")
        top = [card_id(view["spy"])] if view["spy"] is not None else []
        seen = set(hand + discard + spy_discard + removed + draw + top)
        # Bottom tier first, as the piles are kept (top card last).
        self.tiers = [
            [card for card in ALL_CARDS if card not in seen and GROUP_OF[card] == tier]
            for tier in reversed(TIERS)
        ]
        below = [card for cards in self.tiers for card in cards]
        self.known = Table(
            rng=random.Random(0),
            draw=draw,
            spies=below + top if top else [],
            hand=hand,
            discard=discard,
            spy_discard=spy_discard,
            removed=removed,
            recruited=recruited,
        )
        self.known.phase = view["phase"]
        self.known.retired = bool(view["retired_this_turn"])
        self.known.turn = int(view["turn"])

    def guess(self, rng: random.Random) -> Table:
        """A table consistent with the view, hidden orders drawn with `rng`."""
        table = self.known.copy(rng)
        rng.shuffle(table.draw)
        if table.spies:
            below: list[int] = []
            for cards in self.tiers:
                tier = cards[:]
                rng.shuffle(tier)
                below += tier
            table.spies = below + table.spies[-1:]
        return table


def guess_table(view: View, rng: random.Random) -> Table:
    """A table consistent with `view`, its hidden orders drawn with `rng`."""
    return Guesser(view).guess(rng)


def to_action(move: Move, legal: Sequence[Action]) -> Action | None:
    """The legal action that makes `move` (the same dict object), if there is one."""
    kind, cards = move
    wanted = {NAMES[card] for card in cards}
    for action in legal:
        if action.get("type") != kind:
            continue
        if kind == "assassinate":
            if {action.get("ace")} == wanted:
                return action
        elif set(action.get("cards", ())) == wanted:
            return action
    return None


def to_move(action: Action) -> Move:
    kind = str(action["type"])
    if kind == "assassinate":
        return (kind, (card_id(action["ace"]),))
    return (kind, tuple(card_id(text) for text in action.get("cards", ())))


# -- reasons a player can read ----------------------------------------------------------
def explain(table: Table, move: Move, weights: Weights = TIPS) -> str:
    """One line saying what the move does and why it is sensible."""
    kind, cards = move
    if kind == "end_turn":
        if table.retired:
            return _("end your turn and draw back up to five")
        return _("end your turn: no pair worth retiring now")
    if kind == "retire":
        if VALUES[cards[0]] <= 4:
            return _(
                "retire {cards}: with fewer low cards your strong ones come sooner",
                cards=symbols(cards),
            )
        return _(
            "retire {cards}: a thin deck brings your Aces and faces round more often",
            cards=symbols(cards),
        )
    spy = table.spies[-1]
    if kind == "assassinate":
        return _assassinate_reason(table, spy, cards[0])
    rest = [card for card in table.hand if card not in cards]
    kept = _kept(table, rest, weights)
    if kind == "recruit":
        prize = _("a face card for the final count") if IS_FACE[spy] else _("it joins your deck")
        how = _("the double agent lets any suit pay") if ace_of_suit(SUIT_OF[spy]) in cards else ""
        # translators: {spy} is a card (7♣), {cards} the cards paid (3♣ 4♣), {details} a
        # list of reasons ("it joins your deck, keeps A♥ in reserve")
        return _(
            "recruit the {spy} with {cards}: {details}",
            spy=SYMBOLS[spy],
            cards=symbols(cards),
            details=listed([part for part in (prize, how, kept) if part]),
        )
    _counters, recruits = payment_options(table.hand, spy)
    if not recruits:
        # translators: {suit} is a suit's symbol (♣), {value} the spy's value
        why = _(
            "your {suit} cards cannot reach {value}",
            suit=SUIT_SYMBOL[SUIT_OF[spy]],
            value=VALUES[spy],
        )
    elif VALUES[spy] < weights.recruit_min_value:
        why = _("a low card would only thicken your deck")
    else:
        why = _("recruiting would leave a weaker hand")
    # translators: {spy} is a card (7♣), {cards} the cards paid (3♥ 4♠), {details} a
    # list of reasons ("recruiting would leave a weaker hand, keeps A♥ in reserve")
    return _(
        "counter the {spy} with {cards}: {details}",
        spy=SYMBOLS[spy],
        cards=symbols(cards),
        details=listed([part for part in (why, kept) if part]),
    )


def _assassinate_reason(table: Table, spy: int, ace: int) -> str:
    """Why sacrifice `ace`, from where it is."""
    where = next(place for card, place in table.owned_aces() if card == ace)
    values = {"total": total(table.hand), "value": VALUES[spy], "ace": SYMBOLS[ace]}
    if where == "hand":
        return _(
            "your hand adds up to {total}, short of {value}: sacrifice the {ace} from your "
            "hand (its suit has the fewest faces to come)",
            **values,
        )
    if where == "draw":
        return _(
            "your hand adds up to {total}, short of {value}: sacrifice the {ace} from your "
            "draw deck (its suit has the fewest faces to come)",
            **values,
        )
    return _(
        "your hand adds up to {total}, short of {value}: sacrifice the {ace} from your "
        "discard pile (its suit has the fewest faces to come)",
        **values,
    )


def _kept(table: Table, rest: list[int], weights: Weights) -> str:
    """What the payment leaves in hand that is worth having."""
    aces = [card for card in rest if IS_ACE[card]]
    if aces and weights.ace_late and faces_near(table, weights):
        return _("keeps {cards} for the faces to come", cards=symbols(aces))
    retired = retire_pick(rest, table, weights)
    if retired:
        return _("keeps {cards} back to retire", cards=symbols(retired))
    if aces and weights.ace_kept > 0:
        return _("keeps {cards} in reserve", cards=symbols(aces))
    high = [card for card in rest if VALUES[card] >= 7]
    if high:
        return _("keeps {cards} for the next spy", cards=symbols(high))
    return ""


def _fallback(legal: Sequence[Action]) -> Advice:
    return Advice(legal[0], _("the first legal move"))


# -- easy --------------------------------------------------------------------------------
class EasyBot(Bot):
    """Greedy: recruit when it can, else counter as cheaply as possible; never retires."""

    level = "easy"

    def advise(self, view: View, legal_actions: list[Action]) -> Advice:
        if not legal_actions:
            raise ValueError("no legal actions: the game is over")
        by_kind: dict[str, list[Action]] = {}
        for action in legal_actions:
            by_kind.setdefault(str(action["type"]), []).append(action)
        # Recruit and counter are legal only while a spy is in view.
        spy = SYMBOLS[card_id(view["spy"])] if view.get("spy") else _("the spy")

        def cost(action: Action) -> tuple[int, int]:
            cards = action["cards"]
            return (sum(VALUES[card_id(text)] for text in cards), len(cards))

        if "recruit" in by_kind:
            action = min(by_kind["recruit"], key=cost)
            return Advice(
                action,
                _("recruit the {spy} with {cards}", spy=spy, cards=symbols(to_move(action)[1])),
            )
        if "counter" in by_kind:
            action = min(by_kind["counter"], key=cost)
            return Advice(
                action,
                _(
                    "counter the {spy} as cheaply as possible: {cards}",
                    spy=spy,
                    cards=symbols(to_move(action)[1]),
                ),
            )
        if "assassinate" in by_kind:
            action = by_kind["assassinate"][0]
            return Advice(
                action, _("no way to pay: sacrifice the {ace}", ace=SYMBOLS[to_move(action)[1][0]])
            )
        if "end_turn" in by_kind:
            return Advice(by_kind["end_turn"][0], _("end your turn and draw back up to five"))
        return _fallback(legal_actions)


# -- normal ------------------------------------------------------------------------------
class NormalBot(Bot):
    """Recruits high, keeps an Ace in reserve, leaves the best hand, retires low pairs."""

    level = "normal"
    weights: Weights = TIPS

    def advise(self, view: View, legal_actions: list[Action]) -> Advice:
        if not legal_actions:
            raise ValueError("no legal actions: the game is over")
        # The policy reads which cards are where, never their order, so any guess will
        # do: a fixed one keeps the normal bot's answer a function of the view alone.
        table = guess_table(view, random.Random(0))
        move = choose(table, self.weights)
        action = to_action(move, legal_actions)
        if action is None:
            return _fallback(legal_actions)
        return Advice(action, explain(table, move, self.weights))


# -- hard ------------------------------------------------------------------------------------
class HardBot(SearchBot):
    """Determinized Monte Carlo (`spygames.search`): guess the hidden orders, play each
    candidate out.

    The candidates are the expert policy's `width` best payments, or every retire
    choice, or every Ace to sacrifice. Each is played on guesses of the hidden card
    orders (consistent with the view) and the game finished by the expert policy; the
    outcome is 1 for a win plus 0.02 per face card owned. All candidates are played on
    the same guesses, so they are compared on equal terms, and the weaker half is
    dropped after each stage (successive halving) to spend the budget on the close ones.

    The default budget is 120 playouts a decision and 0.25 s, so a decision stays quick.
    With `Budget(n, None)` the whole budget is played: then the bot is deterministic
    given its seed, and its strength does not depend on how busy the machine is —
    `strength` measures it that way; the cap is a safety net for the browser (see
    docs/bots.md, "the ceiling").
    """

    level = "hard"
    default_budget = Budget(120, 0.25)
    favourite_bonus = 0.01

    def __init__(
        self,
        seed: int | None = None,
        *,
        budget: Budget | None = None,
        width: int = 5,
        weights: Weights = EXPERT,
    ) -> None:
        super().__init__(seed, budget=budget, width=width)
        self.weights = weights

    def think(
        self, view: View, legal_actions: list[Action], slice_s: float
    ) -> Iterator[Advice | None]:
        if not legal_actions:
            raise ValueError("no legal actions: the game is over")
        table = guess_table(view, random.Random(0))
        candidates = self.candidates(table, legal_actions)
        self.last_playouts = 0
        best = 0
        if len(candidates) > 1:
            for step in self._search(view, candidates, slice_s):
                if step is None:
                    yield None
                else:
                    best = step
        move = candidates[best]
        action = to_action(move, legal_actions)
        if action is None:
            yield _fallback(legal_actions)
            return
        reason = explain(table, move, self.weights)
        if self.last_playouts:
            # translators: {reason} is the move's reason; {options} (2 or more) moves were
            # compared over {n} games played out
            reason = ngettext(
                "{reason} (best of {options} options in {n} simulated game)",
                "{reason} (best of {options} options in {n} simulated games)",
                self.last_playouts,
                reason=reason,
                options=len(candidates),
            )
        yield Advice(action, reason)

    def candidates(self, table: Table, legal_actions: Sequence[Action]) -> list[Move]:
        """The moves worth searching, the policy's favourite first."""
        if table.phase == DEAL and not table.must_assassinate():
            ranked = ranked_payments(table, self.weights)
            return [move for _, move in ranked[: self.width]]
        moves = [to_move(action) for action in legal_actions]
        preferred = choose(table, self.weights)
        moves.sort(key=lambda move: move != preferred)
        return moves

    def search(self, view: View, candidates: list[Move]) -> int:
        """The index of the candidate with the best average outcome."""
        for step in self._search(view, candidates, math.inf):
            if step is not None:
                return step
        raise AssertionError("search ended without a choice")

    def _search(self, view: View, candidates: list[Move], slice_s: float) -> Iterator[int | None]:
        """`search`, yielding None whenever a slice of `slice_s` seconds has been used."""
        return self.halve(len(candidates), self._rounds(view, candidates), slice_s)

    def playouts(self, view: View, actions: list[Action]) -> Callable[[], Playout]:
        return self._rounds(view, [to_move(action) for action in actions])

    def _rounds(self, view: View, candidates: list[Move]) -> Callable[[], Playout]:
        """A guess of the hidden orders a call, and the playout of a candidate on it."""
        guesser = Guesser(view)

        def rounds() -> Playout:
            guess = guesser.guess(random.Random(self.rng.getrandbits(64)))
            seed = self.rng.getrandbits(64)

            def play(index: int) -> tuple[float, float]:
                outcome = playout(guess.copy(random.Random(seed)), candidates[index], self)
                return outcome, float(outcome >= 1.0)

            return play

        return rounds


def playout(table: Table, move: Move, bot: HardBot) -> float:
    """Play `move`, finish the game with the policy: 1 for a win, plus 0.02 a face owned."""
    weights = bot.weights
    play(table, move)
    while table.phase != OVER:
        play(table, choose(table, weights))
    faces = table.faces_owned()
    won = not table.lost and faces >= 7
    return (1.0 if won else 0.0) + 0.02 * faces
