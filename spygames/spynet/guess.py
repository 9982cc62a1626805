"""From a view to whole tables: what a seat knows, read once, and guesses of the rest.

`Guesser(view)` lays out everything the view shows — tableaus, the discard pile, the
seat's hand, the piles' sizes and what the seat remembers of them, the turn — and
collects the cards it cannot see. `guess(rng)` deals those unseen cards at random into
the hidden places (the deck, the other hands, the unknown part of each pile, and every
other seat's face-down missions — a teammate's too, which only their owner may look
at), so every guess is consistent with the view: a face-down mission is a mission of
its branch. Cards this seat passed on face down that have not shown up since are in
another hand or face down in a tableau, so each is dealt to one of those places (a free
card of another hand, or a face-down mission it fits), chosen at random.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import BRANCH_IDS, DECK, KIND, MISSION
from .situation import Situation
from .table import DRAFT, PILES, RECRUIT, Table


class Guesser:
    """What a view shows, read once; `guess` deals the hidden cards at random."""

    def __init__(self, view: dict[str, Any]) -> None:
        n = view["players"]
        me = view["seat"]
        t = Table.empty(n, Situation.of(view["situation"]))
        seen: set[str] = set()

        def see(cards: list[str]) -> list[str]:
            seen.update(cards)
            return list(cards)

        t.hands[me] = see(view["hand"])
        t.discard = see(view["discard"])
        self.face_down: list[tuple[int, str]] = []  # (seat, branch) of each unknown mission
        for seat, tableau in enumerate(view["tableaus"]):
            for branch in BRANCH_IDS:
                for a in tableau["agents"][branch]:
                    see([a["card"], *a["funding"]])
                    t.agents[seat][branch].append((a["card"], tuple(a["funding"])))
                for m in tableau["missions"][branch]:
                    if m is None:
                        self.face_down.append((seat, branch))
                    else:
                        see([m])
                        t.missions[seat][branch].append(m)
        known_piles = [see(p["known"]) for p in view["piles"]]
        if view["looking_at"] is not None:
            known_piles[view["looking"]] = see(view["looking_at"])
        t.memory[me] = [list(k) for k in known_piles]
        self.pile_gaps = [
            p["size"] - len(k) for p, k in zip(view["piles"], known_piles, strict=True)
        ]
        self.known_piles = known_piles
        if view["draft"] is not None:
            t.draft = see(view["draft"])
        self.hand_gaps = [0 if s == me else size for s, size in enumerate(view["hand_sizes"])]
        self.deck_size = view["deck"]
        mate = view["teammate"]
        others = [s for s in range(n) if s != me]
        if mate is not None:
            others.remove(mate)
            others.insert(0, mate)
        self.others = others
        self.pinned = [c for c in view["passed"] if c not in seen]
        self.unseen = [c for c in DECK if c not in seen]
        self.unseen_missions = [c for c in self.unseen if KIND[c] == "mission"]
        t.passed[me] = list(view["passed"])
        t.received[me] = list(view["received"])
        t.first = view["first"]
        t.phase = view["phase"]
        t.turn = view["turn"]
        t.actor = view["to_play"][0] if view["to_play"] else me
        t.turn_number = view["turn_number"]
        t.looking = view["looking"] if view["phase"] == RECRUIT else None
        deploy = view["deploy"]
        if deploy is not None:
            t.agents_left = deploy["agents_left"]
            t.missions_played = dict(deploy["missions_played"])
            t.has_passed = deploy["passed"]
        t.pending = dict(view["pending"]) if view["pending"] else None
        t.final = view["final_round"]
        t.final_left = list(view["final_turns_left"])
        if not t.final and view["deck"] == 0 and view["phase"] != DRAFT:
            t.emptier = t.turn
        self.table = t

    def guess(self, rng: random.Random) -> Table:
        """A whole table consistent with the view, the unseen cards dealt with `rng`."""
        t = self.table.copy()
        gaps = list(self.hand_gaps)
        open_slots = list(range(len(self.face_down)))  # face-down missions not dealt yet
        slot_card: dict[int, str] = {}
        in_hands: list[tuple[int, str]] = []
        # Missions beyond those the face-down places need: each one a hand may hold.
        spare = len(self.unseen_missions) - len(self.face_down)
        for card in self.pinned:  # passed face down and not seen since
            fits = [i for i in open_slots if self._fits(card, i)]
            free = sum(gaps[s] for s in self.others)
            if KIND[card] == "mission" and open_slots and spare <= 0:
                fits, free = fits or open_slots, 0  # every unseen mission is needed face down
            pick = rng.randrange(len(fits) + free) if fits or free else None
            if pick is None:
                continue  # nowhere it could be: dealt with the rest
            if pick < len(fits):
                slot_card[fits[pick]] = card
                open_slots.remove(fits[pick])
                continue
            pick -= len(fits)
            for seat in self.others:
                if pick < gaps[seat]:
                    in_hands.append((seat, card))
                    gaps[seat] -= 1
                    spare -= KIND[card] == "mission"
                    break
                pick -= gaps[seat]
        taken = set(slot_card.values()) | {card for _, card in in_hands}
        missions = [c for c in self.unseen_missions if c not in taken]
        rng.shuffle(missions)
        rng.shuffle(open_slots)
        for index in open_slots:
            card = next((c for c in missions if self._fits(c, index)), missions[0])
            missions.remove(card)
            slot_card[index] = card
        for index, (seat, branch) in enumerate(self.face_down):
            t.missions[seat][branch].append(slot_card[index])
        for seat, card in in_hands:
            t.hands[seat].append(card)
        taken.update(slot_card.values())
        rest = [c for c in self.unseen if c not in taken]
        rng.shuffle(rest)
        for seat, gap in enumerate(gaps):
            t.hands[seat] += [rest.pop() for _ in range(gap)]
        for index in range(PILES):
            t.piles[index] = list(self.known_piles[index]) + [
                rest.pop() for _ in range(self.pile_gaps[index])
            ]
        t.deck = rest[: self.deck_size]
        return t

    def _fits(self, card: str, slot: int) -> bool:
        """Whether `card` could be the face-down mission at `slot`."""
        return KIND[card] == "mission" and self.face_down[slot][1] in MISSION[card].branches
