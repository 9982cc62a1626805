"""Playing together across devices: one device hosts the table, friends hold seats.

See docs/play-together.md (the wire: `wire.py`; the invitation and reply: `invite.py`).
"""
