"""The Espionage table on CPython: setup, the bid panel's legality, pass-and-play
secrecy, the showdown, saves and resume. Driven exactly as the page drives it."""

from __future__ import annotations

import json
import random
import re

import pytest
from drivers.espionage import HANDS, context, form, play_to_end, run_bots_until_human, started
from spyweb.app import App
from spyweb.browser import links
from spyweb.browser.store import MemoryStorage
from spyweb.catalogue import screen_class
from spyweb.games.espionage.log import Narrator
from spyweb.games.espionage.model import BidPanel
from spyweb.games.espionage.seats import Seat, remember
from spyweb.games.espionage.table import EspionageTable
from spyweb.tables.screen import typing_in
from spyweb.tables.tabletools import log_html

import spygames
from spygames.espionage.cards import ATTRIBUTES, bid_words

GAME = spygames.get_game("espionage")
CARD_RE = re.compile(r'data-card="([^"]+)"')


def legal_bids(state: spygames.State) -> set[tuple[int, str, int]]:
    return {
        (a["count"], a["attribute"], a["next"]) for a in state.legal_actions() if a["type"] == "bid"
    }


def panel_bids(panel: BidPanel) -> set[tuple[int, str, int]]:
    """Every bid a person can put together by clicking the panel."""
    offered = set()
    for count in panel.counts:
        panel.set_count(count)
        for attribute, ok in panel.attributes().items():
            if not ok:
                continue
            assert panel.choose(attribute)
            for nxt in panel.nexts:
                assert panel.name_next(nxt)
                action = panel.action
                assert action is not None
                offered.add((action["count"], action["attribute"], action["next"]))
    return offered


# -- setup ------------------------------------------------------------------------------
def test_registered_and_routed() -> None:
    assert screen_class("espionage") is EspionageTable
    app = App(MemoryStorage())
    app.route("#/espionage")
    assert isinstance(app.screen, EspionageTable)
    assert "seat the table" in app.render()


def test_setup_screen_first_then_the_table() -> None:
    ctx = context()
    table = EspionageTable(ctx)
    html = table.render()
    assert table.state is None
    assert 'data-act="start"' in html and 'id="esp-players"' in html
    assert html.count('class="setup-seat"') == 4  # rows past the chosen number hide by CSS
    table.submit(
        "start",
        {
            "players": "3",
            "seat0-name": "Ada",
            "seat0-kind": "human",
            "seat1-name": "Bot Bee",
            "seat1-kind": "hard",
            "seat2-name": "",
            "seat2-kind": "easy",
            "seat3-name": "Ignored",
            "seat3-kind": "human",
        },
    )
    assert table.state is not None and table.state.players == 3
    assert [s.name for s in table.seats] == ["Ada", "Bot Bee", "Agent Kestrel"]
    assert [s.kind for s in table.seats] == ["human", "bot", "bot"]
    assert [s.level for s in table.seats[1:]] == ["hard", "easy"]
    assert ctx.goto == "#/espionage"
    assert ctx.saves.has("espionage")
    html = table.render()
    assert 'id="esp-table"' in html and "Ada" in html and "Bot Bee" in html


def test_setup_uses_the_seed_argument_and_random_otherwise() -> None:
    table = EspionageTable(context(), seed=424242)
    assert "Deal #424242" in table.render()
    table.submit("start", form("human", "normal"))
    assert table.state is not None and table.state.seed == 424242
    other = started("human", "normal", seed=None)
    assert other.state is not None and isinstance(other.state.seed, int)


@pytest.mark.parametrize(
    ("values", "problem"),
    [
        (form("easy", "hard"), "at least one seat a person"),
        ({"players": "5"}, "2, 3 or 4"),
        ({"players": "x"}, "2, 3 or 4"),
    ],
)
def test_setup_refuses_a_table_it_cannot_play(values: dict[str, str], problem: str) -> None:
    ctx = context()
    table = EspionageTable(ctx)
    table.submit("start", values)
    assert table.state is None
    assert any(problem in m for m in ctx.messages)


