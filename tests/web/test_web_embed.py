"""Demos, embeds and replays on CPython, driven as the page drives them: the demo player
(Rules page and embed alike), the Embed snippet, the embed frame that saves nothing, and
replays that only show what the chosen seat could see."""

from __future__ import annotations

import importlib.util
import json
import re
from html import unescape
from pathlib import Path

import pytest
from drivers.embed import finished
from spyweb.app import App
from spyweb.browser import links
from spyweb.browser.links import replay_route
from spyweb.browser.store import MemoryStorage, Saves
from spyweb.embed import DemoFrame, EmbedApp, MessageFrame, ReplayFrame, frames_html
from spyweb.games.deck_of_spies.table import DeckOfSpiesTable
from spyweb.games.espionage.table import EspionageTable
from spyweb.screens.demos import DemoPlayer
from spyweb.screens.replay import Replayer, ReplayScreen
from spyweb.screens.rules import RulesScreen
from spyweb.screens.saved import SavedGamesScreen
from spyweb.screens.snippet import embed_url, snippet
from spyweb.tables.position import view_for
from spyweb.tables.screen import Context

import spygames

CARD = re.compile(r'data-card="([^"]+)"')
SITE = "https://example.github.io/spygames/"
ROOT = Path(__file__).resolve().parents[2]


def disabled(html: str, id_: str) -> bool:
    button = re.search(rf'<button[^>]*id="{id_}"[^>]*>', html)
    assert button is not None, id_
    return " disabled" in button.group(0)


# -- the demo player ---------------------------------------------------------------------
def test_the_player_steps_back_and_forth_and_plays_to_the_end() -> None:
    player = DemoPlayer(spygames.get_demo("dos-retire"))
    assert player.step == 0 and disabled(player.render(), "demo-back")
    player.handle("demo-next", "")
    player.handle("demo-next", "")
    assert player.step == 2 and 'data-step="2"' in player.render()
    player.handle("demo-back", "")
    assert player.step == 1
    player.handle("demo-play", "")
    assert player.playing and player.pending_delay()
    while player.pending_delay() is not None:
        player.tick()
    assert player.step == player.last and not player.playing
    assert disabled(player.render(), "demo-next")
    player.handle("demo-restart", "")
    assert player.step == 0
    assert player.key("ArrowRight") and player.step == 1


def test_a_refused_step_shows_the_engines_reason_and_the_cards_tried() -> None:
    player = DemoPlayer(spygames.get_demo("dos-necessary"), step=1)
    html = player.render()
    assert "Refused" in html and "The 2♣ is not needed." in unescape(html)
    tried = re.findall(r'class="pcard [^"]*selected[^"]*"', html)
    assert len(tried) == 3  # 2♣ 3♥ 4♠ lifted in the hand
    assert player.state().record()["actions"] == []  # nothing was played


def test_espionage_demo_shows_one_hand_until_the_call_shows_them_all() -> None:
    demo = spygames.get_demo("esp-call")
    player = DemoPlayer(demo)
    mine = set(demo.setup["hands"][0])  # type: ignore[index]
    assert set(CARD.findall(player.render())) == mine
    player.go(2)  # the call: every hand is shown, and counted
    html = unescape(player.render())
    assert set(CARD.findall(html)) == mine | set(demo.setup["hands"][1])  # type: ignore[index]
    assert "4 matches + 1 Mercenary − 1 Traitor = 4" in re.sub("<[^>]+>", "", html)
    player.go(3)  # the next round: hidden again
    assert not set(CARD.findall(player.render())) & set(demo.setup["hands"][1])  # type: ignore[index]


def test_try_it_is_offered_until_the_game_is_over() -> None:
    player = DemoPlayer(spygames.get_demo("dos-winning"))
    assert player.can_try
    player.go(player.last)
    assert not player.can_try and disabled(player.render(), "demo-try")
    assert "The game is over at this step" in player.render()


