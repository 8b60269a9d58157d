// Twin of generator/calcui/view.go's table (the static result's tables,
// the same columns in the same order): change one, change the other. No
// test compares the two yet; TestRoundingHalvesInPage
// (generator/e2e/rounding_test.go) checks the live 2d4 table's figures.
//
// dataTable writes a result's series as a table: under each plot, the figures a screen reader (or a curious
// reader) can go through value by value.
import { num, pct } from "./format.js";

function cause(t, c) {
  const k = "opt.cause_" + c;
  const s = t(k);
  return s === k ? t("opt." + c) : s;
}

export function dataTable(kind, out, t, lang) {
  let head, rows;
  switch (kind) {
    case "dist": {
      const al = new Map((out.at_least || []).map((a) => [a.value, a.p]));
      head = ["value", "p", "at_least"];
      rows = (out.distribution || []).map((d) => [num(d.value, lang), pct(d.p, lang), pct(al.get(d.value) ?? 0, lang)]);
      break;
    }
    case "rests":
      head = ["rests", "p"];
      rows = (out.rests || []).map((d) => [num(d.rests, lang), pct(d.p, lang)]);
      break;
    case "xp":
      head = ["xp", "p"];
      rows = (out.distribution || []).map((d) => [num(d.xp, lang), pct(d.p, lang)]);
      break;
    case "timeline":
      head = ["at", "state", "cause"];
      rows = (out.timeline || []).map((e) => [num(e.at, lang) + " min", t("opt." + e.state), cause(t, e.cause)]);
      break;
    case "hits":
      // The state and the life points first (calcui's table, the same order).
      head = ["hit", "damage", "state", "life_points", "magic", "physical"];
      rows = (out.timeline || []).map((h) => [num(h.hit, lang), num(h.damage, lang), t("opt." + h.state), ...[h.life_points, h.magic, h.physical].map((x) => num(x, lang))]);
      break;
    case "rounds":
      head = ["opponent", "score", "result"];
      rows = (out.rounds || []).map((r) => [num(r.opponent, lang), num(r.score, lang), t("opt." + r.result)]);
      break;
    default:
      return null;
  }
  // Long distributions (100d1000) stay in the plot and the JSON.
  if (rows.length === 0 || rows.length > 60) return null;
  const table = document.createElement("table");
  table.className = "calc-table";
  table.tabIndex = 0;
  const tr = table.createTHead().insertRow();
  for (const h of head) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = t("calc.col." + h);
    tr.appendChild(th);
  }
  const body = table.createTBody();
  for (const r of rows) {
    const row = body.insertRow();
    for (const c of r) row.insertCell().textContent = c;
  }
  return table;
}
