// Twin of generator/search for the index's loading (split.go's LoadSplit
// and the records of a split index): change one, change the other.
// TestSearchParity (generator/e2e/search_test.go) and TestSearchSplit
// (generator/e2e/split_test.go) hold them equal.
//
// The search index's loading: fetching a language's index once per page,
// only when asked (fetchIndex), checking that it is this page's build's,
// preparing it for queries (loadIndex), and, for a large site's split index,
// fetching the shards a query's words need (prepare), each once per page.
// What it prepares is what searchquery.js reads.
import { replaced } from "../shared/edition.js";
import { alternatives, candidates, synMatches, tokens, words } from "./searchquery.js";

// NewEdition is the failure of an index that is not the tab's build's:
// the host serves a new edition, whose index would show its text beside
// this page's (and link sections this page may not have).
export class NewEdition extends Error {}

// loadIndex prepares a parsed index file for queries (Go: LoadSplit): one
// file (format 2), or the dictionary of a split index (format 3, see
// generator/search/split.go), whose shards prepare() fetches as queries
// need them.
export function loadIndex(f) {
  if (f.v !== 2 && !(f.v === 3 && f.split)) throw new Error("search: not a search index of format version 2 (one file) or 3 (split)");
  const sp = f.v === 3 ? f.split : null;
  const n = sp ? sp.n : f.sid.length;
  const ix = {
    lang: f.lang,
    f,
    p: f.params,
    re: new RegExp(f.word, "gu"),
    apos: new Set(Array.from(f.apos)),
    elisions: new Set(f.elisions),
    fold: new Map(Object.entries(f.fold)),
    stop: new Set(f.stop),
    vocab: new Map(),
    surfaces: [],
    post: [],
    df: [],
    n,
    avgBody: 1,
    avgTitle: 1,
    paths: [],
    syn: [],
    synAt: f.synat,
    synAnc: f.synanc || f.synat.map(() => -1),
    questions: f.qmap,
    anc: { sec: f.asec || [], id: f.aid || [], title: f.atitle || [], span: f.aspan || [] },
    anchors: new Map(), // section → its anchors' numbers (Go: Index.anchors)
    labelLen: [],
    sec: new Map(),
    split: sp,
    recs: new Map(),
    shards: new Map(), // a split index's shards: index → promise, once asked for
  };
  const groups = f.vocab === "" ? [] : f.vocab.split("|");
  groups.forEach((g, id) => {
    for (const s of g.split(" ")) {
      ix.vocab.set(s, id);
      ix.surfaces.push(s);
    }
  });
  ix.surfRunes = ix.surfaces.map((s) => Array.from(s));
  ix.anc.sec.forEach((sec, i) => {
    if (!ix.anchors.has(sec)) ix.anchors.set(sec, []);
    ix.anchors.get(sec).push(i);
    ix.labelLen.push(tokens(ix, ix.anc.title[i]).length);
  });
  ix.syn = f.syn.map((g) => g.map((form) => form.map((t) => (typeof t === "number" ? { stem: t, surf: "" } : typeof t === "string" ? { stem: -1, surf: t } : { stem: t[0], surf: t[1] }))));
  if (sp) {
    ix.avgBody = sp.avgb;
    ix.avgTitle = sp.avgt;
    ix.df = sp.df;
    ix.post = groups.map(() => null); // not fetched yet
    addRecords(ix, sp.pins);
    return ix;
  }
  for (const pl of f.post) {
    const list = [];
    let sec = 0;
    for (let i = 0; i + 1 < pl.length; i += 2) {
      sec += pl[i];
      list.push({ sec, body: Math.floor(pl[i + 1] / 4), title: pl[i + 1] % 4, blen: f.blen[sec], tlen: f.tlen[sec] });
    }
    ix.post.push(list);
    ix.df.push(list.length);
  }
  let sumB = 0;
  let sumT = 0;
  for (let i = 0; i < n; i++) {
    sumB += f.blen[i];
    sumT += f.tlen[i];
  }
  if (n > 0 && sumB > 0) ix.avgBody = sumB / n;
  if (n > 0 && sumT > 0) ix.avgTitle = sumT / n;
  for (let i = 0; i < n; i++) {
    const parts = [];
    for (let s = i; s >= 0; s = f.sparent[s]) parts.unshift(f.stitle[s]);
    ix.paths.push(parts.join(" › "));
  }
  for (let i = 0; i < n; i++) {
    const k = f.docs[f.sdoc[i]][0] + "#" + f.sid[i];
    if (!ix.sec.has(k)) ix.sec.set(k, i);
  }
  return ix;
}

