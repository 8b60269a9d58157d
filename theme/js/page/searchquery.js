// Twin of generator/search (query.go, with cross.go and analysis.go's
// tokenizer): change one, change the other. TestSearchParity
// (generator/e2e/search_test.go) and TestSearchSplit
// (generator/e2e/split_test.go) hold them equal.
//
// The search query: the query side of generator/search, ported line by
// line: a query's words (tokens, folding, question phrasings, stop words),
// the stems they reach (exact, prefix, typos, synonyms), the sections' scores
// and order, the anchor a result opens, its snippet, the other language's
// help and the suggestion when nothing matched. It reads an index as
// searchindex.js prepares it; the index carries every table the analysis
// needs (word pattern, elisions, folding, stop words, the surface forms of
// each stem, the ranking constants), so nothing here knows a language, and
// the Go command line answers exactly what the page shows: the parity test
// runs both on the same queries. It fetches nothing and touches no page.

const MARK = /\p{M}/u;

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
export function tokens(ix, text) {
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
export function words(ix, q) {
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
export function candidates(ix, w) {
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

// synMatches finds the synonym groups one of whose forms equals a run of
// query words (Go: Index.synMatches); with typos, a stem term also matches
// a long word the index does not know through its nearest forms
// (candidates, already found).
export function synMatches(ix, ws, typos = false) {
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
    else if (typos && [...w.surface].length >= ix.p.typo2) for (const [stem, weight] of w.cands) if (weight === ix.p.typo) for (const [gi, fi] of ix.synFirst.stem.get(stem) || []) cands.push([gi, fi, from]);
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
      if (!ok && t.stem >= 0) ok = ix.vocab.has(w.surface) ? ix.vocab.get(w.surface) === t.stem : typos && w.cands.get(t.stem) === ix.p.typo && [...w.surface].length >= ix.p.typo2;
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

export function alternatives(ix, m) {
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

// query answers q (Go: Index.QueryIn) with the limit best sections, from a
// page of the rules document doc ("" for none), whose sections come first
// among those matching as many words when they answer (readFirst).
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
  const matches = synMatches(ix, ws, true);
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
    hits.push({ sec: s, matched, score, here: false });
  }
  readFirst(ix, hits, doc);
  hits.sort((x, y) => y.matched - x.matched || (x.here === y.here ? 0 : x.here ? -1 : 1) || y.score - x.score || x.sec - y.sec);
  const cover = stemWords(ix, ws, matches);
  return hits.slice(0, limit > 0 ? limit : hits.length).map((h) => result(ix, h, marked, anchorOf(ix, h.sec, ws, matches, cover)));
}

// readFirst marks the hits of the document doc that answer the query (Go:
// Index.readFirst): those scoring at least p.here times the best score of
// the hits that match as many words.
function readFirst(ix, hits, doc) {
  if (doc === "") return;
  const best = new Map();
  for (const h of hits) best.set(h.matched, Math.max(best.get(h.matched) || 0, h.score));
  for (const h of hits) h.here = record(ix, h.sec).slug === doc && h.score >= ix.p.here * best.get(h.matched);
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
  const softs = [];
  const names = [];
  const weight = [];
  held.forEach((bw, j) => {
    let d = 0;
    let sf = 0;
    let nm = 0;
    let wt = 0;
    bw.forEach((v, w) => {
      if (v > 0 && !ws[w].soft) {
        d++;
        if (j < list.length && named[j][w]) nm++;
      }
      if (v > 0 && ws[w].soft) sf++;
      wt += v;
    });
    distinct.push(d);
    softs.push(sf);
    names.push(nm);
    weight.push(Math.round(wt * 1e6) / 1e6);
  });
  let bj = -1;
  for (let j = 0; j < list.length; j++) {
    if (distinct[j] === 0) continue;
    if (
      bj < 0 ||
      distinct[j] > distinct[bj] ||
      (distinct[j] === distinct[bj] &&
        (softs[j] > softs[bj] || (softs[j] === softs[bj] && (names[j] > names[bj] || (names[j] === names[bj] && (weight[j] > weight[bj] || (weight[j] === weight[bj] && counts[j] > counts[bj])))))))
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
