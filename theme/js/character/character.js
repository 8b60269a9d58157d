// The character page's script (/<lang>/character/, theme/layouts/character.html):
// per game, the character's fields (the calculators' own, drawn by the
// same partials and read by the same readForm), kept on this device
// (store.js) at every change, and "at a glance", the figures that matter
// computed by the engine through the calculators' worker, in words first:
// the calculators' own answers, each under a link to its rule.
// calcui.PrepareCharacter writes what a game computes (data-character).
import { loadEngine, Superseded } from "../shared/engine.js";
import { clearErrors, forText, readForm, showFieldError, writeForm } from "../calcs/form.js";
import { answer, loadFailed } from "../calcs/result.js";
import { fill, fmt, t } from "../shared/page.js";
import { formatFigure, get, glanceInput, set } from "../calcs/format.js";
import { characterOf, cleanName, glanceOf, NAME, nameOf, saveCharacter, saveGlance } from "../shared/store.js";
import { fileFor, linkFor, LinkError, MAX_FILE, sharedIn, sharedInFile } from "./share.js";
import { qrSVG } from "../shared/qr.js";
import { toast } from "../shared/toast.js";

// The page's language: layouts/base.html writes it on every page.
const lang = document.documentElement.lang;

// labelOf is the words that name a field, for a message about it.
function labelOf(el) {
  const l = el.id && el.ownerDocument.querySelector('label[for="' + CSS.escape(el.id) + '"]');
  return ((l || el.closest("fieldset")?.querySelector("legend"))?.textContent || el.dataset.path).trim();
}

// fits says whether v can be the value of field el: the right type, and
// for a choice one of its options. A number out of its range fits: the
// field shows it with its range message, as a player's typing would.
function fits(el, v) {
  const has = (x) => [...el.querySelectorAll("option, input")].some((o) => o.value === String(x));
  switch (el.dataset.kind) {
    case "bool":
      return typeof v === "boolean";
    case "int":
    case "number":
      return typeof v === "number" && Number.isFinite(v);
    case "intenum":
      return typeof v === "number" && has(v);
    case "enum":
      return typeof v === "string" && has(v);
    case "ints":
      return Array.isArray(v) && v.length <= 100 && v.every((x) => typeof x === "number" && Number.isFinite(x));
    case "enumset":
      return Array.isArray(v) && v.every((x) => typeof x === "string" && has(x));
    case "events":
      return false; // no character field is a timeline
    default:
      return typeof v === "string" && v.length <= 80;
  }
}

// shown is a value as a message quotes it: short, whatever it is.
function shown(v) {
  const s = typeof v === "string" ? v : JSON.stringify(v) ?? String(v);
  return s.length > 40 ? s.slice(0, 39) + "…" : s;
}

// unknownKeys lists the keys of given that no field of scope reads.
function unknownKeys(given, known, prefix = "") {
  const out = [];
  for (const [k, v] of Object.entries(given)) {
    const p = prefix + k;
    if (known.has(p)) continue;
    if (v && typeof v === "object" && !Array.isArray(v) && [...known].some((q) => q.startsWith(p + "."))) out.push(...unknownKeys(v, known, p + "."));
    else out.push(p);
  }
  return out;
}

// merged returns the defaults with what the stored character has for
// each of its fields: a key the fields do not know is left out. Given
// problems (a shared character: someone else's values), each value is
// checked against its field first, and each one refused, as each key no
// field reads, becomes a problem shown by its field.
function merged(scope, defaults, stored, problems) {
  const values = JSON.parse(JSON.stringify(defaults || {}));
  for (const el of scope.querySelectorAll("[data-path]")) {
    const v = get(stored || {}, el.dataset.path);
    if (v === undefined || v === null) continue;
    if (problems && !fits(el, v)) {
      const key = el.tagName === "SELECT" && typeof v === "string" ? "character.gone" : "character.bad";
      problems.push({ el, message: fill(t(key), { label: labelOf(el), value: shown(v) }) });
      continue;
    }
    // A choice its list does not hold keeps the default (wire says so).
    if (el.tagName === "SELECT" && ![...el.options].some((o) => o.value === String(v))) continue;
    set(values, el.dataset.path, v);
  }
  return values;
}

