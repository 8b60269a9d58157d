// Twin of generator/calcui: readForm is calcui.Form.EngineInput
// (input.go), forText is calcui's forLine and steps its steps (view.go);
// change one, change the other. TestCalculatorParity
// (generator/e2e/calc_test.go) and TestSingleFile
// (generator/e2e/single_test.go) hold readForm and EngineInput equal,
// TestStepsTwins (generator/e2e/twins_test.go) steps and forText. The
// numbers are theme/js/calcs/format.js's, the strings, limits and number
// format the page data's (theme/js/shared/page.js).
//
// The calculators in the pages. Each .calc block (theme/layouts/calc.html)
// holds a form and the result of its values computed at build time; this
// script starts the engine (in a Web Worker, theme/js/shared/engine.js)
// when a calculator comes near the viewport or is touched, then at every
// change reads the form as a person typed it, says what is wrong under the
// field itself, marks the result out of date until the new one is there,
// draws it answer first, and keeps the changed inputs in a short URL.
import { loadEngine, Superseded } from "../shared/engine.js";
import { replaced } from "../shared/edition.js";
import { hashID } from "../shared/hash.js";
import { exactTitle, fieldNumber, formatFigure, get, listText, percentText, set, parseNumber, parseWhole } from "./format.js";
import { fill, fmt, limits, t } from "../shared/page.js";
import { plot } from "./plot.js";
import { toast } from "../shared/toast.js";
import { dataTable } from "./table.js";
import { encodeState, stateFromURL, withParam } from "./link.js";
import { characterOf, saveCharacter } from "../shared/store.js";

// lang picks the engine's texts (its answers, steps and messages are in
// every language of the site): the page's, which every layout writes.
const lang = document.documentElement.lang;

// readNumber reads one text control: a number as people type it, checked
// against the field's bounds; errors are the field's own message.
function readNumber(el, kind) {
  const s = el.value.trim();
  if (s === "") return { empty: true };
  const scale = Number(el.dataset.scale || 1);
  let x = kind === "int" && scale === 1 ? parseWhole(s) : parseNumber(s, scale !== 1);
  if (!isFinite(x)) return { error: true };
  if (scale !== 1) x = Number((x / scale).toPrecision(12));
  if (kind === "int" && !Number.isInteger(x)) return { error: true };
  const min = el.dataset.min === undefined ? -Infinity : Number(el.dataset.min);
  const max = el.dataset.max === undefined ? Infinity : Number(el.dataset.max);
  if (x < min || x > max) return { error: true };
  return { value: x };
}

// readForm is the twin of calcui.Form.EngineInput: the shown fields only,
// empty optional fields left out, fields that only steer the form dropped.
// It returns the form values, the engine input, and the errors of the
// values it cannot read, each tied to its control.
export function readForm(form) {
  const values = {};
  const errors = [];
  const fields = form.querySelectorAll("[data-path]");
  for (const el of fields) {
    const path = el.dataset.path;
    const kind = el.dataset.kind;
    let v;
    switch (kind) {
      case "bool":
        v = el.checked;
        break;
      case "int":
      case "number": {
        const r = readNumber(el, kind);
        if (r.error) errors.push({ field: el, control: el, message: el.dataset.msg });
        else if (r.empty && !el.dataset.optional) errors.push({ field: el, control: el, message: el.dataset.msg });
        v = r.value;
        break;
      }
      case "intenum":
        v = el.value === "" ? undefined : Number(el.value);
        break;
      case "enum":
        v = el.value === "" ? undefined : el.value;
        break;
      case "ints": {
        const s = el.value.trim();
        if (s === "") break;
        const items = s.split(/[\s,;]+/).filter(Boolean);
        const min = Number(el.dataset.min), max = Number(el.dataset.max);
        v = [];
        items.forEach((it, i) => {
          const x = parseNumber(it, false);
          if (!Number.isInteger(x) || x < min || x > max) {
            if (!errors.some((e) => e.field === el)) errors.push({ field: el, control: el, message: fill(el.dataset.itemMsg || el.dataset.msg, { n: i + 1 }) });
          }
          v.push(x);
        });
        break;
      }
      case "enumset":
        v = [...el.querySelectorAll("input:checked")].map((i) => i.value);
        break;
      case "events":
        v = [...el.querySelectorAll(".events > li")].map((li, i) => {
          const row = {};
          for (const c of li.querySelectorAll("[data-sub-path]")) {
            const k = c.dataset.subPath;
            if (c.type === "checkbox") row[k] = c.checked;
            else if (c.tagName === "SELECT") row[k] = c.value;
            else {
              const r = readNumber(c, "int");
              if (r.error || r.empty) errors.push({ field: el, control: c, message: li.querySelector(".event-n").textContent + " — " + c.dataset.msg });
              row[k] = r.value;
            }
          }
          return row;
        });
        break;
      default:
        v = el.value;
    }
    if (v !== undefined) set(values, path, v);
  }
  const input = {};
  for (const el of fields) {
    const holder = el.closest("[data-when]") || el;
    if (el.dataset.uiOnly || !holds(holder.dataset.when, values)) continue;
    const v = get(values, el.dataset.path);
    if (v === undefined || v === "") continue;
    if (el.dataset.kind === "events" && v.length === 0) continue;
    set(input, el.dataset.path, v);
  }
  // An error in a field the form hides does not hold the result back.
  const shown = errors.filter((e) => holds((e.field.closest("[data-when]") || e.field).dataset.when, values));
  return { values, input, errors: shown };
}

