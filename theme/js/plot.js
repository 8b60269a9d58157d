// plot draws a calculator's result as an SVG: a distribution with its
// "at least" line, outcome bars, a health timeline, or the armour left hit
// by hit. Colours come from classes in calc.css (no style attributes: the
// pages' CSP forbids them). Each plot has a text alternative.
import { num, pct } from "./format.js";

const NS = "http://www.w3.org/2000/svg";
const W = 640;

function el(name, attrs, text) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function svg(h, label) {
  const s = el("svg", { viewBox: `0 0 ${W} ${h}`, role: "img", "aria-label": label, class: "plot", preserveAspectRatio: "xMidYMid meet" });
  s.appendChild(el("title", {}, label));
  return s;
}

// bins reduces a long distribution (100d1000 has ~99,900 values) to at most
// max bars, summing probabilities, so the drawing stays light.
function bins(points, max) {
  if (points.length <= max) return points.map((p) => ({ lo: p.x, hi: p.x, p: p.p, al: p.al }));
  const size = Math.ceil(points.length / max);
  const out = [];
  for (let i = 0; i < points.length; i += size) {
    const chunk = points.slice(i, i + size);
    out.push({ lo: chunk[0].x, hi: chunk[chunk.length - 1].x, p: chunk.reduce((a, c) => a + c.p, 0), al: chunk[0].al });
  }
  return out;
}

function distribution(points, t, lang, title) {
  const H = 220, top = 14, bottom = 40, left = 44, right = 10;
  const bs = bins(points, 120);
  const maxP = Math.max(...bs.map((b) => b.p)) || 1;
  const s = svg(H, title);
  const bw = (W - left - right) / bs.length;
  const y = (p) => top + (H - top - bottom) * (1 - p);
  // Axis: 0 and the highest probability; the "at least" line uses 0..1.
  s.appendChild(el("line", { x1: left, x2: W - right, y1: H - bottom, y2: H - bottom, class: "axis" }));
  s.appendChild(el("text", { x: left - 6, y: top + 4, class: "tick", "text-anchor": "end" }, pct(maxP, lang)));
  s.appendChild(el("text", { x: left - 6, y: H - bottom, class: "tick", "text-anchor": "end" }, "0"));
  bs.forEach((b, i) => {
    const h = ((H - top - bottom) * b.p) / maxP;
    const r = el("rect", { x: left + i * bw + bw * 0.1, y: H - bottom - h, width: Math.max(bw * 0.8, 1), height: h, class: "bar" });
    r.appendChild(el("title", {}, (b.lo === b.hi ? num(b.lo, lang) : num(b.lo, lang) + "–" + num(b.hi, lang)) + " : " + pct(b.p, lang)));
    s.appendChild(r);
  });
  if (bs.some((b) => b.al !== undefined)) {
    const pts = bs.map((b, i) => `${left + i * bw + bw / 2},${y(b.al ?? 0)}`).join(" ");
    s.appendChild(el("polyline", { points: pts, class: "line" }));
    s.appendChild(el("text", { x: W - right, y: top + 4, class: "legend-line", "text-anchor": "end" }, t("calc.col.at_least")));
  }
  const step = Math.max(1, Math.ceil(bs.length / 12));
  bs.forEach((b, i) => {
    if (i % step) return;
    s.appendChild(el("text", { x: left + i * bw + bw / 2, y: H - bottom + 16, class: "tick", "text-anchor": "middle" }, num(b.lo, lang)));
  });
  return s;
}

function bars(items, t, lang, title) {
  // Horizontal bars, one per probability: parry, hit, save…
  const row = 30, H = items.length * row + 10;
  const s = svg(H, title);
  const left = 250;
  items.forEach((it, i) => {
    const y = 5 + i * row;
    s.appendChild(el("text", { x: left - 8, y: y + 18, class: "label", "text-anchor": "end" }, it.label));
    s.appendChild(el("rect", { x: left, y: y + 4, width: W - left - 70, height: 18, class: "track" }));
    s.appendChild(el("rect", { x: left, y: y + 4, width: (W - left - 70) * it.p, height: 18, class: "bar " + (it.cls || "") }));
    s.appendChild(el("text", { x: W - 64, y: y + 18, class: "value" }, pct(it.p, lang)));
  });
  return s;
}

