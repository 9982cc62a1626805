"""SpyNet at a glance: each placement says what it does to the branch, Deploy is offered
only where something can be played, the "since your turn" strip and the star tally, and
the Hint — the table driven exactly as the page drives it."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from drivers.spynet import click_action, find, run_bots, scripted, seat, spare, started
from spyweb.games.spynet import hint
from spyweb.games.spynet.model import CARD, SITUATIONS

import spygames
import spygames.hints
from spygames import Budget
from spygames.hints import hint_moves
from spygames.spynet.bots import HardBot


def agent_in(branch: str, power: int) -> str:
    return find(
        "agent",
        lambda i: i["branches"] == [branch] and i["power"] == power and not i["special"],
    )


def funding_of(value: int) -> str:
    return find("funding", lambda i: i["value"] == value)


def target_label(html: str, branch: str) -> str:
    found = re.search(rf'id="sn-play-{branch}"[^>]*>(.*?)</button>', html, re.S)
    assert found, f"no button to play in {branch}"
    return re.sub(r"<[^>]+>", "", found.group(1)).strip()


def duel(mine: str, theirs: str, funds: list[str], situation: str | None = None) -> Any:
    branch = CARD[mine]["branches"][0]
    where = CARD[theirs]["branches"][0]
    table = scripted(
        [seat("Ann"), seat("Bo", "bot")],
        {
            "first": 0,
            "hands": [[mine, *funds], []],
            "deck": spare(mine, theirs, *funds),
            "tableaus": [{}, {"agents": {where: [{"card": theirs, "funding": []}]}}],
        },
        **({"situation": situation} if situation else {}),
    )
    table.handle("deploy", "")
    table.handle("pick", mine)
    return table, branch


def test_each_placement_says_what_it_does_to_the_branch() -> None:
    """Below, level with and above the opponent's 4: the domination rule's three
    outcomes, with the power after the play."""
    mine = agent_in("ops", 2)
    theirs = agent_in("ops", 4)
    two, four = funding_of(2), funding_of(4)
    table, branch = duel(mine, theirs, [two, four])
    assert target_label(table.render(), branch).endswith("→ 2 (Bo keeps it with 4)")
    table.handle("fund", two)
    assert target_label(table.render(), branch).endswith("→ 4 (ties Bo at 4: no one dominates)")
    table.handle("fund", four)
    assert target_label(table.render(), branch).endswith("→ 8 (beats Bo’s 4: you’d dominate)")


def test_the_label_gives_the_branchs_new_total_not_the_cards_power() -> None:
    """Issue 40: "Play in Deep Cover → 2 (beats Agent Lynx's 2…)" read as wrong
    arithmetic: the number is the branch's total once the agent is in (docs/playing.md:
    "→ 5 (beats Lynx's 4)"), on the button and on the tableau's "Play here"."""
    mine, held, theirs = agent_in("ops", 2), agent_in("ops", 3), agent_in("ops", 4)
    table = scripted(
        [seat("Ann"), seat("Bo", "bot")],
        {
            "first": 0,
            "hands": [[mine], []],
            "deck": spare(mine, held, theirs),
            "tableaus": [
                {"agents": {"ops": [{"card": held, "funding": []}]}},
                {"agents": {"ops": [{"card": theirs, "funding": []}]}},
            ],
        },
    )
    table.handle("deploy", "")
    table.handle("pick", mine)
    html = table.render()
    assert target_label(html, "ops").endswith("→ 5 (beats Bo’s 4: you’d dominate)")
    assert ">Play here → 5</button>" in html


def test_a_placement_in_an_empty_branch_dominates() -> None:
    mine = agent_in("tech", 2)
    table, branch = duel(mine, agent_in("ops", 4), [])
    assert target_label(table.render(), branch).endswith("→ 2 (you’d dominate)")


def test_under_stand_off_a_tie_dominates_for_both() -> None:
    """Stand-off: ties dominate — the engine's rule, not the table's guess."""
    stand_off = next(s["id"] for s in SITUATIONS if s["rule"]["kind"] == "ties_dominate")
    mine, theirs, two = agent_in("ops", 2), agent_in("ops", 4), funding_of(2)
    table, branch = duel(mine, theirs, [two], situation=stand_off)
    table.handle("fund", two)
    assert target_label(table.render(), branch).endswith("(ties Bo at 4: you’d both dominate)")


