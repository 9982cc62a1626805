"""Your hand and the deploy panel: pick a card, then play it where the engine allows.

Only legal targets are offered — the branches an agent may enter (with the funding you
attach), the branches where a mission may go now; a branch the engine refuses shows
its reason (`why_illegal`, asked by the table for the controls `refused_controls`
names) instead of a button. A pass-to-teammate slot at 4 players, and End turn.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from spygames.i18n import ENDS, _, full_stop, listed, ngettext, pgettext
from spygames.spynet.rules import SpyNetState
from spygames.spynet.views import Deploy, SpyNetView

from ...browser.markup import button, esc
from . import cards
from .model import BRANCH, CARD, DeployChoices, kind, placement
from .who import Who

Why = Mapping[str, str]
"""The engine's reasons for the refused controls shown, by `refused_controls`' keys."""


@dataclass
class Selection:
    """What the person has picked so far: a card from the hand, the funding to attach
    to it (an agent), the agent an effect will flip."""

    card: str | None = None
    funding: list[str] = field(default_factory=list)
    flip: str | None = None

    def clear(self) -> None:
        self.card, self.funding, self.flip = None, [], None


def hand_html(
    hand: list[str],
    *,
    act: str | None,
    sel: Selection,
    playable: Callable[[str], bool] | None = None,
    fresh: set[str] | None = None,
    title: str | None = None,
    drag: bool = False,
    read: bool = False,
) -> str:
    """The hand, each card a button when `act` is set (pick, keep, discard_card); else,
    with `read`, a button that opens its whole face. `title`: "Your hand" unless said."""
    if title is None:
        title = _("Your hand")
    items = []
    for c in hand:
        marks = []
        if c in sel.funding:
            marks.append("sn-attached")
        if playable is not None and playable(c):
            marks.append("sn-playable")
        if fresh and c in fresh:
            marks.append("sn-new")
        note = (
            _("attached")
            if c in sel.funding
            else pgettext("card", "new")
            if fresh and c in fresh
            else ""
        )
        items.append(
            "<li>"
            + cards.card(
                c,
                size="md",
                act=act,
                selected=c == sel.card,
                cls=" ".join(marks),
                note=note,
                id_=f"sn-hand-{c}",
                drag=drag,
                read=read,
            )
            + "</li>"
        )
    empty = ""
    if not hand:
        none = _("No cards in hand.")
        empty = f'<li class="sn-empty-hand">{esc(none)}</li>'
    return (
        f'<section class="sn-hand" aria-label="{esc(title)}">'
        f'<h2>{esc(title)} <span class="sn-hand-count">({len(hand)})</span></h2>'
        f'<ul class="sn-hand-cards" id="sn-hand">{"".join(items)}{empty}</ul></section>'
    )


def refused_controls(
    view: SpyNetView, choices: DeployChoices, sel: Selection
) -> dict[str, dict[str, Any]]:
    """The controls the deploy panel shows refused, for the card picked: each with the
    action whose refusal (`why_illegal`) it explains. Keys: `agent:<card>` (the agent
    cannot be played), `fund:<card>` (a funding toggle), `mission:<branch>`."""
    card = sel.card
    if card is None or card not in view["hand"]:
        return {}
    k = kind(card)
    out: dict[str, dict[str, Any]] = {}
    if k == "agent" and card not in choices.agents:
        branch = CARD[card]["branches"][0]
        out[f"agent:{card}"] = {"type": "agent", "card": card, "branch": branch, "funding": []}
    elif k == "agent":
        for f in (c for c in view["hand"] if kind(c) == "funding"):
            if not choices.can_toggle(card, sel.funding, f):
                branch = next(iter(choices.agents[card]))
                trial = sorted({*sel.funding} ^ {f})
                out[f"fund:{f}"] = {
                    "type": "agent",
                    "card": card,
                    "branch": branch,
                    "funding": trial,
                }
    elif k == "mission":
        legal = choices.missions.get(card, [])
        for b in CARD[card]["branches"]:
            if b not in legal:
                out[f"mission:{b}"] = {"type": "mission", "card": card, "branch": b}
    return out


def refusals(
    state: SpyNetState, view: SpyNetView, legal: list[dict[str, Any]], sel: Selection
) -> dict[str, str]:
    """The engine's reasons for the refused controls the seat to play is shown now: by
    `refused_controls`' keys, and `deploy` when nothing in the hand could be played
    (`nothing_to_deploy`, said instead of the Deploy button and in the deploy panel).
    `legal`: the state's legal actions, as the table already has them."""
    out: dict[str, str] = {}
    if view["phase"] in ("choose", "deploy"):
        nothing = state.nothing_to_deploy()
        if nothing is not None:
            out["deploy"] = nothing
    if view["phase"] == "deploy":
        choices = DeployChoices.from_legal(legal)
        for key, action in refused_controls(view, choices, sel).items():
            reason = state.why_illegal(action)
            if reason is not None:
                out[key] = reason
    return out


