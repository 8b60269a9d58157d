// loadEngine starts the rules engine, once per page, and resolves to an
// Engine that runs calculators in a Web Worker (theme/js/worker/worker.js),
// so that no computation blocks the page. Nothing is fetched before the
// first call: pages without a calculator in view pay nothing. The promise lives
// on window because two bundles share it: boot.js, which a page with a
// calculator in its first screen runs as soon as it arrives, and calcs.js,
// which runs once the page is parsed.

// The rules the page was built with (the page data's "rules"): the
// worker's engine computes with them, not with the defaults compiled into
// it. Read at each run, not when the engine starts: boot.js starts it from
// <head>, before the page data at the end of the body is parsed.
import { rules } from "./page.js";

// A running computation older than this is ended when a newer input for the
// same calculator arrives; a younger one is let finish (starting a new
// worker costs about 20 ms, more than most computations).
const CANCEL_AFTER_MS = 40;

// Superseded is the rejection of a computation that a newer input replaced:
// callers ignore it.
export class Superseded extends Error {}

class Engine {
  // The first worker fetches and compiles the module itself and sends the
  // compiled module back: compiling on the page cost a 48 ms main-thread
  // task (v8.wasm.compileConsume, measured in a Lighthouse trace of the
  // calculators page); later workers (spares, replacements) start from
  // the page's copy of it.
  constructor(workerURL, wasmURL, priority) {
    this.workerURL = workerURL;
    this.wasmURL = wasmURL;
    this.priority = priority;
    this.module = null; // a promise of the compiled module, once a worker has compiled it
    this.current = null; // {key, id, started, resolve, reject}
    this.waiting = new Map(); // key → {name, input, resolve, reject}: the latest only
    this.seq = 0;
    this.failed = null; // called when a worker cannot start (loadEngine forgets this engine then)
  }

  // make starts a worker; its script (with the Go support script bundled
  // in) loads while the module compiles. Its promise resolves when the
  // engine in it is ready. The first worker learns the module's address
  // from its name and starts on its own (see worker.js). The script and
  // the module are hashed assets: the service worker answers them from the
  // copy first, and gives the network a deadline when the copy lacks them.
  make() {
    mark("engine:asked", performance.now());
    let worker;
    let channel = "";
    if (this.module) {
      worker = new Worker(this.workerURL);
      this.module.then((module) => worker.postMessage({ type: "init", module }), () => {});
    } else {
      this.module = new Promise((resolve) => {
        this.gotModule = resolve;
      });
      // The single-file edition carries the engine's bytes in the page: a
      // worker made from a blob there cannot fetch (compendium.html).
      if (window.__compendiumWasm) {
        worker = new Worker(this.workerURL);
        worker.postMessage({ type: "init", bytes: window.__compendiumWasm });
      } else {
        channel = "compendium-engine-" + Math.random().toString(36).slice(2);
        worker = new Worker(this.workerURL, { name: JSON.stringify({ url: this.wasmURL, priority: this.priority, size: this.size, channel }) });
      }
    }
    const ready = new Promise((resolve, reject) => {
      worker.onmessage = (e) => {
        const m = e.data;
        if (m.type === "progress") {
          // Two bundles share the engine (boot.js, calcs.js): an event on
          // the document reaches the calculators whichever started it.
          document.dispatchEvent(new CustomEvent("engine-progress", { detail: { got: m.got, size: m.size } }));
        } else if (m.type === "module") {
          this.haveModule = true;
          this.gotModule?.(m.module);
        } else if (m.type === "ready") {
          markStart(m.times);
          resolve();
        } else if (m.type === "failed") reject(new Error(m.message));
        else if (worker === this.worker) this.done(m);
      };
      worker.onerror = (e) => reject(new Error(e.message || "worker failed"));
    });
    ready.catch(() => {
      // A failed compile: the next worker compiles again (the network
      // may be back).
      if (!this.haveModule) this.module = null;
    });
    // A page's messages to a worker wait, in Chromium, until the page's
    // main thread has heard that the worker's script ran: while a long
    // page is parsed and laid out, that was 50 to 60 ms after the engine
    // was ready (docs/performance.md). A channel named in the worker's
    // name is not held so.
    if (channel && "BroadcastChannel" in window) worker.channel = new BroadcastChannel(channel);
    return { worker, ready };
  }

  // spawn makes the current worker: the spare one if it is there (started
  // while a long computation ran, so that cancelling it costs the page
  // nothing: creating a worker is a main-thread task of up to 30 ms).
  spawn() {
    const w = this.spare || this.make();
    this.spare = null;
    this.worker = w.worker;
    this.ready = w.ready;
    this.workerReady = false;
    this.warm = false;
    this.ready.then(
      () => {
        if (this.worker !== w.worker) return;
        this.workerReady = true;
        // A computation sent before the engine was ready has only just
        // begun.
        if (this.current) this.current.started = performance.now();
      },
      (err) => {
        if (this.worker !== w.worker) return;
        const c = this.current;
        this.current = null;
        if (c) c.reject(err);
        for (const job of this.waiting.values()) job.reject(err);
        this.waiting.clear();
        this.failed?.(err);
      },
    );
    return this.ready;
  }