def test_a_partner_leading_is_your_team_dominating() -> None:
    """At 4 players a partner's lead is the team's: "your team dominates"."""
    mine, foe, mate = agent_in("ops", 2), agent_in("ops", 3), agent_in("ops", 4)
    table = scripted(
        [seat("Ann"), seat("Bo", "bot"), seat("Cy", "bot"), seat("Di", "bot")],
        {
            "first": 0,
            "hands": [[mine], [], [], []],
            "deck": spare(mine, foe, mate),
            "tableaus": [
                {},
                {"agents": {"ops": [{"card": foe, "funding": []}]}},
                {"agents": {"ops": [{"card": mate, "funding": []}]}},
                {},
            ],
        },
    )
    run_bots(table)
    table.handle("deploy", "")
    table.handle("pick", mine)
    assert target_label(table.render(), "ops").endswith("(Cy leads with 4: your team dominates)")


# -- deploy only where something can be played ---------------------------------------------
def stuck_table() -> Any:
    """Ann holds only a mission for a branch Bo dominates: nothing she could deploy."""
    mission = find("mission", lambda i: i["branches"] == ["ops"] and not i["condition"])
    theirs = agent_in("ops", 4)
    return scripted(
        [seat("Ann"), seat("Bo", "bot")],
        {
            "first": 0,
            "hands": [[mission], []],
            "deck": spare(mission, theirs),
            "tableaus": [{}, {"agents": {"ops": [{"card": theirs, "funding": []}]}}],
        },
    ), mission


def test_no_deploy_button_when_nothing_can_be_played_and_the_engine_says_why() -> None:
    table, mission = stuck_table()
    state = table.state
    html = table.render()
    assert 'id="sn-recruit"' in html and 'id="sn-deploy"' not in html
    reason = state.nothing_to_deploy()
    assert reason is not None and CARD[mission]["name"] in reason
    assert f"Nothing in your hand can be played now: {reason}." in html.replace("&#x27;", "'")
    before = state.record()
    assert table.key("d")  # the key says why too, and plays nothing
    table.handle("deploy", "")  # as a crafted click would
    assert state.record() == before
    assert table.ctx.messages[-1] == f"Nothing in your hand can be played now: {reason}."


def test_deploy_is_offered_with_an_agent_in_hand() -> None:
    agent = agent_in("ops", 2)
    table = scripted(
        [seat("Ann"), seat("Bo", "bot")],
        {"first": 0, "hands": [[agent], []], "deck": spare(agent)},
    )
    html = table.render()
    assert 'id="sn-deploy"' in html and 'id="sn-nothing"' not in html
    assert table.key("d")
    assert table.state.view(0)["phase"] == "deploy"


def test_a_final_turn_with_nothing_to_play_says_why_beside_end_turn() -> None:
    """ "every player takes one final, deploy-only turn": with nothing playable, the
    deploy panel says why, and End turn is there."""
    mission, last = find("mission", lambda i: i["branches"] == ["ops"], n=2)
    theirs = agent_in("ops", 4)
    table = scripted(
        [seat("Ann"), seat("Bo", "bot")],
        {
            "first": 0,
            "hands": [[mission], []],
            "piles": [[], [], []],
            "deck": [last],
            "tableaus": [{}, {"agents": {"ops": [{"card": theirs, "funding": []}]}}],
        },
    )
    state = table.state
    table.handle("recruit", "")  # every pile empty: the deck's last card
    run_bots(table)  # Bo's final turn
    view = state.view(0)
    assert view["final_round"] and view["phase"] == "deploy" and table.my_turn
    html = table.render()
    assert 'id="sn-nothing"' in html and 'id="sn-end"' in html
    assert state.nothing_to_deploy() in html
    assert "End your final turn" in html


