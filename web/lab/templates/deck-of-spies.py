# A Deck of Spies bot (solo). `choose` gets what you know and returns one of `legal`.
#
# view["hand"]         your cards, like "7H", "QS", "AD"
# view["spy"]          the spy to deal with now ("KC"), or None
# view["spies_left"]   spies still to come;  view["faces_owned"]: face cards recruited
# view["draw_count"], view["discard"], view["spy_discard"], view["removed"]
# legal                {"type": "counter", "cards": [...]}, {"type": "recruit", "cards"},
#                      {"type": "assassinate", "ace"}, {"type": "retire", "cards"},
#                      {"type": "end_turn"}
# rng                  a random.Random, seeded for this game


def choose(view, legal, rng):
    # Recruit a face card whenever we can, with as few cards as possible.
    recruits = [a for a in legal if a["type"] == "recruit"]
    if recruits and view["spy"] and view["spy"][0] in "JQK":
        return min(recruits, key=lambda a: len(a["cards"]))
    counters = [a for a in legal if a["type"] == "counter"]
    if counters:
        return min(counters, key=lambda a: len(a["cards"]))
    if recruits:
        return min(recruits, key=lambda a: len(a["cards"]))
    for kind in ("assassinate", "end_turn"):
        for action in legal:
            if action["type"] == kind:
                return action
    return rng.choice(legal)
