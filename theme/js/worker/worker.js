// worker.js runs the rules engine (WebAssembly) off the page's main thread:
// the largest dice expression takes seconds to enumerate, and on the main
// thread that froze the page (6.7 s of blocked page while typing
// 100d1000+100d1000). The page's first worker fetches and compiles the
// module (off the main thread) and sends the compiled module to the page;
// when a computation is superseded, the page ends its worker and starts
// another from that compiled module, which is how a running computation is
// cancelled.
//
// Messages in: {type: "init", bytes} (the single-file edition) or {type:
// "init", module} (a later worker), unless the worker's name already says
// {url, priority} (the first one); then {type: "run", id, name, input,
// rules} where input and rules (the page's rule values) are JSON text, which may come before the engine is ready. Messages
// out: {type: "module", module} (after compiling from url), {type:
// "ready", times} (see times below), {type: "failed", message}, and {id,
// text} or {id, out} (a big output, reduced here).

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

// api is the module's exports once the Go program has started. Computations
// that arrive before (the page sends them without waiting, and may send
// one before the "init" of a later worker) wait in pending, in order.
let api = null;
let starting = false;
const pending = [];

// times holds when this worker reached each step of its start, in
// milliseconds since the Unix epoch (the page's clock and the worker's have
// different origins): the page turns them into User Timing marks
// (engine.js), which the first-result benchmark reports and DevTools shows.
// Measured with them (two runs of the benchmark, a rules page from the
// home page, the control's figure in brackets): the worker running 97–126
// ms after the page asked for it (65), the module compiled 217–274 ms
// later (114), Go's program ready 92–127 ms after instantiation (39), the
// first answer 41 ms after that (2): each step slowed by the page's own
// parsing and layout on the same two cores.
const times = { start: performance.timeOrigin + performance.now() };
const mark = (step) => (times[step] = performance.timeOrigin + performance.now());

// start compiles (or takes) the module and starts the Go program in it.
function start(m) {
  starting = true;
  (async () => {
    const go = new self.Go();
    let module = m.module;
    if (!module) {
      module = await (m.bytes ? WebAssembly.compile(m.bytes) : compile(m.url, m.priority, m.size));
      mark("compiled");
      self.postMessage({ type: "module", module });
    }
    const instance = await WebAssembly.instantiate(module, go.importObject);
    mark("instantiated");
    // run returns once the program has started and waits for calls
    // (wasm/main.go): its exports answer from then on.
    go.run(instance);
    if (go.exited) throw new Error("the engine's Go program exited");
    api = instance.exports;
    mark("ready");
  })().then(
    () => {
      self.postMessage({ type: "ready", times });
      for (const r of pending.splice(0)) run(r);
    },
    (err) => self.postMessage({ type: "failed", message: String(err) }),
  );
}

// The page's first worker is told the module's address in its name, so that
// it starts at once: an "init" message only arrives when the page's main
// thread is free to send it, and on a phone opening a long rules page that
// was 100 to 200 ms after the worker itself had started (measured in
// Chromium, worker and page marks in one clock).
if (self.name) {
  try {
    const first = JSON.parse(self.name);
    if (first && typeof first.url === "string") start(first);
    if (first && typeof first.channel === "string" && typeof BroadcastChannel === "function") new BroadcastChannel(first.channel).onmessage = (e) => self.onmessage(e);
  } catch (e) {
    /* a name that is not ours: wait for "init" */
  }
}

let lastRun = 0;
self.onmessage = (e) => {
  const m = e.data;
  if (m.type === "init") {
    if (!starting) start(m);
  } else if (m.type === "run") {
    // A run comes twice from the first page (engine.js): by its channel
    // and as a message; the first copy counts.
    if (m.id <= lastRun) return;
    lastRun = m.id;
    if (!times.received) mark("received");
    if (api) run(m);
    else pending.push(m);
  }
};