def every_refusal(
    state: SpyNetState, view: SpyNetView, legal: list[dict[str, Any]]
) -> dict[str, str]:
    """The engine's reasons for every refused control the seat to play could be shown
    this turn, whatever it picks: `refusals` for each card in the hand and each set of
    funding that can be attached to it, keyed `<card>+<funding,...>|<control>` (and
    `deploy`). For a seat on another device, which picks on its own (`for_pick`)."""
    out = {k: v for k, v in refusals(state, view, legal, Selection()).items()}
    if view["phase"] != "deploy":
        return out
    choices = DeployChoices.from_legal(legal)
    for card in view["hand"]:
        sets = {()} | {f for by in choices.agents.get(card, {}).values() for f in by}
        for funding in sorted(sets):
            sel = Selection(card, list(funding))
            for key, reason in refusals(state, view, legal, sel).items():
                if key != "deploy":
                    out[f"{card}+{','.join(funding)}|{key}"] = reason
    return out


def for_pick(every: Mapping[str, str], sel: Selection) -> dict[str, str]:
    """From `every_refusal`, the reasons for what `sel` has picked, keyed as `refusals`."""
    prefix = f"{sel.card}+{','.join(sorted(sel.funding))}|"
    out = {k: v for k, v in every.items() if "|" not in k}
    out |= {k[len(prefix) :]: v for k, v in every.items() if k.startswith(prefix)}
    return out


def deploy_panel(
    view: SpyNetView,
    choices: DeployChoices,
    sel: Selection,
    who: Who,
    why: Why,
    nothing: str | None = None,
) -> str:
    deploy = view["deploy"]
    end_label = _("End your final turn") if view["final_round"] else _("End turn")
    end = button(
        f'{esc(end_label)} <span class="kbd">E</span>',
        "end",
        class_="btn btn-primary",
        id="sn-end",
        disabled=not choices.can_end,
    )
    parts = [
        '<section class="sn-act sn-deploy" aria-labelledby="sn-act-title">',
        '<div class="sn-act-head"><h2 id="sn-act-title">'
        + esc(
            _("Your final turn: deploy") if view["final_round"] else pgettext("heading", "Deploy")
        )
        + f"</h2>{end}</div>{_budget(view, deploy, who)}",
    ]
    card = sel.card
    if card is not None and card in view["hand"]:
        parts.append(_selected(view, card, choices, sel, who, why))
    elif nothing is not None:
        # translators: {reason} is the rules' reason (lower case, no full stop)
        words = _(
            "Nothing in your hand can be played now: {reason}. End your turn.", reason=esc(nothing)
        )
        parts.append(f'<p class="sn-why" id="sn-nothing">{words}</p>')
    else:
        words = _(
            "Pick a card in your hand to see where it may go — then play it, or end your turn."
        )
        parts.append(f'<p class="sn-help" id="sn-pick-help">{esc(words)}</p>')
    mate = view["teammate"]
    if mate is not None:
        parts.append(_pass_slot(view, mate, choices, sel, who))
    parts.append("</section>")
    return "".join(parts)


