// loadEngine fetches and starts the rules engine's WebAssembly module, once
// per page, and resolves to its API ({calc, list}). Nothing is fetched before
// the first call: pages without a calculator in view pay nothing. The
// promise lives on window because two bundles share it: boot.js, which a page
// with a calculator in its first screen runs as soon as it arrives, and
// main.js, which runs once the page is parsed.

function loadScript(src) {
  return new Promise((resolve, reject) => {
    const s = document.createElement("script");
    s.src = src;
    s.onload = resolve;
    s.onerror = () => reject(new Error("cannot load " + src));
    document.head.appendChild(s);
  });
}

async function instantiate(url, response, imports) {
  // instantiateStreaming compiles while the bytes arrive; it needs the
  // application/wasm type, which some hosts do not send: fall back then.
  if (WebAssembly.instantiateStreaming) {
    try {
      return await WebAssembly.instantiateStreaming(response, imports);
    } catch (e) {
      /* fall through to the buffered path */
    }
  }
  const resp = await fetch(url);
  if (!resp.ok) throw new Error(url + ": " + resp.status);
  return WebAssembly.instantiate(await resp.arrayBuffer(), imports);
}

export function loadEngine() {
  if (window.__compendiumEngine) return window.__compendiumEngine;
  // The URLs are on <html>: boot.js runs before <body> exists.
  const data = document.documentElement.dataset;
  const root = new URL(data.root || "./", location.href);
  const wasmURL = new URL(data.wasm, root).href;
  const execURL = new URL(data.wasmExec, root).href;
  const engine = (async () => {
    // The module's bytes and the Go support script travel at the same time.
    const response = fetch(wasmURL);
    if (!window.Go) await loadScript(execURL);
    const go = new window.Go();
    const ready = new Promise((resolve) => {
      window.__compendiumReady = (api) => {
        // The module answers JSON text: one crossing of the boundary
        // instead of one per value. calc gives the object.
        api.calc = (name, input) => JSON.parse(api.calcJSON(name, input));
        resolve(api);
      };
    });
    const { instance } = await instantiate(wasmURL, response, go.importObject);
    go.run(instance);
    return ready;
  })();
  window.__compendiumEngine = engine;
  engine.catch(() => {
    window.__compendiumEngine = undefined; // a later touch may try again (the network came back)
  });
  return engine;
}
