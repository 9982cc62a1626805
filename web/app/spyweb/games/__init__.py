"""Each game's own package of the browser UI, named as its rules' package in the engine
(spygames.espionage: spyweb.games.espionage): its record (`UI` in its `__init__`, the one
place the app learns of it: spyweb/gameui.py), its table, the scene it draws from and the
components that draw it, its rules page, positions, guide's pointer and friend's seat.

The build packs each game's package, but its `__init__`, into the game's own archive,
fetched when the game is first opened (web/tools/archives.py,
spyweb/browser/archives.py); this `__init__` and each game's ship with the app's core.

May import, of the web app: `browser`, `tables`, `together`, `catalogue` and `gameui`,
and its own package — never another game's, a screen, nor `app`, `embed` or `worker`.
"""
