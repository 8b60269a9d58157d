// initMissingSection answers a link to a section that does not exist (any
// more) on a rules page: instead of landing silently at the top, the reader
// sees a notice with the closest section IDs and a search for the words of
// the one they asked for. The notice is fixed at the bottom of the screen,
// so the text does not move (no layout shift).
export function initMissingSection() {
  const main = document.querySelector("main.doc[data-missing]");
  if (!main) return;
  let notice = null;
  const check = () => {
    notice?.remove();
    notice = null;
    const raw = location.hash.slice(1);
    if (!raw) return;
    let id = raw;
    try {
      id = decodeURIComponent(raw);
    } catch {
      /* a malformed escape: look it up as typed */
    }
    if (document.getElementById(id)) return;
    notice = render(main, id);
    document.body.append(notice);
  };
  check();
  window.addEventListener("hashchange", check);
}

function render(main, id) {
  const d = main.dataset;
  const box = document.createElement("aside");
  box.className = "missing-section";
  box.setAttribute("role", "status");
  const p = document.createElement("p");
  p.textContent = d.missing.replace("{id}", id);
  box.append(p);
  const near = closest(main, id, 3);
  if (near.length > 0) {
    const label = document.createElement("p");
    label.textContent = d.missingNear;
    const ul = document.createElement("ul");
    for (const h of near) {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = "#" + h.id;
      a.textContent = (h.querySelector(".heading-text") || h).textContent.trim() + " (#" + h.id + ")";
      li.append(a);
      ul.append(li);
    }
    box.append(label, ul);
  }
  const search = document.createElement("a");
  search.className = "button";
  search.href = "../?q=" + encodeURIComponent(id.replace(/[-_]+/g, " "));
  search.textContent = d.missingSearch.replace("{q}", id.replace(/[-_]+/g, " "));
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = d.missingClose;
  close.addEventListener("click", () => box.remove());
  const actions = document.createElement("p");
  actions.className = "missing-actions";
  actions.append(search, close);
  box.append(actions);
  return box;
}

// closest returns the n headings whose IDs are nearest to id: edit distance,
// with a bonus when one contains the other ("armour" → "armor",
// "heal" → "healing").
function closest(main, id, n) {
  const want = id.toLowerCase();
  const scored = [...main.querySelectorAll("h2[id], h3[id], h4[id], h5[id], h6[id]")].map((h) => {
    let s = distance(want, h.id);
    if (h.id.includes(want) || want.includes(h.id)) s -= 2;
    return { h, s };
  });
  const limit = Math.max(3, Math.ceil(want.length / 2));
  return scored
    .filter((x) => x.s <= limit)
    .sort((a, b) => a.s - b.s)
    .slice(0, n)
    .map((x) => x.h);
}

// distance is the Levenshtein distance between a and b.
function distance(a, b) {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}
