"""The browser UI: pure Python screens (no DOM) that render HTML and take the page's
events, run in a worker on Pyodide (web/worker.mjs) and tested on CPython.

The folders, from the bottom up (each folder's `__init__` says what lives there and
what it may import; tests/web/test_web_layout.py holds them to it):

- `browser/` — the page's machinery: storage, share links, tabs, files, HTML, the
  games' archives and the standard library on demand;
- `tables/` — what every game's table shares: the screens' base (`Screen`, `Context`,
  `GameScreen`), seats, deals, the log, the Hint and the bots' thinking, Share;
- `together/` — playing together across devices (docs/play-together.md);
- `screens/` — the pages that are not a game's table: home, saved games and stats,
  rules and demos, replays, reviews, the guided first game;
- `games/<game>/` — each game's own package: its record, table, scene and components.

Here, what ties them together: `app` (routes an address to a screen), `embed` (the app
of embed.html), `worker` (the page's messages in, frames out: Python's side of the
worker), `catalogue` (the games the app plays, from each game's record) and `gameui`
(what a game's record holds).
"""
