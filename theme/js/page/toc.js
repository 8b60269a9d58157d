import { isSingle, fillSingleToc, openCurrent, initSingleTop } from "./single.js";

// initToc makes the table of contents a drawer on narrow screens, opened by
// the header's button, closed by Escape, the close button, or following a
// link; and marks the section being read.
export function initToc() {
  const toc = document.getElementById("toc");
  const toggle = document.querySelector(".toc-toggle");
  const close = toc && toc.querySelector(".toc-close");
  if (!toc || !toggle) return;
  const single = isSingle();
  if (single) {
    fillSingleToc(toc);
    initSingleTop();
  }
  toggle.hidden = false;
  close.hidden = false;
  const setOpen = (open) => {
    toc.classList.toggle("open", open);
    toggle.setAttribute("aria-expanded", String(open));
    if (open) {
      if (single) openCurrent(toc);
      // The section being read, so the drawer opens scrolled to it.
      const first = toc.querySelector("[aria-current=true]") || toc.querySelector("a, summary");
      if (first) first.focus();
    }
  };
  toggle.addEventListener("click", () => setOpen(!toc.classList.contains("open")));
  close.addEventListener("click", () => {
    setOpen(false);
    toggle.focus();
  });
  toc.addEventListener("click", (ev) => {
    if (ev.target.closest("a")) setOpen(false);
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && toc.classList.contains("open")) {
      setOpen(false);
      toggle.focus();
    }
  });
  document.addEventListener("click", (ev) => {
    if (toc.classList.contains("open") && !toc.contains(ev.target) && ev.target !== toggle) setOpen(false);
  });

  // Mark the section being read in the contents.
  const links = new Map();
  toc.querySelectorAll("a[href^='#']").forEach((a) => links.set(a.getAttribute("href").slice(1), a));
  const headings = [...links.keys()].map((id) => document.getElementById(id)).filter(Boolean);
  if (!("IntersectionObserver" in window) || headings.length === 0) return;
  // The header's breadcrumb names the same section: "game › section".
  const crumb = document.querySelector(".crumb-section");
  let current;
  const observer = new IntersectionObserver(
    () => {
      let best = null;
      for (const h of headings) {
        if (h.getBoundingClientRect().top < 150) best = h;
        else break;
      }
      if (best === current) return;
      if (current) links.get(current.id).removeAttribute("aria-current");
      current = best;
      if (crumb) crumb.textContent = current ? links.get(current.id).textContent : "";
      if (current) links.get(current.id).setAttribute("aria-current", "true");
    },
    { rootMargin: "0px 0px -70% 0px" },
  );
  headings.forEach((h) => observer.observe(h));
}