// run computes one calculator and posts its output.
function run(m) {
  let text;
  try {
    text = calcJSON(m.name, m.input, m.rules || "");
  } catch (err) {
    text = JSON.stringify({ error: { field: "", code: "internal", message: String(err), message_en: "internal error in the module", message_fr: "erreur interne du module" } });
  }
  // The first computation's times go with its answer: it waits for the
  // engine's code to compile as it runs, and the page marks when.
  let first;
  if (!times.computed) {
    mark("computed");
    first = times;
  }
  if (text.length <= BIG) {
    self.postMessage({ id: m.id, text, times: first });
    return;
  }
  self.postMessage({ id: m.id, out: reduce(JSON.parse(text)), times: first });
}

// How calcJSON tells the module its input came (wasm/calc.go): as JSON
// text, as a value whose JSON.stringify threw (the text is the
// exception's message) or gave undefined (the text is the value's type),
// or with a name that is not a string.
const INPUT_TEXT = 0;
const INPUT_THREW = 1;
const INPUT_UNDEFINED = 2;
const INPUT_MISSING = 3;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// calcJSON runs calculator name on input (JSON text, or a value that
// JSON.stringify writes) with rules (JSON text) in the module, and returns
// its output's JSON text. The strings cross through the module's memory
// (wasm/main.go): written one after the other into the request it
// allocates, the output read back before the next call. An input longer
// than the engine reads is cut one byte past its limit, which the engine
// then refuses with its own message, so that a megabytes-long text is
// never copied whole.
function calcJSON(name, input, rules) {
  let how = INPUT_TEXT;
  if (typeof name !== "string") how = INPUT_MISSING;
  else if (typeof input !== "string") {
    try {
      const text = JSON.stringify(input);
      if (text === undefined) [how, input] = [INPUT_UNDEFINED, typeof input];
      else input = text;
    } catch (err) {
      [how, input] = [INPUT_THREW, String(err && err.message !== undefined ? err.message : err)];
    }
  }
  const parts = [String(name), String(input), rules].map((s) => encoder.encode(s));
  const max = api.maxInput();
  if (parts[1].length > max + 1) parts[1] = parts[1].subarray(0, max + 1);
  const at = api.request(parts[0].length + parts[1].length + parts[2].length);
  let p = at;
  for (const b of parts) {
    new Uint8Array(api.mem.buffer, p, b.length).set(b);
    p += b.length;
  }
  const n = api.calc(how, parts[0].length, parts[1].length, parts[2].length);
  return decoder.decode(new Uint8Array(api.mem.buffer, api.output(), n));
}

async function compile(url, priority, size) {
  // No deadline here: this worker is the page's, so the service worker
  // answers its fetches, the engine from the copy first (theme/sw/sw.js).
  // compileStreaming compiles while the bytes arrive; it needs the
  // application/wasm type, which some hosts do not send: fall back then.
  if (WebAssembly.compileStreaming) {
    try {
      return await WebAssembly.compileStreaming(fetch(url, { priority }).then((resp) => counted(resp, size)));
    } catch (e) {
      /* fall through to the buffered path */
    }
  }
  const resp = await counted(await fetch(url), size);
  if (!resp.ok) throw new Error(url + ": " + resp.status);
  return WebAssembly.compile(await resp.arrayBuffer());
}

// counted passes the module's bytes through as they arrive, telling the
// page how far it is ({type: "progress", got}, at most every 200 ms): on
// one bar of signal the engine takes seconds, and a player would rather
// see "42 %" than a label that never changes. size is the module's size
// (the stream gives the bytes decoded, so a compressed Content-Length
// would not do); without it, or without streams, the response is as is.
function counted(resp, size) {
  if (!size || !resp.ok || !resp.body || typeof TransformStream === "undefined") return resp;
  let got = 0;
  let last = 0;
  const count = new TransformStream({
    transform(chunk, ctl) {
      got += chunk.byteLength;
      const now = performance.now();
      if (now - last >= 200) {
        last = now;
        self.postMessage({ type: "progress", got, size });
      }
      ctl.enqueue(chunk);
    },
  });
  return new Response(resp.body.pipeThrough(count), { status: resp.status, statusText: resp.statusText, headers: resp.headers });
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
