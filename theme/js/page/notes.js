// The note control beside each heading and named rule of a rules page:
// one button, which opens a panel under the heading to bookmark the rule
// or write a short note, kept by shared/store.js; the notes page is
// notes/notes.js.
import { NOTE_MAX, noteKey, notesStored, putNote } from "../shared/store.js";
import { changeText, markRead, notesIndex, sectionOf, stateOf, t } from "../shared/notes.js";

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

// initNotes wires the note controls of a rules page; other pages have
// none.
export function initNotes() {
  initNoteControls();
}
