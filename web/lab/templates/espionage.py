# An Espionage bot. `choose` gets what your seat knows and returns one of `legal`.
# The whole reference (every key of the view, every action, the rules) is under
# "How a bot works" below the editor.
#
# Every bid says: among ALL hands there are at least `count` cards of `attribute` (a
# role, a faction or a city). A Mercenary counts for every attribute; a Traitor takes
# one away from every count. Call a bid you doubt (the loser of the call loses a
# Source); spot a bid you think exact (right: you score a point). 3 points win, or
# being the last one with Sources.
#
# view["hand"]      your cards: "face-agency-nyc" (role-faction-city), "mercenary-2",
#                   "traitor-1"
# view["bid"]       the standing bid {"count", "attribute", "by"}, or None
# view["dealt"]     cards dealt this round, all hands together
# view["players"]   by seat: {"sources", "underground", "points", "hand_size", "active"}
# legal             {"type": "bid", "count", "attribute", "next"}, {"type": "call"},
#                   {"type": "spot"}

# What one card you cannot see adds to a count on average: 9 of the 36 cards show an
# attribute, 5 are Mercenaries (+1), 4 are Traitors (-1).
UNSEEN = (9 + 5 - 4) / 36


def mine(view, attribute):
    """What my hand adds to the count of `attribute`."""
    count = 0
    for card in view["hand"]:
        if card.startswith("mercenary") or attribute in card.split("-"):
            count += 1
        elif card.startswith("traitor"):
            count -= 1
    return count


def expected(view, attribute):
    """The count of `attribute` I expect among all hands."""
    return mine(view, attribute) + UNSEEN * (view["dealt"] - len(view["hand"]))


def choose(view, legal, rng):
    kinds = {a["type"] for a in legal}
    bid = view["bid"]
    # Call only a bid well above what I expect.
    if "call" in kinds and bid["count"] > expected(view, bid["attribute"]) + 1.5:
        return {"type": "call"}
    bids = [a for a in legal if a["type"] == "bid"]
    if bids:
        # the lowest count there is, on the attribute I hold most of
        low = min(a["count"] for a in bids)
        return max(
            (a for a in bids if a["count"] == low),
            key=lambda a: (mine(view, a["attribute"]), rng.random()),
        )
    return rng.choice(legal)
