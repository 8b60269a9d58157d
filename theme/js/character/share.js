// A character travels as a link, /<lang>/character/#c=<game>.<data>, and
// as a JSON file. The data is the character's values (store.js's format),
// compressed (deflate) and written in base64url: a character with four
// spells makes a link of about 300 characters, short enough for a QR code
// on the printed card. It sits in the fragment, which browsers never send:
// the character stays between the two people who share it, and the page
// that opens it is the saved one, offline too.
//
// Everything read here comes from someone else: sizes are bounded before
// anything is decoded, and what the link says is only ever values, which
// the character page checks field by field (character.js) before it shows
// them.

// MAX_LINK bounds the fragment read, MAX_JSON the character once
// decompressed (a deflate bomb stops there) and MAX_FILE an imported file.
const MAX_LINK = 8192;
const MAX_JSON = 65536;
export const MAX_FILE = 65536;

// LinkError is a link or a file that cannot be read; code names why, for
// the page's message (character.unreadable.<code>).
export class LinkError extends Error {
  constructor(code) {
    super(code);
    this.code = code;
  }
}

function toBase64url(bytes) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64url(s) {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) throw new LinkError("garbled");
  let bin;
  try {
    bin = atob(s.replaceAll("-", "+").replaceAll("_", "/"));
  } catch {
    throw new LinkError("garbled");
  }
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

// through runs bytes through a (de)compression stream, stopping at max
// bytes of output.
async function through(bytes, stream, max) {
  const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  const parts = [];
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    n += value.length;
    if (n > max) {
      reader.cancel().catch(() => {});
      throw new LinkError("too_long");
    }
    parts.push(value);
  }
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

// linkFor returns the address of the character page in this language that
// opens values as game's shared character.
export async function linkFor(game, values) {
  const json = new TextEncoder().encode(JSON.stringify(values));
  const z = await through(json, new CompressionStream("deflate-raw"), MAX_JSON * 2);
  const url = new URL(location.href);
  url.search = "";
  url.hash = "c=" + game + "." + toBase64url(z);
  return url.href;
}

// sharedIn returns what a fragment shares, {game, values}, null when it
// shares nothing, or throws a LinkError when it cannot be read.
export async function sharedIn(hash) {
  if (!hash.startsWith("#c=")) return null;
  if (hash.length > MAX_LINK) throw new LinkError("too_long");
  const body = hash.slice(3);
  const dot = body.indexOf(".");
  if (dot <= 0) throw new LinkError("garbled");
  const game = decodeURIComponent(body.slice(0, dot));
  let json;
  try {
    json = new TextDecoder("utf-8", { fatal: true }).decode(await through(fromBase64url(body.slice(dot + 1)), new DecompressionStream("deflate-raw"), MAX_JSON));
  } catch (e) {
    throw e instanceof LinkError ? e : new LinkError("garbled");
  }
  return { game, values: parsed(json) };
}

function parsed(json) {
  let v;
  try {
    v = JSON.parse(json);
  } catch {
    throw new LinkError("garbled");
  }
  if (!v || typeof v !== "object" || Array.isArray(v)) throw new LinkError("not_character");
  return v;
}

// fileFor is the JSON file a character is exported as: it names its game
// and format, so that an import knows where it goes.
export function fileFor(game, values) {
  return JSON.stringify({ compendium: "character", v: 1, game, values }, null, 2) + "\n";
}

// sharedInFile returns what an imported file holds, {game, values}, or
// throws a LinkError.
export function sharedInFile(text) {
  if (text.length > MAX_FILE) throw new LinkError("too_long");
  const o = parsed(text);
  if (o.compendium !== "character" || typeof o.game !== "string" || !o.values || typeof o.values !== "object" || Array.isArray(o.values)) throw new LinkError("not_character");
  if (o.v !== 1) throw new LinkError("version");
  return { game: o.game, values: o.values };
}