# -- the Rules page ------------------------------------------------------------------------
def test_rules_page_shows_the_games_demos_and_an_embed_snippet() -> None:
    app = App(MemoryStorage(), base_url=SITE)
    app.route("#/deck-of-spies/rules/dos-necessary")
    screen = app.screen
    assert isinstance(screen, RulesScreen)
    html = app.render()
    assert 'data-demo="dos-necessary"' in html and "See it played" in html
    for demo in spygames.all_demos("deck-of-spies"):
        assert f'id="demo-pick-{demo.id}"' in html
    app.click("demo-next", "")
    assert "Refused" in app.render()
    app.click("embed", "")
    html = unescape(app.render())
    code = re.search(r'<textarea id="embed-snippet"[^>]*>(.*?)</textarea>', html, re.S)
    assert code is not None
    iframe = code.group(1)
    assert f'src="{SITE}embed.html#/demo/dos-necessary"' in iframe
    assert 'title="Deck of Spies rules demo: No unnecessary card"' in iframe
    assert 'loading="lazy"' in iframe and 'width="' in iframe and 'height="' in iframe
    app.click("copy-embed", iframe)
    assert app.take_effects() == [("copy", iframe, "embed-snippet")]
    app.effect_done("copy-embed", True)
    assert "paste it into your page" in app.render()
    app.click("demo-pick", "dos-winning")
    assert 'data-demo="dos-winning"' in app.render()


def test_rules_try_it_plays_here_saves_nothing_and_keep_this_game_saves_it() -> None:
    """Issue 20, point 9: Try it on the Rules page plays as the embed does and adds no save;
    Keep this game puts it under Saved games, the game in progress staying there too."""
    storage = MemoryStorage()
    app = App(storage)
    app.route("#/deck-of-spies/deal/5")
    for card in ("3S", "4S"):  # a game in progress, then the Rules page
        app.click("pick", card)
    app.click("counter", "")
    kept = app.ctx.saves.current_id("deck-of-spies")
    assert kept is not None and app.ctx.saves.slot(kept).moves == 1  # type: ignore[union-attr]
    before = {key: storage.get(key) for key in storage.list_keys()}
    app.route("#/deck-of-spies/rules/dos-counter")
    screen = app.screen
    assert isinstance(screen, RulesScreen)
    app.take_navigation()
    app.click("demo-try", "")
    assert app.take_navigation() == (None, None)
    html = app.render()
    assert 'id="demo-live"' in html and 'id="demo-keep"' in html and "not saved" in html
    for card in ("3H", "4S"):
        app.click("pick", card)
    app.click("counter", "")
    live = screen.live
    assert isinstance(live, DeckOfSpiesTable)
    assert live.state.record()["actions"] == [{"type": "counter", "cards": ["3H", "4S"]}]
    assert {key: storage.get(key) for key in storage.list_keys()} == before
    app.click("demo-again", "")  # a fresh start from the same step, once confirmed
    assert app.ctx.confirming is not None and "not saved" in app.render()
    app.click("confirm-no", "")
    assert screen.live is live and len(live.state.record()["actions"]) == 1
    app.click("demo-again", "")
    app.click("confirm-yes", "")
    assert screen.live is not None and screen.live.state.record()["actions"] == []
    app.click("demo-leave", "")  # nothing played since: nothing to ask
    assert app.ctx.confirming is None and screen.live is None
    app.click("demo-try", "")
    for card in ("3H", "4S"):
        app.click("pick", card)
    app.click("counter", "")
    app.click("demo-keep", "")
    target, _ = app.take_navigation()
    assert target == "#/deck-of-spies"
    app.route(target)
    table = app.screen
    assert isinstance(table, DeckOfSpiesTable)
    assert table.state.record()["actions"] == [{"type": "counter", "cards": ["3H", "4S"]}]
    assert app.ctx.saves.current_id("deck-of-spies") != kept
    assert kept is not None and app.ctx.saves.slot(kept) is not None  # still under Saved games


@pytest.mark.parametrize("game_id", ["deck-of-spies", "espionage", "spynet"])
def test_a_game_tried_from_any_demo_runs_its_bots_in_memory_only(game_id: str) -> None:
    storage = MemoryStorage()
    app = App(storage)
    app.route(f"#/{game_id}/rules")
    before = sorted(storage.list_keys())
    app.click("demo-try", "")
    screen = app.screen
    assert isinstance(screen, RulesScreen) and screen.live is not None
    for _ in range(40):  # the bots' moves, if a bot is to play
        if app.screen.pending_delay() is None:
            break
        app.tick()
        app.render()
    assert screen.live is not None and screen.live.state is not None
    assert sorted(storage.list_keys()) == before
    assert [s.id for s in screen.scratch.slots()] == [screen.live.slot]
    record = screen.live.state.record()
    bots = [not seat.is_human for seat in getattr(screen.live, "seats", [])]
    app.click("demo-leave", "")
    assert screen.live is None and 'id="demo-try"' in app.render()
    app.click("demo-try", "")
    for _ in range(40):
        if app.screen.pending_delay() is None:
            break
        app.tick()
    app.click("demo-keep", "")
    target, _ = app.take_navigation()
    assert target == f"#/{game_id}"
    app.route(target)
    table = app.screen
    assert table.state is not None and table.state.record() == record  # type: ignore[attr-defined]
    assert [not seat.is_human for seat in getattr(table, "seats", [])] == bots
    assert game_id == "deck-of-spies" or any(bots)


