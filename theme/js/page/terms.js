// Glossary terms explained where they are read. The build marks a term's
// first use in each section as a link to its glossary entry
// (<a class="term" data-term="ID">, generator/markdown/glossterm.go) and
// appends the page's definitions as a hidden list (dl.term-defs); the book
// and the single file read them from their own glossary (#term-ID). This
// turns each mark into a popover of its definition and the other
// language's term, with a link to the entry:
// - a tap (touch or pen) opens it instead of following the link, a second
//   tap on the term closes it;
// - keyboard focus opens it, Escape closes it, Enter opens it when it is
//   closed and follows the link when it is open; the popover's own link is
//   out of the Tab order (the term is the one stop: the same link);
// - a mouse opens it on hover (a click follows the link).
// The popover is one element, put just after the term (so that a focus
// leaving the term for it stays beside it) in the top layer where the
// browser has the popover attribute:
// nothing around it moves, no scrolling box cuts it. It is placed under the
// term (above when there is no room below) and kept inside the screen. A
// screen reader hears the definition as the term's description.

const GAP = 8; // px between the term and the popover: clear of its focus ring
const MARGIN = 8; // px kept free at the screen's edges

let pop; // the popover, made at the first use
let current = null; // the term it shows
let hoverTimer = 0;
let uid = 0;
let quiet = false; // focus given back by Escape: not to open again

const native = typeof HTMLElement !== "undefined" && "popover" in HTMLElement.prototype;

// langOf is the language an element is written in.
function langOf(el) {
  return el.closest("[lang]")?.getAttribute("lang") || document.documentElement.lang;
}

// entryOf returns a term's definition: the page's hidden list in the
// term's language, or the page's own glossary entry.
function entryOf(a) {
  const id = a.dataset.term;
  const lang = langOf(a);
  for (const dl of document.querySelectorAll("dl.term-defs")) {
    if (dl.getAttribute("lang") !== lang) continue;
    const e = [...dl.children].find((d) => d.dataset.term === id);
    if (e) return { el: e, label: dl.dataset.label };
  }
  const e = document.getElementById("term-" + id);
  const dl = [...document.querySelectorAll("dl.term-defs")].find((d) => d.getAttribute("lang") === lang);
  return e && e.querySelector("dd") ? { el: e, label: dl?.dataset.label } : null;
}

// textOf is an element's text without the glossary entry's link to its
// section (the book's entries end with one).
function textOf(el) {
  if (!el) return "";
  const c = el.cloneNode(true);
  c.querySelectorAll("a").forEach((x) => x.remove());
  return c.textContent.replace(/\s+/g, " ").trim();
}

function make() {
  pop = document.createElement("div");
  pop.id = "term-pop";
  pop.className = "term-pop";
  if (native) pop.setAttribute("popover", "manual");
  pop.addEventListener("mouseenter", () => clearTimeout(hoverTimer));
  pop.addEventListener("mouseleave", () => later(close));
  pop.addEventListener("focusout", (ev) => {
    if (!pop.contains(ev.relatedTarget) && ev.relatedTarget !== current) close();
  });
}

function later(fn, ms = 250) {
  clearTimeout(hoverTimer);
  hoverTimer = setTimeout(fn, ms);
}

// fill writes term a's explanation into the popover: "PA — points
// d’armure — armour points" (the abbreviation only when the text used
// it), the definition and the link to the entry.
function fill(a, entry) {
  const term = textOf(entry.el.querySelector("dfn"));
  const abbr = textOf(entry.el.querySelector("abbr"));
  const otherEl = entry.el.querySelector(".term-other");
  const said = a.textContent.trim();
  const head = document.createElement("p");
  head.className = "term-pop-head";
  const parts = [];
  if (abbr && said.toLowerCase() === abbr.toLowerCase()) parts.push(abbr);
  parts.push(term);
  head.append(...parts.flatMap((p, i) => {
    const b = document.createElement("b");
    b.textContent = p;
    return i ? [" — ", b] : [b];
  }));
  if (otherEl) {
    const o = document.createElement("span");
    o.lang = otherEl.getAttribute("lang") || "";
    o.textContent = textOf(otherEl);
    head.append(" — ", o);
  }
  const def = document.createElement("p");
  def.className = "term-pop-def";
  def.textContent = textOf(entry.el.querySelector("dd"));
  const link = document.createElement("a");
  link.className = "term-pop-link";
  link.href = a.getAttribute("href");
  link.textContent = entry.label || "Glossary";
  // One Tab stop per term: a keyboard reaches the entry through the term.
  link.tabIndex = -1;
  pop.replaceChildren(head, def, link);
}