def _budget(view: SpyNetView, deploy: Deploy | None, who: Who) -> str:
    left = deploy["agents_left"] if deploy is not None else 0
    agents = (
        ngettext("{n} agent to play", "{n} agents to play", left) if left else _("agent played")
    )
    mine = [BRANCH[b]["name"] for b, seats in view["dominates"].items() if view["seat"] in seats]
    missions = (
        # translators: {branches} lists the branches you dominate: "Field Ops, Tech"
        _("missions in {branches}", branches=listed(mine))
        if mine
        else _("missions in no branch yet (dominate one first)")
    )
    items = [f'<li id="sn-agents-left">{esc(agents)}</li>', f"<li>{esc(missions)}</li>"]
    if view["teammate"] is not None:
        passed = deploy is not None and deploy["passed"]
        mate = who.name(view["teammate"])
        slot = _("card passed") if passed else _("a card to {name}", name=esc(mate))
        items.append(f"<li>{slot}</li>")
    label = _("This turn")
    return f'<ul class="sn-budget" aria-label="{esc(label)}">{"".join(items)}</ul>'


def _selected(
    view: SpyNetView, card: str, choices: DeployChoices, sel: Selection, who: Who, why: Why
) -> str:
    k = kind(card)
    controls: list[str] = []
    if k == "agent":
        controls.append(_agent_controls(view, card, choices, sel, who, why))
    elif k == "mission":
        controls.append(_mission_controls(view, card, choices, why))
    else:
        words = _(
            "Funding is attached to an agent as you play it: pick the agent first, "
            "then tap this card."
        )
        controls.append(f'<p class="sn-help">{esc(words)}</p>')
    return (
        '<div class="sn-picked" id="sn-selected">'
        f'<div class="sn-picked-text">{cards.card(card, size="chip")} '
        f"<span>{esc(cards.body_text(card))}</span></div>"
        f'<div class="sn-controls">{"".join(controls)}</div></div>'
    )


def _agent_controls(
    view: SpyNetView, card: str, choices: DeployChoices, sel: Selection, who: Who, why: Why
) -> str:
    if card not in choices.agents:
        reason = why.get(f"agent:{card}")
        words = _sentence(reason or _("not now"))
        return f'<p class="sn-why" id="sn-why">{esc(words)}</p>'
    funds = [c for c in view["hand"] if kind(c) == "funding"]
    toggles = []
    for f in funds:
        on = f in sel.funding
        ok = choices.can_toggle(card, sel.funding, f)
        reason = "" if ok else why.get(f"fund:{f}", "")
        toggles.append(
            button(
                f"{'☑' if on else '☐'} {esc(CARD[f]['name'])} +{CARD[f]['value']}",
                "fund",
                f,
                class_=f"sn-toggle{' on' if on else ''}",
                id=f"sn-fund-{f}",
                aria_pressed="true" if on else "false",
                disabled=not ok,
                title=_sentence(reason) if reason else None,
            )
        )
    attach = _("Attach funding")
    fund_html = (
        f'<div class="sn-funds" role="group" aria-label="{esc(attach)}">'
        f'<span class="sn-label">{esc(attach)}</span>{"".join(toggles)}</div>'
        if toggles
        else ""
    )
    branches = choices.branches_for(card, sel.funding)
    after = {b: placement(view, card, b, sel.funding) for b in branches}
    targets = "".join(
        button(  # the branch's total once the agent is in, as the outcome compares it
            cards.icon(b)
            + " "
            # translators: a button: play the agent in a branch, where its power becomes {power}
            + _(
                "Play in {branch} → {power}", branch=esc(BRANCH[b]["name"]), power=after[b]["power"]
            )
            + f' <span class="sn-outcome">{esc(outcome(after[b], view, who))}</span>',
            "agent",
            f"{card}@{b}",
            class_="btn btn-primary sn-branch-btn",
            id=f"sn-play-{b}",
            style=cards.button_colours(b),
        )
        for b in branches
    )
    return f'{fund_html}<div class="sn-buttons sn-targets">{targets}</div>'


