// The compendium's service worker keeps an offline copy: from the first
// visit the shell (style, scripts, the rules engine, each language's home
// page and search index) and the pages open then, then every page visited,
// and on request ("save the whole compendium") everything, with the
// single-file edition of the asking page's language (it is offered as the
// way to read offline, so "saved" must include it). The generator
// prepends VERSION (a hash of every file), EDITION (the rules' edition, ""
// when none), FILES (every URL, relative to this script), SUMS (each
// file's hash), SIZES (each file's bytes), SHELL (the indexes of the
// shell's files in FILES), and per file PAGES (a page's own ID, as its
// <html data-build> says) and TEXTS (a hash of the page's <main>), both ""
// for a file that is not a page (generator/render/stamp.go); LANGS (the
// site's languages, the original first: compendium.json's) and
// OFFLINE_TEXT (per language, the worker's own pages' texts, from
// theme/i18n's "offline." keys).
/* global VERSION, EDITION, FILES, SUMS, SIZES, SHELL, PAGES, TEXTS, LANGS, OFFLINE_TEXT */
const CACHE = "compendium-" + VERSION;

// One bar of signal: the phone connects, the request goes out, and no
// answer comes back for minutes (the browser's own limit). A page, a
// search index or the engine that the copy holds is answered from it once
// the network has been silent this long: a network that works, even a
// slow one, has begun answering by then, and the copy costs little when
// it was not needed (it is this build's file; a newer build still reaches
// the reader through the update offer).
const ANSWER_WITHIN_MS = 2500;
// A file the copy does not hold has only the network: it is waited for
// longer (a page late is better than none), but not forever, then the
// reader gets the "not saved on this device" page.
const GIVE_UP_AFTER_MS = 20000;

// URLS maps each file's absolute URL to its index in FILES.
const URLS = new Map(FILES.map((f, i) => [new URL(f, self.location).href, i]));

// A build is kept whole or not at all: its files go into a cache of their
// own, and a file that cannot be fetched fails the install (the half-made
// copy is dropped), which leaves the previous worker and its copy serving.
// The new copy holds the shell and whatever the previous copy held (what
// the reader visited or saved), of the new build; a file whose hash the
// previous copy has is taken from it: an update downloads only what
// changed (a sentence: the page, its side-by-side views, the book and the
// search index, when they were kept). "reload": past the HTTP cache,
// whatever the host's headers.
self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      await caches.delete(CACHE); // what an earlier, failed install left
      const cache = await caches.open(CACHE);
      const prevKey = await lastUsed((await caches.keys()).filter((k) => k.startsWith("compendium-") && k !== CACHE));
      const prev = prevKey ? await caches.open(prevKey) : null;
      const had = prev ? await sumsOf(prev) : {};
      const want = new Set(SHELL);
      FILES.forEach((f, i) => {
        if (f in had) want.add(i);
      });
      // The pages open now: the first page a reader opens was fetched
      // before this worker existed, so "every page visited" would miss
      // the one page they read (a rules page opened from a link in a
      // chat, then offline on site: "not saved on this device").
      const open = new Set();
      for (const c of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
        const i = fileIndex(c.url);
        if (i >= 0) {
          want.add(i);
          open.add(i);
        }
      }
      const fetchInto = async (i) => {
        const f = FILES[i];
        const same = had[f] === SUMS[i] && (await prev.match(f));
        if (same) return cache.put(f, same);
        let resp = await fetchWithin(new Request(f, { cache: "reload" }), GIVE_UP_AFTER_MS);
        if (!resp.ok) throw new Error(f + ": " + resp.status);
        // The bytes must be this build's: a deploy during the install
        // makes the host answer with the next build's file, and a copy
        // named for this build would then hold a page of the next one
        // (without its style or engine when their names changed). The
        // install fails, the half-made copy is dropped, and the next
        // build's worker, which the host now serves, installs instead.
        const body = await resp.arrayBuffer();
        if ((await sumOf(body)) !== SUMS[i]) throw new Error(f + ": not this build's bytes");
        resp = new Response(body, { status: resp.status, statusText: resp.statusText, headers: resp.headers });
        // An open page's print style sheet too: the page asked for it
        // before this worker existed, and printed offline without it, it
        // would print its buttons and menus.
        if (open.has(i)) {
          const href = printSheetHref(new TextDecoder().decode(body));
          const j = href ? fileIndex(new URL(href, new URL(f, self.location)).href) : -1;
          if (j >= 0 && !want.has(j)) {
            want.add(j);
            await fetchInto(j);
          }
        }
        return cache.put(f, resp);
      };
      try {
        await Promise.all([...want].map(fetchInto));
        await cache.put("__sums", new Response(JSON.stringify(Object.fromEntries([...want].map((i) => [FILES[i], SUMS[i]])))));
        // What the next build's worker compares with to say what changed:
        // every page of this build, kept or not (the reader's tab may show
        // one this copy never held).
        await cache.put("__build", new Response(JSON.stringify(thisBuild())));
      } catch (err) {
        await caches.delete(CACHE);
        throw err;
      }
      await self.skipWaiting();
    })(),
  );
});

