// initOffline registers the service worker that keeps the whole site for
// reading with no signal (theme/sw/sw.js). The worker sits at the site root,
// so its scope is the whole site wherever the site is deployed.
export function initOffline() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const root = new URL(document.body.dataset.root || "./", location.href);
  // Well after the page's own work: the first visit's download of the
  // whole site must not compete with what the reader came for (measured: a
  // worker registered at load delayed the first calculator result).
  const register = () =>
    navigator.serviceWorker.register(new URL("sw.js", root).href).catch(() => {
      /* no offline copy: the site still works online */
    });
  window.addEventListener("load", () => setTimeout(() => ("requestIdleCallback" in window ? requestIdleCallback(register, { timeout: 5000 }) : register()), 3000));
}
