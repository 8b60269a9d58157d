// A rules section read from its page: the cards page (cards/cards.js)
// prints it, the notes page (notes/notes.js) shows it under a note. The
// page is fetched as any other, so the service worker answers from the
// offline copy when the network does not.

// SKIP matches what a page shows that a copy of its section does not:
// calculators, the page's hidden definitions, scripts' templates.
const SKIP = "details.calc-fold, noscript, template, script, dl.term-defs, form, .calc, .footnotes";

// STRIP matches the controls inside a block a copy leaves out.
const STRIP = ".anchor-link, .heading-link, .heading-alt, .calc-peek, button";

// pages caches the rules pages fetched, by address, as parsed documents.
const pages = new Map();

// fetchPage returns the page at url parsed, or null when it cannot be
// had (offline and not kept); a failure is not cached.
export function fetchPage(url) {
  if (!pages.has(url)) {
    const p = fetch(url)
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
      .then((html) => new DOMParser().parseFromString(html, "text/html"))
      .catch(() => {
        pages.delete(url);
        return null;
      });
    pages.set(url, p);
  }
  return pages.get(url);
}

// sectionBlocks returns copies of the blocks of doc's section whose heading
// has ID id (up to the next heading of its level or higher), without IDs,
// tab stops, controls or calculators; null when doc has no such element.
// With textLinks, a link becomes its words (a term keeping its mark, a
// cross-reference where it leads), as on paper.
export function sectionBlocks(doc, id, textLinks) {
  const h = doc?.getElementById(id);
  if (!h) return null;
  const level = /^H[1-6]$/.test(h.tagName) ? +h.tagName[1] : 7;
  const blocks = [];
  for (let n = h.nextElementSibling; n; n = n.nextElementSibling) {
    if (/^H[1-6]$/.test(n.tagName) && +n.tagName[1] <= level) break;
    if (n.matches(SKIP)) continue;
    const c = document.importNode(n, true);
    c.querySelectorAll(STRIP).forEach((x) => x.remove());
    c.querySelectorAll(SKIP).forEach((x) => x.remove());
    for (const x of [c, ...c.querySelectorAll("[id]")]) x.removeAttribute("id");
    for (const x of [c, ...c.querySelectorAll("[tabindex]")]) x.removeAttribute("tabindex");
    if (textLinks) {
      for (const a of c.querySelectorAll("a")) {
        const span = document.createElement("span");
        span.className = a.className;
        if (a.dataset.term) span.dataset.term = a.dataset.term;
        span.append(...a.childNodes);
        if (a.dataset.to) span.append(` (→ ${a.dataset.to})`);
        a.replaceWith(span);
      }
    }
    blocks.push(c);
  }
  return blocks;
}
