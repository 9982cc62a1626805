"""The SpyNet table on CPython, driven exactly as the page drives it: setup, the deploy
panel offering only legal moves (and the engine's reasons), effects, pass-and-play
secrecy, the log, saves, share links and the end screen.

Cards are chosen by what they are (an eliminating agent, a one-branch mission...) from
the engine's data, never by id, so the tests hold while the card set is tuned."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from drivers.spynet import (
    GAME,
    click_action,
    context,
    find,
    form,
    run_bots,
    scripted,
    seat,
    spare,
    started,
)
from spyweb.app import App
from spyweb.browser import links
from spyweb.browser.store import MemoryStorage
from spyweb.catalogue import screen_class
from spyweb.games.spynet import gallery
from spyweb.games.spynet import table as spynet_table
from spyweb.games.spynet import tableau as spynet_tableau
from spyweb.games.spynet.model import CARD, DeployChoices, EffectChoices, public
from spyweb.games.spynet.table import SpyNetTable
from spyweb.games.spynet.who import Who
from spyweb.screens.rules import RulesScreen

import spygames

CARD_RE = re.compile(r'data-card="([^"]+)"')


# -- setup ------------------------------------------------------------------------------
def test_registered_routed_and_on_the_home_page() -> None:
    assert screen_class("spynet") is SpyNetTable
    app = App(MemoryStorage())
    app.route("#/")
    assert 'href="#/spynet/new"' in app.render()
    app.route("#/spynet")
    assert isinstance(app.screen, SpyNetTable)
    assert "seat the table" in app.render()


def test_setup_seats_teams_and_situation_go_into_the_record() -> None:
    ctx = context()
    table = SpyNetTable(ctx, seed=31)
    html = table.render()
    assert 'id="sn-setup-form"' in html and html.count('class="setup-seat"') == 4
    assert "White team" in html and 'id="sn-situation"' in html
    situation = find_situation()
    table.submit(
        "start",
        form(
            "human", "hard", "human", "easy", names=("Ann", "Rook", "Cy", ""), situation=situation
        ),
    )
    state = table.state
    assert state is not None and state.players == 4 and state.seed == 31
    assert state.options["situation"] == situation
    assert [s["name"] for s in state.options["seats"]] == ["Ann", "Rook", "Cy", "Agent Heron"]
    assert {i: b.level for i, b in table.bots.items()} == {1: "hard", 3: "easy"}
    assert ctx.goto == "#/spynet" and ctx.saves.has("spynet")
    html = table.render()
    assert 'id="sn-table"' in html and "White team" in html and "Black team" in html
    # the next setup offers the same table and situation
    fresh = SpyNetTable(context(ctx.saves.storage))  # type: ignore[arg-type]
    fresh.handle("newtable", "")
    assert [s.name for s in fresh.setup_seats] == ["Ann", "Rook", "Cy", "Agent Heron"]
    assert fresh.setup_situation == situation


def find_situation() -> str:
    from spyweb.games.spynet.model import SITUATIONS

    return str(SITUATIONS[0]["id"])


@pytest.mark.parametrize(
    ("values", "problem"),
    [
        (form("easy", "hard"), "at least one seat a person"),
        ({"players": "5"}, "2, 3 or 4"),
    ],
)
def test_setup_refuses_a_table_it_cannot_play(values: dict[str, str], problem: str) -> None:
    ctx = context()
    table = SpyNetTable(ctx)
    table.submit("start", values)
    assert table.state is None and any(problem in m for m in ctx.messages)


def test_a_record_without_seats_opens_with_people_in_every_seat() -> None:
    state = GAME.new(seed=3, players=3)
    table = SpyNetTable(context(), state=state)
    assert [s.name for s in table.seats] == ["Player 1", "Player 2", "Player 3"]
    assert table.pass_and_play and "Something went wrong" not in table.render()


# -- the deploy panel only offers legal moves -----------------------------------------
def positions(count: int = 40) -> list[spygames.State]:
    """Deploy positions from random games at 2–4 players, some under a situation."""
    from spyweb.games.spynet.model import SITUATIONS

    rng = random.Random(5)
    out: list[spygames.State] = []
    while len(out) < count:
        players = rng.choice((2, 3, 4))
        situation = rng.choice([None, *(s["id"] for s in SITUATIONS)])
        state = GAME.new(
            seed=rng.randrange(10**6), players=players, options={"situation": situation}
        )
        for _ in range(rng.randrange(10, 120)):
            if state.is_over:
                break
            legal = state.legal_actions()
            if state.view(state.to_play[0])["phase"] == "choose":
                action = {"type": "deploy"} if rng.random() < 0.5 else {"type": "recruit"}
            else:
                action = rng.choice(legal)
            state.apply(action)
            if not state.is_over and state.view(state.to_play[0])["phase"] == "deploy":
                out.append(spygames.replay(state.record()))
    return out


def key(action: dict[str, Any]) -> str:
    if "funding" in action:
        action = {**action, "funding": sorted(action["funding"])}
    return json.dumps(action, sort_keys=True)


def test_deploy_choices_rebuild_exactly_the_legal_actions() -> None:
    for state in positions():
        legal = state.legal_actions()
        choices = DeployChoices.from_legal(legal)
        rebuilt = [
            {"type": "agent", "card": c, "branch": b, "funding": list(f)}
            for c, by in choices.agents.items()
            for b, sets in by.items()
            for f in sets
        ]
        rebuilt += [
            {"type": "mission", "card": c, "branch": b}
            for c, bs in choices.missions.items()
            for b in bs
        ]
        rebuilt += [{"type": "pass", "card": c} for c in choices.passes]
        rebuilt += [{"type": "end_turn"}] if choices.can_end else []
        assert sorted(map(key, rebuilt)) == sorted(map(key, legal))


def test_the_panel_offers_each_card_exactly_its_legal_targets() -> None:
    """Pick every card of the hand: the buttons are the engine's legal plays, and each
    refused branch of a mission shows the engine's own reason."""
    checked = 0
    for state in positions(25):
        seat = state.to_play[0]
        seats = [seat_dict(i, i == seat) for i in range(state.players)]
        record = {**state.record(), "options": {**state.options, "seats": seats}}
        table = SpyNetTable(context(), state=spygames.replay(record))
        assert table.my_turn
        live = table.state
        assert live is not None
        legal = live.legal_actions()
        for card in live.view(seat)["hand"]:
            table.handle("pick", card)
            if table.sel.card != card:
                continue  # a funding card attached to the picked agent instead
            html = table.render()
            info = CARD[card]
            if info["kind"] == "agent":
                offered = set(re.findall(rf'data-arg="{card}@(\w+)"', html))
                plain = {a["branch"] for a in legal if a["type"] == "agent" and a["card"] == card
                         and a["funding"] == []}  # fmt: skip
                assert offered == plain
                checked += 1
            elif info["kind"] == "mission":
                offered = set(re.findall(rf'data-arg="{card}@(\w+)"', html))
                allowed = {
                    a["branch"] for a in legal if a["type"] == "mission" and a["card"] == card
                }
                assert offered == allowed
                for branch in set(info["branches"]) - allowed:
                    reason = live.why_illegal({"type": "mission", "card": card, "branch": branch})
                    assert reason is not None
                    assert f'id="sn-why-{branch}"' in html
                    assert reason[1:] in html.replace("&#x27;", "'")
                checked += 1
            table.handle("clear", "")
    assert checked > 30