// sumsOf returns the files a copy holds, with their hashes.
async function sumsOf(cache) {
  const r = await cache.match("__sums");
  return r ? r.json() : {};
}

// sumOf is the hash the build gives a file's bytes (SUMS: the first six
// bytes of their SHA-256, in hexadecimal).
async function sumOf(body) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body)).slice(0, 6);
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// keep stores a response of this build into the copy: only when its bytes
// hash as this build's file does, so that a page of a newer build (the
// network answered before this worker was replaced) never sits beside
// this build's files.
async function keep(i, resp) {
  if ((await sumOf(await resp.clone().arrayBuffer())) !== SUMS[i]) return false;
  const cache = await caches.open(CACHE);
  await cache.put(FILES[i], resp);
  await record(cache, FILES[i], SUMS[i]);
  return true;
}

// record adds a file to the copy's list (__sums), one write of the list
// at a time: saving the whole copy runs many. A write that fails (the
// device full) fails its own caller only: the lock goes on for the next
// ones, which would otherwise never run, their files stored but never
// listed (and so fetched again, and missing from what the copy says it
// holds).
let sumsLock = Promise.resolve();
function record(cache, f, sum) {
  const run = sumsLock.then(async () => {
    const sums = await sumsOf(cache);
    sums[f] = sum;
    await cache.put("__sums", new Response(JSON.stringify(sums)));
  });
  sumsLock = run.catch(() => {});
  return run;
}

// printSheetHref returns the address of html's print style sheet, the
// <link> whose rel lists "stylesheet" and whose media is "print", its
// attributes in any order and quoted either way (a worker has no
// DOMParser), with &amp; read as &; or "" when the page has none.
function printSheetHref(html) {
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const attrs = {};
    for (const a of tag.matchAll(/([a-zA-Z-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
      attrs[a[1].toLowerCase()] = a[2] ?? a[3] ?? a[4];
    }
    if ((attrs.rel || "").toLowerCase().split(/\s+/).includes("stylesheet") && (attrs.media || "").trim().toLowerCase() === "print" && attrs.href) {
      return attrs.href.replace(/&amp;/g, "&");
    }
  }
  return "";
}

// fileIndex returns the index in FILES of the file a URL names (a page by
// its folder, with or without index.html; the query string aside), or -1.
function fileIndex(url) {
  const u = new URL(url);
  u.search = "";
  u.hash = "";
  u.pathname = u.pathname.replace(/index\.html$/, "");
  let i = URLS.get(u.href);
  if (i === undefined && !u.pathname.endsWith("/")) i = URLS.get(u.href + "/");
  return i === undefined ? -1 : i;
}

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
      // The pages open now may run the previous build: they offer to
      // reload, saying what changed (a page that had no worker before
      // ignores this; one that shows this build's page already says
      // nothing).
      if (previous) {
        const r = await (await caches.open(previous)).match("__build");
        const before = r ? await r.json().catch(() => null) : null;
        for (const c of await self.clients.matchAll({ type: "window" })) c.postMessage(updateNote(before, c.url));
      }
    })(),
  );
});

// thisBuild is what a copy records of its build for the next one's
// update note: the edition, and each page's ID and text hash.
function thisBuild() {
  const pages = {};
  const texts = {};
  FILES.forEach((f, i) => {
    if (PAGES[i]) {
      pages[f] = PAGES[i];
      texts[f] = TEXTS[i];
    }
  });
  return { edition: EDITION, pages, texts };
}