def test_unknown_demo_on_the_rules_page_says_so() -> None:
    app = App(MemoryStorage())
    app.route("#/espionage/rules/nope")
    assert "no demo called “nope”" in app.render()
    assert 'data-demo="esp-bid-raise"' in app.render()


# -- the embed frame -----------------------------------------------------------------------
def test_embed_frames_are_the_pages_the_build_writes() -> None:
    for demo in spygames.all_demos():
        pages = frames_html(demo.id)
        assert len(pages) == len(demo.steps)
        app = EmbedApp()
        app.route(f"#/demo/{demo.id}")
        assert app.render() == pages[0]
        assert "topbar" not in pages[0] and "spygames ↗" in pages[0]


def test_embed_never_saves_and_never_leaves_its_address() -> None:
    app = EmbedApp(base_url=SITE + "embed.html")
    assert isinstance(app.ctx.saves.storage, MemoryStorage)
    app.route("#/demo/dos-counter")
    app.resume(1, pressed="demo-try")  # Python started after the reader pressed Try it
    screen = app.screen
    assert isinstance(screen, DemoFrame) and screen.live is not None
    assert app.take_navigation() == (None, None)
    live = screen.live
    assert isinstance(live, DeckOfSpiesTable)
    action = live.state.legal_actions()[0]
    for card in action.get("cards", []):
        app.click("pick", card)
    app.click(action["type"], "")
    assert len(live.state.actions) == 2 and 'id="demo-live"' in app.render()
    assert app.take_navigation() == (None, None)
    app.click("demo-leave", "")
    assert 'data-step="1"' in app.render()


def test_embed_try_it_in_espionage_is_a_live_game_against_a_bot() -> None:
    app = EmbedApp()
    app.route("#/demo/esp-bid-raise")
    app.click("demo-next", "")  # you have bid; Vesper is to answer
    app.click("demo-try", "")
    screen = app.screen
    assert isinstance(screen, DemoFrame) and isinstance(screen.live, EspionageTable)
    assert [s.name for s in screen.live.seats] == ["You", "Vesper"]
    for _ in range(50):  # the bot answers, in slices
        if screen.live.pending_delay() is None:
            break
        app.tick()
    assert len(screen.live.state.actions) >= 2  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("route", "says"),
    [
        ("#/demo/nope", "no demo called “nope”"),
        ("#/replay/AAAA", "This replay cannot be shown"),
        ("#/elsewhere", "names no demo, no guided game and no replay"),
    ],
)
def test_embed_explains_a_bad_address_inside_the_frame(route: str, says: str) -> None:
    app = EmbedApp()
    app.route(route)
    assert isinstance(app.screen, MessageFrame)
    assert says in app.render() and 'role="alert"' in app.render()


def test_embed_replay_route_and_seat() -> None:
    state = finished("espionage", 4, players=3)
    app = EmbedApp()
    app.route(replay_route(state.record(), 2))
    assert isinstance(app.screen, ReplayFrame)
    assert 'data-seat="2"' in app.render() and "spygames ↗" in app.render()


# -- replays -------------------------------------------------------------------------------
def test_replay_steps_jumps_and_plays_with_the_log_in_step() -> None:
    state = finished("deck-of-spies", 11)
    view = view_for(state.record())
    assert view is not None
    replayer = Replayer(state.record(), view)
    total = len(state.actions)
    assert replayer.move == 0 and f'data-moves="{total}"' in replayer.render()
    replayer.handle("replay-end", "")
    assert replayer.state().is_over and 'data-testid="pos-end"' in replayer.render()
    assert replayer.render().count('class="replay-log-entry"') == total + 1
    replayer.handle("replay-start", "")
    assert replayer.move == 0 and replayer.render().count('class="replay-log-entry"') == 1
    replayer.handle("replay-next", "")
    replayer.handle("replay-next", "")
    assert replayer.state().record()["actions"] == state.actions[:2]
    replayer.handle("replay-back", "")
    assert replayer.state().record()["actions"] == state.actions[:1]
    replayer.submit("replay-goto", {"move": "9"})  # where the 9th move is played
    assert replayer.move == 8 and replayer.state().record()["actions"] == state.actions[:8]
    replayer.handle("replay-jump", "3")
    assert replayer.move == 3 and 'aria-current="step"' in replayer.render()
    replayer.handle("replay-pace", "fast")
    replayer.handle("replay-play", "")
    assert replayer.pending_delay() == 450
    replayer.tick()
    assert replayer.move == 4
    assert replayer.key("End") and replayer.move == total and not replayer.playing


