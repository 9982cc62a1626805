// A bot's code in a link: lab/#bot/<game>/<code>, the code as UTF-8, compressed with
// zlib's deflate (CompressionStream "deflate": its checksum tells a damaged link from a
// good one) and written in base64url. The Lab shows such a code and runs none of it until
// the person presses Run (web/lab/lab.mjs).

import { gameOf } from "./games.mjs";
import { N_, _ } from "./words.mjs";

const PREFIX = "#bot/";
const MAX_LINK = 100_000; // characters of the link's code part
const MAX_CODE = 200_000; // bytes of code once inflated

const DAMAGED = N_("This link's bot could not be read: part of the link is missing or changed.");

function base64url(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function unbase64url(text) {
  const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0));
}

async function squeeze(bytes, how) {
  const stream = new Blob([bytes]).stream().pipeThrough(how);
  const parts = [];
  let size = 0;
  for (const reader = stream.getReader(); ; ) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_CODE) {
      await reader.cancel();
      throw new Error("too long");
    }
    parts.push(value);
  }
  return new Uint8Array(await new Blob(parts).arrayBuffer());
}

// Why `code` cannot go in a link (linkFor gave null), in a person's words: its size
// when it is over what a link may hold, else its link's length, even compressed.
export function tooLong(code) {
  const bytes = new TextEncoder().encode(code).length;
  if (bytes <= MAX_CODE) {
    return _("This bot is too long for a link (even compressed, its link would pass 100,000 characters): share it as a file instead.");
  }
  // translators: {size} and {most} are sizes in kilobytes (160, 200)
  return _("This bot is too long for a link ({size} KB of code; a link holds up to {most} KB): share it as a file instead.", {
    size: Math.round(bytes / 1000),
    most: MAX_CODE / 1000,
  });
}

// The address of the Lab (`lab`, a URL without its hash) holding `code` for `game`; null
// when the link could not be read back (too long: readLink would refuse it).
export async function linkFor(lab, game, code) {
  const bytes = new TextEncoder().encode(code);
  if (bytes.length > MAX_CODE) return null;
  let packed;
  try {
    packed = await squeeze(bytes, new CompressionStream("deflate"));
  } catch {
    return null;
  }
  const data = base64url(packed);
  return data.length > MAX_LINK ? null : `${lab}${PREFIX}${game}/${data}`;
}

// What a location's hash holds: null (no bot), {game, code}, or {error} in a person's words.
export async function readLink(hash) {
  if (!hash.startsWith(PREFIX)) return null;
  const [game, data = "", ...rest] = hash.slice(PREFIX.length).split("/");
  if (!gameOf(game) || rest.length) {
    return { error: _("This link is not a bot for any of the Lab's games.") };
  }
  if (data.length > MAX_LINK || !/^[A-Za-z0-9_-]+$/.test(data)) return { error: _(DAMAGED) };
  try {
    const bytes = await squeeze(unbase64url(data), new DecompressionStream("deflate"));
    const code = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return { game, code };
  } catch (error) {
    if (error.message === "too long") return { error: _("This link's bot is too long to open.") };
    return { error: _(DAMAGED) };
  }
}