function holds(when, values) {
  if (!when) return true;
  return when.split("&").every((c) => {
    const neg = c.includes("!=");
    const [k, want] = c.split(neg ? "!=" : "=");
    const got = get(values, k);
    const s = typeof got === "string" ? got : "";
    return (s === want) !== neg;
  });
}

// shownNumber writes an engine value as its field shows it: in percent
// for a percentage, as the static page writes it (format.js's
// fieldNumber).
function shownNumber(el, v) {
  if (typeof v !== "number") return "";
  return fieldNumber(v * Number(el.dataset.scale || 1), fmt());
}

// writeForm sets the controls from form values (defaults or a shared URL).
export function writeForm(form, values) {
  for (const el of form.querySelectorAll("[data-path]")) {
    const v = get(values, el.dataset.path);
    switch (el.dataset.kind) {
      case "bool":
        el.checked = v === true;
        break;
      case "enumset":
        for (const i of el.querySelectorAll("input")) i.checked = Array.isArray(v) && v.includes(i.value);
        break;
      case "ints":
        el.value = Array.isArray(v) ? listText(v, fmt()) : "";
        break;
      case "events":
        setRows(el, Array.isArray(v) ? v : []);
        break;
      case "int":
      case "number":
        el.value = shownNumber(el, v);
        break;
      default:
        el.value = v === undefined || v === null ? "" : String(v);
    }
  }
  updateVisibility(form);
}

function updateVisibility(form) {
  const { values } = readForm(form);
  for (const el of form.querySelectorAll("[data-when]")) el.hidden = !holds(el.dataset.when, values);
}

// Rows of timed actions (health calculators): clones of the theme's
// <template>, numbered from 1.
function addRow(field, row) {
  const list = field.querySelector(".events");
  const li = field.querySelector("template.event-template").content.firstElementChild.cloneNode(true);
  for (const c of li.querySelectorAll("[data-sub-path]")) {
    const v = row[c.dataset.subPath];
    if (c.type === "checkbox") c.checked = v === true;
    else if (c.tagName === "SELECT") {
      if (v !== undefined) c.value = v;
    } else c.value = typeof v === "number" ? fieldNumber(v, fmt()) : "";
  }
  list.appendChild(li);
  return li;
}

// numberRows gives every row its number, in its label and its ids.
function numberRows(field) {
  const base = field.querySelector(".events").closest(".calc").id;
  const fid = base + "-" + field.dataset.path.replace(/[._]/g, "-");
  field.querySelectorAll(".events > li").forEach((li, i) => {
    const n = String(i + 1);
    li.querySelector(".event-n").textContent = fill(field.dataset.rowLabel, { n });
    const rm = li.querySelector(".event-remove");
    rm.setAttribute("aria-label", fill(field.dataset.removeLabel || rm.getAttribute("aria-label"), { n }));
    for (const c of li.querySelectorAll("[data-sub-path]")) {
      const id = fid + "-" + n + "-" + c.dataset.subPath.replace(/_/g, "-");
      const label = c.parentElement.querySelector("label");
      c.id = id;
      if (label) label.htmlFor = id;
    }
  });
}

function setRows(field, rows) {
  field.querySelector(".events").replaceChildren();
  // The engine's limit on timed actions: rows beyond it are not drawn.
  for (const r of rows.slice(0, limits().rows)) addRow(field, r);
  numberRows(field);
}

