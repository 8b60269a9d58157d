// head.js gives the page the reading size chosen on this device before the
// first paint: a parser-blocking script of a few hundred bytes in <head>,
// before the style sheet, so the text is laid out once at its size (set
// by main.js after the page was parsed, it jumped and reflowed every page).
// The sizes are main.css's html[data-text-size]; the control is
// page/textsize.js. No inline script: the pages' policy is script-src 'self'.
import { TEXT_SIZE_KEY, TEXT_SIZES } from "../shared/textsize.js";

// Scripts run on this page: main.css keeps, from the first paint, the
// room of the controls they add beside headings (page/notes.js).
document.documentElement.classList.add("scripted");

try {
  const s = localStorage.getItem(TEXT_SIZE_KEY);
  if (TEXT_SIZES.includes(s)) document.documentElement.dataset.textSize = s;
} catch {
  /* no storage (private browsing, or blocked): the default size */
}
