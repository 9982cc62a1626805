"""A tiny game that proves the protocol in tests (never shown to players).

Two or three players take 1–3 tokens from a pile whose size the seed picks; whoever
takes the last token wins. Each seat also holds a secret number its view must hide.
"""

from __future__ import annotations

from typing import Any

from spygames import Advice, Bot, Game, State, register
from spygames.errors import InvalidSetup


class PileState(State):
    game_id = "test-pile"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        setup = self.setup or {}
        self.pile = int(setup.get("pile", self.rng.randint(10, 20)))
        if self.pile < 1:
            raise InvalidSetup("the pile needs at least one token")
        self.secrets = [self.rng.randint(1000, 9999) for _ in range(self.players)]
        self.turn = 0
        self.winner: int | None = None

    @property
    def to_play(self) -> list[int]:
        return [] if self.winner is not None else [self.turn]

    def legal_actions(self) -> list[dict[str, Any]]:
        if self.winner is not None:
            return []
        return [{"type": "take", "count": n} for n in range(1, min(3, self.pile) + 1)]

    def why_illegal(self, action: dict[str, Any]) -> str | None:
        if action.get("type") != "take":
            return f"unknown action {action.get('type')!r}"
        count = action.get("count")
        if not isinstance(count, int) or not 1 <= count <= min(3, self.pile):
            return f"take 1 to {min(3, self.pile)} tokens"
        return None

    def _play(self, action: dict[str, Any]) -> None:
        self.pile -= action["count"]
        if self.pile == 0:
            self.winner = self.turn
        else:
            self.turn = (self.turn + 1) % self.players
            self.pile += 0 if self.rng.random() < 0.8 else 1  # seeded mid-game randomness

    def view(self, seat: int) -> dict[str, Any]:
        return {"seat": seat, "to_play": self.to_play, "pile": self.pile,
                "secret": self.secrets[seat]}  # fmt: skip

    @property
    def result(self) -> dict[str, Any] | None:
        if self.winner is None:
            return None
        return {"winners": [self.winner], "reason": f"seat {self.winner} took the last token",
                "ending": "last_token"}  # fmt: skip


class GreedyBot(Bot):
    level = "easy"

    def advise(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> Advice:
        best = next((a for a in legal if (view["pile"] - a["count"]) % 4 == 0), legal[0])
        return Advice(best, "leave a multiple of four")


class PileGame(Game):
    id = "test-pile"
    name = "Test Pile"
    min_players = 2
    max_players = 3

    def _new(self, *, seed: int, players: int, options: dict[str, Any],
             setup: dict[str, Any] | None) -> State:  # fmt: skip
        return PileState(seed=seed, players=players, options=options, setup=setup)

    def _bots(self) -> dict[str, type[Bot]]:
        return {"easy": GreedyBot, "normal": GreedyBot, "hard": GreedyBot}


GAME = register(PileGame())
