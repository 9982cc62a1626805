"""Your bot: the person's own bot from the Bot Lab, seated at a table for as long as the
tab lives (the Lab's "Play it at a table" keeps its code in the tab's sessionStorage).

Its code never runs here, in the tables' worker that holds the saves: the page runs it in
the sandbox the Bot Lab's bots run in (web/yours.mjs, web/sandbox/), which reaches none
of the site. `YourBot` stands in its seat: asked to think, it sends the seat's view and
the legal actions to the page (the effect "yours-ask") and yields nothing until the
answer is back (`Answers`, the context's `yours_answers`, filled by `answered`).

A bot that fails (an exception, an illegal action, more than 2 seconds on a decision)
is said once, in the bot's own words, and the normal bot plays its seat from then on,
as it does at once on a device or tab without the person's bot.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING

import spygames
from spygames.i18n import _

from ..browser.yours_answers import Answer

if TYPE_CHECKING:
    from .screen import Context

POLL_MS = 40  # while the page's worker decides: the table looks again this often


class YourBot(spygames.Bot):
    """The person's bot in seat `name` of a `game_id` table; `seed` seeds its `rng`, one
    `random.Random(seed + n)` for its n-th decision, and the normal bot that replaces it
    if it fails."""

    level = "yours"

    def __init__(self, ctx: Context, game_id: str, seed: int, name: str) -> None:
        super().__init__(seed)
        self.ctx, self.game_id, self.seed, self.name = ctx, game_id, seed, name
        self.fallback = spygames.get_game(game_id).bot("normal", seed=seed)
        self.asked = 0  # decisions asked of the page so far
        self.failed: str | None = None  # why it stopped: the normal bot plays from then on
        self.waiting = False  # a decision asked and not yet answered

    def prepare(self, budget_s: float) -> bool:
        return self.fallback.prepare(budget_s)

    def advise(self, view: spygames.View, legal_actions: list[spygames.Action]) -> spygames.Advice:
        return self.fallback.advise(view, legal_actions)  # only asked outright (no page)

    def think(
        self, view: spygames.View, legal_actions: list[spygames.Action], slice_s: float
    ) -> Iterator[spygames.Advice | None]:
        if self.failed is None:
            answers = self.ctx.yours_answers
            key = answers.ask(f"{self.game_id}:{self.name}")
            seed = (self.seed + self.asked) % 2**63
            self.asked += 1
            self.ctx.effect(
                "yours-ask",
                self.game_id,
                key,
                json.dumps(view),
                json.dumps(legal_actions),
                str(seed),
            )
            self.waiting = True
            try:
                while (answer := answers.take(key)) is None:
                    yield None
            finally:
                self.waiting = False
                answers.forget(key)  # given up (the game opened again): a late answer is dropped
            if answer.error is None and answer.action in legal_actions:
                yield spygames.Advice(answer.action, _("your bot's choice"))
                return
            self._fail(answer)
        yield from self.fallback.think(view, legal_actions, slice_s)

    def _fail(self, answer: Answer) -> None:
        if answer.error is not None:
            why = answer.error
        else:
            # translators: {action} is the action the bot chose, as code
            why = _("It chose {action}, which is not legal now.", action=json.dumps(answer.action))
        self.failed = why
        # translators: {why} is the bot's own error, or why its move was refused
        self.ctx.notify(
            _(
                "Your bot in {name}’s seat stopped: {why} The normal bot plays that seat from "
                "now on.",
                name=self.name,
                why=why,
            )
        )


def answered(ctx: Context, key: str, payload: str) -> None:
    """The page's answer for the decision `key`: {"action"} or {"error"} as JSON."""
    try:
        answer = json.loads(payload)
    except ValueError:
        answer = None
    if not isinstance(answer, dict):
        answer = {"error": _("Its answer could not be read.")}
    error = str(answer["error"]) if "error" in answer else None
    ctx.yours_answers.put(key, Answer(answer.get("action"), error))


def bot_for(ctx: Context, game_id: str, level: str, seed: int, name: str) -> spygames.Bot:
    """The bot for a seat of `level`: the person's own where this tab holds it, else the
    built-in one of that level (the normal one for "yours", said once)."""
    if level != "yours":
        return spygames.get_game(game_id).bot(level, seed=seed)
    if game_id in ctx.yours:
        return YourBot(ctx, game_id, seed, name)
    ctx.notify(
        _(
            "{name} was your bot from the Bot Lab, which this tab does not hold: the normal bot "
            "plays that seat here.",
            name=name,
        )
    )
    return spygames.get_game(game_id).bot("normal", seed=seed)
