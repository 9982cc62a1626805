"""What a tab tells the site's other tabs about playing together (`TabPost`), queued on
the shared context (`Context.tab_posts`) until the app sends them: by the host's table
(`reply-here`, `friends-moved`: `between_tabs`) and by a friend's join screen
(`replied`). Apart from `between_tabs` so the context needs nothing more of together."""

from __future__ import annotations

from typing import Required, TypedDict


class TabPost(TypedDict, total=False):
    """A message about playing together for the site's other tabs (the context's
    `tab_posts`; the app adds this tab's id, `tab`, as it sends them)."""

    kind: Required[str]  # friends-moved, reply-here, replied (the others: `BetweenTabs`)
    slot: str  # friends-moved: the game's slot
    seats: list[int]  # friends-moved: the friends' seats that were at the table
    to: str  # reply-here: the tab the reply was opened in
    words: str  # reply-here: what that tab says, in words
    table: str  # replied: the invitation's table and seat, and when the reply was made
    seat: int
    made: int
