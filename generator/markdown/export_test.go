package markdown

// WithAltLink adds to every heading a link to the same section in another
// language: the converter's own, which a document's values replace
// (DocumentValues.Alt, the way the generator sets it).
func WithAltLink(a *AltLink) Option { return func(c *Config) { c.Alt = a } }
