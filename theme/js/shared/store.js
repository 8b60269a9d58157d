// The player's characters, on this device only (localStorage): one object
// per game, named by its rules document ("fantasy"), holding the values
// of the calculators' fields that make the character, in the engine's
// units ({"magic": 6, "spells": [{"name": "…", "difficulty": 2}]}). The
// key carries a version: a later format takes a new key and reads this
// one. Anything unreadable (another format, a private window's refusal,
// a hand-edited value) reads as no character, never as an error, game by
// game; a value the current rules refuse is shown in its field, with its
// message. Every write says whether the device kept it (storage full or
// refused: false), so that the page can say so where the player acted.
const KEY = "compendium.character.v1";

// NAME is the key of the character's name among its values: the player's
// own words, so that two characters on one phone, or two printed cards,
// tell apart. A character stored or shared before it had a name has no
// such key and reads as unnamed. No calculator field is named so (the
// spells' "name" is an item's, not the character's).
export const NAME = "name";
// NAME_MAX bounds a name, in characters: it goes into the link and its QR
// code, and on one line above a calculator.
export const NAME_MAX = 40;

// nameOf returns the character's name as plain text: only a string,
// control characters and runs of spaces made one space, at most NAME_MAX
// characters; "" when it has none. What a link or a file says goes
// through here before it is shown (always as text, never as markup).
export function nameOf(values) {
  return cleanName(values && typeof values === "object" ? values[NAME] : "");
}

// cleanName is nameOf for one value.
export function cleanName(v) {
  if (typeof v !== "string") return "";
  const s = v.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ").replace(/\s+/g, " ").trim();
  return Array.from(s).slice(0, NAME_MAX).join("").trim();
}
const GLANCE = KEY + ".glance";
// ASIDE is where a stored value that cannot be read is moved before the
// next good save replaces it: set aside, not trusted, not destroyed (a
// later build that reads it, or a person, may still recover it).
const ASIDE = KEY + ".unreadable";