// Errors: each under its field, tied to it; only an error that concerns no
// single field goes in the calculator's box.
export function clearErrors(calc) {
  for (const el of calc.querySelectorAll("[aria-invalid]")) {
    el.removeAttribute("aria-invalid");
    const ids = (el.getAttribute("aria-describedby") || "").split(" ").filter((id) => id && !id.endsWith("-error"));
    if (ids.length) el.setAttribute("aria-describedby", ids.join(" "));
    else el.removeAttribute("aria-describedby");
  }
  for (const p of calc.querySelectorAll(".field-error")) {
    p.hidden = true;
    p.textContent = "";
  }
  const box = calc.querySelector(".calc-error");
  box.hidden = true;
  box.textContent = "";
}

export function showFieldError(calc, fieldEl, control, message) {
  const holder = fieldEl.closest(".field") || fieldEl;
  const p = holder.querySelector(".field-error");
  if (!p) return showBoxError(calc, message);
  if (!p.hidden) p.textContent += " " + message;
  else p.textContent = message;
  p.hidden = false;
  for (const c of new Set([control, fieldEl])) {
    if (!c || !("value" in c || c.tagName === "FIELDSET")) continue;
    c.setAttribute("aria-invalid", "true");
    const ids = new Set((c.getAttribute("aria-describedby") || "").split(" ").filter(Boolean));
    ids.add(p.id);
    c.setAttribute("aria-describedby", [...ids].join(" "));
  }
}

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

function showBoxError(calc, message) {
  const box = calc.querySelector(".calc-error");
  box.textContent = message;
  box.hidden = false;
}

// showEngineError maps an error of the engine back to the form: "a.magic" to
// the first duellist's Magic, "hits[2]" to the third hit, "events[1].at" to
// the second action's minute; the message is the field's own, in the
// reader's words, and the engine's names never reach the page.
function showEngineError(calc, err) {
  const form = calc.querySelector(".calc-form");
  const m = /^([a-z_][a-z0-9_.]*?)(?:\[(\d+)\])?(?:\.([a-z_]+))?$/.exec(err.field || "");
  const el = m && form.querySelector(`[data-path="${CSS.escape(m[1])}"]`);
  const engineMsg = err["message_" + lang] || err.message || "";
  // The engine's message names the field first ("expr manque : ce doit
  // être…", "expr : « x » inattendu…"): the label takes the name's place,
  // so the message stays one sentence, with no second colon.
  const plain = (label) =>
    engineMsg.startsWith(err.field)
      ? label + engineMsg.slice(err.field.length)
      : label + fmt().colon + engineMsg.replace(/^[a-z_][\w.[\]]*\s*:?\s*/, "");
  if (!el) {
    showBoxError(calc, engineMsg.replace(/\b[a-z]+_[a-z_]+\b/g, "").trim() || t("calc.state.invalid"));
    return;
  }
  const label = (el.closest(".field")?.querySelector("label, legend")?.textContent || "").trim();
  // The field's own message says what is allowed; for a dice expression
  // the engine's says where it went wrong.
  const generic = ["missing", "type", "range", "enum", "integer"].includes(err.code) && el.dataset.kind !== "text";
  if (m[2] !== undefined && el.dataset.kind === "events") {
    const li = el.querySelectorAll(".events > li")[Number(m[2])];
    const cell = li && m[3] ? li.querySelector(`[data-sub-path="${CSS.escape(m[3])}"]`) : null;
    const rowLabel = li ? li.querySelector(".event-n").textContent : "";
    const msg = cell && generic && cell.dataset.msg ? cell.dataset.msg : plain(cell ? cell.parentElement.querySelector("label").textContent : label);
    showFieldError(calc, el, cell || el, rowLabel ? rowLabel + " — " + msg : msg);
  } else if (m[2] !== undefined && el.dataset.itemMsg) {
    showFieldError(calc, el, el, generic ? fill(el.dataset.itemMsg, { n: Number(m[2]) + 1 }) : plain(label));
  } else {
    showFieldError(calc, el, el, generic && el.dataset.msg ? el.dataset.msg : plain(label));
  }
}

