"""The page's machinery, under every screen and table: what the app keeps in the
browser and how it reaches it.

- `store` — saves and preferences in the browser's storage (`Saves`, `MemoryStorage`);
  `slots`, a stored game (`Slot`) and how it is read back;
  `stats`, each game's record kept there; `transfer`, saves as files (export, import);
- `links` — a record packed into a share link's address;
- `tabs` — one game, two tabs: the tab that finds its game open elsewhere steps back;
- `markup` — writing HTML safely (`esc`, `attrs`, `button`);
- `archives` — each game's modules fetched from its own archive on first use;
  `stdlib` — a standard module the site's trimmed standard library left out, fetched;
- `yours_answers` — your bot's answers back from the page (the context holds them).

Nothing here draws a screen or a table: the screens, tables and games build on it.

May import, of the web app: nothing outside this folder.

Exception: `archives` imports `together.invite` (on use), to read which game a
friend's invitation's address opens (`opened_by`).
"""