// updateNote is the message to a tab at url once this build took over
// from a copy whose record (thisBuild) is before, null when that copy is
// older than the record: build names this build (a banner dismissed for
// it stays so), page is this build's ID of the tab's page (the tab says
// nothing when it shows that page already), edition is set when it
// changed, changed says whether the text of the tab's page did (null when
// unknown), others counts the other reading pages of its language whose
// text changed or that are new (not the home page, the book, the
// side-by-side views or the "what changed" page, which repeat the
// documents' changes, nor the player's notes and cards pages, tools
// whose words are not rules), and changes is that page's address when the build
// has one.
function updateNote(before, url) {
  const i = fileIndex(url);
  const note = { type: "compendium-updated", build: VERSION, page: i >= 0 ? PAGES[i] : "", edition: "", changed: null, others: null, changes: "" };
  const scope = new URL(self.registration.scope).pathname;
  const lang = new URL(url).pathname.slice(scope.length).split("/")[0];
  const root = "./" + lang + "/";
  if (lang && URLS.has(new URL(root + "changes/", self.location).href)) note.changes = new URL(root + "changes/", self.location).href;
  if (!before || !before.texts) return note;
  if (before.edition !== EDITION) note.edition = EDITION;
  const f = i >= 0 ? FILES[i] : "";
  if (f && f in before.texts) note.changed = before.texts[f] !== TEXTS[i];
  if (lang) {
    note.others = 0;
    FILES.forEach((g, j) => {
      if (j !== i && TEXTS[j] && readingPage(g, root) && before.texts[g] !== TEXTS[j]) note.others++;
    });
  }
  return note;
}

// readingPage reports whether file f, a page, is one of the language's
// pages a reader reads for the rules (under root, "./fr/").
function readingPage(f, root) {
  if (!f.startsWith(root) || f === root) return false;
  const rest = f.slice(root.length);
  return !/^(book|changes|notes|cards)\/$/.test(rest) && !rest.endsWith("/side-by-side/") && rest.endsWith("/");
}

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
// correction shows at once; the copy when there is no network, or when
// the network has not answered within ANSWER_WITHIN_MS. What the network
// answers is stored only when it is this build's file (keep), also when
// it comes after the copy has answered: the copy holds one build, whole,
// never a page of the next build beside the previous one's index. Hashed
// assets never change: the copy first. The query string (a calculator's
// inputs, a search) is not part of what is cached.
self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== location.origin) return;
  const url = new URL(req.url);
  if (url.pathname.includes("/_live/")) return; // the dev server's reload channel
  const i = fileIndex(req.url);
  const store = (resp) => {
    if (i >= 0 && resp.ok && resp.type === "basic") event.waitUntil(keep(i, resp.clone()).catch(() => false));
    return resp;
  };
  if (url.pathname.includes("/assets/")) {
    event.respondWith(
      kept(req)
        .then((hit) => hit || caches.match(req, { ignoreSearch: true }))
        // Not in any copy: only the network has it. Past the deadline,
        // every copy is asked again (saving the whole copy, running
        // meanwhile, may have stored it).
        .then((hit) => hit || fetchWithin(req, GIVE_UP_AFTER_MS).then(store, async () => (await caches.match(req, { ignoreSearch: true })) || Response.error())),
    );
    return;
  }
  const normal = () => {
    const net = fetchWithin(new Request(req, { cache: "no-cache" }), GIVE_UP_AFTER_MS).then(store);
    // The network's answer, when it comes after the copy's, is still kept:
    // the worker stays alive for it.
    event.waitUntil(net.catch(() => {}));
    return networkFirst(net, req, url);
  };
  // A file asked for by a tab that names its page's build (the search
  // index, which keeps its address: theme/js/page/searchindex.js).
  const tabPage = req.headers.get("X-Compendium-Page");
  event.respondWith(tabPage && i >= 0 ? forTab(event.clientId, tabPage, i, normal) : normal());
});

