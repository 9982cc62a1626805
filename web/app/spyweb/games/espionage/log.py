"""What the Espionage table says: the log's lines, a showdown's count and outcome, the
game's result and a move in words for a screen reader — "You open" but "Agent Vesper
opens", named as the table seats them — and the log beside the felt.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import spygames
from spygames.espionage.cards import bid_words
from spygames.espionage.views import EspionageResult, Showdown

from ...tables.tabletools import LogEntry, log_html
from .scene import Scene


def plural(n: int, word: str, words: str | None = None) -> str:
    return f"{n} {word if n == 1 else (words or word + 's')}"


class Narrator:
    """The table's words, with each seat named by `name`."""

    def __init__(self, name: Callable[[int], str]) -> None:
        self.name = name

    def does(self, seat: int, verb: str, base: str) -> str:
        """ "Agent Vesper opens" but "You open"."""
        name = self.name(seat)
        return f"{name} {base if name == 'You' else verb}"

    def whose(self, seat: int) -> str:
        name = self.name(seat)
        return "your" if name == "You" else f"{name}’s"

    # -- the log ----------------------------------------------------------------------------
    def entries(self, before: int, action: dict[str, Any], after: spygames.State) -> list[LogEntry]:
        """The log's lines for `action`, made by seat `before`, which led to `after`."""
        view = after.view(0)
        out: list[LogEntry] = []
        if action["type"] == "bid":
            out.append(
                LogEntry(
                    "bid",
                    f"{self.name(before)}: at least "
                    f"{bid_words(action['count'], action['attribute'])}"
                    f" → {self.name(action['next'])}",
                    self.said(before, action),
                )
            )
            return out
        shown = view["last_round"]
        bid = shown["bid"]
        verb = "calls" if shown["kind"] == "call" else "spots"
        out.append(
            LogEntry(
                shown["kind"],
                f"{self.does(before, verb, verb[:-1])} {self.whose(bid['by'])} "
                f"“at least {bid_words(bid['count'], bid['attribute'])}”",
            )
        )
        out.append(LogEntry("outcome", self.outcome_text(shown)))
        if view["over"]:
            out.append(LogEntry("end", self.result_text(view["result"])))
        else:
            out.append(
                LogEntry(
                    "round", f"Round {view['round']} — {self.does(view['opener'], 'opens', 'open')}"
                )
            )
        return out

    def replay(self, record: dict[str, Any]) -> list[LogEntry]:
        """The whole log of a game's record."""
        opener = spygames.replay(record, upto=0).view(0)["opener"]
        log = [LogEntry("round", f"Round 1 — {self.does(opener, 'opens', 'open')}")]
        for step in spygames.steps(record):
            log.extend(self.entries(step.actor, step.action, step.state))
        return log

    # -- a showdown and the end ---------------------------------------------------------------
    def count_text(self, shown: Showdown) -> str:
        return (
            f"{plural(shown['matches'], 'match', 'matches')} + "
            f"{plural(shown['mercenaries'], 'Mercenary', 'Mercenaries')} − "
            f"{plural(shown['traitors'], 'Traitor')} = {shown['count']}"
        )

    def outcome_text(self, shown: Showdown) -> str:
        bid = shown["bid"]
        if shown["kind"] == "call":
            verdict = "the bid holds" if shown["count"] >= bid["count"] else "the bid fails"
        else:
            verdict = "the spot is right" if shown["count"] == bid["count"] else "the spot is wrong"
        text = (
            f"Count: {self.count_text(shown)} — {verdict}. "
            f"{self.does(shown['loser'], 'loses', 'lose')} a Source"
        )
        if shown["point_to"] is not None:
            text += f"; {self.does(shown['point_to'], 'scores', 'score')} a point"
        if shown["eliminated"]:
            text += f"; {self.does(shown['loser'], 'is', 'are')} out"
        return text + "."

    def verdict(self, shown: Showdown) -> str:
        verdict = self.outcome_text(shown).split(" — ", 1)[1]
        return verdict[0].upper() + verdict[1:]

    def result_text(self, result: EspionageResult) -> str:
        winner = result["winners"][0]
        if result["ending"] == "points":
            return f"{self.does(winner, 'wins', 'win')} with {result['points'][winner]} points."
        return f"{self.does(winner, 'wins', 'win')} as the last tracker with active Sources."

    def said(self, seat: int, action: dict[str, Any]) -> str:
        """A bid in words, for a screen reader (the log's line draws "→" for "to"):
        "Rook bids at least 2 Faces, to Ann."."""
        return (
            f"{self.does(seat, 'bids', 'bid')} at least "
            f"{bid_words(action['count'], action['attribute'])}, "
            f"to {self.name(action['next'])}."
        )


def table_log_html(scene: Scene) -> str:
    """The log keeps pace with the showdown: its outcome once the count is shown,
    the next round (or the game's end) once the people move on."""
    log = [LogEntry(kind, text, said) for kind, text, said in scene.log]
    if scene.holding_showdown and log and log[-1].kind in ("round", "end"):
        log = log[:-1]
    if scene.stepping and not scene.has("outcome") and log and log[-1].kind == "outcome":
        log = log[:-1]
    return log_html(log, "esp")
