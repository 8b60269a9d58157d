// plot draws a calculator's result as an SVG: a distribution with its
// "at least" line, outcome bars, a health timeline, the armour left hit by
// hit, or the rounds of unarmed duels.
//
// It draws at the width the SVG is shown (the result box's width, clamped):
// the viewBox is that many units wide, so one unit is one CSS pixel and the
// font sizes of plot.css are the sizes read. The layout follows the width:
// labels wrap or go above their bar, axes take as many ticks as fit, legends
// flow onto as many lines as needed, and every text stays inside the box.
// Text widths are estimated (the SVG is not in the page while it is drawn).
//
// Colours come from classes in plot.css (no style attributes: the pages' CSP
// forbids them) and carry one meaning everywhere (MEANING below); a texture
// and a text label go with each, so that colour is never the only cue.
import { decimal, num, pct, percentText } from "./format.js";

const NS = "http://www.w3.org/2000/svg";
// Font sizes in px, the same as plot.css: FS for ticks, values and axis
// titles, FL for labels and legends.
const FS = 12;
const FL = 13;
const LINE = 17; // line height of a wrapped label

// tw estimates a text's width from the widths of DejaVu Sans, the widest
// of the usual system-ui fonts, so that an estimated text does not
// overflow: wide letters and %, capitals, digits, narrow letters and signs.
const NARROW = new Set("il.,:;!|'ıj\u202f\u00a0");
const THIN = new Set(" ()[]frt-·");
const WIDE = new Set("MWmw%—@");
function tw(s, fs, bold) {
  let em = 0;
  for (const ch of String(s)) {
    if (NARROW.has(ch)) em += 0.3;
    else if (THIN.has(ch)) em += 0.42;
    else if (WIDE.has(ch)) em += 0.98;
    else if (ch >= "0" && ch <= "9") em += 0.64;
    else if (ch !== ch.toLowerCase()) em += 0.74;
    else em += 0.62;
  }
  return em * fs * (bold ? 1.1 : 1);
}

// word is a word of the plots, theme/i18n's plot.<k>.
function word(t, k) {
  return t("plot." + k);
}

// outLabel is an output's name from the dictionary, else the plots' word
// of that name, else the key itself.
function outLabel(t, name, k) {
  const key = "calc." + name + ".out." + k;
  const s = t(key);
  if (s !== key) return s;
  const w = t("plot." + k);
  return w !== "plot." + k ? w : k;
}

// MEANING: every outcome, state or result the engine names, in one scale,
// best first. Families: good (blues), mid (yellow, orange: partial or
// degraded), bad (red, purple, near black: failure and worse); the two
// duellists of a spell duel take two hues that judge nobody, and a
// cancellation is neutral grey.
const MEANING = {
  perfect: "good1", critical: "good1",
  success: "good2", hit: "good2", healthy: "good2", full_health: "good2", win: "good2",
  flawed: "mid1", fatigued: "mid1", tie: "mid1",
  wounded: "mid2",
  failure: "bad1", miss: "bad1", loss: "bad1", dying: "bad1",
  critical_failure: "bad2", coma: "bad2",
  dead: "bad3",
  a_hits: "duelA", cancel: "neutral", b_hits: "duelB",
};
const ORDER = Object.keys(MEANING);

// Level → family and texture. A texture is drawn over the colour in the
// card's colour (plot.css .tex): stripes for the middle family, a hatch for
// the bad one, none for the good one.
const LOOK = {
  good1: ["good", ""], good2: ["good", ""],
  mid1: ["mid", "diag"], mid2: ["mid", "diag2"],
  bad1: ["bad", "cross"], bad2: ["bad", "grid"], bad3: ["bad", "cross"],
  duelA: ["duel", ""], duelB: ["duel", "vlines"], neutral: ["neutral", "hlines"],
};

// The probability bars of each calculator, by output key: what they are
// the chance of, in MEANING's words.
const BAR_MEANING = {
  critical: { p_hit: "hit", p_critical: "critical", p_critical_failure: "critical_failure" },
  "dying-magic": { p_save: "success", p_exhaustion: "failure" },
  "pathfinder-duel": { p_identify: "success", p_counter: "success", p_total: "success", p_parry: "success", p_hit: "failure", p_hit_dodging: "failure" },
};

