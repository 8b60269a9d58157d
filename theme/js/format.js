// Number formats of the calculators, the twins of calcui's Go formatting so
// that the static result and the live one read the same.
export function num(x, lang) {
  return numPrec(x, 3, lang);
}

// numPrec is num with at most prec decimals: expectations are read to one.
export function numPrec(x, prec, lang) {
  if (typeof x !== "number" || !isFinite(x)) return "—";
  let s = x.toFixed(prec);
  if (s.includes(".")) s = s.replace(/0+$/, "").replace(/\.$/, "");
  if (s === "-0") s = "0";
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

export function pct(x, lang) {
  let s = (100 * x).toFixed(1).replace(/\.0$/, "");
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
