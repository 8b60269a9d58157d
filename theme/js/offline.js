// initOffline registers the service worker that keeps the whole site for
// reading with no signal (theme/sw/sw.js). The worker sits at the site root,
// so its scope is the whole site wherever the site is deployed.
export function initOffline() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  watchUpdates();
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

// watchUpdates shows the "rules updated" banner when a new build's worker
// takes over this page: it says so once its copy is complete, and only
// when this device held an earlier build (see theme/sw/sw.js), so a first
// visit announces nothing.
function watchUpdates() {
  navigator.serviceWorker.addEventListener("message", (ev) => {
    const d = ev.data || {};
    const banner = document.getElementById("update-banner");
    if (d.type !== "compendium-updated" || !banner) return;
    const text = d.edition ? (banner.dataset.textEdition || "").replace("%s", d.edition) : banner.dataset.text || "";
    banner.querySelector("span").textContent = text;
    banner.querySelector("button").onclick = () => location.reload();
    banner.hidden = false;
  });
}
