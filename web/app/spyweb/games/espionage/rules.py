"""Espionage rules in our own words, with a worked count illustrated with cards."""

from __future__ import annotations

from spygames.i18n import _

from . import cards

EXAMPLE_HANDS = (
    ("Ada", ["hacker-agency-london", "face-bureau-moscow", "mercenary-1"]),
    ("Ben", ["hacker-command-nyc", "traitor-2", "muscle-agency-london"]),
    ("Cleo", ["hacker-bureau-moscow", "face-command-nyc"]),
)


def example_html() -> str:
    rows = "".join(
        f'<div class="esp-example-hand"><p class="esp-example-name">{name}</p>'
        + cards.hand(hand, lit="hacker", size="sm", label_=_("{name} shows", name=name))
        + "</div>"
        for name, hand in EXAMPLE_HANDS
    )
    return (
        '<figure class="esp-example">'
        f"{rows}"
        "<figcaption>"
        + _(
            "Ben bid “at least 4 Hackers” and Cleo called. Three Hackers (+1 each), "
            "one Mercenary (+1) and one Traitor (−1): <strong>3 + 1 − 1 = 3</strong>. Three is "
            "fewer than four, so the bid fails and Ben turns a Source face down. Had Cleo "
            "spotted instead, she would have been wrong (the count is not exactly 4): her own "
            "Source would go underground and Ben would score a point."
        )
        + "</figcaption></figure>"
    )


def rules_html() -> str:
    return (
        cards.sprite()
        + "<h2>"
        + _("Espionage")
        + "</h2><p>"
        + _(
            "You track spies for a secret service. Each round every tracker holds a few "
            "cards, and together the table bluffs about how many spies of one kind are hidden "
            "in <em>all</em> the hands. Guess wrong and one of your Sources goes quiet."
        )
        + "</p><h2>"
        + _("Winning")
        + "</h2><p>"
        + _("Score 3 points, or be the only tracker with active Sources left.")
        + "</p><h2>"
        + _("The cards")
        + "</h2><p>"
        + _(
            "There are 27 spies. Each has one <strong>role</strong> (Face, Hacker, Muscle), "
            "one <strong>faction</strong> (Agency, Bureau, Command) and one <strong>city"
            "</strong> (New York, London, Moscow), so there are nine spies with each of these "
            "nine attributes. Five <strong>Mercenaries</strong> add one to any count; four "
            "<strong>Traitors</strong> take one away."
        )
        + "</p><h2>"
        + _("Sources")
        + "</h2><p>"
        + _(
            "Everyone starts with active Sources: six each with two players, four each with "
            "three, three each with four. Each round you are dealt one card per active Source. "
            "When you lose a Source it turns underground; with none active, you are out."
        )
        + "</p><h2>"
        + _("A turn")
        + "</h2><p>"
        + _(
            "The first round’s opener is drawn at random; later, whoever lost the last "
            "round opens (or, if they just went out, the other player in that showdown). On your "
            "turn do one of these:"
        )
        + "</p><ul><li>"
        + _(
            "<strong>Bid</strong>: “at least <em>N</em> cards count for <em>X</em> across "
            "every hand”, where X is a role, faction or city. You may keep the number and name "
            "a different attribute (one not yet named at that number this round) or raise the "
            "number. Then pick who takes the next turn — anyone still in but you."
        )
        + "</li><li>"
        + _("<strong>Call</strong> when you think the standing bid is too high.")
        + "</li><li>"
        + _("<strong>Spot</strong> when you think it is exactly right.")
        + "</li></ul><h2>"
        + _("The showdown")
        + "</h2><p>"
        + _(
            "After a call or spot everyone shows their hand. The count is the matching spies "
            "plus the Mercenaries minus the Traitors."
        )
        + "</p><ul><li>"
        + _(
            "Call: if the count reaches the bid, the caller loses a Source; otherwise the "
            "bidder does."
        )
        + "</li><li>"
        + _(
            "Spot: if the count is exactly the bid, the bidder loses a Source and the "
            "spotter scores a point; otherwise the spotter loses a Source and the bidder scores "
            "a point."
        )
        + "</li></ul><h2>"
        + _("Counting, step by step")
        + "</h2>"
        + example_html()
    )
