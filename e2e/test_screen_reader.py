"""A whole game of each game by screen reader alone (issue 40, docs/accessibility.md).

Each player here is a `Reader` (e2e/reader.py): it knows the page only from the
accessibility tree and what the live regions announce, and acts only with the keyboard.
It decides its moves from what it reads, like a person would: Deck of Spies by the Hint
(its advice is in words), retiring whenever it can; Espionage and SpyNet by what the
move controls offer. Along the way it checks that every line the game log gains (a bot's
move, a showdown, a result) is announced once, in order, without reading the screen.

The engine's saved record is read only after the game, to check what the game held (an
Ace played, a retire, a showdown): never to decide a move.

The whole games of Deck of Spies and SpyNet are `make e2e-long`'s; `make test` plays
their first moves, then a shared game from a few turns before its end to the result.
"""

from __future__ import annotations

import re

import pytest
from conftest import boot, same_bots, saved_record
from drivers.espionage import start as seat_the_table
from drivers.records import dismiss_kept, dos_late, open_late, play
from drivers.spynet import choosing_with_deck
from playwright.sync_api import Page, expect
from reader import Node, Reader

import spygames


def log_lines(main: Node) -> list[str]:
    """The game log's lines, newest first, as read out."""
    log = main.first("log")
    if log is None:
        return []
    moves = log.first("list")
    return [item.words() for item in moves.all("listitem")] if moves else []


# What is announced besides the log: the answers a player asked for, and the bid being
# put together in Espionage's panel as it changes.
ANSWERS = ("Hint ", "Your bid: ")


class Listener:
    """Keeps what the log gained and what was announced, move by move."""

    def __init__(self, reader: Reader) -> None:
        self.reader = reader
        self.lines = log_lines(reader.main())
        self.transcript: list[str] = []
        reader.news()

    def after(self, what: str) -> None:
        """Each line the log gained since the last call was announced, once, in order."""
        # A bot may move while the log is read: read it again until nothing more was
        # announced after it (the page draws a line and announces it in one task).
        news = self.reader.news()
        while True:
            now = log_lines(self.reader.main())
            more = self.reader.news()
            if not more:
                break
            news += more
        gained = new_lines(self.lines, now)
        self.transcript.extend(news)
        heard = " ".join(n for n in news if not n.startswith(ANSWERS))
        at = 0
        for line in reversed(gained):  # oldest first
            found = heard.find(line, at)
            assert found >= 0, f"after {what}: the log gained {line!r}, never announced: {news}"
            assert heard.find(line, found + len(line)) < 0, f"{line!r} announced twice: {news}"
            heard = heard[:found] + heard[found + len(line) :]
            at = found
        assert not heard.strip(), f"after {what}: announced, but not in the log: {heard!r}"
        self.lines = now


def new_lines(before: list[str], now: list[str]) -> list[str]:
    """The lines at the head of `now` (newest first) that `before` did not have: the log
    only grows at its head, and Undo takes lines off it."""
    for start in range(len(now) + 1):
        if now[start : start + len(before)] == before[: len(now) - start]:
            return now[:start]
    return now


# -- Deck of Spies ----------------------------------------------------------------------
def rank_of(card: str) -> str:
    """ "Four of diamonds, value 4" → "Four"."""
    return card.split(" of ", 1)[0]


SUITS = {"♥": "hearts", "♦": "diamonds", "♣": "clubs", "♠": "spades"}


def value_of(card: str) -> int:
    """ "Four of diamonds, value 4" → 4."""
    return int(card.rsplit(" ", 1)[1])


def double_agent(main: Node) -> list[str]:
    """The cards to recruit the spy with, its suit's Ace among them (a double agent:
    "it counts 1 … and the other cards may be of any suit"), highest first; none when the
    hand has not that Ace or cannot reach the spy's value."""
    spy = main.one("region", "The table").one("paragraph", "The spy:").words()
    found = re.search(r"The spy: \S+?([♥♦♣♠]) needs (\d+)", spy)
    assert found is not None, spy
    suit, needs = SUITS[found[1]], int(found[2])
    hand = [b.name for b in main.one("region", "Your hand").all("button", ".* of .*, value")]
    ace = f"Ace of {suit}, value 1"
    if ace not in hand:
        return []
    chosen, total = [ace], 1
    for card in sorted((c for c in hand if c != ace), key=value_of, reverse=True):
        if total >= needs:
            break
        chosen.append(card)
        total += value_of(card)
    return chosen if total >= needs else []