def seat_dict(i: int, human: bool) -> dict[str, str]:
    return seat(f"P{i + 1}", "human" if human else "bot")


def test_funding_toggles_change_the_targets_and_power() -> None:
    agent = find("agent", lambda i: len(i["branches"]) == 1 and not i["special"])
    funds = find("funding", n=2)
    table = scripted(
        [seat("Ann"), seat("Bo", "bot")],
        {"first": 0, "hands": [[agent, *funds], []], "deck": spare(agent, *funds)},
    )
    table.handle("deploy", "")
    table.handle("pick", agent)
    branch = CARD[agent]["branches"][0]
    html = table.render()
    assert f"→ {CARD[agent]['power']} <" in html
    table.handle("pick", funds[0])  # a funding card picked with an agent attaches to it
    table.handle("fund", funds[1])
    assert sorted(table.sel.funding) == sorted(funds)
    total = CARD[agent]["power"] + sum(CARD[f]["value"] for f in funds)
    assert f"→ {total} <" in table.render()
    assert f'id="sn-here-{branch}"' in table.render()  # the column is a target too
    table.handle("agent", f"@{branch}")
    state = table.state
    assert state is not None
    played = state.view(0)["tableaus"][0]["agents"][branch][-1]
    assert played["card"] == agent and sorted(played["funding"]) == sorted(funds)
    assert played["power"] == total


def test_a_mission_where_you_do_not_dominate_offers_no_control_and_says_why() -> None:
    mission = find("mission", lambda i: len(i["branches"]) == 1 and not i["condition"])
    branch = CARD[mission]["branches"][0]
    theirs = find("agent", lambda i: i["branches"] == [branch] and i["power"] >= 2)
    # an agent for elsewhere, so that there is something to deploy
    elsewhere = find("agent", lambda i: branch not in i["branches"])
    table = scripted(
        [seat("Ann"), seat("Bo", "bot")],
        {
            "first": 0,
            "hands": [[mission, elsewhere], []],
            "deck": spare(mission),
            "tableaus": [{}, {"agents": {branch: [{"card": theirs, "funding": []}]}}],
        },
    )
    table.handle("deploy", "")
    table.handle("pick", mission)
    html = table.render()
    assert f'data-arg="{mission}@' not in html  # no button anywhere
    assert "you can play a mission only in a branch you dominate now" in html.lower()
    state = table.state
    assert state is not None
    before = state.record()
    table.handle("mission", f"{mission}@{branch}")  # forced, as a crafted click would
    assert state.record() == before
    assert any(
        "That move is not allowed: you can play a mission only in a branch you dominate now" in m
        for m in table.ctx.messages
    )