// forTab answers file i for a tab whose page has the ID tabPage. A tab of
// this build, or one the worker cannot place, gets what any request gets.
// A tab still showing the previous build's page (opened before this worker
// took over) gets the previous build's file from that build's copy, which
// stays for such tabs: its search then reads its own build's index, never
// the new build's text beside its page. The answer then carries
// X-Compendium-For (the tab's page ID), which tells the tab so; without
// it, the tab checks for itself (theme/js/shared/edition.js).
async function forTab(clientId, tabPage, i, normal) {
  const c = clientId ? await self.clients.get(clientId) : null;
  const j = c ? fileIndex(c.url) : -1;
  if (j < 0 || PAGES[j] === tabPage) return normal();
  const prevKey = await lastUsed((await caches.keys()).filter((k) => k.startsWith("compendium-") && k !== CACHE));
  if (prevKey) {
    const prev = await caches.open(prevKey);
    const r = await prev.match("__build");
    const before = r ? await r.json().catch(() => null) : null;
    const hit = before && before.pages && before.pages[FILES[j]] === tabPage ? await prev.match(FILES[i]) : null;
    if (hit) {
      const headers = new Headers(hit.headers);
      headers.set("X-Compendium-For", tabPage);
      return new Response(hit.body, { status: hit.status, statusText: hit.statusText, headers });
    }
  }
  return normal();
}

// networkFirst answers with the network's response if it comes within
// ANSWER_WITHIN_MS; past that (or when the network failed) with the copy's
// when the copy holds the file; else with the network's whenever it comes
// (GIVE_UP_AFTER_MS at most), and offline's when it does not.
async function networkFirst(net, req, url) {
  const quick = await Promise.race([net.catch(() => null), new Promise((ok) => setTimeout(ok, ANSWER_WITHIN_MS))]);
  return quick || (await keptPage(url)) || net.catch(() => offline(req, url));
}

// fetchWithin is fetch aborted when no answer has begun (its headers)
// within ms: without it, a network that never answers holds the request,
// and what waits on it, for minutes. The download itself is not bounded:
// a large file on a slow network that works takes what it takes.
// A signal given (stop) aborts it too.
function fetchWithin(req, ms, stop) {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), ms);
  const abort = () => ctl.abort();
  stop?.addEventListener("abort", abort);
  return fetch(req, { signal: ctl.signal }).finally(() => {
    clearTimeout(timer);
    stop?.removeEventListener("abort", abort);
  });
}

// A page asks what the whole copy would take, and to save it: every file
// of this build not kept yet, with progress, then "done" (or "error").
self.addEventListener("message", (event) => {
  const d = event.data || {};
  const reply = (m) => event.source && event.source.postMessage(m);
  const single = typeof d.single === "string" ? fileIndex(new URL(d.single, self.location).href) : -1;
  if (d.type === "save-size") {
    event.waitUntil(
      caches.open(CACHE).then(sumsOf).then((had) => {
        let total = 0;
        let missing = 0;
        FILES.forEach((f, i) => {
          if (!inSave(i, single)) return;
          total += SIZES[i];
          if (!(f in had)) missing += SIZES[i];
        });
        reply({ type: "save-size", total, missing, single: single >= 0 ? SIZES[single] : 0, singleKept: single >= 0 && FILES[single] in had });
      }),
    );
  } else if (d.type === "save-all") {
    event.waitUntil(saveAll(reply, single));
  } else if (d.type === "kept-pages" && event.ports[0]) {
    // The search, offline, asks which of its results this copy holds
    // (the pages it answers from: this build's only), so that it marks
    // those that would give the "not saved on this device" page.
    const urls = Array.isArray(d.urls) ? d.urls.slice(0, 64) : [];
    event.waitUntil(
      Promise.all(urls.map((u) => keptPage(new URL(String(u), self.location)).then(Boolean, () => false))).then((k) => event.ports[0].postMessage(k)),
    );
  }
});

// inSave reports whether "save the whole compendium", asked from a page
// whose single-file edition is FILES[single] (-1: none), keeps file i:
// every file but the other languages' single-file editions, each the size
// of the site's pages again, which a reader of this language does not
// open (their home page's button saves them).
function inSave(i, single) {
  return i === single || !FILES[i].endsWith("/compendium.html");
}

// saveAll fetches every file the copy lacks (inSave), four at a time. The first
// error stops all four: the others' requests are aborted and no progress
// is said after the error (a late "Saving… 1.8 MB" overwrote it, and the
// page said it was saving for ever). What was kept stays kept: saving
// again fetches the rest.
async function saveAll(reply, single) {
  const had = await sumsOf(await caches.open(CACHE));
  const todo = FILES.map((f, i) => i).filter((i) => inSave(i, single) && !(FILES[i] in had));
  const total = todo.reduce((s, i) => s + SIZES[i], 0);
  const stop = new AbortController();
  let done = 0;
  try {
    const next = async () => {
      while (todo.length > 0 && !stop.signal.aborted) {
        const i = todo.shift();
        const resp = await fetchWithin(new Request(FILES[i], { cache: "no-cache" }), GIVE_UP_AFTER_MS, stop.signal);
        if (!resp.ok || !(await keep(i, resp))) throw new Error(FILES[i]);
        if (stop.signal.aborted) return;
        done += SIZES[i];
        reply({ type: "save-progress", done, total });
      }
    };
    await Promise.all(
      [next(), next(), next(), next()].map((p) =>
        p.catch((err) => {
          stop.abort();
          throw err;
        }),
      ),
    );
    reply({ type: "save-done", total });
  } catch (err) {
    stop.abort();
    reply({ type: "save-error", message: String(err && err.name === "QuotaExceededError" ? "quota" : err) });
  }
}