def dos_turn(reader: Reader, listener: Listener) -> bool:
    """One decision, as a player who hears the Hint and reads the table; False once the
    game is over. It recruits with an Ace whenever it can, and retires any pair (but
    Aces) after paying."""
    main = reader.main()
    if main.first("heading", "You won!|The spies won"):
        return False
    actions = main.one("region", "Actions")
    if actions.first("button", "End turn"):
        hand = main.one("region", "Your hand").all("button", ".* of .*, value")
        ranks: dict[str, list[str]] = {}
        for card in hand:
            ranks.setdefault(rank_of(card.name), []).append(card.name)
        pair = next((c for r, c in ranks.items() if len(c) >= 2 and r != "Ace"), None)
        if actions.first("button", "Retire") is not None and pair is not None:
            for card in pair:
                reader.press("button", re.escape(card), key="Space")
            reader.press("button", "Retire")
            listener.after("a retire")
        reader.press("button", "End turn")
        listener.after("End turn")
        return True
    recruit = double_agent(main)
    if recruit:
        for card in recruit:
            reader.press("button", re.escape(card), key="Space")
        reader.press("button", "Recruit")
        listener.after(f"a recruit with {recruit}")
        return True
    reader.press("button", "Hint")
    advice = reader.hear("Hint ")  # "Hint Counter with 2♣ 4♥ …"
    reader.press("button", advice.split()[1])
    listener.after(advice)
    return True


# A shared deal near its end whose first turn, as this player plays it, recruits with an
# Ace and then retires a pair: Deal #3 four moves before its end (an easy bot's game), the
# spy the 8♥ with the A♦ in hand, two 2s after (e2e/drivers/records.py).
DOS_LATE = (3, 4)


@pytest.mark.parametrize(
    "whole", [False, pytest.param(True, marks=pytest.mark.long)], ids=["late", "whole"]
)
def test_deck_of_spies_by_screen_reader(page: Page, site_url: str, whole: bool) -> None:
    """Deck of Spies by keyboard, each result heard, to the end: `make test` plays Deal
    #2's first turns, then a shared deal's last ones (`DOS_LATE`); `make e2e-long`
    plays Deal #2 to its end."""
    reader = Reader(page)
    boot(page, site_url + "#/deck-of-spies/deal/2")
    listener = Listener(reader)
    before = 0
    if not whole:
        for _ in range(4):
            assert dos_turn(reader, listener)
        late = dos_late(*DOS_LATE)
        before = len(late.actions)
        open_late(page, site_url, "deck-of-spies", late)
        dismiss_kept(page)
        listener = Listener(reader)
    for _ in range(400):
        if not dos_turn(reader, listener):
            break
    end = reader.main().one("region", "You won!|The spies won")
    assert re.search(r"You own \d+ of the 12 face cards", listener.transcript[-1])
    assert reader.focus() == end.one("button", "Play this deal again")
    # What the keyboard played (the record, read only now): an Ace as a double agent, a retire.
    played = saved_record(page, "deck-of-spies")["actions"][before:]
    assert "retire" in [a["type"] for a in played]
    assert any(a["type"] == "recruit" and any(c[0] == "A" for c in a["cards"]) for a in played)


# -- Espionage --------------------------------------------------------------------------
def esp_wait(reader: Reader, listener: Listener) -> Node:
    """Listen until the table wants something of the player: its move, the way on after
    a showdown (once every hand has been counted out), or the end. The table, then."""
    for _ in range(1200):
        main = reader.main()
        listener.after("the bots' moves")
        if main.first("region", "You win!|.* wins!"):
            return main
        move = main.first("region", "Your move")
        if move is not None and any(not b.disabled for b in move.all("button", "Call|Bid|Face")):
            return main
        if main.first("button", "Next round|See the result") and main.first(
            "paragraph", "Everyone has seen the hands"
        ):
            return main
        reader.page.wait_for_timeout(100)
    raise AssertionError(f"the table never wanted anything of the player:\n{main.say()}")