# -- effects ------------------------------------------------------------------------------
def test_an_effect_asks_for_its_targets_among_the_legal_ones() -> None:
    cleaner = find("agent", lambda i: (i["effect"] or {}).get("kind") == "eliminate")
    limit = CARD[cleaner]["effect"].get("max_power", 99)
    weak = find("agent", lambda i: i["power"] <= limit and not i["special"] and i["id"] != cleaner)
    strong = find("agent", lambda i: i["power"] > limit and not i["special"])
    branch_w, branch_s = CARD[weak]["branches"][0], CARD[strong]["branches"][0]
    table = scripted(
        [seat("Ann"), seat("Bo", "bot")],
        {
            "first": 0,
            "hands": [[cleaner], []],
            "deck": spare(cleaner, weak, strong),
            "tableaus": [
                {},
                {
                    "agents": {
                        branch_w: [{"card": weak, "funding": []}],
                        **({branch_s: [{"card": strong, "funding": []}]} if branch_s != branch_w
                           else {}),
                    }
                },
            ],
        },
    )  # fmt: skip
    table.handle("deploy", "")
    click_action(
        table,
        {"type": "agent", "card": cleaner, "branch": CARD[cleaner]["branches"][0], "funding": []},
    )
    state = table.state
    assert state is not None and state.view(0)["phase"] == "effect"
    html = table.render()
    choices = EffectChoices.from_legal(state.legal_actions())
    assert weak in choices.eliminate
    assert f'id="sn-elim-{weak}"' in html and 'id="sn-skip"' in html
    assert f'id="sn-elim-{strong}"' not in html
    assert 'data-act="target"' in html  # the target is outlined on the table too
    table.handle("target", weak)
    after = state.view(0)
    assert after["phase"] == "deploy" and weak in after["discard"]
    assert "eliminated" in table.log[-1].text


def test_a_bot_making_you_discard_hands_you_the_choice() -> None:
    censor = find("agent", lambda i: (i["effect"] or {}).get("kind") == "discard")
    mine = find("mission", n=2)
    table = scripted(
        [seat("Ann"), seat("Bo", "bot")],
        {"first": 1, "hands": [mine, [censor]], "deck": spare(censor, *mine)},
    )
    state = table.state
    assert state is not None
    # Bo deploys the discarding agent and names Ann, by the engine's own moves
    state.apply({"type": "deploy"})
    state.apply(
        {"type": "agent", "card": censor, "branch": CARD[censor]["branches"][0], "funding": []}
    )
    state.apply({"type": "discard", "seat": 0})
    assert table.my_turn
    html = table.render()
    assert "discard a card" in html
    assert all(f'data-act="discard_card" data-arg="{c}"' in html for c in mine)
    table.handle("discard_card", mine[0])
    assert mine[0] in state.view(0)["discard"]


# -- pass-and-play -----------------------------------------------------------------------
def test_pass_and_play_never_shows_one_person_another_persons_cards() -> None:
    rng = random.Random(4)
    table = started("human", "normal", "human", "human", seed=12, names=("Ann", "Bo", "Cy", "Di"))
    state = table.state
    assert state is not None
    people = {0, 2, 3}
    handoffs = 0
    for _ in range(3000):
        if state.is_over:
            break
        html = table.render()
        shown = set(CARD_RE.findall(html))
        viewer = table.viewer
        for person in people - {viewer}:
            assert not shown & set(state.view(person)["hand"]), person
        for other in range(4):  # a teammate's face-down missions too
            if other != viewer:
                for cards in state.view(other)["tableaus"][other]["missions"].values():
                    assert not shown & set(cards), (viewer, other)
        if table.handoff_needed:
            handoffs += 1
            assert "Pass the device to" in html
            assert not shown & {c for p in people for c in state.view(p)["hand"]}
            table.handle("show-hand", "")
        elif table.pending_delay() is not None:
            table.tick()
        else:
            assert table.my_turn
            click_action(table, rng.choice(state.legal_actions()))
    assert state.is_over and handoffs >= 10


def missions_setup() -> tuple[dict[str, Any], list[str]]:
    """A 4-player setup where each seat already has a mission face down in Field Ops, and
    those missions."""
    missions = find("mission", lambda i: "ops" in i["branches"], n=4)
    agents = find("agent", lambda i: i["branches"] == ["ops"] and not i["special"], n=4)
    setup = {
        "first": 0,
        "hands": [[], [], [], []],
        "deck": spare(*missions),
        "tableaus": [
            {"agents": {"ops": [{"card": a, "funding": []}]}, "missions": {"ops": [m]}}
            for a, m in zip(agents, missions, strict=True)
        ],
    }
    return setup, missions


