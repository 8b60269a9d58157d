// The section editor, which generator serve adds to the pages it serves
// when editing is on (generator/edit): an Edit button beside each section
// heading opens a dialog with the section's Markdown in each language side
// by side, checked by the server as the organiser types, saved into
// content/ only when the disk did not change since it was opened. Never
// published: the build has no such script. No inline style: its look is
// /_edit/editor.css. The words are the edit package's i18n files, which
// the server writes in place of WORDS.
(() => {
  "use strict";
  const WORDS = /*WORDS*/null;
  const meta = document.querySelector('meta[name="compendium-edit"]');
  if (!meta || !WORDS) return;
  const secret = meta.content;
  const codes = Object.keys(WORDS);
  const pageLang = (document.documentElement.lang || "").toLowerCase();
  const ui = codes.find((c) => pageLang.startsWith(c)) || codes.find((c) => WORDS[c].fallback) || codes[0];
  const w = WORDS[ui];
  const fill = (s, args) => s.replace(/\{([a-z]+)\}/g, (m, k) => (k in args ? String(args[k]) : m));
  const segs = location.pathname.split("/").filter(Boolean);
  const slug = segs.length ? decodeURIComponent(segs[segs.length - 1]).replace(/\.html$/, "") : "";
  if (!slug) return;
  const draftKey = (id) => "compendium-edit:" + slug + "#" + id;
  const landKey = "compendium-edit-land";
  // openKey marks, for this tab, the editor open on this page: a rebuild
  // (another program writing a file, a save in another tab) reloads the
  // page, and the editor opens again where it was, with its draft.
  const openKey = "compendium-edit-open";
  const readOpen = () => {
    try {
      const m = JSON.parse(sessionStorage.getItem(openKey) || "null");
      return m && m.path === location.pathname ? m : null;
    } catch (e) {
      return null;
    }
  };
  const writeOpen = (m) => {
    try {
      if (m) sessionStorage.setItem(openKey, JSON.stringify(Object.assign({ path: location.pathname }, m)));
      else sessionStorage.removeItem(openKey);
    } catch (e) {
      // Without it a reload closes the editor; the draft stays.
    }
  };

  const el = (tag, props, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(props || {})) {
      if (k === "class") e.className = v;
      else if (k === "text") e.textContent = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else if (v !== false && v !== undefined && v !== null) e.setAttribute(k, v === true ? "" : v);
    }
    e.append(...kids.filter((k) => k !== null && k !== undefined));
    return e;
  };

  const call = async (method, what, body, signal) => {
    const opts = { method, headers: { "X-Compendium-Edit": secret }, signal, credentials: "same-origin" };
    if (body) {
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    const r = await fetch("/_edit/" + what, opts);
    let data = null;
    try {
      data = await r.json();
    } catch (e) {
      data = null;
    }
    return { status: r.status, data };
  };

  const errorText = (res) => {
    const m = res.data && res.data.error;
    if (m) return fill(w.error, { msg: m[ui] || Object.values(m)[0] });
    return fill(w.error, { msg: String(res.status) });
  };

  const readDraft = (id) => {
    try {
      return JSON.parse(localStorage.getItem(draftKey(id)) || "null");
    } catch (e) {
      return null;
    }
  };
  const writeDraft = (id, d) => {
    try {
      if (d) localStorage.setItem(draftKey(id), JSON.stringify(d));
      else localStorage.removeItem(draftKey(id));
    } catch (e) {
      // Storage full or refused: the editor still works, without drafts.
    }
  };

  // values lists a text's rule values ({=key value}, [words]{=key value})
  // by key, the first declaration of each.
  const values = (text) => {
    const out = new Map();
    for (const m of text.matchAll(/\{=([A-Za-z0-9_.-]+)\s+([^}\s]+)\s*\}/g)) {
      if (!out.has(m[1])) out.set(m[1], m[2]);
    }
    return out;
  };

  // caretAt puts the caret of ta at line and column (from 1) of its text.
  const caretAt = (ta, line, col) => {
    const lines = ta.value.split("\n");
    let pos = 0;
    for (let i = 0; i < Math.min(line - 1, lines.length); i++) pos += lines[i].length + 1;
    const here = lines[Math.min(line - 1, lines.length - 1)] || "";
    pos += Math.min(Math.max((col || 1) - 1, 0), here.length);
    ta.focus();
    ta.setSelectionRange(pos, pos);
    // The line in view: its share of the text's height.
    ta.scrollTop = Math.max(0, ((line - 3) / Math.max(lines.length, 1)) * ta.scrollHeight);
  };

  let open = null; // the open editor

  // label names an Edit button: its visible words first, then the
  // section's title, for a screen reader's list of buttons.
  const label = (b, id) => {
    const text = readDraft(id) ? w.editDraft : w.edit;
    b.textContent = text;
    b.setAttribute("aria-label", fill(w.editLabel, { edit: text, title: b.dataset.title }));
  };

  // openEditor opens the editor on heading's section; resume is the
  // mark a reload left (its caret), when it opens again by itself.
  const openEditor = async (heading, button, resume) => {
    if (open) return;
    const id = heading.id;
    const title = (heading.querySelector(".heading-text") || heading).textContent.trim();
    const res = await call("GET", "section?doc=" + encodeURIComponent(slug) + "&id=" + encodeURIComponent(id));
    if (res.status !== 200) {
      button.title = errorText(res);
      return;
    }
    const state = { id, button, sides: res.data.sides, base: {}, hashes: {}, tas: {}, seq: 0, timer: 0, abort: null };
    for (const s of state.sides) {
      state.base[s.lang] = s.text;
      state.hashes[s.lang] = s.hash;
    }
    const status = el("p", { class: "cedit-status", role: "status", "aria-live": "polite" });
    const notice = el("p", { class: "cedit-notice", hidden: true });
    const conflict = el("div", { class: "cedit-conflict", hidden: true });
    const others = el("div", { class: "cedit-others", hidden: true });
    const cols = el("div", { class: "cedit-cols" });
    const dialog = el("dialog", { class: "cedit", "aria-labelledby": "cedit-title", lang: ui });
    state.dialog = dialog;
    state.status = status;

    for (const s of state.sides) {
      const taID = "cedit-text-" + s.lang;
      const ta = el("textarea", { id: taID, class: "cedit-text", lang: s.lang, spellcheck: "true", rows: "16", "aria-describedby": "cedit-where-" + s.lang + " cedit-state-" + s.lang });
      ta.value = s.text;
      state.tas[s.lang] = ta;
      let st = w.stateOriginal;
      if (s.state) {
        const orig = (w.origAdj && w.origAdj[s.orig]) || s.orig;
        st = fill(s.state === "current" ? (s.checked ? w.stateCurrent : w.stateCurrentNoDate) : s.state === "behind" ? w.stateBehind : w.stateUnchecked, { orig, date: s.checked || "" });
      }
      const col = el(
        "div",
        { class: "cedit-col", "data-lang": s.lang },
        el("label", { for: taID, class: "cedit-label", text: (w.langLabel && w.langLabel[s.lang]) || s.lang }),
        el("p", { class: "cedit-where", id: "cedit-where-" + s.lang, text: fill(w.where, { file: s.file, first: s.first, last: s.last }) }),
        el("p", { class: "cedit-state" + (s.state && s.state !== "current" ? " cedit-behind" : ""), id: "cedit-state-" + s.lang, text: st }),
        ta,
        el("div", { class: "cedit-offers" }),
        el("ul", { class: "cedit-problems", "aria-label": w.problems + " (" + ((w.langName && w.langName[s.lang]) || s.lang) + ")" }),
      );
      ta.addEventListener("input", () => changed(state));
      cols.append(col);
    }
    const saveBtn = el("button", { type: "button", class: "cedit-primary", text: w.save, onclick: () => save(state) });
    const markBtn = state.sides.some((s) => s.state) ? el("button", { type: "button", text: w.mark, onclick: () => mark(state) }) : null;
    const discardBtn = el("button", { type: "button", text: w.discard, onclick: () => discard(state) });
    const closeBtn = el("button", { type: "button", text: w.close, onclick: () => tryClose(state) });
    const confirm = el(
      "div",
      { class: "cedit-confirm", hidden: true },
      el("p", { text: w.confirmClose }),
      el("button", { type: "button", class: "cedit-primary", text: w.confirmYes, onclick: () => close(state) }),
      el("button", { type: "button", text: w.confirmNo, onclick: () => { confirm.hidden = true; (state.tas[state.sides[0].lang]).focus(); } }),
    );
    state.confirm = confirm;
    state.markBtn = markBtn;
    state.notice = notice;
    state.conflict = conflict;
    state.others = others;
    dialog.append(
      el("h2", { id: "cedit-title", class: "cedit-title", text: fill(w.title, { title }) }),
      notice,
      conflict,
      cols,
      others,
      status,
      el("div", { class: "cedit-actions" }, saveBtn, markBtn, discardBtn, closeBtn),
      confirm,
    );
    dialog.addEventListener("cancel", (e) => {
      e.preventDefault();
      tryClose(state);
    });
    document.body.append(dialog);
    open = state;

    const draft = readDraft(id);
    if (draft && draft.texts) {
      for (const [l, t] of Object.entries(draft.texts)) {
        if (state.tas[l]) state.tas[l].value = t;
      }
      // The draft was made against the files as they were then: a save
      // compares those with the disk, so that a change since is seen.
      Object.assign(state.hashes, draft.hashes || {});
      Object.assign(state.base, draft.base || {});
      notice.textContent = fill(w.draftRestored, { date: new Date(draft.at || Date.now()).toLocaleString(ui) });
      notice.hidden = false;
    }
    if (resume) {
      notice.textContent = w.reopened;
      notice.hidden = false;
    }
    dialog.showModal();
    const first = (resume && state.tas[resume.lang]) || state.tas[pageLang] || state.tas[ui] || state.tas[state.sides[0].lang];
    first.focus();
    if (resume && state.tas[resume.lang]) {
      const n = first.value.length;
      first.setSelectionRange(Math.min(resume.start || 0, n), Math.min(resume.end || 0, n));
      first.scrollTop = resume.scroll || 0;
    }
    writeOpen({ id });
    offers(state);
    check(state);
  };

  // texts are the edited sections, by language: a language left as it
  // was is not sent, so that a change on disk to it stays as it is.
  const texts = (state) => {
    const out = {};
    for (const s of state.sides) {
      if (state.tas[s.lang].value !== state.base[s.lang]) out[s.lang] = state.tas[s.lang].value;
    }
    return out;
  };
  const dirty = (state) => state.sides.some((s) => state.tas[s.lang].value !== state.base[s.lang]);

  const changed = (state) => {
    state.leaving = false;
    if (dirty(state)) writeDraft(state.id, { texts: texts(state), hashes: state.hashes, base: state.base, at: Date.now() });
    else writeDraft(state.id, null);
    offers(state);
    clearTimeout(state.timer);
    state.timer = setTimeout(() => check(state), 400);
  };

  // offers proposes, under each text, the values changed in another
  // language whose old value this one still has.
  const offers = (state) => {
    const now = {}, was = {};
    for (const s of state.sides) {
      now[s.lang] = values(state.tas[s.lang].value);
      was[s.lang] = values(state.base[s.lang]);
    }
    for (const s of state.sides) {
      const box = state.dialog.querySelector('.cedit-col[data-lang="' + s.lang + '"] .cedit-offers');
      box.replaceChildren();
      for (const o of state.sides) {
        if (o.lang === s.lang) continue;
        for (const [key, v] of now[o.lang]) {
          const old = was[o.lang].get(key);
          if (old === undefined || old === v || now[s.lang].get(key) !== old) continue;
          const lang = (w.langName && w.langName[s.lang]) || s.lang;
          box.append(
            el("button", {
              type: "button",
              class: "cedit-offer",
              text: fill(w.offer, { old, new: v, lang }),
              onclick: () => {
                const ta = state.tas[s.lang];
                const esc = key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
                ta.value = ta.value.replace(new RegExp("\\{=" + esc + "\\s+" + old.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "\\s*\\}", "g"), "{=" + key + " " + v + "}");
                changed(state);
                ta.focus();
              },
            }),
          );
        }
      }
    }
  };

  const showProblems = (state, data) => {
    const byLang = {};
    for (const p of data.problems || []) (byLang[p.lang] = byLang[p.lang] || []).push(p);
    for (const s of state.sides) {
      const ul = state.dialog.querySelector('.cedit-col[data-lang="' + s.lang + '"] .cedit-problems');
      ul.replaceChildren();
      for (const p of byLang[s.lang] || []) {
        const where = p.col ? fill(w.lineCol, { line: p.line, col: p.col }) : fill(w.line, { line: p.line });
        ul.append(
          el(
            "li",
            { class: p.warning ? "cedit-warning" : "cedit-error" },
            el("button", { type: "button", class: "cedit-goto", onclick: () => caretAt(state.tas[s.lang], p.line, p.col) }, el("span", { class: "cedit-at", text: where }), " ", (p.warning ? w.warning : "") + p.message),
          ),
        );
      }
    }
    state.others.replaceChildren();
    const rest = data.others || [];
    state.others.hidden = rest.length === 0;
    if (rest.length) {
      state.others.append(el("p", { text: w.others }), el("ul", {}, ...rest.map((p) => el("li", { class: "cedit-error", text: (p.file ? p.file + (p.line ? ":" + p.line : "") + " : " : "") + p.message }))));
    }
    const n = (data.problems || []).length + rest.length;
    let msg = n === 0 ? w.noProblem : n === 1 ? w.problemsOne : fill(w.problemsMany, { n });
    if (data.blocking > 0) msg += " " + w.blocking;
    return msg;
  };

  const check = async (state) => {
    const seq = ++state.seq;
    if (state.abort) state.abort.abort();
    state.abort = new AbortController();
    state.status.textContent = w.checking;
    try {
      const res = await call("POST", "check", { doc: slug, id: state.id, lang: ui, texts: texts(state) }, state.abort.signal);
      if (seq !== state.seq || open !== state) return;
      if (res.status !== 200) {
        state.status.textContent = errorText(res);
        return;
      }
      state.status.textContent = showProblems(state, res.data);
    } catch (e) {
      if (e.name !== "AbortError" && seq === state.seq) state.status.textContent = w.offline;
    }
  };

  const save = async (state) => {
    clearTimeout(state.timer);
    if (state.abort) state.abort.abort();
    state.seq++;
    state.status.textContent = w.saving;
    let res;
    try {
      res = await call("POST", "save", { doc: slug, id: state.id, lang: ui, texts: texts(state), hashes: state.hashes });
    } catch (e) {
      state.status.textContent = w.offline;
      return;
    }
    if (res.status === 409) return conflicted(state, res.data);
    if (res.status === 422) {
      state.status.textContent = w.refused + " " + showProblems(state, res.data);
      return;
    }
    if (res.status !== 200) {
      state.status.textContent = errorText(res);
      return;
    }
    writeDraft(state.id, null);
    state.conflict.hidden = true;
    state.notice.hidden = true;
    const wrote = res.data.written > 0;
    for (const s of res.data.sides || []) {
      state.base[s.lang] = state.tas[s.lang].value;
      state.hashes[s.lang] = s.hash;
    }
    showProblems(state, res.data);
    state.status.textContent = wrote ? w.saved : w.nothing;
    if (wrote) {
      // The rebuild's reload lands at the section, the editor closed:
      // the page shows what was saved.
      state.leaving = true;
      writeOpen(null);
      try {
        sessionStorage.setItem(landKey, state.id);
      } catch (e) {
        // Without it the page reloads where it was.
      }
      history.replaceState(null, "", "#" + state.id);
    }
  };

  // conflicted shows, for each language whose file changed on disk, the
  // disk's section beside the organiser's, who keeps theirs (and saves
  // over it, having seen it) or takes the disk's: neither is lost.
  const conflicted = (state, data) => {
    state.status.textContent = w.conflict;
    const box = state.conflict;
    box.replaceChildren(el("p", { class: "cedit-conflict-text", text: w.conflict }));
    for (const s of data.sides || []) {
      if (s.hash === state.hashes[s.lang]) continue;
      if (state.tas[s.lang] && state.tas[s.lang].value === state.base[s.lang]) {
        // Not edited here: the disk's version is taken as it is.
        state.tas[s.lang].value = state.base[s.lang] = s.text;
        state.hashes[s.lang] = s.hash;
        continue;
      }
      const lang = (w.langName && w.langName[s.lang]) || s.lang;
      const id = "cedit-disk-" + s.lang;
      const ta = el("textarea", { id, class: "cedit-text cedit-disk", lang: s.lang, readonly: true, rows: "8" });
      ta.value = s.text;
      box.append(
        el(
          "div",
          { class: "cedit-disk-side" },
          el("label", { for: id, text: fill(w.disk, { lang }) }),
          ta,
          el("button", {
            type: "button",
            text: w.takeDisk,
            onclick: () => {
              state.tas[s.lang].value = s.text;
              state.base[s.lang] = s.text;
              state.hashes[s.lang] = s.hash;
              finish();
            },
          }),
          el("button", {
            type: "button",
            class: "cedit-primary",
            text: w.keepMine,
            onclick: () => {
              state.hashes[s.lang] = s.hash;
              finish();
              save(state);
            },
          }),
        ),
      );
      function finish() {
        ta.parentElement.remove();
        if (!box.querySelector(".cedit-disk")) box.hidden = true;
        changed(state);
      }
    }
    box.hidden = false;
    // The disk's text opens at its first line that differs from the
    // organiser's.
    for (const ta of box.querySelectorAll("textarea")) {
      const a = ta.value.split("\n"), b = state.tas[ta.lang].value.split("\n");
      let i = 0;
      while (i < a.length && a[i] === b[i]) i++;
      caretAt(ta, i + 1, 1);
    }
    if (!box.contains(document.activeElement)) box.querySelector("button")?.focus();
  };

  const mark = async (state) => {
    if (dirty(state)) {
      state.status.textContent = w.markDirty;
      return;
    }
    const res = await call("POST", "mark", { doc: slug, id: state.id, lang: ui, hashes: state.hashes });
    if (res.status === 409) return conflicted(state, res.data);
    state.status.textContent = res.status === 200 ? w.marked : errorText(res);
    if (res.status === 200) {
      state.leaving = true;
      writeOpen(null);
      try {
        sessionStorage.setItem(landKey, state.id);
      } catch (e) {
        // Without it the page reloads where it was.
      }
    }
  };

  const discard = (state) => {
    for (const s of state.sides) state.tas[s.lang].value = state.base[s.lang];
    writeDraft(state.id, null);
    state.notice.hidden = true;
    changed(state);
    state.status.textContent = w.discarded;
  };

  const tryClose = (state) => {
    if (dirty(state) && state.confirm.hidden) {
      state.confirm.hidden = false;
      state.confirm.querySelector("button").focus();
      return;
    }
    close(state);
  };

  const close = (state) => {
    clearTimeout(state.timer);
    if (state.abort) state.abort.abort();
    state.dialog.close();
    state.dialog.remove();
    open = null;
    writeOpen(null);
    label(state.button, state.id);
    state.button.focus();
  };

  const start = async () => {
    const link = el("link", { rel: "stylesheet", href: "/_edit/editor.css" });
    document.head.append(link);
    let res;
    try {
      res = await call("GET", "doc?doc=" + encodeURIComponent(slug));
    } catch (e) {
      return;
    }
    if (res.status !== 200) return;
    const ids = new Set(res.data.ids || []);
    let land = null;
    try {
      land = sessionStorage.getItem(landKey);
      sessionStorage.removeItem(landKey);
    } catch (e) {
      land = null;
    }
    const resume = readOpen();
    let reopen = null;
    for (const h of document.querySelectorAll("main h2[id], main h3[id], main h4[id], main h5[id], main h6[id]")) {
      if (!ids.has(h.id) || h.querySelector(".cedit-open")) continue;
      const title = (h.querySelector(".heading-text") || h).textContent.trim();
      const b = el("button", { type: "button", class: "cedit-open" });
      b.dataset.title = title;
      label(b, h.id);
      b.addEventListener("click", () => openEditor(h, b));
      h.append(b);
      if (land === h.id) h.scrollIntoView();
      if (resume && resume.id === h.id) reopen = () => openEditor(h, b, resume);
    }
    if (reopen) reopen();
    else if (resume) writeOpen(null);
  };
  // A reload (the rebuild's) keeps the open editor's place: its section
  // and where the caret was.
  addEventListener("pagehide", () => {
    if (!open || open.leaving) return;
    const ta = document.activeElement;
    const lang = Object.keys(open.tas).find((l) => open.tas[l] === ta);
    writeOpen(lang ? { id: open.id, lang, start: ta.selectionStart, end: ta.selectionEnd, scroll: ta.scrollTop } : { id: open.id });
  });
  start();
})();
