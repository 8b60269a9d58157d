// Twin of generator/search (query.go, with cross.go, analysis.go's
// tokenizer and split.go's loading): change one, change the other.
// TestSearchParity (generator/e2e/search_test.go) and TestSearchSplit
// (generator/e2e/split_test.go) hold them equal.
//
// Search: the query side of generator/search, ported line by line, and the
// search field of every page. The index (one file, or a large site's
// dictionary and the shards a query needs) carries every table the
// analysis needs (word pattern, elisions, folding, stop words, the surface
// forms of each stem, the ranking constants), so nothing here knows French
// or English, and the Go command line answers exactly what the page shows:
// the parity test runs both on the same queries.
import { hashID } from "../shared/hash.js";
import { replaced } from "../shared/edition.js";

// NewEdition is the failure of an index that is not the tab's build's:
// the host serves a new edition, whose index would show its text beside
// this page's (and link sections this page may not have).
class NewEdition extends Error {}

const MARK = /\p{M}/u;

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
  for (const m of synMatches(ix, ws)) for (const alt of alternatives(ix, m)) for (const stem of alt) out.add(stem);
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

// postings returns a stem's postings: none while its shard is not there.
function postings(ix, stem) {
  return ix.post[stem] || [];
}

// isEntry tells a glossary term or a calculator (Go: Index.isEntry).
function isEntry(ix, sec) {
  if (!ix.split) return ix.f.docs[ix.f.sdoc[sec]][2] !== "";
  return ix.split.entries.some((e) => e[0] <= sec && sec < e[1]);
}

function foldWord(ix, w) {
  // Words repeat: the fold of each is kept (tokenizing a section's text
  // for its snippet was most of a query's time, folding a fifth of it).
  const memo = ix.foldMemo || (ix.foldMemo = new Map());
  const had = memo.get(w);
  if (had !== undefined) return had;
  let out = "";
  for (const ch of w.normalize("NFD")) {
    if (MARK.test(ch)) continue;
    out += ix.fold.has(ch) ? ix.fold.get(ch) : ch;
  }
  if (memo.size < 1 << 16) memo.set(w, out);
  return out;
}

// tokens splits text into words: runs of the word pattern cut at their
// apostrophes, a leading elision dropped (Go: tokenizer.tokens). Offsets are
// UTF-16 indexes into text.
function tokens(ix, text) {
  const out = [];
  for (const m of text.matchAll(ix.re)) {
    const s0 = m.index;
    const chunk = m[0];
    const pieces = [];
    let s = s0;
    let i = 0;
    for (const ch of chunk) {
      if (ix.apos.has(ch)) {
        pieces.push([s, s0 + i]);
        s = s0 + i + ch.length;
      }
      i += ch.length;
    }
    pieces.push([s, s0 + chunk.length]);
    let k = 0;
    if (pieces.length > 1 && ix.elisions.has(text.slice(pieces[0][0], pieces[0][1]).toLowerCase())) k = 1;
    for (; k < pieces.length; k++) {
      const [a, b] = pieces[k];
      if (a === b) continue;
      const w = text.slice(a, b).toLowerCase();
      out.push({ start: a, end: b, surface: foldWord(ix, w) });
    }
  }
  return out;
}

// words: question phrasings replaced by what they mean, stop words
// dropped (Go: Index.words).
function words(ix, q) {
  const toks = tokens(ix, q);
  const typing = toks.length > 0 && toks[toks.length - 1].end === q.length;
  const ws = [];
  // soft: a question phrasing's meaning, which adds to a score without
  // being a word a section must match when the rules use it (Go:
  // queryWord.soft).
  const add = (surface, last, soft) => {
    if (!ix.stop.has(surface)) ws.push({ surface, last, soft, cands: new Map() });
  };
  for (let i = 0; i < toks.length; ) {
    const k = question(ix, toks, i);
    if (k < 0) {
      add(toks[i].surface, typing && i === toks.length - 1, false);
      i++;
      continue;
    }
    for (const s of ix.questions[k][1]) add(s, false, true);
    i += ix.questions[k][0].length;
  }
  return ws.slice(0, ix.p.maxWords);
}

function question(ix, toks, i) {
  for (let k = 0; k < ix.questions.length; k++) {
    const from = ix.questions[k][0];
    if (i + from.length > toks.length) continue;
    let ok = true;
    for (let j = 0; j < from.length; j++) {
      if (toks[i + j].surface !== from[j]) {
        ok = false;
        break;
      }
    }
    if (ok) return k;
  }
  return -1;
}

// editDistance: optimal string alignment, stopping at max + 1.
function editDistance(a, b, max) {
  let prev2 = new Array(b.length + 1).fill(0);
  let prev = new Array(b.length + 1).fill(0);
  let cur = new Array(b.length + 1).fill(0);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[b.length];
}

