package markdown

import (
	"html"
	"regexp"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"compendium/wasm/engine"
)

// A rule value declares, where the rule states it, a number that the
// calculators compute with, so that the text and the calculators can never
// say two things:
//
//	au dessus de {=armor.cap 20} points d’armure physique
//	si on ne vous soigne pas [dans l’heure]{=life.wounded-to-dying 60min}
//
// The first form shows the value as written; the second shows the words in
// brackets. The value is a whole number (20, +2, -1), a duration (60min,
// 1h), a die (1d12), a multiplier (2x) or, for a value that names one of a
// list (the element fire dominates), its name (vine): engine.ParseValueOf
// reads it. The
// reader sees the words only; the page marks them up as a <data> element
// naming the rule, with an ID (ValueID) that the values page links to.

// KindRuleValue is the NodeKind of RuleValue.
var KindRuleValue = ast.NewNodeKind("RuleValue")

// RuleValue is a declared rule value. Its one child is the text the reader
// sees (the words, or the value as written), so that typography, plain text
// and search treat it as the sentence it sits in.
type RuleValue struct {
	ast.BaseInline
	Key     string
	Literal string // the value as written: "60min"
	// Nth counts the declarations of Key in the document, from 1: the
	// element's ID is "value-<key>" for the first, "value-<key>-<n>"
	// after, so that the values page links every place that states it.
	Nth int
}

// Kind implements ast.Node.
func (n *RuleValue) Kind() ast.NodeKind { return KindRuleValue }

// Dump implements ast.Node.
func (n *RuleValue) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Key": n.Key, "Literal": n.Literal}, nil)
}

// ValueRef is a rule value as parsing records it, for the checks.
type ValueRef struct {
	Key     string
	Literal string
	Kind    engine.Kind
	N       int
	Words   string // the words shown, as written ("" when the value shows itself)
	Pos     int    // byte offset in the source, for file:line messages
	ID      string // the element's ID in the page
	// Bad, when not empty, says what is wrong with a declaration that
	// could not be read; the text then shows it as written.
	Bad string
}

var (
	valueKey = parser.NewContextKey()
	// valueRe matches a declaration after its "{=": the key, a space and
	// the value.
	keyPattern = `[a-z][a-z0-9-]*(?:\.[a-z0-9-]+)+`
	valueRe    = regexp.MustCompile(`^\{=(` + keyPattern + `) ([^\s{}]+)\}`)
	// wordsRe matches "[words]" just before a declaration.
	wordsRe = regexp.MustCompile(`^\[([^\[\]\n]+)\]\{=`)
	// badRe takes what looks like a declaration up to its "}" (or the
	// line's end), for the message about it.
	badRe = regexp.MustCompile(`^\{=[^}\n]*\}?`)
)

// RuleValues returns the rule values that parsing with pc recorded, in
// order, the unreadable ones with Bad set.
func RuleValues(pc parser.Context) []ValueRef {
	v, _ := pc.Get(valueKey).([]ValueRef)
	return v
}

type ruleValueParser struct{}

// Trigger implements parser.InlineParser.
func (ruleValueParser) Trigger() []byte { return []byte{'{', '['} }

// Parse reads "{=key value}" or "[words]{=key value}" at the reader's
// position. Anything else starting with "[" is left to the link parser;
// anything starting with "{=" that is not a declaration is recorded as bad
// and left as text.
func (ruleValueParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, seg := block.PeekLine()
	pos := seg.Start
	words := text.Segment{}
	decl := line
	if line[0] == '[' {
		m := wordsRe.FindSubmatchIndex(line)
		if m == nil {
			return nil
		}
		words = text.NewSegment(seg.Start+m[2], seg.Start+m[3])
		decl = line[m[3]+1:]
	} else if len(line) < 2 || line[1] != '=' {
		return nil
	}
	m := valueRe.FindSubmatch(decl)
	refs, _ := pc.Get(valueKey).([]ValueRef)
	if m == nil {
		raw := badRe.Find(decl)
		refs = append(refs, ValueRef{Pos: pos, Bad: "rule value “" + string(raw) + "” cannot be read: write {=key value} or [words]{=key value}, the key in lower case with a dot (armor.cap), the value a number (20), a duration (60min), a die (1d12), a multiplier (2x) or a name (vine)"})
		pc.Set(valueKey, refs)
		return nil
	}
	key, lit := string(m[1]), string(m[2])
	ref := ValueRef{Key: key, Literal: lit, Pos: pos}
	kind, n, err := engine.ParseValueOf(key, lit)
	if err != nil {
		ref.Bad = "rule value “" + key + "”: " + err.En
		refs = append(refs, ref)
		pc.Set(valueKey, refs)
		return nil
	}
	ref.Kind, ref.N = kind, n
	node := &RuleValue{Key: key, Literal: lit, Nth: 1}
	for _, r := range refs {
		if r.Key == key && r.Bad == "" {
			node.Nth++
		}
	}
	ref.ID = ValueID(key, node.Nth)
	end := len(line) - len(decl) + len(m[0])
	if words.Len() == 0 {
		// The value shows itself: its text is the literal, after "{=key ".
		words = text.NewSegment(seg.Start+3+len(key), seg.Start+3+len(key)+len(lit))
	} else {
		ref.Words = string(words.Value(block.Source()))
	}
	refs = append(refs, ref)
	pc.Set(valueKey, refs)
	node.AppendChild(node, ast.NewTextSegment(words))
	block.Advance(end)
	return node
}

var (
	declaredWords = regexp.MustCompile(`\[([^\[\]\n]+)\]\{=` + keyPattern + ` [^\s{}]+\}`)
	declaredValue = regexp.MustCompile(`\{=` + keyPattern + ` ([^\s{}]+)\}`)
)

// StripValues returns Markdown with its rule values' markup taken out,
// leaving what the reader sees: declaring a number that a sentence already
// stated does not change the sentence (a translation checked against it
// stays checked), changing the number does.
func StripValues(src string) string {
	if !strings.Contains(src, "{=") {
		return src
	}
	return declaredValue.ReplaceAllString(declaredWords.ReplaceAllString(src, "$1"), "$1")
}

// ValueID returns the element ID of the nth declaration of key in a
// document.
func ValueID(key string, nth int) string {
	if nth <= 1 {
		return "value-" + key
	}
	return "value-" + key + "-" + strconv.Itoa(nth)
}

type ruleValueRenderer struct{}

func (ruleValueRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindRuleValue, renderRuleValue)
}

// renderRuleValue writes the value as a <data> element: machine-readable
// (its value and rule), inline in any sentence or table cell, and styled
// like the text around it.
func renderRuleValue(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*RuleValue)
	if entering {
		_, _ = w.WriteString(`<data class="rule-value" value="` + html.EscapeString(n.Literal) + `" data-rule="` + html.EscapeString(n.Key) + `"`)
		_, _ = w.WriteString(` id="` + html.EscapeString(ValueID(n.Key, n.Nth)) + `"`)
		_, _ = w.WriteString(`>`)
	} else {
		_, _ = w.WriteString(`</data>`)
	}
	return ast.WalkContinue, nil
}

type ruleValues struct{}

// RuleValueExtension declares the rules' values inline (see RuleValue).
var RuleValueExtension goldmark.Extender = ruleValues{}

// Extend implements goldmark.Extender.
func (ruleValues) Extend(m goldmark.Markdown) {
	// Before the link parser (200): "[words]{=…}" is not a link.
	m.Parser().AddOptions(parser.WithInlineParsers(util.Prioritized(ruleValueParser{}, 150)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(ruleValueRenderer{}, 200)))
}
