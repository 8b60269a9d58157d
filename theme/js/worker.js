// worker.js runs the rules engine (WebAssembly) off the page's main thread:
// the largest dice expression takes seconds to enumerate, and on the main
// thread that froze the page (6.7 s of blocked page while typing
// 100d1000+100d1000). The page's first worker fetches and compiles the
// module (off the main thread) and sends the compiled module to the page;
// when a computation is superseded, the page ends its worker and starts
// another from that compiled module, which is how a running computation is
// cancelled.
//
// Messages in: {type: "init", url, priority}, {type: "init", bytes} (the
// single-file edition) or {type: "init", module},
// then {type: "run", id, name, input} where input is JSON text. Messages
// out: {type: "module", module} (after compiling from url), {type:
// "ready"}, {type: "failed", message}, and {id, text} or {id, out} (a big
// output, reduced here).

// Outputs longer than this are parsed and reduced here rather than on the
// page: JSON.parse of the 13 MB output of 100d1000+100d1000 alone is a
// 150 ms task.
const BIG = 200000;
// The most points a distribution keeps for the page: the plot draws at
// most 120 bars, and the values table only up to 60 rows.
const BINS = 120;

// The Go runtime's support script, bundled in (the build provides it from
// the Go toolchain): one request less before the engine can start.
import "wasm_exec.js";

let api = null;

self.onmessage = async (e) => {
  const m = e.data;
  if (m.type === "init") {
    try {
      const go = new self.Go();
      const ready = new Promise((resolve) => {
        self.__compendiumReady = resolve;
      });
      let module = m.module;
      if (!module) {
        module = await (m.bytes ? WebAssembly.compile(m.bytes) : compile(m.url, m.priority));
        self.postMessage({ type: "module", module });
      }
      const instance = await WebAssembly.instantiate(module, go.importObject);
      go.run(instance);
      api = await ready;
      self.postMessage({ type: "ready" });
    } catch (err) {
      self.postMessage({ type: "failed", message: String(err) });
    }
    return;
  }
  if (m.type !== "run") return;
  let text;
  try {
    text = api.calcJSON(m.name, m.input);
  } catch (err) {
    text = JSON.stringify({ error: { field: "", code: "internal", message: String(err), message_en: "internal error in the module", message_fr: "erreur interne du module" } });
  }
  if (text.length <= BIG) {
    self.postMessage({ id: m.id, text });
    return;
  }
  self.postMessage({ id: m.id, out: reduce(JSON.parse(text)) });
};

async function compile(url, priority) {
  // compileStreaming compiles while the bytes arrive; it needs the
  // application/wasm type, which some hosts do not send: fall back then.
  if (WebAssembly.compileStreaming) {
    try {
      return await WebAssembly.compileStreaming(fetch(url, { priority }));
    } catch (e) {
      /* fall through to the buffered path */
    }
  }
  const resp = await fetch(url);
  if (!resp.ok) throw new Error(url + ": " + resp.status);
  return WebAssembly.compile(await resp.arrayBuffer());
}

// reduce bins every long series of {value, p} points (a distribution and
// its "at least" line) to BINS points {value, value_hi, p}: a bin's p is
// the sum of its points' for a distribution, its first point's for an
// "at least" series (P(X ≥ its lowest value)).
function reduce(out) {
  for (const [k, v] of Object.entries(out)) {
    if (!Array.isArray(v) || v.length <= BINS || !v[0] || typeof v[0].value !== "number") continue;
    const size = Math.ceil(v.length / BINS);
    const cumulative = k === "at_least";
    const bins = [];
    for (let i = 0; i < v.length; i += size) {
      const last = Math.min(i + size, v.length) - 1;
      let p = 0;
      if (cumulative) p = v[i].p;
      else for (let j = i; j <= last; j++) p += v[j].p;
      bins.push({ value: v[i].value, value_hi: v[last].value_hi ?? v[last].value, p });
    }
    out[k] = bins;
    out[k + "_binned"] = true;
  }
  return out;
}
