// The header's reading size: a button opens a row of the header with the
// steps (toggle buttons, aria-pressed); the chosen step is kept on this
// device and applied to every page before its first paint by head/head.js.
// main.css scales the root font size for each step, so every rem of the
// layout follows, as the browser's zoom would, but for the text alone.
import { TEXT_SIZE_KEY, TEXT_SIZES } from "../shared/textsize.js";
import { remove, write } from "../shared/store.js";
import { toast } from "../shared/toast.js";
import { landOn, readingPlace } from "./place.js";

// initTextSize wires the control of the page's header, if it has one.
export function initTextSize() {
  const toggle = document.querySelector(".text-size-toggle");
  const group = document.getElementById("text-size");
  if (!toggle || !group) return;
  const root = document.documentElement;
  const steps = [...group.querySelectorAll("button[data-text-size]")];
  const show = () => {
    const now = root.dataset.textSize || "0";
    for (const b of steps) b.setAttribute("aria-pressed", String(b.dataset.textSize === now));
  };
  // apply keeps the paragraph being read where it was on the screen: the
  // text above it grows or shrinks too.
  const apply = (size) => {
    const place = readingPlace();
    if (TEXT_SIZES.includes(size)) root.dataset.textSize = size;
    else delete root.dataset.textSize;
    show();
    if (place) landOn(place);
  };
  const open = (on) => {
    group.hidden = !on;
    toggle.setAttribute("aria-expanded", String(on));
  };
  show();
  toggle.addEventListener("click", () => open(group.hidden));
  group.addEventListener("click", (e) => {
    const b = e.target.closest("button[data-text-size]");
    if (!b) return;
    apply(b.dataset.textSize);
    // No storage (full, or refused in a private window): this page only,
    // and the reader is told so where they chose.
    const kept = b.dataset.textSize === "0" ? remove(TEXT_SIZE_KEY) : write(TEXT_SIZE_KEY, b.dataset.textSize);
    if (!kept) toast(group.dataset.unsaved, 8000);
  });
  // Escape closes the row and gives the focus back to its button.
  group.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    open(false);
    toggle.focus();
  });
  // Another tab's choice applies here too, as it will on the next page.
  window.addEventListener("storage", (e) => {
    if (e.key === TEXT_SIZE_KEY || e.key === null) apply(e.newValue || "0");
  });
}
