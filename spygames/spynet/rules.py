"""SpyNet: the state of a game, the actions a player may take, what each seat sees.

Seats are numbered from 0 and read as "player 1", "player 2", ... Play goes to the left
(seat + 1); "to the right" is seat − 1. At 4 players seats 0+2 play against 1+3; at 2
and 3 players everyone plays alone (and nobody passes cards). Cards are ids from
`cards.json`: agents `"a01"`..`"a34"`, missions `"m01"`..`"m32"`, funding
`"f01"`..`"f10"`, situations `"s1"`..`"s8"`; branches are `"ops"`, `"cover"`, `"intel"`,
`"tech"`. The seat acting is always `to_play[0]`.

Phases (`view["phase"]`) and their actions:

- `draft` — the opening draft. The player to the first player's right holds as many
  cards as there are players, keeps one and passes the rest to the right, and so on;
  the last player keeps the last card without a choice, then the first player's turn
  begins. `{"type": "keep", "card": id}` (one of `view["draft"]`). At 3 players the
  draft is short (Ruling "3 players, the short draft", `setup.OPENINGS`;
  `options["opening"]` is `"short-draft"`): the third player in turn order is dealt the
  deck's top card, and the first player drafts two, passing the other to the left, to
  the second player. A record from before the ruling replays by the opening it names:
  `"deal"` (each player dealt one card, no draft) or none (the full draft).
- `choose` — the start of a turn: `{"type": "recruit"}` or `{"type": "deploy"}`. (A
  final turn has no choice: it begins in `deploy`.)
- `recruit` — looking at pile `view["looking"]` (0, 1, 2 = piles 1, 2, 3; empty piles
  are skipped), whose cards are in `view["looking_at"]` for the recruiter only.
  `{"type": "take"}` adds the whole pile to the hand; `{"type": "pass_on"}` returns it
  and looks at the next pile, or, after the last, takes the deck's top card (two under
  Wide Net). Then each pile looked at, from pile 1 on, the taken one included, gets the
  deck's top card while the deck lasts, and the turn ends.
- `deploy` — in any order, until `{"type": "end_turn"}`:
  `{"type": "agent", "card": id, "branch": b, "funding": [ids]}` plays an agent from the
  hand on top of its stack in one of its branches (a mercenary: any branch) with any
  funding cards from the hand attached (`[]` for none) — one agent a turn
  (`view["deploy"]["agents_left"]`), more only by an effect or Surge;
  `{"type": "mission", "card": id, "branch": b}` plays a mission face down in one of its
  branches that the player dominates now — one per branch a turn;
  `{"type": "pass", "card": id}` gives a card face down to the teammate — 4 players,
  once a turn.
- `effect` — right after a special agent is played (`view["pending"]` says which effect,
  from which card): its owner picks a target or `{"type": "skip_effect"}`:
  `{"type": "discard", "seat": s}` names an opponent holding cards, who then must choose
  `{"type": "discard_card", "card": id}` (`to_play` is that opponent until then; the
  card goes face up to the discard pile); `{"type": "eliminate", "card": id}` sends an
  opponent's agent and its funding to the discard pile; `{"type": "flip", "card": id,
  "branch": b}` moves an agent from any tableau, funding and all, to the top of one of
  its branches in the player's own; `{"type": "draw"}` takes the deck's top cards. An
  effect with nothing to aim at is spent at once (no `effect` phase). Extra agents need
  no choice: they are added to `agents_left` as the agent is played.
- `over` — no actions; `result` is set.

`legal_actions()` lists every legal action (an agent's funding in id order; any order
is accepted). `why_illegal(action)` gives a reason a player can read, e.g. "you can
play a mission only in a branch you dominate now"; `nothing_to_deploy()` says why a
deploy now would play nothing (else None).

End: when the deck's last card is taken (by a recruit, a padding or an effect), the
turn finishes; then every player takes one final, deploy-only turn, starting to the
left of the player who took it, who goes last (`view["final_round"]`,
`view["final_turns_left"]`). Then all missions are revealed and scored.

`result`: `winners` (seats), `reason`, `teams` (seats by team: `[[0, 2], [1, 3]]` at 4
players, `[[0], [1], ...]` otherwise), `scores` by team (at 2–3 players a team is one
player, so these are by seat), `funding` (funding cards by team, the tie-break), `bonus`
(Control Bonus points by seat) and `missions`: each mission's `card`, `seat`, `branch`,
`stars` and `points` (0 when its condition is not met).

`view(seat)` keys:

- `game`, `seat`, `to_play`, `phase`, `turn` (whose turn, or who drafts),
  `turn_number` (0 in the draft, 1 for the first turn), `first`, `players`, `teams`, `team_of`
  (team by seat), `teammate` (seat or null), `situation` (id or null);
- `hand` (this seat's cards), `hand_sizes` (by seat), `deck` (cards left);
- `piles`: three `{"size": n, "known": [ids]}` — `known` is what this seat saw when it
  last looked at that pile and returned it (kept until someone takes the pile; padding
  adds unknown cards);
- `tableaus` by seat: `{"agents": {branch: [{"card", "funding": [ids], "power"}]}`
  (bottom first, `power` with funding and situation), `"power": {branch: n}`,
  `"missions": {branch: [id or null]}` (null: face down and not this seat's own — a
  teammate's included: "You can look at the missions in your tableau at any time", and
  partners "cannot communicate directly about cards"; all shown once the game is over or
  under an open-missions situation), `"funding": n}`;
- `dominates`: `{branch: [seats dominating it now]}`;
- `discard` (the face-up discard pile, oldest first), `passed` (cards this seat handed
  on face down: in the draft and to its teammate), `received` (cards its teammate
  passed it);
- `draft` (the cards this seat may keep, else null), `looking` (the pile being looked
  at during a recruit, else null), `looking_at` (its cards, to the recruiter only);
- `deploy`: `{"agents_left", "missions_played": {branch: n}, "passed": bool}` during a
  deploy (else null); `pending`: `{"effect", "card", "by", "max_power"?, "count"?,
  "seat"?}` during an effect (`seat`: who must discard), else null;
- `final_round`, `final_turns_left` (seats still to play their final turn after this
  one), `over`, `result`.

Undo (`undo_point(seat)`, DESIGN.md "Every game — Undo"): one step back at a time, only
steps of the seat's own current turn that showed it nothing: `deploy`, `agent` (with its
funding), `mission`, `pass`, and an effect's `eliminate`, `flip` or `skip_effect`. Never
back across a look at a pile (`recruit`, `pass_on`, `take`), a `draw`, an opponent made
to `discard` (and the card shown by `discard_card`), `end_turn`, or the draft's `keep`;
never in another seat's turn, and never once the game is over.

`setup` and `options` (the situation; the opening, draft, deal or short draft; `"seats"`, the
table's names, people and bots, checked by `spygames.seats`): see `setup.py`.
"""

