"""What the Espionage table says: the log's lines, a showdown's count and outcome, the
game's result and a move in words for a screen reader — "You open" but "Agent Vesper
opens", named as the table seats them — and the log beside the felt.

A seat named "You" (the first seat's default name: the person at the device) is spoken
to, so each sentence about a seat is two messages, "You open" and "{name} opens".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import spygames
from spygames.espionage.cards import bid_words
from spygames.espionage.views import EspionageResult, Showdown
from spygames.i18n import _, ngettext

from ...tables.seats import is_you
from ...tables.tabletools import LogEntry, log_html
from .scene import Scene


class Narrator:
    """The table's words, with each seat named by `name`."""

    def __init__(self, name: Callable[[int], str]) -> None:
        self.name = name

    def you(self, seat: int) -> bool:
        return is_you(self.name(seat))

    def opens(self, seat: int) -> str:
        """ "Agent Vesper opens." but "You open." (the round's first bid is theirs)."""
        if self.you(seat):
            return _("You open.")
        return _("{name} opens.", name=self.name(seat))

    # -- the log ----------------------------------------------------------------------------
    def entries(self, before: int, action: dict[str, Any], after: spygames.State) -> list[LogEntry]:
        """The log's lines for `action`, made by seat `before`, which led to `after`."""
        view = after.view(0)
        out: list[LogEntry] = []
        if action["type"] == "bid":
            out.append(
                LogEntry(
                    "bid",
                    # translators: a bid in the log: "Ann: at least 3 Hackers → Ben" (Ben
                    # answers it)
                    _(
                        "{name}: at least {bid} → {next}",
                        name=self.name(before),
                        bid=bid_words(action["count"], action["attribute"]),
                        next=self.name(action["next"]),
                    ),
                    self.said(before, action),
                )
            )
            return out
        shown = view["last_round"]
        bid = shown["bid"]
        words = bid_words(bid["count"], bid["attribute"])
        out.append(LogEntry(shown["kind"], self.challenge(before, shown["kind"], bid["by"], words)))
        out.append(LogEntry("outcome", self.outcome_text(shown)))
        if view["over"]:
            out.append(LogEntry("end", self.result_text(view["result"])))
        else:
            out.append(LogEntry("round", self.round_text(view["round"], view["opener"])))
        return out

    def round_text(self, round_: int, opener: int) -> str:
        """ "Round 2 — Agent Vesper opens"."""
        if self.you(opener):
            return _("Round {round} — You open", round=round_)
        return _("Round {round} — {name} opens", round=round_, name=self.name(opener))

    def challenge(self, seat: int, kind: str, owner: int, bid: str) -> str:
        """ "Agent Vesper calls your “at least 3 Hackers”": `seat` calls (or spots, by
        `kind`) the bid `bid` of seat `owner`."""
        name, whose = self.name(seat), self.name(owner)
        me, mine = self.you(seat), self.you(owner)
        if kind == "call":
            if me and mine:
                return _("You call your “at least {bid}”", bid=bid)
            if me:
                return _("You call {owner}’s “at least {bid}”", owner=whose, bid=bid)
            if mine:
                return _("{name} calls your “at least {bid}”", name=name, bid=bid)
            return _("{name} calls {owner}’s “at least {bid}”", name=name, owner=whose, bid=bid)
        if me and mine:
            return _("You spot your “at least {bid}”", bid=bid)
        if me:
            return _("You spot {owner}’s “at least {bid}”", owner=whose, bid=bid)
        if mine:
            return _("{name} spots your “at least {bid}”", name=name, bid=bid)
        return _("{name} spots {owner}’s “at least {bid}”", name=name, owner=whose, bid=bid)

    def replay(self, record: dict[str, Any]) -> list[LogEntry]:
        """The whole log of a game's record."""
        opener = spygames.replay(record, upto=0).view(0)["opener"]
        log = [LogEntry("round", self.round_text(1, opener))]
        for step in spygames.steps(record):
            log.extend(self.entries(step.actor, step.action, step.state))
        return log

    # -- a showdown and the end ---------------------------------------------------------------
    def count_text(self, shown: Showdown) -> str:
        """ "3 matches + 1 Mercenary − 2 Traitors = 2"."""
        return _(
            "{matches} + {mercenaries} − {traitors} = {count}",
            matches=matches(shown["matches"]),
            mercenaries=mercenaries(shown["mercenaries"]),
            traitors=traitors(shown["traitors"]),
            count=shown["count"],
        )

    def outcome_text(self, shown: Showdown) -> str:
        """ "Count: 2 matches + 0 Mercenaries − 0 Traitors = 2 — the bid fails. Ann loses
        a Source." """
        bid, count = shown["bid"], self.count_text(shown)
        outcome = self.consequences(shown)
        if shown["kind"] == "call":
            if shown["count"] >= bid["count"]:
                # translators: {outcome}: who loses a Source ("Ann loses a Source")
                return _("Count: {count} — the bid holds. {outcome}.", count=count, outcome=outcome)
            # translators: {outcome}: who loses a Source ("Ann loses a Source")
            return _("Count: {count} — the bid fails. {outcome}.", count=count, outcome=outcome)
        if shown["count"] == bid["count"]:
            # translators: {outcome}: who loses a Source, who scores ("Ann loses a Source;
            # Ben scores a point")
            return _("Count: {count} — the spot is right. {outcome}.", count=count, outcome=outcome)
        # translators: {outcome}: who loses a Source, who scores ("Ann loses a Source; Ben
        # scores a point")
        return _("Count: {count} — the spot is wrong. {outcome}.", count=count, outcome=outcome)

    def verdict(self, shown: Showdown) -> str:
        """The outcome without the count: "The bid fails. Ann loses a Source." """
        bid, outcome = shown["bid"], self.consequences(shown)
        if shown["kind"] == "call":
            if shown["count"] >= bid["count"]:
                # translators: {outcome}: who loses a Source ("Ann loses a Source")
                return _("The bid holds. {outcome}.", outcome=outcome)
            # translators: {outcome}: who loses a Source ("Ann loses a Source")
            return _("The bid fails. {outcome}.", outcome=outcome)
        if shown["count"] == bid["count"]:
            # translators: {outcome}: who loses a Source, who scores ("Ann loses a Source;
            # Ben scores a point")
            return _("The spot is right. {outcome}.", outcome=outcome)
        # translators: {outcome}: who loses a Source, who scores ("Ann loses a Source; Ben
        # scores a point")
        return _("The spot is wrong. {outcome}.", outcome=outcome)

    def consequences(self, shown: Showdown) -> str:
        """What a showdown did to the seats: "Ann loses a Source; Ben scores a point;
        Ann is out" (each part as it happened), "You" spoken to."""
        loser, scorer, out = shown["loser"], shown["point_to"], bool(shown["eliminated"])
        name = self.name(loser)
        lost = self.you(loser)
        if scorer is None:
            if out:
                if lost:
                    return _("You lose a Source; You are out")
                return _("{loser} loses a Source; {loser} is out", loser=name)
            if lost:
                return _("You lose a Source")
            return _("{loser} loses a Source", loser=name)
        won, scored = self.name(scorer), self.you(scorer)
        if out:
            if lost and scored:  # two seats named "You"
                return _("You lose a Source; You score a point; You are out")
            if lost:
                return _("You lose a Source; {scorer} scores a point; You are out", scorer=won)
            if scored:
                return _("{loser} loses a Source; You score a point; {loser} is out", loser=name)
            return _(
                "{loser} loses a Source; {scorer} scores a point; {loser} is out",
                loser=name,
                scorer=won,
            )
        if lost and scored:  # two seats named "You"
            return _("You lose a Source; You score a point")
        if lost:
            return _("You lose a Source; {scorer} scores a point", scorer=won)
        if scored:
            return _("{loser} loses a Source; You score a point", loser=name)
        return _("{loser} loses a Source; {scorer} scores a point", loser=name, scorer=won)

    def result_text(self, result: EspionageResult) -> str:
        winner = result["winners"][0]
        you, name = self.you(winner), self.name(winner)
        if result["ending"] == "points":
            points = result["points"][winner]
            if you:
                return ngettext("You win with {n} point.", "You win with {n} points.", points)
            return ngettext(
                "{name} wins with {n} point.", "{name} wins with {n} points.", points, name=name
            )
        if you:
            return _("You win as the last tracker with active Sources.")
        return _("{name} wins as the last tracker with active Sources.", name=name)

    def said(self, seat: int, action: dict[str, Any]) -> str:
        """A bid in words, for a screen reader (the log's line draws "→" for "to"):
        "Rook bids at least 2 Faces, to Ann."."""
        bid, to = bid_words(action["count"], action["attribute"]), self.name(action["next"])
        if self.you(seat):
            return _("You bid at least {bid}, to {next}.", bid=bid, next=to)
        return _("{name} bids at least {bid}, to {next}.", name=self.name(seat), bid=bid, next=to)


def matches(n: int) -> str:
    """ "3 matches": the cards of the bid's role, faction or city in a showdown."""
    return ngettext("{n} match", "{n} matches", n)


def mercenaries(n: int) -> str:
    return ngettext("{n} Mercenary", "{n} Mercenaries", n)


def traitors(n: int) -> str:
    return ngettext("{n} Traitor", "{n} Traitors", n)


def table_log_html(scene: Scene) -> str:
    """The log keeps pace with the showdown: its outcome once the count is shown,
    the next round (or the game's end) once the people move on."""
    log = [LogEntry(kind, text, said) for kind, text, said in scene.log]
    if scene.holding_showdown and log and log[-1].kind in ("round", "end"):
        log = log[:-1]
    if scene.stepping and not scene.has("outcome") and log and log[-1].kind == "outcome":
        log = log[:-1]
    return log_html(log, "esp")