// candidates finds the stems a word reaches: exact, prefix for the word
// being typed, and within one or two edits when neither found anything. The
// order surfaces are met in does not matter: a word keeps its best weight
// per stem, and a section its best candidate.
function candidates(ix, w) {
  const p = ix.p;
  const put = (stem, weight) => {
    if (!w.cands.has(stem) || weight > w.cands.get(stem)) w.cands.set(stem, weight);
  };
  let exact = false;
  if (ix.vocab.has(w.surface)) {
    put(ix.vocab.get(w.surface), p.exact);
    exact = true;
  }
  const wr = Array.from(w.surface);
  const n = wr.length;
  let prefix = false;
  if (w.last && n >= p.minPrefix) {
    for (const s of ix.surfaces) {
      if (s !== w.surface && s.startsWith(w.surface)) {
        put(ix.vocab.get(s), p.prefix);
        prefix = true;
      }
    }
  }
  if (exact || prefix || n < p.typo1) return;
  // The nearest forms only (Go: Index.candidates).
  let maxd = n >= p.typo2 ? 2 : 1;
  let near = [];
  ix.surfaces.forEach((s, i) => {
    const sr = ix.surfRunes[i];
    if (Math.abs(sr.length - n) > maxd) return;
    const d = editDistance(wr, sr, maxd);
    if (d < maxd) {
      maxd = d;
      near = [i];
    } else if (d === maxd) near.push(i);
  });
  for (const i of near) put(ix.vocab.get(ix.surfaces[i]), p.typo);
}