// offline answers a request the network could not: the kept copy, under
// the names a link may give it; a section's share page
// (/<lang>/<doc>/<id>/, not kept) as a redirect to its section; else, for
// a page, the language's "not found" page, and when the copy holds nothing
// (never saved, or cleared by the browser), a page saying so.
async function offline(req, url) {
  const hit = await keptPage(url);
  if (hit) return hit;
  const path = url.pathname;
  const dir = path.endsWith("/") ? path : path.replace(/index\.html$/, "");
  if (req.mode !== "navigate") return Response.error();
  const scope = new URL(self.registration.scope).pathname;
  // The language of the address, else the original's.
  const first = path.slice(scope.length).split("/")[0];
  const lang = LANGS.includes(first) ? first : LANGS[0];
  // A page of the site that this device did not keep: say so, with what
  // it kept (not "page not found": it exists, online).
  if (fileIndex(req.url) >= 0) return notSaved(lang, scope);
  // A section's share page, /<lang>/<doc>/<id>/: to the section.
  const m = dir.match(/^(.*\/)([a-z0-9-]+)\/$/);
  const isDoc = m && m[1].slice(scope.length).split("/").filter(Boolean).length === 2;
  if (isDoc && (await kept(m[1]))) return Response.redirect(m[1] + "#" + m[2], 302);
  return (await kept(scope + lang + "/404.html")) || (await kept(scope + LANGS[0] + "/404.html")) || nothingKept(lang, scope);
}

// keptPage finds a file in the copy under the names a link may give it
// (a page's folder with or without a slash or index.html), or null.
async function keptPage(url) {
  const path = url.pathname;
  const dir = path.endsWith("/") ? path : path.replace(/index\.html$/, "");
  for (const name of [path, dir, dir + "index.html", path + "/", path + "/index.html"]) {
    const hit = await kept(name);
    if (hit) return hit;
  }
  return null;
}

// offlinePage answers with a page of the worker's own, in the reader's
// language, styled with the kept style sheet when there is one.
function offlinePage(lang, css, body) {
  const t = OFFLINE_TEXT[lang];
  const html =
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t.title}</title>` +
    (css ? `<link rel="stylesheet" href="${css}">` : "") +
    `</head><body><main id="main" class="offline"><h1>${t.title}</h1>${body}</main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'" },
  });
}

// notSaved lists the pages the copy holds, by their titles.
async function notSaved(lang, scope) {
  const cache = await caches.open(CACHE);
  const t = OFFLINE_TEXT[lang];
  const pages = [];
  let css = "";
  for (const r of await cache.keys()) {
    const u = new URL(r.url);
    if (!u.pathname.endsWith("/")) continue;
    const html = await (await cache.match(r)).text();
    const title = (html.match(/<title>([^<]*)<\/title>/) || [])[1] || u.pathname;
    const link = html.match(/<link rel="stylesheet" href="([^"]+)">/);
    if (link && !css) css = new URL(link[1], u).pathname;
    pages.push([u.pathname, title]);
  }
  if (pages.length === 0) return nothingKept(lang, scope);
  pages.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const mine = pages.filter(([p]) => p.startsWith(scope + lang + "/"));
  const list = (mine.length > 0 ? mine : pages).map(([p, title]) => `<li><a href="${p}">${title}</a></li>`).join("");
  return offlinePage(lang, css, `<p>${t.notSaved}</p><p>${t.saved}</p><ul>${list}</ul><p>${t.hint}</p>`);
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
  const t = OFFLINE_TEXT[lang];
  return offlinePage(lang, "", `<p>${t.nothing}</p><p>${t.once}</p><p><a href="${scope}${lang}/">${t.retry}</a></p>`);
}
