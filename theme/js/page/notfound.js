// initNotFound puts the reader's language first on the root 404 page, which
// speaks every language because it is served for any address.
export function initNotFound() {
  const main = document.querySelector("main.notfound");
  if (!main) return;
  const sections = [...main.querySelectorAll("section[data-lang]")];
  for (const lang of navigator.languages || [navigator.language]) {
    const s = sections.find((x) => x.dataset.lang === lang.slice(0, 2).toLowerCase());
    if (s) {
      main.prepend(s);
      return;
    }
  }
}
