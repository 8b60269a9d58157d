// The fold of a calculator in a rules page (layouts/calc.html's
// details.calc-fold): a native disclosure, so that it opens without
// JavaScript too. This module opens it where the reader came for it (a
// link to the calculator, a shared state, a link followed to something
// inside it), for print, and as the player last left it on this device
// (shared/store.js); it keeps the summary's answer in words the one the
// result shows. It holds no state of its own but the device's memory.
import { hashID } from "../shared/hash.js";
import { openedCalc, rememberCalc } from "../shared/store.js";

// foldOf returns calc's fold, null for a calculator that is always open
// (the calculators page).
export function foldOf(calc) {
  const d = calc.firstElementChild;
  return d && d.matches("details.calc-fold") ? d : null;
}

// folded says whether calc waits folded now.
export function folded(calc) {
  const d = foldOf(calc);
  return !!d && !d.open;
}

// writeGist copies the answer the result shows (its words and strong
// figures) into the summary, and dims it while that answer is out of date.
// A calculator pre-filled from the character says so first, as its opened
// body does (.calc-prefilled, which the controller fills).
export function writeGist(calc) {
  const gist = calc.querySelector(".calc-gist");
  const a = calc.querySelector(".calc-live .calc-answer");
  if (!gist || !a) return;
  const nodes = [...a.childNodes].map((n) => n.cloneNode(true));
  const top = calc.querySelector(".calc-prefilled");
  if (top && !top.hidden) {
    const who = document.createElement("span");
    who.className = "calc-gist-for";
    who.textContent = top.querySelector(".calc-prefilled-text").textContent;
    nodes.unshift(who);
  }
  gist.replaceChildren(...nodes);
  const stale = calc.querySelector(".calc-result").dataset.state !== "ready";
  gist.toggleAttribute("data-stale", stale);
}

// near says whether el is on the screen or about to be.
function near(el) {
  const r = el.getBoundingClientRect();
  return r.bottom > -200 && r.top < innerHeight + 200;
}

// initFolds opens the folds of calcs that the reader came for (linked:
// a shared state of theirs is in the address; the page's fragment, the
// calculator or something in it) and those the player left open; the
// controller starts those as it starts any open calculator near the
// screen. onOpen is called for a fold the reader opens later (a tap, a
// link followed on the page) and one opened near the screen by other
// means (the browser's find in page): that calculator needs its engine
// now. Only the reader's own taps are remembered; print opens every fold
// and starts nothing.
export function initFolds(calcs, linked, onOpen) {
  const inTarget = (c) => {
    const el = document.getElementById(hashID());
    return !!el && c.contains(el);
  };
  let printing = false;
  for (const c of calcs) {
    const d = foldOf(c);
    if (!d) continue;
    if (linked.includes(c) || inTarget(c) || openedCalc(c.id)) d.open = true;
    // A click on the summary (a tap, Enter or Space) toggles after it:
    // the state the reader chose is the opposite of the current one.
    d.querySelector(":scope > summary").addEventListener("click", () => {
      if (!d.open) onOpen(c);
      rememberCalc(c.id, !d.open);
    });
    d.addEventListener("toggle", () => {
      if (d.open && !printing && near(c)) onOpen(c);
    });
  }
  addEventListener("hashchange", () => {
    const c = [...calcs].find(inTarget);
    const d = c && foldOf(c);
    if (!d || d.open) return;
    d.open = true;
    onOpen(c);
  });
  // Printed, every calculator is open (its static or live result, no
  // engine needed); the folds the reader had closed close again after.
  let reopen = [];
  addEventListener("beforeprint", () => {
    printing = true;
    reopen = [...calcs].map(foldOf).filter((d) => d && !d.open);
    for (const d of reopen) d.open = true;
  });
  addEventListener("afterprint", () => {
    for (const d of reopen) d.open = false;
    reopen = [];
    // The toggle events of the print's openings come after this.
    setTimeout(() => (printing = false));
  });
}