// read returns the raw text of key, or null (none, or storage refused).
function read(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

// write stores text under key and says whether the device kept it: some
// browsers throw (full, refused), some refuse without a word, so the value
// is read back.
export function write(key, text) {
  try {
    localStorage.setItem(key, text);
    return localStorage.getItem(key) === text;
  } catch {
    return false;
  }
}

// remove deletes key and says whether it is gone.
export function remove(key) {
  try {
    localStorage.removeItem(key);
    return localStorage.getItem(key) === null;
  } catch {
    return false;
  }
}

const isObject = (o) => !!o && typeof o === "object" && !Array.isArray(o);

// parsed is the object stored under key: {value}, or {value: {}, bad: raw}
// when something is there that is not a JSON object.
function parsed(key) {
  const raw = read(key);
  if (raw === null) return { value: {} };
  try {
    const o = JSON.parse(raw);
    if (isObject(o)) return { value: o };
  } catch {
    /* set aside below */
  }
  return { value: {}, bad: raw };
}

// setAside keeps an unreadable stored value under key before a save
// overwrites it (best effort: a full storage may refuse this too).
function setAside(key, raw) {
  if (raw !== undefined && raw !== null) write(key, raw);
}

function all() {
  const p = parsed(KEY);
  const games = p.value.games;
  if (p.bad === undefined && games !== undefined && !isObject(games)) return { games: {}, bad: read(KEY) };
  return { games: isObject(games) ? games : {}, bad: p.bad };
}

// characterOf returns the stored character of game, or null.
export function characterOf(game) {
  const g = all().games[game];
  return isObject(g) ? g : null;
}

// saveCharacter stores the character of game; false when the device
// refuses (storage full or forbidden). The other games' characters stay
// as they are; an unreadable whole is set aside first (ASIDE), and so is
// this game's character when it is not one (ASIDE + "." + game).
export function saveCharacter(game, values) {
  const a = all();
  if (a.bad !== undefined) setAside(ASIDE, a.bad);
  else if (game in a.games && !isObject(a.games[game])) setAside(ASIDE + "." + game, JSON.stringify(a.games[game]));
  a.games[game] = values;
  return write(KEY, JSON.stringify({ v: 1, games: a.games }));
}

// entryOK says whether d is a glance entry as character.js draws one: a
// list's "none yet" sentence, an error, or an answer with [label, text]
// figures. Anything else (an older or newer build's format, an edit by
// hand) is not drawn.
function entryOK(d) {
  if (!isObject(d)) return false;
  if ("none" in d) return typeof d.none === "string";
  const text = (v) => v === undefined || typeof v === "string";
  if (!text(d.calc) || !text(d.rule) || !text(d.title)) return false;
  if ("error" in d) return typeof d.error === "string";
  return (
    text(d.answer) &&
    (d.figures === undefined || (Array.isArray(d.figures) && d.figures.every((f) => Array.isArray(f) && f.length === 2 && f.every((x) => typeof x === "string"))))
  );
}

// The last glance drawn for game in lang, so that the page draws it at
// once, before the engine has computed it again (a glance that arrived
// later pushed the fields down); null when there is none, or when what
// is stored for this game cannot be drawn (the other games' still are).
export function glanceOf(game, lang) {
  const g = parsed(GLANCE).value[game];
  return isObject(g) && g.lang === lang && Array.isArray(g.entries) && g.entries.every(entryOK) ? g.entries : null;
}

// saveGlance stores the glance of game in lang, over whatever was stored
// for it, readable or not; false when the device refuses. It is a cache:
// computed again at the next visit when it is not kept.
export function saveGlance(game, lang, entries) {
  const o = parsed(GLANCE).value;
  o[game] = { lang, entries };
  return write(GLANCE, JSON.stringify(o));
}

// The calculators a player opened or folded on a rules page (calcs/fold.js),
// on this device only: one object, calculator ID → open (true) or folded
// (false). Unreadable or refused storage reads as nothing remembered: every
// calculator then waits folded, as on a first visit.
const OPEN = "compendium.calc-open.v1";

// openedCalc returns whether the player left calculator id open (true),
// folded (false), or neither (undefined).
export function openedCalc(id) {
  const v = parsed(OPEN).value[id];
  return typeof v === "boolean" ? v : undefined;
}

// rememberCalc stores that calculator id is open or folded, and says
// whether the device kept it.
export function rememberCalc(id, open) {
  const o = parsed(OPEN).value;
  o[id] = open;
  return write(OPEN, JSON.stringify(o));
}

// usesCalculators says whether the player has used the calculators on this
// device: a calculator left open, or a character (a calculator pre-filled
// from it shows the character's answer, which the engine computes).
export function usesCalculators() {
  return Object.values(parsed(OPEN).value).includes(true) || read(KEY) !== null;
}

// The player's bookmarks and notes, on this device only: one object, key
// "<doc>#<id>" (a section's or a named rule's ID, which both languages
// share, so a note made on the French page is the English page's too) →
// a note: {doc, id, mark (a bookmark), text (the player's words, plain
// text), title (the heading's words when last saved), lang, at (when
// saved), fp and vals (what the rule was when the note was made or last
// marked read: the section's fingerprint and its rule values, from the
// build's notes index), gone (the last title of a section that no longer
// exists)}. An entry this build cannot read is kept as it is, never
// dropped, and every write is checked (write); a whole that is not a
// JSON object is set aside (NOTES + ".unreadable") before the next save.
const NOTES = "compendium.notes.v1";
const NOTES_ASIDE = NOTES + ".unreadable";

// NOTE_MAX bounds a note's text, in characters: a short note, which a
// notes page, an export and a pocket card hold whole.
export const NOTE_MAX = 2000;

// noteKey is the key of the note on section or rule id of document doc.
export const noteKey = (doc, id) => doc + "#" + id;

const str = (v) => typeof v === "string";
// KEPT_MAX bounds a stored text: above NOTE_MAX, since an import keeps
// both texts of a note written on two devices.
const KEPT_MAX = 25 * NOTE_MAX;

// noteOK says whether n is a note this build can read.
export function noteOK(n) {
  return (
    isObject(n) &&
    str(n.doc) &&
    n.doc !== "" &&
    str(n.id) &&
    n.id !== "" &&
    (n.mark === undefined || typeof n.mark === "boolean") &&
    (n.text === undefined || (str(n.text) && n.text.length <= KEPT_MAX)) &&
    [n.title, n.lang, n.at, n.fp, n.gone].every((v) => v === undefined || str(v)) &&
    (n.vals === undefined || (isObject(n.vals) && Object.values(n.vals).every(str)))
  );
}

// notesStored returns what the device holds: notes, the readable notes by
// key; raw, every entry as stored (readable or not); bad, the stored text
// when it is not a list of notes at all; refused, when storage cannot be
// read (a private window's refusal).
export function notesStored() {
  let refused = false;
  try {
    localStorage.getItem(NOTES);
  } catch {
    refused = true;
  }
  const p = parsed(NOTES);
  const raw = p.bad === undefined && isObject(p.value.notes) ? p.value.notes : {};
  const bad = p.bad !== undefined ? p.bad : p.value.notes !== undefined && !isObject(p.value.notes) ? read(NOTES) : undefined;
  const notes = {};
  let unreadable = 0;
  for (const [k, n] of Object.entries(raw)) {
    if (noteOK(n) && k === noteKey(n.doc, n.id)) notes[k] = n;
    else unreadable++;
  }
  return { notes, raw, bad, unreadable, refused };
}

// writeNotes stores the entries raw (every entry, the unreadable ones as
// they were) and says whether the device kept them; a whole that could
// not be read is set aside first.
export function writeNotes(raw, bad) {
  if (bad !== undefined) setAside(NOTES_ASIDE, bad);
  return write(NOTES, JSON.stringify({ v: 1, notes: raw }));
}

// putNote stores note n over the one of the same key (or removes it when
// it holds neither a bookmark nor words), leaving the others as they
// are; it says whether the device kept it. Nothing is written when the
// text is longer than NOTE_MAX: "long".
export function putNote(n) {
  if (str(n.text) && Array.from(n.text).length > NOTE_MAX) return "long";
  const s = notesStored();
  const k = noteKey(n.doc, n.id);
  if (!n.mark && !(n.text || "").trim()) delete s.raw[k];
  else s.raw[k] = n;
  return writeNotes(s.raw, s.bad) ? "ok" : "refused";
}

// noteOf returns the note on id of doc, or null.
export function noteOf(doc, id) {
  return notesStored().notes[noteKey(doc, id)] || null;
}

// bookmarks returns the sections and named rules the player bookmarked or
// annotated, in the order they were saved: [{doc, id, title, lang, mark,
// note}], doc the rules document's slug ("fantasy"), id the section's ID
// (the same in every language), title the heading's words as last saved
// in lang, mark whether it is bookmarked, note whether it holds words.
// Other pages (the pocket cards) read them through here.
export function bookmarks() {
  return Object.values(notesStored().notes)
    .sort((a, b) => (a.at || "").localeCompare(b.at || ""))
    .map((n) => ({ doc: n.doc, id: n.id, title: n.title || n.gone || n.id, lang: n.lang || "", mark: !!n.mark, note: !!(n.text || "").trim() }));
}
