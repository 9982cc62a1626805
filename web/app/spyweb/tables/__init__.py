"""What every game's table shares: the screen it is, and the pieces each game's table
is made of (the games' own packages, spyweb/games/, build on them).

- `screen` — what every screen offers the app (`Screen`: render, clicks, keys, ticks),
  the context they share (`Context`) and the table every game plays in (`GameScreen`:
  one game in its slot, one lifecycle, `play(action)`);
- `table_seats` — a table seated from the seats screen (`SeatedTable`: people and bots,
  pass-and-play); `table_hosted` — its side that faces friends on other devices;
- `seats` — who sits at a table and the setup form; `deals` — the "Deal #" box and the
  seeds; `tabletools` — the log, the bots' pace, the hand-over panel, Undo;
- `thinking` — a bot's decision a slice at a time between paints; `hints` — the Hint,
  held the same way at every table; `yours` — your bot from the Lab in a seat;
- `share` — the Share sheet every table offers; `notices` — what the app draws over
  every screen (the messages, a question, "not being saved");
- `position` — a game's position drawn outside its live table (`PositionView`, which
  each game extends: replays, demos, embeds, reviews); `pointer` — how a guided first
  game points at a game's table (`Pointer`, which each game extends).

No game is named here: a table asks the game's record (spyweb/gameui.py).

May import, of the web app: `browser`, `together`, `catalogue` and `gameui` (a game's
record) — never a screen, a game's package, nor `app`, `embed` or `worker`.
"""
