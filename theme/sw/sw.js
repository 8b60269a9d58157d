// The compendium's service worker: once a page is visited, the whole site
// (pages, script, style, the rules engine and the search indexes) is kept,
// so it works with no signal on site. The generator prepends VERSION (a hash
// of every file), EDITION (the rules' edition, "" when none), FILES
// (every URL, relative to this script) and SUMS (each file's hash).
/* global VERSION, EDITION, FILES, SUMS */
const CACHE = "compendium-" + VERSION;

// A build is kept whole or not at all: its files go into a cache of their
// own, and a file that cannot be fetched fails the install (the half-made
// copy is dropped), which leaves the previous worker and its copy serving.
// A file whose hash the previous copy has is taken from it: an update
// downloads only what changed (a sentence: the page, its side-by-side
// views, the book and the search index). "reload": past the HTTP cache,
// whatever the host's headers.
self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      await caches.delete(CACHE); // what an earlier, failed install left
      const cache = await caches.open(CACHE);
      const prevKey = await lastUsed((await caches.keys()).filter((k) => k.startsWith("compendium-") && k !== CACHE));
      const prev = prevKey ? await caches.open(prevKey) : null;
      const had = prev ? await prev.match("__sums").then((r) => (r ? r.json() : {})) : {};
      try {
        await Promise.all(
          FILES.map(async (f, i) => {
            const same = had[f] === SUMS[i] && (await prev.match(f));
            if (same) return cache.put(f, same);
            const resp = await fetch(new Request(f, { cache: "reload" }));
            if (!resp.ok) throw new Error(f + ": " + resp.status);
            return cache.put(f, resp);
          }),
        );
        await cache.put("__sums", new Response(JSON.stringify(Object.fromEntries(FILES.map((f, i) => [f, SUMS[i]])))));
      } catch (err) {
        await caches.delete(CACHE);
        throw err;
      }
      await self.skipWaiting();
    })(),
  );
});

// The previous build's copy stays until the next one: a tab opened before
// the update still finds its script, engine and style (named by their
// content, so looked up in every copy). Older copies go.
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const keys = (await caches.keys()).filter((k) => k.startsWith("compendium-") && k !== CACHE);
      const previous = await lastUsed(keys);
      await Promise.all(keys.filter((k) => k !== previous).map((k) => caches.delete(k)));
      await (await caches.open(CACHE)).put("__activated", new Response(String(Date.now())));
      await self.clients.claim();
      // The pages open now run the previous build: they offer to reload
      // (a page that had no worker before ignores this).
      if (previous) for (const c of await self.clients.matchAll({ type: "window" })) c.postMessage({ type: "compendium-updated", edition: EDITION });
    })(),
  );
});

// lastUsed returns the copy activated last among keys.
async function lastUsed(keys) {
  let best = "";
  let when = -1;
  for (const k of keys) {
    const r = await (await caches.open(k)).match("__activated");
    const t = r ? Number(await r.text()) : 0;
    if (t > when) {
      best = k;
      when = t;
    }
  }
  return best;
}

// Pages and the other files that keep their address (the search indexes):
// the network first, asked to revalidate (not the HTTP cache, which a host
// sending Last-Modified alone lets serve an old page), so an organiser's
// correction shows at once; the copy when there is no network. What the
// network answers is not stored: the copy holds one build, whole, never a
// page of the next build beside the previous one's index. Hashed assets
// never change: the copy first. The query string (a calculator's inputs, a
// search) is not part of what is cached.
self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== location.origin) return;
  const url = new URL(req.url);
  if (url.pathname.includes("/_live/")) return; // the dev server's reload channel
  if (url.pathname.includes("/assets/")) {
    event.respondWith(kept(req).then((hit) => hit || caches.match(req, { ignoreSearch: true })).then((hit) => hit || fetch(req)));
    return;
  }
  event.respondWith(fetch(new Request(req, { cache: "no-cache" })).catch(() => offline(req, url)));
});

// offline answers a request the network could not: the kept copy, under
// the names a link may give it; a section's share page
// (/<lang>/<doc>/<id>/, not kept) as a redirect to its section; else, for
// a page, the language's "not found" page, and when the copy holds nothing
// (never saved, or cleared by the browser), a page saying so.
async function offline(req, url) {
  const path = url.pathname;
  const dir = path.endsWith("/") ? path : path.replace(/index\.html$/, "");
  for (const name of [path, dir, dir + "index.html", path + "/", path + "/index.html"]) {
    const hit = await kept(name);
    if (hit) return hit;
  }
  if (req.mode !== "navigate") return Response.error();
  const m = dir.match(/^(.*\/)([a-z0-9-]+)\/$/);
  if (m && (await kept(m[1]))) return Response.redirect(m[1] + "#" + m[2], 302);
  const scope = new URL(self.registration.scope).pathname;
  const lang = path.slice(scope.length).split("/")[0];
  return (await kept(scope + lang + "/404.html")) || (await kept(scope + "fr/404.html")) || nothingKept(lang === "en" ? "en" : "fr", scope);
}

// kept finds a request in this build's copy only: the previous build's,
// kept for the tabs still showing it, must never answer for a page
// (caches.match looks through every copy, the oldest first).
async function kept(req) {
  return (await caches.open(CACHE)).match(req, { ignoreSearch: true });
}

// nothingKept is the page of a reader offline whose device holds no copy:
// never an empty answer (WebKit then shows "FetchEvent.respondWith
// received an error"), a page in their language.
function nothingKept(lang, scope) {
  const t = {
    fr: ["Hors ligne", "Pas de réseau, et cet appareil ne garde pas encore de copie du compendium (ou le navigateur l’a effacée pour faire de la place).", "Ouvrez le compendium une fois avec du réseau : il sera ensuite lisible sans.", "Réessayer"],
    en: ["Offline", "No network, and this device holds no copy of the compendium yet (or the browser cleared it to make room).", "Open the compendium once with a network: it then reads without one.", "Try again"],
  }[lang];
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t[0]}</title></head>` +
    `<body><main><h1>${t[0]}</h1><p>${t[1]}</p><p>${t[2]}</p><p><a href="${scope}${lang}/">${t[3]}</a></p></main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": "default-src 'none'; base-uri 'none'; form-action 'none'" },
  });
}
