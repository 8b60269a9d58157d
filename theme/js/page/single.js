// The single-file edition (html[data-single]) is one page of some
// 110,000 px on a phone, opened from file://: its contents drawer is made
// here from the book's contents, its "back to top" shows once the reader
// has left the first screen, and its copy-link names the published site or
// the fragment, never the file.
import { settleBar } from "./bar.js";

export const isSingle = () => document.documentElement.hasAttribute("data-single");

// fillSingleToc puts in the drawer one disclosure per document, holding a
// link to the document's start and to each of its sections: the whole
// list, a few hundred links of 44 px, would be a drawer as long as a
// document. Built from the contents at the top of the file, so the file
// carries them once; without the script those are what the bar links to.
export function fillSingleToc(toc) {
  const src = document.querySelector("#book-contents > ol");
  if (!src) return;
  const start = document.body.dataset.docStart || "Start";
  const list = document.createElement("ol");
  for (const li of src.children) {
    const a = li.querySelector(":scope > a");
    const sections = li.querySelector(":scope > ol");
    if (!a) continue;
    const item = document.createElement("li");
    if (!sections || !sections.children.length) {
      item.append(a.cloneNode(true));
    } else {
      const details = document.createElement("details");
      details.className = "single-doc";
      const summary = document.createElement("summary");
      const name = document.createElement("span");
      name.append(...[...a.childNodes].map((n) => n.cloneNode(true)));
      summary.append(name);
      const inner = document.createElement("ol");
      const first = document.createElement("li");
      first.className = "toc-l2";
      const link = a.cloneNode(false);
      link.textContent = start;
      first.append(link);
      inner.append(first, ...[...sections.children].map((n) => n.cloneNode(true)));
      details.append(summary, inner);
      item.append(details);
    }
    list.append(item);
  }
  toc.append(list);
}

// openCurrent opens the disclosure of the document being read (toc.js
// marks its entry), so the drawer opens where the reader is.
export function openCurrent(toc) {
  const here = toc.querySelector("[aria-current=true]");
  const details = here && here.closest("details");
  if (details) details.open = true;
}

// initSingleTop shows the bar's "back to top" after a screen of scrolling
// (by a class, so it keeps its place and moves nothing) and, followed,
// brings the focus to the top with the page, as the link alone does not.
export function initSingleTop() {
  const top = document.querySelector(".single-top");
  if (!top) return;
  let queued = false;
  const update = () => {
    queued = false;
    top.classList.toggle("shown", window.scrollY > window.innerHeight);
  };
  window.addEventListener(
    "scroll",
    () => {
      if (!queued) {
        queued = true;
        requestAnimationFrame(update);
      }
    },
    { passive: true },
  );
  update();
  top.addEventListener("click", (ev) => {
    ev.preventDefault();
    history.replaceState(null, "", location.pathname + location.search);
    window.scrollTo(0, 0);
    settleBar();
    const title = document.querySelector(".site-title");
    if (title) title.focus({ preventScroll: true });
  });
}

// singleLink is what copy-link copies for the element of ID id in the
// file: its address on the published site when the build knew it
// (body[data-site]), as the site's own pages would copy it, else the
// fragment alone, with here true for the toast to say so.
export function singleLink(id) {
  const site = document.body.dataset.site;
  if (!site) return { text: "#" + id, here: true };
  const el = document.getElementById(id);
  const doc = el && el.closest("article.book-doc");
  const slug = doc ? doc.id : "";
  // The file renames an ID two documents share ("fantasy-combat"); its
  // table of those renamings gives the site's ID back.
  let orig = id;
  try {
    const anchors = JSON.parse(document.getElementById("single-data").dataset.anchors || "{}");
    for (const [k, v] of Object.entries(anchors)) {
      if (v === id && k.startsWith(slug + "#")) orig = k.slice(slug.length + 1);
    }
  } catch {
    // No table: the IDs are the site's.
  }
  if (!slug) return { text: site + (el && el.closest("#glossary") ? "glossary/" : "book/") + "#" + encodeURIComponent(orig), here: false };
  if (slug === "calculators") return { text: site + "calculators/#" + encodeURIComponent(orig.replace(/^calculator-/, "")), here: false };
  // A section's share page, whose preview in a chat names the section.
  if (el.matches("h2, h3, h4, h5, h6") && el !== doc) return { text: site + slug + "/" + encodeURIComponent(orig) + "/", here: false };
  return { text: site + slug + "/#" + encodeURIComponent(orig), here: false };
}
