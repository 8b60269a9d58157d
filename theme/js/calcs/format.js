// Twin of wasm/engine/round.go (decimal and pct are the engine's Decimal
// and Percent) and of generator/calcui/format.go (num, numPrec, pct,
// fieldNumber, listText, exactTitle): change one, change the other.
// TestRoundingTwins (generator/e2e/rounding_test.go) and TestFormatTwins
// (generator/e2e/twins_test.go) run both on the same numbers.
//
// The one number formatting of the scripts: the calculators' figures,
// tables, plots, fields and the character page's glance. A language's way
// of writing numbers is data, f below: the page data's "format" member
// (theme/i18n's format.* keys, read by theme/js/shared/page.js's fmt):
// {decimal, group, minus, percent: "{n}%", colon, less_than, more_than}.
// The functions take it rather than reading the page, so that this
// module runs anywhere (the test evaluates it as it is).

// num writes a number for people: at most three decimals, no trailing
// zeros, thousands apart from five digits on, the language's signs.
export function num(x, f) {
  return numPrec(x, 3, f);
}

// decimal writes x × 10^shift with exactly prec decimals (a dot, a
// hyphen-minus), by the one rounding rule of every figure, the twin of the
// engine's Decimal (wasm/engine/round.go): an exact half is rounded away
// from zero, on the shortest decimal that reads back as x, which is the
// number the engine's JSON carries. 221/400 = 0.5525 is then 55.3 % in the
// answer, the figures, the tables and the plots alike; toFixed rounds the
// binary value instead (100 × 0.5525 is 55.25, but 1.005 is below its
// half), as Go's strconv does with ties to even. Zero has no sign.
export function decimal(x, shift, prec) {
  x = +x;
  if (!isFinite(x)) return String(x);
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(x.toExponential());
  let ds = m[2] + (m[3] || "");
  let pt = Number(m[4]) + shift + 1; // digits before the point
  if (pt < 1) {
    ds = "0".repeat(1 - pt) + ds;
    pt = 1;
  }
  if (ds.length < pt + prec) ds += "0".repeat(pt + prec - ds.length);
  const up = ds.length > pt + prec && ds[pt + prec] >= "5";
  ds = ds.slice(0, pt + prec);
  if (up) {
    const d = ds.split("");
    let k = d.length - 1;
    for (; k >= 0 && d[k] === "9"; k--) d[k] = "0";
    if (k < 0) {
      d.unshift("1");
      pt++;
    } else d[k] = String(Number(d[k]) + 1);
    ds = d.join("");
  }
  while (pt > 1 && ds[0] === "0") {
    ds = ds.slice(1);
    pt--;
  }
  const neg = m[1] === "-" && /[1-9]/.test(ds);
  return (neg ? "-" : "") + ds.slice(0, pt) + (prec > 0 ? "." + ds.slice(pt) : "");
}

// trimZeros removes a decimal's trailing zeros, and its point when nothing
// is left after it.
function trimZeros(s) {
  return s.includes(".") ? s.replace(/0+$/, "").replace(/\.$/, "") : s;
}

// numPrec is num with at most prec decimals: expectations are read to one.
export function numPrec(x, prec, f) {
  if (typeof x !== "number" || !isFinite(x)) return "—";
  return localNumber(trimZeros(decimal(x, 0, prec)), f, true);
}

// localNumber writes s, a number in ASCII ("-12345.5"), with f's minus
// and decimal sign and, when group is set, its thousands apart if the
// whole part has five digits or more (10 080, the engine's rule; parseWhole
// reads it back).
export function localNumber(s, f, group) {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) return s;
  let whole = m[2];
  if (group && whole.length >= 5) whole = whole.replace(/\B(?=(\d{3})+$)/g, f.group);
  return (m[1] ? f.minus : "") + whole + (m[3] !== undefined ? f.decimal + m[3] : "");
}

// plain writes x without an exponent, in its shortest digits: 1e-7 is
// 0.0000001, as Go's FormatFloat(x, 'f', -1) writes it.
function plain(x) {
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(x.toExponential());
  let ds = m[2] + (m[3] || "");
  let pt = Number(m[4]) + 1;
  if (pt < 1) {
    ds = "0".repeat(1 - pt) + ds;
    pt = 1;
  }
  if (ds.length < pt) ds += "0".repeat(pt - ds.length);
  return m[1] + ds.slice(0, pt) + (ds.length > pt ? "." + ds.slice(pt) : "");
}

// fieldNumber writes a value into a field as the static page does
// (calcui's fieldNum): twelve significant digits (100 × 0.07 is 7, not
// 7.000000000000001), no exponent, no grouping, f's decimal sign and
// minus: parseNumber reads it back.
export function fieldNumber(x, f) {
  if (typeof x !== "number" || !isFinite(x)) return "";
  const y = Number(x.toPrecision(12));
  return y === 0 ? "0" : localNumber(plain(y), f, false);
}