def outcome(after: dict[str, Any], view: SpyNetView, who: Who) -> str:
    """What a placement does to its branch, in words: the branch's power for the player
    after it and who dominates then (the engine's `placement`), against the strongest
    opponent there — "(beats Lynx’s 4: you’d dominate)", "(ties Lynx at 4: no one
    dominates)", "(Lynx keeps it with 6)"; a partner leading: "your team dominates"."""
    seat, powers, holders = view["seat"], after["powers"], after["dominators"]
    team = view["team_of"]
    foes = [s for s in range(len(powers)) if team[s] != team[seat]]
    foe = max(foes, key=lambda s: (powers[s], -s))
    theirs, name = powers[foe], who.name(foe)
    mine = after["power"]
    mate = view["teammate"]
    if seat in holders:
        if theirs <= 0:
            return _("(you’d dominate)")
        if mine == theirs:
            return _("(ties {name} at {power}: you’d both dominate)", name=name, power=theirs)
        return _("(beats {name}’s {power}: you’d dominate)", name=name, power=theirs)
    if mate is not None and mate in holders:
        return _(
            "({name} leads with {power}: your team dominates)",
            name=who.name(mate),
            power=powers[mate],
        )
    if mine == theirs:
        return _("(ties {name} at {power}: no one dominates)", name=name, power=theirs)
    if foe in after["before"]:
        # translators: the branch stays dominated by {name}, with power {power}
        return _("({name} keeps it with {power})", name=name, power=theirs)
    return _("({name} leads with {power})", name=name, power=theirs)


def _mission_controls(view: SpyNetView, card: str, choices: DeployChoices, why: Why) -> str:
    legal = choices.missions.get(card, [])
    rows = []
    for b in CARD[card]["branches"]:
        if b in legal:
            rows.append(
                button(
                    cards.icon(b)
                    + " "
                    + _("Play face down in {branch}", branch=esc(BRANCH[b]["name"])),
                    "mission",
                    f"{card}@{b}",
                    class_="btn btn-primary sn-branch-btn",
                    id=f"sn-mission-{b}",
                    style=cards.button_colours(b),
                )
            )
        else:
            reason = why.get(f"mission:{b}") or _("not now")
            rows.append(
                f'<p class="sn-why" id="sn-why-{b}">{cards.icon(b)} '
                # translators: why a mission may not go in a branch: "Tech: You do not dominate it."
                + _(
                    "<b>{branch}</b>: {reason}",
                    branch=esc(BRANCH[b]["name"]),
                    reason=esc(_sentence(reason)),
                )
                + "</p>"
            )
    return f'<div class="sn-buttons sn-targets">{"".join(rows)}</div>'


def _pass_slot(
    view: SpyNetView, mate: int, choices: DeployChoices, sel: Selection, who: Who
) -> str:
    deploy = view["deploy"]
    name = esc(who.name(mate))
    if deploy is not None and deploy["passed"]:
        done = _("✓ A card went to {name} this turn", name=name)
        inside = f'<span class="sn-slot-done">{done}</span>'
    elif sel.card is not None and sel.card in choices.passes:
        inside = button(
            _("Pass {card} face down to {name}", card=esc(CARD[sel.card]["name"]), name=name),
            "pass",
            sel.card,
            id="sn-pass",
            class_="btn btn-small",
        )
    else:
        empty = _("Pick a card to pass it face down to {name}", name=name)
        inside = f'<span class="sn-slot-empty">{empty}</span>'
    label, slot = _("Pass to {name}", name=name), _("Pass slot · 1 a turn")
    return (
        f'<div class="sn-passslot" id="sn-passslot" data-drop-act="pass" aria-label="{label}">'
        f'<span class="sn-label">{esc(slot)}</span>{inside}</div>'
    )


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return full_stop(text, (*ENDS, ")"))