// number gives an item's IDs, labels and words its rank (the template's
// __N__), again after an item before it is removed.
function number(list) {
  list.querySelectorAll(":scope > li").forEach((li, i) => {
    const n = String(i + 1);
    for (const el of li.querySelectorAll("[id], label[for], [aria-describedby]")) {
      for (const attr of ["id", "for", "aria-describedby"]) {
        const key = "t" + attr.replace("-", "");
        if (!el.hasAttribute(attr)) continue;
        if (!(key in el.dataset)) el.dataset[key] = el.getAttribute(attr);
        el.setAttribute(attr, el.dataset[key].replaceAll("__N__", n));
      }
    }
    const head = li.querySelector(".character-item-n");
    head.textContent = fill(head.dataset.label, { n });
    const rm = li.querySelector(".character-item-remove");
    rm.setAttribute("aria-label", fill(rm.dataset.label, { n }));
  });
}

function addItem(sec, values, problems) {
  const list = sec.querySelector(".character-items");
  const li = sec.querySelector(".character-item-template").content.firstElementChild.cloneNode(true);
  list.appendChild(li);
  number(list);
  writeForm(li, merged(li, sec._data.list.defaults, values, problems));
  if (problems) {
    const unknown = unknownKeys(values, new Set([...li.querySelectorAll("[data-path]")].map((el) => el.dataset.path)));
    if (unknown.length) problems.push({ message: li.querySelector(".character-item-n").textContent + " — " + fill(t("character.unknown"), { keys: unknown.slice(0, 8).map(shown).join(", ") }) });
  }
  return li;
}

// read returns the character the form shows, and its errors.
function read(sec) {
  const main = readForm(sec.querySelector(".character-main"));
  const values = main.values;
  let errors = main.errors;
  const items = [];
  const list = sec._data.list;
  if (list) {
    for (const li of sec.querySelectorAll(".character-items > li")) {
      const r = readForm(li);
      r.values.name = String(r.values.name || "").trim().slice(0, 80);
      items.push({ li, values: r.values });
      errors = errors.concat(r.errors);
    }
    values[list.key] = items.map((i) => i.values);
  }
  const name = cleanName(sec.querySelector(".character-name").value);
  if (name) values[NAME] = name;
  return { values, items, errors };
}

// glanceData is what one answer says: its title and rule, the engine's
// answer (or its error) and the figures, as [label, text] pairs.
function glanceData(g, title, out) {
  if (out.error) return { calc: g.calc, rule: g.rule, title, error: out.error["message_" + lang] || out.error.message || t("calc.state.invalid") };
  const figures = [];
  (g.figures || []).forEach((f, i) => {
    const v = get(out, f.path);
    if (v !== undefined) figures.push([g.labels[i], formatFigure(v, f.format, t, fmt(), get(out, f.path + "_fraction"))]);
  });
  return { calc: g.calc, rule: g.rule, title, answer: (out.answer && out.answer[lang]) || "", figures };
}

// glanceEntry draws one answer: what it is for, linked to its rule, the
// engine's answer, then its figures.
function glanceEntry(d) {
  const div = document.createElement("div");
  div.className = "glance";
  div.dataset.glance = String(d.calc || "");
  const h = document.createElement("h4");
  h.className = "glance-title";
  const a = document.createElement("a");
  a.href = String(d.rule || "");
  a.textContent = String(d.title || "");
  h.appendChild(a);
  div.appendChild(h);
  if (d.error !== undefined) {
    const p = document.createElement("p");
    p.className = "calc-answer glance-error";
    p.textContent = String(d.error);
    div.appendChild(p);
    return div;
  }
  div.appendChild(answer(String(d.answer || "")));
  if (Array.isArray(d.figures) && d.figures.length) {
    const dl = document.createElement("dl");
    dl.className = "calc-figures";
    for (const [label, text] of d.figures) {
      const row = document.createElement("div");
      const dt = document.createElement("dt");
      dt.textContent = String(label);
      const dd = document.createElement("dd");
      dd.textContent = String(text);
      row.append(dt, dd);
      dl.appendChild(row);
    }
    div.appendChild(dl);
  }
  return div;
}

// drawGlance puts the answers in the glance: entries, or the list's
// "none yet" sentence where a list has no item.
function drawGlance(box, entries) {
  box.replaceChildren(
    ...entries.map((d) => {
      if (!d.none) return glanceEntry(d);
      const p = document.createElement("p");
      p.className = "glance-none";
      p.textContent = String(d.none);
      return p;
    }),
  );
}

