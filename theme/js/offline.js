// initOffline registers the service worker that keeps the whole site for
// reading with no signal (theme/sw/sw.js). The worker sits at the site root,
// so its scope is the whole site wherever the site is deployed.
export function initOffline() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  watchUpdates();
  const root = new URL(document.body.dataset.root || "./", location.href);
  // Well after the page's own work: the first visit's download of the
  // whole site must not compete with what the reader came for (measured: a
  // worker registered at load delayed the first calculator result). A tap
  // on "save everything" registers it at once.
  let registered = null;
  const register = () =>
    (registered ||= navigator.serviceWorker.register(new URL("sw.js", root).href).catch(() => {
      /* no offline copy: the site still works online */
    }));
  initSaveAll(register);
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

// megabytes writes a size for people: "3,4 Mo" / "3.4 MB".
function megabytes(n) {
  const fr = document.documentElement.lang === "fr";
  const v = (n / 1e6).toLocaleString(fr ? "fr-FR" : "en-GB", { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  return v + (fr ? "\u00a0Mo" : "\u00a0MB");
}

// initSaveAll runs the home page's "save the whole compendium" button:
// it says what the copy will take on the device, checks the room left
// (navigator.storage.estimate), asks for the copy to be kept
// (navigator.storage.persist), then has the worker fetch every file it
// lacks, with a progress bar.
function initSaveAll(register) {
  const li = document.getElementById("save-all");
  if (!li) return;
  li.classList.add("on");
  const button = li.querySelector("button");
  const size = li.querySelector(".save-size");
  const bar = li.querySelector("progress");
  const status = li.querySelector(".save-status");
  let worker = null;
  let missing = 0;
  navigator.serviceWorker.addEventListener("message", (ev) => {
    const d = ev.data || {};
    if (d.type === "save-size") {
      missing = d.missing;
      li.classList.add("ready");
      size.textContent = li.dataset.size.replace("%s", megabytes(d.total));
      if (d.missing === 0) {
        // Said on the button, not below it: at load, nothing may move.
        button.disabled = true;
        button.textContent = li.dataset.done;
      }
    } else if (d.type === "save-progress") {
      bar.hidden = false;
      bar.value = Math.round((100 * d.done) / Math.max(1, d.total));
      status.textContent = li.dataset.progress.replace("%s", megabytes(d.done)).replace("%s", megabytes(d.total));
    } else if (d.type === "save-done") {
      bar.value = 100;
      button.disabled = true;
      status.textContent = li.dataset.saved;
    } else if (d.type === "save-error") {
      button.disabled = false;
      status.textContent = li.dataset.error;
    }
  });
  navigator.serviceWorker.ready.then((reg) => {
    worker = reg.active;
    if (worker) worker.postMessage({ type: "save-size" });
  });
  button.addEventListener("click", async () => {
    button.disabled = true;
    if (!worker) {
      // A first visit: the worker is not there yet (registered 3 s after
      // load, then installing). The tap brings it now and waits for it.
      status.textContent = li.dataset.wait;
      register();
      worker = (await navigator.serviceWorker.ready).active;
      status.textContent = "";
    }
    if (navigator.storage && navigator.storage.estimate) {
      const { quota = 0, usage = 0 } = await navigator.storage.estimate();
      if (quota > 0 && quota - usage < missing * 1.1) {
        status.textContent = li.dataset.short.replace("%s", megabytes(Math.max(0, quota - usage))).replace("%s", megabytes(missing));
        button.disabled = false;
        return;
      }
    }
    if (navigator.storage && navigator.storage.persist) await navigator.storage.persist().catch(() => false);
    worker.postMessage({ type: "save-all" });
  });
}
