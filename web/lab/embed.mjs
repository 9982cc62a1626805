// The Bot Lab in a frame on someone's page: lab/embed.html#bot/<game>/<code> (a link the
// Lab's Share makes, `lab/` replaced by `lab/embed.html`) or lab/embed.html#<game> (the
// game's template). The reader may edit the code and press Run; only then does Python
// start (match.mjs imports python.mjs on first use), so an embed nobody runs costs a few
// kilobytes. Nothing is kept: "Open in the Bot Lab" carries the code, as it is, to a
// Lab where the reader can keep it. The code runs only in the Lab's sealed worker.
import { _ } from "./words.mjs"; // first: the page's words in the reader's language
import { GAMES, gameName, gameOf } from "./games.mjs";
import { $, numberLines, run, setPlayers, showError, template } from "./match.mjs";
import { linkFor, readLink } from "./share.mjs";

const source = $("lab-source");
let gameId = GAMES[0].id;

async function open() {
  const found = await readLink(location.hash);
  if (found && !found.error) {
    gameId = found.game;
    source.value = found.code;
  } else {
    const named = location.hash.slice(1);
    gameId = gameOf(named) ? named : GAMES[0].id;
    source.value = await template(gameId);
    if (found?.error) {
      // translators: {problem} is why a link's bot could not be read, a sentence
      showError(_("{problem} The game's template is shown instead.", { problem: found.error }), null);
    }
  }
  // translators: {game} is a game's name ("Espionage")
  $("lab-title").textContent = _("A bot for {game}", { game: gameName(gameId) });
  numberLines();
  setPlayers(gameId);
}

$("lab-form").addEventListener("submit", (event) => {
  event.preventDefault();
  run(gameId);
});

$("lab-open").addEventListener("click", async (event) => {
  event.preventDefault();
  const lab = new URL("./", location.href).href;
  window.open(await linkFor(lab, gameId, source.value), "_blank", "noopener");
});

await open();