// Result states: the result region says whether its figures match the
// inputs shown (ready), are being computed (loading) or cannot be because
// an input is wrong (invalid). CSS dims stale figures.
function setState(calc, state, reason) {
  const result = calc.querySelector(".calc-result");
  result.dataset.state = state;
  // Stale figures are dimmed at once when the wait is known to be long (an
  // input to correct, the engine still loading), else after 30 ms, so that
  // a computation of a few milliseconds does not flicker.
  clearTimeout(calc._staleTimer);
  if (state === "ready") result.removeAttribute("data-stale");
  else if (state === "invalid" || !engineReady) result.setAttribute("data-stale", "");
  else calc._staleTimer = setTimeout(() => result.setAttribute("data-stale", ""), 30);
  if (state === "loading") result.setAttribute("aria-busy", "true");
  else result.removeAttribute("aria-busy");
  const p = result.querySelector(".calc-state");
  p.textContent = reason || "";
  p.hidden = state === "ready";
  updatePeek(calc);
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

function showResult(calc, out, text) {
  const result = calc.querySelector(".calc-result");
  const live = result.querySelector(".calc-live");
  result.dataset.static = "false";
  result.dataset.output = text;
  // The answer's element stays (the peek watches it); its text changes.
  const a = answer(out.answer && out.answer[lang]);
  const old = live.querySelector(".calc-answer");
  if (old) old.replaceChildren(...a.childNodes);
  else live.prepend(a);
  updatePeek(calc);
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
  const svg = plot(calc.dataset.plot, out, t, fmt(), calc.dataset.calc, Math.round(widths.get(live) ?? live.clientWidth) || 640);
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

// widths holds each result's width as the browser last laid it out, which
// its plot is drawn to. Read as clientWidth after the result's figures were
// written, it made the browser lay out the whole page in the middle of the
// task that draws a result, then again for the frame (Long Animation Frames
// of the calculators page scrolled to the dice: forced style and layout of
// 6 to 37 ms in results' handlers of 24 to 81 ms). A ResizeObserver reports
// it after the frame's own layout.
const widths = new WeakMap();
const sizer = "ResizeObserver" in window ? new ResizeObserver((entries) => entries.forEach((e) => widths.set(e.target, e.target.clientWidth))) : null;

// onScreen asks the page where el is now, once per calculator (its first,
// quiet result). An IntersectionObserver's report can be a frame late: a
// plot drawn on a result that had just come into view moved the page
// opened at #casting (layout shift 0.037 at 1280 px).
function onScreen(el) {
  const r = el.getBoundingClientRect();
  return r.bottom > 0 && r.top < innerHeight;
}

// drawWhenHidden adds the plot of out once the result is off screen, where
// the space it takes moves nothing the reader sees (scroll anchoring keeps
// the text in place when it grows above the screen). Measured without it:
// layout shift 0.45 on the calculators page opened at a calculator.
// The reader's first tap or key anywhere draws it too: a layout change
// just after an input is the reader's doing, not a jump.
function drawWhenHidden(calc, out) {
  const result = calc.querySelector(".calc-result");
  const seq = calc._seq;
  const events = ["pointerdown", "keydown"];
  const draw = () => {
    io.disconnect();
    for (const ev of events) removeEventListener(ev, draw, true);
    if (seq === calc._seq) showResult(calc, out, result.dataset.output || "");
  };
  const io = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) draw();
  });
  io.observe(result);
  for (const ev of events) addEventListener(ev, draw, { capture: true, passive: true });
}

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

// The inputs live in the query string, one parameter per calculator (its
// id), holding only what differs from the defaults (theme/js/calcs/link.js).
function stateToURL(calc, values) {
  const form = calc.querySelector(".calc-form");
  const search = withParam(location.search, calc.id, encodeState(form, values, calc._defaults));
  history.replaceState(history.state, "", location.pathname + search + location.hash);
  return location.pathname + search;
}

// laterToURL writes the state once typing pauses. A link that leaves the
// page (the language switch) first sends "calc-flush", so that a state
// typed less than a pause ago still travels with it.
function laterToURL(calc, values) {
  clearTimeout(calc._urlTimer);
  calc._urlWrite = () => {
    calc._urlWrite = null;
    stateToURL(calc, values);
  };
  calc._urlTimer = setTimeout(calc._urlWrite, 250);
}

// The "engine-progress" listener says how much of the engine has arrived,
// in the badge of each calculator waiting for it: on one bar of signal the
// module takes ten seconds and more. Floored, so that 100 % means arrived.
document.addEventListener("engine-progress", (e) => {
  if (engineReady) return;
  const n = Math.min(99, Math.floor((100 * e.detail.got) / e.detail.size));
  const text = fill(t("calc.state.engine_progress"), { pct: percentText(String(n), fmt()) });
  for (const c of document.querySelectorAll(".calc[data-calc]")) {
    const r = c.querySelector(".calc-result");
    if (r.dataset.state !== "loading") continue;
    r.querySelector(".calc-state").textContent = text;
    updatePeek(c);
  }
});