// place puts the popover under the term (above it when the screen has no
// room below and more above), inside the screen's width.
function place(a) {
  const r = [...a.getClientRects()].at(-1) || a.getBoundingClientRect();
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  pop.style.maxWidth = Math.max(0, vw - 2 * MARGIN) + "px";
  const w = pop.offsetWidth, h = pop.offsetHeight;
  const left = Math.min(Math.max(MARGIN, r.left), Math.max(MARGIN, vw - MARGIN - w));
  let top = r.bottom + GAP;
  const first = a.getClientRects()[0] || r;
  if (top + h > vh - MARGIN && first.top - GAP - h >= MARGIN) top = first.top - GAP - h;
  // Document coordinates: the popover scrolls with the text it explains.
  pop.style.left = left + window.scrollX + "px";
  pop.style.top = top + window.scrollY + "px";
}

function open(a) {
  clearTimeout(hoverTimer);
  if (current === a) return;
  const entry = entryOf(a);
  if (!entry) return;
  if (!pop) make();
  close();
  fill(a, entry);
  // After the term, in the reading order of a screen reader's browse
  // mode. Outside the top layer (no popover attribute) it goes at the end
  // of the body, where no scrolling box clips it.
  if (native) a.after(pop);
  else document.body.append(pop);
  pop.hidden = false;
  if (native) pop.showPopover();
  pop.classList.add("open");
  place(a);
  current = a;
}

function close() {
  clearTimeout(hoverTimer);
  if (!pop || !current) return;
  if (native && pop.matches(":popover-open")) pop.hidePopover();
  pop.classList.remove("open");
  pop.hidden = true;
  current = null;
}

// describe makes the definition the term's description for a screen
// reader: the other language's term, then the definition.
function describe(a) {
  if (a.hasAttribute("aria-describedby")) return;
  const entry = entryOf(a);
  if (!entry) return;
  const ids = [];
  for (const el of [entry.el.querySelector(".term-other"), entry.el.querySelector("dd")]) {
    if (!el) continue;
    if (!el.id) el.id = "term-desc-" + ++uid;
    ids.push(el.id);
  }
  a.setAttribute("aria-describedby", ids.join(" "));
}

export function initTerms() {
  const terms = document.querySelectorAll("a.term[data-term]");
  if (!terms.length) return;
  terms.forEach(describe);
  let pointer = "";
  document.addEventListener("pointerdown", (ev) => {
    pointer = ev.pointerType;
    if (current && !ev.target.closest(".term-pop") && ev.target.closest("a.term") !== current) close();
  }, true);
  document.addEventListener("click", (ev) => {
    const a = ev.target.closest?.("a.term[data-term]");
    if (!a) return;
    const kind = ev.pointerType ?? pointer;
    if (kind !== "touch" && kind !== "pen") return; // a mouse or Enter: the link
    ev.preventDefault();
    if (current === a) close();
    else open(a);
  });
  document.addEventListener("focusin", (ev) => {
    const a = ev.target.closest?.("a.term[data-term]");
    if (a && !quiet && a.matches(":focus-visible")) open(a);
  });
  document.addEventListener("focusout", (ev) => {
    if (current && ev.target === current && !pop.contains(ev.relatedTarget)) close();
  });
  document.addEventListener("mouseover", (ev) => {
    const a = ev.target.closest?.("a.term[data-term]");
    if (a && pointer !== "touch" && pointer !== "pen") {
      if (a !== current) later(() => open(a), 150);
      else clearTimeout(hoverTimer);
    }
  });
  document.addEventListener("mouseout", (ev) => {
    const a = ev.target.closest?.("a.term[data-term]");
    if (a && a === current && !pop.contains(ev.relatedTarget)) later(close);
    else if (a && !current) clearTimeout(hoverTimer);
  });
  // Enter on a term whose definition is closed (Escape closed it, or the
  // focus came without a keyboard) opens it; on an open one, the link.
  document.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter" || ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
    const a = ev.target.closest?.("a.term[data-term]");
    if (!a || a === current || !entryOf(a)) return;
    ev.preventDefault();
    open(a);
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key !== "Escape" || !current) return;
    const back = pop.contains(document.activeElement) ? current : null;
    close();
    quiet = true;
    back?.focus({ preventScroll: true });
    quiet = false;
    // The Escape was the popover's: the search or the contents keep
    // theirs for when no explanation is open.
    ev.stopPropagation();
  }, true);
  window.addEventListener("resize", () => current && place(current));
  // Printing shows no popover (print.css hides it too).
  window.addEventListener("beforeprint", close);
}
