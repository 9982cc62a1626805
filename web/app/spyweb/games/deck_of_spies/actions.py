"""What you can do: Counter and Recruit, or Retire and End turn, each with the engine's
reason when it is off; the Aces to assassinate with; the Hint and Undo; the Hint's
advice."""

from __future__ import annotations

import json

from spygames.i18n import _

from ...browser.markup import attrs, esc, hint_words
from . import model as vm
from .controls import control
from .log import sentence
from .scene import Scene


def actions(scene: Scene) -> str:
    groups = []
    hint = scene.hint.action if scene.hint else None
    hint_type = hint.get("type") if hint else None
    for button in scene.controls:
        why_id = f"why-{button.kind}"
        groups.append(
            f'<div class="dos-act{" hinted" if hint_type == button.kind else ""}">'
            + control(
                button.label,
                button.kind,
                id_=f"act-{button.kind.replace('_', '-')}",
                primary=button.reason is None,
                disabled=button.reason is not None,
                key=vm.KEY_OF[button.kind],
                described=why_id if button.reason else None,
            )
            + (
                f'<span class="dos-why" id="{why_id}">{esc(vm.reason_text(button.reason))}</span>'
                if button.reason
                else '<span class="dos-why ok">' + _("Ready") + "</span>"
            )
            + "</div>"
        )
    for index, ace in enumerate(scene.aces):
        hinted = hint is not None and hint_type == "assassinate" and hint.get("ace") == ace.arg
        groups.append(
            f'<div class="dos-act{" hinted" if hinted else ""}">'
            + control(
                esc(ace.label),
                "assassinate",
                ace.arg,
                id_=f"act-assassinate-{ace.arg}",
                primary=True,
                disabled=ace.reason is not None,
                key="A" if index == 0 else None,
            )
            + "</div>"
        )
    tools = (
        '<div class="dos-tools">'
        + control(
            _("Thinking…") if scene.thinking else _("Hint"),
            "hint",
            id_="btn-hint",
            key="H",
            disabled=scene.result is not None,
            quiet=True,
        )
        + _undo(scene)
        + "</div>"
    )
    return (
        '<section class="dos-actions"' + attrs(aria_label=_("Actions")) + ">"
        f'<div class="dos-act-row">{"".join(groups)}</div>{tools}</section>'
    )


def _undo(scene: Scene) -> str:
    """Undo, off with the engine's reason (as its tooltip, and read out with it)."""
    off = scene.undo_off
    return control(
        _("Undo"),
        "undo",
        id_="btn-undo",
        key="U",
        disabled=off is not None,
        quiet=True,
        title=off,
        described="why-undo" if off else None,
    ) + (f'<span class="sr-only" id="why-undo">{esc(off)}</span>' if off else "")


def hint_box(scene: Scene) -> str:
    """The Hint's advice: the move in words and the bot's reason."""
    if scene.hint is None:
        return ""
    action = scene.hint.action
    data = attrs(
        data_hint_type=action.get("type"),
        data_hint_cards=" ".join(action.get("cards", [])) or None,
        data_hint_ace=action.get("ace"),
        data_hint=json.dumps(action, separators=(",", ":")),
    )
    return (
        f'<section class="dos-hint" role="status" data-reveal="hint"{data}>'
        f"{hint_words('dos', vm.describe(action), sentence(scene.hint.reason))}</section>"
    )
