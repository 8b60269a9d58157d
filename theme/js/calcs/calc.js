// The calculators' controller, on the pages that hold one (calcs.js runs
// it). Each .calc block (theme/layouts/calc.html) holds a form and the
// result of its values computed at build time; this module starts the
// engine (in a Web Worker, theme/js/shared/engine.js) when a calculator
// comes near the viewport or is touched, then at every change reads the
// form (form.js), says what is wrong under the field itself, marks the
// result out of date until the new one is there, draws it answer first
// (result.js), and keeps the changed inputs in a short URL. It holds the
// calculators' state (the engine's readiness, the peek) and installs
// document listeners when imported: the character page does not import it.
import { loadEngine, Superseded } from "../shared/engine.js";
import { hashID } from "../shared/hash.js";
import { get, percentText, set, parseNumber } from "./format.js";
import { fill, fmt, limits, t } from "../shared/page.js";
import { toast } from "../shared/toast.js";
import { encodeState, stateFromURL, withParam } from "./link.js";
import { characterOf, nameOf, saveCharacter } from "../shared/store.js";
import { addRow, clearErrors, forText, numberRows, readForm, showBoxError, showEngineError, showFieldError, updateVisibility, writeForm } from "./form.js";
import { loadFailed, writeAnswer, writeDetails } from "./result.js";
import { folded, initFolds, writeGist } from "./fold.js";

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
  writeGist(calc);
  updatePeek(calc);
}