def test_duplicate_and_long_names_are_tidied() -> None:
    table = started("human", "human", "normal", names=("Sam", "sam", "X" * 50))
    names = [s.name for s in table.seats]
    assert names[0] == "Sam" and names[1] != "sam" and len(names[2]) <= 20


def test_the_seats_travel_in_the_record() -> None:
    table = started("human", "hard", "human", "easy", names=("Me", "Rival", "Pal", "Rook"))
    assert table.state is not None
    seats = table.state.options["seats"]
    assert seats[1] == {"name": "Rival", "kind": "bot", "level": "hard"}
    assert [s["kind"] for s in seats] == ["human", "bot", "human", "bot"]
    assert table.ctx.saves.pref("espionage-seats") == ""  # no longer kept by seed
    record = table.state.record()
    # through the replay and through a share link, into a device that knows nothing
    again = spygames.replay(json.loads(json.dumps(record)))
    assert again.record() == record
    decoded = links.decode(links.encode(record))
    assert decoded.record() == record
    elsewhere = EspionageTable(context(), state=decoded)
    assert elsewhere.seats == table.seats
    assert elsewhere.state is not None
    assert [elsewhere.state.view(s)["hand"] for s in range(4)] == [
        table.state.view(s)["hand"] for s in range(4)
    ]
    assert {i: b.level for i, b in elsewhere.bots.items()} == {1: "hard", 3: "easy"}
    assert elsewhere.pass_and_play
    html = elsewhere.render()
    assert all(name in html for name in ("Me", "Rival", "Pal", "Rook"))
    assert "Bot · hard" in html and "Bot · easy" in html


def test_the_setup_screen_remembers_the_last_table() -> None:
    storage = MemoryStorage()
    table = EspionageTable(context(storage))
    table.submit("start", form("human", "hard", names=("Me", "Rival")))
    fresh = EspionageTable(context(storage))
    fresh.handle("newtable", "")
    assert [s.name for s in fresh.setup_seats] == ["Me", "Rival"]
    assert "Rival" in fresh.render()


def test_an_older_save_without_seats_still_opens() -> None:
    """Records from before seats were options have `{}`: the seats kept on the device
    for their seed, else the default table."""
    old = GAME.new(seed=31, players=3)
    for _ in range(3):
        old.apply(old.legal_actions()[0])
    record = old.record()
    assert record["options"] == {}
    storage = MemoryStorage()
    storage.set("spygames:save:espionage", json.dumps(record))
    table = EspionageTable(context(storage))
    assert table.state is not None and table.state.record() == record
    assert [s.name for s in table.seats] == ["You", "Agent Vesper", "Agent Kestrel"]
    assert len(table.log) == 4 and "Something went wrong" not in table.render()
    remember(
        table.ctx.saves,
        31,
        [Seat("Kim", "bot", "easy"), Seat("Lu", "human"), Seat("Mo", "bot", "hard")],
    )
    kept = EspionageTable(context(storage))
    assert [s.name for s in kept.seats] == ["Kim", "Lu", "Mo"] and kept.viewer == 1
    app = App(storage)
    app.route(f"#/play/{links.encode(record)}")
    assert isinstance(app.screen, EspionageTable) and app.screen.state is not None
    assert app.screen.state.record() == record


# -- the bid panel ----------------------------------------------------------------------
def states_to_check() -> list[spygames.State]:
    """A spread of positions: openings, raised bids, late rounds, 2–4 players."""
    out = []
    rng = random.Random(5)
    for players in (2, 3, 4):
        for seed in range(3):
            state = GAME.new(seed=seed, players=players)
            out.append(spygames.replay(state.record()))
            for _ in range(rng.randint(5, 40)):
                if state.is_over:
                    break
                legal = state.legal_actions()
                bids = [a for a in legal if a["type"] == "bid"]
                # mostly small raises, sometimes a call, so rounds move on
                if bids and rng.random() < 0.85:
                    low = min(b["count"] for b in bids)
                    state.apply(rng.choice([b for b in bids if b["count"] <= low + 1]))
                else:
                    state.apply(rng.choice([a for a in legal if a["type"] != "bid"] or bids))
                if not state.is_over:
                    out.append(spygames.replay(state.record()))
    return out


