// Twin of generator/calcui for the form: readForm is
// calcui.Form.EngineInput (input.go) and forText calcui's forLine
// (view.go); change one, change the other. TestCalculatorParity
// (generator/e2e/calc_test.go) and TestSingleFile
// (generator/e2e/single_test.go) hold readForm and EngineInput equal,
// TestStepsTwins (generator/e2e/twins_test.go) forText and forLine.
//
// The calculator's form: reading it as a person typed it (readForm), writing
// values into it (writeForm), its rows of timed actions, which fields show,
// and the errors said under their fields. It holds no state and installs no
// listener: the character page imports it for its own fields, which are the
// calculators' (theme/js/character/character.js), without the calculators'
// controller (calc.js).
import { fieldNumber, get, listText, set, parseNumber, parseWhole } from "./format.js";
import { fill, fmt, limits, t } from "../shared/page.js";

// lang picks the engine's messages (they are in every language of the
// site).
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

// updateVisibility shows the fields whose condition (data-when) the form's
// values meet, and hides the others.
export function updateVisibility(form) {
  const { values } = readForm(form);
  for (const el of form.querySelectorAll("[data-when]")) el.hidden = !holds(el.dataset.when, values);
}

// Rows of timed actions (health calculators): clones of the theme's
// <template>, numbered from 1.
export function addRow(field, row) {
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
export function numberRows(field) {
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

// showBoxError says in the calculator's box an error that concerns no
// single field.
export function showBoxError(calc, message) {
  const box = calc.querySelector(".calc-error");
  box.textContent = message;
  box.hidden = false;
}

// showEngineError maps an error of the engine back to the form: "a.magic" to
// the first duellist's Magic, "hits[2]" to the third hit, "events[1].at" to
// the second action's minute; the message is the field's own, in the
// reader's words, and the engine's names never reach the page.
export function showEngineError(calc, err) {
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
