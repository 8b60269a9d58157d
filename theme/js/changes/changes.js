// The changes page's own script (/<lang>/changes/): "for you", what the
// new edition changes for this player, first. The player's character
// (store.js), computed by the engine with the previous edition's rules
// and with this one's, gives each answer's figures before and after; the
// sections the player bookmarked or annotated (bookmarks()) that the page
// lists as changed follow. With neither, the section stays hidden, and
// without JavaScript the page is as the build wrote it.
import { loadEngine } from "../shared/engine.js";
import { bookmarks, characterOf } from "../shared/store.js";
import { fmt, t } from "../shared/page.js";
import { formatFigure, get, glanceInput } from "../calcs/format.js";

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// figuresOf returns the figures of an engine output as [label, text].
function figuresOf(g, out) {
  if (!out || out.error) return [];
  const f = fmt();
  return (g.figures || []).map((fig, i) => {
    const v = get(out, fig.path);
    return v === undefined ? null : [g.labels[i], formatFigure(v, fig.format, t, f, get(out, fig.path + "_fraction"))];
  });
}

// computations lists what the character's glances compute: one per
// glance, or per item of the character's list for a glance on each.
function computations(game, data, values) {
  const jobs = [];
  const list = data.list && Array.isArray(values[data.list.key]) ? values[data.list.key] : [];
  for (const g of data.glance || []) {
    if (!g.figures || !g.figures.length) continue;
    if (g.each) {
      list.forEach((item, i) => {
        const name = item && typeof item.name === "string" && item.name.trim() ? item.name.trim() : String(i + 1);
        jobs.push({ key: game + "-" + g.calc + "-" + i, g, title: g.title + " — " + name, input: JSON.stringify(glanceInput(g, values, item)) });
      });
    } else jobs.push({ key: game + "-" + g.calc, g, title: g.title, input: JSON.stringify(glanceInput(g, values)) });
  }
  return jobs;
}

// figureLines computes each job with both rules and returns the figures
// that differ, as {title, rule, label, before, after}.
async function figureLines(jobs, oldRules) {
  const engine = await loadEngine();
  const lines = [];
  for (const j of jobs) {
    const [then, now] = await Promise.all([
      engine.run("mine-old-" + j.key, j.g.calc, j.input, oldRules).then((r) => r.out),
      engine.run("mine-new-" + j.key, j.g.calc, j.input).then((r) => r.out),
    ]);
    const before = figuresOf(j.g, then);
    const after = figuresOf(j.g, now);
    after.forEach((a, i) => {
      const b = before[i];
      if (a && b && a[1] !== b[1]) lines.push({ title: j.title, rule: j.g.rule, label: a[0], before: b[1], after: a[1] });
    });
  }
  return lines;
}

// changedMarked returns the player's bookmarked or annotated sections
// that the page lists as changed: {href, title}.
function changedMarked() {
  const out = [];
  for (const b of bookmarks()) {
    if (!b.mark && !b.note) continue;
    const art = document.getElementById(b.doc + "-" + b.id);
    const a = art && art.classList.contains("change") ? art.querySelector("h4 a") : null;
    if (a) out.push({ href: a.getAttribute("href"), title: a.textContent });
  }
  return out;
}

async function initMine() {
  const sec = document.getElementById("changes-mine");
  const src = document.getElementById("changes-mine-data");
  if (!sec || !src) return;
  const jobs = [];
  for (const box of src.querySelectorAll("[data-mine-game]")) {
    const values = characterOf(box.dataset.mineGame);
    if (!values) continue;
    let data;
    try {
      data = JSON.parse(box.dataset.mine);
    } catch {
      continue;
    }
    jobs.push(...computations(box.dataset.mineGame, data, values));
  }
  const marked = changedMarked();
  let lines = [];
  if (jobs.length) {
    try {
      lines = await figureLines(jobs, src.dataset.oldRules);
    } catch {
      lines = []; // no engine (offline without its copy): the sections still show
    }
  }
  // The state says the script is done, shown or not (the browser tests
  // wait for it).
  sec.dataset.state = lines.length || marked.length ? "shown" : "none";
  if (!lines.length && !marked.length) return;
  const colon = fmt().colon;
  const ul = sec.querySelector(".changes-mine-figures");
  for (const l of lines) {
    const li = el("li");
    const a = el("a", "", l.title);
    a.href = l.rule;
    li.append(a, " — " + l.label + colon);
    const del = el("del");
    del.append(el("span", "visually-hidden", sec.dataset.del), l.before);
    const ins = el("ins");
    ins.append(el("span", "visually-hidden", sec.dataset.ins), l.after);
    li.append(del, " → ", ins);
    ul.appendChild(li);
  }
  ul.hidden = !lines.length;
  const mul = sec.querySelector(".changes-mine-marked");
  for (const m of marked) {
    const li = el("li");
    const a = el("a", "", m.title);
    a.href = m.href;
    li.appendChild(a);
    mul.appendChild(li);
  }
  mul.hidden = !marked.length;
  sec.querySelector(".changes-mine-marked-title").hidden = !marked.length;
  sec.hidden = false;
}

initMine();
