// The compendium's service worker: once a page is visited, the whole site
// (pages, script, style, the rules engine and the search indexes) is kept,
// so it works with no signal on site. The generator prepends VERSION (a hash
// of every file) and FILES (every URL, relative to this script).
/* global VERSION, FILES */
const CACHE = "compendium-" + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: "reload" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("compendium-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// Pages: the network first, so an organiser's correction shows at once,
// and the copy when there is no network. Hashed assets never change: the
// copy first. The query string (a calculator's inputs, a search) is not
// part of what is cached.
self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== location.origin) return;
  const url = new URL(req.url);
  if (url.pathname.includes("/_live/")) return; // the dev server's reload channel
  const isAsset = url.pathname.includes("/assets/");
  if (isAsset) {
    event.respondWith(caches.match(req, { ignoreSearch: true }).then((hit) => hit || fetch(req)));
    return;
  }
  event.respondWith(
    fetch(req)
      .then((resp) => {
        if (resp.ok && resp.type === "basic") {
          const copy = resp.clone();
          caches.open(CACHE).then((c) => c.put(url.pathname, copy));
        }
        return resp;
      })
      .catch(() => offline(req, url)),
  );
});

// offline answers a request the network could not: the kept copy, under
// the names a link may give it; a section's share page
// (/<lang>/<doc>/<id>/, not kept) as a redirect to its section; else, for
// a page, the language's "not found" page.
async function offline(req, url) {
  const path = url.pathname;
  const dir = path.endsWith("/") ? path : path.replace(/index\.html$/, "");
  for (const name of [path, dir, dir + "index.html", path + "/", path + "/index.html"]) {
    const hit = await caches.match(name, { ignoreSearch: true });
    if (hit) return hit;
  }
  if (req.mode !== "navigate") return Response.error();
  const m = dir.match(/^(.*\/)([a-z0-9-]+)\/$/);
  if (m && (await caches.match(m[1], { ignoreSearch: true }))) return Response.redirect(m[1] + "#" + m[2], 302);
  const scope = new URL(self.registration.scope).pathname;
  const lang = path.slice(scope.length).split("/")[0];
  return (await caches.match(scope + lang + "/404.html")) || (await caches.match(scope + "fr/404.html")) || Response.error();
}