def test_bid_panel_offers_exactly_the_legal_bids() -> None:
    states = states_to_check()
    assert len(states) > 40
    for state in states:
        panel = BidPanel(state.legal_actions())
        assert panel_bids(panel) == legal_bids(state)
        assert panel.can_call == (state.view(0)["bid"] is not None)
        assert panel.can_spot == panel.can_call


def test_bid_panel_never_builds_an_illegal_bid_whatever_is_clicked() -> None:
    rng = random.Random(11)
    for state in states_to_check()[::3]:
        panel = BidPanel(state.legal_actions())
        for _ in range(200):
            move = rng.randrange(4)
            if move == 0:
                panel.step(rng.choice((-1, 1)))
            elif move == 1:
                panel.choose(rng.choice((*ATTRIBUTES, "spy", "")))
            elif move == 2:
                panel.name_next(rng.randrange(-1, 5))
            else:
                panel.set_count(rng.randrange(-2, 40))
            action = panel.action
            if action is not None:
                assert state.why_illegal(action) is None


def test_rendered_panel_matches_the_engine() -> None:
    """The HTML's enabled buttons are the legal choices, at several counts."""
    table = started("human", "normal", "normal", seed=3)
    for _ in range(6):
        run_bots_until_human(table)
        assert table.state is not None
        if table.state.is_over:
            break
        assert table.my_turn
        legal = legal_bids(table.state)
        html = table.render()
        count = int(re.search(r'id="esp-count"[^>]*>(\d+)<', html).group(1))  # type: ignore[union-attr]
        for attribute in ATTRIBUTES:
            button = re.search(rf'<button[^>]*id="esp-attr-{attribute}"[^>]*>', html)
            assert button is not None
            enabled = "disabled" not in button.group(0)
            assert enabled == any(c == count and a == attribute for c, a, _ in legal)
        nexts = set(map(int, re.findall(r'id="esp-next-(\d+)"', html)))
        assert nexts == {n for c, _, n in legal if c == count}
        # raise by one step, pick the first allowed attribute, then bid
        table.handle("count", "+")
        panel = table.panel()
        first = next(a for a, ok in panel.attributes().items() if ok)
        table.handle("attr", first)
        before = len(table.state.actions)
        table.handle("bid", "")
        assert len(table.state.actions) == before + 1
        assert table.state.actions[-1]["type"] == "bid"


def test_bid_without_an_attribute_explains_and_does_nothing() -> None:
    table = started("human", "normal")
    run_bots_until_human(table)
    assert table.state is not None
    before = len(table.state.actions)
    table.handle("bid", "")
    assert len(table.state.actions) == before
    assert any("Choose a role" in m for m in table.ctx.messages)


def test_keys_drive_the_panel() -> None:
    table = started("human", "normal", seed=21)
    run_bots_until_human(table)
    assert table.state is not None and table.my_turn
    assert table.key("+")
    key = next(str(i + 1) for i, a in enumerate(ATTRIBUTES) if table.panel().attribute_ok(a))
    assert table.key(key)
    assert table.sel["attribute"] == ATTRIBUTES[int(key) - 1]
    before = len(table.state.actions)
    assert table.key("b")
    assert len(table.state.actions) == before + 1
    assert not table.key("q")


def test_count_keys_call_and_spot_by_keyboard() -> None:
    """+ / − and ↑ / ↓ step the count like the panel's buttons, C calls and S spots the
    standing bid (and neither does anything while no bid stands)."""
    table = scripted()
    assert table.my_turn and table.panel().count == 1
    assert not table.key("c") and not table.key("s")  # no bid to answer yet
    for key, count in (("ArrowUp", 2), ("+", 3), ("=", 4), ("ArrowDown", 3), ("-", 2)):
        assert table.key(key)
        assert table.sel["count"] == count, key
        assert f'id="esp-count" aria-labelledby="esp-count-label">{count}<' in table.render()
    assert 'id="esp-count-keys"' in table.render()  # the keys are shown by the stepper
    assert table.key("ArrowDown") and table.key("ArrowDown") and table.sel["count"] == 1
    assert table.key("-") and table.sel["count"] == 1  # no count under the lowest
    assert table.key(str(ATTRIBUTES.index("london") + 1)) and table.key("b")
    assert table.state is not None
    assert table.state.actions[-1] == {"type": "bid", "count": 1, "attribute": "london", "next": 1}
    table._apply({"type": "bid", "count": 4, "attribute": "hacker", "next": 0})  # Vesper
    assert table.key("c")
    assert table.state.actions[-1] == {"type": "call"} and table.reveal_pending
    spotted = scripted(first=1)
    spotted._apply({"type": "bid", "count": 3, "attribute": "hacker", "next": 0})  # Vesper
    assert spotted.key("S")
    assert spotted.state is not None and spotted.state.actions[-1] == {"type": "spot"}