# -- since your turn ---------------------------------------------------------------------------
def strip(html: str) -> list[str]:
    found = re.search(r'<section class="sn-since".*?</section>', html, re.S)
    assert found, "no since-your-turn strip"
    shown = found.group(0).replace('<span class="sn-since-more" aria-hidden="true">more</span>', "")
    items = re.findall(r"<li[^>]*>(.*?)</li>", shown, re.S)
    stars = re.search(r'id="sn-stars">(.*?)</p>', found.group(0), re.S)
    assert stars
    return [unescape(re.sub(r"<[^>]+>", "", i)) for i in items] + [unescape(stars.group(1))]


def test_since_your_turn_says_what_the_bot_did_in_the_logs_words() -> None:
    """After Ann's turn, Bo's whole turn is one line at the top — the log's own words —
    and Ann's own steps never are; mid-turn it stays until her turn ends."""
    agent, other = agent_in("ops", 2), agent_in("tech", 2)
    table = scripted(
        [seat("Ann"), seat("Bo", "bot")],
        {"first": 0, "hands": [[agent, other], [agent_in("cover", 4)]], "deck": spare()},
    )
    state = table.state
    assert strip(table.render())[0] == "Nothing yet since your turn."
    table.handle("deploy", "")
    table.handle("agent", f"{agent}@ops")
    table.handle("end", "")
    start = len(table.log)
    run_bots(table)
    assert table.my_turn
    bo = [e.text for e in table.log[start:] if e.text.startswith("Bo ")]
    assert bo[-1].endswith("and took 1 card from the deck"), bo  # the log's words...
    line = strip(table.render())[0]
    assert line == "Bo took 1 card from the deck"  # ...without the piles passed on
    table.handle("recruit", "")
    assert strip(table.render())[0] == line  # still Bo's turn shown during Ann's own
    assert len(table.moves) == len(state.actions)


def test_since_your_turn_follows_the_seat_at_the_device() -> None:
    """Pass and play: each person sees what the other did since their own turn."""
    a, b = agent_in("ops", 2), agent_in("tech", 2)
    table = scripted(
        [seat("Ann"), seat("Bo")],
        {"first": 0, "hands": [[a], [b]], "deck": spare()},
    )
    table.handle("show-hand", "")
    table.handle("deploy", "")
    table.handle("agent", f"{a}@ops")
    table.handle("end", "")
    assert 'id="sn-since"' not in table.render()  # between turns: nobody's
    table.handle("show-hand", "")
    assert table.viewer == 1
    lines = strip(table.render())
    assert lines[0].startswith(f"Ann played {CARD[a]['name']} in Field Ops")
    assert len(lines) == 2  # Ann's line, then Bo's stars


def test_your_stars_count_your_missions_and_only_the_number_of_a_partners() -> None:
    """ "You can look at the missions in your tableau at any time"; a partner's are face
    down to you (DESIGN.md): counted, never their stars."""
    played, held, theirs = find("mission", lambda i: i["branches"] == ["ops"], n=3)
    table = scripted(
        [seat("Ann"), seat("Bo", "bot"), seat("Cy", "bot"), seat("Di", "bot")],
        {
            "first": 0,
            "hands": [[held], [], [], []],
            "deck": spare(played, held, theirs),
            "tableaus": [
                {"missions": {"ops": [played]}},
                {},
                {"missions": {"ops": [theirs]}},
                {},
            ],
        },
    )
    stars = strip(table.render())[-1]
    assert stars == (
        f"Your stars: {CARD[played]['stars']} played (+{CARD[held]['stars']} in hand)"
        " · Cy: 1 face down"
    )


def test_two_players_stars_without_missions_in_hand() -> None:
    table = scripted(
        [seat("Ann"), seat("Bo", "bot")],
        {"first": 0, "hands": [[agent_in("ops", 2)], []], "deck": spare()},
    )
    assert strip(table.render())[-1] == "Your stars: 0 played"


def test_the_strip_after_an_undo_reads_the_same_moves() -> None:
    agent = agent_in("ops", 2)
    table = scripted(
        [seat("Ann"), seat("Bo", "bot")],
        {"first": 0, "hands": [[agent], []], "deck": spare()},
    )
    table.handle("deploy", "")
    table.handle("agent", f"{agent}@ops")
    table.handle("undo", "")
    assert len(table.moves) == len(table.state.actions) == 1


