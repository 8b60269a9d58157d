import { characterOf, notesStored, write } from "../shared/store.js";
import { stateOf } from "../shared/notes.js";
import { toast } from "../shared/toast.js";

// initOffline registers the service worker that keeps the whole site for
// reading with no signal (theme/sw/sw.js). The worker sits at the site root,
// so its scope is the whole site wherever the site is deployed.
export function initOffline() {
  // A page opened from disk (the single-file edition) is its own offline
  // copy; WebKit counts file:// as secure and offers service workers
  // there, but the file's policy (worker-src blob:) refuses one, and no
  // engine serves a file:// page from a worker anyway.
  if (!("serviceWorker" in navigator) || !window.isSecureContext || location.protocol === "file:") return;
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
  initSingleLink();
  window.addEventListener("load", () => setTimeout(() => ("requestIdleCallback" in window ? requestIdleCallback(register, { timeout: 5000 }) : register()), 3000));
}

// DISMISSED is the localStorage key holding the build whose update banner
// the reader closed on this device.
const DISMISSED = "compendium-update-dismissed";

// watchUpdates shows the "rules updated" banner when a new build's worker
// takes over this page: it says so once its copy is complete, and only
// when this device held an earlier build (see theme/sw/sw.js), so a first
// visit announces nothing. A page that is already the new build's (opened
// while the update ran: pages come from the network first) says nothing;
// the others say whether the edition changed, whether this page and how
// many others did, and link the "what changed" page. Closed (its button,
// or Escape), it stays closed for that build in every tab of this device.
function watchUpdates() {
  const banner = document.getElementById("update-banner");
  if (!banner) return;
  let shown = "";
  const dismiss = () => {
    banner.hidden = true;
    banner.dataset.state = "dismissed";
    // No storage (full, or private browsing): closed in this tab only,
    // and said so.
    if (!write(DISMISSED, shown)) toast(banner.dataset.unsaved, 8000);
  };
  banner.querySelector(".update-reload").addEventListener("click", () => location.reload());
  banner.querySelector(".update-close").addEventListener("click", dismiss);
  banner.addEventListener("keydown", (ev) => {
    if (ev.key !== "Escape") return;
    ev.preventDefault();
    dismiss();
  });
  // Closed in another tab of this device: closed here too.
  window.addEventListener("storage", (ev) => {
    if (ev.key === DISMISSED && shown && ev.newValue === shown && !banner.hidden) {
      banner.hidden = true;
      banner.dataset.state = "dismissed";
    }
  });
  navigator.serviceWorker.addEventListener("message", (ev) => {
    const d = ev.data || {};
    if (d.type !== "compendium-updated") return;
    if (d.page && d.page === document.documentElement.dataset.build) {
      banner.dataset.state = "current";
      return;
    }
    let closed = "";
    try {
      closed = localStorage.getItem(DISMISSED) || "";
    } catch {
      /* no storage: nothing was closed for good */
    }
    if (d.build && closed === d.build) {
      banner.dataset.state = "dismissed";
      return;
    }
    shown = String(d.build || "");
    const t = banner.dataset;
    banner.querySelector(".update-what").textContent = d.edition ? t.edition.replace("%s", d.edition) : t.corrected;
    banner.querySelector(".update-detail").textContent = updateDetail(t, d.changed, d.others);
    // The link to the changes page exists only when there is one: an
    // anchor without an address in the page is not crawlable (Lighthouse's
    // SEO audit, issue 48).
    const slot = banner.querySelector(".update-changes-slot");
    slot.replaceChildren();
    if (d.changes) {
      const link = document.createElement("a");
      link.className = "update-changes";
      link.href = d.changes;
      link.textContent = slot.dataset.label;
      slot.append(link);
    }
    banner.hidden = false;
    banner.dataset.state = "shown";
    if (d.changes) sayMine(banner, Boolean(d.edition));
  });
}

// sayMine adds to the banner how many of the player's bookmarked or
// annotated rules the new build changed, counted against its notes index
// (asked past the HTTP cache: the page's own build may hold the old one),
// and, when a new edition arrived (edition), how many of the rules their
// stored characters' calculators use changed since the previous one (the
// changes page shows the figures before and after); nothing when none
// did, or when the index cannot be had.
async function sayMine(banner, edition) {
  const slot = banner.querySelector(".update-mine");
  slot.textContent = "";
  const notes = Object.values(notesStored().notes).filter((n) => n.mark || (n.text || "").trim());
  const b = document.body;
  let idx = null;
  try {
    const r = await fetch((b.dataset.root || "/") + b.dataset.lang + "/notes/sections.json", { cache: "no-cache" });
    idx = r.ok ? await r.json() : null;
  } catch {
    return;
  }
  if (!idx) return;
  const chars = [];
  if (edition && idx.chars && idx.changed) {
    const changed = new Set(idx.changed);
    for (const [game, secs] of Object.entries(idx.chars)) {
      if (characterOf(game)) chars.push(...secs.filter((k) => changed.has(k)));
    }
  }
  const said = [];
  const n = notes.filter((note) => stateOf(note, idx).changed).length;
  const c = new Set(chars).size;
  if (n) said.push((n === 1 ? slot.dataset.mineOne : slot.dataset.mineMany).replace("%d", String(n)));
  if (c) said.push((c === 1 ? slot.dataset.characterOne : slot.dataset.characterMany).replace("%d", String(c)));
  slot.textContent = said.join(" ");
}

