# An Espionage bot. `choose` gets what your seat knows and returns one of `legal`.
#
# view["hand"]      your cards, like "face-agency-nyc" (role-faction-city) or "mercenary-2"
# view["players"]   by seat: {"sources", "underground", "points", "hand_size"}
# view["bid"]       the standing bid {"count", "attribute", "by"}, or None
# view["dealt"]     cards dealt this round (the highest count a bid may name)
# view["seat"]      your seat;  view["history"]: this round's bids, in order
# legal             {"type": "bid", "count", "attribute", "next"}, {"type": "call"},
#                   {"type": "spot"}
# rng               a random.Random, seeded for this game


def mine(view, attribute):
    """How many of my cards show `attribute` (mercenaries count for every one)."""
    return sum(
        1 for card in view["hand"] if attribute in card.split("-") or card.startswith("mercenary")
    )


def choose(view, legal, rng):
    bids = [a for a in legal if a["type"] == "bid"]
    bid = view["bid"]
    if bid is not None:
        others = view["dealt"] - len(view["hand"])
        likely = mine(view, bid["attribute"]) + others / 3
        if bid["count"] > likely + 1 and any(a["type"] == "call" for a in legal):
            return {"type": "call"}
    if bids:
        # the lowest count, on the attribute I hold most of
        low = min(a["count"] for a in bids)
        return max(
            (a for a in bids if a["count"] == low),
            key=lambda a: (mine(view, a["attribute"]), rng.random()),
        )
    return rng.choice(legal)