// listText writes a list's items as its field and its figure show them
// (calcui's valueString): numbers by fieldNumber, joined by ", ".
export function listText(v, f) {
  if (!Array.isArray(v)) return v === undefined || v === null ? "" : typeof v === "number" ? fieldNumber(v, f) : String(v);
  return v.map((x) => (Array.isArray(x) ? listText(x, f) : typeof x === "number" ? fieldNumber(x, f) : x === null || x === undefined ? "" : String(x))).join(", ");
}

// exactTitle is a rounded figure's unrounded value, for its title: the
// number as String writes it, a probability in percent to ten
// significant digits; "" for the other formats (calcui's exact).
export function exactTitle(v, format) {
  if (typeof v !== "number") return "";
  if (format === "num") return String(v);
  if (format === "pct") return String(Number((100 * v).toPrecision(10))) + " %";
  return "";
}

// parseNumber reads a number as people type it, whatever the browser's
// locale: a decimal comma or dot, spaces (also the narrow no-break space
// of French figures), a true minus sign, a trailing % when allowed. It
// returns NaN for anything else: "1,5" is 1.5, never 15.
export function parseNumber(s, percent) {
  let t = String(s).replace(/[\s\u00a0\u202f]/g, "").replace(/\u2212/g, "-");
  if (percent) t = t.replace(/%$/, "");
  if (!/^[+-]?(\d+([.,]\d+)?|[.,]\d+)$/.test(t)) return NaN;
  return Number(t.replace(",", "."));
}

// parseWhole reads a whole number as people type it: what parseNumber
// reads, and a number with its thousands set apart by a comma, a dot or a
// space, one kind throughout ("25,000", "25.000", "25 000", as the
// English and French results print them). parseNumber alone reads
// "25,000" as 25 (a decimal comma), a whole number that is not the one
// typed; in a whole-number field no one writes three zero decimals.
export function parseWhole(s) {
  const t = String(s).trim().replace(/\u2212/g, "-");
  const m = /^([+-]?)(\d{1,3})([,.\s\u00a0\u202f])(\d{3}(?:\3\d{3})*)$/.exec(t);
  if (m) return Number(m[1] + m[2] + m[4].split(m[3]).join(""));
  return parseNumber(s, false);
}

// percentText writes the ASCII number s as a percentage of f.
export function percentText(s, f) {
  return f.percent.replace("{n}", localNumber(s, f, false));
}

// pct writes a probability to 0.1 % by decimal's rule, shifted rather than
// multiplied by 100, and never a possible outcome as 0 % nor a possible
// miss as 100 %: the twin of the engine's Percent, which the answers in
// words and the static figures use.
export function pct(x, f) {
  const s = trimZeros(decimal(x, 2, 1));
  if (s === "0" && x > 0) return f.less_than.replace("{n}", percentText("0.1", f));
  if (s === "100" && x < 1) return f.more_than.replace("{n}", percentText("99.9", f));
  return percentText(s, f);
}

// formatFigure writes an output value as the page shows it (calcui's
// FormatFigure): probabilities to 0.1 %, expectations to one decimal.
export function formatFigure(v, format, t, f, fraction) {
  switch (format) {
    case "pct": {
      let s = pct(v, f);
      if (fraction && fraction !== "0" && fraction !== "1") s += " (" + fraction + ")";
      return s;
    }
    case "bool":
      return v ? t("calc.yes") : t("calc.no");
    case "enum":
      return v == null ? t("calc.none") : t("opt." + v);
    case "min":
      return num(v, f) + " min";
    case "num":
      return numPrec(v, 1, f);
    case "list":
      return listText(v, f);
    case "text":
      return String(v);
    default:
      return num(v, f);
  }
}

export function get(obj, path) {
  let cur = obj;
  for (const k of path.split(".")) {
    if (cur == null || typeof cur !== "object" || !(k in cur)) return undefined;
    cur = cur[k];
  }
  return cur;
}

export function set(obj, path, v) {
  const keys = path.split(".");
  let cur = obj;
  for (const k of keys.slice(0, -1)) {
    if (typeof cur[k] !== "object" || cur[k] === null || Array.isArray(cur[k])) cur[k] = {};
    cur = cur[k];
  }
  cur[keys[keys.length - 1]] = v;
}

// glanceInput is the engine input of one of a character's calculators
// (a glance): its defaults (g.base), with the character's value of each
// field it takes (g.map: input path → character key, "item." for a list's
// item); a field the character leaves empty is left out, as the
// calculator's form leaves it. The character page and the changes page
// both compute with it.
export function glanceInput(g, values, item) {
  const input = JSON.parse(JSON.stringify(g.base));
  for (const [path, key] of Object.entries(g.map)) {
    const v = key.startsWith("item.") ? get(item || {}, key.slice(5)) : get(values, key);
    if (v === undefined || v === null || v === "") {
      const keys = path.split(".");
      const parent = keys.length > 1 ? get(input, keys.slice(0, -1).join(".")) : input;
      if (parent) delete parent[keys[keys.length - 1]];
    } else set(input, path, v);
  }
  return input;
}