def test_replay_shows_only_what_the_chosen_seat_could_see() -> None:
    state = finished("espionage", 8, players=3)
    record = state.record()
    view = view_for(record)
    assert view is not None
    replayer = Replayer(record, view, seat=1)
    first = spygames.replay(record, upto=0)
    hands = first.view(0)  # seat 0's own cards, which seat 1 may not see
    assert set(CARD.findall(replayer.render())) == set(first.view(1)["hand"])
    assert not set(CARD.findall(replayer.render())) & set(hands["hand"])
    call = next(i for i, a in enumerate(record["actions"]) if a["type"] != "bid") + 1
    replayer.handle("replay-jump", str(call))
    shown = set(CARD.findall(replayer.render()))
    assert set(hands["hand"]) <= shown  # the game itself showed every hand
    replayer.handle("replay-seat", "2")
    assert 'data-seat="2"' in replayer.render()


def test_app_replay_route_embed_sheet_and_bad_link() -> None:
    state = finished("deck-of-spies", 12)
    app = App(MemoryStorage(), base_url=SITE + "index.html")
    app.route(replay_route(state.record()) + "/0/embed")
    assert isinstance(app.screen, ReplayScreen)
    html = unescape(app.render())
    assert f'src="{SITE}embed.html#/replay/{links.encode(state.record())}"' in html
    app.route("#/replay/garbage")
    assert "damaged" in app.render()


def test_end_screens_and_saved_games_offer_replay() -> None:
    storage = MemoryStorage()
    state = finished("deck-of-spies", 13)
    screen = DeckOfSpiesTable(Context(Saves(storage)), state=state)
    html = screen.render()
    route = replay_route(state.record())
    assert f'href="{route}"' in html and f'href="{route}/embed"' in html
    saves = SavedGamesScreen(Context(Saves(storage)))
    slot = saves.ctx.saves.slots()[0]
    assert f'id="replay-{slot.id}"' in saves.render()
    saves.handle("replay", slot.id)
    assert saves.ctx.goto == route
    esp = finished("espionage", 5, players=2)
    table = EspionageTable(Context(Saves(MemoryStorage())), state=esp)
    assert 'id="btn-replay"' in table.render()


def test_snippet_and_embed_url() -> None:
    ctx = Context(Saves(MemoryStorage()), base_url="https://x.io/spygames/index.html?a=1")
    assert embed_url(ctx, "#/demo/d") == "https://x.io/spygames/embed.html#/demo/d"
    code = snippet("https://x.io/e.html#/demo/d", 'A "demo"', 600, 450)
    assert code.startswith('<iframe src="https://x.io/e.html#/demo/d" title="A &quot;demo&quot;"')
    assert 'width="600" height="450" loading="lazy"' in code