from __future__ import annotations

from typing import Any, Final

from ..i18n import _, ngettext
from ..protocol import GAME_OVER, Action, Result, State, UndoPoint, View
from ..seats import read_seats
from . import reasons as why
from .cards import AGENT, BRANCH_IDS, CARDS, KIND, MISSION
from .outlook import nothing_to_deploy
from .power import entry_power
from .scoring import funding_count, score
from .setup import lay_out
from .table import CHOOSE, DEPLOY, DRAFT, EFFECT, OVER, RECRUIT, Table, teams_for
from .text import branch_name, named, player_name

GAME_ID: Final = "spynet"
ACTION_KEYS: Final = {
    "keep": {"card"},
    "recruit": set(),
    "deploy": set(),
    "take": set(),
    "pass_on": set(),
    "agent": {"card", "branch", "funding"},
    "mission": {"card", "branch"},
    "pass": {"card"},
    "end_turn": set(),
    "discard": {"seat"},
    "discard_card": {"card"},
    "eliminate": {"card"},
    "flip": {"card", "branch"},
    "draw": set(),
    "skip_effect": set(),
}
PHASE_OF: Final = {
    "keep": DRAFT,
    "recruit": CHOOSE,
    "deploy": CHOOSE,
    "take": RECRUIT,
    "pass_on": RECRUIT,
    "agent": DEPLOY,
    "mission": DEPLOY,
    "pass": DEPLOY,
    "end_turn": DEPLOY,
}
UNDOABLE: Final = frozenset(
    {"deploy", "agent", "mission", "pass", "eliminate", "flip", "skip_effect"}
)
"""The steps of a turn that show the player nothing new: Undo may take them back."""


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class SpyNetState(State):
    """A game of SpyNet in progress; `table` holds the cards, this class the contract."""

    game_id = GAME_ID

    def __init__(
        self, *, seed: int, players: int, options: dict[str, Any], setup: dict[str, Any] | None
    ) -> None:
        super().__init__(seed=seed, players=players, options=options, setup=setup)
        if "seats" in self.options:
            self.options["seats"] = read_seats(self.options["seats"], players)
        self.table: Table = lay_out(players, self.setup, self.options, self.rng)
        self._result: Result | None = None

    # -- the contract -------------------------------------------------------------
    @property
    def to_play(self) -> list[int]:
        return self.table.to_play()

    @property
    def result(self) -> Result | None:
        if self._result is None and self.table.is_over:
            self._result = score(self.table)
        return None if self._result is None else dict(self._result)

    def legal_actions(self) -> list[Action]:
        return self.table.legal_actions()

    def _play(self, action: Action) -> None:
        self.table.apply(action)

    def nothing_to_deploy(self) -> str | None:
        """Why a deploy now (at the start of a turn, or in one) would play nothing —
        no agent, no mission where it may go, no card to pass — else None
        (`outlook.nothing_to_deploy`)."""
        return nothing_to_deploy(self.table)

    def why_illegal_for(self, seat: int, action: Action) -> str | None:
        """Like `why_illegal`, but first checks that `seat` is the one to act (for a UI)."""
        if self.table.is_over:
            return _(GAME_OVER)
        if seat not in self.to_play:
            return _("it is not your turn")
        return self.why_illegal(action)

    def why_illegal(self, action: Action) -> str | None:
        kind = action.get("type")
        if kind not in ACTION_KEYS:
            # translators: {kinds} lists the action types as the engine spells them
            return _(
                "unknown action {kind}: SpyNet has {kinds}",
                kind=repr(kind),
                kinds=why.ids(ACTION_KEYS),
            )
        extra = set(action) - ACTION_KEYS[kind] - {"type"}
        if extra:
            # translators: {kind} is an action type, {keys} its keys, as the engine spells them
            return _("the {kind} action takes no {keys}", kind=kind, keys=why.ids(sorted(extra)))
        missing = ACTION_KEYS[kind] - set(action) - {"funding"}
        if missing:
            # translators: {kind} is an action type, {keys} its keys, as the engine spells them
            return _("the {kind} action needs {keys}", kind=kind, keys=why.ids(sorted(missing)))
        t = self.table
        if t.phase == OVER:
            return _(GAME_OVER)
        if kind in PHASE_OF:
            return self._why_step(kind, action)
        return self._why_effect(kind, action)

    def _undo_point(self, seat: int) -> UndoPoint:
        """Back before the last step while it is one of `seat`'s own turn that showed it
        nothing (see the module's Undo)."""
        t = self.table
        if t.phase == DRAFT:
            return UndoPoint(None, _("the opening draft cannot be taken back"))
        if t.turn != seat:
            return UndoPoint(None, _("this is another player's turn"))
        last = len(self.actions) - 1
        if last >= 0 and self.actions[last]["type"] in UNDOABLE and self.actors[last] == seat:
            return UndoPoint(last)
        kind = self.actions[last]["type"] if last >= 0 else ""
        return UndoPoint(None, why.undo_off(kind))

    # -- reasons ------------------------------------------------------------------
    def _why_step(self, kind: str, action: Action) -> str | None:
        t = self.table
        want = PHASE_OF[kind]
        if t.phase != want:
            if t.phase == EFFECT:
                p = t.pending or {}
                if t.must_discard():
                    return why.must_discard(p["seat"])
                return _("first use or skip the effect of {card}", card=named(p["card"]))
            if kind in ("recruit", "deploy") and t.phase == DEPLOY and t.final:
                return _("your final turn is deploy only: you are already deploying")
            return why.wrong_phase(kind, t.phase)
        seat = t.actor
        card = action.get("card")
        if kind == "keep":
            return (
                None
                if card in t.draft
                else _("{card} is not among the cards to draft", card=repr(card))
            )
        if kind not in ("agent", "mission", "pass"):
            return None
        if not isinstance(card, str) or card not in CARDS:
            return why.not_a_card(card)
        if card not in t.hands[seat]:
            return why.not_in_hand(named(card))
        if kind == "agent":
            return self._why_agent(seat, card, action.get("branch"), action.get("funding", []))
        if kind == "mission":
            return self._why_mission(seat, card, action.get("branch"))
        if kind == "pass":
            if t.teammate(seat) is None:
                return _("passing cards is only for teams of two (4 players)")
            if t.has_passed:
                return _("you have already passed a card this turn")
        return None

    def _why_agent(self, seat: int, card: Any, branch: Any, funding: Any) -> str | None:
        t = self.table
        if KIND[card] != "agent":
            return _("{card} is not an agent", card=named(card))
        if t.agents_left <= 0:
            return _(
                "you have already played your agent this turn "
                "(one a turn, unless an effect allows more)"
            )
        agent = AGENT[card]
        if branch not in BRANCH_IDS:
            return why.not_a_branch(branch)
        if branch not in agent.branches:
            return why.only_in(card, agent.branches)
        if not isinstance(funding, list):
            return _("funding must be a list of funding cards (empty for none)")
        for f in funding:
            if not isinstance(f, str) or f not in CARDS:
                return why.not_a_card(f)
            if KIND[f] != "funding":
                return _("{card} is not a funding card", card=named(f))
            if f not in t.hands[seat]:
                return why.not_in_hand(named(f))
        if len(set(funding)) != len(funding):
            return _("each funding card can be attached only once")
        most = t.situation.funding_per_agent
        if most is not None and len(funding) > most:
            return ngettext(
                "an agent may carry at most {n} funding card here",
                "an agent may carry at most {n} funding cards here",
                most,
            )
        return None

    def _why_mission(self, seat: int, card: str, branch: Any) -> str | None:
        t = self.table
        if KIND[card] != "mission":
            return _("{card} is not a mission", card=named(card))
        if branch not in BRANCH_IDS:
            return why.not_a_branch(branch)
        mission = MISSION[card]
        if branch not in mission.branches:
            return why.only_in(card, mission.branches)
        limit = t.situation.missions_per_branch
        if t.missions_played.get(branch, 0) >= limit:
            return ngettext(
                "you have already played a mission in {branch} this turn",
                "you have already played {n} missions in {branch} this turn",
                limit,
                branch=branch_name(branch),
            )
        if not t.dominates(seat, branch):
            return _(
                "you can play a mission only in a branch you dominate now ({branch} is not yours)",
                branch=branch_name(branch),
            )
        return None

    def _why_effect(self, kind: str, action: Action) -> str | None:
        t = self.table
        p = t.pending
        if t.phase != EFFECT or p is None:
            # translators: {kind} is an action type as the engine spells it (eliminate, flip...)
            return _(
                "there is no agent's effect to use now ({kind} is part of an effect)", kind=kind
            )
        if t.must_discard():
            if kind != "discard_card":
                return why.must_discard(p["seat"])
            card = action.get("card")
            if card not in t.hands[t.actor]:
                return why.not_in_hand(repr(card))
            return None
        if kind == "skip_effect":
            return None
        if kind != p["effect"] and not (kind == "discard_card" and p["effect"] == "discard"):
            # translators: {effect} and {kind} are action types as the engine spells them
            return _(
                "{card} lets you {effect}, not {kind}",
                card=named(p["card"]),
                effect=p["effect"].replace("_", " "),
                kind=kind,
            )
        if kind == "discard_card":
            return _("first name the opponent who must discard")
        seat = t.turn
        if kind == "discard":
            target = action.get("seat")
            if not _is_int(target) or target not in t.opponents(seat):
                return _("name an opponent to discard (a seat number)")
            if not t.hands[target]:
                return _("{player} has no cards to discard", player=player_name(target))
            return None
        if kind == "draw":
            return None if t.deck else _("the deck is empty")
        card = action.get("card")
        where = t.locate(card) if isinstance(card, str) else None
        if where is None or not isinstance(card, str):
            return _("{card} is not an agent in play", card=repr(card))
        owner, branch, _index = where
        if card == p["card"]:
            return _("an agent's effect cannot aim at the agent itself")
        limit = p.get("max_power")
        if limit is not None and AGENT[card].power > limit:
            return _(
                "{card} has printed power {power}: "
                "this effect reaches printed power {limit} or less",
                card=named(card),
                power=AGENT[card].power,
                limit=limit,
            )
        if kind == "eliminate":
            if owner not in t.opponents(seat):
                return _("you can eliminate only an opponent's agent")
            return None
        target = action.get("branch")
        if target not in AGENT[card].branches:
            return why.only_in(card, AGENT[card].branches)
        if owner == seat and target == branch:
            return _(
                "{card} is already in your {branch}", card=named(card), branch=branch_name(branch)
            )
        return None

    # -- what a seat may know ---------------------------------------------------------
    def view(self, seat: int) -> View:
        if not _is_int(seat) or not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat!r} in a {self.players}-player game")
        t = self.table
        over = t.is_over
        open_missions = over or t.situation.open_missions
        tableaus = []
        grid: list[dict[str, int]] = []  # power by seat and branch
        for s in range(self.players):
            shown = open_missions or s == seat  # only the owner looks, not its partner
            agents: dict[str, list[dict[str, Any]]] = {
                b: [
                    {"card": c, "funding": list(f), "power": entry_power((c, f), b, t.situation)}
                    for c, f in t.agents[s][b]
                ]
                for b in BRANCH_IDS
            }
            grid.append({b: sum(int(a["power"]) for a in agents[b]) for b in BRANCH_IDS})
            tableaus.append(
                {
                    "agents": agents,
                    "power": grid[s],
                    "missions": {
                        b: [m if shown else None for m in t.missions[s][b]] for b in BRANCH_IDS
                    },
                    "funding": funding_count(t, s),
                }
            )
        recruiting = t.phase == RECRUIT
        deploying = t.phase in (DEPLOY, EFFECT)
        return {
            "game": GAME_ID,
            "seat": seat,
            "to_play": self.to_play,
            "phase": t.phase,
            "turn": t.turn,
            "turn_number": t.turn_number,
            "first": t.first,
            "players": self.players,
            "teams": teams_for(self.players),
            "team_of": list(t.team_of),
            "teammate": t.teammate(seat),
            "situation": t.situation.id,
            "hand": list(t.hands[seat]),
            "hand_sizes": [len(h) for h in t.hands],
            "deck": len(t.deck),
            "piles": [
                {"size": len(pile), "known": list(t.memory[seat][i])}
                for i, pile in enumerate(t.piles)
            ],
            "tableaus": tableaus,
            "dominates": {
                b: [
                    s
                    for s in range(self.players)
                    if t.dominates_with(s, {o: grid[o][b] for o in range(self.players)})
                ]
                for b in BRANCH_IDS
            },
            "discard": list(t.discard),
            "passed": list(t.passed[seat]),
            "received": list(t.received[seat]),
            "draft": list(t.draft) if t.phase == DRAFT and t.actor == seat else None,
            "looking": t.looking if recruiting else None,
            "looking_at": (
                list(t.piles[t.looking])
                if recruiting and t.looking is not None and t.turn == seat
                else None
            ),
            "deploy": (
                {
                    "agents_left": t.agents_left,
                    "missions_played": dict(t.missions_played),
                    "passed": t.has_passed,
                }
                if deploying
                else None
            ),
            "pending": dict(t.pending) if t.pending else None,
            "final_round": t.final,
            "final_turns_left": list(t.final_left),
            "over": over,
            "result": self.result,
        }
