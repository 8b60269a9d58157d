package markdown

import (
	"github.com/alecthomas/chroma/v2"
)

// DiceLexer is a chroma lexer for the dice formulas that the rules state:
// "1D12 - magie/2", "1d6+2", "DD 15 + niveau du sort", "10 + dé max +
// nombre de dés". It recognises the NdS terms of the engine's dice grammar
// (N optional, d or D, d% for d100), whole numbers, the operators the rules
// use (+ - − × * / and comparisons), parentheses, and words, so that a formula
// mixing dice and named quantities reads at a glance.
var DiceLexer = chroma.MustNewLexer(
	&chroma.Config{
		Name:      "Dice",
		Aliases:   []string{"dice", "dés"},
		MimeTypes: []string{"text/x-dice"},
	},
	func() chroma.Rules {
		return chroma.Rules{
			"root": {
				{Pattern: `\s+`, Type: chroma.TextWhitespace},
				// A dice term: "2d6", "d%", "1D12". Word boundaries keep "dé" or
				// "dd" in a word from being read as dice.
				{Pattern: `\b\d{0,3}[dD](?:\d+\b|%)`, Type: chroma.NameBuiltin},
				{Pattern: `\d+(?:[.,]\d+)?`, Type: chroma.LiteralNumberInteger},
				// The checks' target numbers: "DD", "DC", "CA", "AC".
				{Pattern: `\b(?:DD|DC|CA|AC)\b`, Type: chroma.Keyword},
				{Pattern: `[+\-−×*/÷=<>≤≥]`, Type: chroma.Operator},
				{Pattern: `[()\[\]⌊⌋,]`, Type: chroma.Punctuation},
				{Pattern: `[\p{L}][\p{L}'’_-]*`, Type: chroma.Name},
				{Pattern: `.`, Type: chroma.Text},
			},
		}
	},
)
