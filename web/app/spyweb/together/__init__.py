"""Playing together across devices: one device hosts the table, friends hold seats.

See docs/play-together.md (the wire: `wire.py`; the invitation and reply: `invite.py`).

What lives here:

- the host's side: `hosting.Hosting` (one table's friends: invitations, replies, the
  Friends panel's events) and its `referee.Referee` (keeps each friend's seat in the
  game); `hostings.Hostings`, the tables this tab hosts (the context's `hostings`, which
  names a `Hosting` only by what it does, `Hosted`: the context needs no more of it);
  `replies` (a friend's reply taken, pasted or scanned: `Hosting`'s base);
  `kept` (what is kept beside a save played together); `panel` (the Friends panel);
- the friend's side: `join`, `join_steps`, `join_bar`, `joined` (the join screen, its
  bar, and the seat held there), `remembered` and `waiting` (the tables joined, the moves waiting);
- between the host's tabs: `answer` (a reply opened as a link), `between_tabs` (what the
  tabs say to each other; `tab_posts.TabPost`, what is queued for them on the context);
  `refused` (why a reply was not taken: a `Refused`
  with its `kind`, decided from, and its `words`, only shown);
- the codes: `wire`, `invite`, `qr`.

What a table may call (`SeatedTable`/`HostedTable`, the game's table and view) — it asks
the service, never reads or writes its stores:

- `Hosting.for_table(ctx, slot, table, Seating(...), kept)`: the table's `Hosting` (a
  kept one, or new); `ctx.hostings.hold(slot, hosting)`: this table holds the tab's
  connections now; `Hosting.kept(ctx, slot)`, `Hosting.friends_seats(ctx, record)`;
- on its `Hosting`: `keep`, `changed`, `new_game`, `close`, `to_bot`, `give_back`,
  `is_friends`, `by_bot`, `at_table`, `here`, `handle`, `submit`, `peer`, `scanned`,
  `panel`, and reading `names`, `host_name`, `stopped`, `table`;
- the app: `ctx.hostings.held()` (where the connections' reports go), `live_slot()`,
  `host_to_play()`, `pop(slot)` (a table deleted, or played in another tab), and
  `BetweenTabs` for the tabs' messages.

May import, of the web app: `tables.screen`, `browser.markup`, `browser.store`,
`browser.tabs` and `catalogue` (for a game's name, and the table that opens a joined
game) — never a game's package, a screen, nor a table's other modules: a table reaches
together, together reaches a table only through the `referee.Host` protocol. (The engine,
`spygames`, any module may import.)
"""
