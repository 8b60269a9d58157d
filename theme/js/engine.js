// loadEngine fetches and starts the rules engine's WebAssembly module, once
// per page, and resolves to its API ({calc, list}). Nothing is fetched before
// the first call: pages without a calculator in view pay nothing.
let engine;

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
  if (engine) return engine;
  const body = document.body;
  const root = new URL(body.dataset.root || "./", location.href);
  const wasmURL = new URL(body.dataset.wasm, root).href;
  const execURL = new URL(body.dataset.wasmExec, root).href;
  engine = (async () => {
    // The module's bytes and the Go support script travel at the same time.
    const response = fetch(wasmURL);
    if (!window.Go) await loadScript(execURL);
    const go = new window.Go();
    const ready = new Promise((resolve) => {
      window.__compendiumReady = resolve;
    });
    const { instance } = await instantiate(wasmURL, response, go.importObject);
    go.run(instance);
    return ready;
  })();
  engine.catch(() => {
    engine = undefined; // a later touch may try again (the network came back)
  });
  return engine;
}