document.addEventListener("calc-flush", () => {
  for (const c of document.querySelectorAll(".calc[data-calc]")) {
    if (!c._urlWrite) continue;
    clearTimeout(c._urlTimer);
    c._urlWrite();
  }
});

let engineReady = false;

// change reacts to an edit at once, before any computation: errors under
// their fields, and the result marked out of date.
// forText sums up what the form shows, field by field, for the printed
// calculator's "Computed for:" line (Go: calcui.forLine, which writes the
// defaults' line into the page).
export function forText(form) {
  const colon = fmt().colon;
  // A field's label, or its legend; the rows of timed actions have
  // neither: their group's legend names them (calcui's forLine).
  const labelOf = (el) =>
    (el.id && form.querySelector('label[for="' + el.id + '"]')?.textContent) ||
    (el.dataset.kind === "events" ? el.closest("fieldset") : el).querySelector(":scope > legend")?.textContent ||
    "";
  const parts = [];
  for (const el of form.querySelectorAll("[data-path][data-kind]")) {
    if (el.dataset.uiOnly || el.closest("[hidden]")) continue;
    const label = labelOf(el);
    let val = "";
    switch (el.dataset.kind) {
      case "bool":
        if (el.checked && label) parts.push(label);
        continue;
      case "enumset":
        val = [...el.querySelectorAll("input:checked")].map((i) => form.querySelector('label[for="' + i.id + '"]')?.textContent || i.value).join(", ");
        break;
      case "enum":
      case "intenum":
        if (el.selectedOptions[0] && el.value !== "") val = el.selectedOptions[0].textContent;
        break;
      case "events": {
        const n = el.querySelectorAll(".events > li").length;
        if (n) val = String(n);
        break;
      }
      default: {
        const unit = el.parentElement.querySelector(".unit");
        val = el.value.trim() + (el.value.trim() && unit ? "\u00a0" + unit.textContent : "");
      }
    }
    if (val) parts.push(label + colon + val);
  }
  return parts.join(" · ");
}

function change(calc, { fromUser, quiet }) {
  const form = calc.querySelector(".calc-form");
  updateVisibility(form);
  const forLine = calc.querySelector(".calc-for span");
  if (forLine) forLine.textContent = forText(form);
  const read = readForm(form);
  clearErrors(calc);
  showCharacter(calc, read.values);
  calc._seq = (calc._seq || 0) + 1;
  if (read.errors.length) {
    for (const e of read.errors) showFieldError(calc, e.field, e.control, e.message);
    setState(calc, "invalid", t("calc.state.invalid"));
    // The link follows the form, less the values in error: a link copied
    // now opens what the screen shows, the wrong value back to its
    // default, not the state before the edit.
    if (fromUser) {
      const values = JSON.parse(JSON.stringify(read.values));
      for (const e of read.errors) set(values, e.field.dataset.path, get(calc._defaults, e.field.dataset.path));
      laterToURL(calc, values);
    }
    return;
  }
  if (fromUser) {
    // history.replaceState takes up to 20 ms in Chromium: once typing
    // pauses, not at every key.
    laterToURL(calc, read.values);
  }
  // quiet: the figures shown already match these inputs (the static
  // result of the defaults), the computation only brings the plot.
  if (!quiet) setState(calc, "loading", engineReady ? t("calc.state.loading") : t("calc.state.engine"));
  compute(calc, read, calc._seq, quiet);
}

async function compute(calc, read, seq, quiet) {
  let engine, res;
  try {
    engine = await loadEngine();
    res = await engine.run(calc.id, calc.dataset.calc, JSON.stringify(read.input));
    engineReady = true;
  } catch (e) {
    if (e instanceof Superseded || seq !== calc._seq) return;
    setState(calc, "invalid", t("calc.load_failed"));
    calc.dataset.started = "";
    if ((await loadFailed(calc.querySelector(".calc-error"), t)) && seq === calc._seq) setState(calc, "invalid", t("calc.new_edition"));
    return;
  }
  if (seq !== calc._seq) return; // the reader has changed the form since
  const { out, text } = res;
  if (out && out.error) {
    showEngineError(calc, out.error);
    setState(calc, "invalid", t("calc.state.invalid"));
    return;
  }
  if (quiet && onScreen(calc.querySelector(".calc-result"))) {
    // The figures shown are already these (the static result of the same
    // engine); drawing the plot now would push the text the reader is on.
    // It comes when the result is off screen, or with the first change.
    const result = calc.querySelector(".calc-result");
    result.dataset.static = "false";
    result.dataset.output = text;
    drawWhenHidden(calc, out);
  } else showResult(calc, out, text);
  setState(calc, "ready", "");
}

