"""Espionage: the state of a game, its actions and how a round is settled.

Seats are numbered from 0; people read them as "player 1", "player 2", ... (seat + 1).

Actions (the only three; the seat acting is always `to_play[0]`):

- `{"type": "bid", "count": N, "attribute": A, "next": S}` — an opening bid, or a raise
  over the standing bid: "at least N cards count for A in all hands together". `A` is
  one of `cards.ATTRIBUTES` (a role, faction or city). `S` is the player who takes the
  next turn: any other player still in (with active Sources). `N` runs from 1 to the
  number of cards dealt this round and may not be below the standing bid; a bid at the
  same count as before must name an attribute not yet bid at that count this round.
- `{"type": "call"}` — the standing bid is too high. Every hand is shown and the count
  is matches + Mercenaries − Traitors (it may be below zero). If the count is at least
  the bid, the caller's Source goes underground; otherwise the bidder's.
- `{"type": "spot"}` — the standing bid is exactly right. If the count equals the bid,
  the bidder's Source goes underground and the spotter scores a point; otherwise the
  spotter's Source goes underground and the bidder scores a point.

Call and spot need a standing bid and are made by the player whose turn it is (the one
the last bidder named).

Flow of a round, and the reveal: a call or spot settles the round at once, inside the
same `apply`. If nobody has won, the next round is shuffled and dealt straight away and
its opener is to play. So that a UI can still show what happened, `view(seat)["revealed"]`
carries the finished round (every hand, the count and its parts, the bid, who called or
spotted, who lost a Source and who scored) from that call or spot until the first bid of
the new round, then it is null again. `view(seat)["last_round"]` keeps the same summary
for the whole of the next round (and at the end of the game). There is no separate
"next round" action.

Openers: the first round's opener is `setup["first"]`, else a seat drawn from the
seeded generator. Afterwards the loser of the last round opens; if that player has just
been eliminated, the other party of the call or spot opens.

The game ends at once when a player reaches 3 points, or when only one player has any
active Sources left.

Undo (`undo_point(seat)`, DESIGN.md "Every game — Undo"): back to just before the seat's
last decision — taking back with it the bids the others made since, which show no card
— but never across a call or spot: once every hand has been shown, a move taken back
would be played again knowing them. Never once the game is over.

`setup` (scripted demos and tests): `{"hands": [[card, ...] by seat], "first": seat}`
fixes the first round's deal and opener (either key may be left out). Two optional
extras start a game part-way: `"sources"` (active Sources by seat) and `"points"`.

`options` may be `{}` (a table nobody has described) or `{"seats": [seat, ...]}`, one
entry per player, so that the table travels with the record (a save, a share link):
`{"name": str, "kind": "human" | "bot", "level": "easy" | "normal" | "hard"}`, checked by
`spygames.seats` (shared with SpyNet). The rules never look at the seats: they are the
table's description for whoever shows the game. `view(seat)["names"]`
lists the seat names (null without seats); who is a person or a bot, and at what level,
is in the record's options, and is no secret either.
"""

from __future__ import annotations

from typing import Any, Final

from ..errors import InvalidSetup
from ..i18n import N_, _, listed, ngettext
from ..protocol import GAME_OVER, Action, Result, State, UndoPoint, View
from ..seats import read_seats
from .cards import ATTRIBUTES, DECK, attribute_name, bid_words, check_card, tally
from .outcome import outcome as _outcome

SOURCES_FOR: Final = {2: 6, 3: 4, 4: 3}
"""Active Sources each player starts with, by number of players."""
POINTS_TO_WIN: Final = 3
ACTION_KEYS: Final = {
    "bid": {"type", "count", "attribute", "next"},
    "call": {"type"},
    "spot": {"type"},
}
SHOWDOWNS: Final = frozenset({"call", "spot"})
"""The actions that show every hand."""
# translators: why Undo is off, after "Undo is off: "
NOTHING_YET: Final = N_("you have made no move yet")
# translators: why Undo is off, after "Undo is off: " (every hand was shown since the move)
SHOWN_SINCE: Final = N_("the hands have been shown since")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _copy_summary(summary: dict[str, Any] | None) -> dict[str, Any] | None:
    """A copy of a round summary (flat apart from its hands and bid)."""
    if summary is None:
        return None
    return {**summary, "hands": [list(h) for h in summary["hands"]], "bid": dict(summary["bid"])}


