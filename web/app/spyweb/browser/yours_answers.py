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
    `YourBot` takes it): the tab's, as the page's worker that runs your bot is."""

    def __init__(self) -> None:
        self._by_decision: dict[str, Answer] = {}

    def put(self, key: str, answer: Answer) -> None:
        self._by_decision[key] = answer

    def take(self, key: str) -> Answer | None:
        """The answer for the decision `key`, once, if it is back."""
        return self._by_decision.pop(key, None)
