// The compendium's script: progressive enhancement only. Every page works
// without it (links are links, the contents sit above the text, calculators
// show the result of their default values).
import { initToc } from "./toc.js";
import { initCopyLinks } from "./copylink.js";
import { initLangSwitch, followBrowserLanguage } from "./langswitch.js";
import { initSearch } from "./search.js";
import { initOffline } from "./offline.js";
import { initMissingSection } from "./missing.js";
import { initNotFound } from "./notfound.js";
import { initTerms } from "./terms.js";
import { initTextSize } from "./textsize.js";
import { initBar } from "./bar.js";
import { initPlace } from "./place.js";
import { initNotes } from "./notes.js";

document.documentElement.classList.add("js");
followBrowserLanguage();
initToc();
initCopyLinks();
initLangSwitch();
initSearch();
initOffline();
initMissingSection();
initNotFound();
initTerms();
initTextSize();
initBar();
initPlace();
initNotes();