def test_keys_typed_into_a_field_are_never_shortcuts() -> None:
    for tag in ("INPUT", "input", "TEXTAREA", "SELECT"):
        assert typing_in(tag, editable=False)
    assert typing_in("DIV", editable=True)  # contenteditable
    assert not typing_in("BUTTON", editable=False) and not typing_in("BODY", editable=False)


# -- pass-and-play ----------------------------------------------------------------------
def hands_now(state: spygames.State) -> list[list[str]]:
    return [state.view(s)["hand"] for s in range(state.players)]


def test_pass_and_play_never_puts_another_seats_hand_in_the_html() -> None:
    """Not another person's hand, nor a bot's: only the holder's, until the showdown."""
    rng = random.Random(3)
    table = started("human", "human", "normal", "human", seed=99, names=("Ann", "Bo", "Cy", "Di"))
    state = table.state
    assert state is not None
    saw_handoff = 0
    for _ in range(400):
        if state.is_over:
            break
        html = table.render()
        shown_cards = set(CARD_RE.findall(html))
        revealed = table.revealed if table.reveal_pending else None
        allowed: set[str] = set()
        if revealed is not None:
            allowed |= {c for hand in revealed["hands"] for c in hand}
        elif table.viewer is not None and not table.handoff_needed:
            allowed |= set(state.view(table.viewer)["hand"])
        assert shown_cards <= allowed
        for seat in set(range(state.players)) - {table.viewer}:  # people and the bot
            for card in state.view(seat)["hand"]:
                if card not in allowed:
                    assert card not in html, (seat, card)
        if table.reveal_pending:
            table.handle("continue", "")
        elif table.handoff_needed:
            saw_handoff += 1
            assert "Pass the device to" in html
            assert shown_cards == set()
            name = table.name(table.current)  # type: ignore[arg-type]
            assert f"I’m {name} — show my hand" in html
            table.handle("show-hand", "")
            assert table.viewer == state.to_play[0]
        elif table.pending_delay() is not None:
            table.tick()
        else:
            assert table.my_turn
            panel = table.panel()
            if panel.can_call and rng.random() < 0.4:
                table.handle(rng.choice(("call", "spot")), "")
            else:
                first = next((a for a, ok in panel.attributes().items() if ok), None)
                if first is None:
                    table.handle("call", "")
                    continue
                table.handle("attr", first)
                table.handle("bid", "")
    assert saw_handoff >= 3


def test_one_person_always_sees_their_own_hand() -> None:
    table = started("normal", "human", "hard", seed=8)
    assert table.viewer == 1
    for _ in range(30):
        if table.state is None or table.state.is_over:
            break
        html = table.render()
        assert "Pass the device" not in html
        if not table.reveal_pending:
            for card in table.state.view(1)["hand"]:
                assert f'data-card="{card}"' in html
            for seat in (0, 2):
                for card in table.state.view(seat)["hand"]:
                    assert f'data-card="{card}"' not in html
        if table.reveal_pending:
            table.handle("continue", "")
        elif table.pending_delay() is not None:
            table.tick()
        else:
            table.handle("call" if table.panel().can_call else "count", "+")
            if table.my_turn:
                table.handle("attr", next(a for a, ok in table.panel().attributes().items() if ok))
                table.handle("bid", "")


def scripted(first: int = 0) -> EspionageTable:
    state = GAME.new(seed=5, players=2, setup={"hands": HANDS, "first": first})
    ctx = context()
    remember(ctx.saves, 5, [Seat("You", "human"), Seat("Vesper", "bot", "easy")])
    return EspionageTable(ctx, state=state)


