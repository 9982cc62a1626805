"""`make bench`: figures for boot, bytes, interaction latency, long tasks and engine speed."""