const TEXTURES = {
  // [tile size, rotation, lines as x1 y1 x2 y2 in the tile]
  diag: [7, 45, [[0, 0, 0, 7]]],
  diag2: [5, -45, [[0, 0, 0, 5]]],
  cross: [7, 45, [[0, 0, 0, 7], [0, 0, 7, 0]]],
  grid: [6, 0, [[0, 0, 0, 6], [0, 0, 6, 0]]],
  vlines: [6, 0, [[0, 0, 0, 6]]],
  hlines: [6, 0, [[0, 0, 6, 0]]],
};

function el(name, attrs, text) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

const r1 = (x) => Math.round(x * 10) / 10;

// Pattern ids must be unique in the page (several plots share one): each
// drawing takes a number.
let drawn = 0;

class Canvas {
  constructor(W, label) {
    this.W = W;
    this.id = ++drawn;
    this.pats = new Set();
    this.s = el("svg", { role: "img", "aria-label": label, class: "plot", preserveAspectRatio: "xMidYMid meet" });
    this.s.appendChild(el("title", {}, label));
    this.defs = this.s.appendChild(el("defs"));
  }
  add(e) {
    return this.s.appendChild(e);
  }
  // text keeps its whole estimated width inside the box: an anchor near an
  // edge moves inwards.
  text(x, y, s, cls, anchor = "start", fs = FS) {
    const w = tw(s, fs, /axis-title|seg-label/.test(cls));
    const lo = anchor === "start" ? 1 : anchor === "end" ? w + 1 : w / 2 + 1;
    const hi = anchor === "start" ? this.W - w - 1 : anchor === "end" ? this.W - 1 : this.W - w / 2 - 1;
    x = Math.max(lo, Math.min(hi, x));
    return this.add(el("text", { x: r1(x), y: r1(y), class: cls, "text-anchor": anchor }, s));
  }
  // paint gives a shape its meaning's classes and fill: a colour class, or
  // a pattern (the colour under a texture) made once per drawing.
  paint(key) {
    const lv = MEANING[key] || "neutral";
    const [fam, tex] = LOOK[lv];
    const cls = `fam-${fam} lv-${lv}` + (key ? " k-" + key : "");
    if (!tex) return { class: cls + " c-" + lv };
    const id = `plot${this.id}-${lv}`;
    if (!this.pats.has(lv)) {
      this.pats.add(lv);
      const [size, rot, lines] = TEXTURES[tex];
      const p = el("pattern", { id, patternUnits: "userSpaceOnUse", width: size, height: size, patternTransform: `rotate(${rot})` });
      p.appendChild(el("rect", { width: size, height: size, class: "c-" + lv }));
      for (const [x1, y1, x2, y2] of lines) p.appendChild(el("line", { x1, y1, x2, y2, class: "tex" }));
      this.defs.appendChild(p);
    }
    return { class: cls, fill: `url(#${id})` };
  }
  shape(name, attrs, key, cls) {
    const p = this.paint(key);
    return this.add(el(name, { ...attrs, ...p, class: cls + " " + p.class }));
  }
  done(H) {
    if (!this.pats.size) this.defs.remove();
    this.s.setAttribute("viewBox", `0 0 ${this.W} ${Math.ceil(H)}`);
    return this.s;
  }
}

// wrap cuts a text into lines of at most maxW, at spaces (not at the
// narrow no-break space before a French %), a word too long for a line cut
// where it must.
function wrap(s, maxW, fs) {
  const lines = [];
  let cur = "";
  for (const w of String(s).split(" ")) {
    const next = cur ? cur + " " + w : w;
    if (!cur || tw(next, fs) <= maxW) cur = next;
    else {
      lines.push(cur);
      cur = w;
    }
  }
  lines.push(cur);
  // A line still too wide is one long word: cut it where it must.
  return lines.flatMap((l) => {
    if (tw(l, fs) <= maxW) return [l];
    const out = [];
    let part = "";
    for (const ch of l) {
      if (part && tw(part + ch, fs) > maxW) {
        out.push(part);
        part = "";
      }
      part += ch;
    }
    return out.concat(part);
  });
}

// niceStep rounds a step up to 1, 2, 2.5 or 5 times a power of ten.
function niceStep(raw, integer) {
  if (!(raw > 0)) return 1;
  const mag = Math.pow(10, Math.floor(Math.log10(raw)));
  const n = raw / mag;
  let s = (n <= 1 ? 1 : n <= 2 ? 2 : n <= 2.5 ? 2.5 : n <= 5 ? 5 : 10) * mag;
  if (integer) s = Math.max(1, Math.ceil(s));
  return s;
}

