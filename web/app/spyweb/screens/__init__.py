"""The pages a player visits that are not a game's table: each a `Screen`
(spyweb/tables/screen.py) drawn for any game from its record, never by its name.

- `home` — the games as tiles, Continue, the tables joined on a friend's device;
- `saved` — Saved games and Stats (`stats_chart`: the chart of last results);
- `rules` — each game's rules and its demos; `demos` — a rules demo's player (the
  Rules pages' and the embeds'); `snippet` — the Embed sheet (an `<iframe>` snippet);
- `replay` — any record played back; `review` — a game's decisions against the Hint
  (`review_parts`: its chart and rows);
- `guide` — the guided first game (`#/<game>/learn`) over the game's own table;
- `preboot` — what the page shows before Python runs, one frame per kind of address
  (run by the build only).

May import, of the web app: `browser`, `tables`, `together`, `catalogue` and `gameui`
— never a game's package, nor `app`, `embed` or `worker` (they import the screens).
"""
