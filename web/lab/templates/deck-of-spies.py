# A Deck of Spies bot (solo). `choose` gets what you know and returns one of `legal`.
# The whole reference (every key of the view, every action, the rules) is under
# "How a bot works" below the editor.
#
# You win with 7 or more of the 12 face cards (J, Q, K) in your deck at the end. Each
# turn a spy comes: counter it (pay its value from your hand), recruit it (pay in its
# suit: it joins your deck), or, when your hand cannot pay, sacrifice an Ace.
#
# view["hand"]        your cards, like "7H", "QS", "AD" (A=1 … K=13)
# view["spy"]         the spy to deal with now ("KC"), or None;  view["spy_value"]
# view["phase"]       "deal" (a spy to face), "after" (you may retire, then end the turn)
# view["spies_left"], view["draw_cards"] (your draw deck, sorted), view["faces_owned"]
# legal               {"type": "counter", "cards": [...]}, {"type": "recruit", "cards"},
#                     {"type": "assassinate", "ace"}, {"type": "retire", "cards"},
#                     {"type": "end_turn"}

VALUES = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}


def value(card):
    rank = card[:-1]
    return VALUES.get(rank) or int(rank)


def kept(view, paid):
    """What the hand left after paying is worth for the next spy (an Ace is a life)."""
    return sum(6 if c[0] == "A" else value(c) for c in view["hand"] if c not in paid)


def payment(view, action):
    gain = 0
    if action["type"] == "recruit":
        gain = 10 + 2 * view["spy_value"]  # a recruited spy strengthens the deck
    return gain + kept(view, action["cards"])


def choose(view, legal, rng):
    pays = [a for a in legal if a["type"] in ("counter", "recruit")]
    if pays:
        return max(pays, key=lambda a: payment(view, a))
    # Retire low pairs: a thinner deck draws its strong cards more often.
    # Never an Ace (a life) nor a face card (it would count for the spies), nor below
    # 8 cards in all.
    owned = len(view["hand"]) + view["draw_count"] + len(view["discard"])
    retires = [a for a in legal if a["type"] == "retire" and 2 <= value(a["cards"][0]) <= 4]
    retires = [a for a in retires if owned - len(a["cards"]) >= 8]
    if retires:
        return max(retires, key=lambda a: (len(a["cards"]), -value(a["cards"][0])))
    for kind in ("assassinate", "end_turn"):
        for action in legal:
            if action["type"] == kind:
                return action
    return rng.choice(legal)
