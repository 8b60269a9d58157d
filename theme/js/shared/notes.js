// The player's notes against the build's notes index
// (generator/pipeline/notes.go: /<lang>/notes/sections.json, {v, docs:
// {slug: {title, sections: {id: {t, h, v}}, anchors: {id: section}}}}),
// and the notes' words: what a rules page's note control and the notes
// page (notes/notes.js) both say.
import { putNote } from "./store.js";
// sectionOf returns the section of the index that note n is on (a named
// rule's is its section's), or null when the edition has none.
export function sectionOf(n, idx) {
  const d = idx && idx.docs && idx.docs[n.doc];
  if (!d || !d.sections) return null;
  const id = d.sections[n.id] ? n.id : d.anchors && d.anchors[n.id];
  return (id && d.sections[id]) || null;
}

// stateOf says how note n stands against the index: {gone} when its
// section no longer exists, {sec, changed, changes} otherwise, changes
// listing the rule values that differ ({key, what, from, to}: what is the
// value in words, from the index; from or to undefined
// for a value added or removed). Without an index nothing is known: {}.
// A note with no fingerprint (made while the index could not be fetched)
// reads as unchanged.
export function stateOf(n, idx) {
  if (!idx || !idx.docs) return {};
  const sec = sectionOf(n, idx);
  if (!sec) return { gone: true };
  if (!n.fp || n.fp === sec.h) return { sec, changed: false, changes: [] };
  const was = n.vals || {};
  const now = sec.v || {};
  const changes = [];
  for (const key of new Set([...Object.keys(was), ...Object.keys(now)])) {
    if (was[key] !== now[key]) changes.push({ key, what: (idx.m && idx.m[key]) || key, from: was[key], to: now[key] });
  }
  return { sec, changed: true, changes };
}


// t returns the string named k from the page's notes template
// (theme/layouts: "notes-strings"), its {name} places filled from args.
export function t(k, args = {}) {
  const tpl = document.getElementById("notes-ui");
  const el = tpl && tpl.content.querySelector('[data-k="' + k + '"]');
  let s = el ? el.textContent : k;
  for (const [name, v] of Object.entries(args)) s = s.split("{" + name + "}").join(String(v));
  return s;
}

let index;
// notesIndex fetches this language's notes index once per page; null when
// it cannot be had (offline before it was kept): nothing is then said
// changed.
export function notesIndex() {
  if (!index) {
    const b = document.body;
    index = fetch((b.dataset.root || "/") + b.dataset.lang + "/notes/sections.json")
      .then((r) => (r.ok ? r.json() : null))
      .catch(() => null);
  }
  return index;
}

// changeText says in words how the rule moved since the note: one value
// by its figures ("10 → 12"), several each with what it is.
export function changeText(st) {
  if (!st.changes || !st.changes.length) return t("notes.changed");
  const one = st.changes.length === 1;
  const fig = (v) => v ?? "—";
  const what = st.changes
    .map((c) => (one ? fig(c.from) + " → " + fig(c.to) : t("notes.change_item", { what: c.what || c.key, from: fig(c.from), to: fig(c.to) })))
    .join(", ");
  return t("notes.changed_values", { changes: what });
}

// markRead takes the section as it is now as what note n was made against.
export function markRead(n, st) {
  return putNote({ ...n, fp: st.sec.h, vals: st.sec.v || {} });
}