// addRecords reads a split index's pairs (section, record).
function addRecords(ix, flat) {
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const [slug, docTitle, kind, id, path, text] = flat[i + 1];
    ix.recs.set(flat[i], { slug, docTitle, kind, id, path, text });
  }
}

// stemsOf returns the stems a query's scoring reads: each word's
// candidates and the other forms of the synonym groups it matches.
function stemsOf(ix, q) {
  const ws = words(ix, q);
  const out = new Set();
  for (const w of ws) {
    candidates(ix, w);
    for (const stem of w.cands.keys()) out.add(stem);
  }
  for (const m of synMatches(ix, ws, true)) for (const alt of alternatives(ix, m)) for (const stem of alt) out.add(stem);
  return out;
}

// prepare resolves once ix holds what q needs: at once for a single file;
// for a split index, once the shards of q's stems are fetched (from url,
// the dictionary's address), each once per page.
export function prepare(ix, q, url) {
  if (!ix.split) return Promise.resolve(ix);
  const shards = ix.split.shards;
  const want = new Set();
  for (const stem of stemsOf(ix, q)) {
    if (ix.post[stem] !== null) continue;
    // The last shard starting at or before the stem.
    let lo = 0;
    let hi = shards.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (shards[mid][0] <= stem) lo = mid;
      else hi = mid - 1;
    }
    want.add(lo);
  }
  return Promise.all(
    [...want].map((k) => {
      if (!ix.shards.has(k)) {
        const [first, name] = shards[k];
        // Shards are hashed assets: the service worker answers them
        // from the copy first, and gives the network a deadline.
        const p = fetch(new URL(name, url).href, { credentials: "same-origin" })
          .then((r) => {
            if (!r.ok) throw new Error(r.status + " " + name);
            return r.json();
          })
          .then((sf) => {
            if (sf.v !== 3 || sf.first !== first) throw new Error("search: shard " + name + " does not match its dictionary");
            sf.post.forEach((pl, i) => {
              const list = [];
              let sec = 0;
              for (let j = 0; j + 3 < pl.length; j += 4) {
                sec += pl[j];
                list.push({ sec, body: Math.floor(pl[j + 1] / 4), title: pl[j + 1] % 4, blen: pl[j + 2], tlen: pl[j + 3] });
              }
              ix.post[first + i] = list;
            });
            addRecords(ix, sf.rec);
          });
        p.catch(() => ix.shards.delete(k)); // the next query tries again
        ix.shards.set(k, p);
      }
      return ix.shards.get(k);
    }),
  ).then(() => ix);
}

// pending holds each index's download, ready the indexes already prepared,
// by address.
const pending = new Map();
export const ready = new Map();

// fetchIndex fetches and prepares an index once per page, only when asked:
// a reader who never searches never downloads one.
export function fetchIndex(url) {
  if (!pending.has(url)) {
    // "no-cache": the index keeps its address from one build to the
    // next; whatever the host's headers, the browser asks whether it
    // changed (a 304 when it did not). No deadline of its own: under
    // the service worker, a network that does not answer is answered
    // from the copy after ANSWER_WITHIN_MS (theme/sw/sw.js), or fails.
    // The index keeps its address, so a tab opened before a deploy gets
    // the new build's: whether the host still serves this page's build is
    // asked beside it (the page's own ID, shared/edition.js). Not known
    // within 3 s (no network, and no offline copy of this page), the index
    // is used: it is then the offline copy's, of one build.
    // Under the offline copy's worker, the request names the page's
    // build, and a tab of the previous build gets that build's index from
    // its copy, vouched for (X-Compendium-For, theme/sw/sw.js).
    const page = document.documentElement.dataset.build || "";
    const same = replaced(3000);
    let vouched = false;
    const p = fetch(url, { credentials: "same-origin", cache: "no-cache", headers: page ? { "X-Compendium-Page": page } : {} })
      .then((r) => {
        if (!r.ok) throw new Error(r.status + " " + url);
        vouched = !!page && r.headers.get("X-Compendium-For") === page;
        return r.json();
      })
      .then(async (f) => {
        if (!vouched && (await same)) throw new NewEdition(url);
        const ix = loadIndex(f);
        ready.set(url, ix);
        return ix;
      });
    p.catch(() => pending.delete(url));
    pending.set(url, p);
  }
  return pending.get(url);
}
