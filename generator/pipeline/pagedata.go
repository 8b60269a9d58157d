// The page data the scripts read: the interface strings a page with
// calculators needs, the rules its calculators compute with, the engine's
// limits and the language's number format, as one JSON (calcui.PageData).

package pipeline

import (
	"encoding/json"
	"strings"

	"compendium/generator/calcui"
	"compendium/generator/values"
)

// stringKeys are the interface strings every calculator script needs.
var stringKeys = []string{"calc.yes", "calc.no", "calc.none", "calc.why", "calc.plot", "calc.url_error",
	"calc.load_failed", "calc.new_edition", "calc.reload", "calc.link_copied", "calc.state.loading", "calc.state.engine", "calc.state.engine_progress", "calc.state.invalid", "calc.reset",
	"calc.character.saved", "calc.character.not_saved", "calc.character.mine", "calc.character.defaults", "calc.character.edited", "calc.character.use", "character.gone",
	"calc.character.mine_named", "calc.character.prefilled", "calc.character.prefilled_named"}

// strings returns the page data (calcui.PageData's JSON) of a page of
// lang with the named calculators: the strings the scripts need (their
// own labels, the options, the table heads and the plots' words, and the
// strings whose keys start with one of extra: the character page's own,
// sharing and the problems of a shared character), the rules, the
// engine's limits and the language's number format.
func (c *calcs) strings(lang string, names []string, extra ...string) string {
	keys := append([]string(nil), stringKeys...)
	prefixes := append([]string{"opt.", "calc.col.", "plot."}, extra...)
	for _, n := range names {
		prefixes = append(prefixes, "calc."+n+".")
	}
	for _, k := range c.theme.Keys(lang) {
		for _, p := range prefixes {
			if strings.HasPrefix(k, p) {
				keys = append(keys, k)
				break
			}
		}
	}
	rules := c.ruleSet().Rules
	// The rules travel in the page data, which every page with a
	// calculator carries, the single-file edition included: the page's
	// text and its calculators then come from one build, online, from the
	// offline copy or from disk (theme/js/shared/engine.js hands them to
	// the worker with each computation).
	return calcui.NewPageData(func(k string) string { return values.Fill(c.theme.T(lang, k), rules) }, keys, c.rulesJSON()).JSON()
}

// rulesJSON returns the rules the browser's engine computes with, as the
// array of numbers that engine.RulesFromValues reads: the page carries
// them (data-rules), so that its text and its calculators come from one
// build whether it is read online, from the offline copy or from disk.
func (c *calcs) rulesJSON() string {
	c.rulesOnce.Do(func() {
		b, _ := json.Marshal(c.ruleSet().Rules.Values())
		c.rulesText = string(b)
	})
	return c.rulesText
}
