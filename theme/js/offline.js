// initOffline registers the service worker that keeps the whole site for
// reading with no signal (theme/sw/sw.js). The worker sits at the site root,
// so its scope is the whole site wherever the site is deployed.
export function initOffline() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const root = new URL(document.body.dataset.root || "./", location.href);
  // After the page's own work: the first visit's download of the site
  // must not compete with what the reader came for.
  window.addEventListener("load", () => {
    navigator.serviceWorker.register(new URL("sw.js", root).href).catch(() => {
      /* no offline copy: the site still works online */
    });
  });
}