function idf(ix, stem) {
  const n = ix.n;
  const df = ix.df[stem];
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

function bm25(ix, stem, pst) {
  const { k1, b } = ix.p;
  const n = ix.n;
  const df = ix.df[stem];
  const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
  const lb = pst.blen / ix.avgBody;
  const nb = pst.body / (1 - b + b * lb);
  const lt = pst.tlen / ix.avgTitle;
  const nt = pst.title / (1 - b + b * lt);
  const tf = nb + ix.p.title * nt;
  return (idf * (tf * (k1 + 1))) / (tf + k1);
}

function synMatches(ix, ws) {
  // The forms that can start at each word, by their first token's surface
  // or stem (looking at every form of every group, a thousand, for each
  // query was a fifth of a warm query's time), visited in the order of
  // groups, forms and positions, as Go does.
  if (!ix.synFirst) {
    ix.synFirst = { surf: new Map(), stem: new Map() };
    ix.syn.forEach((g, gi) =>
      g.forEach((form, fi) => {
        const t = form[0];
        if (!t) return;
        const add = (m, k) => (m.has(k) ? m.get(k) : m.set(k, []).get(k)).push([gi, fi]);
        if (t.surf !== "") add(ix.synFirst.surf, t.surf);
        if (t.stem >= 0) add(ix.synFirst.stem, t.stem);
      }),
    );
  }
  const cands = [];
  ws.forEach((w, from) => {
    for (const [gi, fi] of ix.synFirst.surf.get(w.surface) || []) cands.push([gi, fi, from]);
    if (ix.vocab.has(w.surface)) for (const [gi, fi] of ix.synFirst.stem.get(ix.vocab.get(w.surface)) || []) cands.push([gi, fi, from]);
  });
  cands.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  const out = [];
  let last = null;
  for (const c of cands) {
    if (last && last[0] === c[0] && last[1] === c[1] && last[2] === c[2]) continue; // reached by surface and stem
    last = c;
    const [gi, fi, from] = c;
    const form = ix.syn[gi][fi];
    if (from + form.length > ws.length) continue;
    let ok = true;
    for (let k = 0; k < form.length; k++) {
      const t = form[k];
      const w = ws[from + k];
      ok = t.surf !== "" && w.surface === t.surf;
      if (!ok && t.stem >= 0) ok = ix.vocab.has(w.surface) && ix.vocab.get(w.surface) === t.stem;
      if (!ok) break;
    }
    if (!ok) continue;
    let m = out.find((x) => x.group === gi && x.from === from && x.to === from + form.length);
    if (!m) {
      m = { group: gi, from, to: from + form.length, matched: new Set() };
      out.push(m);
    }
    m.matched.add(fi);
  }
  return out;
}

function alternatives(ix, m) {
  const out = [];
  ix.syn[m.group].forEach((form, fi) => {
    if (m.matched.has(fi)) return;
    const stems = [];
    for (const t of form) {
      if (t.stem < 0) return;
      if (!stems.includes(t.stem)) stems.push(t.stem);
    }
    out.push(stems);
  });
  return out;
}

// query returns the limit best sections for q (Go: Index.Query).
// query answers q (Go: Index.QueryIn), from a page of the rules document
// doc ("" for none), whose sections come first on a near tie.
export function query(ix, q, limit, doc = "") {
  const ws = words(ix, q);
  if (ws.length === 0) return [];
  const n = ix.n;
  const marked = [];
  const seen = new Set();
  const mark = (stem) => {
    if (!seen.has(stem)) {
      seen.add(stem);
      marked.push(stem);
    }
  };
  const slot = ws.map((w) => {
    candidates(ix, w);
    const row = new Float64Array(n);
    let inRules = false;
    for (const [stem, weight] of w.cands) {
      mark(stem);
      for (const pst of postings(ix, stem)) {
        inRules = inRules || !isEntry(ix, pst.sec);
        const v = weight * bm25(ix, stem, pst);
        if (v > row[pst.sec]) row[pst.sec] = v;
      }
    }
    w.soft = w.soft && inRules;
    return row;
  });
  // A synonym stands in for the words it matched (Go: Index.Query).
  const wins = [];
  const matches = synMatches(ix, ws);
  for (const m of matches) {
    let w = wins.find((x) => x.from === m.from && x.to === m.to);
    if (!w) {
      w = { from: m.from, to: m.to, exp: new Float64Array(n) };
      wins.push(w);
    }
    for (const alt of alternatives(ix, m)) {
      const sum = new Float64Array(n);
      const count = new Int32Array(n);
      for (const stem of alt) {
        mark(stem);
        for (const pst of postings(ix, stem)) {
          sum[pst.sec] += bm25(ix, stem, pst);
          count[pst.sec]++;
        }
      }
      for (let s = 0; s < n; s++) {
        if (count[s] === alt.length) {
          const v = ix.p.syn * sum[s];
          if (v > w.exp[s]) w.exp[s] = v;
        }
      }
    }
  }
  // A group that points to a section raises it (Go: Index.Query).
  // Thesaurus sets first, glossary terms last (Go: Index.pin).
  const floor = ix.p.syn * Math.log(1 + (n - 0.5) / 1.5);
  for (const pass of [1, 2]) for (const m of matches) {
    const at = ix.synAt[m.group];
    if (at[0] < 0 || at[1] !== pass) continue;
    const w = wins.find((x) => x.from === m.from && x.to === m.to);
    let best = 0;
    for (let s = 0; s < n; s++) {
      let v = w.exp[s];
      if (at[1] === 2) {
        let direct = 0;
        for (let i = w.from; i < w.to; i++) direct += slot[i][s];
        v = Math.max(v, direct);
      }
      best = Math.max(best, v);
    }
    let v = ix.p.pin * Math.max(best, floor * (w.to - w.from));
    if (isEntry(ix, at[0])) v /= ix.p.entry;
    if (v > w.exp[at[0]]) w.exp[at[0]] = v;
  }
  const hits = [];
  for (let s = 0; s < n; s++) {
    let score = 0;
    for (let i = 0; i < ws.length; i++) score += slot[i][s];
    for (const w of wins) {
      let direct = 0;
      for (let i = w.from; i < w.to; i++) direct += slot[i][s];
      if (w.exp[s] > direct) score += w.exp[s] - direct;
    }
    if (score <= 0) continue;
    if (isEntry(ix, s)) score *= ix.p.entry;
    let matched = 0;
    for (let i = 0; i < ws.length; i++) {
      if (ws[i].soft) continue;
      let covered = slot[i][s] > 0;
      for (const w of wins) covered = covered || (w.exp[s] > 0 && w.from <= i && i < w.to);
      if (covered) matched++;
    }
    score = Math.round(score * 1e6) / 1e6;
    const rank = doc !== "" && record(ix, s).slug === doc ? Math.round(score * ix.p.here * 1e6) / 1e6 : score;
    hits.push({ sec: s, matched, score, rank });
  }
  hits.sort((x, y) => y.matched - x.matched || y.rank - x.rank || x.sec - y.sec);
  const cover = stemWords(ix, ws, matches);
  return hits.slice(0, limit > 0 ? limit : hits.length).map((h) => result(ix, h, marked, anchorOf(ix, h.sec, ws, matches, cover)));
}

// stemWords maps each stem the query reaches to the query words it stands
// for (Go: Index.stemWords).
function stemWords(ix, ws, matches) {
  const cover = new Map();
  const add = (stem, w) => {
    if (!cover.has(stem)) cover.set(stem, []);
    const l = cover.get(stem);
    if (!l.includes(w)) l.push(w);
  };
  ws.forEach((w, i) => {
    for (const stem of w.cands.keys()) add(stem, i);
  });
  for (const m of matches) for (const alt of alternatives(ix, m)) for (const stem of alt) for (let i = m.from; i < m.to; i++) add(stem, i);
  return cover;
}

// anchorOf returns the anchor a result for sec opens, or -1 (Go:
// Index.anchorOf): the one a matched synonym names, or the rule whose words
// hold the most query words.
function anchorOf(ix, sec, ws, matches, cover) {
  const list = ix.anchors.get(sec);
  if (!list) return -1;
  let best = -1;
  let bestLen = 0;
  for (const m of matches) {
    const a = ix.synAnc[m.group];
    if (a >= 0 && ix.anc.sec[a] === sec && m.to - m.from > bestLen) {
      best = a;
      bestLen = m.to - m.from;
    }
  }
  if (best >= 0) return best;
  const toks = textTokens(ix, record(ix, sec).text);
  const inA = new Int32Array(toks.length).fill(-1);
  list.forEach((a, j) => {
    const [from, to] = ix.anc.span[a];
    for (let k = from; k < Math.min(to, toks.length); k++) inA[k] = j;
  });
  const held = [];
  const named = [];
  const counts = new Int32Array(list.length + 1);
  for (let j = 0; j <= list.length; j++) {
    held.push(new Float64Array(ws.length));
    if (j < list.length) named.push(new Uint8Array(ws.length));
  }
  toks.forEach((tk, k) => {
    if (!ix.vocab.has(tk.surface) || ix.stop.has(tk.surface)) return;
    const id = ix.vocab.get(tk.surface);
    const ws2 = cover.get(id);
    if (!ws2) return;
    let j = inA[k];
    if (j < 0) j = list.length;
    counts[j]++;
    const v = idf(ix, id);
    const inName = j < list.length && k < ix.anc.span[list[j]][0] + ix.labelLen[list[j]];
    for (const w of ws2) {
      held[j][w] = Math.max(held[j][w], v);
      if (inName) named[j][w] = 1;
    }
  });
  const distinct = [];
  const names = [];
  const weight = [];
  held.forEach((bw, j) => {
    let d = 0;
    let nm = 0;
    let wt = 0;
    bw.forEach((v, w) => {
      if (v > 0 && !ws[w].soft) {
        d++;
        if (j < list.length && named[j][w]) nm++;
      }
      wt += v;
    });
    distinct.push(d);
    names.push(nm);
    weight.push(Math.round(wt * 1e6) / 1e6);
  });
  let bj = -1;
  for (let j = 0; j < list.length; j++) {
    if (distinct[j] === 0) continue;
    if (
      bj < 0 ||
      distinct[j] > distinct[bj] ||
      (distinct[j] === distinct[bj] && (names[j] > names[bj] || (names[j] === names[bj] && (weight[j] > weight[bj] || (weight[j] === weight[bj] && counts[j] > counts[bj])))))
    )
      bj = j;
  }
  if (bj < 0 || distinct[bj] < distinct[list.length]) return -1;
  return list[bj];
}

// record returns what a result shows of a section (Go: Index.record).
function record(ix, sec) {
  if (ix.split) return ix.recs.get(sec);
  const f = ix.f;
  const [slug, docTitle, kind] = f.docs[f.sdoc[sec]];
  return { slug, docTitle, kind, id: f.sid[sec], path: ix.paths[sec], text: f.text[sec] };
}

// result returns what h's section shows, opening the anchor anc (-1: none).
function result(ix, h, marked, anc) {
  const { slug, docTitle, kind, id, path, text } = record(ix, h.sec);
  const anchor = anc >= 0 ? ix.anc.id[anc] : "";
  const { snippet, marks } = makeSnippet(ix, text, marked, anc >= 0 ? ix.anc.span[anc] : [0, -1]);
  return {
    lang: ix.lang,
    kind,
    slug,
    id,
    anchor,
    anchorTitle: anc >= 0 ? ix.anc.title[anc] : "",
    url: slug + "/#" + (anchor || id),
    docTitle,
    titlePath: path,
    snippet,
    marks,
    score: h.score,
    matched: h.matched,
    via: "",
  };
}

// search answers q on the page's language's index with the help of the
// other language's (Go: Search): a query typed in the other language finds
// the same sections, shown in the page's language.
export function search(own, other, q, limit, doc = "") {
  const rs = query(own, q, limit, doc);
  if (!other || !otherAnswers(own, other, q)) return rs;
  const out = [];
  const have = new Set();
  for (let r of query(other, q, limit, doc)) {
    const key = r.slug + "#" + r.id;
    if (own.sec.has(key)) {
      const sec = own.sec.get(key);
      const anc = r.anchor ? (own.anchors.get(sec) || []).find((a) => own.anc.id[a] === r.anchor) : undefined;
      r = { ...result(own, { sec, score: r.score, matched: r.matched }, [], anc === undefined ? -1 : anc), via: other.lang };
    }
    have.add(key);
    out.push(r);
  }
  for (const r of rs) if (!have.has(r.slug + "#" + r.id)) out.push(r);
  return limit > 0 ? out.slice(0, limit) : out;
}

// otherAnswers tells whether the other language's index reaches a larger
// share of q's words than the page's own (Go: SearchIn).
export function otherAnswers(own, other, q) {
  const [oc, on] = reach(own, q);
  const [xc, xn] = reach(other, q);
  if (xn === 0 || xc === 0) return false;
  return on === 0 || xc * on > oc * xn;
}

// reach counts the words of q the index knows, and the words it counts
// (Go: Index.reach).
function reach(ix, q) {
  const ws = words(ix, q);
  const covered = ws.map((w) => {
    if (ix.vocab.has(w.surface)) return true;
    if (w.last && Array.from(w.surface).length >= ix.p.minPrefix) return ix.surfaces.some((s) => s.startsWith(w.surface));
    return false;
  });
  for (const m of synMatches(ix, ws)) for (let i = m.from; i < m.to; i++) covered[i] = true;
  return [covered.filter(Boolean).length, ws.length];
}

// suggest returns q with each unknown word replaced by its closest known
// form, or "" (Go: Index.Suggest).
export function suggest(ix, q) {
  const ws = words(ix, q);
  const out = [];
  let changed = false;
  // Surfaces in code-point order, as Go's sort.Strings orders bytes.
  const order = ix.sortedSurfaces || (ix.sortedSurfaces = ix.surfaces.map((s, i) => i).sort((a, b) => cmpCodePoints(ix.surfaces[a], ix.surfaces[b])));
  for (const w of ws) {
    const wr = Array.from(w.surface);
    if (ix.vocab.has(w.surface) || wr.length < 3) {
      out.push(w.surface);
      continue;
    }
    const maxd = wr.length >= 9 ? 3 : 2;
    let best = "";
    let bestD = maxd + 1;
    let bestDF = -1;
    for (const i of order) {
      const sr = ix.surfRunes[i];
      if (Math.abs(sr.length - wr.length) > maxd) continue;
      const d = editDistance(wr, sr, maxd);
      if (d > maxd) continue;
      const df = ix.df[ix.vocab.get(ix.surfaces[i])];
      if (d < bestD || (d === bestD && df > bestDF)) {
        best = ix.surfaces[i];
        bestD = d;
        bestDF = df;
      }
    }
    if (best === "") {
      out.push(w.surface);
      continue;
    }
    out.push(best);
    changed = true;
  }
  return changed ? out.join(" ") : "";
}

function cmpCodePoints(a, b) {
  const x = Array.from(a);
  const y = Array.from(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i].codePointAt(0) - y[i].codePointAt(0);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

// SNIPPET_TEXTS is how many sections' words a page keeps for snippets:
// typing a query letter by letter finds the same sections again.
const SNIPPET_TEXTS = 64;

// textTokens is tokens(ix, text), kept for the last SNIPPET_TEXTS texts.
function textTokens(ix, text) {
  const memo = ix.tokMemo || (ix.tokMemo = new Map());
  let toks = memo.get(text);
  if (toks) {
    memo.delete(text); // most recent last
  } else {
    toks = tokens(ix, text);
    if (memo.size >= SNIPPET_TEXTS) memo.delete(memo.keys().next().value);
  }
  memo.set(text, toks);
  return toks;
}

// makeSnippet cuts the snippet (Go: Index.snippet), inside span [from, to)
// of words when to ≥ from (an anchor's).
function makeSnippet(ix, text, stems, span) {
  const want = new Set(stems);
  const toks = textTokens(ix, text);
  if (toks.length === 0) return { snippet: text, marks: [] };
  let lo = 0;
  let hi = toks.length;
  if (span[1] >= span[0] && span[0] < toks.length) {
    lo = span[0];
    hi = Math.min(span[1], toks.length);
  }
  const hit = toks.map((tk) => (ix.vocab.has(tk.surface) && want.has(ix.vocab.get(tk.surface)) && !ix.stop.has(tk.surface) ? ix.vocab.get(tk.surface) : -1));
  const size = ix.p.snippet;
  let best = lo;
  let bestDistinct = -1;
  let bestCount = -1;
  for (let p = lo; p < hi; p++) {
    if (hit[p] < 0) continue;
    const start = Math.max(lo, p - ix.p.lead);
    const distinct = new Set();
    let count = 0;
    for (let k = start; k < Math.min(start + size, hi); k++) {
      if (hit[k] >= 0) {
        distinct.add(hit[k]);
        count++;
      }
    }
    if (distinct.size > bestDistinct || (distinct.size === bestDistinct && count > bestCount)) {
      best = start;
      bestDistinct = distinct.size;
      bestCount = count;
    }
  }
  best = Math.max(lo, Math.min(best, hi - size));
  const end = Math.min(best + size, hi);
  const from = best > 0 ? toks[best].start : 0;
  const to = end < toks.length ? toks[end - 1].end : text.length;
  const lead = best > 0 ? "… " : "";
  const shift = lead.length - from;
  const snippet = lead + text.slice(from, to) + (end < toks.length ? " …" : "");
  const marks = [];
  for (let k = best; k < end; k++) if (hit[k] >= 0) marks.push([toks[k].start + shift, toks[k].end + shift]);
  return { snippet, marks };
}

// marked renders a result's snippet with its matches between open and close
// (Go: Result.Marked), for the parity test.
export function marked(r, open, close) {
  let out = "";
  let last = 0;
  for (const [a, b] of r.marks) {
    out += r.snippet.slice(last, a) + open + r.snippet.slice(a, b) + close;
    last = b;
  }
  return out + r.snippet.slice(last);
}

// ---- The search field ----

const OWN_LIMIT = 8;
const HIT_KEY = "compendium-search-hit";

// keptPages asks the service worker which of urls its copy holds (an
// array of booleans), or null when it does not answer.
function keptPages(urls) {
  const sw = navigator.serviceWorker && navigator.serviceWorker.controller;
  if (!sw) return Promise.resolve(null);
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    const timer = setTimeout(() => resolve(null), 3000);
    ch.port1.onmessage = (ev) => {
      clearTimeout(timer);
      resolve(Array.isArray(ev.data) ? ev.data : null);
    };
    sw.postMessage({ type: "kept-pages", urls }, [ch.port2]);
  });
}