// A probability tick, with the decimals its step needs (100d1000's bars
// are a few thousandths of a percent).
function pctTick(v, step, f) {
  const s100 = step * 100;
  let d = 0;
  while (d < 8 && Math.abs(Math.round(s100 * 10 ** d) - s100 * 10 ** d) > 1e-6) d++;
  let s = decimal(v, 2, d);
  if (Number(s) === 0) s = "0";
  return percentText(s, f);
}

// legend flows its entries (a swatch and a text) from left to right, onto
// as many lines as the width needs; an entry too long for one line wraps.
// Returns the y under the last line.
function legend(c, entries, y) {
  const W = c.W, sw = 14, gap = 6, row = 21;
  let x = 1;
  for (const e of entries) {
    const lines = wrap(e.text, W - 2 - sw - gap, FL);
    const w = sw + gap + Math.max(...lines.map((l) => tw(l, FL)));
    if (x > 1 && (lines.length > 1 || x + w > W - 1)) {
      x = 1;
      y += row;
    }
    if (e.line) c.add(el("line", { x1: x, x2: x + sw, y1: y + 10, y2: y + 10, class: "line" }));
    else c.shape("rect", { x, y: y + 3, width: sw, height: sw }, e.key, "sw");
    lines.forEach((l, j) => c.text(x + sw + gap, y + 15 + j * LINE, l, "legend", "start", FL));
    if (lines.length > 1) {
      y += row + (lines.length - 1) * LINE;
      x = 1;
    } else x += w + 14;
  }
  return x > 1 ? y + row : y;
}

// bins reduces a long distribution (100d1000+100d1000 has ~200,000 values)
// to at most max bars, summing probabilities, so the drawing stays light. It
// reads the engine's list as it is, no object made per value: list[i].p,
// list[i][key] the value; atLeast, aligned with list, gives a bar the "at
// least" of its lowest value.
// sum is its own small function: called once a bar, it is compiled after a
// few bars, where one long loop would run interpreted much longer.
function sum(list, from, to) {
  let s = 0;
  for (let j = from; j < to; j++) s += list[j].p;
  return s;
}

function bins(list, key, atLeast, max) {
  const n = list.length;
  const size = Math.max(1, Math.ceil(n / max));
  const out = [];
  for (let i = 0; i < n; i += size) {
    const end = Math.min(n, i + size);
    const s = sum(list, i, end);
    const a = atLeast && atLeast[i];
    // A series the worker already binned carries each bin's last value.
    const last = list[end - 1];
    out.push({ lo: list[i][key], hi: last[key + "_hi"] ?? last[key], p: s, al: a && a.value === list[i][key] ? a.p : undefined });
  }
  return out;
}