def esp_turn(reader: Reader, listener: Listener) -> bool:
    """One decision, as a player who reads the table; False once the game is over. It
    opens a round on what its own hand holds most of, and calls any bid put to it."""
    main = esp_wait(reader, listener)
    if main.first("region", "You win!|.* wins!"):
        return False
    way_on = main.first("button", "Next round|See the result")
    if way_on is not None:
        reader.press("button", way_on.name)
        listener.after(way_on.name)
        return True
    call = main.first("button", "Call")
    if call is not None and not call.disabled:
        reader.press("button", "Call")
        listener.after("a call")
        return True
    hand = main.one("list", "Your hand").all("listitem")
    counts: dict[str, int] = {}
    for card in hand:
        for attribute in card.name.split(", "):
            counts[attribute] = counts.get(attribute, 0) + 1
    move = main.one("region", "Your move")
    offered = [b for b in move.all("button") if not b.disabled and b.name.split()[-1].isdigit()]
    best = max(offered, key=lambda b: counts.get(b.name.rsplit(" ", 1)[0], 0))
    reader.press("button", re.escape(best.name))
    reader.press("button", "Bid")
    listener.after(f"a bid on {best.name}")
    return True


def test_espionage_by_screen_reader(page: Page, site_url: str) -> None:
    """Espionage, you against a normal bot, to the end: every round ends in a showdown;
    each bot move, count and result heard as it happens."""
    reader = Reader(page)
    boot(page, site_url + "#/espionage/new")
    reader.press("button", "Start the game")
    reader.press("button", "Fast")
    listener = Listener(reader)
    for _ in range(200):
        if not esp_turn(reader, listener):
            break
    reader.main().one("region", "You win!|.* wins!")
    assert re.search(r"wins? (with \d+ points|as the last tracker)", listener.transcript[-1])
    record = saved_record(page, "espionage")
    assert any(a["type"] in ("call", "spot") for a in record["actions"])


def against_vesper(page: Page, site_url: str) -> tuple[Reader, Listener, Node]:
    """Deal #7, Ann against Vesper (hard, bots' key 1, fast), by screen reader: the table
    once Vesper has opened and the bid is put to Ann."""
    reader = Reader(page)
    boot(page, site_url + "#/espionage/deal/7")
    seat_the_table(page, ("Ann", "human"), ("Vesper", "hard"))
    same_bots(page, "espionage", 1)
    reader.press("button", "Fast")
    listener = Listener(reader)
    main = esp_wait(reader, listener)
    call = main.one("region", "Your move").one("button", "Call")
    assert not call.disabled
    return reader, listener, main


def test_espionage_says_the_bid_being_put_together_and_the_hint_in_two_sentences(
    page: Page, site_url: str
) -> None:
    """Issue 47, item 10: More / Fewer were silent, and the Hint's move ran into its
    reason ("…Agent VesperCounting…"). Each press of More, Fewer or a role now says the
    bid being put together; the Hint is heard as two sentences."""
    reader, _, _ = against_vesper(page, site_url)
    reader.press("button", "Hint")
    said = reader.hear("Hint ")
    # the move, a full stop, then the reason: "…and pass to Vesper. Counting your own…"
    assert re.match(r"Hint (Bid at least .+ and pass to Vesper|Call — .+|Spot — .+)\. [A-Z]", said)
    assert not re.search(r"[a-z][A-Z]", said), said
    reader.news()
    counts = []
    for press in ("More", "More", "Fewer"):  # the count goes up, then down: each said
        reader.press("button", press)
        bid = reader.hear("Your bid: at least ")
        found = re.match(r"Your bid: at least (\d+)", bid)
        assert found is not None, bid
        counts.append(int(found[1]))
        reader.news()
        assert reader.focus() == reader.main().one("button", press)  # still on it
    assert counts[1] == counts[0] + 1 and counts[2] == counts[0], counts
    move = reader.main().one("region", "Your move")
    offered = [
        b
        for b in move.all("button")
        if not b.disabled and not b.pressed and b.name.split()[-1].isdigit()
    ]
    reader.press("button", re.escape(offered[0].name))  # another role, faction or city
    said = reader.hear("Your bid: at least ")
    assert said.endswith(", to Vesper."), said


