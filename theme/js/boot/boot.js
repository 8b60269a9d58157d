// boot.js starts the rules engine as soon as it arrives (a parser-blocking
// script of 1 KB in <head>), before the page is parsed, when the reader will see a calculator at work at once: on the calculators
// page (data-calc-sections="*"), at a calculator (#calc-…, which opens
// it) or with a calculator's inputs in the link, and on a rules page
// opened at a section that holds one (its ID is in data-calc-sections)
// for a player who has used the calculators on this device. For anyone
// else a rules page's calculator waits folded, its answer in words the
// build's: it needs no engine until it is opened. calcs.js, run once
// the page is parsed (400 to 600 ms later on a long rules page on a
// phone), finds the engine on its way. Any other reader fetches nothing.
import { loadEngine } from "../shared/engine.js";
import { hashID } from "../shared/hash.js";
import { usesCalculators } from "../shared/store.js";

const sections = (document.documentElement.dataset.calcSections || "").split(" ");
const hash = hashID();
// On a slow or metered connection the page's own text comes first: the
// engine waits for calcs.js (measured at 400 kbit/s, fetched this early it
// kept a rules page from reaching its #section for seconds).
const c = navigator.connection;
const fast = !c || (!c.saveData && (!c.effectiveType || c.effectiveType === "4g"));
if (fast && (sections.includes("*") || hash.startsWith("calc-") || /[?&]calc-/.test(location.search) || (sections.includes(hash) && usesCalculators()))) {
  loadEngine({ early: true }).catch(() => {
    /* calcs.js reports a failure when a calculator needs the engine */
  });
}