def test_under_open_files_a_partners_stars_are_counted() -> None:
    """Open Files: missions are played face up — the partner's stars are known."""
    open_files = next(s["id"] for s in SITUATIONS if s["rule"]["kind"] == "open_missions")
    theirs = find("mission", lambda i: i["branches"] == ["ops"])
    table = scripted(
        [seat("Ann"), seat("Bo", "bot"), seat("Cy", "bot"), seat("Di", "bot")],
        {
            "first": 0,
            "hands": [[], [], [], []],
            "deck": spare(theirs),
            "tableaus": [{}, {}, {"missions": {"ops": [theirs]}}, {}],
        },
        situation=open_files,
    )
    assert strip(table.render())[-1] == f"Your stars: 0 played · Cy: {CARD[theirs]['stars']}★"


# -- the hint ------------------------------------------------------------------------------
def test_the_hint_is_the_hard_bots_move_worked_out_in_slices(monkeypatch: Any) -> None:
    """The hint is what the hard bot (its own seed, the full budget) would play from the
    seat's view; it thinks between paints, and it marks the move without playing it."""
    whole = Budget(HardBot.default_budget.playouts)  # the Hint's: no clock, deterministic
    assert spygames.get_game("spynet").hint_budget == whole
    monkeypatch.setattr("spyweb.tables.thinking.SLICE_S", 0.0)  # a pause after every playout
    table = started("human", "normal", seed=21)
    run_bots(table)
    state = table.state
    assert table.my_turn and 'id="sn-hint"' in table.render()
    view, legal, before = state.view(0), state.legal_actions(), state.record()
    assert table.key("h")
    slices = 0
    while table.pending_delay() == 0:  # the page paints between slices
        assert "Thinking…" in table.render()
        table.tick()
        slices += 1
    assert slices > 3
    advice = table.hints.advice
    assert advice is not None
    bot = HardBot(spygames.bot_seed(21, 0, "hint"), budget=Budget(HardBot.default_budget.playouts))
    assert advice.action == bot.advise(view, legal).action
    assert state.record() == before  # the hint never plays
    html = table.render()
    assert f'data-hint-type="{advice.action["type"]}"' in html
    assert "data-hinted" in html
    assert advice.facts["games"] > 0 and "Played out to the end" in html
    assert table.key("h") and table.pending_delay() is None  # the same hint, no new search


def test_the_hint_is_left_behind_by_a_move_and_is_only_for_your_turn(monkeypatch: Any) -> None:
    monkeypatch.setattr("spyweb.tables.thinking.SLICE_S", 0.0)
    table = started("human", "normal", seed=21)
    run_bots(table)
    table.handle("hint", "")
    assert table.hints.thinking
    click_action(table, table.state.legal_actions()[0])
    table.tick()
    assert not table.hints.thinking and table.hints.advice is None
    run_bots(table)
    table.handle("hint", "")
    while table.pending_delay() == 0:
        table.tick()
    assert 'id="sn-hint-box"' in table.render()
    click_action(table, table.state.legal_actions()[0])
    assert 'id="sn-hint-box"' not in table.render()


def test_the_hints_reason_comes_from_the_placement_and_the_games_played() -> None:
    """An agent play is told by what it does to its branch (the engine's placement), the
    mission it opens, and the simulated games each move won."""
    mine, theirs = agent_in("ops", 4), agent_in("ops", 3)
    mission = find("mission", lambda i: i["branches"] == ["ops"] and not i["condition"])
    table = scripted(
        [seat("Ann"), seat("Bo", "bot")],
        {
            "first": 0,
            "hands": [[mine, mission], []],
            "deck": spare(mine, theirs, mission),
            "tableaus": [{}, {"agents": {"ops": [{"card": theirs, "funding": []}]}}],
        },
    )
    table.handle("deploy", "")
    view = table.state.view(0)
    action = {"type": "agent", "card": mine, "branch": "ops", "funding": []}
    facts = {
        "games": 40,
        "won": 23.0,
        "tried": 3,
        "others": [{"action": {"type": "end_turn"}, "games": 20, "won": 5.0}],
    }
    words = hint.why(spygames.Advice(action, "", facts), view, table.who)
    assert words == (
        f"Field Ops → 4 (beats Bo’s 3: you’d dominate), where your mission "
        f"{CARD[mission]['name']} ({CARD[mission]['stars']}★) can then go. Played out to the "
        "end 40 times on guesses of the hidden cards, this move won 23 of them; the next "
        "best, End your turn, won 5 of 20."
    )
    assert hint.what(action, view, table.who) == f"Play {CARD[mine]['name']} in Field Ops"


