// The place being read on a rules page, in words both languages share: a
// section's heading ID (the same in French and English), the index of the
// block of the text after it (a paragraph, a list, a table, a
// calculator), and how far into that block the top of the screen is. The
// language switch carries it to the other language; a change of the
// reading size keeps it on screen.

// PLACE_KEY is the sessionStorage key of a place carried to another page.
const PLACE_KEY = "compendium-place";

const headingSel = "h2[id], h3[id], h4[id], h5[id], h6[id]";

// textBox returns the element whose children are the page's blocks: the
// document's article, when its headings are its children.
function textBox() {
  const art = document.querySelector("main.doc > article");
  return art && art.querySelector(":scope > :is(" + headingSel + ")") ? art : null;
}

// readingLine is the screen's y where reading starts: under the header
// when it covers the top of the screen (a wide screen's sticky header,
// the phone's bar), else the top.
export function readingLine() {
  const h = document.querySelector(".site-header");
  if (!h) return 0;
  const pos = getComputedStyle(h).position;
  if (pos !== "fixed" && pos !== "sticky") return 0;
  // Gone above the screen, though maybe still sliding there.
  if (document.documentElement.classList.contains("bar-away")) return 0;
  const r = h.getBoundingClientRect();
  return r.bottom > 0 && r.top <= 0 ? r.bottom : 0;
}

// readingPlace returns the place being read, or null where the page has no
// sections to name it by. line is the screen's y it is read at; the
// place is the block there (or the first below it), as far into it as
// ratio of its height, or gap px below the line.
export function readingPlace(line = readingLine()) {
  const box = textBox();
  if (!box) return null;
  const blocks = [...box.children].filter((el) => el.getClientRects().length);
  let block = blocks.find((el) => el.getBoundingClientRect().bottom > line);
  if (!block) block = blocks.at(-1);
  if (!block) return null;
  let id = "", index = 0;
  for (let el = block; el; el = el.previousElementSibling) {
    if (el.matches(headingSel)) {
      id = el.id;
      break;
    }
    index++;
  }
  const r = block.getBoundingClientRect();
  const ratio = r.height > 0 ? Math.min(1, Math.max(0, (line - r.top) / r.height)) : 0;
  // A block below the line (the top of the page, the gap between two
  // blocks) keeps its distance to it.
  const gap = Math.max(0, r.top - line);
  return { id, index, ratio, gap, line };
}

// blockAt returns the block a place names on this page: its section's
// heading's index-th follower, or the heading itself when the section
// here has fewer blocks (translations need not split alike).
function blockAt(place) {
  const box = textBox();
  if (!box) return null;
  let el = place.id ? document.getElementById(place.id) : box.firstElementChild;
  if (!el || el.parentElement !== box) return null;
  const start = el;
  for (let i = 0; i < place.index; i++) {
    el = el.nextElementSibling;
    if (!el || el.matches(headingSel)) return place.id ? start : null;
  }
  return el;
}

// landOn scrolls so that the place is read at the same line of the screen,
// as far into its block as it was. It returns whether it found the place.
export function landOn(place, line = place.line) {
  const block = place && blockAt(place);
  if (!block) return false;
  const r = block.getBoundingClientRect();
  const into = block.matches(headingSel) ? 0 : place.ratio * r.height;
  const dy = r.top + into - line - (place.gap || 0);
  if (Math.abs(dy) >= 1) window.scrollBy({ top: dy, behavior: "instant" });
  return true;
}

// carryPlace keeps the place for the page at path, the next one this tab
// opens. Without storage the link's section ID alone carries it.
export function carryPlace(path, place) {
  try {
    sessionStorage.setItem(PLACE_KEY, JSON.stringify({ path, ...place }));
  } catch {
    // Private mode or full storage: the section's heading is the place.
  }
}

// takePlace returns the place carried to this page, once, and forgets it.
function takePlace() {
  let raw = null;
  try {
    raw = sessionStorage.getItem(PLACE_KEY);
    sessionStorage.removeItem(PLACE_KEY);
  } catch {
    return null;
  }
  try {
    const p = JSON.parse(raw);
    return p && p.path === location.pathname ? p : null;
  } catch {
    return null;
  }
}

// initPlace lands a page opened by the language switch on the place read in
// the other language: at once, and again when the page has loaded (the
// browser scrolls to the address's section then), unless the reader has
// moved in between.
export function initPlace() {
  const place = takePlace();
  if (!place) return;
  let moved = false;
  const stop = () => {
    moved = true;
  };
  for (const ev of ["wheel", "touchstart", "keydown", "pointerdown"]) {
    window.addEventListener(ev, stop, { once: true, passive: true, capture: true });
  }
  const land = () => moved || landOn(place, readingLine());
  land();
  if (document.readyState === "complete") return;
  window.addEventListener("load", () => requestAnimationFrame(land), { once: true });
}