# -- the showdown -----------------------------------------------------------------------
def test_reveal_lights_the_count_and_waits_for_the_person() -> None:
    table = scripted()
    assert table.state is not None and table.my_turn
    # "at least 5 Hackers": 3 Hackers + 2 Mercenaries − 2 Traitors = 3, so a call wins
    table.handle("count", "+")
    for _ in range(3):
        table.handle("count", "+")
    assert table.sel["count"] == 5
    table.handle("attr", "hacker")
    table.handle("next", "1")
    table.handle("bid", "")
    assert table.state.actions[-1] == {"type": "bid", "count": 5, "attribute": "hacker", "next": 1}
    assert "Vesper" in table.render() and 'id="esp-bubble-0"' in table.render()
    table._apply({"type": "call"})  # Vesper calls (as the bot would, on its turn)
    assert table.reveal_pending
    while table.stepping:  # the showdown's steps, at the bots' pace
        table.tick()
    assert table.pending_delay() is None  # paused for the person, whoever opens next
    html = table.render()
    assert "3 matches + 2 Mercenaries − 2 Traitors = 3" in re.sub(r"<[^>]+>", "", html)
    assert html.count("esp-lit") == 5 and html.count("esp-minus") == 2
    assert html.count("esp-dim") == 12 - 7
    assert all(f'data-card="{c}"' in html for hand in HANDS for c in hand)
    seat0 = re.search(r'<li class="([^"]*)" id="esp-seat-0"', html)
    assert seat0 is not None and "esp-lost" in seat0.group(1)
    rest = html[seat0.end() :]
    assert "−1 Source" in rest and "esp-token-new" in rest
    assert "Next round" in html and 'id="esp-continue"' in html
    assert "You lose a Source" in html
    assert not table.key("Enter")
    assert table.key("n")
    assert not table.reveal_pending
    html = table.render()
    assert "esp-lit" not in html and "Next round" not in html
    # the new round's hand is shown, the old one is gone
    new_hand = table.state.view(0)["hand"]
    assert set(CARD_RE.findall(html)) == set(new_hand)


def test_spot_shows_the_point_gained() -> None:
    table = scripted(first=1)
    assert table.pending_delay() is not None  # the bot opens
    table._apply({"type": "bid", "count": 3, "attribute": "hacker", "next": 0})
    assert table.my_turn
    table.handle("spot", "")
    while table.stepping:  # the count, then the outcome
        table.tick()
    html = table.render()
    assert "esp-scored" in html and "+1 point" in html
    assert "You score a point" in html
    assert table.state is not None and table.state.view(0)["players"][0]["points"] == 1


def test_log_names_the_seats() -> None:
    table = scripted()
    table.handle("attr", "london")
    table.handle("bid", "")
    table._apply({"type": "call"})
    text = " ".join(e.text for e in table.log)
    assert "You: at least 1 spy in London → Vesper" in text
    assert "Vesper calls your “at least 1 spy in London”" in text
    assert "Round 2" in text


# -- the end ----------------------------------------------------------------------------
def test_end_screen_and_play_again_with_the_same_seats() -> None:
    table = started("human", "easy", "hard", names=("Me", "E", "H"))
    play_to_end(table)
    assert table.state is not None
    result = table.state.result
    assert result is not None
    html = table.render()
    assert "Play again" in html and "New table" in html and 'class="esp-scores"' in html
    # the seat the engine says won is named as the winner: heading, crown, reason, log
    winner = result["winners"][0]
    name = table.name(winner)
    heading = re.search(r'<h2 id="esp-end-title">([^<]*)</h2>', html)
    assert heading is not None
    assert heading.group(1) == ("You win!" if winner == 0 else f"{name} wins!")
    crowned = re.findall(r'<tr class="esp-winner"><th scope="row">([^<]*)<span', html)
    assert [c.strip() for c in crowned] == [name]
    reason = re.search(r'<p class="esp-end-reason">([^<]*)</p>', html)
    assert reason is not None and reason.group(1).startswith(f"{name} wins ")
    assert table.log[-1].kind == "end" and table.log[-1].text.startswith(f"{name} wins ")
    points = result["points"]
    if points[winner] >= 3:  # Endgame and victory: 3 points, or the last active Sources
        assert reason.group(1) == f"{name} wins with {points[winner]} points."
    else:
        assert [s for s, n in enumerate(result["sources"]) if n] == [winner]
    assert table.pending_delay() is None
    seats, seed = table.seats, table.state.seed
    table.handle("again", "")
    assert table.state is not None and not table.state.is_over
    assert table.seats == seats
    assert len(table.state.actions) == 0 and table.state.seed != seed
    table.handle("newtable", "")  # no move made in this deal: nothing to ask
    assert table.ctx.confirming is None and table.ctx.goto == "#/espionage/new"


