// The search field of every page: shows the header's field (hidden without
// JavaScript, where the link to the contents stands in), runs each query as
// one types against the page language's index (searchindex.js loads it,
// searchquery.js answers), with the other language's help, draws the results
// as an ARIA combobox's options, says when there is none and what to try
// instead, marks the results this device's offline copy does not hold, and
// highlights the section a result led to.
import { hashID } from "../shared/hash.js";
import { replaced } from "../shared/edition.js";
import { fetchIndex, NewEdition, prepare, ready } from "./searchindex.js";
import { otherAnswers, query, search, suggest } from "./searchquery.js";

const OWN_LIMIT = 8;
const HIT_KEY = "compendium-search-hit";

// keptPages asks the service worker which of urls its copy holds (an
// array of booleans), or null when it does not answer.
function keptPages(urls) {
  const sw = navigator.serviceWorker && navigator.serviceWorker.controller;
  if (!sw) return Promise.resolve(null);
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    const timer = setTimeout(() => resolve(null), 3000);
    ch.port1.onmessage = (ev) => {
      clearTimeout(timer);
      resolve(Array.isArray(ev.data) ? ev.data : null);
    };
    sw.postMessage({ type: "kept-pages", urls }, [ch.port2]);
  });
}

// initSearch shows the header's search field and runs it: `/` focuses it,
// results appear as one types, arrows move, Enter opens, Escape closes,
// and ?q= in the address reproduces a search.
export function initSearch() {
  highlightArrival();
  addEventListener("hashchange", highlightArrival);
  const form = document.querySelector("form.search");
  const body = document.body;
  if (!form || !body.dataset.searchIndex) return;
  // A text field, not type=search: the ARIA combobox pattern's role is
  // not allowed on a search field (the Nu HTML Checker refuses it);
  // inputmode and enterkeyhint keep a phone's search keyboard.
  const input = form.querySelector("#search-input");
  const list = form.querySelector("[role=listbox]");
  if (!input || !list) return;
  const s = showField(form, input, list);
  listen(s);
  shortcut(input);
  const q = new URLSearchParams(location.search).get("q");
  if (q) {
    input.value = q;
    run(s);
  }
  form.dataset.ready = "true";
}

// showField shows the field as a combobox, with its live region and its
// help box, and returns the search's state: its elements, the indexes'
// addresses, the options shown, the active one, and the latest query's
// number (seq), which an answer to an older query checks against.
function showField(form, input, list) {
  const body = document.body;
  form.hidden = false;
  document.querySelectorAll(".search-fallback").forEach((a) => (a.hidden = true));
  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  // One live region says how many results there are, or that there are
  // none; it shows only for the latter.
  const status = document.createElement("div");
  status.className = "search-status";
  status.setAttribute("role", "status");
  form.appendChild(status);
  // help shows, when nothing matched, what the reader may have meant and
  // where to look instead: the glossary and the contents.
  const help = document.createElement("div");
  help.className = "search-help";
  help.hidden = true;
  form.appendChild(help);
  const singleData = document.getElementById("single-data");
  const labels = form.dataset;
  return {
    form,
    input,
    list,
    status,
    help,
    labels,
    kindLabel: { glossary: labels.labelGlossary, calc: labels.labelCalc },
    root: new URL(body.dataset.root || "./", location.href),
    single: singleData ? JSON.parse(singleData.dataset.anchors || "{}") : null,
    ownURL: new URL(body.dataset.searchIndex, location.href).href,
    otherURL: body.dataset.searchIndexOther ? new URL(body.dataset.searchIndexOther, location.href).href : "",
    timer: 0,
    active: -1,
    options: [],
    seq: 0,
  };
}

function setActive(s, i) {
  if (s.active >= 0 && s.options[s.active]) s.options[s.active].setAttribute("aria-selected", "false");
  s.active = i;
  if (i >= 0 && s.options[i]) {
    s.options[i].setAttribute("aria-selected", "true");
    s.input.setAttribute("aria-activedescendant", s.options[i].id);
    s.options[i].scrollIntoView({ block: "nearest" });
  } else {
    s.input.removeAttribute("aria-activedescendant");
  }
}

function setOpen(s, open) {
  open = open && s.options.length > 0;
  s.list.hidden = !open;
  s.input.setAttribute("aria-expanded", String(open));
  if (!open) setActive(s, -1);
}

function say(s, text, visible) {
  s.status.textContent = text;
  s.status.classList.toggle("shown", visible && text !== "");
}

function link(text, href) {
  const a = document.createElement("a");
  a.href = href;
  a.textContent = text;
  return a;
}

