// Twin of generator/calcui for the result: steps is calcui's steps
// (view.go); change one, change the other. TestStepsTwins
// (generator/e2e/twins_test.go) holds them equal. The numbers are
// format.js's, the tables table.js's, the strings and number format the page
// data's (theme/js/shared/page.js).
//
// The calculator's result: drawing an answer (the engine's sentence, its
// figures, plot, table of values and explanation steps) into a result, and
// saying that the engine could not load. It holds no state and installs no
// listener: the character page imports it for its glance's answers.
import { replaced } from "../shared/edition.js";
import { exactTitle, formatFigure, get } from "./format.js";
import { fmt, t } from "../shared/page.js";
import { plot } from "./plot.js";
import { dataTable } from "./table.js";

// lang picks the engine's texts (its answers and steps are in every
// language of the site).
const lang = document.documentElement.lang;

// loadFailed says in box that the engine could not load, in the words of
// t; when the host now serves another build of this page (a deploy
// deleted the previous build's engine, which a tab with no offline copy
// still asks for), that a new edition is online, with a button to
// reload: the calculators of this tab cannot come back otherwise. It
// resolves to whether it said so.
export async function loadFailed(box, t) {
  box.textContent = t("calc.load_failed");
  box.hidden = false;
  if (!(await replaced())) return false;
  const b = document.createElement("button");
  b.type = "button";
  b.className = "calc-reload";
  b.textContent = t("calc.reload");
  b.addEventListener("click", () => location.reload());
  box.replaceChildren(t("calc.new_edition") + " ", b);
  return true;
}

// The answer: the engine's sentence, key figures between ** marks.
export function answer(text) {
  const p = document.createElement("p");
  p.className = "calc-answer";
  String(text || "")
    .split("**")
    .forEach((part, i) => {
      if (!part) return;
      if (i % 2) {
        const s = document.createElement("strong");
        s.textContent = part;
        p.appendChild(s);
      } else p.appendChild(document.createTextNode(part));
    });
  return p;
}

// writeAnswer puts out's answer in the result's live part: the answer's
// element stays (the controller's peek watches it); its text changes.
export function writeAnswer(live, out) {
  const a = answer(out.answer && out.answer[lang]);
  const old = live.querySelector(".calc-answer");
  if (old) old.replaceChildren(...a.childNodes);
  else live.prepend(a);
}

// writeDetails draws the rest of out in live, under the answer: its
// figures, its plot (widthOf(live) pixels wide, asked once the previous
// plot is gone), the table of its values, its explanation steps and the
// reading of the result.
export function writeDetails(calc, live, out, widthOf) {
  for (const div of live.querySelectorAll("[data-figure]")) {
    const v = get(out, div.dataset.figure);
    div.hidden = v === undefined;
    if (v === undefined) continue;
    const dd = div.querySelector("dd");
    dd.textContent = formatFigure(v, div.dataset.format, t, fmt(), get(out, div.dataset.figure + "_fraction"));
    const title = exactTitle(v, div.dataset.format);
    if (title) dd.title = title;
    else dd.removeAttribute("title");
  }
  const why = live.querySelector(".calc-why");
  const wasOpen = why ? why.open : false;
  for (const el of live.querySelectorAll(".calc-table, .calc-why, .calc-plot")) el.remove();
  const svg = plot(calc.dataset.plot, out, t, fmt(), calc.dataset.calc, widthOf(live));
  if (svg) {
    const fig = document.createElement("figure");
    fig.className = "calc-plot";
    fig.appendChild(svg);
    live.appendChild(fig);
  }
  // The values stay readable under the plot, as without JavaScript.
  const table = dataTable(calc.dataset.plot, out, t, fmt());
  if (table) live.appendChild(table);
  const s = steps(calc, out);
  s.open = wasOpen;
  live.appendChild(s);
  const reading = calc.querySelector(".calc-reading span");
  if (reading && out.reading && out.reading[lang]) reading.textContent = out.reading[lang];
}

// steps lists how the engine reached out, one line a step, each linking
// the rules section it applies (once per section).
function steps(calc, out) {
  const form = calc.querySelector(".calc-form");
  const rules = JSON.parse(form.dataset.rules || "{}");
  // The sections' links as the page has them (generator/calcui's
  // LinksJSON): in the book and the single file, the book's own anchors.
  const links = JSON.parse(form.dataset.links || "{}");
  const slug = location.pathname.split("/").filter(Boolean).pop();
  const details = document.createElement("details");
  details.className = "calc-why";
  const sum = document.createElement("summary");
  sum.textContent = t("calc.why");
  const ol = document.createElement("ol");
  ol.className = "calc-steps";
  // One link per section, on the first line that applies it.
  const seen = new Set();
  for (const s of out.steps || []) {
    const li = document.createElement("li");
    li.textContent = s[lang];
    const key = s.doc + "#" + s.rule;
    if (s.rule && !seen.has(key)) {
      seen.add(key);
      const a = document.createElement("a");
      a.className = "calc-rule";
      a.href = links[key] || (s.doc === slug ? "" : "../" + s.doc + "/") + "#" + s.rule;
      a.textContent = "§\u202f" + (rules[key] || s.rule);
      li.append(" ", a);
    }
    ol.appendChild(li);
  }
  details.append(sum, ol);
  return details;
}
