// cards.js composes the pocket cards page (/<lang>/cards/): the chooser of
// sections the build wrote (checkboxes by game) is shown, the sections the
// player's character uses and those bookmarked are offered first, and the
// chosen ones are laid out as cards in a print preview that the browser
// prints. A card's text is the rules page's own (fetched, as the service
// worker keeps it offline): its values and glossary terms as the page
// shows them. A card is filled block by block as the browser lays it out;
// what does not fit goes on the next card, marked as continued, never cut.

import { qrSVG } from "../shared/qr.js";
import { bookmarks, characterOf } from "../shared/store.js";
import { fetchPage, sectionBlocks } from "../shared/section.js";

// PER_SHEET is the number of cards an A4 sheet holds in each layout, in
// the grid theme/css/main.css draws (.cards-sheet-a6, -a7).
const PER_SHEET = { a6: 4, a7: 8, page: 1 };

const main = document.querySelector("main.cards-page");
if (main) init(main);

// bookmarked returns the sections the player bookmarked or annotated, as
// "doc#id" → "bookmark" or "note" (store.js's bookmarks); an empty map
// when the device's storage cannot be read.
function bookmarked() {
  const marks = new Map();
  let list = [];
  try {
    list = bookmarks();
  } catch {
    return marks;
  }
  for (const b of list) {
    if (b.mark) marks.set(b.doc + "#" + b.id, "bookmark");
    else if (b.note && !marks.has(b.doc + "#" + b.id)) marks.set(b.doc + "#" + b.id, "note");
  }
  return marks;
}

function init(main) {
  const form = main.querySelector(".cards-form");
  const preview = main.querySelector(".cards-preview");
  const status = main.querySelector(".cards-status");
  const printBtn = main.querySelector(".cards-print");
  document.documentElement.classList.add("cards-doc");
  offerFirst(main);
  form.hidden = false;
  let pending = 0;
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const run = ++pending;
    const chosen = [...form.querySelectorAll("input[name=section]:checked")];
    if (!chosen.length) {
      status.textContent = main.dataset.none;
      preview.hidden = true;
      printBtn.disabled = true;
      document.documentElement.classList.remove("cards-ready");
      return;
    }
    const layout = form.querySelector("input[name=layout]:checked")?.value || "a6";
    const defs = form.querySelector("input[name=glossary]").checked;
    const sections = [];
    const failed = [];
    for (const input of chosen) {
      const s = await section(main, input);
      if (run !== pending) return;
      if (s) sections.push(s);
      else failed.push(fill(main.dataset.failed, { title: titleOf(input) }));
    }
    const count = compose(main, preview, sections, layout, defs);
    const msg = fill(main.dataset.count, count);
    status.textContent = [...failed, msg].join(" ");
    printBtn.disabled = count.cards === 0;
    document.documentElement.classList.toggle("cards-ready", count.cards > 0);
  });
  printBtn.addEventListener("click", () => window.print());
}

// offerFirst moves to the top of their game the sections the stored
// character uses and those bookmarked, each with a word saying why, and
// the games that have some before the others.
function offerFirst(main) {
  const marks = bookmarked();
  const games = [...main.querySelectorAll(".cards-game")];
  const first = [];
  for (const g of games) {
    const ul = g.querySelector("ul");
    const mine = [];
    for (const input of g.querySelectorAll("input[name=section]")) {
      const tags = [];
      const game = input.dataset.character;
      if (game && characterOf(game)) tags.push(main.dataset.tagCharacter);
      const mark = marks.get(input.value);
      if (mark) tags.push(mark === "bookmark" ? main.dataset.tagBookmark : main.dataset.tagNote);
      if (!tags.length) continue;
      const tag = document.createElement("span");
      tag.className = "cards-tag";
      tag.textContent = "(" + tags.join(", ") + ")";
      input.parentElement.append(" ", tag);
      mine.push(input.closest("li"));
    }
    if (!mine.length) continue;
    ul.prepend(...mine);
    first.push(g);
  }
  if (first.length) games[0].before(...first);
}

const fill = (s, kv) => s.replace(/\{(\w+)\}/g, (m, k) => (k in kv ? kv[k] : m));

const titleOf = (input) => input.closest("label").querySelector(".cards-title").textContent;