// showHelp fills the help box: no result, the suggestion (a link that
// searches it), and the ways to the glossary and the contents.
function showHelp(s, suggestion) {
  const { help, labels, input } = s;
  help.textContent = "";
  const none = document.createElement("p");
  none.className = "search-none";
  none.textContent = labels.labelNone || "";
  help.append(none);
  if (suggestion) {
    const p = document.createElement("p");
    const [before, after] = (labels.labelSuggest || "{q}").split("{q}");
    const a = link(suggestion, "?q=" + encodeURIComponent(suggestion));
    a.className = "search-suggest";
    a.addEventListener("click", (ev) => {
      ev.preventDefault();
      input.value = suggestion;
      input.focus();
      run(s);
    });
    p.append(before, a, after || "");
    help.append(p);
  }
  const p = document.createElement("p");
  p.append(link(labels.labelGlossary || "", labels.glossaryUrl || "#"), " · ", link(labels.labelContents || "", labels.contentsUrl || "#"));
  help.append(p);
  help.hidden = false;
}

// option makes the option of result r, and adds it to s.options.
function option(s, r) {
  const { labels, single } = s;
  const other = r.lang !== document.body.dataset.lang;
  const a = document.createElement("a");
  a.id = "search-opt-" + s.options.length;
  a.className = "search-result";
  a.setAttribute("role", "option");
  a.setAttribute("aria-selected", "false");
  // The single-file edition holds every section in itself, some under
  // another anchor (data-anchors, where two documents share an ID).
  // A rule named inside the section (an anchor) opens at that rule.
  const at = r.anchor || r.id;
  a.href = single ? "#" + (single[r.slug + "#" + at] || at) : new URL(r.lang + "/" + r.url, s.root).href;
  a.dataset.hit = r.slug + "#" + at;
  if (other) a.lang = r.lang;
  const head = document.createElement("span");
  head.className = "search-path";
  const badge = (cls, text, title) => {
    const b = document.createElement("span");
    b.className = cls;
    b.textContent = text;
    if (title) b.title = title;
    head.append(b, " ");
  };
  if (other) badge("search-lang", r.lang.toUpperCase(), labels.labelOther);
  if (r.kind && s.kindLabel[r.kind]) badge("search-kind search-kind-" + r.kind, s.kindLabel[r.kind]);
  if (r.via) badge("search-via", labels.labelVia || r.via.toUpperCase());
  head.append(r.anchorTitle ? r.titlePath + " › " + r.anchorTitle : r.titlePath);
  const doc = document.createElement("span");
  doc.className = "search-doc";
  doc.textContent = r.docTitle;
  const snip = document.createElement("span");
  snip.className = "search-snippet";
  let last = 0;
  for (const [x, y] of r.marks) {
    const m = document.createElement("mark");
    m.textContent = r.snippet.slice(x, y);
    snip.append(r.snippet.slice(last, x), m);
    last = y;
  }
  snip.append(r.snippet.slice(last));
  a.append(head, doc, snip);
  s.options.push(a);
  return a;
}

// render shows results, or, when there are none, the help with suggestion.
// On a page of the rules document doc, the sections of other games are
// grouped by game where the game's first one ranks, each group under its
// game's name: the player reading a game tells its answers from another
// game's at a glance (search.md, "What a reader gets").
function render(s, results, suggestion, doc = "") {
  s.list.textContent = "";
  s.options = [];
  s.active = -1;
  s.input.removeAttribute("aria-activedescendant");
  const groups = new Map();
  for (const r of results) {
    const opt = option(s, r);
    if (doc === "" || r.kind || r.slug === doc) {
      s.list.append(opt);
      continue;
    }
    let g = groups.get(r.slug);
    if (!g) {
      g = document.createElement("div");
      g.className = "search-game";
      g.setAttribute("role", "group");
      const head = document.createElement("div");
      head.id = "search-game-" + groups.size;
      head.className = "search-game-name";
      head.setAttribute("role", "presentation");
      head.textContent = (s.labels.labelOtherGame || "{game}").replace("{game}", r.docTitle);
      g.setAttribute("aria-labelledby", head.id);
      g.append(head);
      groups.set(r.slug, g);
      s.list.append(g);
    }
    g.append(opt);
  }
  if (s.options.length === 0) {
    // The live region says it; the help box shows it, with the way on.
    say(s, s.labels.labelNone || "", false);
    showHelp(s, suggestion);
  } else {
    say(s, (s.labels.labelResults || "{n}").replace("{n}", String(s.options.length)), false);
    s.help.hidden = true;
  }
  setOpen(s, true);
}

