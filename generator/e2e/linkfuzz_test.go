//go:build e2e

package e2e

import (
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/evanw/esbuild/pkg/api"
)

// linkBundle is theme/js/calcs/link.js as a global, LinkLib.
func linkBundle(t *testing.T) string {
	t.Helper()
	r := api.Build(api.BuildOptions{EntryPoints: []string{"../../theme/js/calcs/link.js"}, Bundle: true, Format: api.FormatIIFE, GlobalName: "LinkLib", Write: false})
	if len(r.Errors) > 0 || len(r.OutputFiles) != 1 {
		t.Fatalf("bundling link.js: %v", r.Errors)
	}
	return string(r.OutputFiles[0].Contents)
}

// linkFuzz runs, in the page, the calculators' URL-state decoder on links
// made from valid ones by random edits and on random text, for every
// calculator of the page, until the time is up. The decoder must never
// throw, must answer null (no state), false (a state the form cannot
// show) or values, and values must survive a round trip through the
// encoder. A seeded generator makes a failure reproducible: the message
// gives the seed and the link.
const linkFuzz = `((ms, seed) => {
  let s = seed >>> 0 || 1;
  const rnd = (n) => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s % n; };
  const alphabet = ",:%{}[]\"'+-.e0123456789abcdefghijklmnopqrstuvwxyz_&=#?\u00e9\u2212 ";
  const pick = (a) => a[rnd(a.length)];
  const calcs = [...document.querySelectorAll(".calc")].map((c) => {
    const form = c.querySelector(".calc-form");
    return { id: c.id, form, defaults: JSON.parse(form.dataset.values || "{}") };
  });
  const valid = calcs.map((c) => {
    const keys = [...c.form.querySelectorAll("[data-key]")].map((el) => el.dataset.key);
    return keys.map((k) => k + ":" + pick(["0", "1", "3", "50", "1.5", "-2", "true", "false", "torso", "plate", "1.2.3", "", "%20"]));
  });
  const mutate = (str) => {
    const a = Array.from(str);
    const n = 1 + rnd(4);
    for (let i = 0; i < n; i++) {
      const at = rnd(a.length + 1);
      switch (rnd(4)) {
        case 0: a.splice(at, 0, pick(alphabet)); break;
        case 1: a.splice(at, 1); break;
        case 2: a[at] = pick(alphabet); break;
        default: a.splice(at, 0, "%" + pick("0123456789ABCDEFGZ") + pick("0123456789ABCDEFGZ"));
      }
    }
    return a.join("");
  };
  // Key order does not matter to a state, nor a key set to undefined (an
  // optional field left empty).
  const canon = (x) => Array.isArray(x) ? "[" + x.map(canon).join(",") + "]" : x && typeof x === "object" ? "{" + Object.keys(x).filter((k) => x[k] !== undefined).sort().map((k) => JSON.stringify(k) + ":" + canon(x[k])).join(",") + "}" : JSON.stringify(x);
  const t0 = performance.now();
  let runs = 0, states = 0;
  while (performance.now() - t0 < ms) {
    const k = rnd(calcs.length);
    const c = calcs[k];
    let raw;
    switch (rnd(4)) {
      case 0: raw = valid[k].slice(0, 1 + rnd(4)).join(","); break;
      case 1: raw = mutate(valid[k].slice(0, 1 + rnd(4)).join(",")); break;
      case 2: raw = encodeURIComponent(mutate(JSON.stringify(c.defaults))); break;
      default: raw = Array.from({ length: rnd(40) }, () => pick(alphabet)).join("");
    }
    const search = "?" + (rnd(3) === 0 ? "q=x&" : "") + c.id + "=" + raw;
    let v;
    try {
      v = LinkLib.stateFromURL(search, c.id, c.form, c.defaults);
    } catch (e) {
      return { fail: "threw " + e + " on " + search, seed };
    }
    runs++;
    if (v === null || v === false) continue;
    if (typeof v !== "object") return { fail: "answered " + String(v) + " on " + search, seed };
    states++;
    const again = LinkLib.stateFromURL("?" + c.id + "=" + LinkLib.encodeState(c.form, v, c.defaults), c.id, c.form, c.defaults);
    if (canon(again) !== canon(v)) {
      return { fail: "round trip changed " + JSON.stringify(v) + " into " + JSON.stringify(again) + " (link " + search + ")", seed };
    }
  }
  return { runs, states, seed };
})`

// TestFuzzCalcLinks fuzzes the calculators' link decoder in the page for
// FUZZ_SECONDS seconds (3 by default; make fuzz-long sets 60).
func TestFuzzCalcLinks(t *testing.T) {
	secs := 3
	if s, err := strconv.Atoi(os.Getenv("FUZZ_SECONDS")); err == nil && s > 0 {
		secs = s
	}
	b := newBrowser(t, 1280, 900, false)
	var res struct {
		Fail         string
		Runs, States int
		Seed         int
	}
	seed := time.Now().UnixNano() & 0x7fffffff
	if s, err := strconv.Atoi(os.Getenv("FUZZ_SEED")); err == nil {
		seed = int64(s)
	}
	err := chromedp.Run(b.Ctx,
		chromedp.Navigate(baseURL+"/en/calculators/"),
		chromedp.WaitReady(".calc"),
		chromedp.Evaluate(linkBundle(t), nil),
		chromedp.Evaluate(linkFuzz+"("+strconv.Itoa(secs*1000)+", "+strconv.FormatInt(seed, 10)+")", &res),
	)
	if err != nil {
		t.Fatal(err)
	}
	if res.Fail != "" {
		t.Fatalf("seed %d (FUZZ_SEED=%d reproduces it): %s", res.Seed, res.Seed, res.Fail)
	}
	t.Logf("%d links in %d s, %d of them states the form shows (seed %d)", res.Runs, secs, res.States, res.Seed)
	if res.States == 0 || res.Runs < 1000 {
		t.Errorf("%d links, %d states: the fuzzer did not reach the decoder's paths", res.Runs, res.States)
	}
}
