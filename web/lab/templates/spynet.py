# A SpyNet bot. `choose` gets what your seat knows and returns one of `legal`.
#
# view["hand"]       your cards: agents "a01".., missions "m01".., funding "f01"..
# view["tableaus"]   by seat: {"agents": {branch: [{"card", "funding"}]},
#                    "missions": {branch: [id or None]}} (None: face down, not yours)
# view["dominates"], view["piles"], view["phase"], view["seat"], view["teammate"]
# legal, by "type":  keep (the draft), recruit / deploy (your turn's choice),
#                    take / pass_on (a pile), agent {"card", "branch", "funding"},
#                    mission {"card", "branch"}, end_turn, skip_effect, an effect
#                    (eliminate, flip, draw, discard), discard_card
# rng                a random.Random, seeded for this game


def choose(view, legal, rng):
    kinds = {a["type"] for a in legal}
    # A mission scores where you dominate; an agent takes a branch.
    for kind in ("mission", "agent"):
        plays = [a for a in legal if a["type"] == kind]
        if plays:
            return max(plays, key=lambda a: (len(a.get("funding", [])), rng.random()))
    if "deploy" in kinds and any(c[0] in "am" for c in view["hand"]):
        return {"type": "deploy"}
    for kind in ("recruit", "take", "end_turn", "skip_effect"):
        if kind in kinds:
            return next(a for a in legal if a["type"] == kind)
    return rng.choice(legal)
