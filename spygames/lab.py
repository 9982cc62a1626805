"""The Bot Lab's matches: a bot a person wrote in Python against the built-in bots.

A person's bot is a Python file (or text) defining one function,

    def choose(view, legal, rng):
        return legal[0]

given its seat's `view` (exactly what the seat may know), the `legal` actions and a
seeded `random.Random`, and returning one of the legal actions: the engine bots' own
contract. `python -m spygames lab mybot.py --game espionage --against hard --games 200`
runs a match on CPython; the Bot Lab page runs the same code (this module) in the
browser, so the same match seed gives the same games and figures on both.

Seeds: a match has one seed (`--seed`, else drawn at random and printed). Game `i` is
dealt from `deal_number(seed, i)` (a deal number a table can open); the person's bot gets
`random.Random(bot_seed(seed, i, "yours"))`, the built-in bots `bot_seed(key, seat)` with
`key = bot_seed(seed, i, "bots")`: nothing of the deal number gives any of them away. The
person's bot plays seat `i % players`, so every seat is played in turn.

Mistakes are the person's to read, never a crash: `BotError` says what went wrong — a
syntax error or an exception with its line in the bot's file, an action that is not
legal now with the engine's reason and the view the bot was given, no `choose`.
"""

from __future__ import annotations

import contextlib
import io
import random
import reprlib
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalAction, SpyGamesError
from .i18n import N_, _, decimal, pgettext
from .protocol import Action, Bot, State, View
from .registry import get_game
from .seeds import bot_seed
from .simulate import wilson

Choose = Callable[[View, list[Action], random.Random], Action]
MAX_DEAL = 999_999_999  # the tables' deal numbers (web's spyweb.tables.deals.MAX_DEAL)
MAX_GAMES = 1000
MAX_PRINTED = 4000  # characters of a game's print() output kept for the page; the rest cut
_SHORT = reprlib.Repr()  # an illegal action told in a message: a 20 MB answer is not repeated
_SHORT.maxstring = _SHORT.maxother = 200
_SHORT.maxlist = _SHORT.maxdict = 20


