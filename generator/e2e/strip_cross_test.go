//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

func init() {
	crossPhoneChecks["fold"] = foldCheck
	crossPhoneChecks["strip"] = stripCheck
}

// foldCheck is TestCalcFold's first part in Firefox and WebKit: in a
// rules page every calculator waits folded, in at most a third of the
// screen, with its answer in words, and a tap on its summary opens it.
func foldCheck(s *smoke) {
	s.open(s.base + "/fr/fantasy/")
	var l []foldState
	if err := s.poll(`document.readyState === "complete" && `+foldStatesJS, 10*time.Second, &l); err != nil {
		s.t.Fatalf("%s: %v", s.eng.Name(), err)
	}
	if len(l) < 2 {
		s.t.Fatalf("%s: %d calculators on fantasy", s.eng.Name(), len(l))
	}
	var h float64
	if err := s.eng.Eval(`innerHeight`, &h); err != nil {
		s.t.Fatal(err)
	}
	for _, st := range l {
		if st.Open || st.Body {
			s.t.Errorf("%s: %s open on arrival: %+v", s.eng.Name(), st.ID, st)
		}
		if st.Height > h/3 {
			s.t.Errorf("%s: %s folded is %.0f px tall, more than a third of the screen (%.0f)", s.eng.Name(), st.ID, st.Height, h/3)
		}
		if st.Gist == "" || st.Gist != st.Answer || !strings.HasPrefix(st.Name, "Calculateur") {
			s.t.Errorf("%s: %s folded reads %q, says %q, want the answer %q", s.eng.Name(), st.ID, st.Name, st.Gist, st.Answer)
		}
	}
	s.t.Logf("%s: the armour calculator folded is %.0f px tall", s.eng.Name(), l[0].Height)
	// The tap is not remembered: the other checks share the profile.
	var open bool
	err := s.eng.Eval(`(() => { document.querySelector("#calc-armor summary").click(); const o = document.querySelector("#calc-armor .calc-form").checkVisibility();
	  localStorage.removeItem("compendium.calc-open.v1"); return o; })()`, &open)
	if err != nil || !open {
		s.t.Errorf("%s: a tap on the armour's summary left its form hidden (%v)", s.eng.Name(), err)
	}
}

// stripCheck is TestCalcStripKeyboard at the phone's size in Firefox and
// WebKit, where the window cannot be shrunk mid-test: for each field of
// the armour calculator, focused low on the screen and given a value,
// then with the strip grown, the strip covers neither that field nor the
// next, and both are within what the reader sees. Headless Firefox's
// window never has the focus, and a field's focus() fires no focus
// event there: the check fires the focusin a phone's browser fires.
func stripCheck(s *smoke) {
	s.open(s.base + "/fr/fantasy/#calc-armor")
	var ids []string
	err := s.poll(`(() => { const r = document.querySelector("#calc-armor .calc-result");
	  return r && r.dataset.state === "ready" && r.dataset.static === "false" &&
	    [...document.querySelectorAll("#calc-armor .calc-form :is(input, select)")].filter((c) => c.getClientRects().length).map((c) => c.id); })()`,
		15*time.Second, &ids)
	if err != nil {
		s.t.Fatalf("%s: the armour calculator opened by its link computes nothing: %v", s.eng.Name(), err)
	}
	if len(ids) < 10 {
		s.t.Fatalf("%s: the armour calculator shows %d fields", s.eng.Name(), len(ids))
	}
	shown := 0
	for i, id := range ids {
		js := fmt.Sprintf(`(() => { const el = document.getElementById(%q); scrollBy(0, el.getBoundingClientRect().top - (innerHeight - 150));
		  el.focus({ preventScroll: true });
		  if (!document.hasFocus()) el.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
		  if (el.type === "checkbox") el.checked = !el.checked; else if (el.tagName === "SELECT") el.selectedIndex = (el.selectedIndex + 1) %% el.options.length; else el.value = "2";
		  el.dispatchEvent(new Event(el.type === "text" ? "input" : "change", { bubbles: true })); })()`, id)
		if err := s.eng.Eval(js, nil); err != nil {
			s.t.Fatal(err)
		}
		time.Sleep(500 * time.Millisecond)
		st := s.strip()
		if st.ID != id {
			s.t.Fatalf("%s: the focus is on %q, not %s", s.eng.Name(), st.ID, id)
		}
		st.check(s.t, fmt.Sprintf("%s: %s, typed into", s.eng.Name(), id))
		if st.Shown {
			shown++
		}
		if i%4 == 0 {
			if err := s.eng.Eval(`document.querySelector(".calc-peek").append(" " + "une réponse bien plus longue ".repeat(8))`, nil); err != nil {
				s.t.Fatal(err)
			}
			time.Sleep(300 * time.Millisecond)
			s.strip().check(s.t, fmt.Sprintf("%s: %s, the strip grown", s.eng.Name(), id))
		}
	}
	if shown < len(ids)/2 {
		s.t.Errorf("%s: the strip showed for %d of %d fields: the check looks at little", s.eng.Name(), shown, len(ids))
	}
	s.t.Logf("%s: %d fields typed into, the strip shown for %d", s.eng.Name(), len(ids), shown)
}

// strip reads stripStateJS.
func (s *smoke) strip() stripState {
	s.t.Helper()
	var raw json.RawMessage
	if err := s.eng.Eval(stripStateJS, &raw); err != nil {
		s.t.Fatal(err)
	}
	var st stripState
	if err := json.Unmarshal(raw, &st); err != nil {
		s.t.Fatal(err)
	}
	return st
}
