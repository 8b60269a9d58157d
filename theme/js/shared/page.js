// The page data: what the build hands the scripts of a page with a
// calculator (generator/calcui's PageData, written by
// generator/pipeline/calcs.go into <div id="calc-strings" data-strings>):
//
//   {"strings": {key: text}, "rules": [value, …],
//    "limits": {rows, items, text, input}, "format": {decimal, group, …}}
//
// strings are the interface strings of the page's language; rules the
// values the content declares, which the worker's engine computes with;
// limits the engine's bounds on an input (wasm/engine's Max* constants),
// which the forms and the links check before the engine does; format how
// the language writes numbers (theme/i18n's format.* keys, for
// theme/js/calcs/format.js). Every script reads them here, through t,
// rules, limits and fmt, and nowhere else.

// PLAIN is the format of a page without data: the machine's own writing.
const PLAIN = { decimal: ".", group: ",", minus: "-", percent: "{n}%", colon: ": ", less_than: "less than {n}", more_than: "more than {n}", percent_range: "{lo}–{hi}%" };

let data = null;

// load reads the element once it is there: boot.js starts the engine from
// <head>, before the body (and the element, at its end) is parsed; what
// it asks then is asked again later, not remembered empty.
function load() {
  if (data) return data;
  const el = document.getElementById("calc-strings");
  if (!el) return {};
  try {
    data = JSON.parse(el.dataset.strings || "{}") || {};
  } catch {
    data = {};
  }
  return data;
}

// t returns the interface string key, or the key itself when the page
// lacks it.
export function t(k) {
  const s = load().strings;
  return s && k in s ? s[k] : k;
}

// fill puts the values of kv in the {name} places of a page string.
export const fill = (s, kv) => s.replace(/\{(\w+)\}/g, (m, k) => (k in kv ? kv[k] : m));

// rules returns the rules the page was built with, as the JSON text the
// engine reads, or "" (the engine's defaults) when the page has none.
export function rules() {
  const r = load().rules;
  return r ? JSON.stringify(r) : "";
}

// limits returns the engine's bounds on an input: rows (timed actions),
// items (a list's), text (a text field's characters), input (the JSON
// text's bytes). A page without data has none: Infinity each.
let lim = null;
export function limits() {
  if (lim) return lim;
  const l = { rows: Infinity, items: Infinity, text: Infinity, input: Infinity, ...load().limits };
  if (data) lim = l;
  return l;
}

// fmt returns how the page's language writes numbers.
let format = null;
export function fmt() {
  if (format) return format;
  const f = { ...PLAIN, ...load().format };
  if (data) format = f;
  return f;
}