// pending holds each index's download, ready the indexes already prepared.
const pending = new Map();
const ready = new Map();

// fetchIndex fetches and prepares an index once per page, only when asked:
// a reader who never searches never downloads one.
function fetchIndex(url) {
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

// initSearch shows the header's search field (hidden without JavaScript,
// where the link to the contents stands in) and runs it: `/` focuses it,
// results appear as one types, arrows move, Enter opens, Escape closes,
// and ?q= in the address reproduces a search.
export function initSearch() {
  highlightArrival();
  addEventListener("hashchange", highlightArrival);
  const form = document.querySelector("form.search");
  const body = document.body;
  if (!form || !body.dataset.searchIndex) return;
  // A text field, not type=search: the ARIA combobox pattern's role is
  // not allowed on a search field (the Nu HTML Checker refuses it);
  // inputmode and enterkeyhint keep a phone's search keyboard.
  const input = form.querySelector("#search-input");
  const list = form.querySelector("[role=listbox]");
  if (!input || !list) return;
  form.hidden = false;
  document.querySelectorAll(".search-fallback").forEach((a) => (a.hidden = true));
  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  // One live region says how many results there are, or that there are
  // none; it shows only for the latter.
  const status = document.createElement("div");
  status.className = "search-status";
  status.setAttribute("role", "status");
  form.appendChild(status);

  const root = new URL(body.dataset.root || "./", location.href);
  const singleData = document.getElementById("single-data");
  const single = singleData ? JSON.parse(singleData.dataset.anchors || "{}") : null;
  const ownURL = new URL(body.dataset.searchIndex, location.href).href;
  const otherURL = body.dataset.searchIndexOther ? new URL(body.dataset.searchIndexOther, location.href).href : "";
  const labels = form.dataset;
  let timer = 0;
  let active = -1;
  let options = [];
  let seq = 0;

  const setActive = (i) => {
    if (active >= 0 && options[active]) options[active].setAttribute("aria-selected", "false");
    active = i;
    if (i >= 0 && options[i]) {
      options[i].setAttribute("aria-selected", "true");
      input.setAttribute("aria-activedescendant", options[i].id);
      options[i].scrollIntoView({ block: "nearest" });
    } else {
      input.removeAttribute("aria-activedescendant");
    }
  };
  const setOpen = (open) => {
    open = open && options.length > 0;
    list.hidden = !open;
    input.setAttribute("aria-expanded", String(open));
    if (!open) setActive(-1);
  };
  const say = (text, visible) => {
    status.textContent = text;
    status.classList.toggle("shown", visible && text !== "");
  };

  // help shows, when nothing matched, what the reader may have meant and
  // where to look instead: the glossary and the contents.
  const help = document.createElement("div");
  help.className = "search-help";
  help.hidden = true;
  form.appendChild(help);
  const link = (text, href) => {
    const a = document.createElement("a");
    a.href = href;
    a.textContent = text;
    return a;
  };
  const showHelp = (suggestion) => {
    help.textContent = "";
    const none = document.createElement("p");
    none.className = "search-none";
    none.textContent = labels.labelNone || "";
    help.append(none);
    if (suggestion) {
      const p = document.createElement("p");
      const [before, after] = (labels.labelSuggest || "{q}").split("{q}");
      const a = link(suggestion, "?q=" + encodeURIComponent(suggestion));
      a.className = "search-suggest";
      a.addEventListener("click", (ev) => {
        ev.preventDefault();
        input.value = suggestion;
        input.focus();
        run();
      });
      p.append(before, a, after || "");
      help.append(p);
    }
    const p = document.createElement("p");
    p.append(link(labels.labelGlossary || "", labels.glossaryUrl || "#"), " · ", link(labels.labelContents || "", labels.contentsUrl || "#"));
    help.append(p);
    help.hidden = false;
  };
  const kindLabel = { glossary: labels.labelGlossary, calc: labels.labelCalc };

  const option = (r) => {
    const other = r.lang !== body.dataset.lang;
    const a = document.createElement("a");
    a.id = "search-opt-" + options.length;
    a.className = "search-result";
    a.setAttribute("role", "option");
    a.setAttribute("aria-selected", "false");
    // The single-file edition holds every section in itself, some under
    // another anchor (data-anchors, where two documents share an ID).
    // A rule named inside the section (an anchor) opens at that rule.
    const at = r.anchor || r.id;
    a.href = single ? "#" + (single[r.slug + "#" + at] || at) : new URL(r.lang + "/" + r.url, root).href;
    a.dataset.hit = r.slug + "#" + at;
    if (other) a.lang = r.lang;
    const head = document.createElement("span");
    head.className = "search-path";
    const badge = (cls, text, title) => {
      const b = document.createElement("span");
      b.className = cls;
      b.textContent = text;
      if (title) b.title = title;
      head.append(b, " ");
    };
    if (other) badge("search-lang", r.lang.toUpperCase(), labels.labelOther);
    if (r.kind && kindLabel[r.kind]) badge("search-kind search-kind-" + r.kind, kindLabel[r.kind]);
    if (r.via) badge("search-via", labels.labelVia || r.via.toUpperCase());
    head.append(r.anchorTitle ? r.titlePath + " › " + r.anchorTitle : r.titlePath);
    const doc = document.createElement("span");
    doc.className = "search-doc";
    doc.textContent = r.docTitle;
    const snip = document.createElement("span");
    snip.className = "search-snippet";
    let last = 0;
    for (const [x, y] of r.marks) {
      const m = document.createElement("mark");
      m.textContent = r.snippet.slice(x, y);
      snip.append(r.snippet.slice(last, x), m);
      last = y;
    }
    snip.append(r.snippet.slice(last));
    a.append(head, doc, snip);
    options.push(a);
    return a;
  };

  const render = (results, suggestion) => {
    list.textContent = "";
    options = [];
    active = -1;
    input.removeAttribute("aria-activedescendant");
    for (const r of results) list.append(option(r));
    if (options.length === 0) {
      // The live region says it; the help box shows it, with the way on.
      say(labels.labelNone || "", false);
      showHelp(suggestion);
    } else {
      say((labels.labelResults || "{n}").replace("{n}", String(options.length)), false);
      help.hidden = true;
    }
    setOpen(true);
  };

  const run = async () => {
    const q = input.value;
    const mine = ++seq;
    updateURL(q);
    if (q.trim() === "") {
      options = [];
      list.textContent = "";
      say("", false);
      help.hidden = true;
      setOpen(false);
      return;
    }
    let own;
    // On a slow network the index takes seconds to come: say so, rather
    // than an empty field (the list's own words replace it).
    if (!ready.has(ownURL)) {
      options = [];
      list.textContent = "";
      setOpen(false);
      help.hidden = true;
      say(labels.labelLoading, true);
      form.dataset.loading = "true";
      delete form.dataset.state;
    }
    try {
      // A split index (a large site) fetches the shards of the query's
      // words; a single file is all there already.
      own = await prepare(await fetchIndex(ownURL), q, ownURL);
      delete form.dataset.loading;
    } catch (e) {
      delete form.dataset.loading;
      if (mine !== seq) return;
      options = [];
      list.textContent = "";
      setOpen(false);
      // A shard of this build gone from the host (a deploy deletes the
      // previous build's hashed files), or the new build's index: said
      // so, not "unavailable".
      const newer = e instanceof NewEdition || (await replaced(3000));
      if (mine !== seq) return;
      say((newer && labels.labelNewEdition) || labels.labelError || "", true);
      form.dataset.state = newer ? "new-edition" : "error";
      return;
    }
    delete form.dataset.state;
    if (mine !== seq) return;
    // A query this language's index cannot answer may be in the other
    // language: wait for that index before saying "no result".
    let other = otherURL ? ready.get(otherURL) : null;
    if (otherURL && !other && query(own, q, 1).length === 0) {
      other = await fetchIndex(otherURL).catch(() => null);
      if (mine !== seq) return;
    }
    if (other && other.split && otherAnswers(own, other, q)) {
      other = await prepare(other, q, otherURL).catch(() => null);
      if (mine !== seq) return;
    }
    const results = search(own, other, q, OWN_LIMIT, readingDoc(own));
    render(results, results.length > 0 ? "" : suggest(own, q) || (other ? suggest(other, q) : ""));
    markUnsaved(mine);
    // The query the list answers with both languages' indexes, as typing
    // goes on (tests wait on it).
    const settled = () => {
      if (mine === seq) list.dataset.query = q;
    };
    if (!otherURL || ready.has(otherURL)) settled();
    // The other language is fetched once this one has answered, so that
    // it never delays the first results; the latest query's results are
    // then redone (whichever keystroke started the download).
    if (otherURL && !ready.has(otherURL)) {
      fetchIndex(otherURL).then(
        () => {
          if (mine === seq) run();
        },
        settled,
      );
    }
  };

  // markUnsaved marks, offline, the results this device's copy does not
  // hold, which would open the "not saved on this device" page: a badge
  // in words and a dimmed result (still a link: the network may be back).
  const markUnsaved = async (mine) => {
    if (single || navigator.onLine !== false || options.length === 0) return;
    const shown = options.slice();
    const kept = await keptPages(shown.map((a) => a.href.split("#")[0]));
    if (!kept || mine !== seq) return;
    let n = 0;
    shown.forEach((a, i) => {
      if (kept[i] !== false || a.classList.contains("search-unsaved")) return;
      n++;
      a.classList.add("search-unsaved");
      const b = document.createElement("span");
      b.className = "search-unsaved-badge";
      b.textContent = labels.labelUnsaved;
      b.title = labels.labelUnsavedNote;
      const head = a.querySelector(".search-path");
      head.prepend(b, " ");
    });
    if (n > 0) say(status.textContent + " — " + (labels.labelUnsavedNote), false);
  };
  // Going offline or back online changes what the results can open.
  const rerun = () => {
    if (input.value.trim() !== "" && options.length > 0) run();
  };
  addEventListener("offline", rerun);
  addEventListener("online", rerun);

  // No debounce: each keystroke's search runs at once, in the next task
  // (input events of one task give one search). A warm query takes half a
  // millisecond on the real site (BenchmarkSearch); a 60 ms debounce was
  // most of the time from a keystroke to results. Not an animation frame:
  // a page the browser does not show (a tab being switched to, headless
  // tests) gets none.
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(run, 0);
  };

  const open = (a) => {
    try {
      sessionStorage.setItem(HIT_KEY, a.dataset.hit);
    } catch {
      /* private mode: no highlight on arrival */
    }
    location.href = a.href;
  };

  input.addEventListener("focus", () => {
    fetchIndex(ownURL).catch(() => {});
    if (input.value.trim() !== "") setOpen(true);
  });
  input.addEventListener("input", schedule);
  input.addEventListener("keydown", (ev) => {
    if (ev.key === "ArrowDown" || ev.key === "ArrowUp") {
      if (options.length === 0) return;
      ev.preventDefault();
      setOpen(true);
      const d = ev.key === "ArrowDown" ? 1 : -1;
      setActive(active < 0 ? (d > 0 ? 0 : options.length - 1) : (active + d + options.length) % options.length);
    } else if (ev.key === "Escape") {
      if (!list.hidden) {
        ev.preventDefault();
        setOpen(false);
      } else if (input.value !== "") {
        ev.preventDefault();
        input.value = "";
        run();
      }
    }
  });
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    clearTimeout(timer);
    const go = () => {
      const a = options[active >= 0 ? active : 0];
      if (a) open(a);
    };
    // Enter typed before the keystroke's search ran: answer first, then open.
    run().then(go);
  });
  list.addEventListener("click", (ev) => {
    const a = ev.target.closest("a.search-result");
    if (!a || ev.button !== 0 || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.altKey) return;
    ev.preventDefault();
    open(a);
  });
  // Keep the focus in the field while a result is clicked.
  list.addEventListener("mousedown", (ev) => ev.preventDefault());
  document.addEventListener("click", (ev) => {
    if (!form.contains(ev.target)) setOpen(false);
  });
  // The "/" shortcut is said only where there is a keyboard to press it:
  // on a phone "Rechercher (/)" named a key it does not have.
  if (input.dataset.placeholderKeys && !matchMedia("(pointer: coarse)").matches) input.placeholder = input.dataset.placeholderKeys;
  document.addEventListener("keydown", (ev) => {
    if (ev.key !== "/" || ev.ctrlKey || ev.metaKey || ev.altKey || ev.defaultPrevented) return;
    const t = ev.target;
    if (t instanceof Element && t.closest("input, textarea, select, [contenteditable]:not([contenteditable=false])")) return;
    ev.preventDefault();
    input.focus();
    input.select();
  });

  const q = new URLSearchParams(location.search).get("q");
  if (q) {
    input.value = q;
    run();
  }
  form.dataset.ready = "true";
}