// update stores the character and computes its glance; a newer change
// supersedes a computation still running. Only the player's changes are
// stored (fromUser): opening the page makes no character, and the
// calculators keep their defaults until there is one.
async function update(sec, fromUser = true) {
  const form = sec.querySelector(".character-form");
  const r = read(sec);
  clearErrors(form);
  showProblems(sec);
  for (const e of r.errors) showFieldError(form, e.field, e.control, e.message);
  const box = sec.querySelector(".character-answers");
  // The printed card's summary of the character, as a calculator's.
  const parts = [forText(sec.querySelector(".character-main"))];
  for (const it of r.items) parts.push((it.values.name || it.li.querySelector(".character-item-n").textContent) + " — " + forText(it.li));
  const name = nameOf(r.values);
  const summary = parts.filter(Boolean).join(" · ");
  sec.querySelector(".character-for-text").textContent = name && summary ? name + " — " + summary : name || summary;
  showName(sec, name);
  const seq = (sec._seq = (sec._seq || 0) + 1);
  if (r.errors.length) {
    box.dataset.state = "invalid";
    return;
  }
  if (fromUser) unsaved(sec, saveCharacter(sec.dataset.characterGame, r.values) ? "" : t("character.unsaved"));
  if (box.dataset.state !== "cached") box.dataset.state = "loading";
  const jobs = [];
  let engine;
  try {
    engine = await loadEngine();
  } catch {
    box.dataset.state = "invalid";
    loadFailed(box, t);
    return;
  }
  for (const g of sec._data.glance) {
    if (g.each) {
      r.items.forEach((it, i) => {
        const title = it.values.name || it.li.querySelector(".character-item-n").textContent;
        jobs.push(engine.run("character-" + sec.dataset.characterGame + "-" + g.calc + "-" + i, g.calc, JSON.stringify(glanceInput(g, r.values, it.values))).then((res) => glanceData(g, title, res.out)));
      });
      if (!r.items.length) jobs.push(Promise.resolve({ none: sec._data.list.none || "" }));
    } else jobs.push(engine.run("character-" + sec.dataset.characterGame + "-" + g.calc, g.calc, JSON.stringify(glanceInput(g, r.values))).then((res) => glanceData(g, g.title, res.out)));
  }
  let entries;
  try {
    entries = await Promise.all(jobs);
  } catch (e) {
    if (e instanceof Superseded || seq !== sec._seq) return;
    box.dataset.state = "invalid";
    loadFailed(box, t);
    return;
  }
  if (seq !== sec._seq) return;
  drawGlance(box, entries);
  if (!sec._shared) saveGlance(sec.dataset.characterGame, lang, entries);
  box.dataset.state = "ready";
  drawLink(sec, r.values, seq);
}

// showName puts the character's name on its card's title (the game's
// heading, which also names the section for assistive technologies).
function showName(sec, name) {
  const span = sec.querySelector(".character-name-title");
  const text = name ? " — " + name : "";
  if (span.textContent !== text) span.textContent = text;
}

// showProblems shows what a shared character's link or file held that
// the rules refuse: under its field when it has one, else above the
// fields.
function showProblems(sec) {
  const form = sec.querySelector(".character-form");
  const box = form.querySelector(".calc-error");
  for (const p of sec._problems || []) {
    if (p.el) {
      // A choice or a box has no place for an error, a player's choice
      // being always valid: a shared one's problem gets one by its field.
      const holder = p.el.closest(".field") || p.el.parentElement;
      if (!holder.querySelector(".field-error")) {
        const e = document.createElement("p");
        e.className = "field-error";
        e.id = (p.el.id || "character-" + sec.dataset.characterGame + "-" + p.el.dataset.path.replaceAll(/[._]/g, "-")) + "-error";
        holder.appendChild(e);
      }
      showFieldError(form, p.el, p.el, p.message);
    } else {
      box.textContent = box.hidden ? p.message : box.textContent + " " + p.message;
      box.hidden = false;
    }
  }
}

// drawLink writes the character's link where the page offers it, and its
// QR code on the printed card.
async function drawLink(sec, values, seq) {
  let link;
  try {
    link = await linkFor(sec.dataset.characterGame, values);
  } catch {
    return; // a browser without CompressionStream: no link to share
  }
  if (seq !== sec._seq) return;
  sec._link = link;
  sec.querySelector(".character-share-link").href = link;
  const qr = sec.querySelector(".character-qr");
  try {
    qr.querySelector(".character-qr-code").replaceChildren(qrSVG(link, t("character.qr")));
    qr.hidden = false;
  } catch {
    qr.hidden = true; // too long for a QR code: the card prints without one
  }
}