class BotError(SpyGamesError):
    """A person's bot went wrong: `message` in words, `line` in its file when known, and
    `view` (the view it was given) for an illegal action."""

    def __init__(self, message: str, line: int | None = None, view: View | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.view = view


def load(source: str, filename: str = "mybot.py") -> Choose:
    """The `choose` function `source` defines; BotError if it does not compile, raises
    while it runs, or defines no `choose`."""
    try:
        code = compile(source, filename, "exec")
    except SyntaxError as exc:
        # translators: {error} is Python's own words for a syntax error (English)
        said = _("{error} (line {line})", error=exc.msg, line=exc.lineno)
        raise BotError(said, exc.lineno) from None
    space: dict[str, Any] = {"__name__": "mybot"}
    try:
        exec(code, space)
    except (Exception, SystemExit, KeyboardInterrupt) as exc:
        raise raised_error(exc, filename, N_("while the file ran")) from None
    choose = space.get("choose")
    if not callable(choose):
        raise BotError(_("the file defines no function `choose(view, legal, rng)`"))
    return choose  # type: ignore[no-any-return]


def raised_error(exc: BaseException, filename: str, when: str) -> BotError:
    """An exception from the person's code, with the last line of theirs it passed, in
    words of its own for the ones that are not a bug in a line (sys.exit(), Ctrl-C, no
    memory left)."""
    line = None
    for frame in traceback.extract_tb(exc.__traceback__):
        if frame.filename == filename:
            line = frame.lineno
    words: str
    if isinstance(exc, SystemExit):
        words = _("it called sys.exit(), which ends nothing here: return an action instead")
    elif isinstance(exc, KeyboardInterrupt):
        words = _("it raised KeyboardInterrupt")
    elif isinstance(exc, MemoryError):
        words = _("it ran out of memory")
    else:
        words = f"{type(exc).__name__}: {exc}"  # Python's own words
    if line is None:
        # translators: {what} is what happened ("ZeroDivisionError: division by zero"),
        # {when} when ("in choose", "while the file ran")
        return BotError(_("{what} {when}", what=words, when=_(when)), line)
    # translators: as above; {line} is the line of the bot's code it passed last
    return BotError(_("{what} {when} (line {line})", what=words, when=_(when), line=line), line)


def deal_number(match_seed: int, game: int) -> int:
    """The deal number of game `game` of a match (one a table's "Deal #" can open)."""
    return bot_seed(match_seed, game, "deal") % MAX_DEAL + 1


@dataclass
class GameResult:
    """One game of a match: its deal, the person's bot's seat, whether it won, its
    record (to open at a table as a replay)."""

    index: int
    deal: int
    seat: int
    won: bool
    moves: int
    reason: str
    record: dict[str, Any] = field(repr=False)
    printed: str = ""
    score: int | None = None
    """Deck of Spies: the face cards owned at the end (0–12); None in the other games."""
    share: float | None = None
    """The chance a seat drawn at random won this game: winners / players (SpyNet's teams
    of two at 4 players win together: 0.5); None for a solo game."""


@dataclass
class Match:
    """`games` games of `game_id` for `players` seats: the person's bot (`choose`) in one
    seat, the built-in bots of level `against` in the others."""

    choose: Choose
    game_id: str
    against: str = "normal"
    games: int = 100
    players: int | None = None
    seed: int = 1
    filename: str = "mybot.py"
    decide_s: float | None = None
    """The longest one decision of the person's bot may take (the page's 2 s); None: any."""
    capture: bool = False
    """Keep what the person's bot prints, per game (GameResult.printed), for the page."""
    on_turn: Callable[[bool], None] | None = None
    """Told, before each decision, True when it is the person's bot's and False when a
    built-in bot's (and False as a game ends): the page's watchdog times only the former."""
    results: list[GameResult] = field(default_factory=list)

    def __post_init__(self) -> None:
        game = get_game(self.game_id)
        self.game = game
        if self.players is None:
            self.players = game.min_players
        if not game.min_players <= self.players <= game.max_players:
            raise BotError(
                f"{game.name} is for {game.min_players}–{game.max_players} players, "
                f"not {self.players}"
            )
        if self.against not in game.bot_levels:
            raise BotError(f"no {self.against!r} bot: {', '.join(game.bot_levels)}")
        if not 1 <= self.games <= MAX_GAMES:
            raise BotError(f"a match is 1 to {MAX_GAMES} games, not {self.games}")

    def play(self) -> Iterator[GameResult]:
        """Play the games not played yet, one at a time (a page shows its progress and may
        stop between two)."""
        for step in self.steps():
            if step is not None:
                yield step

    def steps(self) -> Iterator[GameResult | None]:
        """The games not played yet, a decision at a time: None after each decision,
        the game's result as it ends (a page may stop between any two decisions)."""
        while len(self.results) < self.games:
            game = self._game(len(self.results))
            while (step := next(game)) is None:
                yield None
            self.results.append(step)
            yield step

    def play_one(self, index: int) -> GameResult:
        game = self._game(index)
        while (step := next(game)) is None:
            pass
        return step

    def walk(self, index: int, steps: list[dict[str, Any]]) -> Iterator[GameResult | None]:
        """Game `index` of the match (the same deal, seat and seeds as in `play`), a
        decision at a time as `steps` does, keeping each decision of the person's bot in
        `steps`: its `view`, its `legal` actions, its `choice` (also in words), what it
        `printed`, the game's `move` number, the view in words (`seen`) and the other
        seats' moves since its last decision in words (`before`)."""
        return self._game(index, steps)

    def _game(
        self, index: int, trace: list[dict[str, Any]] | None = None
    ) -> Iterator[GameResult | None]:
        players = self.players or 1
        deal = deal_number(self.seed, index)
        seat = index % players
        state: State = self.game.new(seed=deal, players=players)
        mine = random.Random(bot_seed(self.seed, index, "yours"))
        key = bot_seed(self.seed, index, "bots")
        bots: dict[int, Bot] = {
            s: self.game.bot(self.against, seed=bot_seed(key, s))
            for s in range(players)
            if s != seat
        }
        printed = io.StringIO() if self.capture or trace is not None else None
        before: list[str] = []  # the other seats' moves since the bot's last decision
        while not state.is_over:
            to_play = state.to_play[0]
            view = state.view(to_play)
            legal = state.legal_actions()
            self._tell(to_play == seat)
            if to_play == seat:
                start = printed.tell() if printed is not None else 0
                action = self._ask(view, legal, mine, printed)
                try:
                    state.apply(action)
                except IllegalAction as exc:
                    chose, why = _SHORT.repr(action), _SHORT.repr(str(exc))[1:-1]
                    # translators: {action}: the bot's action, as Python shows it; {why}:
                    # the rules' reason
                    said = _("Your bot chose {action}, which is not legal now: {why}",
                             action=chose, why=why)  # fmt: skip
                    raise BotError(said, view=view) from None
                if trace is not None and printed is not None:
                    out = printed.getvalue()[start:]
                    trace.append({"move": len(state.actions), "view": view, "legal": legal,
                                  "choice": action, "said": self.game.describe_action(action),
                                  "seen": self.game.describe_view(view), "before": before,
                                  "printed": out[:MAX_PRINTED]})  # fmt: skip
                    before = []
            else:
                action = bots[to_play].choose(view, legal)
                state.apply(action)
                if trace is not None:
                    before.append(f"player {to_play + 1}: {self.game.describe_action(action)}")
            yield None
        self._tell(False)  # the game's end is not the person's time
        result = state.result or {}
        won = bool(result.get("won")) if players == 1 else seat in result.get("winners", [])
        out = printed.getvalue() if printed is not None else ""
        if len(out) > MAX_PRINTED:
            out = out[:MAX_PRINTED] + f"\n… ({len(out) - MAX_PRINTED:,} more characters not kept)"
        score = result.get("score") if players == 1 else None
        share = len(result.get("winners", [])) / players if players > 1 else None
        yield GameResult(index, deal, seat, won, len(state.actions),
                         str(result.get("reason", "")), state.record(), out,
                         None if score is None else int(score), share)  # fmt: skip

    def _tell(self, mine: bool) -> None:
        if self.on_turn is not None:
            self.on_turn(mine)

    def _ask(
        self, view: View, legal: list[Action], rng: random.Random, printed: io.StringIO | None
    ) -> Action:
        started = time.monotonic()
        try:
            if printed is None:
                action = self.choose(view, list(legal), rng)
            else:
                with contextlib.redirect_stdout(printed):
                    action = self.choose(view, list(legal), rng)
        except (Exception, SystemExit, KeyboardInterrupt) as exc:
            raise raised_error(exc, self.filename, N_("in choose")) from None
        took = time.monotonic() - started
        if self.decide_s is not None and took > self.decide_s:
            limit = f"{self.decide_s:g}".replace(".", pgettext("decimal mark", "."))
            raise BotError(
                _(
                    "Your bot took {took} seconds on one decision; a decision may take up to "
                    "{limit} seconds",
                    took=decimal(took),
                    limit=limit,
                )
            )
        return action

    @property
    def won(self) -> int:
        return sum(r.won for r in self.results)

    def summary(self) -> dict[str, Any]:
        """Games played, won, the rate and its 95% interval (Wilson's); `fair`, the rate an
        even seat would reach on these games at 2–4 players (the mean of their `share`:
        1/players, but 1/2 for SpyNet's teams); Deck of Spies' mean `score`."""
        n = len(self.results)
        low, high = wilson(self.won, n)
        scores = [r.score for r in self.results if r.score is not None]
        shares = [r.share for r in self.results if r.share is not None]
        return {"game": self.game_id, "against": self.against, "players": self.players,
                "seed": self.seed, "games": n, "won": self.won,
                "rate": self.won / n if n else 0.0, "interval": [low, high],
                "fair": sum(shares) / len(shares) if shares else None,
                "score": sum(scores) / len(scores) if scores else None}  # fmt: skip


def describe(summary: dict[str, Any]) -> str:
    """One line: "won 57 of 200 (28.5%, 95% interval 22.7–35.1%; an even seat wins
    33.3%)", or Deck of Spies' "…; 6.2 face cards a game"."""
    low, high = summary["interval"]
    more = ""
    if summary.get("fair") is not None:
        more = f"; an even seat wins {summary['fair']:.1%}"
    if summary.get("score") is not None:
        more = f"; {summary['score']:.1f} face cards a game"
    return (
        f"won {summary['won']} of {summary['games']} ({summary['rate']:.1%}, "
        f"95% interval {low:.1%}–{high:.1%}{more})"
    )