function start(calc) {
  if (calc.dataset.started) return;
  calc.dataset.started = "true";
  const form = calc.querySelector(".calc-form");
  const defaults = JSON.parse(form.dataset.values || "{}");
  const shared = stateFromURL(location.search, calc.id, form, calc._defaults);
  if (shared === false) {
    // A link the form cannot show (bad values, unknown fields, too big):
    // the defaults, and say so.
    writeForm(form, defaults);
    change(calc, { fromUser: false });
    showBoxError(calc, t("calc.url_error"));
    calc._urlError = true;
    return;
  }
  if (shared) writeForm(form, shared);
  // A link's state wins over the character (wire wrote the character's
  // values only when the link has none for this calculator).
  change(calc, { fromUser: false, quiet: !shared && !calc._fromCharacter });
}

// The player's character (theme/js/shared/store.js): a calculator whose
// game has one starts from its values, says so, switches to the defaults
// and back in one tap, and saves what the player entered into it.
// form.dataset.character maps the calculator's field paths to the
// character's keys (calcui.CharacterMap).
function characterValues(calc) {
  const c = calc._character;
  const ch = c && characterOf(c.game);
  if (!ch) return null;
  const values = JSON.parse(calc.querySelector(".calc-form").dataset.values || "{}");
  let any = false;
  for (const [path, key] of Object.entries(c.map)) {
    const v = get(ch, key);
    if (v === undefined || v === null) continue;
    set(values, path, v);
    any = true;
  }
  return any ? values : null;
}

// showCharacter says which values the result is for: the character's (its
// fields as the character has them), the defaults, or the player's own.
function showCharacter(calc, values) {
  const note = calc.querySelector(".calc-character");
  if (!note || !calc._character) return;
  const mine = characterValues(calc);
  note.hidden = !mine;
  const reset = calc.querySelector(".calc-reset");
  reset.hidden = false;
  if (!mine) return;
  // An empty field, an unticked box and an empty list are one value.
  const norm = (v) => JSON.stringify(v === undefined || v === null || v === false || v === "" || (Array.isArray(v) && !v.length) ? null : v);
  const same = (a) => Object.keys(calc._character.map).every((p) => norm(get(values, p)) === norm(get(a, p)));
  const defaults = JSON.parse(calc.querySelector(".calc-form").dataset.values || "{}");
  const mode = same(mine) ? "mine" : same(defaults) ? "defaults" : "edited";
  note.dataset.mode = mode;
  note.querySelector(".calc-character-text").textContent = t("calc.character." + mode);
  note.querySelector(".calc-character-switch").textContent = t(mode === "mine" ? "calc.reset" : "calc.character.use");
  // The note's switch is the way to the defaults then: one button, not two.
  reset.hidden = mode === "mine";
}

function saveToCharacter(calc) {
  const c = calc._character;
  const read = readForm(calc.querySelector(".calc-form"));
  if (read.errors.length) return;
  const ch = characterOf(c.game) || {};
  for (const [path, key] of Object.entries(c.map)) {
    const v = get(read.values, path);
    const m = c.list && key.startsWith(c.list + ".0.") ? key.slice(c.list.length + 3) : null;
    if (m !== null) {
      // The calculator's spell is the character's first.
      if (!Array.isArray(ch[c.list])) ch[c.list] = [];
      if (!ch[c.list][0] || typeof ch[c.list][0] !== "object") ch[c.list][0] = { name: "" };
      if (v === undefined) delete ch[c.list][0][m];
      else ch[c.list][0][m] = v;
    } else if (v === undefined) set(ch, key, undefined);
    else set(ch, key, v);
  }
  const saved = saveCharacter(c.game, JSON.parse(JSON.stringify(ch)));
  // Refused (storage full or forbidden): said by the button, and kept
  // there until a save goes through; the toast alone would vanish.
  let note = calc.querySelector(".calc-save-error");
  if (!saved && !note) {
    note = document.createElement("p");
    note.className = "calc-save-error";
    note.setAttribute("role", "alert");
    calc.querySelector(".calc-actions").after(note);
  }
  if (note) {
    note.textContent = saved ? "" : t("calc.character.not_saved");
    note.hidden = saved;
  }
  if (saved) toast(t("calc.character.saved"));
  showCharacter(calc, read.values);
}

