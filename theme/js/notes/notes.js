// The notes page (/<lang>/notes/), its own script: the player's bookmarks
// and notes listed by game, each with a link to its rule and, when a new
// edition changed the rule, what changed; export, import, print.
import { toast } from "../shared/toast.js";
import { noteKey, notesStored, writeNotes } from "../shared/store.js";
import { changeText, markRead, notesIndex, stateOf, t } from "../shared/notes.js";
import { fetchPage, sectionBlocks } from "../shared/section.js";
import { FILE_MAX, fileOf, merge, readFile } from "./file.js";

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
    if (!st.gone) li.append(ruleText(root + lang + "/" + n.doc + "/", idx ? sectionId(n, idx) : n.id));
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

// sectionId returns the ID of the section note n is on: a named rule's
// is its section's.
function sectionId(n, idx) {
  const d = idx.docs && idx.docs[n.doc];
  return (d && d.anchors && d.anchors[n.id]) || n.id;
}

// ruleText returns a disclosure that shows, once opened, the rule's text as
// its page shows it now (fetched from page, as the offline copy keeps it),
// or says that this device does not have it.
function ruleText(page, id) {
  const box = el("details", "note-rule");
  box.append(el("summary", "", t("notes.rule_text")));
  const body = el("div", "note-rule-text");
  box.append(body);
  box.addEventListener("toggle", async () => {
    if (!box.open || box.dataset.state) return;
    box.dataset.state = "loading";
    const blocks = sectionBlocks(await fetchPage(page), id, false);
    if (!blocks) {
      delete box.dataset.state;
      body.replaceChildren(el("p", "note-rule-missing", t("notes.rule_unavailable")));
      return;
    }
    // The section's own links ("#armor") lead where they do on its page.
    const at = new URL(page, location.href);
    for (const b of blocks) for (const a of b.querySelectorAll("a[href]")) a.href = new URL(a.getAttribute("href"), at).href;
    body.replaceChildren(...blocks);
    box.dataset.state = "shown";
  });
  return box;
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

initNotesPage();