def test_the_build_writes_a_light_embed_page_and_each_demos_steps(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "web/tools/build_site.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    downloads = ["./vendor/c.wasm", "./dist/b.whl"]
    # build() writes styles/app.css before the embeds, which take their subset of it
    (tmp_path / "styles").mkdir()
    sheets = sorted((ROOT / "web" / "styles").glob("*.css"))
    (tmp_path / "styles" / "app.css").write_text("\n".join(p.read_text() for p in sheets))
    games = {g: f"app/games/{g}.zip" for g in ("deck-of-spies", "espionage", "spynet")}
    page = build.with_policy((ROOT / "web" / "embed.html").read_text(), "embed.html")
    pseudo = {"en-XA": ["./locale/en-XA.1.mo", "./locale/en-XA.2.json"]}
    count = build.embeds.write(tmp_path, page, downloads, games, pseudo)
    assert count == len(spygames.all_demos())
    assert (tmp_path / "styles" / "embed.css").read_text()
    page = (tmp_path / "embed.html").read_text()
    runtime = json.loads(page.split('id="embed-runtime">')[1].split("</script>")[0])
    assert runtime["page"] == "./page.mjs" and runtime["styles"] == ["./styles/app.css"]
    assert runtime["packed"] == downloads  # requested by Python's worker, as index.html's
    assert build.policy() in page  # the same policy as index.html
    assert runtime.pop("demos") == [demo.id for demo in spygames.all_demos()]
    # each demo's game's archive, by the prefix of its demos' ids (embed.js preloads it)
    assert runtime.pop("games") == {
        "dos": "./app/games/deck-of-spies.zip",
        "esp": "./app/games/espionage.zip",
        "sn": "./app/games/spynet.zip",
    }
    # each guided first game by its game, with the prefix of its game's archive
    assert runtime.pop("guides") == {"deck-of-spies": "dos", "espionage": "esp", "spynet": "sn"}
    # each language's catalogue and words; its demos drawn in embed/<lang>/, in it
    assert runtime.pop("languages") == pseudo
    pseudo_first = (tmp_path / "embed" / "en-XA" / "dos-counter.html").read_text()
    assert "[" in pseudo_first and "Counter" not in pseudo_first
    urls = re.findall(r'(?:src|href)="([^"]+)"', page) + [
        u for v in runtime.values() for u in (v if isinstance(v, list) else [v])
    ]
    assert all(u.startswith(("./", "data:")) for u in urls), urls  # relative: any sub-path
    first_paint = page.split("embed-runtime")[0]  # no runtime, no Python, until a press
    assert "page.mjs" not in first_paint and "worker.mjs" not in first_paint
    for demo in spygames.all_demos():
        first = (tmp_path / "embed" / f"{demo.id}.html").read_text()
        steps = json.loads((tmp_path / "embed" / f"{demo.id}.json").read_text())["steps"]
        assert steps[0] == first and len(steps) == len(demo.steps)
        assert len(first.encode()) < 20_000  # a few KB to show the first step
    for game_id in ("deck-of-spies", "espionage", "spynet"):
        first = (tmp_path / "embed" / f"learn-{game_id}.html").read_text()
        assert 'id="guide-say"' in first and 'data-guide="next"' in first
        assert len(first.encode()) < 60_000, game_id  # the first step, with the whole table


def test_the_embedding_docs_list_every_demo() -> None:
    docs = (ROOT / "docs" / "embedding.md").read_text()
    for demo in spygames.all_demos():
        assert f"`embed.html#/demo/{demo.id}`" in docs, demo.id


def test_a_demo_that_cannot_be_shown_is_reported_not_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    def lie(self: spygames.Demo) -> list[spygames.demos.Frame]:
        raise spygames.DemoError(f"demo {self.id!r}, step 1: the engine refuses it")

    monkeypatch.setattr(spygames.Demo, "run", lie)
    app = EmbedApp()
    app.route("#/demo/dos-counter")
    assert isinstance(app.screen, MessageFrame) and "engine refuses it" in app.render()
    rules = App(MemoryStorage())
    rules.route("#/deck-of-spies/rules")
    assert "cannot be shown" in rules.render() and "Deck of Spies" in rules.render()


def test_embed_new_game_promises_no_saved_games() -> None:
    """An embed keeps nothing: leaving its game says it will be gone, never "kept under
    Saved games", and no "Your other game is kept" follows."""
    app = EmbedApp()
    app.route("#/demo/dos-counter")
    app.click("demo-try", "")
    screen = app.screen
    assert isinstance(screen, DemoFrame) and isinstance(screen.live, DeckOfSpiesTable)
    live = screen.live
    action = live.state.legal_actions()[0]
    for card in action.get("cards", []):
        app.click("pick", card)
    app.click(action["type"], "")
    assert live.in_progress
    app.click("new", "")
    html = unescape(app.render())
    assert 'role="alertdialog"' in html and "Saved games" not in html
    assert "will be gone" in html
    app.click("confirm-yes", "")
    assert "Saved games" not in unescape(app.render())


def test_the_site_still_says_a_game_is_kept_under_saved_games() -> None:
    app = App(MemoryStorage())
    app.route("#/deck-of-spies/deal/5")
    screen = app.screen
    assert isinstance(screen, DeckOfSpiesTable)
    action = screen.state.legal_actions()[0]
    for card in action.get("cards", []):
        app.click("pick", card)
    app.click(action["type"], "")
    app.click("new", "")
    assert "kept under Saved games" in unescape(app.render())
