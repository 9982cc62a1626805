"""A fourth game through its two declarations alone (issue 48): Dead Drop
(tests/drivers/fourth_game.py) is declared to the engine by its `Game`
(`spygames.register`) and to the app by its one record (`spyweb.catalogue.add`), and with
nothing else the home page, its seats form, its table, Saved games, its Rules page, its
replay, its review and the Bot Lab's list all offer it, driven here as the page drives the
App. Registered for each test that asks for it and taken out after, so no other test sees
it."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import people
import pytest
from drivers.fourth_game import GAME_ID, UI, DeadDrop, DeadDropPosition, DeadDropTable
from spyweb import catalogue
from spyweb.app import App
from spyweb.browser import links
from spyweb.browser.store import MemoryStorage
from spyweb.gameui import GameUI
from spyweb.screens.home import HomeScreen, preboot_html
from spyweb.screens.replay import ReplayScreen
from spyweb.screens.review import ReviewScreen
from spyweb.screens.rules import RulesScreen
from spyweb.screens.saved import SavedGamesScreen

import spygames

ROOT = Path(__file__).resolve().parents[2]
SEATED = {"players": "2", "seat0-name": "Ann", "seat0-kind": "human",
          "seat1-name": "Moth", "seat1-kind": "hard"}  # fmt: skip
DEAL = 7  # a drop of 11 microfilms


@pytest.fixture
def dead_drop(monkeypatch: pytest.MonkeyPatch) -> Iterator[GameUI]:
    """Dead Drop, declared to the engine and to the app for this test only."""
    monkeypatch.setattr(spygames.GAMES, "_games", dict(spygames.GAMES._games))
    spygames.register(DeadDrop())
    records = dict(catalogue.RECORDS)
    try:
        yield catalogue.add(UI)
    finally:
        catalogue.RECORDS.clear()
        catalogue.RECORDS.update(records)


def follow(app: App) -> None:
    """Go where the screen sent the page (`ctx.goto`), as the page does."""
    goto, app.ctx.goto = app.ctx.goto, None
    if goto is not None:
        app.route(goto)


def seat_the_table(
    app: App, values: dict[str, str] = SEATED, address: str = f"#/{GAME_ID}/deal/{DEAL}"
) -> DeadDropTable:
    """The seats form at `address` (deal #DEAL's; the home page's New game opens a fresh
    deal's), sent with `values`: the table, as the page opens it next (a reload too)."""
    app.route(address)
    table = app.screen
    assert isinstance(table, DeadDropTable) and table.state is None
    assert 'id="dd-setup-form"' in app.render()
    app.submit("start", values)
    assert table.state is not None and table.slot is not None
    assert app.ctx.goto == f"#/{GAME_ID}"  # the table's own address: a reload resumes it
    follow(app)
    resumed = app.screen
    assert isinstance(resumed, DeadDropTable) and resumed.slot == table.slot
    assert resumed.state is not None and resumed.state.record() == table.state.record()
    return resumed


def play(app: App, moves: int = 100) -> None:
    """Play on at the table as a person does (the first Lift button each turn), the bots
    at their pace, until `moves` more moves of the person's or the game's end."""
    for _ in range(500):
        if app.pending_delay() is not None:
            app.tick()
            continue
        lifts = re.findall(r'data-act="lift" data-arg="(\d)"', app.render())
        if not lifts or moves == 0:
            return
        app.click("lift", lifts[0])
        moves -= 1
    raise AssertionError("the game did not end")


def finished_game(app: App) -> DeadDropTable:
    table = seat_the_table(app)
    play(app)
    assert table.state is not None and table.state.is_over
    return table


def test_the_home_page_offers_it_once_declared(dead_drop: GameUI) -> None:
    app = App(MemoryStorage())
    html = app.render()
    assert isinstance(app.screen, HomeScreen)
    tile = re.search(rf'<article class="tile" data-game="{GAME_ID}">.*?</article>', html)
    assert tile is not None, "no tile"
    for said in ("Dead Drop", "2–4 players", UI.pitch, UI.emblem):
        assert said in tile.group(0)
    assert f'href="#/{GAME_ID}/new"' in tile.group(0)
    assert f'href="#/{GAME_ID}/rules"' in tile.group(0)
    # after the shipped games, as the engine lists it
    assert html.count("<article") == 4 and html.rindex("<article") == tile.start()


def test_undeclared_it_is_nowhere() -> None:
    """Without the fixture the game is not offered: the declarations do not leak."""
    assert GAME_ID not in spygames.GAMES and GAME_ID not in catalogue.RECORDS
    app = App(MemoryStorage())
    assert GAME_ID not in app.render() and app.render() == preboot_html()
    assert GAME_ID not in [game["id"] for game in people.lab_games()]
    app.route(f"#/{GAME_ID}/new")
    assert isinstance(app.screen, HomeScreen) and "no page" in app.render()


def test_the_app_takes_no_record_of_a_game_the_engine_lacks() -> None:
    with pytest.raises(LookupError, match=r"spygames\.register"):
        catalogue.add(UI)
    assert GAME_ID not in catalogue.RECORDS


def test_its_seats_form_seats_people_and_bots(dead_drop: GameUI) -> None:
    app = App(MemoryStorage())
    app.route(f"#/{GAME_ID}/new")
    html = app.render()
    assert 'id="dd-players"' in html and 'id="dd-seat1-kind"' in html
    app.submit("start", {**SEATED, "seat0-kind": "hard"})  # nobody to play against the bots
    assert "Make at least one seat a person" in app.render()
    three = {**SEATED, "players": "3", "seat2-kind": "easy"}
    table = seat_the_table(app, three, f"#/{GAME_ID}/new")
    assert table.state is not None and table.state.players == 3
    assert [s.name for s in table.seats] == ["Ann", "Moth", "Agent Wren"]
    assert [s.level for s in table.seats if not s.is_human] == ["hard", "easy"]


def test_a_game_is_played_to_its_end_at_its_table(dead_drop: GameUI) -> None:
    app = App(MemoryStorage())
    table = finished_game(app)
    assert table.state is not None and table.state.actors
    html = app.render()
    winner = table.seats[table.state.actors[-1]].name
    assert f"{winner} lifted the last microfilm." in html
    assert 'data-left="0"' in html and 'id="dd-replay"' in html
    assert 'data-act="lift"' not in html
    log = re.findall(r'<li class="dd-log-move" data-n="\d+">([^<]+)</li>', html)
    assert len(log) == len(table.state.actions) and log[0].startswith(winner)  # newest first
    app.route("#/stats")  # the game that ended counts in its own card
    card = re.search(
        rf'<section class="stats-card" data-game="{GAME_ID}".*?</section>', app.render()
    )
    assert card is not None and '<dd data-stat="played">1</dd>' in card.group(0)


def test_saved_games_lists_it_and_opens_it_again(dead_drop: GameUI) -> None:
    app = App(MemoryStorage())
    playing = seat_the_table(app)
    play(app, moves=1)
    assert playing.state is not None and not playing.state.is_over
    moves = len(playing.state.actions)
    app.route("#/saves")
    assert isinstance(app.screen, SavedGamesScreen)
    html = app.render()
    row = re.search(rf'<li class="saves-row" data-slot="([^"]+)" data-game="{GAME_ID}">', html)
    assert row is not None and "<strong>Dead Drop · on the table</strong>" in html
    assert "Ann, Moth (hard)" in html and "microfilms left" in html
    app.route("#/")  # and the home page offers to continue it
    assert f'data-testid="continue-{GAME_ID}"' in app.render()
    app.route("#/saves")
    app.click("continue", row.group(1))
    follow(app)
    again = app.screen
    assert isinstance(again, DeadDropTable) and again is not playing
    assert again.slot == row.group(1) and again.state is not None
    assert len(again.state.actions) == moves and again.state.seed == playing.state.seed
    assert [s.name for s in again.seats] == ["Ann", "Moth"]
    play(app)  # on to the end: the game is listed as finished
    app.route("#/saves")
    html = app.render()
    finished = html[html.index('id="saves-finished"') :]
    assert f'data-game="{GAME_ID}"' in finished and f'id="replay-{row.group(1)}"' in finished


def test_its_rules_page_opens(dead_drop: GameUI) -> None:
    app = App(MemoryStorage())
    app.route(f"#/{GAME_ID}/rules")
    assert isinstance(app.screen, RulesScreen)
    html = app.render()
    assert "Dead Drop: how to play" in html and "Whoever lifts the last one wins." in html
    assert f'href="#/{GAME_ID}">Play Dead Drop</a>' in html


def test_its_replay_opens_and_steps(dead_drop: GameUI) -> None:
    app = App(MemoryStorage())
    table = finished_game(app)
    assert table.state is not None
    record = table.state.record()
    app.route("#/saves")
    app.click("replay", str(table.slot))
    follow(app)
    replay = app.screen
    assert isinstance(replay, ReplayScreen) and replay.replayer.record == record
    html = app.render()
    assert f"Replay · Dead Drop · deal #{DEAL}" in html and 'data-move="0"' in html
    assert 'data-left="11"' in html and "Ann lifts" not in html
    app.click("replay-next", "")
    html = app.render()
    assert 'data-move="1"' in html and 'data-left="10"' in html and "Ann lifts 1" in html
    app.click("replay-end", "")
    html = app.render()
    assert f'data-move="{len(record["actions"])}"' in html and 'data-left="0"' in html
    app.click("replay-seat", "1")  # watched as the bot's seat
    assert replay.replayer.seat == 1


def test_the_review_runs_on_it_with_its_bots(dead_drop: GameUI) -> None:
    app = App(MemoryStorage())
    table = finished_game(app)
    assert table.state is not None
    app.route("#/review/" + links.encode(table.state.record()))
    review = app.screen
    assert isinstance(review, ReviewScreen)
    for _ in range(200):
        if not review.working:
            break
        app.tick()
    html = app.render()
    assert review.finished and 'data-state="done"' in html and "Review · Dead Drop" in html
    # Deal #7: 11 microfilms. Ann lifts 1 each time; the hard bot (the Hint) would have
    # left 8 at once, and had nothing better than 1 at 8 and at 4.
    rows = [(row.move, row.played, row.advised, row.cost) for row in review.rows]
    assert rows == [(0, "Lift 1", "Lift 3", 1.0), (2, "Lift 1", "Lift 1", 0.0),
                    (4, "Lift 1", "Lift 1", 0.0)]  # fmt: skip
    assert [row.why for row in review.rows] == ["Leave a multiple of four.", "Wait.", "Wait."]
    assert "Leave a multiple of four." in html and 'data-act="review-show" data-arg="0"' in html


def test_the_labs_list_offers_it(dead_drop: GameUI, tmp_path: Path) -> None:
    games = people.lab_games()
    assert [game["id"] for game in games] == ["espionage", "deck-of-spies", "spynet", GAME_ID]
    assert games[-1] == {"id": GAME_ID, "name": "Dead Drop", "min": 2, "max": 4, "think": {}}
    lab = tmp_path / "lab"
    shutil.copytree(ROOT / "web" / "lab", lab, ignore=shutil.ignore_patterns("__pycache__"))
    people.write_lab_games(lab)
    page = (lab / "index.html").read_text()
    assert f'<option value="{GAME_ID}">Dead Drop</option>' in page
    assert f'"id": "{GAME_ID}"' in (lab / "embed.html").read_text()


def test_its_positions_draw_a_record_without_its_table(dead_drop: GameUI) -> None:
    """The record's `position` is what replays and reviews draw, each seat's view."""
    state = spygames.get_game(GAME_ID).new(seed=5, players=2)
    state.apply({"type": "lift", "count": 2})
    view = DeadDropPosition(state.record(), ["Ann", "Moth"])
    assert view.move_lines() == [["Ann lifts 2"]]
    assert f'data-left="{state.view(0)["left"]}"' in view.render(state, 1)
    assert "Moth to lift." in view.render(state, 0)