def four_with_missions(kinds: tuple[str, str, str, str]) -> tuple[SpyNetTable, list[str]]:
    """A 4-player table (Ann, Bo, Cy, Di: Ann and Cy a team) from `missions_setup`."""
    setup, missions = missions_setup()
    names = ("Ann", "Bo", "Cy", "Di")
    return scripted([seat(n, k) for n, k in zip(names, kinds, strict=True)], setup), missions


def test_a_partners_face_down_missions_are_drawn_face_down() -> None:
    """ "You can look at the missions in your tableau at any time"; "You cannot
    communicate directly about cards or strategy": Ann sees her own mission's face and
    only backs for the others' — her partner Cy's included — until the end."""
    table, missions = four_with_missions(("human", "bot", "bot", "bot"))
    html = table.render()
    shown = set(CARD_RE.findall(html))
    assert missions[0] in shown and not shown & set(missions[1:])
    cy = html[html.index('id="sn-tableau-2"') :]
    cy = cy[: cy.index("</section></div></section>")]
    assert "sn-back" in cy and "A face-down mission: only Cy may look at it" in cy
    run_bots(table)  # Ann's turn comes round again, then the game plays on to its end
    rng = random.Random(3)
    state = table.state
    assert state is not None
    while not state.is_over:
        shown = set(CARD_RE.findall(table.render()))
        assert not shown & set(missions[1:])
        click_action(table, rng.choice(state.legal_actions()))
        run_bots(table)
    assert set(missions) <= set(CARD_RE.findall(table.render()))  # the end turns all up


def test_pass_and_play_partners_see_only_their_own_missions() -> None:
    """Ann and Cy, partners, share the device: each sees its own mission's face and the
    partner's back; the screen between their turns shows neither."""
    table, missions = four_with_missions(("human", "bot", "human", "bot"))
    state = table.state
    assert state is not None
    seen = {0: 0, 2: 0}
    for _ in range(400):
        if state.is_over:
            break
        shown = set(CARD_RE.findall(table.render()))
        viewer = table.viewer
        if viewer is None:
            assert not shown & set(missions)
        else:
            mine = state.view(viewer)["tableaus"][viewer]["missions"]["ops"]
            assert missions[viewer] in mine and missions[viewer] in shown
            assert shown & set(missions) == {missions[viewer]}, viewer
            seen[viewer] += 1
        if table.handoff_needed:
            table.handle("show-hand", "")
        elif table.pending_delay() is not None:
            table.tick()
        else:
            actions = state.legal_actions()
            # Deploy is offered only with something to play (else the page says why)
            end = [
                a
                for a in actions
                if a["type"] == "end_turn"
                or (a["type"] == "deploy" and state.nothing_to_deploy() is None)
            ]
            click_action(table, end[0] if end else actions[0])
    assert seen[0] and seen[2]


