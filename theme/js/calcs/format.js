// Twin of wasm/engine/round.go (decimal and pct are the engine's Decimal
// and Percent) and of generator/calcui/view.go's number formatting (num,
// numPrec, groupDigits, pct): change one, change the other.
// TestRoundingTwins (generator/e2e/rounding_test.go) holds them equal.
//
// Number formats of the calculators, the twins of calcui's Go formatting so
// that the static result and the live one read the same.
export function num(x, lang) {
  return numPrec(x, 3, lang);
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
export function numPrec(x, prec, lang) {
  if (typeof x !== "number" || !isFinite(x)) return "—";
  let s = trimZeros(decimal(x, 0, prec));
  s = groupDigits(s, lang);
  if (lang === "fr") s = s.replace(".", ",").replace("-", "−");
  return s;
}

// groupDigits sets apart the thousands of a whole part of five digits or
// more, with a narrow no-break space in French and a comma in English, as
// the engine's answers do: the twin of calcui's groupDigits, so that the
// static result and the live one read the same; parseWhole reads both back.
export function groupDigits(s, lang) {
  const m = /^(-?)(\d{5,})(\..*)?$/.exec(s);
  if (!m) return s;
  return m[1] + m[2].replace(/\B(?=(\d{3})+$)/g, lang === "fr" ? "\u202f" : ",") + (m[3] || "");
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

// pct writes a probability to 0.1 % by decimal's rule, shifted rather than
// multiplied by 100, and never a possible outcome as 0 % nor a possible
// miss as 100 %: the twin of the engine's Percent, which the answers in
// words and the static figures use.
export function pct(x, lang) {
  const s = trimZeros(decimal(x, 2, 1));
  if (s === "0" && x > 0) return lang === "fr" ? "moins de 0,1\u202f%" : "less than 0.1%";
  if (s === "100" && x < 1) return lang === "fr" ? "plus de 99,9\u202f%" : "more than 99.9%";
  return lang === "fr" ? s.replace(".", ",") + "\u202f%" : s + "%";
}

export function formatFigure(v, format, t, lang, fraction) {
  switch (format) {
    case "pct": {
      let s = pct(v, lang);
      if (fraction && fraction !== "0" && fraction !== "1") s += " (" + fraction + ")";
      return s;
    }
    case "bool":
      return v ? t("calc.yes") : t("calc.no");
    case "enum":
      return v == null ? t("calc.none") : t("opt." + v);
    case "min":
      return num(v, lang) + " min";
    case "num":
      return numPrec(v, 1, lang);
    case "list":
      return Array.isArray(v) ? v.join(", ") : String(v);
    case "text":
      return String(v);
    default:
      return num(v, lang);
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