function distribution(c, list, key, atLeast, o) {
  const { f } = o;
  const W = c.W;
  const bs = bins(list, key, atLeast, Math.min(120, Math.floor((W - 60) / 3)));
  const hasAl = bs.some((b) => b.al !== undefined);
  const maxP = Math.max(...bs.map((b) => b.p)) || 1;
  const PH = Math.max(120, Math.min(200, Math.round(W * 0.36)));
  const top = 32, bottom = top + PH;
  // The probability axis: 3 to 5 round ticks up to the highest bar.
  const step = niceStep(maxP / 4);
  const yTop = Math.ceil(maxP / step - 1e-9) * step;
  const ticks = [];
  for (let v = 0; v <= yTop + step / 2; v += step) ticks.push(v);
  const labels = ticks.map((v) => (v === 0 ? "0" : pctTick(v, step, f)));
  const left = Math.ceil(Math.max(...labels.map((l) => tw(l, FS)))) + 8;
  const alLabels = ["50", "100"].map((s) => percentText(s, f));
  const right = hasAl ? Math.ceil(tw(alLabels[1], FS)) + 8 : 8;
  const PW = W - left - right;
  const y = (p) => bottom - (PH * p) / yTop;
  // Titles: the probability above its axis, "at least" above its own.
  c.text(1, 14, o.yTitle, "axis-title");
  if (hasAl) {
    const w = tw(o.alTitle, FS, true);
    c.add(el("line", { x1: r1(W - w - 24), x2: r1(W - w - 6), y1: 10, y2: 10, class: "line" }));
    c.text(W - 1, 14, o.alTitle, "axis-title", "end");
  }
  ticks.forEach((v, i) => {
    const yy = r1(y(v));
    c.add(el("line", { x1: left, x2: W - right, y1: yy, y2: yy, class: i ? "grid" : "axis" }));
    c.text(left - 5, yy + 4, labels[i], "tick", "end");
  });
  if (hasAl) {
    [0.5, 1].forEach((p, i) => c.text(W - right + 5, r1(bottom - PH * p) + 4, alLabels[i], "tick tick-line"));
  }
  // Bars on a value scale when the values follow one another (dice,
  // rests), one slot each otherwise (the xp of a study: 0, 3, 6, 13, 55).
  const n = bs.length;
  const d = n > 1 ? bs[1].lo - bs[0].lo : 1;
  const steady = n > 1 && Number.isInteger(bs[0].lo) && bs.every((b, i) => i === 0 || b.lo - bs[i - 1].lo === d) && bs[n - 1].hi - bs[n - 1].lo <= d;
  const x0 = steady ? bs[0].lo - 0.5 : 0;
  const span = steady ? bs[n - 1].lo + d - 0.5 - x0 : n;
  const xv = (v) => left + (PW * (v - x0)) / span;
  const slot = PW / n;
  const gap = slot > 4 ? Math.min(slot * 0.15, 4) : 0;
  bs.forEach((b, i) => {
    const xa = steady ? xv(b.lo - 0.5) : left + i * slot;
    const h = (PH * b.p) / yTop;
    const r = c.add(el("rect", { x: r1(xa + gap / 2), y: r1(bottom - h), width: r1(Math.max(slot - gap, 1)), height: r1(h), class: "bar-dist" }));
    r.appendChild(el("title", {}, (b.lo === b.hi ? num(b.lo, f) : num(b.lo, f) + "–" + num(b.hi, f)) + " : " + pct(b.p, f)));
  });
  if (hasAl) {
    const pts = bs.map((b, i) => `${r1((steady ? xv(b.lo - 0.5) : left + i * slot) + slot / 2)},${r1(bottom - PH * (b.al ?? 0))}`).join(" ");
    c.add(el("polyline", { points: pts, class: "line" }));
  }
  // Value ticks: as many as their labels leave room for.
  const lw = Math.max(tw(num(bs[0].lo, f), FS), tw(num(bs[n - 1].hi, f), FS)) + 14;
  const xt = [];
  if (steady) {
    const first = bs[0].lo, last = bs[n - 1].hi;
    const st = niceStep(Math.max((last - first) / Math.max(1, Math.floor(PW / lw)), (lw * span) / PW), true);
    for (let v = Math.ceil(first / st) * st; v <= last; v += st) xt.push([xv(v), num(v, f)]);
  } else {
    const every = Math.max(1, Math.ceil(lw / slot));
    bs.forEach((b, i) => i % every || xt.push([left + i * slot + slot / 2, num(b.lo, f)]));
  }
  for (const [x, s] of xt) {
    c.add(el("line", { x1: r1(x), x2: r1(x), y1: bottom, y2: bottom + 4, class: "axis" }));
    c.text(x, bottom + 17, s, "tick", "middle");
  }
  c.text(left + PW / 2, bottom + 36, o.xTitle, "axis-title", "middle");
  return c.done(bottom + 41);
}

