"""The browser UI: pure view models and renderers, plus a thin DOM layer (`dom`)."""