class EspionageState(State):
    """A game of Espionage in progress."""

    game_id = "espionage"

    def __init__(
        self, *, seed: int, players: int, options: dict[str, Any], setup: dict[str, Any] | None
    ) -> None:
        super().__init__(seed=seed, players=players, options=options, setup=setup)
        self.names: list[str] | None = None
        self._setup_options()
        start = SOURCES_FOR[players]
        self.start_sources = start
        self.sources: list[int] = [start] * players
        self.underground: list[int] = [0] * players
        self.points: list[int] = [0] * players
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.round = 0
        self.opener = 0
        self.turn = 0
        self.bid: dict[str, Any] | None = None
        self.history: list[dict[str, Any]] = []
        self.revealed: dict[str, Any] | None = None
        self.last_round: dict[str, Any] | None = None
        self._result: Result | None = None

        setup = self.setup or {}
        unknown = set(setup) - {"hands", "first", "sources", "points"}
        if unknown:
            raise InvalidSetup(
                f"unknown setup keys {', '.join(sorted(unknown))} "
                "(Espionage takes hands, first, sources, points)"
            )
        if "sources" in setup:
            self._setup_sources(setup["sources"])
        if "points" in setup:
            self._setup_points(setup["points"])
        if "first" in setup:
            first = setup["first"]
            if not _is_int(first) or not 0 <= first < players:
                raise InvalidSetup(f"setup first must be a seat from 0 to {players - 1}")
            if self.sources[first] == 0:
                raise InvalidSetup(f"setup first: player {first + 1} has no active Sources")
        else:
            first = self.rng.choice(self.active_seats())
        hands = self._setup_hands(setup["hands"]) if "hands" in setup else None
        self._start_round(first, hands)

    # -- setup checks -----------------------------------------------------------------
    def _setup_options(self) -> None:
        unknown = set(self.options) - {"seats"}
        if unknown:
            raise InvalidSetup(
                f"Espionage has no option {', '.join(sorted(unknown))} (its one option is seats)"
            )
        if "seats" in self.options:
            seats = read_seats(self.options["seats"], self.players)
            self.options["seats"] = seats
            self.names = [seat["name"] for seat in seats]

    def _setup_sources(self, sources: Any) -> None:
        n = self.players
        if (
            not isinstance(sources, list)
            or len(sources) != n
            or not all(_is_int(s) and 0 <= s <= self.start_sources for s in sources)
        ):
            raise InvalidSetup(
                f"setup sources must list {n} numbers from 0 to {self.start_sources}"
            )
        if sum(1 for s in sources if s > 0) < 2:
            raise InvalidSetup("setup sources must leave at least two players with active Sources")
        self.sources = list(sources)
        self.underground = [self.start_sources - s for s in sources]

    def _setup_points(self, points: Any) -> None:
        n = self.players
        if (
            not isinstance(points, list)
            or len(points) != n
            or not all(_is_int(p) and 0 <= p < POINTS_TO_WIN for p in points)
        ):
            raise InvalidSetup(f"setup points must list {n} numbers from 0 to {POINTS_TO_WIN - 1}")
        self.points = list(points)

    def _setup_hands(self, hands: Any) -> list[list[str]]:
        n = self.players
        if not isinstance(hands, list) or len(hands) != n:
            raise InvalidSetup(f"setup hands must be a list of {n} hands, one per seat")
        seen: set[str] = set()
        for seat, hand in enumerate(hands):
            if not isinstance(hand, list):
                raise InvalidSetup(f"setup hand {seat} must be a list of cards")
            if len(hand) != self.sources[seat]:
                raise InvalidSetup(
                    f"setup hand {seat} must hold {self.sources[seat]} cards "
                    f"(one per active Source), not {len(hand)}"
                )
            for card in hand:
                try:
                    check_card(card)
                except ValueError as exc:
                    raise InvalidSetup(f"setup hand {seat}: {exc}") from exc
                if card in seen:
                    raise InvalidSetup(f"setup hands: {card} is dealt twice")
                seen.add(card)
        return [list(hand) for hand in hands]

    # -- queries ----------------------------------------------------------------------
    def active_seats(self) -> list[int]:
        """Seats still in the game (with at least one active Source)."""
        return [seat for seat in range(self.players) if self.sources[seat] > 0]

    @property
    def dealt(self) -> int:
        """Cards dealt this round (the highest count a bid may name)."""
        return sum(len(hand) for hand in self.hands)

    def taken_at(self, count: int) -> list[str]:
        """Attributes already bid at `count` this round, in bidding order."""
        return [b["attribute"] for b in self.history if b["count"] == count]

    @property
    def to_play(self) -> list[int]:
        return [] if self._result is not None else [self.turn]

    @property
    def result(self) -> Result | None:
        if self._result is None:
            return None
        return {
            "winners": list(self._result["winners"]),
            "reason": self._result["reason"],
            "ending": self._result["ending"],
            "points": list(self.points),
            "sources": list(self.sources),
        }

    def legal_actions(self) -> list[Action]:
        if self._result is not None:
            return []
        others = [s for s in self.active_seats() if s != self.turn]
        low = self.bid["count"] if self.bid else 1
        actions: list[Action] = []
        for count in range(low, self.dealt + 1):
            taken = set(self.taken_at(count))
            for attribute in ATTRIBUTES:
                if attribute in taken:
                    continue
                for nxt in others:
                    actions.append(
                        {"type": "bid", "count": count, "attribute": attribute, "next": nxt}
                    )
        if self.bid is not None:
            actions.append({"type": "call"})
            actions.append({"type": "spot"})
        return actions

    def why_illegal(self, action: Action) -> str | None:
        kind = action.get("type")
        if kind not in ACTION_KEYS:
            # translators: {action} is what was asked, quoted as a program would
            # ('bet'); bid, call and spot are the actions' names
            return _("unknown action {action}: Espionage has bid, call and spot", action=repr(kind))
        extra = set(action) - ACTION_KEYS[kind]
        if extra:
            # translators: {action} is an action's name (bid, call or spot); {keys} the names
            # of the parts it was given that it does not take
            return _("a {action} takes no {keys}", action=kind, keys=listed(sorted(extra)))
        if kind in ("call", "spot"):
            if self.bid is None:
                return _("no bid to call yet") if kind == "call" else _("no bid to spot yet")
            return None
        return self._why_bid_illegal(action)

    def _why_bid_illegal(self, action: Action) -> str | None:
        count, attribute, nxt = action.get("count"), action.get("attribute"), action.get("next")
        if not _is_int(count):
            return _("a bid needs a count (a whole number)")
        if attribute not in ATTRIBUTES:
            # translators: {attribute} is what was asked, quoted as a program would
            # ('spy'); {attributes} lists the attributes' names as a program knows them
            return _(
                "{attribute} is not a role, faction or city ({attributes})",
                attribute=repr(attribute),
                attributes=listed(ATTRIBUTES),
            )
        if not _is_int(nxt):
            return _("a bid must name the next player (a seat number)")
        assert isinstance(count, int) and isinstance(attribute, str) and isinstance(nxt, int)
        low = self.bid["count"] if self.bid else 1
        if count < low:
            return _("bid must be at least {count}", count=low)
        if count > self.dealt:
            return _(
                "bid cannot be more than {dealt}, the number of cards dealt this round",
                dealt=self.dealt,
            )
        if attribute in self.taken_at(count):
            # translators: {attribute} is a role, faction or city: "Hacker", "London"
            return _(
                "{attribute} has already been bid at {count} this round",
                attribute=attribute_name(attribute),
                count=count,
            )
        if not 0 <= nxt < self.players:
            # translators: seats as a program numbers them, from 0
            return _(
                "there is no seat {seat}: seats run from 0 to {last}",
                seat=nxt,
                last=self.players - 1,
            )
        if nxt == self.turn:
            return _("you cannot pass the turn to yourself")
        if self.sources[nxt] == 0:
            # translators: {player} is a seat's number (1 to 4)
            return _("player {player} is out", player=nxt + 1)
        return None

    def why_illegal_for(self, seat: int, action: Action) -> str | None:
        """Like `why_illegal`, but first checks that it is `seat`'s turn (for a UI)."""
        if self._result is not None:
            return _(GAME_OVER)
        if seat not in self.to_play:
            return _("it is not your turn")
        return self.why_illegal(action)

    # -- playing ----------------------------------------------------------------------
    def _start_round(self, opener: int, hands: list[list[str]] | None = None) -> None:
        self.round += 1
        self.opener = opener
        self.turn = opener
        self.bid = None
        self.history = []
        if hands is None:
            deck = list(DECK)
            self.rng.shuffle(deck)
            hands = []
            at = 0
            for seat in range(self.players):
                hands.append(deck[at : at + self.sources[seat]])
                at += self.sources[seat]
        self.hands = hands

    def _undo_point(self, seat: int) -> UndoPoint:
        """Just before `seat`'s last decision, unless a call or spot came at or after it."""
        last = next((i for i in reversed(range(len(self.actors))) if self.actors[i] == seat), None)
        if last is None:
            return UndoPoint(None, _(NOTHING_YET))
        if any(action["type"] in SHOWDOWNS for action in self.actions[last:]):
            return UndoPoint(None, _(SHOWN_SINCE))
        return UndoPoint(last)

    def _play(self, action: Action) -> None:
        if action["type"] == "bid":
            bid = {"count": action["count"], "attribute": action["attribute"], "by": self.turn}
            self.bid = bid
            self.history.append({**bid, "next": action["next"]})
            self.revealed = None
            self.turn = action["next"]
        else:
            self._settle(action["type"])

    def _settle(self, kind: str) -> None:
        assert self.bid is not None
        actor = self.turn
        bid = dict(self.bid)
        bidder: int = bid["by"]
        need: int = bid["count"]
        attribute: str = bid["attribute"]
        matches, mercs, traitors = tally((c for h in self.hands for c in h), attribute)
        count = matches + mercs - traitors
        point_to: int | None
        if kind == "call":
            holds = count >= need
            loser, winner = (actor, bidder) if holds else (bidder, actor)
            point_to = None
        else:
            exact = count == need
            loser, winner = (bidder, actor) if exact else (actor, bidder)
            point_to = winner
        self.sources[loser] -= 1
        self.underground[loser] += 1
        if point_to is not None:
            self.points[point_to] += 1
        eliminated = self.sources[loser] == 0
        summary: dict[str, Any] = {
            "round": self.round,
            "hands": [list(hand) for hand in self.hands],
            "count": count,
            "matches": matches,
            "mercenaries": mercs,
            "traitors": traitors,
            "attribute": attribute,
            "bid": bid,
            "by": actor,
            "kind": kind,
            "outcome": _outcome(
                kind, actor, bid_words(need, attribute), count, need, loser, point_to, eliminated
            ),
            "loser": loser,
            "winner": winner,
            "point_to": point_to,
            "eliminated": eliminated,
        }
        self.revealed = summary
        self.last_round = summary
        active = self.active_seats()
        if point_to is not None and self.points[point_to] >= POINTS_TO_WIN:
            # translators: how the game ended; {player} is a seat's number (1 to 4)
            reason = ngettext(
                "player {player} scored {n} point",
                "player {player} scored {n} points",
                POINTS_TO_WIN,
                player=point_to + 1,
            )
            self._finish(point_to, "points", reason)
        elif len(active) == 1:
            # translators: how the game ended; {player} is a seat's number (1 to 4)
            reason = _("player {player} is the last with active Sources", player=active[0] + 1)
            self._finish(active[0], "last_active", reason)
        else:
            self._start_round(loser if not eliminated else winner)

    def _finish(self, seat: int, ending: str, reason: str) -> None:
        """`ending`: "points" (POINTS_TO_WIN reached) or "last_active" (the others are out)."""
        self._result = {
            "winners": [seat],
            "reason": reason,
            "ending": ending,
        }

    # -- what a seat may know ---------------------------------------------------------
    def view(self, seat: int) -> View:
        if not _is_int(seat) or not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat!r} in a {self.players}-player game")
        bid = self.bid
        return {
            "game": self.game_id,
            "seat": seat,
            "to_play": self.to_play,
            "round": self.round,
            "opener": self.opener,
            "hand": list(self.hands[seat]),
            "players": [
                {
                    "sources": self.sources[s],
                    "underground": self.underground[s],
                    "points": self.points[s],
                    "hand_size": len(self.hands[s]),
                    "active": self.sources[s] > 0,
                }
                for s in range(self.players)
            ],
            "dealt": self.dealt,
            "bid": dict(bid) if bid else None,
            "min_count": bid["count"] if bid else 1,
            "taken": self.taken_at(bid["count"]) if bid else [],
            "history": [dict(b) for b in self.history],
            "revealed": _copy_summary(self.revealed),
            "last_round": _copy_summary(self.last_round),
            "names": list(self.names) if self.names is not None else None,
            "points_to_win": POINTS_TO_WIN,
            "over": self._result is not None,
            "result": self.result,
        }
