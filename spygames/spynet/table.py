"""The SpyNet table: every card's place, whose turn it is and what that turn allows.

`Table` carries out moves already known to be legal (`rules.py` checks them and says why
not) and lists the legal ones. The bots play out guesses on copies of it, so it knows
nothing of records or views and copies quickly.

Internally the deck keeps its top card last (so taking a card is a `pop`); a tableau is,
per seat, a stack of agents per branch (bottom first) — each agent a `(card, funding)`
pair — and a list of missions per branch.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Final

from .cards import AGENT, BRANCH_IDS, KIND, MISSION
from .power import Entry, dominates_given, entry_power
from .situation import Situation

DRAFT: Final = "draft"
CHOOSE: Final = "choose"
RECRUIT: Final = "recruit"
DEPLOY: Final = "deploy"
EFFECT: Final = "effect"
OVER: Final = "over"
PHASES: Final = (DRAFT, CHOOSE, RECRUIT, DEPLOY, EFFECT, OVER)
PILES: Final = 3


def teams_for(players: int) -> list[list[int]]:
    """Seats by team: at 4 players 0+2 against 1+3; otherwise everyone alone."""
    if players == 4:
        return [[0, 2], [1, 3]]
    return [[seat] for seat in range(players)]


def draft_step(drafter: int, first: int) -> int:
    """Where a drafter passes the rest: to the right (-1), the way of the rules' opening
    draft, which the first player never drafts in; the first player drafts only in the
    short draft (3 players), and passes to the left (+1), to the second player."""
    return 1 if drafter == first else -1


@dataclass
class Table:
    players: int
    situation: Situation
    deck: list[str]  # top card last
    piles: list[list[str]]
    hands: list[list[str]]
    agents: list[dict[str, list[Entry]]]
    missions: list[dict[str, list[str]]]
    discard: list[str] = field(default_factory=list)
    memory: list[list[list[str]]] = field(default_factory=list)  # seat -> pile -> known
    passed: list[list[str]] = field(default_factory=list)  # cards each seat handed on
    received: list[list[str]] = field(default_factory=list)  # cards from the teammate
    first: int = 0
    phase: str = CHOOSE
    turn: int = 0  # whose turn (or who drafts)
    actor: int = 0  # who decides now (the turn's player, or a seat made to discard)
    turn_number: int = 0
    draft: list[str] = field(default_factory=list)  # the packet the drafter holds
    looking: int | None = None  # the pile looked at during recruit
    looked: list[int] = field(default_factory=list)  # piles looked at and returned
    agents_left: int = 0
    missions_played: dict[str, int] = field(default_factory=dict)
    has_passed: bool = False
    pending: dict[str, Any] | None = None
    final: bool = False
    final_left: list[int] = field(default_factory=list)
    emptier: int | None = None  # took the deck's last card; the final round follows
    played_by: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        n = self.players
        self.team_of = [0] * n
        for team, seats in enumerate(teams_for(n)):
            for seat in seats:
                self.team_of[seat] = team
        self.foes = [
            [s for s in range(n) if self.team_of[s] != self.team_of[seat]] for seat in range(n)
        ]
        if not self.memory:
            self.memory = [[[] for _ in range(PILES)] for _ in range(n)]
        if not self.passed:
            self.passed = [[] for _ in range(n)]
        if not self.received:
            self.received = [[] for _ in range(n)]
        self._grid: list[dict[str, int]] | None = None  # power by seat and branch, cached
        self.tableau_version = 0  # counts changes to the agents in play
        self.memo: dict[object, Any] = {}  # the bots' figures for this table, by key

    @classmethod
    def empty(cls, players: int, situation: Situation) -> Table:
        return cls(
            players=players,
            situation=situation,
            deck=[],
            piles=[[] for _ in range(PILES)],
            hands=[[] for _ in range(players)],
            agents=[{b: [] for b in BRANCH_IDS} for _ in range(players)],
            missions=[{b: [] for b in BRANCH_IDS} for _ in range(players)],
        )

    def copy(self) -> Table:
        """An independent copy (entries are immutable tuples, so stacks copy shallowly)."""
        new = Table.__new__(Table)
        new.__dict__.update(self.__dict__)
        new.deck = list(self.deck)
        new.piles = [list(p) for p in self.piles]
        new.hands = [list(h) for h in self.hands]
        new.agents = [{b: list(s) for b, s in t.items()} for t in self.agents]
        new.missions = [{b: list(s) for b, s in t.items()} for t in self.missions]
        new.discard = list(self.discard)
        new.memory = [[list(p) for p in m] for m in self.memory]
        new.passed = [list(p) for p in self.passed]
        new.received = [list(p) for p in self.received]
        new.draft = list(self.draft)
        new.looked = list(self.looked)
        new.missions_played = dict(self.missions_played)
        new.pending = dict(self.pending) if self.pending else None
        new.final_left = list(self.final_left)
        new.played_by = dict(self.played_by)
        new._grid = [dict(row) for row in self._grid] if self._grid is not None else None
        new.memo = {}
        return new

    # -- who is who ------------------------------------------------------------------
    def teammate(self, seat: int) -> int | None:
        if self.players != 4:
            return None
        return (seat + 2) % 4

    def opponents(self, seat: int) -> list[int]:
        return self.foes[seat]

    # -- power and domination ---------------------------------------------------------
    def power(self, seat: int, branch: str) -> int:
        grid = self._grid
        if grid is None:
            grid = self._power_grid()
        return grid[seat][branch]

    def _power_grid(self) -> list[dict[str, int]]:
        """Every seat's power in every branch, worked out afresh and kept until the
        tableau changes (`tableau_changed`; a single agent's move updates it: `_moved`)."""
        situation = self.situation
        grid = self._grid = [
            {b: sum(entry_power(e, b, situation) for e in stack) for b, stack in t.items()}
            for t in self.agents
        ]
        return grid

    def rival_power(self, seat: int, branch: str) -> int:
        """The highest power among `seat`'s opponents in `branch`."""
        grid = self._grid
        if grid is None:
            grid = self._power_grid()
        foes = self.foes[seat]
        rival = grid[foes[0]][branch]
        for foe in foes:  # a loop, not max() over a generator: asked a million times a review
            power = grid[foe][branch]
            if power > rival:
                rival = power
        return rival

    def tableau_changed(self) -> None:
        """Call after moving agents or funding: power is worked out afresh."""
        self._grid = None
        self.tableau_version += 1

    def _moved(self, seat: int, branch: str, entry: Entry, sign: int) -> None:
        """An agent came into (sign 1) or left (-1) `seat`'s `branch`: power follows."""
        if self._grid is not None:
            self._grid[seat][branch] += sign * entry_power(entry, branch, self.situation)
        self.tableau_version += 1

    def dominates(self, seat: int, branch: str) -> bool:
        """Power above zero and above each opponent's (ties too, under Stand-off)."""
        mine = self.power(seat, branch)
        if mine <= 0:
            return False
        rival = self.rival_power(seat, branch)
        return mine >= rival if self.situation.ties_dominate else mine > rival

    def dominates_with(self, seat: int, power: dict[int, int]) -> bool:
        return dominates_given(power, seat, self.foes[seat], self.situation)

    # -- finding agents in play -------------------------------------------------------
    def locate(self, card: str) -> tuple[int, str, int] | None:
        """(seat, branch, index in its stack) of an agent in play, or None."""
        for seat, tableau in enumerate(self.agents):
            for branch, stack in tableau.items():
                for index, (c, _) in enumerate(stack):
                    if c == card:
                        return seat, branch, index
        return None

    def agents_in_play(self) -> Iterator[tuple[int, str, Entry]]:
        for seat, tableau in enumerate(self.agents):
            for branch, stack in tableau.items():
                for entry in stack:
                    yield seat, branch, entry

    # -- the flow of turns ------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def to_play(self) -> list[int]:
        return [] if self.phase == OVER else [self.actor]

    def begin_turn(self, seat: int) -> None:
        self.turn = self.actor = seat
        self.turn_number += 1
        self.looking, self.looked, self.pending = None, [], None
        if self.final:  # the final turn is deploy only
            self._start_deploy()
        else:
            self.phase = CHOOSE

    def _start_deploy(self) -> None:
        self.phase = DEPLOY
        self.agents_left = self.situation.agents_per_turn
        self.missions_played = {}
        self.has_passed = False

    def end_turn(self) -> None:
        if self.emptier is not None and not self.final:
            self.final = True
            n = self.players
            self.final_left = [(self.emptier + i) % n for i in range(1, n + 1)]
        if self.final:
            if not self.final_left:
                self.phase = OVER
                self.looking, self.pending = None, None
                return
            self.begin_turn(self.final_left.pop(0))
        else:
            self.begin_turn((self.turn + 1) % self.players)

    def take_from_deck(self, count: int) -> list[str]:
        """Up to `count` cards off the top; taking the last one starts the end."""
        taken = []
        for _ in range(count):
            if not self.deck:
                break
            taken.append(self.deck.pop())
        if taken and not self.deck and self.emptier is None and not self.final:
            self.emptier = self.turn
        return taken

    # -- moves ------------------------------------------------------------------------
    def apply(self, action: dict[str, Any]) -> None:
        """Carry out a legal action."""
        kind = action["type"]
        seat = self.actor
        if kind == "keep":
            self._keep(action["card"])
        elif kind == "recruit":
            self.phase = RECRUIT
            self._look_from(0)
        elif kind == "deploy":
            self._start_deploy()
        elif kind == "take":
            self._take()
        elif kind == "pass_on":
            assert self.looking is not None
            self.looked.append(self.looking)
            self._look_from(self.looking + 1)
        elif kind == "agent":
            self._agent(seat, action["card"], action["branch"], tuple(action.get("funding", ())))
        elif kind == "mission":
            card, branch = action["card"], action["branch"]
            self.hands[seat].remove(card)
            self.missions[seat][branch].append(card)
            self.missions_played[branch] = self.missions_played.get(branch, 0) + 1
            self.played_by[card] = seat
        elif kind == "pass":
            mate = self.teammate(seat)
            assert mate is not None
            card = action["card"]
            self.hands[seat].remove(card)
            self.hands[mate].append(card)
            self.passed[seat].append(card)
            self.received[mate].append(card)
            self.has_passed = True
        elif kind == "end_turn":
            self.end_turn()
        else:
            self._effect(kind, action)

    def _keep(self, card: str) -> None:
        n = self.players
        self.draft.remove(card)
        self.hands[self.turn].append(card)
        self.passed[self.turn] += self.draft
        nxt = (self.turn + draft_step(self.turn, self.first)) % n
        if len(self.draft) == 1:  # the last player keeps the last card: no choice
            self.hands[nxt].append(self.draft.pop())
            self.begin_turn(self.first)
        else:
            self.turn = self.actor = nxt

    def _look_from(self, start: int) -> None:
        """Look at the next pile with cards from `start` on; past pile 3, take deck cards."""
        for index in range(start, PILES):
            if self.piles[index]:
                self.looking = index
                self.memory[self.turn][index] = list(self.piles[index])
                return
        self.looking = None
        self.hands[self.turn] += self.take_from_deck(self.situation.deck_draws)
        self._pad(self.looked)
        self.end_turn()

    def _take(self) -> None:
        index = self.looking
        assert index is not None
        self.hands[self.turn] += self.piles[index]
        self.piles[index] = []
        for memory in self.memory:
            memory[index] = []
        self.looking = None
        self._pad(sorted([*self.looked, index]))
        self.end_turn()

    def _pad(self, piles: list[int]) -> None:
        for index in piles:
            self.piles[index] += self.take_from_deck(1)

    def _agent(self, seat: int, card: str, branch: str, funding: tuple[str, ...]) -> None:
        hand = self.hands[seat]
        hand.remove(card)
        for f in funding:
            hand.remove(f)
            self.played_by[f] = seat
        self.agents[seat][branch].append((card, funding))
        self._moved(seat, branch, (card, funding), 1)
        self.agents_left -= 1
        self.played_by[card] = seat
        effect = AGENT[card].effect
        if effect is None:
            return
        if effect["kind"] == "extra_agents":
            self.agents_left += effect["count"]
            return
        self.pending = {"effect": effect["kind"], "card": card, "by": seat, **effect}
        del self.pending["kind"]
        self.phase = EFFECT
        if not self.effect_actions():  # nothing to aim at: the effect is spent
            self._close_effect()

    def _close_effect(self) -> None:
        self.pending = None
        self.phase = DEPLOY
        self.actor = self.turn

    def _effect(self, kind: str, action: dict[str, Any]) -> None:
        pending = self.pending
        assert pending is not None
        seat = self.turn
        if kind == "discard":
            pending["seat"] = action["seat"]
            self.actor = action["seat"]
            return
        if kind == "discard_card":
            self.hands[self.actor].remove(action["card"])
            self.discard.append(action["card"])
        elif kind == "eliminate":
            where = self.locate(action["card"])
            assert where is not None
            owner, branch, index = where
            card, funding = self.agents[owner][branch].pop(index)
            self.discard += [card, *funding]
            self._moved(owner, branch, (card, funding), -1)
        elif kind == "flip":
            where = self.locate(action["card"])
            assert where is not None
            owner, branch, index = where
            entry = self.agents[owner][branch].pop(index)
            self.agents[seat][action["branch"]].append(entry)
            self._moved(owner, branch, entry, -1)
            self._moved(seat, action["branch"], entry, 1)
        elif kind == "draw":
            self.hands[seat] += self.take_from_deck(pending["count"])
        self._close_effect()

    # -- what may be done now ---------------------------------------------------------
    def legal_actions(self) -> list[dict[str, Any]]:
        phase = self.phase
        if phase == DRAFT:
            return [{"type": "keep", "card": c} for c in self.draft]
        if phase == CHOOSE:
            return [{"type": "recruit"}, {"type": "deploy"}]
        if phase == RECRUIT:
            return [{"type": "take"}, {"type": "pass_on"}]
        if phase == DEPLOY:
            return self.deploy_actions()
        if phase == EFFECT:
            if self.must_discard():  # the discard itself is not optional
                return self.effect_actions()
            return [*self.effect_actions(), {"type": "skip_effect"}]
        return []

    def funding_choices(self, seat: int) -> list[list[str]]:
        """Every set of funding cards from the hand that may go with one agent."""
        funds = sorted(c for c in self.hands[seat] if KIND[c] == "funding")
        most = len(funds)
        if self.situation.funding_per_agent is not None:
            most = min(most, self.situation.funding_per_agent)
        return [list(combo) for k in range(most + 1) for combo in combinations(funds, k)]

    def mission_branches(self, seat: int, card: str) -> list[str]:
        """Branches where this mission may be played now."""
        limit = self.situation.missions_per_branch
        return [
            b
            for b in MISSION[card].branches
            if self.missions_played.get(b, 0) < limit and self.dominates(seat, b)
        ]

    def deploy_actions(self) -> list[dict[str, Any]]:
        seat = self.turn
        hand = self.hands[seat]
        actions: list[dict[str, Any]] = []
        if self.agents_left > 0:
            choices = self.funding_choices(seat)
            for card in hand:
                if KIND[card] == "agent":
                    for branch in AGENT[card].branches:
                        for funding in choices:
                            actions.append(
                                {
                                    "type": "agent",
                                    "card": card,
                                    "branch": branch,
                                    "funding": funding,
                                }
                            )
        for card in hand:
            if KIND[card] == "mission":
                for branch in self.mission_branches(seat, card):
                    actions.append({"type": "mission", "card": card, "branch": branch})
        if self.teammate(seat) is not None and not self.has_passed:
            actions += [{"type": "pass", "card": card} for card in hand]
        actions.append({"type": "end_turn"})
        return actions

    def effect_actions(self) -> list[dict[str, Any]]:
        """The targets the pending effect may take (without `skip_effect`)."""
        pending = self.pending
        if pending is None:
            return []
        seat = self.turn
        kind = pending["effect"]
        if kind == "discard":
            if "seat" in pending:
                return [{"type": "discard_card", "card": c} for c in self.hands[pending["seat"]]]
            return [{"type": "discard", "seat": s} for s in self.opponents(seat) if self.hands[s]]
        if kind == "draw":
            return [{"type": "draw"}] if self.deck else []
        limit = pending.get("max_power")
        actions: list[dict[str, Any]] = []
        foes = set(self.opponents(seat))
        for owner, branch, (card, _) in self.agents_in_play():
            if card == pending["card"] or (limit is not None and AGENT[card].power > limit):
                continue
            if kind == "eliminate" and owner in foes:
                actions.append({"type": "eliminate", "card": card})
            elif kind == "flip":
                for target in AGENT[card].branches:
                    if not (owner == seat and target == branch):
                        actions.append({"type": "flip", "card": card, "branch": target})
        return actions

    def must_discard(self) -> bool:
        """True while a player other than the one whose turn it is must discard."""
        return self.pending is not None and "seat" in self.pending
