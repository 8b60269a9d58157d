// replaced says whether the host now serves another build of this page:
// true when the page at this address has another ID (<html data-build>,
// a hash of the page's bytes written by the build:
// generator/render/stamp.go), false when it has the same (this tab is
// that build's page, whichever build the host serves), null when it
// cannot tell (no network, no answer within ms, or a page without an
// ID). Asked when one of
// the tab's files fails (a deploy deletes the previous build's hashed
// assets) or before the tab uses a file that keeps its address from one
// build to the next (the search index): a tab reads only its own build's
// files, or says a new edition is there.
let known = null; // once true, true for the page's life
export async function replaced(ms = 20000) {
  if (known) return true;
  const mine = document.documentElement.dataset.build;
  if (!mine || /^0+$/.test(mine) || location.protocol === "file:") return null;
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), ms);
  try {
    // "no-cache": the host is asked, not the browser's cache; under the
    // offline copy's worker, the network first, then the copy.
    const r = await fetch(location.pathname, { credentials: "same-origin", cache: "no-cache", signal: ctl.signal });
    if (!r.ok || !r.body) return null;
    // The ID is on <html>, in the first bytes: the rest is not read.
    const reader = r.body.getReader();
    const dec = new TextDecoder();
    let head = "";
    while (head.length < 4096) {
      const { done, value } = await reader.read();
      if (done) break;
      head += dec.decode(value, { stream: true });
      if (/data-build="[^"]*"/.test(head)) break;
    }
    reader.cancel().catch(() => {});
    const m = head.match(/data-build="([^"]*)"/);
    if (!m) return null;
    known = m[1] !== mine;
    return known;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