// bars draws one horizontal bar a row: a label, the bar on its track, the
// value. The label goes left of the bar when it fits in 40 % of the width,
// above it otherwise, wrapped. Under the bars, the scale and its title.
function bars(c, items, axis) {
  const W = c.W;
  const valW = Math.max(...items.map((it) => tw(it.value, FS))) + 8;
  const labW = Math.max(...items.map((it) => tw(it.label, FL)));
  const side = labW <= W * 0.4 && W - labW - 10 - valW >= 120;
  const bx = side ? Math.ceil(labW) + 10 : 1;
  const bw = W - bx - valW - 1;
  let y = 2;
  for (const it of items) {
    let by;
    if (side) {
      c.text(bx - 8, y + 16, it.label, "label", "end", FL);
      by = y + 4;
      y += 28;
    } else {
      const lines = wrap(it.label, W - 2, FL);
      lines.forEach((l, j) => c.text(1, y + 13 + j * LINE, l, "label", "start", FL));
      by = y + lines.length * LINE + 1;
      y = by + 26;
    }
    c.add(el("rect", { x: bx, y: by, width: r1(bw), height: 18, class: "track" }));
    const r = c.shape("rect", { x: bx, y: by, width: r1(bw * Math.max(0, Math.min(1, it.p))), height: 18 }, it.key, "bar");
    r.appendChild(el("title", {}, it.tip || it.label + " : " + it.value));
    c.text(bx + bw + 6, by + 14, it.value, "value");
  }
  // The scale: its ends under the track's, the title between them or, when
  // they leave no room, on its own line.
  c.add(el("line", { x1: bx, x2: bx + r1(bw), y1: y, y2: y, class: "axis" }));
  c.text(bx, y + 15, axis.lo, "tick");
  c.text(bx + bw, y + 15, axis.hi, "tick", "end");
  const room = bw - tw(axis.lo, FS) - tw(axis.hi, FS) - 16;
  if (tw(axis.title, FS, true) <= room) {
    c.text(bx + bw / 2, y + 15, axis.title, "axis-title", "middle");
    y += 20;
  } else {
    c.text(bx, y + 33, axis.title, "axis-title");
    y += 38;
  }
  return c.done(y);
}

// stacked draws one bar split by outcome (the outcomes sum to 1), each
// share written in its segment when it fits, and a legend in the same order.
function stacked(c, parts, f) {
  const W = c.W, H0 = 34;
  let x = 1;
  for (const p of parts) {
    const w = (W - 2) * p.p;
    if (w > 0) {
      const r = c.shape("rect", { x: r1(x), y: 1, width: r1(w), height: H0 - 2 }, p.key, "seg");
      r.appendChild(el("title", {}, p.label + " : " + pct(p.p, f)));
      const s = pct(p.p, f);
      if (tw(s, FS, true) + 8 <= w) c.text(x + w / 2, H0 / 2 + 5, s, "seg-label", "middle");
    }
    x += w;
  }
  const bottom = legend(c, parts.map((p) => ({ key: p.key, text: p.label + " " + pct(p.p, f) })), H0 + 6);
  return c.done(bottom + 2);
}

// timeline draws the states from minute to minute as spans on a minute
// scale, a span's state written in it when it fits; the legend lists when
// each state begins.
function timeline(c, events, end, o) {
  const { t, f } = o;
  const W = c.W, H0 = 34;
  const x = (m) => 1 + ((W - 2) * m) / end;
  const merged = events.filter((e, i) => i === 0 || e.state !== events[i - 1].state);
  merged.forEach((e, i) => {
    const to = i + 1 < merged.length ? merged[i + 1].at : end;
    const w = Math.max(x(to) - x(e.at), 2);
    const name = t("opt." + e.state);
    const r = c.shape("rect", { x: r1(x(e.at)), y: 1, width: r1(w), height: H0 - 2 }, e.state, "span");
    r.appendChild(el("title", {}, num(e.at, f) + " min : " + name));
    if (tw(name, FS, true) + 8 <= w) c.text(x(e.at) + w / 2, H0 / 2 + 5, name, "seg-label", "middle");
  });
  const ay = H0 + 2;
  c.add(el("line", { x1: 1, x2: W - 1, y1: ay, y2: ay, class: "axis" }));
  const lw = tw(num(Math.round(end), f), FS) + 18;
  const st = niceStep(Math.max(end / Math.max(1, Math.floor((W - 2) / lw)), 1), true);
  for (let m = 0; m <= end; m += st) {
    c.add(el("line", { x1: r1(x(m)), x2: r1(x(m)), y1: ay, y2: ay + 4, class: "axis" }));
    c.text(x(m), ay + 17, num(m, f), "tick", "middle");
  }
  c.text(W / 2, ay + 35, o.xTitle, "axis-title", "middle");
  const bottom = legend(c, merged.map((e) => ({ key: e.state, text: num(e.at, f) + " min · " + t("opt." + e.state) })), ay + 42);
  return c.done(bottom + 2);
}

// order puts outcomes from the best to the worst, as MEANING lists them.
function order(parts) {
  const rank = (k) => {
    const i = ORDER.indexOf(k);
    return i < 0 ? ORDER.length : i;
  };
  return parts.slice().sort((a, b) => rank(a.key) - rank(b.key));
}

