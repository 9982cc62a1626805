"""Your bot's answers back from the page (`spyweb.tables.yours`): the tab's, as the page's
worker that runs your bot is, so the shared context holds them (`Context.yours_answers`).
Apart from `spyweb.tables.yours` so the context needs nothing more of your bot."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Answer:
    """The page's answer for one decision of your bot: the action it chose, or why it
    could not choose one (`error`, in words)."""

    action: Any = None
    error: str | None = None


class Answers:
    """Your bot's answers back from the page, by decision (`answered` puts each,
    `YourBot` takes it): the tab's, as the page's worker that runs your bot is.

    Each decision asked gets a key never given before in this tab (`ask`), and only an
    answer to a decision still waiting is kept: a late answer to a decision the table
    gave up (the game opened again, another bot in the seat) is never taken for a later
    one."""

    def __init__(self) -> None:
        self._asked = 0
        self._waiting: set[str] = set()
        self._by_decision: dict[str, Answer] = {}

    def ask(self, what: str) -> str:
        """The key of a new decision about `what` (a game and a seat, for the page)."""
        self._asked += 1
        key = f"{what}:{self._asked}"
        self._waiting.add(key)
        return key

    def put(self, key: str, answer: Answer) -> None:
        if key in self._waiting:
            self._by_decision[key] = answer

    def take(self, key: str) -> Answer | None:
        """The answer for the decision `key`, once, if it is back."""
        answer = self._by_decision.pop(key, None)
        if answer is not None:
            self._waiting.discard(key)
        return answer

    def forget(self, key: str) -> None:
        """The decision `key` is not waited for any more: its answer, if any, is dropped."""
        self._waiting.discard(key)
        self._by_decision.pop(key, None)