// run answers the field's query and shows its results; an answer that
// comes after a newer query has started is dropped.
async function run(s) {
  const { form, list, otherURL } = s;
  const q = s.input.value;
  const mine = ++s.seq;
  updateURL(q);
  if (q.trim() === "") {
    s.options = [];
    list.textContent = "";
    say(s, "", false);
    s.help.hidden = true;
    setOpen(s, false);
    return;
  }
  const own = await ownIndex(s, q, mine);
  if (!own) return;
  delete form.dataset.state;
  if (mine !== s.seq) return;
  // A query this language's index cannot answer may be in the other
  // language: wait for that index before saying "no result".
  let other = otherURL ? ready.get(otherURL) : null;
  if (otherURL && !other && query(own, q, 1).length === 0) {
    other = await fetchIndex(otherURL).catch(() => null);
    if (mine !== s.seq) return;
  }
  if (other && other.split && otherAnswers(own, other, q)) {
    other = await prepare(other, q, otherURL).catch(() => null);
    if (mine !== s.seq) return;
  }
  const results = search(own, other, q, OWN_LIMIT, readingDoc(own));
  render(s, results, results.length > 0 ? "" : suggest(own, q) || (other ? suggest(other, q) : ""), readingDoc(own));
  markUnsaved(s, mine);
  // The query the list answers with both languages' indexes, as typing
  // goes on (tests wait on it).
  const settled = () => {
    if (mine === s.seq) list.dataset.query = q;
  };
  if (!otherURL || ready.has(otherURL)) settled();
  // The other language is fetched once this one has answered, so that
  // it never delays the first results; the latest query's results are
  // then redone (whichever keystroke started the download).
  if (otherURL && !ready.has(otherURL)) {
    fetchIndex(otherURL).then(
      () => {
        if (mine === s.seq) run(s);
      },
      settled,
    );
  }
}

// ownIndex returns the page language's index, ready for q, or null when it
// could not come (said in the field, as a new edition when it is one).
async function ownIndex(s, q, mine) {
  const { form, list, labels, ownURL } = s;
  // On a slow network the index takes seconds to come: say so, rather
  // than an empty field (the list's own words replace it).
  if (!ready.has(ownURL)) {
    s.options = [];
    list.textContent = "";
    setOpen(s, false);
    s.help.hidden = true;
    say(s, labels.labelLoading, true);
    form.dataset.loading = "true";
    delete form.dataset.state;
  }
  try {
    // A split index (a large site) fetches the shards of the query's
    // words; a single file is all there already.
    const own = await prepare(await fetchIndex(ownURL), q, ownURL);
    delete form.dataset.loading;
    return own;
  } catch (e) {
    delete form.dataset.loading;
    if (mine !== s.seq) return null;
    s.options = [];
    list.textContent = "";
    setOpen(s, false);
    // A shard of this build gone from the host (a deploy deletes the
    // previous build's hashed files), or the new build's index: said
    // so, not "unavailable".
    const newer = e instanceof NewEdition || (await replaced(3000));
    if (mine !== s.seq) return null;
    say(s, (newer && labels.labelNewEdition) || labels.labelError || "", true);
    form.dataset.state = newer ? "new-edition" : "error";
    return null;
  }
}

// markUnsaved marks the results this device's copy does not hold, which
// with no network would open the "not saved on this device" page: a badge
// in words and a dimmed result (still a link: the network may be there).
// Whatever navigator.onLine says: on one bar of signal, or a hotspot with
// no connection behind it, the phone believes it is online, and the
// reader needs to know before tapping. No copy (no worker): no marks.
async function markUnsaved(s, mine) {
  const { labels } = s;
  if (s.single || s.options.length === 0) return;
  const shown = s.options.slice();
  const kept = await keptPages(shown.map((a) => a.href.split("#")[0]));
  if (!kept || mine !== s.seq) return;
  let n = 0;
  shown.forEach((a, i) => {
    if (kept[i] !== false || a.classList.contains("search-unsaved")) return;
    n++;
    a.classList.add("search-unsaved");
    const b = document.createElement("span");
    b.className = "search-unsaved-badge";
    b.textContent = labels.labelUnsaved;
    b.title = labels.labelUnsavedNote;
    const head = a.querySelector(".search-path");
    head.prepend(b, " ");
  });
  if (n > 0) say(s, s.status.textContent + " — " + labels.labelUnsavedNote, false);
}

// open goes to the result a, which the page it opens highlights.
function open(a) {
  try {
    sessionStorage.setItem(HIT_KEY, a.dataset.hit);
  } catch {
    /* private mode: no highlight on arrival */
  }
  location.href = a.href;
}