  // run computes calculator name on input (JSON text) for key (one
  // calculator of the page). It resolves to {text, out}; a newer run for
  // the same key rejects this one with Superseded. ruleSet, when given,
  // is the rules' JSON text to compute with in place of the page's (the
  // changes page computes with the previous edition's too).
  run(key, name, input, ruleSet) {
    return new Promise((resolve, reject) => {
      const old = this.waiting.get(key);
      if (old) old.reject(new Superseded());
      this.waiting.set(key, { name, input, ruleSet, resolve, reject });
      const c = this.current;
      if (c && c.key === key && this.workerReady && performance.now() - c.started > CANCEL_AFTER_MS) {
        // The running computation is for an input the reader has already
        // changed: end it rather than queue behind it. (A worker still
        // starting is never ended: it is the one compiling the module.)
        this.worker.terminate();
        this.worker.channel?.close();
        this.current = null;
        c.reject(new Superseded());
        this.spawn();
      }
      this.pump();
    });
  }

  // pump sends the next waiting computation to the worker, without
  // waiting for the engine to be ready: the worker holds it until then,
  // which saves the page a round trip through its main thread (busy
  // laying out a long page at that moment).
  pump() {
    if (this.current || this.waiting.size === 0) return;
    const [key, job] = this.waiting.entries().next().value;
    this.waiting.delete(key);
    const id = ++this.seq;
    this.current = { key, id, started: performance.now(), resolve: job.resolve, reject: job.reject };
    mark("engine:sent", this.current.started);
    const msg = { type: "run", id, name: job.name, input: job.input, rules: job.ruleSet ?? rules() };
    // Both ways (see make): the channel's copy is lost when the worker
    // does not listen yet, and the worker takes a run once, the first copy
    // to arrive.
    this.worker.channel?.postMessage(msg);
    this.worker.postMessage(msg);
    // A computation still running after the cancel delay may be
    // superseded: have a spare worker ready, in a task of its own. Not for
    // a worker's first computation: it is slow because the engine's code
    // is compiled as it first runs (25 to 100 ms for the armour), and a
    // spare starting then takes the CPU it needs.
    setTimeout(() => {
      if (this.warm && this.current && this.current.id === id && !this.spare) this.spare = this.make();
    }, CANCEL_AFTER_MS);
  }

  done(m) {
    const c = this.current;
    if (!c || c.id !== m.id) return;
    mark("engine:first-answer", performance.now());
    if (m.times) markStart(m.times);
    this.current = null;
    this.warm = true;
    try {
      c.resolve(m.text !== undefined ? { text: m.text, out: JSON.parse(m.text) } : { text: "", out: m.out });
    } catch (e) {
      c.reject(e);
    }
    this.pump();
  }
}

// mark records a User Timing mark once per page: the first engine's start
// is what a reader waits for (BenchmarkFirstCalcResult reports these marks;
// DevTools shows them in its performance panel). Marks are a convenience:
// a browser without them, or with a mark refused, loses nothing else.
const marked = new Set();
function mark(name, at) {
  if (marked.has(name)) return;
  marked.add(name);
  try {
    performance.mark(name, { startTime: Math.max(0, at) });
  } catch {
    /* no User Timing Level 3 */
  }
}

// markStart turns a worker's start times (milliseconds since the Unix
// epoch, see worker.js) into marks in the page's clock.
function markStart(times) {
  if (!times) return;
  const origin = performance.timeOrigin;
  for (const step of ["start", "compiled", "instantiated", "ready", "received", "computed"]) if (times[step]) mark("engine:" + step, times[step] - origin);
}

// loadEngine's early option is boot.js's: the engine is fetched before the
// page is parsed, at low priority, so that on a slow network its half
// megabyte does not hold back the page's own text, style and script.
export function loadEngine({ early = false } = {}) {
  if (window.__compendiumEngine) return window.__compendiumEngine;
  // The URLs are on <html>: boot.js runs before <body> exists.
  const data = document.documentElement.dataset;
  const root = new URL(data.root || "./", location.href);
  const url = (p) => new URL(p, root).href;
  const engine = new Engine(url(data.worker), url(data.wasm), early ? "low" : "auto");
  engine.size = Number(data.wasmSize) || 0;
  // The engine is handed out at once: computations queue in the worker
  // while it starts, and a failure to start rejects them.
  engine.failed = () => {
    // A later touch may try again (the network came back).
    if (window.__compendiumEngine === p) window.__compendiumEngine = undefined;
  };
  engine.spawn().catch(() => {});
  const p = Promise.resolve(engine);
  window.__compendiumEngine = p;
  return p;
}
