from __future__ import annotations

from typing import Any, cast

import spygames
from spygames.i18n import _, listed, ngettext
from spygames.spynet.views import Pending, SpyNetResult, SpyNetView

from ...tables.tabletools import LogEntry
from .model import BRANCH, CARD
from .who import Who, and_joined


def cards_count(n: int) -> str:
    """ "1 card", "3 cards": a count put into a sentence that has another."""
    return ngettext("{n} card", "{n} cards", n)


def _looked_at(before: SpyNetView) -> int:
    """The pile a take or a return is about: the one the recruiter was looking at."""
    pile = before["looking"]
    assert pile is not None, "a take or a return comes while a pile is looked at"
    return pile


def _agent(card: str) -> str:
    return cast(str, CARD[card]["name"])


class Narrator:
    """Log entries for each action, from the positions before and after it."""

    def __init__(self, who: Who) -> None:
        self.who = who

    def opening(self, state: spygames.State) -> list[LogEntry]:
        view = state.view(0)
        who = self.who
        out = []
        if view["phase"] == "draft":
            drafter, first = view["turn"], who.name(view["first"])
            if who.you(drafter) and who.you(view["first"]):
                text = _("Opening draft: You draft first, and you will take the first turn")
            elif who.you(drafter):
                text = _(
                    "Opening draft: You draft first; {first} will take the first turn",
                    first=first,
                )
            elif who.you(view["first"]):
                text = _(
                    "Opening draft: {name} drafts first; you will take the first turn",
                    name=who.name(drafter),
                )
            else:
                text = _(
                    "Opening draft: {name} drafts first; {first} will take the first turn",
                    name=who.name(drafter),
                    first=first,
                )
            out.append(LogEntry("turn", text))
        else:
            out.append(LogEntry("turn", _("Turn {n} — {name}", n=1, name=who.name(view["turn"]))))
        return out

    def entries(
        self, before: SpyNetView, actor: int, action: dict[str, Any], after: spygames.State
    ) -> list[LogEntry]:
        """`before` is any seat's view of the position before the action (only its public
        parts are read)."""
        view = cast(SpyNetView, after.view(actor))
        name = self.who.name(actor)
        you = self.who.you(actor)  # the words speak to the person: "You recruited"
        kind = action["type"]
        out: list[LogEntry] = []
        if kind == "keep":
            text = (
                _("You kept a card from the draft and passed the rest")
                if you
                else _("{name} kept a card from the draft and passed the rest", name=name)
            )
            out.append(LogEntry("draft", text))
        elif kind == "recruit":
            text = _("You recruited") if you else _("{name} recruited", name=name)
            out.append(LogEntry("move", text))
        elif kind == "deploy":
            text = _("You deployed") if you else _("{name} deployed", name=name)
            out.append(LogEntry("move", text))
        elif kind == "take":
            pile = _looked_at(before)
            size = before["piles"][pile]["size"]
            took = {"pile": pile + 1, "cards": cards_count(size)}
            # translators: {cards} is how many cards the pile held: "3 cards"
            text = (
                _("You took pile {pile} ({cards})", **took)
                if you
                else _("{name} took pile {pile} ({cards})", name=name, **took)
            )
            out.append(LogEntry("take", text))
        elif kind == "pass_on":
            pile = _looked_at(before)
            size = before["piles"][pile]["size"]
            if view["phase"] != "recruit" or view["turn_number"] != before["turn_number"]:
                drawn = (
                    before["deck"]
                    - view["deck"]
                    - sum(
                        p["size"] - q["size"]
                        for p, q in zip(view["piles"], before["piles"], strict=True)
                    )
                )
                back = {
                    "pile": pile + 1,
                    "cards": cards_count(size),
                    "drawn": cards_count(max(drawn, 0)),
                }
                # translators: {cards}: how many the pile held; {drawn}: how many were drawn
                text = (
                    _("You returned pile {pile} ({cards}) and took {drawn} from the deck", **back)
                    if you
                    else _(
                        "{name} returned pile {pile} ({cards}) and took {drawn} from the deck",
                        name=name,
                        **back,
                    )
                )
            else:
                back = {"pile": pile + 1, "cards": cards_count(size)}
                # translators: {cards} is how many cards the pile held: "3 cards"
                text = (
                    _("You returned pile {pile} ({cards})", **back)
                    if you
                    else _("{name} returned pile {pile} ({cards})", name=name, **back)
                )
            out.append(LogEntry("move", text))
        elif kind == "agent":
            out.append(LogEntry("play", self._agent_line(name, you, action, view)))
        elif kind == "mission":
            branch = BRANCH[action["branch"]]["name"]
            text = (
                _("You played a mission face down in {branch}", branch=branch)
                if you
                else _("{name} played a mission face down in {branch}", name=name, branch=branch)
            )
            out.append(LogEntry("play", text))
        elif kind == "pass":
            mate = self.who.teammate(actor)
            if mate is not None:
                to = self.who.name(mate)
                if you:
                    text = _("You passed a card face down to {mate}", mate=to)
                elif self.who.you(mate):
                    text = _("{name} passed you a card face down", name=name)
                else:
                    text = _("{name} passed a card face down to {mate}", name=name, mate=to)
            else:
                text = (
                    _("You passed a card face down to a teammate")
                    if you
                    else _("{name} passed a card face down to a teammate", name=name)
                )
            out.append(LogEntry("move", text))
        elif kind in ("discard", "discard_card", "eliminate", "flip", "draw", "skip_effect"):
            out.append(self._effect_line(before, actor, action, view))
        if view["turn_number"] != before["turn_number"] or (
            before["phase"] == "draft" and view["phase"] != "draft"
        ):
            out += self._new_turn(before, view)
        if view["result"] is not None:
            out.append(LogEntry("end", self.result_text(view["result"])))
        return out

    def _agent_line(self, name: str, you: bool, action: dict[str, Any], view: SpyNetView) -> str:
        card, branch = action["card"], action["branch"]
        funding = action.get("funding") or []
        seat = view["seat"]
        stack = view["tableaus"][seat]["agents"][branch]
        power = next((a["power"] for a in stack if a["card"] == card), None)
        values: dict[str, Any] = {
            "name": name,
            "card": _agent(card),
            "branch": BRANCH[branch]["name"],
            "power": power,
        }
        if funding:
            # translators: a funding card and the power it adds: "Bribe (+2)"
            each: list[str] = [
                _("{card} (+{value})", card=_agent(f), value=CARD[f]["value"]) for f in funding
            ]
            values["funding"] = listed(each)
            if power is not None and you:
                # translators: {funding} lists funding cards: "Bribe (+2), Grant (+1)"
                return _("You played {card} in {branch} with {funding}: power {power}", **values)
            if power is not None:
                # translators: {funding} lists funding cards: "Bribe (+2), Grant (+1)"
                return _("{name} played {card} in {branch} with {funding}: power {power}", **values)
            if you:
                return _("You played {card} in {branch} with {funding}", **values)
            return _("{name} played {card} in {branch} with {funding}", **values)
        if power is not None:
            if you:
                return _("You played {card} in {branch}: power {power}", **values)
            return _("{name} played {card} in {branch}: power {power}", **values)
        if you:
            return _("You played {card} in {branch}", **values)
        return _("{name} played {card} in {branch}", **values)

    def _effect_line(
        self, before: SpyNetView, actor: int, action: dict[str, Any], view: SpyNetView
    ) -> LogEntry:
        who = self.who
        pending: Pending | dict[str, Any] = before["pending"] or {}
        by = pending.get("by", actor)
        # a pending effect always names its card; "an agent" is only a fallback
        source = _agent(pending["card"]) if pending.get("card") in CARD else _("an agent")
        kind = action["type"]
        yours, by_name = who.you(by), who.name(by)
        if kind == "discard":
            target = who.name(action["seat"])
            if yours:
                text = _("Your {agent}: {target} must discard a card", agent=source, target=target)
            elif who.you(action["seat"]):
                text = _(
                    "{name}’s {agent}: you must discard a card", name=who.first(by), agent=source
                )
            else:
                text = _(
                    "{name}’s {agent}: {target} must discard a card",
                    name=who.first(by),
                    agent=source,
                    target=target,
                )
            return LogEntry("effect", text)
        if kind == "discard_card":
            card = _agent(action["card"])
            text = (
                _("You discarded {card}", card=card)
                if who.you(actor)
                else _("{name} discarded {card}", name=who.name(actor), card=card)
            )
            return LogEntry("effect", text)
        if kind == "eliminate":
            owner = self._owner(before, action["card"])
            return LogEntry("effect", self._eliminated(before, by, source, owner, action["card"]))
        if kind == "flip":
            owner = self._owner(before, action["card"])
            return LogEntry("effect", self._flipped(by, source, owner, action))
        if kind == "draw":
            drawn = before["deck"] - view["deck"]
            if yours:
                # translators: "You" is the person's own seat, named "You"
                text = ngettext(
                    "Your {agent}: You took {n} card from the deck",
                    "Your {agent}: You took {n} cards from the deck",
                    drawn,
                    agent=source,
                )
            else:
                # translators: {first} and {name} are the same player ({first} begins the
                # sentence: its first letter raised)
                text = ngettext(
                    "{first}’s {agent}: {name} took {n} card from the deck",
                    "{first}’s {agent}: {name} took {n} cards from the deck",
                    drawn,
                    first=who.first(by),
                    name=by_name,
                    agent=source,
                )
            return LogEntry("effect", text)
        text = (
            _("You did not use {agent}’s effect", agent=source)
            if who.you(actor)
            else _("{name} did not use {agent}’s effect", name=who.name(actor), agent=source)
        )
        return LogEntry("effect", text)

    @staticmethod
    def _owner(before: SpyNetView, card: str) -> int | None:
        for seat, tableau in enumerate(before["tableaus"]):
            for stack in tableau["agents"].values():
                if any(a["card"] == card for a in stack):
                    return seat
        return None

    @staticmethod
    def _with_funding(before: SpyNetView, card: str) -> bool:
        """Whether the agent carried funding."""
        for tableau in before["tableaus"]:
            for stack in tableau["agents"].values():
                for agent in stack:
                    if agent["card"] == card and agent.get("funding"):
                        return True
        return False

    def _eliminated(
        self, before: SpyNetView, by: int, source: str, owner: int | None, card: str
    ) -> str:
        """ "Your Cleaner eliminated Lynx’s Censor (and its funding)": by you or another
        seat, of your agent, another seat's, or one found on no tableau."""
        who = self.who
        v = {"agent": source, "card": _agent(card), "name": who.first(by)}
        if owner is not None:
            v["owner"] = who.name(owner)
        if self._with_funding(before, card):
            if owner is None:
                if who.you(by):
                    return _("Your {agent} eliminated an {card} (and its funding)", **v)
                return _("{name}’s {agent} eliminated an {card} (and its funding)", **v)
            if who.you(owner):
                if who.you(by):
                    return _("Your {agent} eliminated your {card} (and its funding)", **v)
                return _("{name}’s {agent} eliminated your {card} (and its funding)", **v)
            if who.you(by):
                return _("Your {agent} eliminated {owner}’s {card} (and its funding)", **v)
            return _("{name}’s {agent} eliminated {owner}’s {card} (and its funding)", **v)
        if owner is None:
            if who.you(by):
                return _("Your {agent} eliminated an {card}", **v)
            return _("{name}’s {agent} eliminated an {card}", **v)
        if who.you(owner):
            if who.you(by):
                return _("Your {agent} eliminated your {card}", **v)
            return _("{name}’s {agent} eliminated your {card}", **v)
        if who.you(by):
            return _("Your {agent} eliminated {owner}’s {card}", **v)
        return _("{name}’s {agent} eliminated {owner}’s {card}", **v)

    def _flipped(self, by: int, source: str, owner: int | None, action: dict[str, Any]) -> str:
        """ "Lynx’s Turncoat flipped Censor from your tableau into Lynx’s Field Ops"."""
        who = self.who
        v = {
            "agent": source,
            "card": _agent(action["card"]),
            "branch": BRANCH[action["branch"]]["name"],
            "first": who.first(by),
            "name": who.name(by),
        }
        if owner is None:
            if who.you(by):
                return _("Your {agent} flipped {card} into your {branch}", **v)
            # translators: {first} and {name} are the same player ({first} begins the
            # sentence: its first letter raised)
            return _("{first}’s {agent} flipped {card} into {name}’s {branch}", **v)
        v["owner"] = who.name(owner)
        if who.you(owner):
            if who.you(by):
                return _("Your {agent} flipped {card} from your tableau into your {branch}", **v)
            # translators: {first} and {name} are the same player ({first} begins the
            # sentence: its first letter raised)
            return _(
                "{first}’s {agent} flipped {card} from your tableau into {name}’s {branch}", **v
            )
        if who.you(by):
            return _("Your {agent} flipped {card} from {owner}’s tableau into your {branch}", **v)
        # translators: {first} and {name} are the same player ({first} begins the sentence:
        # its first letter raised); {owner} is the flipped agent's player
        return _(
            "{first}’s {agent} flipped {card} from {owner}’s tableau into {name}’s {branch}", **v
        )

    def _new_turn(self, before: SpyNetView, view: SpyNetView) -> list[LogEntry]:
        out = []
        if view["final_round"] and not before["final_round"]:
            out.append(
                LogEntry(
                    "final",
                    _("The deck is empty: everyone takes one final turn, deploy only"),
                )
            )
        if not view["over"]:
            n, name = view["turn_number"], self.who.name(view["turn"])
            text = (
                _("Turn {n} — {name} (final turn)", n=n, name=name)
                if view["final_round"]
                else _("Turn {n} — {name}", n=n, name=name)
            )
            out.append(LogEntry("turn", text))
        return out

    def result_text(self, result: SpyNetResult) -> str:
        """Who won, on what points, and how a tie was broken — with the table's names."""
        who = self.who
        scores = result["scores"]
        teams = result["teams"]
        winners = {who.team_of[s] for s in result["winners"]}
        names = [who.team_name(t) for t in range(len(teams))]
        best = max(scores)
        leaders = [t for t, p in enumerate(scores) if p == best]
        if len(leaders) == 1:
            team = leaders[0]
            rest = max(p for t, p in enumerate(scores) if t != team)
            if who.team_you(team):
                return ngettext(
                    "You win with {n} point to {rest}.",
                    "You win with {n} points to {rest}.",
                    best,
                    rest=rest,
                )
            return ngettext(
                "{name} wins with {n} point to {rest}.",
                "{name} wins with {n} points to {rest}.",
                best,
                name=names[team],
                rest=rest,
            )
        tied = and_joined([names[t] for t in leaders])
        if len(winners) == 1:
            team = next(iter(winners))
            funding = result["funding"][team]
            if who.team_you(team):
                # translators: {names}: the players who tie ("Ann and You"); {funding}:
                # how many funding cards the winner has in play
                return ngettext(
                    "{names} tie on {n} point; You win with more funding cards in play "
                    "({funding}).",
                    "{names} tie on {n} points; You win with more funding cards in play "
                    "({funding}).",
                    best,
                    names=tied,
                    funding=funding,
                )
            # translators: {names}: the players who tie; {name}: the one who wins the
            # tie-break; {funding}: how many funding cards the winner has in play
            return ngettext(
                "{names} tie on {n} point; {name} wins with more funding cards in play "
                "({funding}).",
                "{names} tie on {n} points; {name} wins with more funding cards in play "
                "({funding}).",
                best,
                names=tied,
                name=names[team],
                funding=funding,
            )
        # translators: {names}: the players who tie ("Ann and Ben")
        return ngettext(
            "{names} tie on {n} point and funding cards: a shared win.",
            "{names} tie on {n} points and funding cards: a shared win.",
            best,
            names=tied,
        )