// readingDoc returns the slug of the rules document the page shows (its
// sections, or their side-by-side view), or "": its game's rules come
// first on a near tie.
function readingDoc(ix) {
  const root = new URL(document.body.dataset.root || "./", location.href);
  if (!location.href.startsWith(root.href)) return "";
  const parts = location.href.slice(root.href.length).split(/[/?#]/);
  const slug = parts[1] || "";
  const docs = ix.f.docs || [];
  return docs.some((d) => d[0] === slug && d[2] === "") ? slug : "";
}

// updateURL keeps ?q= in the address without adding history entries, so
// that a search can be shared or reloaded.
function updateURL(q) {
  const url = new URL(location.href);
  if (q.trim() === "") url.searchParams.delete("q");
  else url.searchParams.set("q", q);
  if (url.href !== location.href) history.replaceState(history.state, "", url.href);
}

// highlightArrival marks, once, the section a search result led to.
function highlightArrival() {
  let want = null;
  try {
    want = sessionStorage.getItem(HIT_KEY);
  } catch {
    return;
  }
  if (!want || !location.hash) return;
  const at = want.indexOf("#");
  const id = hashID();
  if (want.slice(at + 1) !== id || !location.pathname.includes("/" + want.slice(0, at) + "/")) return;
  try {
    sessionStorage.removeItem(HIT_KEY);
  } catch {
    /* ignore */
  }
  const el = document.getElementById(id);
  if (!el) return;
  el.classList.remove("search-hit");
  void el.offsetWidth;
  el.classList.add("search-hit");
  el.addEventListener("animationend", () => el.classList.remove("search-hit"), { once: true });
}