// updateDetail says what changed, from the banner's strings t: whether
// this page's text did (changed: true, false, or null when unknown) and
// how many other pages' did (others, null when unknown).
function updateDetail(t, changed, others) {
  const n = typeof others === "number" ? others : -1;
  const pick = (none, one, many) => (n === 1 ? one : n > 1 ? many.replace("%d", String(n)) : none);
  if (changed === true) return pick(t.pageChanged, t.pageChangedOne, t.pageChangedMany);
  if (changed === false) return pick(t.pageSame, t.pageSameOne, t.pageSameMany);
  return pick("", t.pagesOne, t.pagesMany);
}

// megabytes writes a size for people as the page's language does ("3,4
// Mo", "3.4 MB"): its number format, and its unit from theme/i18n
// (save_all_megabytes, on the save button's list item).
function megabytes(n) {
  const v = (n / 1e6).toLocaleString(document.documentElement.lang, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  return (document.getElementById("save-all")?.dataset.megabytes || "%s").replace("%s", v);
}

// initSingleLink makes the home page's single-file link download from the
// offline copy when the copy holds the file: Chromium sends a download
// link's request past the service worker, so with no network the download
// failed though the copy had the file. The page fetches it instead (the
// worker answers, from the network when it answers in time, else from the
// copy) and hands the bytes to the browser as a download. A file the copy
// lacks downloads as the link says, straight from the host.
function initSingleLink() {
  const a = document.querySelector("a[data-single-link]");
  if (!a || !("caches" in window)) return;
  let busy = false;
  a.addEventListener("click", async (ev) => {
    if (!navigator.serviceWorker.controller || busy) return;
    ev.preventDefault();
    busy = true;
    try {
      const resp = (await caches.match(a.href)) ? await fetch(a.href) : null;
      if (!resp || !resp.ok) {
        location.href = a.href;
        return;
      }
      const url = URL.createObjectURL(await resp.blob());
      const save = document.createElement("a");
      save.href = url;
      save.download = a.getAttribute("href").split("/").pop();
      save.hidden = true;
      document.body.append(save);
      save.click();
      save.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60000);
    } catch {
      location.href = a.href;
    } finally {
      busy = false;
    }
  });
}

// initSaveAll runs the home page's "save the whole compendium" button:
// it says what the copy will take on the device, checks the room left
// (navigator.storage.estimate), asks for the copy to be kept
// (navigator.storage.persist), then has the worker fetch every file it
// lacks, with a progress bar: the page's single-file edition included,
// whose part of the size it names.
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
  // saving is true from a tap until the worker says done or error: a
  // progress message after the error (a worker of an older build still
  // running its other fetch loops) must not say "Saving…" over it.
  let saving = false;
  // The home page's single-file edition, offered as the way to read
  // offline: saved with the rest, and its size said as its link says it
  // (the build's figure, written for people).
  const single = li.dataset.single ? new URL(li.dataset.single, location.href).href : "";
  const singleSize = li.dataset.singleSize || "";
  navigator.serviceWorker.addEventListener("message", (ev) => {
    const d = ev.data || {};
    if (d.type === "save-size") {
      missing = d.missing;
      li.classList.add("ready");
      size.textContent =
        single && singleSize
          ? li.dataset.sizeSingle.replace("%s", megabytes(d.total)).replace("%s", singleSize)
          : li.dataset.size.replace("%s", megabytes(d.total));
      if (d.missing === 0) {
        // Said on the button, not below it: at load, nothing may move.
        button.disabled = true;
        button.textContent = li.dataset.done;
      }
    } else if (d.type === "save-progress") {
      if (!saving) return;
      bar.hidden = false;
      bar.value = Math.round((100 * d.done) / Math.max(1, d.total));
      status.textContent = li.dataset.progress.replace("%s", megabytes(d.done)).replace("%s", megabytes(d.total));
    } else if (d.type === "save-done") {
      saving = false;
      bar.value = 100;
      button.disabled = true;
      status.textContent = single ? li.dataset.savedSingle : li.dataset.saved;
    } else if (d.type === "save-error") {
      saving = false;
      button.disabled = false;
      status.textContent = li.dataset.error;
    }
  });
  navigator.serviceWorker.ready.then((reg) => {
    worker = reg.active;
    if (worker) worker.postMessage({ type: "save-size", single });
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
    saving = true;
    worker.postMessage({ type: "save-all", single });
  });
}
