// The development server's script, added to every page it serves: it
// reloads the page after a rebuild, and shows a failed rebuild's problems
// over the page (the previous build stays beneath) until the content is
// mended. Served from /_live/, never published; no inline script or style:
// its look is /_live/overlay.css, linked inside a shadow root so that
// neither the page's styles nor the overlay's leak across.
(() => {
  "use strict";
  const words = {
    fr: {
      title: "La construction du site a échoué",
      count: (n) => (n === 1 ? "1 problème" : n + " problèmes"),
      beneath: "La page dessous est celle de la dernière construction réussie. Corrigez le fichier et enregistrez : la page se recharge d’elle-même.",
      line: "ligne",
      fix: "Correction : ",
      more: (n) => "… et " + n + (n === 1 ? " autre, dans le terminal." : " autres, dans le terminal."),
      hide: "Masquer",
      otherLang: "(message en anglais)",
    },
    en: {
      title: "The site's build failed",
      count: (n) => (n === 1 ? "1 problem" : n + " problems"),
      beneath: "The page beneath is the last good build's. Fix the file and save: the page reloads by itself.",
      line: "line",
      fix: "Fix: ",
      more: (n) => "… and " + n + (n === 1 ? " more, in the terminal." : " more, in the terminal."),
      hide: "Hide",
      otherLang: "(message in French)",
    },
  };
  const lang = (document.documentElement.lang || "").toLowerCase().startsWith("fr") ? "fr" : "en";
  const w = words[lang];
  let host = null;

  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  };

  // inLang returns the text of a message in the page's language, else in
  // English, else in whichever language it has, with that language.
  const inLang = (m) => {
    if (!m) return null;
    for (const l of [lang, "en", ...Object.keys(m)]) {
      if (m[l]) return { text: m[l], lang: l };
    }
    return null;
  };

  const hide = () => {
    if (host) host.remove();
    host = null;
  };

  const problem = (p) => {
    const li = el("li", "problem");
    if (p.file) {
      let where = p.file;
      if (p.line) where += ":" + p.line + (p.col ? ":" + p.col : "");
      li.append(el("p", "where", where));
    }
    const msg = inLang(p.message);
    if (msg) {
      const m = el("p", "message", msg.text);
      if (msg.lang !== lang) {
        m.lang = msg.lang;
        m.append(" ", el("span", "other-lang", w.otherLang));
      }
      li.append(m);
    }
    if (p.source !== undefined && p.source !== null && p.line) {
      const pre = el("pre", "source");
      const num = el("span", "number", String(p.line));
      num.setAttribute("aria-label", w.line + " " + p.line);
      const code = el("code", "", p.source);
      pre.append(num, code);
      if (p.col && p.col <= p.source.length + 1) {
        // A caret under the column: the spaces keep the line's tabs.
        const pad = p.source.slice(0, p.col - 1).replace(/[^\t]/g, " ");
        const caret = el("span", "caret", pad + "^");
        caret.setAttribute("aria-hidden", "true");
        pre.append("\n", el("span", "number", " ".repeat(String(p.line).length)), caret);
      }
      li.append(pre);
    }
    const fix = inLang(p.fix);
    if (fix) {
      const f = el("p", "fix");
      f.append(el("strong", "", w.fix), el("span", "", fix.text));
      if (fix.lang !== lang) f.lastChild.lang = fix.lang;
      li.append(f);
    }
    return li;
  };

  const show = (failure) => {
    hide();
    const problems = failure.problems || [];
    host = el("div");
    host.id = "compendium-build-failed";
    const root = host.attachShadow({ mode: "open" });
    const css = el("link");
    css.rel = "stylesheet";
    css.href = "/_live/overlay.css";
    const backdrop = el("div", "backdrop");
    // Shown once its style is there, never as bare text at the page's end.
    backdrop.hidden = true;
    css.addEventListener("load", () => (backdrop.hidden = false));
    css.addEventListener("error", () => (backdrop.hidden = false));
    const panel = el("section", "panel");
    panel.setAttribute("role", "alertdialog");
    panel.setAttribute("aria-modal", "true");
    panel.setAttribute("aria-labelledby", "compendium-failed-title");
    panel.setAttribute("aria-describedby", "compendium-failed-summary");
    panel.lang = lang;
    panel.tabIndex = -1;
    const head = el("div", "head");
    const title = el("h2", "title", w.title);
    title.id = "compendium-failed-title";
    const close = el("button", "close", w.hide);
    close.type = "button";
    close.addEventListener("click", hide);
    head.append(title, close);
    const count = problems.length + (failure.more || 0);
    const summary = el("p", "summary", w.count(count) + ". " + w.beneath);
    summary.id = "compendium-failed-summary";
    const list = el("ol", "problems");
    for (const p of problems) list.append(problem(p));
    panel.append(head, summary, list);
    if (failure.more) panel.append(el("p", "more", w.more(failure.more)));
    backdrop.append(panel);
    backdrop.addEventListener("click", (e) => {
      if (e.target === backdrop) hide();
    });
    panel.addEventListener("keydown", (e) => {
      if (e.key === "Escape") hide();
    });
    root.append(css, backdrop);
    document.body.append(host);
    css.addEventListener("load", () => panel.focus({ preventScroll: true }));
  };

  const es = new EventSource("/_live/events");
  es.addEventListener("reload", () => location.reload());
  es.addEventListener("failed", (e) => {
    let failure;
    try {
      failure = JSON.parse(e.data);
    } catch {
      failure = { problems: [{ message: { en: e.data } }] };
    }
    const lines = (failure.problems || []).map((p) => {
      const m = inLang(p.message);
      return (p.file ? p.file + (p.line ? ":" + p.line : "") + ": " : "") + (m ? m.text : "");
    });
    console.error("compendium: build failed\n" + lines.join("\n"));
    show(failure);
  });
})();
