"""Drivers the tests share: the code that plays a game, a table or two devices the way
a person or the page would, kept out of the test files so that a test file imports
drivers and never another test file (tests/test_code_shape.py checks it)."""
