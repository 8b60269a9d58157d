// The player's bookmarks and notes: a control beside each heading and
// named rule of a rules page (one button, which opens a panel under the
// heading), and the notes page (/<lang>/notes/), which lists them by game
// and exports, imports and prints them. They are kept by
// shared/store.js, compared with the build's notes index by notesdata.js.
import { toast } from "../shared/toast.js";
import { NOTE_MAX, noteKey, notesStored, putNote, writeNotes } from "../shared/store.js";
import { FILE_MAX, fileOf, merge, readFile, sectionOf, stateOf } from "./notesdata.js";

// t returns the string named k from the page's notes template
// (theme/layouts: "notes-strings"), its {name} places filled from args.
function t(k, args = {}) {
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
function notesIndex() {
  if (!index) {
    const b = document.body;
    index = fetch((b.dataset.root || "/") + b.dataset.lang + "/notes/sections.json")
      .then((r) => (r.ok ? r.json() : null))
      .catch(() => null);
  }
  return index;
}

// changeText says in words how the rule moved since the note.
export function changeText(st) {
  if (!st.changes || !st.changes.length) return t("notes.changed");
  const one = st.changes.length === 1;
  const what = st.changes.map((c) => (one ? "" : c.key + " ") + (c.from ?? "—") + " → " + (c.to ?? "—")).join(" ; ");
  return t("notes.changed_values", { changes: what });
}

// markRead takes the section as it is now as what note n was made against.
function markRead(n, st) {
  return putNote({ ...n, fp: st.sec.h, vals: st.sec.v || {} });
}

// The rules page's control.

// docSlug is the rules document of this page: the last folder of its
// address (/fr/fantasy/).
function docSlug() {
  const parts = location.pathname.split("/").filter((p) => p && p !== "index.html");
  return parts[parts.length - 1] || "";
}

// titleOf is the words a note on the target of link a is listed under: a
// heading's text, or the start of the item that names a rule.
function titleOf(a) {
  const h = a.closest("h2, h3, h4, h5, h6");
  const text = h ? h.querySelector(".heading-text")?.textContent || "" : (a.closest("li, p, dd, dt, td") || a.parentElement).textContent;
  const s = text.replace(/\s+/g, " ").trim();
  return s.length > 80 ? s.slice(0, 79) + "…" : s;
}

// drawButton shows on the control what the player keeps there.
function drawButton(btn, n, st) {
  btn.classList.toggle("is-marked", !!(n && n.mark));
  btn.classList.toggle("has-note", !!(n && (n.text || "").trim()));
  btn.classList.toggle("is-changed", !!(st && st.changed));
  btn.querySelector(".note-glyph").textContent = n && n.mark ? "★" : n ? "✎" : "☆";
  const state = st && st.changed ? t("notes.state_changed") : n && n.mark && (n.text || "").trim() ? t("notes.state_both") : n && n.mark ? t("notes.state_mark") : n ? t("notes.state_note") : "";
  btn.querySelector(".note-state").textContent = state ? " (" + state + ")" : "";
}

let panel;
// openPanel opens the panel under the control btn (closing it elsewhere).
async function openPanel(btn) {
  const doc = docSlug();
  const id = btn.dataset.noteId;
  if (!panel) {
    panel = document.getElementById("note-panel").content.firstElementChild.cloneNode(true);
    panel.addEventListener("keydown", (e) => {
      if (e.key === "Escape") closePanel(true);
    });
  }
  const prev = document.querySelector(".note-toggle[aria-expanded=true]");
  if (prev) prev.setAttribute("aria-expanded", "false");
  btn.setAttribute("aria-expanded", "true");
  panel._btn = btn;
  const h = btn.closest("h2, h3, h4, h5, h6");
  (h || btn.closest("li, p, dd, dt") || btn.parentElement).after(panel);
  panel.hidden = false;
  const n = notesStored().notes[noteKey(doc, id)];
  const mark = panel.querySelector(".note-mark");
  const area = panel.querySelector(".note-text");
  const status = panel.querySelector(".note-status");
  mark.checked = !!(n && n.mark);
  area.value = n ? n.text || "" : "";
  status.textContent = "";
  status.classList.remove("is-error");
  panel.querySelector(".note-change").hidden = true;
  mark.focus();
  const save = async () => {
    const cur = notesStored().notes[noteKey(doc, id)];
    const note = { ...(cur || {}), doc, id, mark: mark.checked, text: area.value, title: titleOf(btn), lang: document.body.dataset.lang, at: cur?.at || new Date().toISOString() };
    if (!cur) {
      const sec = sectionOf(note, await notesIndex());
      if (sec) Object.assign(note, { fp: sec.h, vals: sec.v || {} });
    }
    const r = putNote(note);
    const failed = r !== "ok";
    status.classList.toggle("is-error", failed);
    status.setAttribute("role", failed ? "alert" : "status");
    status.textContent = r === "long" ? t("notes.long", { n: Array.from(area.value).length, max: NOTE_MAX }) : failed ? t("notes.refused") : note.mark || note.text.trim() ? t("notes.saved") : t("notes.removed");
    refresh(btn);
  };
  mark.onchange = save;
  panel.querySelector(".note-save").onclick = save;
  panel.querySelector(".note-close").onclick = () => closePanel(true);
  const st = n ? stateOf(n, await notesIndex()) : {};
  if (st.changed && panel._btn === btn) {
    const ch = panel.querySelector(".note-change");
    ch.querySelector(".note-change-text").textContent = changeText(st);
    ch.hidden = false;
    ch.querySelector(".note-read").onclick = () => {
      const r = markRead(notesStored().notes[noteKey(doc, id)], st);
      if (r === "ok") ch.hidden = true;
      else {
        status.classList.add("is-error");
        status.textContent = t("notes.refused");
      }
      refresh(btn);
    };
  }
}

function closePanel(focus) {
  if (!panel || panel.hidden) return;
  panel.hidden = true;
  const btn = panel._btn;
  btn.setAttribute("aria-expanded", "false");
  if (focus) btn.focus();
}

// refresh draws control btn from what is stored.
async function refresh(btn) {
  const n = notesStored().notes[noteKey(docSlug(), btn.dataset.noteId)];
  drawButton(btn, n, null);
  if (n) drawButton(btn, n, stateOf(n, await notesIndex()));
}

// initNoteControls puts the control beside each heading's and named
// rule's link of a rules page.
function initNoteControls() {
  const tpl = document.getElementById("note-panel");
  if (!tpl) return;
  const doc = docSlug();
  const stored = notesStored().notes;
  const mine = Object.values(stored).some((n) => n.doc === doc);
  for (const a of document.querySelectorAll("main.doc article :is(h2, h3, h4, h5, h6)[id] > a.heading-link, main.doc article a.anchor-link")) {
    const id = a.getAttribute("href").slice(1);
    const btn = document.createElement("button");
    btn.type = "button";
    btn.className = "note-toggle";
    btn.dataset.noteId = id;
    btn.setAttribute("aria-expanded", "false");
    const glyph = document.createElement("span");
    glyph.className = "note-glyph";
    glyph.setAttribute("aria-hidden", "true");
    const name = document.createElement("span");
    name.className = "visually-hidden";
    name.textContent = t("notes.control");
    const state = document.createElement("span");
    state.className = "visually-hidden note-state";
    name.append(state);
    btn.append(glyph, name);
    a.after(btn);
    drawButton(btn, stored[noteKey(doc, id)], null);
    if (mine && stored[noteKey(doc, id)]) refresh(btn);
  }
  document.addEventListener("click", (e) => {
    const btn = e.target.closest(".note-toggle");
    if (!btn) return;
    if (btn.getAttribute("aria-expanded") === "true") closePanel(false);
    else openPanel(btn);
  });
}

// The notes page.

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// say shows a message of the notes page: a problem in its alert, the
// rest in its status line.
function say(main, text, problem) {
  const box = main.querySelector(problem ? ".notes-problem" : ".notes-status");
  box.textContent = text;
  box.hidden = !text;
}

// drawNotes fills the notes page from what is stored.
async function drawNotes(main) {
  const s = notesStored();
  const problems = [];
  if (s.refused) problems.push(t("notes.storage_refused"));
  if (s.bad !== undefined) problems.push(t("notes.unreadable"));
  if (s.unreadable) problems.push(t("notes.unreadable_some", { n: s.unreadable }));
  say(main, problems.join(" "), true);
  const idx = await notesIndex();
  const notes = Object.values(s.notes).sort((a, b) => (a.at || "").localeCompare(b.at || ""));
  const lists = new Map();
  for (const sec of main.querySelectorAll("[data-notes-game]")) {
    const ol = sec.querySelector(".notes-list");
    ol.textContent = "";
    lists.set(sec.dataset.notesGame, ol);
    sec.hidden = true;
  }
  const root = document.body.dataset.root || "/";
  const lang = document.body.dataset.lang;
  for (const n of notes) {
    const ol = lists.get(n.doc) || lists.get("");
    const st = stateOf(n, idx);
    const li = el("li", "note-item" + (st.changed ? " is-changed" : "") + (st.gone ? " is-gone" : ""));
    li.dataset.note = noteKey(n.doc, n.id);
    const head = el("p", "note-head");
    if (n.mark) head.append(el("span", "note-badge", "★ " + t("notes.bookmark")), " ");
    const title = (st.sec && st.sec.t) || n.title || n.id;
    if (st.gone) head.append(el("span", "note-title", title));
    else {
      const a = el("a", "note-title", title);
      a.href = root + lang + "/" + n.doc + "/#" + encodeURIComponent(n.id);
      head.append(a);
    }
    li.append(head);
    if (st.gone) li.append(el("p", "note-gone", t("notes.gone")));
    if (st.changed) {
      const p = el("p", "note-change", changeText(st) + " ");
      const b = el("button", "note-read", t("notes.mark_read"));
      b.type = "button";
      b.onclick = () => {
        if (markRead(n, st) === "ok") drawNotes(main).then(() => main.querySelector('[data-note="' + CSS.escape(li.dataset.note) + '"] .note-title')?.focus());
        else say(main, t("notes.refused"), true);
      };
      p.append(b);
      li.append(p);
    }
    if ((n.text || "").trim()) li.append(el("p", "note-body", n.text));
    const tools = el("p", "note-tools");
    const del = el("button", "note-delete", t("notes.delete"));
    del.type = "button";
    del.onclick = () => {
      if (!del.dataset.confirm) {
        del.dataset.confirm = "1";
        del.textContent = t("notes.delete_confirm");
        return;
      }
      const cur = notesStored();
      delete cur.raw[noteKey(n.doc, n.id)];
      if (writeNotes(cur.raw, cur.bad)) {
        toast(t("notes.deleted"));
        drawNotes(main).then(() => main.querySelector("h1").focus());
      } else say(main, t("notes.refused"), true);
    };
    tools.append(del);
    li.append(tools);
    if (ol) {
      ol.append(li);
      ol.closest("[data-notes-game]").hidden = false;
    }
  }
  main.querySelector(".notes-empty").hidden = notes.length > 0;
  main.querySelector(".notes-export").disabled = notes.length === 0;
}

// importText merges a file's text into the stored notes and says what it
// did; nothing is written when the file cannot be read.
function importText(main, text) {
  const f = readFile(text);
  if (f.error) {
    say(main, t("notes.bad." + f.error, { format: f.format || "", version: f.version || "" }), true);
    return;
  }
  const s = notesStored();
  if (s.refused) {
    say(main, t("notes.storage_refused"), true);
    return;
  }
  const r = merge(s.raw, f.notes, t("notes.merged_sep"));
  if (r.added + r.merged > 0 && !writeNotes(s.raw, s.bad)) {
    say(main, t("notes.refused"), true);
    return;
  }
  say(main, "", true);
  drawNotes(main).then(() => {
    let msg = t("notes.imported", r);
    if (f.skipped) msg += " " + t("notes.import_skipped", { n: f.skipped });
    say(main, msg, f.skipped > 0);
    if (!f.skipped) toast(msg);
  });
}

function initNotesPage() {
  const main = document.querySelector("main.notes-page");
  if (!main) return;
  main.querySelector(".notes-actions").hidden = false;
  main.querySelector(".notes-export").addEventListener("click", () => {
    const notes = Object.values(notesStored().notes);
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([fileOf(notes, new Date().toISOString())], { type: "application/json" }));
    a.download = "compendium-notes.json";
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  });
  main.querySelector(".notes-print").addEventListener("click", () => window.print());
  const input = main.querySelector(".notes-import");
  input.addEventListener("change", () => {
    const f = input.files && input.files[0];
    input.value = "";
    if (!f) return;
    if (f.size > FILE_MAX) {
      say(main, t("notes.bad.big"), true);
      return;
    }
    f.text().then(
      (text) => importText(main, text),
      () => say(main, t("notes.bad.json"), true),
    );
  });
  // Another tab's change (a note saved on a rules page) shows here.
  window.addEventListener("storage", () => drawNotes(main));
  drawNotes(main);
}

// initNotes wires the notes' controls of a rules page, or the notes page.
export function initNotes() {
  initNoteControls();
  initNotesPage();
}
