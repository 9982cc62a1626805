"""Deck of Spies rules, in our own words, with the examples drawn as small cards."""

from __future__ import annotations

from spygames.i18n import _

from .cards import mini_cards, show_card


def _example(paid: list[str], spy: str, caption: str, *, ok: bool = True) -> str:
    mark = "✓" if ok else "✗"
    return (
        f'<figure class="dos-example{"" if ok else " is-wrong"}">'
        f'<div class="dos-example-cards">{mini_cards(paid)}'
        f'<span class="dos-example-arrow" aria-hidden="true">→</span>'
        f"{show_card(spy, size='mini')}</div>"
        f'<figcaption><span aria-hidden="true">{mark}</span> {caption}</figcaption></figure>'
    )


def rules_html() -> str:
    return (
        '<div class="dos-rules">'
        "<h2>" + _("Deck of Spies") + "</h2>"
        "<p>"
        + _(
            "A game of patience with a spy story, for one player and an ordinary 52-card "
            "deck. You begin with a feeble deck of low cards and grow it as you go. Spies "
            "arrive one at a time, from the 5s up to the Kings, and you must deal with each "
            "one. Win by having <strong>7 of the 12 face cards</strong> (Jacks, Queens, Kings) "
            "working for you when the last spy has been dealt with."
        )
        + "</p>"
        "<h3>" + _("The table") + "</h3>"
        "<ul>"
        "<li>"
        + _(
            "<strong>Your deck</strong>: the A, 2, 3 and 4 of every suit, shuffled. You "
            "hold five cards; the rest is your draw deck."
        )
        + "</li><li>"
        + _(
            "<strong>The spy deck</strong>: the 5s–7s on top, then the 8s–10s, then the "
            "face cards, each group shuffled. Only the top spy is visible."
        )
        + "</li><li>"
        + _(
            "<strong>Values</strong>: Ace 1, number cards their number, Jack 11, Queen 12, King 13."
        )
        + "</li><li>"
        + _(
            "Two discard piles: <em>your</em> discard pile (cards that come back when your "
            "draw deck runs out) and the <em>spies'</em> pile (cards gone for good)."
        )
        + "</li>"
        "</ul>"
        "<h3>" + _("Each turn, deal with the spy") + "</h3>"
        "<p>"
        + _(
            "<strong>Counter</strong> it: play cards from your hand adding up to at least "
            "its value. No padding allowed — take away any one of your cards and the total "
            "must fall short. The spy goes to the spies' pile; your cards go to your discard "
            "pile."
        )
        + "</p>"
        '<div class="dos-examples">'
        + _example(["2S", "3D"], "5C", _("2 + 3 counters a 5."))
        + _example(["AH", "4C"], "5C", _("So does A + 4."))
        + _example(["7D"], "5C", _("Or one 7 on its own."))
        + _example(
            ["2H", "3S", "4C"],
            "5C",
            _("Not 2 + 3 + 4: the 3 + 4 are already enough."),
            ok=False,
        )
        + "</div>"
        "<p>"
        + _(
            "<strong>Recruit</strong> it: the same, but with cards all of the spy's suit. "
            "The spy then joins your discard pile with the cards you paid — it is now part of "
            "your deck."
        )
        + "</p>"
        '<div class="dos-examples">'
        + _example(["3H", "5H"], "7H", _("3♥ + 5♥ recruit the 7♥."))
        + "</div>"
        "<p>"
        + _(
            "<strong>Double agents.</strong> The Ace of the spy's suit lets cards of any "
            "suit help to recruit it. The Ace counts 1 and is always allowed; every other "
            "card must still be needed."
        )
        + "</p>"
        '<div class="dos-examples">'
        + _example(
            ["AC", "4C", "3D", "2H"],
            "9C",
            _("A♣ 4♣ 3♦ 2♥ (1 + 4 + 3 + 2 = 10) recruit the 9♣."),
        )
        + "</div>"
        "<p>"
        + _(
            "<strong>Assassinate</strong> it — only when your whole hand adds up to less "
            "than the spy. Take any Ace you own (from your hand, draw deck or discard pile) "
            "out of the game for good; the spy goes to the spies' pile and your whole hand to "
            "your discard pile, and the turn ends. With no Ace left, you lose on the spot."
        )
        + "</p>"
        "<h3>" + _("Then, if you like, retire") + "</h3>"
        "<p>"
        + _(
            "Once per turn, after countering or recruiting, you may send two or more cards "
            "of one rank from your hand to the spies' pile. It thins your deck of weak "
            "cards — but a face card retired counts for the spies."
        )
        + "</p>"
        '<div class="dos-examples">'
        + _example(["9D"], "7S", _("Hand 2♣ 2♥ 2♠ 3♠ 9♦: counter the 7♠ with the 9♦…"))
        + '<figure class="dos-example"><div class="dos-example-cards">'
        + mini_cards(["2C", "2H", "2S"])
        + '<span class="dos-example-arrow" aria-hidden="true">→</span>'
        + '<span class="dos-spies-pile" aria-hidden="true">'
        + _("spies’ pile")
        + "</span></div><figcaption>"
        + _("…then retire two or all three of the 2s.")
        + "</figcaption></figure>"
        "</div>"
        "<h3>" + _("End of the turn") + "</h3>"
        "<p>"
        + _(
            "Keep what is left in your hand and draw up to five. When your draw deck is "
            "empty, shuffle your discard pile to make a new one."
        )
        + "</p>"
        "<h3>" + _("Winning") + "</h3>"
        "<p>"
        + _(
            "After the last spy, count the face cards in your hand, draw deck and discard "
            "pile. You need seven or more of the 12 to win: six for you and six for the "
            "spies is a loss. Your score is the number you "
            "own, 0 to 12 — twelve is a perfect game."
        )
        + "</p>"
        "<h3>" + _("Tips") + "</h3>"
        "<ul>"
        "<li>"
        + _("Retire pairs of 2s and 3s early: a deck of small cards cannot stop the Kings.")
        + "</li><li>"
        + _("Recruit whenever you can — bigger cards now make the later spies easier.")
        + "</li><li>"
        + _("Aces do two jobs: recruiting help and spare lives. Keep one in reserve.")
        + "</li><li>"
        + _("Pay exactly: cards you do not spend stay in your hand for the next spy.")
        + "</li>"
        "</ul>"
        "<h3>" + _("Playing here") + "</h3>"
        "<p>"
        + _(
            "Click cards (or press 1–5) to choose them; the total is shown. Counter "
            "<kbd>C</kbd>, Recruit <kbd>R</kbd>, Assassinate <kbd>A</kbd>, Retire <kbd>T</kbd>, "
            "End turn <kbd>E</kbd>, Hint <kbd>H</kbd>, Undo <kbd>U</kbd>, clear the selection "
            "<kbd>X</kbd>. A button that cannot be used says why."
        )
        + "</p>"
        "</div>"
    )