export function plot(kind, out, t, f, name, width) {
  const W = Math.round(Math.min(720, Math.max(280, width || 640)));
  const title = t("calc.plot");
  const w = (k) => word(t, k);
  const o = { t, f };
  switch (kind) {
    case "dist": {
      const dist = out.distribution || [];
      if (!dist.length) return null;
      const c = new Canvas(W, `${title} — ${w("p")} / ${w("value")}`);
      return distribution(c, dist, "value", out.at_least, { ...o, xTitle: w("value"), yTitle: w("p"), alTitle: w("at_least") });
    }
    case "rests":
    case "xp": {
      const list = (kind === "rests" ? out.rests : out.distribution) || [];
      if (!list.length) return null;
      const c = new Canvas(W, `${title} — ${w("p")} / ${w(kind)}`);
      return distribution(c, list, kind, null, { ...o, xTitle: w(kind), yTitle: w("p") });
    }
    case "outcomes": {
      const oc = out.outcomes || {};
      const parts = order(Object.keys(oc)
        .filter((k) => !k.endsWith("_fraction"))
        .map((k) => ({ key: k, label: outLabel(t, name, "outcomes." + k), p: oc[k] })));
      if (!parts.length) return null;
      const c = new Canvas(W, `${title} — ` + parts.map((p) => p.label + " " + pct(p.p, f)).join(", "));
      return stacked(c, parts, f);
    }
    case "timeline": {
      const ev = out.timeline || [];
      if (!ev.length) return null;
      const end = Math.max(...ev.map((e) => e.at)) * 1.15 + 5;
      const c = new Canvas(W, `${title} — ` + ev.map((e) => num(e.at, f) + " min " + t("opt." + e.state)).join(", "));
      return timeline(c, ev, end, { ...o, xTitle: w("minutes") });
    }
    case "hits": {
      if (!out.timeline || !out.timeline.length) return null;
      const total = out.total || 0;
      const items = out.timeline.map((h) => {
        const left = h.magic + h.physical;
        const state = t("opt." + h.state);
        return {
          label: `${w("hit")} ${h.hit} (−${num(h.damage, f)}) · ${state}`,
          p: total ? left / total : 0,
          value: `${num(left, f)} / ${num(total, f)}`,
          key: h.state,
          tip: `${w("hit")} ${h.hit} : ${t("calc.col.damage")} ${num(h.damage, f)}, ${t("calc.col.magic")} ${num(h.magic, f)}, ${t("calc.col.physical")} ${num(h.physical, f)}, ${t("calc.col.life_points")} ${num(h.life_points, f)}, ${state}`,
        };
      });
      const c = new Canvas(W, `${title} — ${w("armour")}: ` + items.map((it) => it.label + " " + it.value).join(", "));
      return bars(c, items, { title: w("armour"), lo: "0", hi: num(total, f) });
    }
    case "rounds": {
      const rs = out.rounds || [];
      if (!rs.length) return null;
      const max = Math.max(1, ...rs.map((r) => Math.max(r.score, r.opponent)));
      const items = rs.map((r, i) => ({
        label: `${w("round")} ${i + 1} · ${t("calc.col.opponent")} ${num(r.opponent, f)} · ${t("opt." + r.result)}`,
        p: r.score / max,
        value: num(r.score, f),
        key: r.result,
      }));
      const c = new Canvas(W, `${title} — ${w("score")}: ` + items.map((it) => it.label + " " + it.value).join(", "));
      return bars(c, items, { title: w("score"), lo: "0", hi: num(max, f) });
    }
    case "bars": {
      const means = BAR_MEANING[name] || {};
      // In the order BAR_MEANING lists them (the figures' order), others after.
      const rank = (k) => (k in means ? Object.keys(means).indexOf(k) : 99);
      const items = Object.keys(out)
        .filter((k) => k.startsWith("p_") && !k.endsWith("_fraction") && typeof out[k] === "number")
        .sort((a, b) => rank(a) - rank(b))
        .map((k) => ({ label: outLabel(t, name, k), p: out[k], value: pct(out[k], f), key: means[k] }));
      if (!items.length) return null;
      const c = new Canvas(W, `${title} — ` + items.map((it) => it.label + " " + it.value).join(", "));
      return bars(c, items, { title: w("p"), lo: pct(0, f), hi: pct(1, f) });
    }
  }
  return null;
}
