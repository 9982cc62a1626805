"""SpyNet's rules in our own words, answering what players found confusing, with the
card gallery (every card, drawn as on the table)."""

from __future__ import annotations

from spygames.i18n import _, listed

from ...browser.markup import esc
from ...browser.store import Saves
from . import cards
from .gallery import ALL, gallery_for, read_filter
from .model import BRANCHES, CARD


def _example_cards() -> str:
    """One card of each kind from the set (whatever the set holds today)."""
    picks = [
        next((c for c, i in CARD.items() if i["kind"] == "agent" and i.get("special")), None),
        next((c for c, i in CARD.items() if i["kind"] == "agent" and i.get("mercenary")), None),
        next((c for c, i in CARD.items() if i["kind"] == "mission" and i.get("condition")), None),
        next((c for c, i in CARD.items() if i["kind"] == "funding"), None),
    ]
    return "".join(cards.card(c, size="lg") for c in picks if c is not None)


def rules_text() -> str:
    """The rules, paragraph by paragraph (each one message, its inline markup in it)."""
    branches = listed(
        [f"{cards.icon(b['id'])} <strong>{esc(b['name'])}</strong>" for b in BRANCHES]
    )
    faq = [
        (
            _("One agent a turn, or one per branch?"),
            _(
                "One agent a turn in all. Only an agent's effect (or a situation that says "
                "so) lets you play more."
            ),
        ),
        (
            _("Can I add funding to an agent already on the table?"),
            _(
                "No. Funding is attached only as its agent is played — not later, and not "
                "when you flip an agent."
            ),
        ),
        (
            _("When must I dominate to play a mission?"),
            _(
                "At the moment you play it. If you lose the branch later, the mission stays "
                "and still scores (unless its own condition says otherwise). Here, a branch "
                "you do not dominate simply offers no button for the mission, and says why."
            ),
        ),
        (
            _("Do my teammate's agents help me dominate?"),
            _("No: power is yours alone. But your teammate's power never stops you either."),
        ),
        (
            _("Can I look at my teammate's missions?"),
            _(
                "No. You may look at the missions in your own tableau at any time, and "
                "partners may not talk about their cards, so your teammate's missions stay "
                "face down to you, as to everyone, until the end. You see how many there are "
                "and in which branches."
            ),
        ),
        (
            _("What happens to an empty pile?"),
            _(
                "It is skipped when recruiting. Piles are refilled from the deck only while "
                "it has cards."
            ),
        ),
        (
            _("Are situations worth using?"),
            _(
                "Once everyone knows the game. Each one changes one rule for the whole game; "
                "pick one or draw it at random when you set up the table."
            ),
        ),
    ]
    return (
        '<div class="sn-rules">'
        + "<h2>"
        + _("SpyNet")
        + "</h2>"
        + "<p>"
        + _(
            "You are a spymaster. Recruit agents, place them in the four branches of "
            "espionage, and run missions in the branches you control. At the end, the "
            "missions you (and your teammate) ran score their stars; most points wins."
        )
        + "</p>"
        + "<h3>"
        + _("Players and teams")
        + "</h3>"
        + "<p>"
        + _(
            "Two or three players: everyone plays alone. Four players: two teams of two, "
            "partners across the table — here seats 1 and 3 are the <em>White team</em>, "
            "seats 2 and 4 the <em>Black team</em>. Partners may not talk about their cards; "
            "they can only pass them (see Deploy)."
        )
        + "</p>"
        + "<h3>"
        + _("The cards")
        + "</h3><p>"
        # translators: {branches} lists the four branches, each with its icon
        + _(
            "The branches are {branches}. Every card shows its branch icon and name, and "
            "its number big in the corner.",
            branches=branches,
        )
        + "</p>"
        f'<div class="sn-rules-cards">{_example_cards()}</div>'
        "<ul><li>"
        + _(
            "<strong>Agents</strong> bring power to a branch. Most belong to one branch, "
            "some to two; <em>mercenaries</em> belong to all four. Special agents have an "
            "effect you may use right after playing them."
        )
        + "</li><li>"
        + _("<strong>Funding</strong> adds its value to an agent's power.")
        + "</li><li>"
        + _(
            "<strong>Missions</strong> are worth stars (points) and are played face down: "
            "only their owner may look at them — not even a teammate — until all are turned "
            "up at the end. Some only score if a condition is met at the end."
        )
        + "</li></ul>"
        + "<h3>"
        + _("Setup")
        + "</h3><p>"
        + _(
            "The deck is shuffled and three face-down piles of one card are laid beside it. "
            "Then the opening draft: the player to the right of the first player takes as "
            "many cards as there are players, keeps one and passes the rest to the right, "
            "and so on, until everyone holds one card. At three players the draft is short: "
            "the third player in turn order takes the deck's top card, then the first player "
            "takes two, keeps one and passes the other to the second player."
        )
        + "</p>"
        + "<h3>"
        + _("Your turn: recruit <em>or</em> deploy")
        + "</h3>"
        + "<p>"
        + _(
            "<strong>Recruit</strong>: look at pile 1. Take all of it into your hand — or put "
            "it back and look at pile 2; then pile 3; if you return pile 3 too, take the "
            "deck's top card. Every pile you looked at (the one you took included) then gets "
            "one card from the deck, so piles nobody takes grow."
        )
        + "</p><p>"
        + _("<strong>Deploy</strong>: in any order, as much of this as you like:")
        + "</p><ul><li>"
        + _(
            "play <strong>one agent</strong> on top of its branch in your tableau, with any "
            "funding cards attached as you play it;"
        )
        + "</li><li>"
        + _("play <strong>one mission face down in each branch you dominate</strong>;")
        + "</li><li>"
        + _("at four players, pass <strong>one card</strong> face down to your teammate.")
        + "</li></ul><p>"
        + _("Then end your turn.")
        + "</p>"
        + "<h3>"
        + _("Dominating a branch")
        + "</h3><p>"
        + _(
            "Your power in a branch is the sum of your agents' power there (funding "
            "included). You dominate it when your power is above zero and higher than "
            "<em>each opponent's</em>. Your teammate does not count against you, so both "
            "partners can dominate the same branch. A tie for the highest power means nobody "
            "dominates."
        )
        + "</p>"
        + "<h3>"
        + _("Special agents")
        + "</h3><ul><li>"
        + _(
            "<strong>Discard</strong>: an opponent of your choice discards a card of "
            "<em>their</em> choice, face up."
        )
        + "</li><li>"
        + _(
            "<strong>Eliminate</strong>: an opponent's agent (and its funding) goes to the "
            "discard pile."
        )
        + "</li><li>"
        + _(
            "<strong>Flip</strong>: an agent from any tableau becomes your topmost agent in "
            "one of its branches, its funding with it."
        )
        + "</li><li>"
        + _("<strong>Extra agents</strong>: play more agents this turn.")
        + "</li><li>"
        + _("<strong>Draw</strong>: take cards from the top of the deck.")
        + "</li></ul><p>"
        + _("Each card says how strong an agent its effect can reach.")
        + "</p>"
        + "<h3>"
        + _("The end")
        + "</h3><p>"
        + _(
            "When the last card leaves the deck, the current turn is finished; then every "
            "player — the one who emptied the deck last — takes one final turn, and it must "
            "be a deploy. All missions are turned up: each scores its stars for its owner's "
            "team, unless its condition is not met. Most points wins; on a tie, the team with "
            "more funding cards in play; then the win is shared."
        )
        + "</p>"
        + "<h3>"
        + _("Questions players ask")
        + "</h3><dl class='sn-faq'>"
        + "".join(f"<dt>{q}</dt><dd>{a}</dd>" for q, a in faq)
        + "</dl>"
        + "<h3>"
        + _("Playing here")
        + "</h3><p>"
        + _(
            "Pick a card in your hand: the panel shows where it may go — only legal places "
            "are offered, and a refused place says why. Tap funding cards to attach them "
            "before choosing the branch. Keys: <kbd>R</kbd> recruit, <kbd>D</kbd> deploy, "
            "<kbd>T</kbd> take the pile, <kbd>P</kbd> pass it on, <kbd>E</kbd> end turn, "
            "<kbd>X</kbd> clear the selection."
        )
        + "</p>"
        "</div>"
    )


def rules_html(saves: Saves | None = None) -> str:
    """The rules, then the gallery (its filter read from `saves`, when given)."""
    return rules_for(*(read_filter(saves) if saves is not None else (ALL, ALL)))


def rules_for(kind: str, branch: str) -> str:
    """The rules, then the gallery showing this filter (`gallery.read_filter`)."""
    return cards.sprite() + rules_text() + gallery_for(kind, branch)
