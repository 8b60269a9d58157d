// The calculators in the pages. Each <section class="calc"> holds a form
// rendered by the generator and a static result computed at build time with
// the same engine; this script loads the engine (WebAssembly) when a
// calculator comes near the viewport or is touched, then recomputes at every
// change, draws the result, and keeps the inputs in the URL.
import { loadEngine } from "./engine.js";
import { formatFigure, get, set } from "./format.js";
import { plot } from "./plot.js";
import { toast } from "./toast.js";
import { dataTable } from "./table.js";

const lang = document.documentElement.lang || "fr";
let strings = {};
const t = (k) => (k in strings ? strings[k] : k);

// readForm is the twin of calcui.Form.EngineInput: the shown fields only,
// empty optional fields left out, fields that only steer the form dropped.
// It returns the form values (all fields) and the engine input, or throws
// {path, message} for a field the browser cannot even read.
function readForm(form) {
  const values = {};
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
        const s = el.value.trim().replace(",", ".");
        if (s === "") v = undefined;
        else {
          v = Number(s);
          if (!isFinite(v)) throw { path, message: t("calc.number_error") };
        }
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
        if (s === "") v = undefined;
        else {
          v = s.split(/[\s,;]+/).filter(Boolean).map(Number);
          if (v.some((x) => !isFinite(x))) throw { path, message: t("calc.list_error") };
        }
        break;
      }
      case "enumset":
        v = [...el.querySelectorAll("input:checked")].map((i) => i.value);
        break;
      case "events":
        v = [...el.querySelectorAll("tbody tr")].map((tr) => {
          const row = {};
          for (const c of tr.querySelectorAll("[data-sub-path]")) {
            const k = c.dataset.subPath;
            if (c.type === "checkbox") row[k] = c.checked;
            else if (c.tagName === "SELECT") row[k] = c.value;
            else row[k] = c.value.trim() === "" ? undefined : Number(c.value);
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
  return { values, input };
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

// writeForm sets the controls from form values (defaults or a shared URL).
function writeForm(form, values) {
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
        el.value = Array.isArray(v) ? v.join(", ") : "";
        break;
      case "events":
        setRows(el, Array.isArray(v) ? v : []);
        break;
      default:
        el.value = v === undefined || v === null ? "" : String(v);
    }
  }
  updateVisibility(form);
}

function updateVisibility(form) {
  const { values } = safeRead(form);
  for (const el of form.querySelectorAll("[data-when]")) el.hidden = !holds(el.dataset.when, values);
}

function safeRead(form) {
  try {
    return readForm(form);
  } catch {
    return { values: {}, input: {} };
  }
}

// Rows of timed actions (health calculators).
function addRow(field, row) {
  const sub = JSON.parse(field.dataset.sub);
  const tbody = field.querySelector("tbody");
  const tr = document.createElement("tr");
  const n = tbody.rows.length;
  for (const c of sub) {
    const td = document.createElement("td");
    let el;
    if (c.kind === "bool") {
      el = document.createElement("input");
      el.type = "checkbox";
      el.checked = row[c.path] === true;
    } else if (c.kind === "enum") {
      el = document.createElement("select");
      for (const o of c.options) {
        const opt = document.createElement("option");
        opt.value = o;
        opt.textContent = t("opt." + o);
        el.appendChild(opt);
      }
      if (row[c.path]) el.value = row[c.path];
    } else {
      el = document.createElement("input");
      el.type = "number";
      el.inputMode = "numeric";
      el.min = c.min;
      el.max = c.max;
      el.step = 1;
      el.value = row[c.path] ?? "";
    }
    el.dataset.subPath = c.path;
    el.id = field.closest(".calc").id + "-row" + n + "-" + c.path;
    const head = field.querySelectorAll("thead th")[sub.indexOf(c)];
    el.setAttribute("aria-label", head ? head.textContent : c.path);
    td.appendChild(el);
    tr.appendChild(td);
  }
  const td = document.createElement("td");
  const rm = document.createElement("button");
  rm.type = "button";
  rm.className = "event-remove";
  rm.textContent = "×";
  rm.setAttribute("aria-label", field.dataset.removeLabel);
  td.appendChild(rm);
  tr.appendChild(td);
  tbody.appendChild(tr);
}

function setRows(field, rows) {
  field.querySelector("tbody").replaceChildren();
  for (const r of rows) addRow(field, r);
}

// The result: figures, plot, explanation steps, raw output.
// Outputs above this size (the distribution of 100d1000+100d1000 is 13 MB)
// are not copied into the page: the plot and figures say it all.
const BIG = 500000;

function showResult(calc, out, text) {
  const result = calc.querySelector(".calc-result");
  result.dataset.static = "false";
  result.dataset.output = text.length < BIG ? text : "";
  for (const div of result.querySelectorAll("[data-figure]")) {
    const v = get(out, div.dataset.figure);
    div.hidden = v === undefined;
    if (v !== undefined) {
      div.querySelector("dd").textContent = formatFigure(v, div.dataset.format, t, lang, get(out, div.dataset.figure + "_fraction"));
    }
  }
  for (const el of result.querySelectorAll(".calc-table, .calc-data, .calc-why, .calc-plot, .calc-raw")) el.remove();
  const svg = plot(calc.dataset.plot, out, t, lang, calc.dataset.calc, result.clientWidth || 640);
  const table = dataTable(calc.dataset.plot, out, t, lang);
  if (svg) {
    const fig = document.createElement("figure");
    fig.className = "calc-plot";
    fig.appendChild(svg);
    result.appendChild(fig);
    if (table) {
      // Under the plot, its values as a table, folded.
      const d = document.createElement("details");
      d.className = "calc-data";
      const s = document.createElement("summary");
      s.textContent = t("calc.values");
      d.append(s, table);
      result.appendChild(d);
    }
  } else if (table) {
    result.appendChild(table);
  }
  result.appendChild(steps(calc, out));
  const raw = document.createElement("details");
  raw.className = "calc-raw";
  const sum = document.createElement("summary");
  sum.textContent = t("calc.json");
  const pre = document.createElement("pre");
  pre.tabIndex = 0;
  // Written when opened: most readers never look, and a big output would
  // cost its formatting at every keystroke.
  raw.addEventListener("toggle", () => {
    if (raw.open && !pre.textContent) pre.textContent = text.length < BIG ? JSON.stringify(out, null, 2) : text.slice(0, BIG) + " …";
  });
  raw.append(sum, pre);
  result.appendChild(raw);
  const reading = calc.querySelector(".calc-reading");
  if (reading && out.reading && out.reading[lang]) reading.lastChild.textContent = " " + out.reading[lang];
}

function steps(calc, out) {
  const rules = JSON.parse(calc.querySelector(".calc-form").dataset.rules || "{}");
  const slug = location.pathname.split("/").filter(Boolean).pop();
  const details = document.createElement("details");
  details.className = "calc-why";
  details.open = true;
  const sum = document.createElement("summary");
  sum.textContent = t("calc.why");
  const ol = document.createElement("ol");
  ol.className = "calc-steps";
  for (const s of out.steps || []) {
    const li = document.createElement("li");
    li.textContent = s[lang] + " ";
    if (s.rule) {
      const a = document.createElement("a");
      a.className = "calc-rule";
      a.href = (s.doc === slug ? "" : "../" + s.doc + "/") + "#" + s.rule;
      a.textContent = "§\u202f" + (rules[s.doc + "#" + s.rule] || s.rule);
      li.appendChild(a);
    }
    ol.appendChild(li);
  }
  details.append(sum, ol);
  return details;
}

function showError(calc, err) {
  const box = calc.querySelector(".calc-error");
  const result = calc.querySelector(".calc-result");
  for (const el of calc.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
  if (!err) {
    box.textContent = "";
    box.hidden = true;
    delete result.dataset.error;
    return;
  }
  box.hidden = false;
  box.textContent = err.message;
  result.dataset.error = JSON.stringify(err);
  const base = (err.field || "").replace(/\[\d+\].*$/, "");
  const el = calc.querySelector(`[data-path="${CSS.escape(base)}"]`);
  if (el) el.setAttribute("aria-invalid", "true");
}

// The inputs live in the query string, one parameter per calculator (its
// id), so a configured calculator can be linked and reopens as it was.
function stateFromURL(calc) {
  const raw = new URLSearchParams(location.search).get(calc.id);
  if (raw === null) return null;
  try {
    const v = JSON.parse(raw);
    if (v && typeof v === "object" && !Array.isArray(v)) return v;
  } catch {
    /* reported below */
  }
  return false;
}

function stateToURL(calc, values) {
  const url = new URL(location.href);
  url.searchParams.set(calc.id, JSON.stringify(values));
  history.replaceState(history.state, "", url.pathname + url.search + url.hash);
  return url;
}

async function compute(calc, { fromUser }) {
  const form = calc.querySelector(".calc-form");
  updateVisibility(form);
  let read;
  try {
    read = readForm(form);
  } catch (e) {
    showError(calc, { field: e.path, message: e.path + " " + e.message });
    return;
  }
  const api = await loadEngine();
  const text = api.calcJSON(calc.dataset.calc, read.input);
  const out = JSON.parse(text);
  if (out && out.error) {
    showError(calc, { field: out.error.field, code: out.error.code, message: out.error["message_" + lang] || out.error.message });
    return;
  }
  showError(calc, null);
  showResult(calc, out, text);
  if (fromUser) stateToURL(calc, read.values);
}

async function start(calc) {
  if (calc.dataset.started) return;
  calc.dataset.started = "true";
  const form = calc.querySelector(".calc-form");
  const defaults = JSON.parse(form.dataset.values || "{}");
  const shared = stateFromURL(calc);
  if (shared) writeForm(form, shared);
  try {
    await loadEngine();
  } catch (e) {
    showError(calc, { message: t("calc.load_failed") });
    calc.dataset.started = "";
    return;
  }
  await compute(calc, { fromUser: false });
  // A bad or hostile value in a shared link: say so, and fall back to the
  // defaults rather than leave a broken form.
  if (shared === false || (shared && calc.querySelector(".calc-result").dataset.error)) {
    writeForm(form, defaults);
    await compute(calc, { fromUser: false });
    const box = calc.querySelector(".calc-error");
    box.hidden = false;
    box.textContent = t("calc.url_error");
  }
}

function wire(calc) {
  const form = calc.querySelector(".calc-form");
  const defaults = JSON.parse(form.dataset.values || "{}");
  const run = () => start(calc).then(() => compute(calc, { fromUser: true }));
  form.addEventListener("input", run);
  form.addEventListener("change", run);
  form.addEventListener("submit", (e) => e.preventDefault());
  form.addEventListener("click", (e) => {
    const add = e.target.closest(".event-add");
    const rm = e.target.closest(".event-remove");
    if (add) {
      const field = add.closest(".field-events");
      const rows = field.querySelectorAll("tbody tr");
      const last = rows.length ? Number(rows[rows.length - 1].querySelector("input[type=number]").value) || 0 : 0;
      addRow(field, { at: last + 10 });
      run();
    } else if (rm) {
      rm.closest("tr").remove();
      run();
    } else if (e.target.closest(".calc-reset")) {
      writeForm(form, defaults);
      run();
    } else if (e.target.closest(".calc-share")) {
      const { values } = safeRead(form);
      const url = stateToURL(calc, values);
      url.hash = calc.id;
      navigator.clipboard?.writeText(url.href).then(
        () => toast(t("calc.link_copied")),
        () => {},
      );
    }
  });
  // Touching a calculator loads the engine at once, before the observer.
  for (const ev of ["focusin", "pointerdown", "touchstart"]) calc.addEventListener(ev, () => start(calc), { once: true, passive: true });
}

export function initCalculators() {
  const calcs = document.querySelectorAll(".calc[data-calc]");
  if (calcs.length === 0) return;
  const el = document.getElementById("calc-strings");
  if (el) strings = JSON.parse(el.dataset.strings || "{}");
  for (const c of calcs) {
    wire(c);
    updateVisibility(c.querySelector(".calc-form"));
  }
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
  if ([...calcs].some(near)) loadEngine().catch(() => {});
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
