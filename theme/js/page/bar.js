// The header at hand on a phone. There the header scrolls away with the
// page (sticky, the whole of it would take too much of the screen); past
// it, scrolling up brings it back as a bar of one row fixed at the top
// (the search field, the language, the reading size: the same elements,
// main.css hides the rest), and scrolling down sends it away again. A jump (a link
// to a section, the contents, a search result, a place carried from the
// other language) never brings it: it would cover the heading just
// landed on. A focus in the header brings it (Shift+Tab, "/" for the
// search) and keeps it while there; a focus it would cover sends it away.
// Without JavaScript the header stays where it is, at the top.

// SHOW_AFTER is how far, in CSS px, the reader scrolls up in one go
// before the bar comes: less is a finger's wobble.
const SHOW_AFTER = 24;

// settle is the bar's answer to the page's scroll position, for a script
// that moves it and needs the header laid out at once (none without a bar).
let settle = () => {};

// settleBar lays the header out for where the page is now scrolled,
// without waiting for the scroll event: a script that scrolls to the top
// and focuses the site's title, which the bar hides, calls it in between.
export function settleBar() {
  settle();
}

// initBar wires the bar on pages with a header, on phone widths.
export function initBar() {
  const header = document.querySelector(".site-header");
  if (!header || !window.matchMedia) return;
  const phone = window.matchMedia("(max-width: 40rem)");
  const root = document.documentElement;
  let height = 0; // the header's height in the flow, kept by the body's padding while it is fixed
  let lastY = window.scrollY;
  let upBy = 0;
  // held: the last move was not the reader's scrolling (a jump, a focus
  // moved by the keyboard, the page's load), which never brings the bar.
  let held = true;

  const mode = () => (root.classList.contains("bar-shown") ? "shown" : root.classList.contains("bar-away") ? "away" : "");
  const set = (m) => {
    if (m === mode()) return;
    if (m && !mode()) {
      // Leaving the flow: the body keeps its place.
      height = header.getBoundingClientRect().height;
      root.style.setProperty("--bar-flow", height + "px");
    }
    root.classList.toggle("bar-shown", m === "shown");
    root.classList.toggle("bar-away", m === "away");
    if (!m) root.style.removeProperty("--bar-flow");
    // Its own height, as laid out in one row: how far up it goes away.
    else root.style.setProperty("--bar-h", header.offsetHeight + "px");
  };
  // mine says whether el is one of the bar's controls: the contents'
  // button floats apart, at the bottom of the screen.
  const mine = (el) => !!el && el !== document.body && header.contains(el) && !el.closest(".toc-toggle");
  const inHeader = () => mine(document.activeElement);
  // covers says whether the bar, shown, would hide the focused element.
  const covers = () => {
    const el = document.activeElement;
    if (!el || el === document.body || mine(el)) return false;
    const r = el.getBoundingClientRect();
    return r.bottom > 0 && r.top < header.getBoundingClientRect().height;
  };

  const onScroll = () => {
    const y = window.scrollY;
    const dy = y - lastY;
    lastY = y;
    if (!phone.matches) return set("");
    // Back at the top, where the header is in the flow.
    if (y <= (mode() ? height : header.offsetHeight)) {
      upBy = 0;
      return set("");
    }
    if (dy === 0) return;
    if (inHeader() && !held) return set("shown");
    if (dy > 0 || held) {
      upBy = 0;
      return set("away");
    }
    upBy -= dy;
    if (upBy >= SHOW_AFTER && !covers()) set("shown");
    else if (!mode()) set("away");
  };
  window.addEventListener("scroll", onScroll, { passive: true });
  settle = onScroll;
  phone.addEventListener?.("change", onScroll);

  // The reader's own scrolling frees the bar; anything else holds it.
  const free = () => {
    held = false;
  };
  window.addEventListener("touchmove", free, { passive: true });
  window.addEventListener("wheel", free, { passive: true });
  window.addEventListener("keydown", (ev) => {
    if (["ArrowUp", "ArrowDown", "PageUp", "PageDown", "Home", "End", " "].includes(ev.key)) free();
  });
  // hold answers a jump: the bar goes, and the focus with it when it was
  // there (a search result chosen from the field), which would be hidden;
  // the browser's next Tab starts from the place jumped to.
  const hold = () => {
    held = true;
    upBy = 0;
    if (mode() !== "shown") return;
    if (inHeader()) document.activeElement.blur();
    set("away");
  };
  window.addEventListener("hashchange", hold);
  document.addEventListener("click", (ev) => {
    const a = ev.target.closest?.("a[href]");
    if (!a || ev.defaultPrevented) return;
    const u = new URL(a.href, location.href);
    if (u.pathname === location.pathname && u.hash) hold();
  });
  document.addEventListener("focusin", (ev) => {
    if (!phone.matches) return;
    if (mine(ev.target)) {
      held = false;
      if (mode() === "away") set("shown");
      return;
    }
    held = true;
    if (mode() === "shown" && covers()) set("away");
  });
  onScroll();
}
