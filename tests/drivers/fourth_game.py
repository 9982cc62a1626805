"""A fourth game, Dead Drop, added by its two declarations alone (issue 48): the engine's
`Game` (`DeadDrop`, registered with `spygames.register`) and the app's one record (`UI`,
a `GameUI` added with `spyweb.catalogue.add`). Never shown to players.

The rules: 2–4 spies take turns lifting 1, 2 or 3 microfilms from a dead drop of 9 to 15
(the seed says how many); whoever lifts the last one wins. The table is a `SeatedTable`
(the seats form, bots, pass-and-play of Espionage and SpyNet) drawing the drop, the
moves and the log; its `PositionView` draws the same for replays and reviews.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

from spyweb.browser.links import replay_route
from spyweb.browser.markup import button, esc
from spyweb.catalogue import open_screen
from spyweb.gameui import GameUI
from spyweb.tables import seats as shared
from spyweb.tables.position import PositionView
from spyweb.tables.screen import Context, GameScreen
from spyweb.tables.seats import Seat, seat_options, seats_from
from spyweb.tables.table_seats import SeatedTable
from spyweb.tables.tabletools import LogEntry, handoff_html, log_html

from spygames import Advice, Bot, Game, State

GAME_ID = "test-dead-drop"
NAMES = ("You", "Agent Moth", "Agent Wren", "Agent Pike")


# -- the engine: the rules, the bots, the game ----------------------------------------------
class DeadDropState(State):
    game_id = GAME_ID

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.left = self.rng.randint(9, 15)

    @property
    def to_play(self) -> list[int]:
        return [len(self.actions) % self.players] if self.left else []

    def legal_actions(self) -> list[dict[str, Any]]:
        return [{"type": "lift", "count": n} for n in (1, 2, 3) if n <= self.left]

    def why_illegal(self, action: dict[str, Any]) -> str | None:
        if action.get("type") != "lift":
            return "the only move is to lift microfilms"
        count = action.get("count")
        if type(count) is not int or action not in self.legal_actions():
            return f"lift 1 to {min(3, self.left)} microfilms"
        return None

    def _play(self, action: dict[str, Any]) -> None:
        self.left -= action["count"]

    def view(self, seat: int) -> dict[str, Any]:
        return {"seat": seat, "to_play": self.to_play, "left": self.left,
                "players": self.players, "turn": len(self.actions) // self.players + 1}  # fmt: skip

    @property
    def result(self) -> dict[str, Any] | None:
        if self.left:
            return None
        last = self.actors[-1]
        return {"winners": [last], "reason": "lifted the last microfilm", "ending": "last_film"}


class FirstFilm(Bot):
    level = "easy"

    def advise(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> Advice:
        return Advice(legal[0], "one at a time")


class LeaveFour(Bot):
    """Leaves a multiple of four when it can (two players: then the other must lose)."""

    level = "hard"

    def advise(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> Advice:
        best = next((a for a in legal if (view["left"] - a["count"]) % 4 == 0), None)
        return Advice(best, "leave a multiple of four") if best else Advice(legal[0], "wait")

    def chances(
        self, view: dict[str, Any], actions: list[dict[str, Any]], games: int, slice_s: float
    ) -> Iterator[list[float] | None]:
        """The chance of winning after each action: sure when it leaves nothing, or (two
        players) a multiple of four; else an even share."""
        share = 0.0 if view["players"] == 2 else 1 / view["players"]
        yield [1.0 if (view["left"] - a["count"]) % 4 == 0 else share for a in actions]


class Normal(LeaveFour):
    level = "normal"


class DeadDrop(Game):
    id = GAME_ID
    name = "Dead Drop"
    min_players = 2
    max_players = 4
    endings = frozenset({"last_film"})
    state_type = DeadDropState
    bot_types = (FirstFilm, Normal, LeaveFour)


# -- the app: the table, its positions, its record ------------------------------------------
def drop_html(view: dict[str, Any], names: list[str], result: dict[str, Any] | None) -> str:
    """The dead drop and whose turn it is, or who won."""
    said = (
        f"{names[result['winners'][0]]} {result['reason']}."
        if result
        else f"{names[view['to_play'][0]]} to lift."
    )
    return (
        f'<p class="dd-drop" data-left="{view["left"]}">{view["left"]} microfilms left</p>'
        f'<p class="dd-said">{esc(said)}</p>'
    )


def move_text(name: str, action: dict[str, Any]) -> str:
    return f"{name} lifts {action['count']}"


class DeadDropTable(SeatedTable):
    game_id = GAME_ID
    title = "Dead Drop — spygames"
    paces: ClassVar[dict[str, int]] = {"normal": 0}
    pace_pref = "test-dead-drop-pace"

    def _furnish(self) -> None:
        super()._furnish()
        self.setup_seats = shared.default_seats(NAMES, 2)

    def _open(self, state: State, seats: list[Seat] | None = None) -> None:
        super()._open(state, seats)
        self.log = [
            LogEntry("move", move_text(self.seats[actor].name, action))
            for actor, action in zip(state.actors, state.actions, strict=True)
        ]

    def _seats_in(self, state: State) -> list[Seat]:
        found = seats_from(state.options.get("seats"), state.players)
        return found or shared.default_seats(NAMES, state.players)

    def _start(self, seats: list[Seat], seed: int | None) -> None:
        self._open(self._deal(seed, players=len(seats), options=seat_options(seats)), seats)
        self._play()

    def _again(self, seed: int | None = None) -> None:
        self._start(self.seats, seed)

    def _start_from(self, values: dict[str, str]) -> None:
        seats, problem = shared.parse(values, NAMES)
        self.setup_seats = seats
        if problem:
            self.ctx.refuse(problem)
        else:
            self._start(seats, self.seed)

    def _lift(self, action: dict[str, Any]) -> None:
        assert self.state is not None
        actor = self.state.to_play[0]
        self.state.apply(action)
        self.log.append(LogEntry("move", move_text(self.seats[actor].name, action)))
        self._save()

    def _bot_move(self, seat: int) -> None:
        assert self.state is not None
        self._lift(self.bots[seat].choose(self.state.view(seat), self.state.legal_actions()))

    def play_for(self, seat: int, action: dict[str, Any]) -> str | None:
        assert self.state is not None
        reason = self.state.why_illegal(action)
        if reason is None:
            self._lift(action)
        return reason

    def tick(self) -> None:
        self._bot_turn()

    def handle(self, act: str, arg: str) -> None:
        if self._table_act(act, arg) or self.state is None:
            return
        if act == "lift" and arg.isdigit():
            if not self.my_turn:
                self.too_late()
                return
            action = {"type": "lift", "count": int(arg)}
            reason = self.state.why_illegal(action)
            if reason is not None:
                self.ctx.refuse(f"That move is not allowed: {reason}.")
            else:
                self._lift(action)
                if self.pass_and_play:
                    self.holder = None

    def summary(self) -> dict[str, Any]:
        assert self.state is not None
        result = self.state.result
        summary: dict[str, Any] = {
            "over": result is not None,
            "progress": f"{self.state.view(0)['left']} microfilms left",
            "players": self.players_text(),
        }
        if result is not None:
            winner = result["winners"][0]
            summary["result"] = f"{self.seats[winner].name} won"
            alone = len(self.humans) == 1
            summary["outcome"] = {"won": winner in self.humans if alone else None,
                                  "score": None, "table": self.table_text()}  # fmt: skip
        return summary

    @classmethod
    def rules_html(cls) -> str:
        return (
            "<p>Two to four spies take turns lifting 1, 2 or 3 microfilms from a dead drop. "
            "Whoever lifts the last one wins.</p>"
        )

    def render(self) -> str:
        if self.state is None:
            return (
                '<section class="setup"><h1>Dead Drop — seat the table</h1>'
                f"{shared.deal_line(self.seed)}"
                '<form class="setup-form" data-act="start" id="dd-setup-form">'
                f"{shared.players_field('dd', len(self.setup_seats))}"
                f"{shared.seat_rows(self.setup_seats, 'dd', NAMES)}"
                '<button type="submit" class="btn btn-primary" id="dd-start">Start the game'
                "</button></form></section>"
            )
        state, names = self.state, [s.name for s in self.seats]
        if self.handoff_needed:
            moves = handoff_html("dd", names[state.to_play[0]], "move")
        elif self.my_turn:
            moves = "".join(
                button(f"Lift {a['count']}", "lift", a["count"], id=f"dd-lift-{a['count']}")
                for a in state.legal_actions()
            )
        else:
            moves = ""
        end = (
            f'<a class="btn" id="dd-replay" href="{esc(replay_route(state.record()))}">Replay</a>'
            if state.is_over
            else ""
        )
        return (
            f'<div class="dd" data-game="{GAME_ID}">'
            f"{drop_html(state.view(0), names, state.result)}"
            f'<div class="dd-moves">{moves}{end}</div>{log_html(self.log, "dd")}</div>'
        )


class DeadDropPosition(PositionView):
    game_id = GAME_ID

    def __init__(self, record: dict[str, Any], names: Sequence[str] = ()) -> None:
        known = seats_from((record.get("options") or {}).get("seats"), record.get("players"))
        super().__init__(record, names or [s.name for s in known or []])

    def render(self, state: State, seat: int, **_: Any) -> str:
        return f'<div class="pos dd">{drop_html(state.view(seat), self.names, state.result)}</div>'

    def move_lines(self) -> list[list[str]]:
        record = self.record
        return [[move_text(self.names[i % self.players], a)]
                for i, a in enumerate(record["actions"])]  # fmt: skip

    def move_words(self, state: State, seat: int, action: dict[str, Any]) -> str:
        return f"Lift {action['count']}"

    def advice_words(self, state: State, seat: int, advice: Advice) -> str:
        return advice.reason.capitalize() + "."

    def live(self, ctx: Context, state: State) -> GameScreen:
        return open_screen(ctx, GAME_ID, state=state)


UI = GameUI(
    id=GAME_ID,
    pitch="Lift microfilms from a dead drop in turn; whoever lifts the last one wins.",
    emblem="▣",
    table=lambda: DeadDropTable,
    position=lambda: DeadDropPosition,
)