// listen runs the field: typing searches, the keys move, open and close,
// a click opens, and going offline or back online runs the search again.
function listen(s) {
  const { form, input, list, ownURL } = s;
  // Going offline or back online changes what the results can open.
  const rerun = () => {
    if (input.value.trim() !== "" && s.options.length > 0) run(s);
  };
  addEventListener("offline", rerun);
  addEventListener("online", rerun);
  // No debounce: each keystroke's search runs at once, in the next task
  // (input events of one task give one search). A warm query takes half a
  // millisecond on the real site (BenchmarkSearch); a 60 ms debounce was
  // most of the time from a keystroke to results. Not an animation frame:
  // a page the browser does not show (a tab being switched to, headless
  // tests) gets none.
  const schedule = () => {
    clearTimeout(s.timer);
    s.timer = setTimeout(() => run(s), 0);
  };
  input.addEventListener("focus", () => {
    fetchIndex(ownURL).catch(() => {});
    if (input.value.trim() !== "") setOpen(s, true);
  });
  input.addEventListener("input", schedule);
  input.addEventListener("keydown", (ev) => keydown(s, ev));
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    clearTimeout(s.timer);
    const go = () => {
      const a = s.options[s.active >= 0 ? s.active : 0];
      if (a) open(a);
    };
    // Enter typed before the keystroke's search ran: answer first, then open.
    run(s).then(go);
  });
  list.addEventListener("click", (ev) => {
    const a = ev.target.closest("a.search-result");
    if (!a || ev.button !== 0 || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.altKey) return;
    ev.preventDefault();
    open(a);
  });
  // Keep the focus in the field while a result is clicked.
  list.addEventListener("mousedown", (ev) => ev.preventDefault());
  document.addEventListener("click", (ev) => {
    if (!form.contains(ev.target)) setOpen(s, false);
  });
}

// keydown moves through the options with the arrows; Escape closes the
// list, or, closed, empties the field.
function keydown(s, ev) {
  const { input, list } = s;
  if (ev.key === "ArrowDown" || ev.key === "ArrowUp") {
    if (s.options.length === 0) return;
    ev.preventDefault();
    setOpen(s, true);
    const d = ev.key === "ArrowDown" ? 1 : -1;
    const n = s.options.length;
    setActive(s, s.active < 0 ? (d > 0 ? 0 : n - 1) : (s.active + d + n) % n);
  } else if (ev.key === "Escape") {
    if (!list.hidden) {
      ev.preventDefault();
      setOpen(s, false);
    } else if (input.value !== "") {
      ev.preventDefault();
      input.value = "";
      run(s);
    }
  }
}

// shortcut makes "/" focus the field, anywhere one is not typing.
function shortcut(input) {
  // The "/" shortcut is said only where there is a keyboard to press it:
  // on a phone "Rechercher (/)" named a key it does not have.
  if (input.dataset.placeholderKeys && !matchMedia("(pointer: coarse)").matches) input.placeholder = input.dataset.placeholderKeys;
  document.addEventListener("keydown", (ev) => {
    if (ev.key !== "/" || ev.ctrlKey || ev.metaKey || ev.altKey || ev.defaultPrevented) return;
    const t = ev.target;
    if (t instanceof Element && t.closest("input, textarea, select, [contenteditable]:not([contenteditable=false])")) return;
    ev.preventDefault();
    input.focus();
    input.select();
  });
}

// readingDoc returns the slug of the rules document the page shows (its
// sections, or their side-by-side view), or "": its game's rules come
// first whenever they answer, and other games' are grouped under their
// names.
function readingDoc(ix) {
  const root = new URL(document.body.dataset.root || "./", location.href);
  if (!location.href.startsWith(root.href)) return "";
  const parts = location.href.slice(root.href.length).split(/[/?#]/);
  const slug = parts[1] || "";
  const docs = ix.f.docs || [];
  return docs.some((d) => d[0] === slug && d[2] === "") ? slug : "";
}

// updateURL keeps ?q= in the address without adding history entries, so
// that a search can be shared or reloaded.
function updateURL(q) {
  const url = new URL(location.href);
  if (q.trim() === "") url.searchParams.delete("q");
  else url.searchParams.set("q", q);
  if (url.href !== location.href) history.replaceState(history.state, "", url.href);
}

// highlightArrival marks, once, the section a search result led to.
function highlightArrival() {
  let want = null;
  try {
    want = sessionStorage.getItem(HIT_KEY);
  } catch {
    return;
  }
  if (!want || !location.hash) return;
  const at = want.indexOf("#");
  const id = hashID();
  if (want.slice(at + 1) !== id || !location.pathname.includes("/" + want.slice(0, at) + "/")) return;
  try {
    sessionStorage.removeItem(HIT_KEY);
  } catch {
    /* ignore */
  }
  const el = document.getElementById(id);
  if (!el) return;
  el.classList.remove("search-hit");
  void el.offsetWidth;
  el.classList.add("search-hit");
  el.addEventListener("animationend", () => el.classList.remove("search-hit"), { once: true });
}
