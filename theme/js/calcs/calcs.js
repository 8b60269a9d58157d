// The calculators' script, on the pages that hold one (the rules pages and
// the calculators page; the character page has its own, character/), run
// before main.js: their first computations go
// to the engine while the rest of the page's script runs. The other pages
// (home, glossary, book, what changed) neither fetch nor run it: without it
// main.js is 24 KB instead of 59, the part every page parses and runs.
import { initCalculators } from "./calc.js";

// main.js sets it too; set here first, the page is never drawn between
// this script and main.js with calculators alive but the page's style
// without JavaScript.
document.documentElement.classList.add("js");
initCalculators();
