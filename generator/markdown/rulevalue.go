package markdown

import (
	"html"
	"regexp"
	"sort"
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
	// Bad, when not empty, is the kind of what is wrong with a
	// declaration that could not be read, a kind of the message catalogue
	// (generator/site/messages.go) that Args fill; the text then shows it
	// as written.
	Bad  string
	Args []string
	// End is the byte offset just after the declaration, where the words
	// that follow a number (a noun, an ordinal's ending) start.
	End int
	// Expr, when not empty, makes the ref a statement rather than a
	// declaration: [words]{=expr} says that the words state the number
	// expr computes from the declared values ("[11]{=2*casting.max-apprenticeship+1}").
	// Key, Literal, Kind and N are then unset.
	Expr string
	// Formula marks a declaration written inside a ```dice block: it has
	// no element of its own in the page (ID is empty).
	Formula bool
}

var (
	valueKey = parser.NewContextKey()
	// valueRe matches a declaration after its "{=": the key, a space and
	// the value.
	keyPattern = `[a-z][a-z0-9-]*(?:\.[a-z0-9-]+)+`
	valueRe    = regexp.MustCompile(`^\{=(` + keyPattern + `) ([^\s{}]+)\}`)
	// wordsRe matches "[words]" just before a declaration.
	wordsRe = regexp.MustCompile(`^\[([^\[\]\n]+)\]\{=`)
	// exprRe matches a statement's expression after its "{=": keys,
	// whole numbers, + - * / and parentheses, ceil( and floor(, no space.
	exprRe = regexp.MustCompile(`^\{=([a-z0-9.+*/()-]+)\}`)
	// badRe takes what looks like a declaration up to its "}" (or the
	// line's end), for the message about it.
	badRe = regexp.MustCompile(`^\{=[^}\n]*\}?`)
)

// declWindow bounds how far past "{=" the parser looks: a declaration is a
// key and a short value, and a line of thousands of "{=" must cost each one
// a few bytes, not the rest of the line (docs/performance.md, "A pasted
// line of {=").
const declWindow = 256

// maxBad is how many unreadable declarations a document reports before it
// says that more follow: one pasted line of "{=" is one mistake.
const maxBad = 20

// excerpt returns b clipped to about 24 characters, for a message: a
// message quotes what it is about, never a whole pasted line.
func excerpt(b []byte) string {
	r := []rune(string(b))
	if len(r) > 24 {
		return string(r[:24]) + "…"
	}
	return string(r)
}

// engineArgs are the arguments of the catalogue's "value-engine": the
// key, and the engine's words in both languages.
func engineArgs(key string, err *engine.Error) []string {
	return []string{"key", key, "err", err.En, "err@fr", err.Fr}
}

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
	win := decl[:min(len(decl), declWindow)]
	m := valueRe.FindSubmatch(win)
	refs, _ := pc.Get(valueKey).([]ValueRef)
	if m == nil && words.Len() > 0 {
		if e := exprRe.FindSubmatch(win); e != nil {
			end := len(line) - len(decl) + len(e[0])
			refs = append(refs, ValueRef{Pos: pos, End: seg.Start + end, Expr: string(e[1]), Words: string(words.Value(block.Source()))})
			pc.Set(valueKey, refs)
			node := &RuleStatement{}
			node.AppendChild(node, ast.NewTextSegment(words))
			block.Advance(end)
			return node
		}
	}
	if m == nil {
		bad := 0
		for _, r := range refs {
			if r.Bad != "" {
				bad++
			}
		}
		switch {
		case bad < maxBad:
			raw := badRe.Find(win)
			refs = append(refs, ValueRef{Pos: pos, Bad: "value-unreadable", Args: []string{"text", excerpt(raw)}})
		case bad == maxBad:
			refs = append(refs, ValueRef{Pos: pos, Bad: "value-unreadable-more", Args: []string{"n", strconv.Itoa(maxBad)}})
		}
		pc.Set(valueKey, refs)
		return nil
	}
	key, lit := string(m[1]), string(m[2])
	ref := ValueRef{Key: key, Literal: lit, Pos: pos}
	kind, n, err := engine.ParseValueOf(key, lit)
	if err != nil {
		ref.Bad, ref.Args = "value-engine", append(engineArgs(key, err), "code", err.Code, "lit", lit)
		refs = append(refs, ref)
		pc.Set(valueKey, refs)
		return nil
	}
	ref.Kind, ref.N = kind, n
	node := &RuleValue{Key: key, Literal: lit, Nth: 1}
	for _, r := range refs {
		if r.Key == key && r.Bad == "" && !r.Formula {
			node.Nth++
		}
	}
	ref.ID = ValueID(key, node.Nth)
	end := len(line) - len(decl) + len(m[0])
	ref.End = seg.Start + end
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
	declaredWords = regexp.MustCompile(`\[([^\[\]\n]+)\]\{=(?:` + keyPattern + ` [^\s{}]+|[a-z0-9.+*/()-]+)\}`)
	declaredValue = regexp.MustCompile(`\{=` + keyPattern + ` ([^\s{}]+)\}`)
)