# -- saves ------------------------------------------------------------------------------
def test_resume_from_save_shows_the_same_hands_and_seats() -> None:
    """Deal #7: Kim bids once and the bots answer with bids, so the resumed table is
    mid-round with no showdown to replay: Kim's hand is on it, as it was."""
    storage = MemoryStorage()
    table = EspionageTable(context(storage), seed=7)
    table.submit("start", form("human", "hard", "easy", names=("Kim", "Hal", "Eve")))
    run_bots_until_human(table)
    table.handle("attr", next(a for a, ok in table.panel().attributes().items() if ok))
    table.handle("bid", "")
    run_bots_until_human(table)
    assert table.state is not None
    again = EspionageTable(context(storage))
    assert again.state is not None
    assert again.state.record() == table.state.record()
    assert again.state.view(0)["hand"] == table.state.view(0)["hand"]
    assert [s.name for s in again.seats] == ["Kim", "Hal", "Eve"]
    assert [e.text for e in again.log] == [e.text for e in table.log]
    assert table.state.view(0)["round"] == 1 and table.state.view(0)["revealed"] is None
    assert again.my_turn and not again.reveal_pending
    assert set(CARD_RE.findall(again.render())) == set(table.state.view(0)["hand"])


def test_share_link_state_opens_with_default_seats_on_another_device() -> None:
    state = GAME.new(seed=77, players=3)
    table = EspionageTable(context(), state=state)
    assert [s.kind for s in table.seats] == ["human", "bot", "bot"]
    assert table.ctx.saves.has("espionage")


@pytest.mark.parametrize("raw", ["{not json", json.dumps({"game": "espionage", "format": 1})])
def test_corrupt_save_is_set_aside_and_setup_shown(raw: str) -> None:
    storage = MemoryStorage()
    storage.set("spygames:save:espionage", raw)
    app = App(storage)
    app.route("#/espionage")
    html = app.render()
    assert "could not be opened" in html
    assert "seat the table" in html
    damaged = [s for s in app.ctx.saves.slots() if s.problem]
    assert len(damaged) == 1 and storage.get("spygames:save:espionage") is None
    assert raw in damaged[0].raw or json.loads(damaged[0].raw)["record"] == json.loads(raw)


def test_bad_action_in_save_is_reported() -> None:
    table = started("human", "normal")
    assert table.state is not None
    record = table.state.record()
    record["actions"] = [{"type": "call"}]
    storage = MemoryStorage()
    storage.set("spygames:save:espionage", json.dumps(record))
    again = EspionageTable(context(storage))
    assert again.state is None
    details = again.ctx.saves.take_details()
    (message,) = again.ctx.saves.take_messages()
    assert "action 0" in details[message]  # the engine's words, under Details only
    assert "action 0" not in message
    assert "a new game has started" not in message.lower()  # the seats are still to set
    assert "Seat the table" in message


def test_full_storage_keeps_the_game_going() -> None:
    storage = MemoryStorage(limit=300)
    table = EspionageTable(context(storage))
    table.submit("start", form("human", "normal"))
    assert table.state is not None
    assert table.ctx.saves.failing == "browser storage is full"  # the table's notice says so
    run_bots_until_human(table)
    table.handle("attr", next(a for a, ok in table.panel().attributes().items() if ok))
    table.handle("bid", "")
    assert len(table.state.actions) >= 1