def test_espionage_puts_the_focus_on_what_comes_next(page: Page, site_url: str) -> None:
    """Issue 47, item 10: after your bid and after Next round the focus went to the
    page's heading, 8 Tabs from Call. When the turn comes back the focus is on what it
    asks: Call when a bid is put to you, More when you open; after a call, Next round."""
    reader, listener, main = against_vesper(page, site_url)
    move = main.one("region", "Your move")
    offered = [b for b in move.all("button") if not b.disabled and b.name.split()[-1].isdigit()]
    reader.press("button", re.escape(offered[0].name))
    reader.press("button", "Bid")
    listener.after("a bid")
    checked = []
    while len(checked) < 3:
        main = esp_wait(reader, listener)
        if main.first("region", "You win!|.* wins!"):
            break
        focused = reader.focus()
        assert focused is not None, f"the focus is on no control after {checked}"
        way_on = main.first("button", "Next round|See the result")
        if way_on is not None:  # after a call, the showdown's way on
            wanted = way_on.name
        else:  # the turn came back: Call when a bid is put to you, More when you open
            call = main.one("region", "Your move").first("button", "Call")
            wanted = "Call" if call is not None and not call.disabled else "More"
        assert focused.role == "button" and focused.name.startswith(wanted), (wanted, focused)
        checked.append(wanted)
        if wanted == "More":
            break
        reader.key("Enter")  # Call, or Next round: where the focus is
        listener.after(wanted)
    assert "Call" in checked and any(w.startswith("Next round") for w in checked), checked


# -- SpyNet -----------------------------------------------------------------------------
def sn_turn_panel(main: Node) -> Node | None:
    """The panel of the move asked of the player: the innermost region with Hint and
    Undo (its "Take back" group)."""
    panels = [r for r in main.all("region") if r.first("group", "Take back")]
    return panels[-1] if panels else None


def sn_wait(reader: Reader, listener: Listener) -> Node:
    """Listen until the table wants something of the player, or the game is over."""
    for _ in range(1200):
        main = reader.main()
        listener.after("the bot's moves")
        if main.first("button", "Play again"):
            return main
        panel = sn_turn_panel(main)
        if panel is not None and panel.first("button", "Undo") is not None:
            wanted = [b for b in panel.all("button") if not b.disabled and b.name != "Hint"]
            if wanted or panel.first("paragraph", "Choose a card from your hand"):
                return main
        reader.page.wait_for_timeout(100)
    raise AssertionError(f"the table never wanted anything of the player:\n{main.say()}")


class SpyNetPlayer:
    """A player who reads the table and plays by it: it deploys when its hand holds an
    agent or a mission, else recruits (taking the first pile it looks at). Deploying,
    it attaches whatever funding it may, plays an agent in the first branch offered,
    a mission face down where it may, and tries each card of its hand in turn before it
    ends the turn. Any other choice (a card to keep, to give up, an effect's target): the
    first move with a key, else the first card offered."""

    def __init__(self, reader: Reader, listener: Listener) -> None:
        self.reader, self.listener = reader, listener
        self.tried: set[str] = set()  # the hand's cards picked this deploy
        self.placed = 0  # agents and missions played

    def act(self, name: str, what: str = "") -> bool:
        """Press the button `name`; then each line the log gained was heard."""
        self.reader.press("button", re.escape(name))
        self.listener.after(what or name)
        return True

    def turn(self) -> bool:
        """One decision; False once the game is over."""
        main = sn_wait(self.reader, self.listener)
        if main.first("button", "Play again"):
            return False
        panel = sn_turn_panel(main)
        assert panel is not None
        held = main.first("region", "Your hand")
        hand = [b.name for b in held.all("button")] if held is not None else []
        if panel.name.startswith("Your turn: recruit or deploy"):
            self.tried.clear()
            deploy = panel.first("button", "Deploy")
            playable = any(re.search(r" — (Agent|Mission)", card) for card in hand)
            if deploy is not None and not deploy.disabled and playable:
                return self.act(deploy.name)
            return self.act(panel.one("button", "Recruit").name)
        if panel.name in ("Deploy", "Your final turn: deploy"):
            return self.deploy(panel, hand)
        moves = [b for b in panel.all("button") if not b.disabled and re.search(r" [A-Z]$", b.name)]
        moves.sort(key=lambda b: 0 if b.name.startswith(("Take", "Recruit")) else 1)
        if moves:
            return self.act(moves[0].name)
        # a card to choose: in the panel (the opening draft's, an effect's), or the hand's
        cards = [
            b for b in panel.all("button") if not b.disabled and b.name not in ("Hint", "Undo")
        ]
        if not cards:
            panel.one("paragraph", "Choose a card from your hand")
            cards = held.all("button") if held is not None else []
        return self.act(cards[0].name, f"{panel.name}: {cards[0].name}")

    def deploy(self, panel: Node, hand: list[str]) -> bool:
        funding = [b for b in panel.all("button", "☐") if not b.disabled]
        plays = [b for b in panel.all("button", ".*Play (face down )?in ") if not b.disabled]
        if plays and funding:
            return self.act(funding[0].name, f"funding {funding[0].name}")
        if plays:
            self.placed += 1
            return self.act(plays[0].name)
        untried = [c for c in hand if c not in self.tried and " — Funding" not in c]
        if untried:
            self.tried.add(untried[0])
            return self.act(untried[0], f"picked {untried[0]}")
        return self.act(panel.one("button", "End (your final )?turn").name)


