// The player's characters, on this device only (localStorage): one object
// per game, named by its rules document ("fantasy"), holding the values
// of the calculators' fields that make the character, in the engine's
// units ({"magic": 6, "spells": [{"name": "…", "difficulty": 2}]}). The
// key carries a version: a later format takes a new key and reads this
// one. Anything unreadable (another format, a private window's refusal,
// a hand-edited value) reads as no character, never as an error; a
// value the current rules refuse is shown in its field, with its message.
const KEY = "compendium.character.v1";

function all() {
  try {
    const o = JSON.parse(localStorage.getItem(KEY) || "null");
    return o && typeof o === "object" && o.games && typeof o.games === "object" && !Array.isArray(o.games) ? o.games : {};
  } catch {
    return {};
  }
}

// characterOf returns the stored character of game, or null.
export function characterOf(game) {
  const g = all()[game];
  return g && typeof g === "object" && !Array.isArray(g) ? g : null;
}

// saveCharacter stores the character of game; false when the browser
// refuses (storage full or forbidden).
export function saveCharacter(game, values) {
  const games = all();
  games[game] = values;
  try {
    localStorage.setItem(KEY, JSON.stringify({ v: 1, games }));
    return true;
  } catch {
    return false;
  }
}

// The last glance drawn for game in lang, so that the page draws it at
// once, before the engine has computed it again (a glance that arrived
// later pushed the fields down); null when there is none.
export function glanceOf(game, lang) {
  try {
    const o = JSON.parse(localStorage.getItem(KEY + ".glance") || "null");
    const g = o && o[game];
    return g && g.lang === lang && Array.isArray(g.entries) ? g.entries : null;
  } catch {
    return null;
  }
}

export function saveGlance(game, lang, entries) {
  try {
    const o = JSON.parse(localStorage.getItem(KEY + ".glance") || "null") || {};
    o[game] = { lang, entries };
    localStorage.setItem(KEY + ".glance", JSON.stringify(o));
  } catch {
    /* the glance is computed again next time */
  }
}
