// Twin of generator/calcui/view.go's table (the static result's tables:
// the same kinds, columns, order and texts, and the same long
// distributions left to the plot): change one, change the other.
// TestTableTwins (generator/e2e/twins_test.go) runs both on the same
// outputs.
//
// dataTable writes a result's series as a table: under each plot, the figures a screen reader (or a curious
// reader) can go through value by value.
import { num, pct } from "./format.js";

// MAX_TABLE is the longest distribution written as a table (calcui's
// maxTable).
const MAX_TABLE = 60;

function cause(t, c) {
  const k = "opt.cause_" + c;
  const s = t(k);
  return s === k ? t("opt." + c) : s;
}

export function dataTable(kind, out, t, f) {
  let head, rows;
  switch (kind) {
    case "dist": {
      const al = new Map((out.at_least || []).map((a) => [a.value, a.p]));
      head = ["value", "p", "at_least"];
      rows = (out.distribution || []).map((d) => [num(d.value, f), pct(d.p, f), pct(al.get(d.value) ?? 0, f)]);
      break;
    }
    case "rests":
      head = ["rests", "p"];
      rows = (out.rests || []).map((d) => [num(d.rests, f), pct(d.p, f)]);
      break;
    case "xp":
      head = ["xp", "p"];
      rows = (out.distribution || []).map((d) => [num(d.xp, f), pct(d.p, f)]);
      break;
    case "timeline":
      head = ["at", "state", "cause"];
      rows = (out.timeline || []).map((e) => [num(e.at, f) + " min", t("opt." + e.state), cause(t, e.cause)]);
      break;
    case "hits":
      // The state and the life points first (calcui's table, the same order).
      head = ["hit", "damage", "state", "life_points", "magic", "physical"];
      rows = (out.timeline || []).map((h) => [num(h.hit, f), num(h.damage, f), t("opt." + h.state), ...[h.life_points, h.magic, h.physical].map((x) => num(x, f))]);
      break;
    case "rounds":
      head = ["opponent", "score", "result"];
      rows = (out.rounds || []).map((r) => [num(r.opponent, f), num(r.score, f), t("opt." + r.result)]);
      break;
    default:
      return null;
  }
  // Long distributions (100d1000) stay in the plot and the JSON; the
  // other series are as long as the engine allows, and all shown.
  if (rows.length === 0 || ((kind === "dist" || kind === "rests") && rows.length > MAX_TABLE)) return null;
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