def pile_words(bo_tech: list[str]) -> tuple[str, str, str]:
    agent = agent_in("tech", 2)
    mission = find("mission", lambda i: i["branches"] == ["tech"] and not i["condition"])
    table = scripted(
        [seat("Ann"), seat("Bo", "bot")],
        {
            "first": 0,
            "hands": [[mission], []],
            "piles": [[agent], [], []],
            "deck": spare(agent, mission),
            "tableaus": [{}, {"agents": {"tech": [{"card": c, "funding": []} for c in bo_tech]}}],
        },
    )
    table.handle("recruit", "")
    view = table.state.view(0)
    words = hint.why(spygames.Advice({"type": "take"}, "", {}), view, table.who)
    return words, CARD[agent]["name"], CARD[mission]["name"]


def test_a_hinted_pile_says_what_it_would_open() -> None:
    """Recruiting, the hint reads the pile the seat is looking at (its own view)."""
    words, agent, mission = pile_words([])
    assert words == (
        f"Its Tech agent {agent} would let you dominate Tech, where your mission {mission} "
        "needs it."
    )
    words, agent, _ = pile_words([agent_in("tech", 4)])  # 2 would not take Bo's 4
    assert words == f"It holds {agent}."


def test_the_hint_never_names_a_deploy_the_table_does_not_offer(monkeypatch: Any) -> None:
    """With nothing playable the table offers Recruit, not Deploy: the hint chooses among
    what is offered (the bot alone may still deploy nothing)."""
    table, _ = stuck_table()
    state = table.state
    assert {a["type"] for a in state.legal_actions()} == {"recruit", "deploy"}
    assert [a["type"] for a in hint_moves(state)] == ["recruit"]
    asked: list[list[dict[str, Any]]] = []
    think = HardBot.think

    def spy(bot: HardBot, view: Any, legal: Any, slice_s: Any) -> Any:
        asked.append(legal)
        return think(bot, view, legal, slice_s)

    monkeypatch.setattr(HardBot, "think", spy)
    table.key("h")
    while table.pending_delay() == 0:
        table.tick()
    advice = table.hints.advice
    assert asked == [[{"type": "recruit"}]]
    assert advice is not None and advice.action == {"type": "recruit"}


def test_a_since_line_says_it_can_open_where_it_is_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 47: "'Since your turn' lines cut with '…' expand on tap but nothing shows
    they can". Each line's words are in a part the page measures (`data-may-cut`): where
    they are cut, a "more" mark shows beside them (the page sets `data-cut`)."""
    from spyweb.games.spynet import since
    from spyweb.games.spynet.who import Who

    view: Any = {"seat": 0, "turn": 1, "tableaus": [{"missions": {}}], "hand": [], "teammate": None}
    html = since.since_html([], view, Who([], 2))
    assert "Nothing yet" in html and "data-may-cut" not in html  # nothing to open
    said = [(1, "recruited pile 2 and deployed Marlowe in Operations with two funds")]
    monkeypatch.setattr(since, "seat_lines", lambda *_: said)
    line = re.search(r"<li [^>]*>(.*?)</li>", since.since_html([], view, Who([], 2)))
    assert line is not None and "data-may-cut" in line.group(0)
    assert '<span class="sn-since-more" aria-hidden="true">more</span>' in line.group(1)
    assert 'class="sn-since-text"' in line.group(1)
