"""The app's draws: web/page.mjs marks each render with a performance mark, so a test
waits for the screen a press drew, not for time (e2e/test_a11y.py, test_guide.py)."""

RENDERS = "performance.getEntriesByName('spy:rendered').length"  # page.mjs marks each draw