function wire(calc) {
  const form = calc.querySelector(".calc-form");
  // The state's badge sits just under the answer, over the figures it
  // says are out of date: at the top of the result it hid the answer's
  // first words (issue 34). Absolute with no offset, it takes the place
  // it would have in the flow and moves nothing.
  const answerEl = calc.querySelector(".calc-live .calc-answer");
  if (answerEl) answerEl.after(calc.querySelector(".calc-state"));
  sizer?.observe(calc.querySelector(".calc-live"));
  const defaults = JSON.parse(form.dataset.values || "{}");
  // Without JavaScript the fields are read-only; with it they come alive.
  form.querySelector(".calc-inputs").disabled = false;
  // The defaults as the form reads them (an unticked box is false, not
  // absent): a link holds only what differs from these.
  calc._defaults = readForm(form).values;
  try {
    calc._character = form.dataset.character ? JSON.parse(form.dataset.character) : null;
  } catch {
    calc._character = null;
  }
  if (calc._character && !new URLSearchParams(location.search).has(calc.id)) {
    const mine = characterValues(calc);
    if (mine) {
      // The figures shown are the defaults' until the engine has the
      // character's: out of date from the first paint the script makes.
      writeForm(form, mine);
      calc._fromCharacter = true;
      const forLine = calc.querySelector(".calc-for span");
      if (forLine) forLine.textContent = forText(form);
      showCharacter(calc, readForm(form).values);
      setState(calc, "loading", t("calc.state.engine"));
    }
  }
  const edited = () => {
    start(calc);
    change(calc, { fromUser: true });
  };
  form.addEventListener("input", edited);
  form.addEventListener("change", (e) => {
    // Text fields already reported their input; selects and checkboxes
    // report only a change.
    if (e.target.type === "text") return;
    edited();
  });
  form.addEventListener("submit", (e) => e.preventDefault());
  form.addEventListener("click", (e) => {
    const add = e.target.closest(".event-add");
    const rm = e.target.closest(".event-remove");
    if (add) {
      const field = add.closest(".field-events");
      const rows = field.querySelectorAll(".events > li");
      if (rows.length >= limits().rows) return;
      const last = rows.length ? parseNumber(rows[rows.length - 1].querySelector("input[inputmode]").value) || 0 : 0;
      const li = addRow(field, { at: last + 10 });
      numberRows(field);
      li.querySelector("input, select").focus();
      edited();
    } else if (rm) {
      const field = rm.closest(".field-events");
      const li = rm.closest("li");
      (li.nextElementSibling || li.previousElementSibling)?.querySelector(".event-remove")?.focus();
      li.remove();
      numberRows(field);
      if (!field.querySelector(".events > li")) field.querySelector(".event-add").focus();
      edited();
    } else if (e.target.closest(".calc-reset")) {
      writeForm(form, defaults);
      edited();
    } else if (e.target.closest(".calc-save-character")) {
      saveToCharacter(calc);
    } else if (e.target.closest(".calc-share")) {
      const read = readForm(form);
      const url = new URL(stateToURL(calc, read.values), location.href);
      url.hash = calc.id;
      navigator.clipboard?.writeText(url.href).then(
        () => toast(t("calc.link_copied")),
        () => {},
      );
    }
  });
  // The character's note sits by the result, outside the form.
  calc.querySelector(".calc-character-switch")?.addEventListener("click", () => {
    const mine = characterValues(calc);
    const toDefaults = calc.querySelector(".calc-character").dataset.mode === "mine";
    writeForm(form, toDefaults || !mine ? defaults : mine);
    edited();
  });
  // Touching a calculator loads the engine at once, before the observer.
  for (const ev of ["focusin", "pointerdown", "touchstart"]) calc.addEventListener(ev, () => start(calc), { once: true, passive: true });
}

// The peek: while an input of a calculator has focus and its answer is off
// screen (a phone, a long form), a compact copy of the answer stays at the
// bottom of the screen. Where inputs and result sit side by side, the
// answer is always in view and there is no peek.
let peek = null;
let focused = null;