// showResult draws out (whose engine output is text) in calc's result,
// the answer first: the peek follows it before the rest is drawn.
function showResult(calc, out, text) {
  const result = calc.querySelector(".calc-result");
  const live = result.querySelector(".calc-live");
  result.dataset.static = "false";
  result.dataset.output = text;
  writeAnswer(live, out);
  writeGist(calc);
  updatePeek(calc);
  writeDetails(calc, live, out, (el) => Math.round(widths.get(el) ?? el.clientWidth) || 640);
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
  const top = calc.querySelector(".calc-prefilled");
  if (top) top.hidden = true;
  const reset = calc.querySelector(".calc-reset");
  reset.hidden = false;
  if (!mine) {
    writeGist(calc);
    return;
  }
  // An empty field, an unticked box and an empty list are one value.
  const norm = (v) => JSON.stringify(v === undefined || v === null || v === false || v === "" || (Array.isArray(v) && !v.length) ? null : v);
  const same = (a) => Object.keys(calc._character.map).every((p) => norm(get(values, p)) === norm(get(a, p)));
  const defaults = JSON.parse(calc.querySelector(".calc-form").dataset.values || "{}");
  const mode = same(mine) ? "mine" : same(defaults) ? "defaults" : "edited";
  note.dataset.mode = mode;
  const name = nameOf(characterOf(calc._character.game));
  note.querySelector(".calc-character-text").textContent = mode === "mine" && name ? fill(t("calc.character.mine_named"), { name }) : t("calc.character." + mode);
  // The printed line names the character whose values these are.
  const forLine = calc.querySelector(".calc-for span");
  if (forLine && mode === "mine" && name) forLine.textContent = name + " — " + forText(calc.querySelector(".calc-form"));
  // Said at the top too, where the player first sees the character's
  // values in the fields: the note above sits after the whole form.
  if (top && mode === "mine") {
    top.querySelector(".calc-prefilled-text").textContent = name ? fill(t("calc.character.prefilled_named"), { name }) : t("calc.character.prefilled");
    top.hidden = false;
  }
  note.querySelector(".calc-character-switch").textContent = t(mode === "mine" ? "calc.reset" : "calc.character.use");
  // The note's switch is the way to the defaults then: one button, not two.
  reset.hidden = mode === "mine";
  writeGist(calc);
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
  // The top line's button: the defaults, as the note's switch gives them
  // (the note then offers the character back).
  calc.querySelector(".calc-prefilled-stop")?.addEventListener("click", () => {
    writeForm(form, defaults);
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

// visible returns the part of the layout viewport the reader sees, in
// its coordinates: smaller than it when an on-screen keyboard shrinks the
// visual viewport (Android) or the page is zoomed.
function visible() {
  const v = window.visualViewport;
  return v ? { top: v.offsetTop, bottom: v.offsetTop + v.height, height: v.height } : { top: 0, bottom: innerHeight, height: innerHeight };
}

// placePeek pins the peek to the bottom of what the reader sees, and keeps
// it under a third of it: fixed to the layout viewport alone, it sat under
// a keyboard that shrinks only the visual viewport, and its 30vh were
// taken of the whole layout viewport, not of what is left to see.
function placePeek() {
  const v = visible();
  peek.style.bottom = Math.max(0, innerHeight - v.bottom) + 8 + "px";
  peek.style.maxHeight = Math.floor(v.height * 0.3) + "px";
}

// nextControl returns the control the reader goes to after el, where the
// thumb goes next: the next one of its calculator that is shown.
function nextControl(el) {
  const all = [...el.closest(".calc").querySelectorAll("input, select")].filter((c) => c.getClientRects().length && !c.disabled);
  const i = all.indexOf(el);
  return i >= 0 ? all[i + 1] || null : null;
}

// clearPeek scrolls the page so that the peek covers neither the field
// being edited nor the next control, where the thumb goes after it (the
// first tap on "Dégâts des touches" used to land on the peek), and both
// stay within what the reader sees. It runs whenever one of them may have
// moved: the peek shown or grown, the visual viewport resized (the
// keyboard opening after the tap), the screen turned. Taps go through the
// peek (pointer-events: none), and scroll-padding keeps the browser's own
// scrolling to a focused field clear of it.
function clearPeek() {
  if (!peek || peek.hidden) return;
  placePeek();
  const v = visible();
  const h = peek.getBoundingClientRect();
  document.documentElement.style.setProperty("--peek-clear", Math.ceil(innerHeight - h.top + 8) + "px");
  const el = document.activeElement;
  if (!el || !el.matches("input, select") || !el.closest(".calc")) return;
  const field = (el.closest(".field, .cell") || el).getBoundingClientRect();
  const next = nextControl(el);
  const limit = h.top - 8;
  const top = v.top + 8;
  // The field first: its top stays in sight even when the next control
  // cannot fit under it too.
  let bottom = field.bottom;
  if (next) {
    const n = next.getBoundingClientRect();
    if (n.bottom - field.top <= limit - top) bottom = Math.max(bottom, n.bottom);
  }
  let by = 0;
  if (bottom > limit) by = Math.min(bottom - limit, field.top - top);
  if (field.top - by < top) by = field.top - top;
  if (Math.abs(by) >= 1) scrollBy({ top: by, behavior: "instant" });
}

function watchAnswer(calcs) {
  peek = document.createElement("div");
  peek.className = "calc-peek";
  peek.hidden = true;
  // The result region already speaks to screen readers.
  peek.setAttribute("aria-hidden", "true");
  document.body.appendChild(peek);
  // Whatever moves the peek or the fields clears them again: the answer
  // growing or shrinking the peek, the keyboard shrinking what is seen,
  // the screen turned. A scroll of the visual viewport (the reader's own,
  // or a zoom) only moves the peek with it.
  if ("ResizeObserver" in window) new ResizeObserver(() => clearPeek()).observe(peek);
  window.visualViewport?.addEventListener("resize", () => clearPeek());
  window.visualViewport?.addEventListener("scroll", () => {
    if (!peek.hidden) placePeek();
  });
  addEventListener("resize", () => clearPeek());
  addEventListener("orientationchange", () => clearPeek());
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
  // A folded calculator opens where the reader came for it, and starts
  // its engine once opened.
  initFolds(calcs, linked, start);
  watchAnswer(calcs);
  // A folded calculator whose answer in words is the static one (the
  // defaults') needs no engine until it is opened; one pre-filled from
  // the player's character needs it now, for its folded answer to be the
  // character's.
  const wanted = (c) => !folded(c) || c._fromCharacter;
  if (!("IntersectionObserver" in window)) {
    [...calcs].filter(wanted).forEach(start);
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
    else if (wanted(el) && (near(el) || (hash && (el.id === hash || section === hash)))) start(el);
  }
  // Near the viewport is enough: by the time the reader scrolls to it, the
  // result is live.
  const io = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (e.isIntersecting && wanted(e.target)) {
          io.unobserve(e.target);
          start(e.target);
        }
      }
    },
    { rootMargin: "200px 0px" },
  );
  calcs.forEach((c) => io.observe(c));
}