# -- preferences and rules --------------------------------------------------------------
def test_pace_and_odds_are_saved_prefs() -> None:
    table = scripted(first=1)
    assert table.pending_delay() == 0  # the bots first build their tables, in slices
    while table.pending_delay() == 0:
        table.tick()
    assert table.pending_delay() == 900
    table.handle("pace", "fast")
    assert table.pending_delay() == 350
    table.handle("pace", "slow")
    assert table.pending_delay() == 1600
    assert table.ctx.saves.pref("espionage-pace") == "slow"
    table._apply({"type": "bid", "count": 3, "attribute": "hacker", "next": 0})
    assert "esp-odds-line" not in table.render()
    table.handle("odds", "")
    html = table.render()
    assert table.ctx.saves.pref("espionage-odds") == "1"
    assert 'id="esp-odds-line"' in html and "it holds" in html and "exactly right" in html


def test_rules_have_a_worked_example_with_cards() -> None:
    html = EspionageTable.rules_html()
    assert "3 + 1 − 1 = 3" in html
    assert html.count("data-card=") == 8
    assert "Mercenar" in html and "Traitor" in html
    table = scripted()
    table.handle("rules", "")
    assert 'id="esp-rules-panel"' in table.render()


def bid_five_hackers_then_vesper_calls(table: EspionageTable) -> None:
    table.handle("count", "+")
    for _ in range(3):
        table.handle("count", "+")
    table.handle("attr", "hacker")
    table.handle("next", "1")
    table.handle("bid", "")
    table._apply({"type": "call"})  # Vesper calls, as the bot would on its turn


def count_line(html: str) -> str:
    found = re.search(r'id="esp-count-line">(.*?)</p>', html)
    assert found is not None
    return re.sub(r"<[^>]+>", "", found.group(1))


def test_the_showdown_shows_its_steps_in_order_and_holds_the_round() -> None:
    """Issue 11, item 5: the hands, then the count a piece at a time, then the outcome,
    one step per beat of the bots' pace; the header and the log still say round 1 (and
    keep the outcome back) until the count is done and the person moves on."""
    table = scripted()
    bid_five_hackers_then_vesper_calls(table)
    lines, delays = [], []
    while table.stepping:
        delays.append(table.pending_delay())
        html = table.render()
        plain = re.sub(r"<[^>]+>", "", html)
        assert "Round 1 · 12 cards dealt" in plain and "Round 2" not in plain
        assert "esp-lost" not in html and "You lose a Source" not in plain
        assert all(f'data-card="{c}"' in html for hand in HANDS for c in hand)
        lines.append(count_line(html))
        if len(lines) == 1:
            assert "esp-lit" not in html  # the hands first, nothing counted yet
        table.tick()
    assert delays == [900] * 5  # the "normal" pace, one beat a step
    assert lines == [
        "Counting…",
        "3 matches",
        "3 matches + 2 Mercenaries",
        "3 matches + 2 Mercenaries − 2 Traitors",
        "3 matches + 2 Mercenaries − 2 Traitors = 3",
    ]
    html = table.render()
    plain = re.sub(r"<[^>]+>", "", html)
    assert "The bid fails. You lose a Source" in plain and "esp-lost" in html
    assert "Round 1 ·" in plain and "Round 2" not in plain  # held until the person moves on
    assert table.pending_delay() is None
    table.handle("continue", "")
    plain = re.sub(r"<[^>]+>", "", table.render())
    assert "Round 2 ·" in plain and "Round 2 — " in plain


def test_continue_skips_the_showdown_and_reduced_motion_shows_it_whole() -> None:
    table = scripted()
    bid_five_hackers_then_vesper_calls(table)
    table.tick()
    assert table.stepping and table.steps.shown == 2
    table.handle("continue", "")  # skips the rest of the count and moves on
    assert not table.stepping and not table.reveal_pending
    assert "Round 2 ·" in re.sub(r"<[^>]+>", "", table.render())

    calm = scripted()
    calm.ctx.reduced_motion = True
    bid_five_hackers_then_vesper_calls(calm)
    assert calm.reveal_pending and not calm.stepping  # every step at once, no animation
    html = calm.render()
    assert count_line(html) == "3 matches + 2 Mercenaries − 2 Traitors = 3"
    assert "The bid fails" in html and 'id="esp-continue"' in html


