"""The end of an Espionage game, under the felt: the winner, the reason, every
tracker's points and active Sources, and Play again, New table or a replay."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..markup import esc
from ..share import replay_buttons

if TYPE_CHECKING:
    from .table import EspionageTable

CROWN = ' <span class="esp-crown">★ winner</span>'


def end_html(table: EspionageTable, view: dict[str, Any]) -> str:
    """Under the felt once the game is over: who won and why, the scores, and the way on."""
    assert table.state is not None
    result = view["result"]
    winner = result["winners"][0]
    rows = "".join(
        f'<tr class="{"esp-winner" if s == winner else ""}"><th scope="row">'
        f"{esc(table.name(s))}{CROWN if s == winner else ''}</th>"
        f"<td>{result['points'][s]}</td><td>{result['sources'][s]}</td></tr>"
        for s in range(len(table.seats))
    )
    you_won = winner in table.humans and not table.pass_and_play
    head = "You win!" if you_won else f"{table.name(winner)} wins!"
    return (
        '<section class="esp-act esp-end" aria-labelledby="esp-end-title">'
        f'<h2 id="esp-end-title">{esc(head)}</h2>'
        f'<p class="esp-end-reason">{esc(table.narrator.result_text(result))}</p>'
        '<table class="esp-scores"><thead><tr><th scope="col">Tracker</th>'
        '<th scope="col">Points</th><th scope="col">Active Sources</th></tr></thead>'
        f"<tbody>{rows}</tbody></table>"
        '<div class="esp-end-actions">'
        '<button type="button" class="btn btn-primary" data-act="again" id="esp-again">'
        "Play again</button>"
        '<button type="button" class="btn" data-act="newtable" id="esp-newtable-end">'
        "New table</button>"
        + replay_buttons(table.state.record(), table.humans[0] if table.humans else 0)
        + "</div></section>"
    )
