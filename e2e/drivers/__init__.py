"""What the e2e tests drive, one module for each thing driven, shared by the test files.

A test file imports its drivers from here, never from another test file
(e2e/test_layout_of_tests.py checks): a game's table (`espionage`, `spynet`,
`deck_of_spies`), playing together across two devices (`together`), the Bot Lab and a
person's bot at a table (`lab`, `your_bot`), a page framed by another origin (`embed`),
the finished games a page opens (`records`), the app's draws (`renders`), card names on
screen (`words`), and what the browser keeps: the offline copy (`offline`) and Python's
snapshot (`snapshot`).

Each module imports the suite's own fixtures and helpers from e2e/conftest.py, as the
test files do (e2e/ is on sys.path); the axe run (e2e/a11y.py), the screen reader
(e2e/reader.py) and the shared page (e2e/shared_page.py) stay beside them.
"""
