// A file of notes: its format, the export, an import read and merged. No
// page, no storage.
import { NOTE_MAX, noteKey, noteOK } from "../shared/store.js";

// FORMAT and VERSION name an exported file of notes; a file of a later
// version is refused whole rather than read in part.
export const FORMAT = "compendium-notes";
export const VERSION = 1;
// FILE_MAX bounds a file read for import, in bytes.
export const FILE_MAX = 2 * 1024 * 1024;

// fileOf is the export of notes (a list of notes) as a file's text.
export function fileOf(notes, when) {
  return JSON.stringify({ format: FORMAT, version: VERSION, exported: when, notes }, null, 1) + "\n";
}

// readFile reads the text of an imported file: {notes} (the readable
// ones, and skipped, the count of the others), or {error} naming why
// nothing can be taken from it: "big", "json", "format" (with the
// file's own format name, if any), "version" (with its version).
export function readFile(text) {
  if (text.length > FILE_MAX) return { error: "big" };
  let o;
  try {
    o = JSON.parse(text);
  } catch {
    return { error: "json" };
  }
  if (!o || typeof o !== "object" || Array.isArray(o) || o.format !== FORMAT) {
    return { error: "format", format: o && typeof o.format === "string" ? o.format : "" };
  }
  if (typeof o.version !== "number" || o.version > VERSION || o.version < 1) return { error: "version", version: String(o.version) };
  if (!Array.isArray(o.notes)) return { error: "json" };
  const notes = [];
  let skipped = 0;
  for (const n of o.notes) {
    if (noteOK(n) && Array.from(n.text || "").length <= NOTE_MAX) notes.push(n);
    else skipped++;
  }
  return { notes, skipped };
}

// merge adds the notes of a file to raw (the stored entries, changed in
// place) and counts what it did. A note on a rule that holds none is
// added; one the same as the stored one changes nothing; otherwise the
// bookmark is kept if either has it and, when both have words that
// differ, both texts are kept, the imported one after sep: never one
// dropped for the other.
export function merge(raw, notes, sep) {
  const r = { added: 0, merged: 0, same: 0 };
  for (const n of notes) {
    const k = noteKey(n.doc, n.id);
    const old = raw[k];
    if (!noteOK(old)) {
      // An unreadable stored entry under the same key is not replaced.
      if (old !== undefined) {
        r.same++;
        continue;
      }
      raw[k] = n;
      r.added++;
      continue;
    }
    const a = (old.text || "").trim();
    const b = (n.text || "").trim();
    const text = !b || a === b || a.includes(b) ? old.text || "" : !a ? n.text : old.text + "\n\n" + sep + "\n" + n.text;
    const mark = !!old.mark || !!n.mark;
    if (text === (old.text || "") && mark === !!old.mark) {
      r.same++;
      continue;
    }
    raw[k] = { ...old, text, mark };
    r.merged++;
  }
  return r;
}