function updatePeek(calc) {
  if (!peek || (calc && calc !== focused)) return;
  const c = focused;
  const a = c && c.querySelector(".calc-answer");
  const sideBySide = c && getComputedStyle(c.querySelector(".calc-body")).display === "grid";
  if (!c || !a || sideBySide || c.hasAttribute("data-answer-seen")) {
    peek.hidden = true;
    return;
  }
  const result = c.querySelector(".calc-result");
  // An answer for other inputs is no answer: while a value is wrong (or
  // the engine is still on its way) the peek says why there is none.
  const waiting = result.dataset.state === "invalid" || (result.dataset.state === "loading" && !engineReady);
  peek.textContent = waiting ? result.querySelector(".calc-state").textContent || a.textContent : a.textContent;
  peek.dataset.state = result.dataset.state;
  peek.dataset.for = c.id;
  const wasHidden = peek.hidden;
  peek.hidden = false;
  if (wasHidden) clearPeek();
}

// clearPeek scrolls the page so that the peek covers neither the field
// being edited nor the next one, where the thumb goes after it (the first
// tap on "Dégâts des touches" used to land on the peek). Taps go through
// the peek (pointer-events: none), and scroll-padding keeps the browser's
// own scrolling to a focused field clear of it.
function clearPeek() {
  const h = peek.getBoundingClientRect();
  document.documentElement.style.setProperty("--peek-clear", Math.ceil(innerHeight - h.top + 8) + "px");
  const el = document.activeElement;
  const field = el && el.closest(".field, .calc-form fieldset");
  if (!field) return;
  let next = field.nextElementSibling;
  while (next && (next.hidden || !next.getClientRects().length)) next = next.nextElementSibling;
  const bottom = Math.max(field.getBoundingClientRect().bottom, next ? Math.min(next.getBoundingClientRect().bottom, field.getBoundingClientRect().bottom + innerHeight / 3) : 0);
  const over = bottom - (h.top - 8);
  if (over > 0) scrollBy({ top: over, behavior: "instant" });
}

function watchAnswer(calcs) {
  peek = document.createElement("div");
  peek.className = "calc-peek";
  peek.hidden = true;
  // The result region already speaks to screen readers.
  peek.setAttribute("aria-hidden", "true");
  document.body.appendChild(peek);
  for (const c of calcs) {
    c.addEventListener("focusin", (e) => {
      if (!e.target.matches("input, select")) return;
      focused = c;
      document.documentElement.classList.add("calc-peeking");
      updatePeek(c);
      if (!peek.hidden) clearPeek();
    });
    c.addEventListener("focusout", (e) => {
      if (c.contains(e.relatedTarget)) return;
      focused = null;
      document.documentElement.classList.remove("calc-peeking");
      updatePeek(null);
    });
  }
  if (!("IntersectionObserver" in window)) return;
  // Seen means read: most of the answer on screen, not its first line.
  const io = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        const c = e.target.closest(".calc");
        c.toggleAttribute("data-answer-seen", e.isIntersecting);
        updatePeek(c);
      }
    },
    { threshold: 0.8 },
  );
  for (const c of calcs) {
    const a = c.querySelector(".calc-answer");
    if (a) io.observe(a);
  }
}

export function initCalculators() {
  const calcs = document.querySelectorAll(".calc[data-calc]");
  if (calcs.length === 0) return;
  for (const c of calcs) {
    wire(c);
    updateVisibility(c.querySelector(".calc-form"));
  }
  // A shared link's values differ from the static result's: out of date
  // until computed, and computed at once, wherever the calculator is on
  // the page: the reader came for it.
  const linked = [...calcs].filter((c) => new URLSearchParams(location.search).has(c.id));
  for (const c of linked) {
    setState(c, "loading", t("calc.state.engine"));
    start(c);
  }
  watchAnswer(calcs);
  if (!("IntersectionObserver" in window)) {
    calcs.forEach(start);
    return;
  }
  // A calculator already in view starts at once: the observer's first report
  // comes only after the first paint, 100 to 200 ms later on a long page.
  const near = (c) => {
    const r = c.getBoundingClientRect();
    return r.bottom > -200 && r.top < innerHeight + 200;
  };
  // The page may not have scrolled to its fragment yet: the calculator it
  // targets, or those of the section it targets, start at once too.
  const hash = hashID();
  let section = "";
  for (const el of document.querySelectorAll("h2[id], h3[id], h4[id], h5[id], .calc[data-calc]")) {
    if (!el.matches(".calc")) section = el.id;
    else if (near(el) || (hash && (el.id === hash || section === hash))) start(el);
  }
  // Near the viewport is enough: by the time the reader scrolls to it, the
  // result is live.
  const io = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (e.isIntersecting) {
          io.unobserve(e.target);
          start(e.target);
        }
      }
    },
    { rootMargin: "200px 0px" },
  );
  calcs.forEach((c) => io.observe(c));
}