// openShared shows values as game's character in sec, read-only, checked
// field by field, until the reader keeps it or goes back to their own.
function openShared(sec, values) {
  const problems = [];
  const main = sec.querySelector(".character-main");
  const list = sec._data.list;
  const known = new Set([...main.querySelectorAll("[data-path]")].map((el) => el.dataset.path));
  if (list) known.add(list.key);
  known.add(NAME);
  writeForm(main, merged(main, sec._data.defaults, values, problems));
  const name = sec.querySelector(".character-name");
  name.value = nameOf(values);
  name.disabled = true;
  const unknown = unknownKeys(values, known);
  if (unknown.length) problems.push({ message: fill(t("character.unknown"), { keys: unknown.slice(0, 8).map(shown).join(", ") + (unknown.length > 8 ? "…" : "") }) });
  sec.querySelector(".character-items")?.replaceChildren();
  if (list && values[list.key] !== undefined) {
    const label = sec.querySelector(".character-list legend")?.textContent.trim() || list.key;
    const items = values[list.key];
    if (!Array.isArray(items)) problems.push({ message: fill(t("character.list_bad"), { label }) });
    else {
      if (items.length > list.max) problems.push({ message: fill(t("character.list_cut"), { label, n: items.length, max: list.max }) });
      const bad = items.slice(0, list.max).filter((it) => !it || typeof it !== "object" || Array.isArray(it)).length;
      if (bad) problems.push({ message: fill(t("character.item_bad"), { label, n: bad }) });
      for (const it of items.slice(0, list.max)) if (it && typeof it === "object" && !Array.isArray(it)) addItem(sec, it, problems);
    }
  }
  sec._problems = problems;
  sec._shared = true;
  sec.dataset.shared = "";
  sec.querySelector(".calc-inputs").disabled = true;
  sec.querySelector(".character-shared").hidden = false;
  for (const other of document.querySelectorAll("[data-character-game]")) if (other !== sec) other.hidden = true;
  const box = sec.querySelector(".character-answers");
  box.replaceChildren();
  delete box.dataset.state;
  update(sec, false);
  sec.querySelector(".character-shared").focus();
}

// unsaved says in the game's section that the device refused to keep the
// character (message), or hides that note once a save went through ("").
function unsaved(sec, message) {
  const p = sec.querySelector(".character-unsaved");
  if (!p) return;
  if (p.textContent !== message) p.textContent = message;
  p.hidden = !message;
}

// keep makes the shared character the reader's own: stored as the form
// shows it (a refused value stays the default), then editable as usual.
// When the device refuses to store it, nothing changes but the note that
// says so: the character stays open, read-only, in the page's address.
function keep(sec) {
  if (!saveCharacter(sec.dataset.characterGame, read(sec).values)) {
    unsaved(sec, t("character.not_kept"));
    return;
  }
  unsaved(sec, "");
  sec._shared = false;
  sec._problems = [];
  delete sec.dataset.shared;
  sec.querySelector(".calc-inputs").disabled = false;
  sec.querySelector(".character-name").disabled = false;
  sec.querySelector(".character-shared").hidden = true;
  for (const other of document.querySelectorAll("[data-character-game]")) other.hidden = false;
  history.replaceState(null, "", location.pathname + location.search);
  update(sec, true);
  toast(t("character.kept"));
}

// problemOfLink says on the page why a link or a file opened nothing.
function problemOfLink(e, game) {
  const p = document.querySelector(".character-problem");
  const code = e instanceof LinkError ? e.code : "garbled";
  p.textContent = fill(t("character.unreadable." + code), { game: shown(game || "") });
  p.hidden = false;
}

// sectionOf is the section of game, or null when the page has none.
function sectionOf(game) {
  return [...document.querySelectorAll("[data-character-game]")].find((s) => s.dataset.characterGame === game) || null;
}

// importFile reads a character file and opens it as a shared character
// would open: read-only, checked field by field, until the reader keeps
// it; the address becomes its link, as if it had been opened.
async function importFile(file) {
  let game;
  try {
    if (file.size > MAX_FILE) throw new LinkError("too_long");
    const shared = sharedInFile(await file.text());
    game = shared.game;
    const sec = sectionOf(game);
    if (!sec) throw new LinkError("game");
    history.replaceState(null, "", await linkFor(game, shared.values));
    openShared(sec, shared.values);
  } catch (e) {
    problemOfLink(e, game);
  }
}