# SpyNet's short game (`make test`): a shared link to deal #3 between Ann (a person) and
# Bo (a normal bot), played by easy bots up to Ann's turn with this many cards left in the
# deck (about ten turns each before the scoring); the link's seats keep Ann a person at
# this device and Bo a bot who plays on.
SN_LATE_DECK = 14
ANN_AND_BO = [
    {"name": "Ann", "kind": "human", "level": "normal"},
    {"name": "Bo", "kind": "bot", "level": "normal"},
]


def sn_late() -> spygames.State:
    """A SpyNet game near its end, Ann to choose (for a share link)."""
    state = play("spynet", 3, ANN_AND_BO, choosing_with_deck(SN_LATE_DECK))
    assert not state.is_over
    return state


@pytest.mark.parametrize(
    "whole", [False, pytest.param(True, marks=pytest.mark.long)], ids=["late", "whole"]
)
def test_spynet_by_screen_reader(page: Page, site_url: str, whole: bool) -> None:
    """SpyNet, you against a normal bot, to the scoring: each bot move heard once.
    `make test` makes the opening's choice of a new game, then opens a shared game a few
    turns before its end (`sn_late`) and plays those by keyboard; `make e2e-long`
    plays the whole new game."""
    reader = Reader(page)
    boot(page, site_url + "#/spynet/new")
    reader.press("button", "Start the game")
    reader.press("button", "Fast")
    listener = Listener(reader)
    player = SpyNetPlayer(reader, listener)
    before = 0
    if not whole:  # the opening's choice by keyboard, then the shared game near its end
        for _ in range(20):
            if any(a["type"] == "keep" for a in saved_record(page, "spynet")["actions"]):
                break
            player.turn()
        else:
            raise AssertionError("the opening asked for no card to keep")
        late = sn_late()
        before = len(late.actions)
        open_late(page, site_url, "spynet", late)
        expect(page.locator("main")).to_contain_text(f" · deck {late.view(0)['deck']} · ")
        reader.press("button", "Fast")
        listener = Listener(reader)
        player = SpyNetPlayer(reader, listener)
    for _ in range(600):
        if not player.turn():
            break
    end = reader.main().one("region", "You win!|You lose.|A shared win!")
    assert re.search(r"wins? with \d+ points? to \d+", " ".join(listener.transcript[-3:]))
    assert reader.focus() == end.one("heading")  # the result is read out first
    assert player.placed >= 3  # agents and missions played by the keyboard
    played = saved_record(page, "spynet")["actions"][before:]  # on this page
    kinds = {a["type"] for a in played}
    assert {"agent", "recruit"} <= kinds, kinds


def test_an_alert_is_read_out_once_not_at_every_draw(page: Page, site_url: str) -> None:
    """Issue 47: the kept-game notice, a role="alert" drawn anew at every redraw, was read
    out 18 times during one Hint. An alert still showing its words at the next draw is no
    longer an alert; new words are."""
    boot(page, f"{site_url}#/deck-of-spies/deal/11")
    page.wait_for_selector(".dos")
    page.keyboard.press("c")  # Counter with no card chosen: refused, in an alert
    notice = page.locator(".notice")
    page.wait_for_selector(".notice[role=alert]")
    said = notice.inner_text()
    first = page.locator(".dos-hand .pcard").first
    first.click()  # a redraw, the refusal still on screen
    page.wait_for_selector(".dos-hand .pcard[aria-pressed=true]")
    assert notice.inner_text() == said
    assert page.locator(".notice[role=alert]").count() == 0  # the same words: not again
    first.click()
    page.keyboard.press("r")  # another refusal, other words: an alert again
    page.wait_for_selector(".notice[role=alert]")
    assert notice.inner_text() != said
