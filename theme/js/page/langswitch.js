import { hashID } from "../shared/hash.js";
import { carryPlace, readingPlace } from "./place.js";

// initLangSwitch makes the header's language switch keep the reader's place:
// it adds the place being read to the link, so /fr/fantasy/ read at "2.4"
// opens /en/fantasy/#armor (and, on the tab's storage, the paragraph being
// read in it: place.js), and the calculators' states (their query
// parameters, which name fields and options the same way in both
// languages), so that magic 3 stays magic 3. It also remembers the chosen
// language for the root page.

// Places a reader can be at: the sections' headings, and inside them the
// anchors of list items, paragraphs and calculators ({#state-dying},
// #calc-armor), which count while some of them is still on screen.
const headingsSel = "main h2[id], main h3[id], main h4[id], main h5[id], main h6[id], main section.pair[id]";
const anchorsSel = "main li[id], main p[id], main .calc[id]";

// currentSection returns the ID of the place being read: the last heading
// or anchor that starts less than 150 px from the top of the viewport (an
// anchor scrolled wholly past leaves its section's heading).
export function currentSection() {
  let id = "";
  for (const el of document.querySelectorAll(headingsSel + ", " + anchorsSel)) {
    const r = el.getBoundingClientRect();
    if (r.top > 150) break;
    if (!el.matches(anchorsSel) || r.bottom > 0) id = el.id;
  }
  if (!id && location.hash) id = hashID();
  return id;
}

// calcParams returns the calculators' parameters of search, as written.
function calcParams(search) {
  return search.replace(/^\?/, "").split("&").filter((p) => p.startsWith("calc-"));
}

export function initLangSwitch() {
  document.addEventListener("click", (ev) => {
    const a = ev.target.closest("a[data-lang-switch], a.heading-alt, .languages a[data-lang]");
    if (!a) return;
    const lang = a.getAttribute("hreflang") || a.dataset.lang;
    try {
      localStorage.setItem("compendium-lang", lang);
    } catch {
      // Private mode or full storage: the choice is not remembered, and
      // nothing says so, the page being left at once; what is lost is
      // only that the root page follows the browser's language instead.
    }
    if (!a.hasAttribute("data-lang-switch") && !a.matches(".heading-alt")) return;
    document.dispatchEvent(new Event("calc-flush"));
    const url = new URL(a.href);
    const id = a.hasAttribute("data-lang-switch") && currentSection();
    if (id) url.hash = id;
    // The block being read, finer than the section: kept for the tab's
    // next page, the other language's (place.js lands on it there).
    const place = a.hasAttribute("data-lang-switch") && readingPlace();
    if (place) carryPlace(url.pathname, place);
    // Before the first section: the top, not the address's section the
    // reader arrived through and has left since.
    if (place && !place.id) url.hash = "";
    const keep = calcParams(location.search);
    if (keep.length) {
      const name = (p) => p.split("=")[0];
      const rest = url.search.replace(/^\?/, "").split("&").filter((p) => p && !keep.some((k) => name(k) === name(p)));
      url.search = [...rest, ...keep].join("&");
    }
    a.href = url.href;
  });
}

// followBrowserLanguage sends a visitor of the root page to the language
// they chose before, or else to the first of the browser's languages the
// compendium has. Without JavaScript the root page offers both.
export function followBrowserLanguage() {
  const links = document.querySelectorAll(".languages a[data-lang]");
  if (links.length === 0) return;
  const have = new Map([...links].map((a) => [a.dataset.lang, a.href]));
  let stored = null;
  try {
    stored = localStorage.getItem("compendium-lang");
  } catch {
    /* ignore */
  }
  const wanted = [stored, ...(navigator.languages || [navigator.language])].filter(Boolean);
  for (const w of wanted) {
    const code = w.toLowerCase().split("-")[0];
    if (have.has(code)) {
      location.replace(have.get(code) + location.search + location.hash);
      return;
    }
  }
}