// StripValues returns Markdown with its rule values' markup taken out,
// leaving what the reader sees: declaring a number that a sentence already
// stated, or binding a figure to the values it is computed from
// ([11]{=2*casting.max-apprenticeship+1}), does not change the sentence (a
// translation checked against it stays checked); changing the number does.
func StripValues(src string) string {
	if !strings.Contains(src, "{=") {
		return src
	}
	return declaredValue.ReplaceAllString(declaredWords.ReplaceAllString(src, "$1"), "$1")
}

// KindRuleStatement is the NodeKind of RuleStatement.
var KindRuleStatement = ast.NewNodeKind("RuleStatement")

// RuleStatement is a figure the text states and computes from rule values,
// [words]{=expr}: the reader sees the words, as written; check holds them
// to the number expr gives. Its one child is the words.
type RuleStatement struct{ ast.BaseInline }

// Kind implements ast.Node.
func (n *RuleStatement) Kind() ast.NodeKind { return KindRuleStatement }

// Dump implements ast.Node.
func (n *RuleStatement) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

// formulaValues records the declarations written in ```dice blocks
// ("{=wounds.medicine-dc-base 10} + valeur maximale…"): a formula restates
// the number its paragraph declares, and declaring it there makes check
// hold the two together. The block shows the value as written
// (StripValues); the declarations join the others in source order.
type formulaValues struct{}

// Transform implements parser.ASTTransformer.
func (formulaValues) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	src := reader.Source()
	var found []ValueRef
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		fc, ok := n.(*ast.FencedCodeBlock)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		if lexerFor(string(fc.Language(src))) != DiceLexer {
			return ast.WalkSkipChildren, nil
		}
		for i := 0; i < fc.Lines().Len(); i++ {
			seg := fc.Lines().At(i)
			line := seg.Value(src)
			for _, m := range declaredValue.FindAllIndex(line, -1) {
				sub := valueRe.FindSubmatch(line[m[0]:m[1]])
				if sub == nil {
					continue
				}
				key, lit := string(sub[1]), string(sub[2])
				ref := ValueRef{Key: key, Literal: lit, Pos: seg.Start + m[0], End: seg.Start + m[1], Formula: true}
				kind, n, err := engine.ParseValueOf(key, lit)
				if err != nil {
					ref.Bad, ref.Args = "value-engine", engineArgs(key, err)
				}
				ref.Kind, ref.N = kind, n
				found = append(found, ref)
			}
		}
		return ast.WalkSkipChildren, nil
	})
	if len(found) == 0 {
		return
	}
	refs, _ := pc.Get(valueKey).([]ValueRef)
	refs = append(refs, found...)
	sort.SliceStable(refs, func(i, j int) bool { return refs[i].Pos < refs[j].Pos })
	pc.Set(valueKey, refs)
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
	reg.Register(KindRuleStatement, renderRuleStatement)
}

// renderRuleStatement writes nothing of its own: the reader sees the
// words, as in the sentence before they were bound.
func renderRuleStatement(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	return ast.WalkContinue, nil
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
	m.Parser().AddOptions(parser.WithInlineParsers(util.Prioritized(ruleValueParser{}, 150)),
		parser.WithASTTransformers(util.Prioritized(formulaValues{}, 900)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(ruleValueRenderer{}, 200)))
}
