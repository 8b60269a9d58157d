// Short links to a configured calculator. The query parameter named after
// the calculator (?calc-armor=…) keeps only what differs from the block's
// defaults, as key:value pairs separated by commas, each key the field's
// short name (data-key): armour with magic 3 and a plate torso is
// ?calc-armor=magic:3,torso:plate. List items are separated by ".", rows of
// timed actions by "~" (cells by "."), booleans are 1 and 0; values are
// percent-encoded, so "," and ":" inside a value (a dice expression) cannot
// be mistaken for separators. Links of the first version, the whole form
// as JSON (?calc-armor={"magic":3,…}), keep opening as they did.
import { get, set } from "./format.js";
import { limits } from "../shared/page.js";

// Bounds on what a link may hold, checked before anything is drawn: the
// engine's own (the page data's limits: timed actions, a list's items, a
// text's characters), and MAX_RAW, the link's, which no form's values
// reach (a URL of a few KB opens everywhere).
const MAX_RAW = 8000;

function fields(form) {
  return [...form.querySelectorAll("[data-path]")];
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

function subSpec(el) {
  return JSON.parse(el.dataset.sub || "[]");
}

function encodeValue(el, v) {
  switch (el.dataset.kind) {
    case "bool":
      return v ? "1" : "0";
    case "ints":
    case "enumset":
      return (v || []).join(".");
    case "events": {
      const sub = subSpec(el);
      return (v || []).map((row) => sub.map((c) => (c.kind === "bool" ? (row[c.path] ? "1" : "0") : row[c.path] ?? "")).join(".")).join("~");
    }
    default:
      return v === undefined || v === null ? "" : String(v);
  }
}

// encodeState returns the parameter's value for the form values, or "" when
// they are the defaults.
export function encodeState(form, values, defaults) {
  const parts = [];
  for (const el of fields(form)) {
    const v = get(values, el.dataset.path);
    if (same(v, get(defaults, el.dataset.path))) continue;
    parts.push(el.dataset.key + ":" + encodeURIComponent(encodeValue(el, v)));
  }
  return parts.join(",");
}

// isNum accepts what String(number) writes for a finite number (2e+40
// and 1e-7 included: the engine says they are out of range, the link keeps
// them).
const isNum = (s) => /^-?\d+(\.\d+)?(e[+-]\d+)?$/.test(s);

// decodeValue reads one field's value from a link, or throws.
function decodeValue(el, s) {
  const options = () => [...el.querySelectorAll("option, input[type=checkbox]")].map((o) => o.value);
  switch (el.dataset.kind) {
    case "bool":
      if (s !== "0" && s !== "1") throw new Error("bool");
      return s === "1";
    case "int":
    case "number":
    case "intenum":
      if (s === "" && el.dataset.optional) return undefined;
      if (!isNum(s)) throw new Error("number");
      return Number(s);
    case "enum":
      if (s === "" && el.dataset.optional) return undefined;
      if (!options().includes(s)) throw new Error("option");
      return s;
    case "enumset": {
      const l = s === "" ? [] : s.split(".");
      if (l.length > limits().items || l.some((x) => !options().includes(x))) throw new Error("options");
      return l;
    }
    case "ints": {
      const l = s === "" ? [] : s.split(".");
      if (l.length > limits().items || l.some((x) => !isNum(x))) throw new Error("list");
      return l.map(Number);
    }
    case "events": {
      const rows = s === "" ? [] : s.split("~");
      if (rows.length > limits().rows) throw new Error("rows");
      const sub = subSpec(el);
      return rows.map((r) => {
        const cells = r.split(".");
        if (cells.length !== sub.length) throw new Error("row");
        const row = {};
        sub.forEach((c, i) => {
          const x = cells[i];
          if (c.kind === "bool") {
            if (x !== "0" && x !== "1") throw new Error("bool");
            row[c.path] = x === "1";
          } else if (c.kind === "enum") {
            if (!c.options.includes(x)) throw new Error("option");
            row[c.path] = x;
          } else {
            if (!isNum(x)) throw new Error("number");
            row[c.path] = Number(x);
          }
        });
        return row;
      });
    }
    default:
      return s;
  }
}

// checkValue tells whether a value from a JSON link is one the field can
// show: the type its kind takes, an option it offers, a bounded list.
function checkValue(el, v) {
  const kind = el.dataset.kind;
  const options = () => [...el.querySelectorAll("option, input[type=checkbox]")].map((o) => o.value);
  const num = (x) => typeof x === "number" && isFinite(x);
  switch (kind) {
    case "bool":
      return typeof v === "boolean";
    case "int":
    case "number":
    case "intenum":
      return num(v);
    case "enum":
      return typeof v === "string" && (v === "" || options().includes(v));
    case "text":
      return typeof v === "string" && v.length <= limits().text;
    case "ints":
      // Whole numbers: a link joins a list's items with "." (3.3 would
      // come back as 3 and 3).
      return Array.isArray(v) && v.length <= limits().items && v.every((x) => Number.isInteger(x));
    case "enumset":
      return Array.isArray(v) && v.length <= limits().items && v.every((x) => options().includes(x));
    case "events": {
      if (!Array.isArray(v) || v.length > limits().rows) return false;
      const sub = subSpec(el);
      return v.every(
        (row) =>
          row && typeof row === "object" && !Array.isArray(row) &&
          Object.keys(row).every((k) => sub.some((c) => c.path === k)) &&
          sub.every((c) => row[c.path] === undefined || (c.kind === "bool" ? typeof row[c.path] === "boolean" : c.kind === "enum" ? c.options.includes(row[c.path]) : Number.isInteger(row[c.path]))),
      );
    }
  }
  return false;
}

// rawParam returns the undecoded value of the query parameter name, or null.
function rawParam(search, name) {
  for (const pair of search.replace(/^\?/, "").split("&")) {
    const i = pair.indexOf("=");
    if (i >= 0 && pair.slice(0, i) === name) return pair.slice(i + 1);
  }
  return null;
}

// stateFromURL returns the form values a link gives the calculator id
// (its defaults with the link's changes), null when the link has none, or
// false when what it holds is not a state the form can show.
export function stateFromURL(search, id, form, defaults) {
  const raw = rawParam(search, id);
  if (raw === null) return null;
  if (raw.length > MAX_RAW) return false;
  const values = JSON.parse(JSON.stringify(defaults));
  const byPath = new Map(fields(form).map((el) => [el.dataset.path, el]));
  try {
    const text = decodeURIComponent(raw.replace(/\+/g, " "));
    if (text.startsWith("{")) {
      // The first version's links: the whole form as JSON.
      const v = JSON.parse(text);
      if (!v || typeof v !== "object" || Array.isArray(v)) return false;
      let ok = true;
      const walk = (obj, prefix) => {
        for (const k of Object.keys(obj)) {
          const path = prefix ? prefix + "." + k : k;
          const el = byPath.get(path);
          const x = obj[k];
          if (el) {
            // null, or "" for a field that is not text, empties it (as a
            // short link's "key:" does).
            if (x === null || (x === "" && el.dataset.kind !== "text")) set(values, path, undefined);
            else if (checkValue(el, x)) set(values, path, x);
            else ok = false;
          } else if (x && typeof x === "object" && !Array.isArray(x) && [...byPath.keys()].some((p) => p.startsWith(path + "."))) {
            walk(x, path);
          } else ok = false;
        }
      };
      walk(v, "");
      return ok ? values : false;
    }
    const byKey = new Map(fields(form).map((el) => [el.dataset.key, el]));
    for (const part of raw.split(",")) {
      if (part === "") continue;
      const i = part.indexOf(":");
      if (i < 0) return false;
      const el = byKey.get(part.slice(0, i));
      if (!el) return false;
      set(values, el.dataset.path, decodeValue(el, decodeURIComponent(part.slice(i + 1))));
    }
    return values;
  } catch {
    return false;
  }
}

// withParam returns search with the parameter name set to value (raw, as
// encodeState wrote it) or removed when value is "", other parameters
// kept as they were written.
export function withParam(search, name, value) {
  const pairs = search.replace(/^\?/, "").split("&").filter((p) => p !== "" && p.split("=")[0] !== name);
  if (value !== "") pairs.push(name + "=" + value);
  return pairs.length ? "?" + pairs.join("&") : "";
}
