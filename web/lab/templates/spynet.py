# A SpyNet bot. `choose` gets what your seat knows and returns one of `legal`.
# The whole reference (every key of the view, every action, the rules) is under
# "How a bot works" below the editor.
#
# You win on points: each mission in your tableau scores its stars at the end (some only
# if their condition holds then). A mission may be played only in a branch you dominate:
# your power there is higher than every opponent's, and above zero.
#
# view["hand"]       your cards: agents "a01".., missions "m01".., funding "f01"..
# view["tableaus"]   by seat: {"agents": {branch: [...]}, "power": {branch: n},
#                    "missions": {branch: [...]}, "funding": n}
# view["dominates"]  by branch: the seats dominating it;  view["seat"]: yours
# view["looking_at"] the pile's cards, while you decide to take it or pass it on
# card(id)           a card's facts: .power .branches .stars .condition .value .effect

from spygames.spynet.cards import card


def rivals(view):
    mine = {view["seat"], view["teammate"]}
    return [s for s in range(view["players"]) if s not in mine]


def my_agents(view):
    agents = view["tableaus"][view["seat"]]["agents"]
    return {a["card"] for branch in agents.values() for a in branch}


def worth(card_id):
    """What a card in hand is worth to this bot: a mission its stars, an agent its power."""
    c = card(card_id)
    if c.kind == "mission":
        return 1 + c.stars
    return c.power if c.kind == "agent" else c.value


def agent_score(view, play):
    """An agent play: would it make me dominate its branch, and is a mission waiting there?"""
    branch, me = play["branch"], view["seat"]
    power = view["tableaus"][me]["power"][branch] + card(play["card"]).power
    power += sum(card(f).value for f in play["funding"])
    best_rival = max(view["tableaus"][s]["power"][branch] for s in rivals(view))
    takes = power > best_rival and me not in view["dominates"][branch]
    waiting = any(branch in card(c).branches for c in view["hand"] if c[0] == "m")
    return (takes and waiting, takes, -len(play["funding"]), card(play["card"]).power)


def choose(view, legal, rng):
    by_type = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)
    hand = view["hand"]
    if "keep" in by_type:  # the draft
        return max(by_type["keep"], key=lambda a: worth(a["card"]))
    if "mission" in by_type:  # score: the mission with most stars
        return max(by_type["mission"], key=lambda a: card(a["card"]).stars)
    if "agent" in by_type:
        return max(by_type["agent"], key=lambda a: agent_score(view, a))
    if "deploy" in by_type:
        agents = [c for c in hand if c[0] == "a"]
        if agents and (len(hand) >= 5 or view["deck"] < 8):
            return {"type": "deploy"}
        return {"type": "recruit"}
    if "take" in by_type:  # a pile of 2 or more cards, or one with a mission
        pile = view["looking_at"]
        wanted = len(pile) >= 2 or any(c[0] == "m" for c in pile)
        return {"type": "take" if wanted else "pass_on"}
    for kind in ("eliminate", "flip"):  # the strongest agent of an opponent's
        theirs = [a for a in by_type.get(kind, []) if a["card"] not in my_agents(view)]
        if theirs:
            return max(theirs, key=lambda a: card(a["card"]).power)
    if "discard_card" in by_type:  # the card this bot values least
        return min(by_type["discard_card"], key=lambda a: worth(a["card"]))
    for kind in ("discard", "draw", "end_turn", "skip_effect"):
        if kind in by_type:
            return rng.choice(by_type[kind])
    return rng.choice(legal)