def test_a_replay_watched_as_one_seat_hides_its_partners_missions() -> None:
    """A replay shows what the watched seat knew: its partner's missions face down, until
    the end turns them all up."""
    from spyweb.screens.replay import Replayer
    from spyweb.tables.position import view_for

    setup, missions = missions_setup()
    state = GAME.new(seed=4, players=4, setup=setup)
    bots = [GAME.bot("normal", seed=spygames.bot_seed(4, s)) for s in range(4)]
    while not state.is_over:
        mover = state.to_play[0]
        state.apply(bots[mover].choose(state.view(mover), state.legal_actions()))
    record = state.record()
    view = view_for(record)
    assert view is not None
    for watched in range(4):
        player = Replayer(record, view, seat=watched, move=len(record["actions"]) // 2)
        shown = set(CARD_RE.findall(player.render()))
        assert shown & set(missions) == {missions[watched]}, watched
        player.go(player.total)
        assert set(missions) <= set(CARD_RE.findall(player.render()))


def test_public_view_has_nothing_private() -> None:
    state = GAME.new(seed=2, players=4)
    for _ in range(30):
        state.apply(state.legal_actions()[0])
    view = public([state.view(s) for s in range(4)])
    assert view["hand"] == [] and view["passed"] == [] and view["received"] == []
    assert all(p["known"] == [] for p in view["piles"])
    assert all(m is None for t in view["tableaus"] for ms in t["missions"].values() for m in ms)


# -- a whole game, the log, saves and links --------------------------------------------
def test_one_person_and_three_bots_play_to_the_end_screen() -> None:
    rng = random.Random(8)
    table = started("human", "normal", "easy", "normal", seed=77, names=("Ann",))
    state = table.state
    assert state is not None
    for _ in range(3000):
        run_bots(table)
        if state.is_over:
            break
        assert table.my_turn
        click_action(table, rng.choice(state.legal_actions()))
    assert state.is_over
    result = state.result
    assert result is not None
    html = table.render()
    assert 'id="sn-end-title"' in html and 'id="sn-again"' in html
    # Replay and Embed, as the other games' end screens, to this game's replay
    route = links.replay_route(state.record(), 0)
    assert f'id="btn-replay" href="{route}"' in html
    assert f'id="btn-embed-replay" href="{route}/embed"' in html
    # the game has only now ended: its headline takes the focus (the screen opens at it);
    # a later click (the Rules, say) leaves the focus where it is
    assert re.search(r'<h2 id="sn-end-title" tabindex="-1" data-autofocus>', html)
    table.handle("rules", "")
    assert "data-autofocus" not in table.render().split('id="sn-rules-panel"')[0]
    reopened = SpyNetTable(context(), state=spygames.replay(state.record()))
    assert '<h2 id="sn-end-title" tabindex="-1" data-autofocus>' in reopened.render()
    for team, score in enumerate(result["scores"]):
        assert f'id="sn-score-{team}">{score}<' in html
    for entry in result["missions"]:
        assert f'data-card="{entry["card"]}"' in html
    summary = table.summary()
    assert summary["over"] and summary["outcome"]["won"] == (0 in result["winners"])
    assert summary["outcome"]["score"] == result["scores"][0]
    assert table.log[-1].kind == "end"


def test_the_log_never_names_a_hidden_card() -> None:
    table = started("human", "normal", "normal", "normal", seed=5)
    state = table.state
    assert state is not None
    rng = random.Random(1)
    for _ in range(400):
        run_bots(table)
        if state.is_over:
            break
        click_action(table, rng.choice(state.legal_actions()))
    record = state.record()
    hidden = {a["card"] for a in record["actions"] if a["type"] in ("keep", "pass", "mission")}
    face_up = {c for c in CARD if any(c in (e.get("funding") or []) or e.get("card") == c
               for e in record["actions"] if e["type"] in ("agent", "discard_card"))}  # fmt: skip
    text = " ".join(e.text for e in table.log if e.kind != "end")
    for card in hidden - face_up:
        name = CARD[card]["name"]
        if not any(name == CARD[c]["name"] for c in face_up):
            # a whole name: the mission "Mole Hunt" is not the agent "Mole Hunter"
            assert not re.search(rf"\b{re.escape(name)}\b", text), name
    assert "a mission face down" in text


def test_reload_resumes_the_same_turn_with_its_log() -> None:
    storage = MemoryStorage()
    table = SpyNetTable(context(storage))
    table.submit("start", form("human", "normal"))
    state = table.state
    assert state is not None
    run_bots(table)
    if state.view(0)["phase"] == "choose":
        table.handle("deploy", "")
    again = SpyNetTable(context(storage))
    assert again.state is not None and again.state.record() == state.record()
    assert [e.text for e in again.log] == [e.text for e in table.log]
    assert again.render().count('id="sn-end"') == table.render().count('id="sn-end"')


def test_a_share_link_carries_the_whole_table() -> None:
    situation = find_situation()
    table = started("human", "hard", "human", "easy", seed=44, situation=situation,
                    names=("Ann", "Rook", "Cy", "Di"))  # fmt: skip
    state = table.state
    assert state is not None
    record = table.share_record()
    assert record["actions"] == [] and record["options"]["situation"] == situation
    app = App(MemoryStorage())
    app.route(f"#/play/{links.encode(record)}")
    other = app.screen
    assert isinstance(other, SpyNetTable) and other.state is not None
    assert other.seats == table.seats and other.state.seed == 44
    assert {i: b.level for i, b in other.bots.items()} == {1: "hard", 3: "easy"}
    assert [other.state.view(s)["piles"] for s in range(4)] == [
        GAME.new(seed=44, players=4, options=record["options"]).view(s)["piles"] for s in range(4)
    ]
    assert app.ctx.goto is None and app.hash == "#/spynet"


def test_a_hard_bot_thinks_in_slices_between_paints(monkeypatch: pytest.MonkeyPatch) -> None:
    """Slices of no time: the bot must hand the page back after every playout, so each of
    its decisions spans many ticks (a bot that never paused would make one per tick)."""
    monkeypatch.setattr(spynet_table, "SLICE_S", 0.0)
    table = started("human", "hard", seed=9)
    state = table.state
    assert state is not None
    paused = decided = 0
    for _ in range(1000):  # a hard decision is up to 70 playouts, a tick each
        if state.is_over:
            break
        if state.to_play[0] == 1:
            assert table.pending_delay() is not None
            moves = len(state.actions)
            table.tick()
            if table.thinking is not None:
                assert table.pending_delay() == 0 and len(state.actions) == moves
                paused += 1
            else:
                decided += len(state.actions) > moves
            continue
        if table.pending_delay() is not None:
            table.tick()
            continue
        click_action(table, state.legal_actions()[-1])
    assert len(state.actions) > 20
    assert decided >= 5 and paused >= 5 * decided


def test_keys() -> None:
    table = started("human", "normal", seed=21)
    run_bots(table)
    state = table.state
    assert state is not None and table.my_turn
    if state.view(0)["phase"] == "choose":
        assert table.key("d") and state.view(0)["phase"] == "deploy"
        assert table.key("E")
    assert not table.key("q")


# -- the rules and the gallery -------------------------------------------------------
def test_gallery_filters_by_type_and_branch_on_the_rules_page() -> None:
    everything = gallery.shown("all", "all")
    assert len(everything) == len(CARD)
    branch = next(iter(CARD.values()))["branches"][0]
    agents = gallery.shown("agent", branch)
    assert agents and all(
        CARD[c]["kind"] == "agent" and branch in CARD[c]["branches"] for c in agents
    )
    assert gallery.shown("funding", branch) == []
    app = App(MemoryStorage())
    app.route("#/spynet/rules")
    assert isinstance(app.screen, RulesScreen)
    html = app.render()
    assert f"{len(CARD)} cards" in html and "One agent a turn" in html
    app.click("gallery-kind", "agent")
    app.click("gallery-branch", branch)
    html = app.render()
    assert f">{len(agents)} card" in html
    gallery_html = html.split('id="sn-gallery"')[1].split('class="sn-gallery-cards"')[1]
    assert set(CARD_RE.findall(gallery_html.split("</ul>")[0])) == set(agents)


def test_every_card_is_drawn_with_its_icon_name_value_and_text() -> None:
    from spyweb.games.spynet import cards

    from spygames.spynet.text import card_text

    for card, info in CARD.items():
        html = cards.card(card, size="lg")
        assert info["name"] in html and "sn-val" in html and '<use href="#sn-i-' in html
        assert card_text(card).split(" — ", 1)[1].replace("'", "&#x27;") in html


def test_a_card_dragged_onto_a_column_or_the_pass_slot_is_played_there() -> None:
    agent = find("agent", lambda i: len(i["branches"]) == 1 and not i["special"])
    mission = find(
        "mission", lambda i: i["branches"] == CARD[agent]["branches"] and not i["condition"]
    )
    other = find("mission", lambda i: i["id"] != mission)
    branch = CARD[agent]["branches"][0]
    table = scripted(
        [seat("Ann"), seat("Bo", "bot"), seat("Cy"), seat("Di", "bot")],
        {"first": 0, "hands": [[agent, mission, other], [], [], []], "deck": spare(mission, other)},
    )
    state = table.state
    assert state is not None
    table.handle("show-hand", "")  # two people: Ann takes the device
    table.handle("deploy", "")
    html = table.render()
    assert 'draggable="true"' in html and f'data-drop-act="place" data-drop-arg="{branch}"' in html
    before = state.record()["actions"]
    table.drop(mission, "place", branch)  # not dominated yet: the engine says why
    assert state.record()["actions"] == before
    assert any("dominate" in m for m in table.ctx.messages)
    table.drop(agent, "place", branch)
    assert state.view(0)["tableaus"][0]["agents"][branch][-1]["card"] == agent
    table.drop(mission, "place", branch)
    assert mission in state.view(0)["tableaus"][0]["missions"][branch]
    table.drop(other, "pass", "")
    assert other in state.view(2)["hand"]
    assert 'data-drop-act="pass"' not in table.render() or "card passed" in table.render()


def test_saved_games_and_stats_describe_a_spynet_game() -> None:
    storage = MemoryStorage()
    app = App(storage)
    app.route("#/spynet/new")
    app.submit("start", form("human", "easy", names=("Ann",)))
    app.route("#/spynet")
    table = app.screen
    assert isinstance(table, SpyNetTable) and table.state is not None
    rng = random.Random(2)
    state = table.state
    for _ in range(2000):
        run_bots(table)
        if state.is_over:
            break
        click_action(table, rng.choice(state.legal_actions()))
    assert state.is_over
    app.route("#/saves")
    html = app.render()
    assert "SpyNet" in html and "Ann, Agent Lynx (easy)" in html and " won, " in html
    app.route("#/stats")
    html = app.render()
    assert "SpyNet" in html and "2 players · bots easy" in html


# -- rules demos -----------------------------------------------------------------------------
def test_spynet_demos_are_listed_and_every_step_draws_the_table() -> None:
    from spyweb.games.spynet.position import SpyNetPosition
    from spyweb.screens.demos import DemoPlayer

    demos = spygames.all_demos("spynet")
    assert [d.id for d in demos] == ["sn-recruit", "sn-dominate", "sn-eliminate"]
    for demo in demos:
        player = DemoPlayer(demo)
        assert isinstance(player.view, SpyNetPosition)
        for step, frame in enumerate(player.frames):
            player.go(step)
            html = player.render()
            assert 'data-game="spynet"' in html and 'id="sn-tableau-0"' in html, (demo.id, step)
            assert 'id="sn-tableau-1"' in html and "Kestrel" in html and 'id="sn-deck"' in html
            position = player.view.render(
                player.state(), demo.seat, move=frame.step.action, refused=frame.reason
            )
            assert "data-act=" not in position  # nothing to press on a drawn position
    recruit = DemoPlayer(spygames.get_demo("sn-recruit"), step=1)
    assert 'id="sn-reveal"' not in recruit.render() and "Pile 1: 2 cards" in recruit.render()
    refused = DemoPlayer(spygames.get_demo("sn-dominate"), step=1)
    assert "Field Ops is not yours" in refused.render()
    effect = DemoPlayer(spygames.get_demo("sn-eliminate"), step=1)
    assert "eliminate" in effect.render() and "printed power 2 or less" in effect.render()
    assert DemoPlayer(spygames.get_demo("sn-eliminate")).view.move_lines()[-1] == [
        "Your Cleaner eliminated Kestrel’s Lookout (and its funding)"
    ]


def test_spynet_rules_page_shows_the_demos_and_try_it_plays_on() -> None:
    app = App(MemoryStorage())
    app.route("#/spynet/rules/sn-dominate")
    assert isinstance(app.screen, RulesScreen)
    html = app.render()
    assert 'data-demo="sn-dominate"' in html
    for demo in spygames.all_demos("spynet"):
        assert f'id="demo-pick-{demo.id}"' in html
    app.click("demo-next", "")
    app.click("demo-next", "")
    app.click("demo-try", "")
    assert app.take_navigation() == (None, None)  # played right here, as in the embed
    rules = app.screen
    assert isinstance(rules, RulesScreen)
    table = rules.live
    assert isinstance(table, SpyNetTable) and table.state is not None
    assert table.state.view(0)["dominates"]["ops"] == [0]
    # ... against a bot, as in the embed: not pass-and-play with yourself.
    assert [s.is_human for s in table.seats] == [True, False]
    assert not table.pass_and_play and table.handoff_needed is False
    assert app.ctx.saves.slots() == []  # and nothing under Saved games
    # Kept, it is a game of the site's: its table resumes it with the same seats.
    record = table.state.record()
    app.click("demo-keep", "")
    target, _ = app.take_navigation()
    assert target == "#/spynet"
    app.route(target)
    kept = app.screen
    assert isinstance(kept, SpyNetTable) and kept.state is not None
    assert kept.state.record() == record
    assert [(s.name, s.is_human) for s in kept.seats] == [("You", True), ("Kestrel", False)]
    # The embed frame's Try it yourself: you against a bot, named as in the demo.
    from spyweb.screens.demos import DemoPlayer

    player = DemoPlayer(spygames.get_demo("sn-dominate"), step=2)
    live = player.view.live(context(), player.state())
    assert isinstance(live, SpyNetTable) and live.state is not None
    assert [s.name for s in live.seats] == ["You", "Kestrel"]
    assert live.seats[0].is_human and not live.seats[1].is_human
    assert live.state.view(0)["dominates"]["ops"] == [0]


@pytest.mark.parametrize("branch", ["ops", "cover", "intel", "tech"])
def test_a_button_in_a_branch_colour_has_readable_words(branch: str) -> None:
    """WCAG AA: normal-size text at 4.5:1 at least on the "Play in <branch>" buttons; the
    colour stays the branch's own (the same hue, at most deepened a little)."""
    from spyweb.games.spynet import cards
    from spyweb.games.spynet.model import BRANCH

    props = dict(p.split(":") for p in cards.button_colours(branch).split(";"))
    assert cards.contrast(props["--bc"], props["--bink"]) >= 4.5
    own = BRANCH[branch]["colour"]
    shift = (abs(int(own[i : i + 2], 16) - int(props["--bc"][i : i + 2], 16)) for i in (1, 3, 5))
    assert max(shift) <= 16


def test_contrast_is_the_wcag_ratio() -> None:
    from spyweb.games.spynet import cards

    assert cards.contrast("#ffffff", "#000000") == pytest.approx(21)
    assert cards.contrast("#c99a06", "#ffffff") == pytest.approx(2.58, abs=0.01)  # the old gold
    assert cards.contrast("#2e8b57", "#ffffff") == pytest.approx(4.24, abs=0.01)  # the old green


BRANCHES = ("ops", "cover", "intel", "tech")


def test_every_face_on_the_table_opens_whole_when_tapped() -> None:
    """A card's face the table shows (the others' agents, the piles' memories, the discard,
    a hand you cannot play from) is a button that opens it whole — name, value, branches,
    text — in a dialog that Escape or a tap closes; a back (a hidden mission) is not."""
    table = started("human", "normal", "normal", "normal", seed=7, names=("Ann",))
    state = table.state
    assert state is not None
    rng = random.Random(3)
    for _ in range(400):  # on to a table with agents in front of the others
        run_bots(table)
        view = state.view(0)
        if any(view["tableaus"][s]["agents"][b] for s in (1, 2, 3) for b in BRANCHES):
            break
        click_action(table, rng.choice(state.legal_actions()))
    view = state.view(0)
    html = table.render()
    agents = [
        e["card"] for s in (1, 2, 3) for b in BRANCHES for e in view["tableaus"][s]["agents"][b]
    ]
    assert agents
    for card in agents:
        assert re.search(rf'<button[^>]*data-act="read" data-arg="{card}"', html), card
    assert not re.search(r'class="sn-card [^"]*sn-back[^"]*"[^>]*data-act', html)
    assert 'id="sn-read"' not in html
    card = agents[0]
    table.handle("read", card)
    html = table.render()
    dialog = html.split('<section class="sheet sn-read"', 1)[1]
    assert 'role="dialog"' in dialog and 'aria-modal="true"' in dialog
    assert f'<h2 id="sn-read-title">{CARD[card]["name"]}</h2>' in dialog
    from spyweb.browser.markup import esc
    from spyweb.games.spynet import cards

    assert esc(cards.body_text(card)) in dialog
    assert table.key("Escape") and 'id="sn-read"' not in table.render()
    table.handle("read", card)
    table.handle("unread", "")
    assert 'id="sn-read"' not in table.render()
    table.handle("read", "no-such-card")  # a made-up card opens nothing
    assert 'id="sn-read"' not in table.render()
    assert not table.key("Escape")  # nothing open: Escape is not the table's


def test_the_recruited_piles_cards_open_whole() -> None:
    table = started("human", "normal", seed=5)
    state = table.state
    assert state is not None
    rng = random.Random(1)
    for _ in range(400):
        run_bots(table)
        view = state.view(0)
        if view["phase"] == "recruit" and view["looking_at"]:
            break
        legal = state.legal_actions()
        recruit = [a for a in legal if a["type"] == "recruit"]
        click_action(table, recruit[0] if recruit else rng.choice(legal))
    shown = state.view(0)["looking_at"]
    assert shown
    reveal = table.render().split('id="sn-reveal"', 1)[1].split("</div></div>", 1)[0]
    for card in shown:
        assert f'data-act="read" data-arg="{card}"' in reveal


def test_the_draft_panel_says_where_the_other_card_goes() -> None:
    """Ruling "3 players, the short draft": the first player drafts two and passes the
    other card to the left, to the second player; in the full draft (2 and 4 players)
    the rest go to the right."""
    from spyweb.games.spynet.effect import draft_panel
    from spyweb.games.spynet.who import Who

    short = GAME.new(seed=5, players=3, setup={"first": 1})
    panel = draft_panel(short.view(1), Who([], 3))
    assert "The other card goes face down to Player 3, on your left." in panel
    full = GAME.new(seed=5, players=4, setup={"first": 1})
    panel = draft_panel(full.view(0), Who([], 4))
    assert "The other 3 go face down to Player 4, on your right." in panel


def test_another_seats_face_down_missions_show_as_one_back_with_their_count() -> None:
    """Their backs are all alike: one back says how many, so a deep stack of missions
    takes one line in another's tableau (issue 40: the tableaus past the fold); a face
    this seat may see stays a card of its own."""
    table, missions = four_with_missions(("human", "bot", "bot", "bot"))
    assert table.state is not None
    view = table.state.view(0)
    view["tableaus"][2]["missions"]["ops"] = [None, None, None]
    view["tableaus"][3]["missions"]["ops"] = [None]
    view["tableaus"][0]["missions"]["ops"] = [missions[0], missions[0]]
    who = Who(list(table.seats), 4)
    cy = spynet_tableau.tableau(view, 2, who, list(table.seats), viewer=0)
    ops = cy[cy.index("sn-col-ops") :].split("</section>")[0]
    assert ops.count("sn-back") == 1
    assert "3 missions" in ops and 'title="3 face-down missions: only Cy may look at them"' in ops
    di = spynet_tableau.tableau(view, 3, who, list(table.seats), viewer=0)
    di_ops = di[di.index("sn-col-ops") :].split("</section>")[0]
    assert di_ops.count("sn-back") == 1 and ">Mission<" in di_ops
    mine = spynet_tableau.tableau(view, 0, who, list(table.seats), viewer=0, mine=True)
    assert mine.count(f'data-card="{missions[0]}"') == 2 and "sn-back" not in mine
