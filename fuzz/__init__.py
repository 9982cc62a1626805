"""`make fuzz`: random games and untrusted inputs far beyond the test suite's budget."""