def test_each_bot_move_is_announced_once_in_words() -> None:
    """Issue 11, item 5: bot bids reach a screen reader in words: each move's log line
    (which the page announces, web/page.mjs) says "Rook bids at least 2 Faces, to Ann."
    to the ear where it draws "Rook: at least 2 Faces → Ann"."""
    table = started("human", "normal", "easy", names=("Ann", "Rook", "Cy"))
    bot_moves = 0
    for _ in range(300):
        state = table.state
        assert state is not None
        if state.is_over or len(state.actions) > 30:
            break
        if table.holding_showdown:
            table.handle("continue", "")
        elif table.my_turn:
            panel = table.panel()
            table.handle("attr", next(a for a, ok in panel.attributes().items() if ok))
            table.handle("bid", "")
        elif table.pending_delay() is not None:
            actor, before, lines = state.to_play[0], len(state.actions), len(table.log)
            table.tick()
            if len(state.actions) > before:
                bot_moves += 1
                action = state.actions[-1]
                said = table.log[lines].said
                if action["type"] == "bid":
                    assert said == (
                        f"{table.name(actor)} bids at least "
                        f"{bid_words(action['count'], action['attribute'])}, "
                        f"to {table.name(action['next'])}."
                    )
                    html = log_html(table.log, "esp")
                    assert f'<span class="sr-only">{said}</span>' in html
                    assert html.count("aria-hidden") == html.count("sr-only")
                else:
                    assert table.log[lines].text.startswith(table.name(actor))
    assert bot_moves >= 3


def test_show_odds_answers_at_once() -> None:
    """Issue 11, item 6: ticking "Show odds" shows something straight away — with no
    attribute picked yet it says what to do to see them."""
    table = scripted()
    assert table.my_turn and table.state is not None and table.state.view(0)["bid"] is None
    assert 'class="esp-odds"' not in table.render()
    table.handle("odds", "")
    html = table.render()
    assert 'id="esp-odds-pick"' in html and "Pick a role, faction or city" in html
    table.handle("attr", "hacker")
    html = table.render()
    assert "esp-odds-pick" not in html and "This bid would hold" in html


def test_the_end_is_worded_from_the_engines_ending() -> None:
    """ "The player who reaches 3 points or is the last player with active Sources
    wins!": the engine says which (`ending`; its threshold is tested in the rules), the
    table words it — even when the last one active also holds points."""
    names = Narrator(lambda seat: ["You", "Rook", "Vesper"][seat])
    won = {"winners": [1], "points": [0, 3, 1], "ending": "points"}
    assert names.result_text(won) == "Rook wins with 3 points."
    won = {"winners": [0], "points": [3, 2, 2], "ending": "points"}
    assert names.result_text(won) == "You win with 3 points."
    last = {"winners": [1], "points": [2, 2, 0], "ending": "last_active"}
    assert names.result_text(last) == "Rook wins as the last tracker with active Sources."


def test_a_bots_move_is_worked_out_in_slices(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot that needs several slices to decide gets a tick for each (the page paints
    between them), and its move lands once it has one."""
    slices: list[float] = []

    def slow_think(
        self: spygames.Bot, view: dict[str, object], legal: list[dict[str, object]], slice_s: float
    ) -> object:
        for _ in range(3):
            slices.append(slice_s)
            yield None
        yield self.advise(view, legal)

    monkeypatch.setattr(type(GAME.bot("normal", seed=1)), "think", slow_think)
    table = started("human", "normal", seed=7)
    assert table.state is not None
    if table.state.to_play == [0]:  # your turn first: hand it to the bot
        bid = next(a for a in table.state.legal_actions() if a["type"] == "bid")
        table._apply(bid)
    moves = len(table.state.actions)
    table.tick()  # the bots get ready
    for _ in range(3):
        table.tick()
        assert len(table.state.actions) == moves and table.pending_delay() == 0
    table.tick()
    assert len(table.state.actions) == moves + 1 and len(slices) == 3