function wire(sec) {
  sec._data = JSON.parse(sec.dataset.character || "{}");
  const form = sec.querySelector(".character-form");
  const stored = characterOf(sec.dataset.characterGame) || {};
  const main = sec.querySelector(".character-main");
  writeForm(main, merged(main, sec._data.defaults, stored));
  const list = sec._data.list;
  if (list) {
    const items = Array.isArray(stored[list.key]) ? stored[list.key].slice(0, list.max) : [];
    for (const it of items) if (it && typeof it === "object") addItem(sec, it);
  }
  form.querySelector(".calc-inputs").disabled = false;
  const name = sec.querySelector(".character-name");
  name.value = nameOf(stored);
  name.disabled = false;
  // The last glance first, out of date until the engine's answers: drawn
  // later, it pushed the fields down.
  const last = glanceOf(sec.dataset.characterGame, lang);
  const box = sec.querySelector(".character-answers");
  if (last) {
    try {
      drawGlance(box, last);
      box.dataset.state = "cached";
    } catch {
      // A stored glance this page cannot draw is not trusted: the engine's
      // answers replace it, and the next one computed is stored over it.
      box.replaceChildren();
    }
  }
  form.addEventListener("submit", (e) => e.preventDefault());
  form.addEventListener("input", () => update(sec));
  form.addEventListener("change", (e) => {
    if (e.target.type !== "text") update(sec);
  });
  form.addEventListener("click", (e) => {
    if (e.target.closest(".character-item-add")) {
      if (sec.querySelectorAll(".character-items > li").length >= list.max) return;
      const li = addItem(sec, {});
      li.querySelector("input").focus();
      update(sec);
    } else if (e.target.closest(".character-item-remove")) {
      const li = e.target.closest("li");
      const next = li.nextElementSibling || li.previousElementSibling;
      li.remove();
      number(sec.querySelector(".character-items"));
      (next?.querySelector(".character-item-remove") || sec.querySelector(".character-item-add")).focus();
      update(sec);
    }
  });
  sec.querySelector(".character-share").hidden = false;
  // The phone's share sheet where there is one (the link goes straight
  // into a message), else the link copied.
  const shareButton = sec.querySelector(".character-share-copy");
  const copy = () =>
    navigator.clipboard?.writeText(sec._link).then(
      () => toast(t("character.link_copied")),
      () => {},
    );
  if (typeof navigator.share === "function") shareButton.textContent = t("character.share.send");
  shareButton.addEventListener("click", () => {
    if (!sec._link) return;
    if (typeof navigator.share !== "function") return copy();
    const title = [nameOf(read(sec).values), sec.querySelector("h2")?.firstChild?.textContent.trim()].filter(Boolean).join(" — ");
    navigator.share({ title, url: sec._link }).catch((e) => {
      // Closed by the player: nothing to say. Refused (no share target,
      // a policy): the link is copied instead.
      if (!e || e.name !== "AbortError") copy();
    });
  });
  sec.querySelector(".character-export").addEventListener("click", () => {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([fileFor(sec.dataset.characterGame, read(sec).values)], { type: "application/json" }));
    a.download = "character-" + sec.dataset.characterGame + ".json";
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  });
  sec.querySelector(".character-import").addEventListener("change", (e) => {
    const f = e.target.files?.[0];
    if (f) importFile(f);
  });
  sec.querySelector(".character-keep").addEventListener("click", () => keep(sec));
  update(sec, false);
  // A choice the rules no longer offer (a character of an older edition)
  // cannot show in its list: the default shows, and the page says so.
  const gone = [];
  for (const el of form.querySelectorAll("select[data-path]")) {
    const li = el.closest(".character-item");
    const v = li ? get(stored[list?.key]?.[[...li.parentElement.children].indexOf(li)] || {}, el.dataset.path) : get(stored, el.dataset.path);
    if (typeof v === "string" && v !== "" && ![...el.options].some((o) => o.value === v)) gone.push(t("character.gone").replace("{label}", form.querySelector('label[for="' + el.id + '"]')?.textContent || el.dataset.path).replace("{value}", v));
  }
  if (gone.length) {
    const box = form.querySelector(".calc-error");
    box.textContent = gone.join(" ");
    box.hidden = false;
  }
}

// initCharacter wires the character page's games; other pages have none.
// A shared character's link (#c=…) opens it read-only in its game.
async function initCharacter() {
  const games = document.querySelectorAll("[data-character-game]");
  if (!games.length) return;
  games.forEach(wire);
  // Another link opened on this page reads the page again, as a new visit.
  addEventListener("hashchange", () => location.hash.startsWith("#c=") && location.reload());
  let shared;
  try {
    shared = await sharedIn(location.hash);
  } catch (e) {
    problemOfLink(e);
    return;
  }
  if (!shared) return;
  const sec = sectionOf(shared.game);
  if (!sec) problemOfLink(new LinkError("game"), shared.game);
  else openShared(sec, shared.values);
}

// Set here as calcs.js does on the calculators' pages: the page is never
// drawn with its script alive but its style without JavaScript.
document.documentElement.classList.add("js");
initCharacter();