function stacked(parts, t, lang, title) {
  // One bar split by outcome, with a legend: the outcomes sum to 1.
  const H = 60 + Math.ceil(parts.length / 3) * 22;
  const s = svg(H, title);
  let x = 10;
  const width = W - 20;
  parts.forEach((p, i) => {
    const w = width * p.p;
    const r = el("rect", { x, y: 10, width: w, height: 30, class: "seg seg" + i });
    r.appendChild(el("title", {}, p.label + " : " + pct(p.p, lang)));
    s.appendChild(r);
    x += w;
  });
  parts.forEach((p, i) => {
    const lx = 10 + (i % 3) * 210, ly = 58 + Math.floor(i / 3) * 22;
    s.appendChild(el("rect", { x: lx, y: ly - 11, width: 12, height: 12, class: "seg seg" + i }));
    s.appendChild(el("text", { x: lx + 18, y: ly, class: "label" }, p.label + " " + pct(p.p, lang)));
  });
  return s;
}

function timeline(events, until, t, lang, title) {
  // States from minute to minute, as coloured spans with their start minute.
  const H = 100, left = 10, right = 10;
  const end = Math.max(until, ...events.map((e) => e.at)) || 1;
  const x = (m) => left + ((W - left - right) * m) / end;
  const s = svg(H, title);
  events.forEach((e, i) => {
    const to = i + 1 < events.length ? events[i + 1].at : end;
    const r = el("rect", { x: x(e.at), y: 14, width: Math.max(x(to) - x(e.at), 2), height: 28, class: "state state-" + e.state });
    r.appendChild(el("title", {}, num(e.at, lang) + " min : " + t("opt." + e.state)));
    s.appendChild(r);
    s.appendChild(el("line", { x1: x(e.at), x2: x(e.at), y1: 10, y2: 50, class: "tickline" }));
    s.appendChild(el("text", { x: x(e.at) + 3, y: 64 + (i % 2) * 18, class: "tick" }, num(e.at, lang) + " · " + t("opt." + e.state)));
  });
  return s;
}

export function plot(kind, out, t, lang, name) {
  const title = t("calc.plot");
  switch (kind) {
    case "dist": {
      const al = new Map((out.at_least || []).map((a) => [a.value, a.p]));
      return distribution((out.distribution || []).map((d) => ({ x: d.value, p: d.p, al: al.get(d.value) })), t, lang, title);
    }
    case "rests":
      return distribution((out.rests || []).map((d) => ({ x: d.rests, p: d.p })), t, lang, title);
    case "xp":
      return distribution((out.distribution || []).map((d) => ({ x: d.xp, p: d.p })), t, lang, title);
    case "outcomes": {
      const o = out.outcomes || {};
      const parts = Object.keys(o)
        .filter((k) => !k.endsWith("_fraction"))
        .map((k) => ({ label: t("calc." + name + ".out.outcomes." + k), p: o[k] }));
      return stacked(parts, t, lang, title);
    }
    case "timeline":
      return timeline(out.timeline || [], Math.max(...(out.timeline || [{ at: 0 }]).map((e) => e.at)) * 1.15 + 5, t, lang, title);
    case "hits": {
      if (!out.timeline) return null;
      const items = out.timeline.map((h) => ({
        label: "#" + h.hit + " (" + num(h.damage, lang) + ") " + t("opt." + h.state),
        p: out.total ? (h.magic + h.physical) / out.total : 0,
      }));
      return bars(items, t, lang, title);
    }
    case "bars": {
      const items = Object.keys(out)
        .filter((k) => k.startsWith("p_") && !k.endsWith("_fraction") && typeof out[k] === "number")
        .map((k) => ({ label: t("calc." + name + ".out." + k), p: out[k] }));
      return items.length ? bars(items, t, lang, title) : null;
    }
  }
  return null;
}
