import { hashID } from "./hash.js";

// initLangSwitch makes the header's language switch keep the reader's place:
// it adds the section being read (the last heading above the top of the
// viewport) to the link, so /fr/fantasy/ read at "2.4" opens
// /en/fantasy/#armor. It also remembers the chosen language for the root page.
export function currentSection() {
  const headings = document.querySelectorAll("main h2[id], main h3[id], main h4[id], main h5[id], main h6[id], main section.pair[id]");
  let id = "";
  for (const h of headings) {
    if (h.getBoundingClientRect().top <= 150) id = h.id;
    else break;
  }
  if (!id && location.hash) id = hashID();
  return id;
}

export function initLangSwitch() {
  document.addEventListener("click", (ev) => {
    const a = ev.target.closest("a[data-lang-switch], .languages a[data-lang]");
    if (!a) return;
    const lang = a.getAttribute("hreflang") || a.dataset.lang;
    try {
      localStorage.setItem("compendium-lang", lang);
    } catch {
      /* private mode: the choice is not remembered */
    }
    if (!a.hasAttribute("data-lang-switch")) return;
    const id = currentSection();
    if (id) {
      const url = new URL(a.href);
      url.hash = id;
      a.href = url.href;
    }
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