// section reads a chosen section from its page: its game, title, blocks
// (copies of the page's), the definitions of the terms it marks, and its
// absolute address; null when the page cannot be had.
async function section(main, input) {
  const href = new URL(input.dataset.href, location.href);
  const id = decodeURIComponent(href.hash.slice(1));
  href.hash = "";
  const doc = await fetchPage(href.href);
  const blocks = sectionBlocks(doc, id, true);
  if (!blocks) return null;
  const defs = new Map();
  for (const d of doc.querySelectorAll("dl.term-defs [data-term]")) {
    defs.set(d.dataset.term, { term: d.querySelector("dfn")?.textContent || "", text: d.querySelector("dd")?.textContent || "" });
  }
  const base = main.dataset.base;
  const lang = main.dataset.lang;
  const slug = input.value.replace(/#.*$/, "");
  const url = base ? new URL(`${lang}/${slug}/#${id}`, base).href : `${href.href}#${id}`;
  const game = input.closest(".cards-game").querySelector("legend").textContent;
  return { game, title: titleOf(input), blocks, defs, url };
}

// compose lays the sections out as cards on sheets in preview, and
// returns how many cards and sheets it made.
function compose(main, preview, sections, layout, defs) {
  preview.replaceChildren();
  preview.dataset.layout = layout;
  preview.hidden = false;
  let sheet = null;
  let cards = 0;
  let sheets = 0;
  const place = (card) => {
    if (!sheet || sheet.childElementCount >= PER_SHEET[layout]) {
      sheet = document.createElement("div");
      sheet.className = `cards-sheet cards-sheet-${layout}`;
      preview.append(sheet);
      sheets++;
    }
    sheet.append(card);
    cards++;
  };
  for (const s of sections) {
    let queue = s.blocks.map((b) => b.cloneNode(true));
    let part = 0;
    do {
      const card = makeCard(main, s, layout, part > 0);
      place(card);
      const body = card.querySelector(".card-body");
      const notes = card.querySelector(".card-notes");
      const fits = () => {
        if (defs) writeNotes(main, notes, body, s.defs);
        return body.scrollHeight <= body.clientHeight + 1;
      };
      let left = fitPart(body, queue, fits);
      if (!body.childNodes.length && left.length) {
        // Not even a word fits: the block goes whole rather than loop.
        body.append(left[0]);
        left = left.slice(1);
      }
      // A heading last on a card goes with its text to the next one.
      const last = body.lastElementChild;
      if (left.length && last && /^H[1-6]$/.test(last.tagName) && body.childElementCount > 1) {
        last.remove();
        left = [last, ...left];
      }
      fits();
      queue = left;
      part++;
    } while (queue.length);
  }
  return { cards, sheets };
}

// makeCard returns an empty card of section s: game and edition, title
// (marked as continued after the first), a body to fill, the notes, and
// the QR code of the section's address with the address under it.
function makeCard(main, s, layout, continued) {
  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text) e.textContent = text;
    return e;
  };
  const card = el("article", `card card-${layout}`);
  if (layout !== "page") {
    for (const c of ["tl", "tr", "bl", "br"]) card.append(el("span", `card-cut card-cut-${c}`));
  }
  const head = el("p", "card-head");
  head.append(el("span", "card-game", s.game), el("span", "card-edition", main.dataset.edition));
  const title = el("h2", "card-title", s.title);
  if (continued) title.append(" ", el("span", "card-continued", main.dataset.continued));
  const foot = el("footer", "card-foot");
  const qr = qrSVG(s.url, main.dataset.qr);
  foot.append(qr, el("span", "card-url", s.url));
  card.append(head, title, el("div", "card-body"), el("aside", "card-notes"), foot);
  return card;
}

// writeNotes writes in notes the definitions of the glossary terms body
// marks, in the order they come.
function writeNotes(main, notes, body, defs) {
  const seen = new Set();
  const dl = document.createElement("dl");
  for (const a of body.querySelectorAll(".term[data-term]")) {
    const id = a.dataset.term;
    const d = defs.get(id);
    if (seen.has(id) || !d) continue;
    seen.add(id);
    const dt = document.createElement("dt");
    dt.textContent = d.term;
    const dd = document.createElement("dd");
    dd.textContent = d.text;
    dl.append(dt, dd);
  }
  if (!seen.size) {
    notes.replaceChildren();
    return;
  }
  const h = document.createElement("p");
  h.className = "card-notes-title";
  h.textContent = main.dataset.defs;
  notes.replaceChildren(h, dl);
}

// UNSPLIT matches the elements a card keeps whole: a table row, an image.
const UNSPLIT = /^(TR|THEAD|IMG|SVG|svg|DATA|ABBR|DFN|math)$/;

// fitPart appends to el, which is in a card, as many of nodes as fit
// (fits says so), splitting the first that does not fit between words or
// between its children; it returns the nodes left for the next card.
function fitPart(el, nodes, fits) {
  let i = 0;
  for (; i < nodes.length; i++) {
    el.append(nodes[i]);
    if (!fits()) break;
  }
  if (i === nodes.length) return [];
  const n = nodes[i];
  n.remove();
  const rest = nodes.slice(i + 1);
  if (n.nodeType === Node.TEXT_NODE) {
    const words = n.data.split(/(?<=\s)/);
    const t = document.createTextNode("");
    el.append(t);
    let lo = 0;
    let hi = words.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      t.data = words.slice(0, mid).join("");
      if (fits()) lo = mid;
      else hi = mid - 1;
    }
    t.data = words.slice(0, lo).join("");
    if (!lo) {
      t.remove();
      return [n, ...rest];
    }
    return [document.createTextNode(words.slice(lo).join("")), ...rest];
  }
  if (n.nodeType !== Node.ELEMENT_NODE || UNSPLIT.test(n.tagName) || !n.childNodes.length) return [n, ...rest];
  const head = n.cloneNode(false);
  el.append(head);
  const left = fitPart(head, [...n.childNodes], fits);
  if (!left.length) return rest;
  if (!head.childNodes.length) {
    head.remove();
    n.replaceChildren(...left);
    return [n, ...rest];
  }
  const tail = n.cloneNode(false);
  tail.append(...left);
  tail.classList.add("card-rest");
  // A list continued on the next card goes on with its numbers.
  if (n.tagName === "OL") tail.start = (n.start || 1) + head.children.length;
  return [tail, ...rest];
}
