// The Lab's games, as the build wrote them into the page (web/tools/people.py's
// `write_lab_games`, from the engine's registry and each game's record in the app): each
// game's id, name, fewest and most players, and its built-in bots' thinking per level at
// 2, 3 and 4 players (CPython's seconds a game, for a long match's forecast). The first
// is the one the Lab opens on. The Lab keeps no list of games of its own.
import { _ } from "./words.mjs";

export const GAMES = JSON.parse(document.getElementById("lab-catalogue").textContent);

export const gameOf = (gameId) => GAMES.find((game) => game.id === gameId) ?? null;

// A game's name in the player's language (the engine's message: the page's words carry
// the games' names, web/tools/page_words.py).
export const gameName = (gameId) => {
  const name = gameOf(gameId)?.name ?? gameId;
  return _(name);
};

// A game for one player: no other seat, so no bots to play against and no seat at a
// table for the person's bot.
export const isSolo = (gameId) => gameOf(gameId)?.max === 1;
