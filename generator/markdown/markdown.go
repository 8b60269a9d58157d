// Package markdown configures goldmark for the compendium: GFM tables,
// heading attributes, footnotes, French typography, asides, cross-references,
// anchors of rules inside sections, rule values, glossary terms, dice formulas and calculator blocks. Each feature lives in its own file
// with its node, parser, renderer and Extend, in the manner of goldmark's own
// extensions.
package markdown

import (
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer/html"
)

// Config holds the options of New.
type Config struct {
	Lang        string
	LinkLabel   string
	AnchorLabel string
	Alt         *AltLink
	extensions  []goldmark.Extender
}

// Option configures New.
type Option func(*Config)

// WithLanguage sets the language of the text, which chooses its
// typography (TypographyOf).
func WithLanguage(lang string) Option { return func(c *Config) { c.Lang = lang } }

// WithLinkLabel sets the accessible name of the headings' link control.
func WithLinkLabel(label string) Option { return func(c *Config) { c.LinkLabel = label } }

// WithAnchorLabel sets the accessible name of an anchored rule's link
// control.
func WithAnchorLabel(label string) Option { return func(c *Config) { c.AnchorLabel = label } }

// WithExtensions adds goldmark extensions, such as the calculator blocks.
func WithExtensions(e ...goldmark.Extender) Option {
	return func(c *Config) { c.extensions = append(c.extensions, e...) }
}

// New returns the goldmark converter for one language of the compendium.
func New(opts ...Option) goldmark.Markdown {
	c := Config{LinkLabel: "Lien vers cette section", AnchorLabel: "Lien vers cette règle"}
	for _, o := range opts {
		o(&c)
	}
	exts := []goldmark.Extender{
		extension.Table,
		FocusableTables,
		extension.Strikethrough,
		extension.Linkify,
		extension.Footnote,
		AsideExtension,
		CrossReferences,
		Highlighting,
		Headings(c.LinkLabel, c.Alt),
		AnchorExtension(c.AnchorLabel),
		RuleValueExtension,
	}
	exts = append(exts, TypographyOf(c.Lang).Extension)
	exts = append(exts, c.extensions...)
	return goldmark.New(
		goldmark.WithExtensions(exts...),
		goldmark.WithParserOptions(parser.WithAttribute()),
		// Raw HTML stays escaped: content is Markdown only, and the pages'
		// Content-Security-Policy forbids the inline styles and scripts that
		// raw HTML would let in.
		goldmark.WithRendererOptions(html.WithXHTML()),
	)
}
